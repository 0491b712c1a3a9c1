//! The protocol front-ends driven in-process, line by line: handshakes, short games and bad
//! input in both protocols, with insta snapshots of the transcripts. Volatile numbers (time,
//! nodes per second) are masked; everything else must match exactly.

mod common;

use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use menagerie::protocol::{self, Event, Output};

struct Driver {
    tx: Sender<Event>,
    buffer: Arc<Mutex<Vec<u8>>>,
    engine: Option<JoinHandle<()>>,
    transcript: String,
    read: usize,
}

impl Driver {
    fn start() -> Driver {
        let (tx, rx) = channel();
        let (out, buffer) = Output::buffer();
        let sender = tx.clone();
        let engine = std::thread::spawn(move || protocol::run(rx, sender, out));
        Driver {
            tx,
            buffer,
            engine: Some(engine),
            transcript: String::new(),
            read: 0,
        }
    }

    /// A driver past the UCI handshake (`uci` ... `uciok`, kept in the transcript).
    fn uci() -> Driver {
        let mut d = Driver::start();
        d.send("uci");
        d.wait_for("uciok");
        d
    }

    /// A driver past the XBoard handshake (`xboard`, `protover 2` ... `feature done=1`).
    fn xboard() -> Driver {
        let mut d = Driver::start();
        d.send("xboard");
        d.send("protover 2");
        d.wait_for("feature done=1");
        d
    }

    fn output(&self) -> String {
        String::from_utf8_lossy(&self.buffer.lock().unwrap()).into_owned()
    }

    /// Sends a line and records, in the transcript, the output it produced.
    fn send(&mut self, line: &str) {
        self.tx.send(Event::Line(line.to_string())).unwrap();
        self.transcript.push_str(&format!("<< {}\n", clip(line)));
    }

