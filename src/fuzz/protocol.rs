//! The two protocol loops under fuzz, driven in-process line by line as a GUI would drive
//! them: valid commands of every variant, mutated. Properties:
//!
//! - the loop never panics and keeps answering (`isready` / `ping` after every line);
//! - a line the engine rejects (UCI `info string error`, XBoard `Error`, `Illegal move`,
//!   `tellusererror`) leaves the position unchanged, as `d` draws it.
//!
//! Searches the fuzz starts are stopped after every line (`stop` in UCI; `force` in XBoard,
//! which also keeps the engine from moving on its own between the two drawings). `quit` is not
//! sent (it ends the loop by design), `go perft` deeper than 1 is not sent (it runs to the end
//! by design: seconds at depth 2 in Ecila-27, hours at depth 8 in most variants), nor hash sizes above 64 MB (each search
//! would zero gigabytes).

use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::core::random::SplitMix64 as Rng;
use crate::protocol::{self, Event, Output};

use super::mutate::mutate;
use super::parsers::{VariantCorpus, Verdict};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Uci,
    XBoard,
}

/// One engine loop on a thread, fed through its event channel, answering into a buffer.
pub struct Loop {
    dialect: Dialect,
    tx: Sender<Event>,
    buffer: Arc<Mutex<Vec<u8>>>,
    read: usize,
    engine: Option<JoinHandle<()>>,
    pings: u64,
    /// XBoard's variant names (they differ from ours: `normal`).
    xboard_variants: Vec<String>,
    /// Lines sent since the last sync, and the `isready` lines among them.
    unsynced: usize,
    isready_sent: usize,
}

/// Lines sent between two syncs when the position is not checked.
const BATCH: usize = 64;

impl Loop {
    pub fn start(dialect: Dialect) -> Result<Loop, String> {
        let (tx, rx) = channel();
        let (out, buffer) = Output::buffer();
        let sender = tx.clone();
        let engine = std::thread::spawn(move || protocol::run(rx, sender, out));
        let mut l = Loop {
            dialect,
            tx,
            buffer,
            read: 0,
            engine: Some(engine),
            pings: 0,
            xboard_variants: Vec::new(),
            unsynced: 0,
            isready_sent: 0,
        };
        match dialect {
            Dialect::Uci => {
                l.send("uci")?;
                l.wait(|out| out.lines().any(|x| x == "uciok"))?;
            }
            Dialect::XBoard => {
                l.send("xboard")?;
                l.send("protover 2")?;
                let out = l.wait(|out| out.lines().any(|x| x == "feature done=1"))?;
                let list = out
                    .split("variants=\"")
                    .nth(1)
                    .and_then(|rest| rest.split('"').next())
                    .unwrap_or("normal");
                l.xboard_variants = list.split(',').map(str::to_string).collect();
                l.send("force")?;
            }
        }
        Ok(l)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        self.tx
            .send(Event::Line(line.to_string()))
            .map_err(|_| "the protocol loop has ended".to_string())
    }

