//! How fast a search stops when the GUI says so, in every variant, through the real binary's
//! stdin and stdout as a GUI sees it: UCI `stop` during `go infinite`, XBoard `?` (move now)
//! and `force` during a timed search. The bar is 50 ms from the command to the answer.
//!
//! One test function, so no other test of this binary loads the cores while it measures. Each
//! figure is the median of three tries (the worst try is printed too): a single try can catch
//! the operating system scheduling something else.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

const BAR: Duration = Duration::from_millis(50);
const TRIES: usize = 3;
/// How long the search runs before it is interrupted: long enough to be deep in the tree.
const THINK: Duration = Duration::from_millis(150);

struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<(Instant, String)>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        // Lines are stamped as they arrive, so the wait below does not count the test's own
        // bookkeeping.
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    /// Sends a line and returns when it was sent.
    fn send(&mut self, line: &str) -> Instant {
        writeln!(self.input, "{line}").expect("the engine reads its input");
        self.input.flush().unwrap();
        Instant::now()
    }

    /// The first line starting with `prefix` and when it arrived; fails after 20 s.
    fn wait_for(&mut self, prefix: &str) -> (Instant, String) {
        self.wait_until(prefix, |line| line.starts_with(prefix))
    }

    /// The first line that `wanted` accepts and when it arrived; fails after 20 s.
    fn wait_until(&mut self, what: &str, wanted: impl Fn(&str) -> bool) -> (Instant, String) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok((at, line)) if wanted(&line) => return (at, line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => panic!("no {what:?} within 20 s"),
                Err(RecvTimeoutError::Disconnected) => panic!("the engine closed its output"),
            }
        }
    }

    /// Whatever the engine has printed so far is dropped.
    fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// The variant names in a protocol's list: UCI's `var` words or XBoard's `variants="..."`.
fn uci_variants(combo: &str) -> Vec<String> {
    combo
        .split(" var ")
        .skip(1)
        .map(|v| v.trim().to_string())
        .collect()
}

fn xboard_variants(features: &str) -> Vec<String> {
    let list = features
        .split("variants=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or("");
    list.split(',').map(|v| v.trim().to_string()).collect()
}

fn median(mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort();
    (times[times.len() / 2], *times.last().unwrap())
}

/// UCI: `go infinite`, then `stop`; the time until `bestmove`.
fn uci_stop(engine: &mut Engine, variant: &str) -> Duration {
    engine.send(&format!("setoption name UCI_Variant value {variant}"));
    engine.send("ucinewgame");
    engine.send("position startpos");
    engine.send("isready");
    engine.wait_for("readyok");
    engine.send("go infinite");
    std::thread::sleep(THINK);
    engine.drain();
    let sent = engine.send("stop");
    let (at, _) = engine.wait_for("bestmove");
    at - sent
}

/// XBoard: a search on a long clock, then `?`; the time until `move`.
fn xboard_move_now(engine: &mut Engine, variant: &str) -> Duration {
    engine.send("new");
    engine.send(&format!("variant {variant}"));
    engine.send("level 0 10 0");
    engine.send("ping 1");
    engine.wait_for("pong 1");
    engine.send("go");
    std::thread::sleep(THINK);
    engine.drain();
    let sent = engine.send("?");
    let (at, _) = engine.wait_for("move ");
    at - sent
}

/// XBoard: a search on a long clock, then `force`; the time until the `pong` of a `ping`
/// sent right after it (the engine answers `ping` only once it has left the search).
fn xboard_force(engine: &mut Engine, variant: &str) -> Duration {
    engine.send("new");
    engine.send(&format!("variant {variant}"));
    engine.send("level 0 10 0");
    engine.send("ping 2");
    engine.wait_for("pong 2");
    engine.send("go");
    std::thread::sleep(THINK);
    engine.drain();
    let sent = engine.send("force");
    engine.send("ping 3");
    let (at, _) = engine.wait_for("pong 3");
    at - sent
}

#[test]
fn every_variant_stops_within_50_ms() {
    let mut failures = Vec::new();
    let mut report = String::new();

    let mut uci = Engine::start();
    uci.send("uci");
    let (_, combo) = uci.wait_for("option name UCI_Variant");
    uci.wait_for("uciok");
    let variants = uci_variants(&combo);
    assert!(variants.len() >= 20, "UCI lists {variants:?}");
    for v in &variants {
        let (mid, worst) = median((0..TRIES).map(|_| uci_stop(&mut uci, v)).collect());
        report.push_str(&format!(
            "uci stop  {v:<24} median {mid:>9.2?} worst {worst:>9.2?}\n"
        ));
        if mid > BAR {
            failures.push(format!("UCI stop in {v}: {mid:?}"));
        }
    }
    drop(uci);

    let mut xb = Engine::start();
    xb.send("xboard");
    xb.send("protover 2");
    let (_, features) = xb.wait_until("variants=", |l| l.contains(" variants=\""));
    xb.wait_for("feature done=1");
    let variants = xboard_variants(&features);
    assert!(variants.len() >= 10, "XBoard lists {variants:?}");
    for v in &variants {
        let (mid, worst) = median((0..TRIES).map(|_| xboard_move_now(&mut xb, v)).collect());
        report.push_str(&format!(
            "xboard ?  {v:<24} median {mid:>9.2?} worst {worst:>9.2?}\n"
        ));
        if mid > BAR {
            failures.push(format!("XBoard ? in {v}: {mid:?}"));
        }
        let (mid, worst) = median((0..TRIES).map(|_| xboard_force(&mut xb, v)).collect());
        report.push_str(&format!(
            "xboard force {v:<21} median {mid:>9.2?} worst {worst:>9.2?}\n"
        ));
        if mid > BAR {
            failures.push(format!("XBoard force in {v}: {mid:?}"));
        }
    }
    eprintln!("{report}");
    assert!(failures.is_empty(), "{failures:#?}\n{report}");
}