    /// Waits until some output line starts with `prefix`.
    fn wait_for(&mut self, prefix: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            let out = self.output();
            if out[self.read..].lines().any(|l| l.starts_with(prefix)) {
                self.collect();
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!(
            "no line starting with {prefix:?}; output:\n{}",
            self.output()
        );
    }

    /// Sends a ping-like marker command and waits for its answer, so all earlier output
    /// is in. `marker` is (command, expected prefix).
    fn sync(&mut self, command: &str, answer: &str) {
        self.send(command);
        self.wait_for(answer);
    }

    fn collect(&mut self) {
        let out = self.output();
        for line in out[self.read..].lines() {
            self.transcript.push_str(&format!(">> {}\n", mask(line)));
        }
        self.read = out.len();
    }

    /// Ends the input and returns the transcript.
    fn finish(mut self) -> String {
        self.tx.send(Event::Eof).unwrap();
        if let Some(engine) = self.engine.take() {
            engine.join().expect("engine thread ends without panic");
        }
        self.collect();
        self.transcript
    }
}

fn clip(line: &str) -> String {
    if line.len() > 100 {
        format!("{}... ({} bytes)", &line[..60], line.len())
    } else {
        line.to_string()
    }
}

/// Masks what differs from run to run: times and speeds.
fn mask(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    if words.first() == Some(&"info") {
        let mut out = Vec::new();
        let mut i = 0;
        while i < words.len() {
            out.push(words[i].to_string());
            if matches!(words[i], "time" | "nps") && i + 1 < words.len() {
                out.push("*".into());
                i += 1;
            }
            i += 1;
        }
        return out.join(" ");
    }
    // XBoard thinking output: ply score time nodes pv.
    if words.len() >= 4 && words[..4].iter().all(|w| w.parse::<i64>().is_ok()) {
        let mut w: Vec<String> = words.iter().map(|s| s.to_string()).collect();
        w[2] = "*".into();
        return w.join(" ");
    }
    line.to_string()
}

#[test]
fn uci_handshake() {
    let mut d = Driver::uci();
    d.sync("isready", "readyok");
    snap!("uci_handshake", d.finish());
}

#[test]
fn xboard_handshake_and_variant_setup() {
    let mut d = Driver::xboard();
    d.send("accepted ping");
    d.send("new");
    d.send("variant wildebeest");
    d.sync("ping 1", "pong 1");
    d.send("variant almost-wildebeest");
    d.sync("ping 2", "pong 2");
    d.send("variant normal");
    d.sync("ping 3", "pong 3");
    snap!("xboard_handshake", d.finish());
}

#[test]
fn uci_short_game() {
    let mut d = Driver::uci();
    d.send("setoption name UCI_Variant value wildebeest");
    d.sync("isready", "readyok");
    d.send("ucinewgame");
    d.send("position startpos moves e2e5 e9e6");
    d.send("go depth 3");
    d.wait_for("bestmove");
    d.send("position startpos moves e2e5 e9e6 f1k1");
    d.send("go perft 1");
    d.wait_for("Nodes searched");
    d.send("position fen k10/11/1K9/11/11/11/11/11/11/2Q8 w - - 0 1");
    d.send("go depth 3");
    d.wait_for("bestmove");
    d.send("setoption name UCI_Variant value chess");
    d.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a8");
    d.send("go depth 2");
    d.wait_for("bestmove");
    d.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    d.send("go wtime 1000 btime 1000");
    d.wait_for("bestmove");
    snap!("uci_short_game", d.finish());
}

#[test]
fn uci_bad_input_is_reported_and_changes_nothing() {
    let mut d = Driver::uci();
    d.send("position startpos moves e2e4");
    let bad = [
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position startpos moves e2e4 e7e5 e1e3",
        "position startpos moves e2e4 k10k9",
        "position",
        "position somewhere",
        "setoption name Hash value 99999999",
        "setoption name Hash value -1",
        "setoption name Threads value many",
        "setoption name Contempt value 5000",
        "setoption name Contempt value -x",
        "setoption name Contempt value -9223372036854775808",
        "setoption name Frobnicate value 3",
        "setoption name UCI_Variant value shogi",
        "setoption name UCI_Variant value nosuchgame",
        "setoption",
        "go depth",
        "go depth x",
        "go perft 300",
        "go sideways",
        "frobnicate",
        "",
        "   ",
        &"x".repeat(100_000),
    ];
    for line in bad {
        d.send(line);
    }
    d.send("d");
    d.sync("isready", "readyok");
    d.send("go depth 2 searchmoves e7e5 zz99");
    d.wait_for("bestmove");
    snap!("uci_bad_input", d.finish());
}

/// The contempt option reaches the search in both protocols: every quiet move reaches the
/// move limit, and the draw scores minus the contempt (one the engine is told to seek, +50,
/// above trading rooks into bare kings).
#[test]
fn contempt_option_scores_draws_in_both_protocols() {
    let one_from_the_limit = "8/8/4k3/3r4/3R4/8/8/K7 w - - 99 80";
    let mut d = Driver::uci();
    d.send("setoption name Contempt value -50");
    d.send(&format!("position fen {one_from_the_limit}"));
    d.send("go depth 2");
    d.wait_for("bestmove");
    let uci = d.finish();
    assert!(uci.contains("info depth 2 seldepth"), "{uci}");
    assert!(uci.contains(" score cp 50 "), "{uci}");

    let mut d = Driver::xboard();
    d.send("option Contempt=-50");
    d.send("post");
    d.send(&format!("setboard {one_from_the_limit}"));
    d.send("sd 2");
    d.send("go");
    d.wait_for("move ");
    let xboard = d.finish();
    assert!(!xboard.contains("Error"), "{xboard}");
    assert!(
        xboard.lines().any(|l| l.starts_with(">> 2 50 ")),
        "{xboard}"
    );
}

#[test]
fn uci_stop_ponder_and_infinite() {
    let mut d = Driver::uci();
    d.send("position startpos");
    d.send("go infinite");
    d.send("isready");
    d.wait_for("readyok");
    d.send("stop");
    d.wait_for("bestmove");
    d.send("go ponder wtime 500 btime 500");
    d.send("ponderhit");
    d.wait_for("bestmove");
    d.send("go movetime 50");
    d.wait_for("bestmove");
    d.send("go nodes 2000");
    d.wait_for("bestmove");
    d.send("go mate 1");
    d.send("quit");
    let t = d.finish();
    assert_eq!(t.matches(">> bestmove").count(), 5, "{t}");
}

#[test]
fn xboard_short_game_and_takebacks() {
    let mut d = Driver::xboard();
    d.send("new");
    d.send("variant wildebeest");
    d.send("sd 2");
    d.send("post");
    d.send("force");
    d.send("usermove e1e3");
    d.send("go");
    d.wait_for("move ");
    d.sync("ping 1", "pong 1");
    d.send("undo");
    d.send("undo");
    d.send("undo");
    d.send("setboard k10/11/1K9/11/11/11/11/11/11/2Q8 w - - 0 1");
    d.send("go");
    d.wait_for("1-0");
    d.sync("ping 2", "pong 2");
    d.send("new");
    d.send("force");
    d.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1");
    d.send("usermove g8h8");
    d.send("usermove a1a8");
    d.sync("ping 3", "pong 3");
    snap!("xboard_short_game", d.finish());
}

#[test]
fn xboard_bad_input_is_reported_and_changes_nothing() {
    let mut d = Driver::xboard();
    d.send("new");
    d.send("force");
    d.send("usermove e2e4");
    for line in [
        "usermove e2e5",
        "usermove",
        "e7e9",
        "variant nosuchgame",
        "variant party",
        "level x y z",
        "level 40 5",
        "st -3",
        "sd zero",
        "time soon",
        "memory lots",
        "option Frobnicate=1",
        "option MultiPV=0",
        "option Contempt=-5000",
        "option Contempt=-9223372036854775808",
        "frobnicate",
        "edit",
        &"y".repeat(70_000),
    ] {
        d.send(line);
    }
    d.sync("ping 1", "pong 1");
    d.send("setboard 8/8/8/8/8/8/8/8 w - - 0 1");
    d.send("usermove e7e5");
    d.send("go");
    d.send("new");
    d.send("undo");
    d.send("d");
    d.sync("ping 2", "pong 2");
    snap!("xboard_bad_input", d.finish());
}

#[test]
fn xboard_analyze_and_exclude() {
    let mut d = Driver::xboard();
    d.send("new");
    d.send("force");
    d.send("exclude e2e4");
    d.send("analyze");
    d.send(".");
    d.wait_for("stat01:");
    d.send("usermove d2d4");
    d.send("exit");
    d.sync("ping 1", "pong 1");
    d.send("lift e7");
    d.wait_for("highlight");
    d.send("setboard 8/P6k/8/8/8/8/8/K7 w - - 0 1");
    d.send("lift a7");
    d.wait_for("highlight");
    d.send("put a8");
    d.wait_for("choice");
    let t = d.finish();
    assert!(t.contains(">> highlight 8/8/4Y3/4Y3/8/8/8/8"), "{t}");
    assert!(t.contains(">> highlight B7/8/8/8/8/8/8/8"), "{t}");
    assert!(t.contains(">> choice QRBN"), "{t}");
}

#[test]
fn xboard_patricia_flips_drops_and_royal_capture() {
    let mut d = Driver::xboard();
    d.send("new");
    d.send("variant patricia");
    d.sync("ping 1", "pong 1");
    d.send("sd 3");
    d.send("post");
    d.send("force");
    // Moves arrive with the new face as a suffix (as XBoard relays an engine's move), or
    // without it (as a user may type them); both mean the same move.
    d.send("usermove d1b3r");
    d.send("usermove d5b3");
    d.send("usermove c1c2q");
    d.send("usermove R@c3");
    d.send("usermove c2c1");
    d.send("d");
    d.sync("ping 2", "pong 2");
    // The engine's moves carry the face they arrive with; a royal capture ends the game.
    d.send("setboard 2k2/5/5/5/2R1K[] w - - 0 1");
    d.send("go");
    d.wait_for("1-0");
    d.sync("ping 3", "pong 3");
    d.send("setboard 2k2/5/5/5/2R1K[B] b - - 0 1");
    d.send("lift c5");
    d.send("put c4");
    d.send("option PatriciaKingStays=1");
    d.send("new");
    d.send("variant patricia");
    d.send("force");
    d.send("usermove c1c2k");
    d.send("usermove c1c2");
    d.send("d");
    d.sync("ping 4", "pong 4");
    snap!("xboard_patricia", d.finish());
}

#[test]
fn uci_patricia_options_and_perft() {
    let mut d = Driver::uci();
    d.send("setoption name UCI_Variant value patricia");
    d.send("setoption name PatriciaFreeFace value true");
    d.sync("isready", "readyok");
    d.send("position fen 2k2/5/5/5/4K[B] w - - 0 1");
    d.send("go perft 1");
    d.wait_for("Nodes searched");
    d.send("setoption name PatriciaFreeFace value false");
    d.send("position startpos moves c1c2 c5c4 c2c4");
    d.send("go perft 2");
    d.wait_for("Nodes searched");
    d.send("go depth 3");
    d.wait_for("bestmove");
    d.send("position startpos moves c1c2 c5c4");
    d.send("go depth 2");
    d.wait_for("bestmove");
    snap!("uci_patricia", d.finish());
}

#[test]
fn uci_partonici_game() {
    let mut d = Driver::uci();
    d.send("setoption name UCI_Variant value pawn-partonici-8");
    d.sync("isready", "readyok");
    // Spec P7: the mixed take of four, named in the info string before bestmove.
    d.send("position fen 8/8/2p5/Ppp5/2P1p3/8/8/8 w 0:0 0 1");
    d.send("go depth 3");
    d.wait_for("bestmove");
    // Spec T6: the promotion wins by claim; the game is then over.
    d.send("position fen 8/7P/8/p7/8/8/8/+P7 w 2:0 0 1");
    d.send("go depth 2");
    d.wait_for("bestmove");
    d.send("position fen 8/7P/8/p7/8/8/8/+P7 w 2:0 0 1 moves h7-h8");
    d.sync("d", "Fen:");
    d.send("go depth 2");
    d.wait_for("bestmove");
    // With a claim lead of 3 the same move does not end the game.
    d.send("setoption name PartoniciClaimLead value 3");
    d.send("position fen 8/7P/8/p7/8/8/8/+P7 w 2:0 0 1 moves h7h8");
    d.send("go perft 1");
    d.wait_for("Nodes searched");
    // A wrong capture list is refused and changes nothing.
    d.send("position fen 8/8/2p5/Ppp5/2P1p3/8/8/8 w 0:0 0 1 moves c4d5xe4");
    d.sync("isready", "readyok");
    d.send("setoption name UCI_Variant value royal-scaci-partonici-8");
    d.send("position fen k7/5r2/8/6Kp/Q1b1n3/8/2N5/8 b 0:0 0 1");
    d.send("go depth 2");
    d.wait_for("bestmove");
    snap!("uci_partonici_game", d.finish());
}

/// Lines read while a search is being stopped wait in a queue; a `go` among them starts a new
/// search, and a `force` queued behind another waiting line must still interrupt it at once
/// (it used to wait for the whole search: found by `menagerie fuzz`).
/// Waits for `pong` and asserts it came within 5 s: the searches in these tests would run
/// for minutes, so a late answer means a line waited for a search it should have stopped.
fn answered_soon(d: &mut Driver, pong: &str) {
    let start = Instant::now();
    d.wait_for(pong);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{pong} after {:?}",
        start.elapsed()
    );
}