    /// Waits until the output since the last wait satisfies `done`, and returns that output.
    fn wait(&mut self, done: impl Fn(&str) -> bool) -> Result<String, String> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            {
                let mut buffer = self.buffer.lock().unwrap_or_else(|e| e.into_inner());
                let new = String::from_utf8_lossy(&buffer[self.read..]).into_owned();
                if done(&new) {
                    // The buffer is emptied at each answer, so a long run keeps no history.
                    buffer.clear();
                    self.read = 0;
                    return Ok(new);
                }
            }
            if self.engine.as_ref().is_some_and(|e| e.is_finished()) {
                let end = self.engine.take().map(|e| e.join());
                return Err(match end {
                    Some(Err(_)) => "the protocol loop panicked".to_string(),
                    _ => "the protocol loop ended".to_string(),
                });
            }
            if Instant::now() > deadline {
                return Err("no answer within 30 s".to_string());
            }
            std::thread::sleep(Duration::from_micros(50));
        }
    }

    /// Stops whatever the line started and waits until everything before is answered;
    /// returns the output since the last sync.
    fn sync(&mut self, readyoks_expected: usize) -> Result<String, String> {
        match self.dialect {
            Dialect::Uci => {
                self.send("stop")?;
                self.send("isready")?;
                self.wait(|out| {
                    out.lines().filter(|l| *l == "readyok").count() >= readyoks_expected
                })
            }
            Dialect::XBoard => {
                self.pings += 1;
                let pong = format!("pong {}", 1_000_000 + self.pings);
                self.send("force")?;
                self.send("exit")?;
                self.send(&format!("ping {}", 1_000_000 + self.pings))?;
                self.wait(|out| out.lines().any(|l| l == pong))
            }
        }
    }

    /// The position as `d` writes it (its `Fen:` line, or the whole drawing).
    fn position(&mut self) -> Result<String, String> {
        self.send("d")?;
        let out = self.sync(1)?;
        Ok(out
            .lines()
            .find(|l| l.contains("Fen:"))
            .map(str::to_string)
            .unwrap_or(out))
    }

    /// One fuzz execution: a line built from `corpus`, sent, with the properties checked.
    /// `Ok(true)` when the engine accepted the line. With `check` false the line is only sent
    /// (lines are then checked for liveness in batches, for speed in the long runs).
    pub fn exec(&mut self, rng: &mut Rng, corpus: &[VariantCorpus], check: bool) -> Verdict {
        let line = self.line(rng, corpus);
        log::trace!("fuzz line: {line}");
        let started = Instant::now();
        let verdict = self.exec_line(&line, check);
        log::debug!("{:?} for '{line}'", started.elapsed());
        verdict.map_err(|e| format!("{e} (line '{line}')"))
    }

    fn exec_line(&mut self, line: &str, check: bool) -> Verdict {
        let line = line.to_string();
        let first = line.split_whitespace().next().unwrap_or("");
        let isready = usize::from(self.dialect == Dialect::Uci && first == "isready");
        if !check {
            self.send(&line)?;
            self.unsynced += 1;
            self.isready_sent += isready;
            if self.unsynced >= BATCH {
                self.sync(1 + self.isready_sent)
                    .map_err(|e| format!("{e} in a batch ending with '{line}'"))?;
                self.unsynced = 0;
                self.isready_sent = 0;
            }
            return Ok(true);
        }
        if self.unsynced > 0 {
            self.sync(1 + self.isready_sent)?;
            self.unsynced = 0;
            self.isready_sent = 0;
        }
        let before = self.position()?;
        self.send(&line)?;
        let out = self
            .sync(1 + isready)
            .map_err(|e| format!("{e} after '{line}'"))?;
        let rejected = out.lines().any(|l| {
            l.starts_with("info string error")
                || l.starts_with("Error")
                || l.starts_with("Illegal move")
                || l.starts_with("tellusererror")
        });
        if rejected {
            let after = self.position()?;
            if after != before {
                return Err(format!(
                    "rejected line '{line}' changed the position: {before} -> {after}"
                ));
            }
        }
        Ok(!rejected)
    }

    /// A command line: valid for some variant, mutated three times in four.
    fn line(&mut self, rng: &mut Rng, corpus: &[VariantCorpus]) -> String {
        let c = &corpus[rng.below(corpus.len())];
        let position = &c.positions[rng.below(c.positions.len())];
        let opening = c.openings.get(rng.below(c.openings.len().max(1)));
        let moves = opening.map(|o| o.join(" ")).unwrap_or_default();
        let first_move = opening.and_then(|o| o.first()).cloned().unwrap_or_default();
        let valid: Vec<String> = match self.dialect {
            Dialect::Uci => vec![
                format!("setoption name UCI_Variant value {}", c.name),
                format!("position fen {position}"),
                format!("position startpos moves {moves}"),
                format!("position fen {position} moves {first_move}"),
                "go depth 3".into(),
                "go nodes 300".into(),
                "go movetime 5".into(),
                "go wtime 100 btime 100 winc 1 binc 1 movestogo 3".into(),
                "go infinite".into(),
                "go ponder wtime 50 btime 50".into(),
                "go perft 1".into(),
                "go mate 2".into(),
                "go searchmoves e2e4 depth 2".into(),
                "ponderhit".into(),
                "ucinewgame".into(),
                "setoption name Hash value 8".into(),
                "setoption name MultiPV value 2".into(),
                "setoption name Threads value 2".into(),
                "setoption name Clear Hash".into(),
                "setoption name PatriciaPawnFlips value true".into(),
                "debug on".into(),
                "register later".into(),
                "d".into(),
            ],
            Dialect::XBoard => {
                let xb = &self.xboard_variants[rng.below(self.xboard_variants.len())];
                vec![
                    "new".into(),
                    format!("variant {xb}"),
                    format!("setboard {position}"),
                    first_move.clone(),
                    format!("usermove {first_move}"),
                    "level 40 5 0".into(),
                    "level 0 0:30 1".into(),
                    "st 1".into(),
                    "sd 3".into(),
                    "time 1000".into(),
                    "otim 1000".into(),
                    "go".into(),
                    "?".into(),
                    "undo".into(),
                    "remove".into(),
                    "analyze".into(),
                    "post".into(),
                    "nopost".into(),
                    "hard".into(),
                    "easy".into(),
                    "random".into(),
                    "computer".into(),
                    "name Someone".into(),
                    "result 1-0 {White mates}".into(),
                    "draw".into(),
                    "option MultiPV=2".into(),
                    "memory 16".into(),
                    "cores 1".into(),
                    "playother".into(),
                    "white".into(),
                    "black".into(),
                    format!("exclude {first_move}"),
                    "include all".into(),
                    "hint".into(),
                    "bk".into(),
                    ".".into(),
                    "accepted setboard".into(),
                    "d".into(),
                ]
            }
        };
        let seed = &valid[rng.below(valid.len())];
        let words = [
            "go",
            "position",
            "fen",
            "startpos",
            "moves",
            "setoption",
            "name",
            "value",
            "depth",
            "nodes",
            "wtime",
            "perft",
            "new",
            "variant",
            "usermove",
            "level",
            "st",
            "sd",
            "time",
            "force",
            "undo",
            "setboard",
        ];
        let line = if rng.below(4) == 0 {
            seed.clone()
        } else {
            mutate(rng, seed, &words)
        };
        if allowed(&line) { line } else { seed.clone() }
    }
}

/// Lines the fuzz does not send (module comment): `quit`, deep perft, big hash sizes, and
/// lines with a line break (the reader splits those before the loop sees them).
fn allowed(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    // A word that holds digits but is no u64 (`-1`, `1e9`, 30 digits) counts as above.
    let number_above = |limit: u64| {
        words.iter().any(|w| {
            w.parse::<u64>()
                .map_or_else(|_| w.chars().any(|c| c.is_ascii_digit()), |n| n > limit)
        })
    };
    if line.contains(['\n', '\r']) || words.first() == Some(&"quit") {
        return false;
    }
    if line.contains("perft") && number_above(1) {
        return false;
    }
    if (line.contains("Hash") || line.contains("memory")) && number_above(64) {
        return false;
    }
    if (line.contains("Threads") || line.contains("cores")) && number_above(2) {
        return false;
    }
    true
}

impl Drop for Loop {
    fn drop(&mut self) {
        let _ = self.tx.send(Event::Line("stop".into()));
        let _ = self.tx.send(Event::Eof);
        if let Some(engine) = self.engine.take() {
            let _ = engine.join();
        }
    }
}