#[test]
fn xboard_force_queued_behind_a_search_start_still_interrupts() {
    let mut d = Driver::xboard();
    d.send("new");
    d.send("level 0 10 0");
    d.send("go");
    std::thread::sleep(Duration::from_millis(100));
    // One burst: `new` stops the search; the rest is read while it stops.
    for line in ["new", "go", "cores 1", "force", "ping 5"] {
        d.send(line);
    }
    answered_soon(&mut d, "pong 5");
    d.finish();
}

/// Found by `menagerie fuzz --target xboard` (seed 1, input 311,425): a `go` read while the
/// engine already thinks waits for the move, and a later `force` stopped the search; the
/// waiting `go` then started a new search *after* the `force`, and every later `ping` waited
/// for that whole search. Lines are now obeyed in arrival order.
#[test]
fn xboard_a_go_waiting_behind_a_search_does_not_outlive_a_later_force() {
    let mut d = Driver::xboard();
    d.send("new");
    d.send("level 0 60 0");
    for line in ["go", "go", "force", "ping 6"] {
        d.send(line);
    }
    answered_soon(&mut d, "pong 6");
    d.finish();
}

/// Party Chess for three players over UCI: the options, a position with plays, the drawing,
/// `go perft` (with its divide left out above the limit), refused plays and clocks, and a search
/// answering for the player at the top of the play list.
#[test]
fn uci_party_three_players() {
    let mut d = Driver::uci();
    d.send("setoption name UCI_Variant value party");
    d.send("setoption name PartyPlayers value 3");
    d.sync("isready", "readyok");
    d.send("position startpos moves K@j10 K@e5 K@p16 R@j12");
    d.send("d");
    d.send("go perft 1");
    d.wait_for("Nodes searched");
    d.send("position startpos moves K@j10 K@j10");
    d.send("position startpos moves K@j10 zz");
    d.send("go wtime 1000");
    d.send("go dtime 1000");
    d.send("d");
    d.sync("isready", "readyok");
    d.send("position fen 20/20/20/20/20/20/20/20/20/9Ka10/20/20/20/20/20/15Kc4/20/20/20/4Rb4Kb10 abc a:-:3:0:-/b:-:3:0:-/c:-:3:0:- 0 10");
    d.send("go perft 1");
    d.wait_for("Nodes searched");
    d.send("go depth 2 atime 60000 btime 60000 ctime 60000");
    d.wait_for("bestmove");
    snap!("uci_party_three_players", d.finish());
}
