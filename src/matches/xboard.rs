//! The XBoard (CECP v2) side of the runner, as XBoard 4.9.1 drives an engine
//! (docs/protocols.md §1): `xboard`/`protover 2` with feature negotiation, per game `new`,
//! `variant`, `level`, `post`, `easy`, `force` and a `ping` to sync; per move `time`/`otim` then
//! the opponent's move (or the whole move list and `go` the first time). Ranks and letters are
//! converted by the codec before moves get here.

use std::time::{Duration, Instant};

use super::adapter::{Adapter, Claimed, Clocks, GameSetup, Reply};
use super::config::EngineSpec;
use super::engine::{EngineError, EngineProcess};

/// Features XBoard 4.9.1 accepts; any other is answered `rejected`.
const KNOWN_FEATURES: &[&str] = &[
    "setboard",
    "xedit",
    "time",
    "draw",
    "sigint",
    "sigterm",
    "reuse",
    "analyze",
    "myname",
    "variants",
    "ping",
    "playother",
    "colors",
    "usermove",
    "exclude",
    "ics",
    "name",
    "pause",
    "done",
    "oocastle",
    "highlight",
    "debug",
    "nps",
    "level",
    "memory",
    "smp",
    "egt",
    "option",
];

/// How long to wait for features when an engine never says `done=0` (CECP §9).
const FEATURE_WAIT: Duration = Duration::from_secs(2);

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Features {
    usermove: bool,
    ping: bool,
    /// The engine takes `setboard` (set-up start positions).
    setboard: bool,
    /// `time=0` means the engine does not want `time`/`otim`.
    no_time: bool,
    variants: Option<Vec<String>>,
    myname: Option<String>,
}

pub struct Xboard {
    proc: EngineProcess,
    features: Features,
    /// How many moves of the current game the engine has been sent (or played itself).
    known: usize,
    /// The engine left force mode with `go` and now answers each move it receives.
    playing: bool,
    pings: u32,
    startup: Duration,
    /// The last thinking line (`ply score time nodes pv`) of the last search.
    thinking: Option<String>,
}

/// Splits `feature a=1 b="two words"` into (key, value) pairs.
fn parse_features(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = line.strip_prefix("feature").unwrap_or(line).trim_start();
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, tail) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.find('"') {
                Some(end) => (&quoted[..end], &quoted[end + 1..]),
                None => (quoted, ""),
            }
        } else {
            let end = after.find(char::is_whitespace).unwrap_or(after.len());
            (&after[..end], &after[end..])
        };
        out.push((key, value.to_string()));
        rest = tail.trim_start();
    }
    out
}

/// What an engine line means while we wait for its move.
#[derive(Debug, PartialEq, Eq)]
enum Said<'a> {
    Move(&'a str),
    Resign,
    Claim(Claimed),
    Illegal,
    Other,
}

fn classify(line: &str) -> Said<'_> {
    let mut words = line.split_whitespace();
    match words.next() {
        Some("move") => words.next().map_or(Said::Other, Said::Move),
        Some("resign") => Said::Resign,
        Some("1-0") => Said::Claim(Claimed::WhiteWins),
        Some("0-1") => Said::Claim(Claimed::BlackWins),
        Some("1/2-1/2") => Said::Claim(Claimed::Draw),
        Some("Illegal") if line.starts_with("Illegal move") => Said::Illegal,
        _ => {
            // Old engines: "My move is: e2e4".
            let lower = line.to_ascii_lowercase();
            match lower.strip_prefix("my move is") {
                Some(_) => line
                    .split_whitespace()
                    .last()
                    .filter(|m| !m.ends_with(':'))
                    .map_or(Said::Other, Said::Move),
                None => Said::Other,
            }
        }
    }
}

/// `level` arguments: base as `M:SS` (at least a second), increment in seconds.
fn level_command(setup: &GameSetup) -> String {
    let secs = setup.tc.base.as_secs().max(1);
    format!(
        "level 0 {}:{:02} {}",
        secs / 60,
        secs % 60,
        setup.tc.increment.as_secs_f64()
    )
}

fn centis(d: Duration) -> u128 {
    (d.as_millis() / 10).max(1)
}

impl Xboard {
    pub fn start(
        spec: &EngineSpec,
        variant: &str,
        label: &str,
        startup: Duration,
    ) -> Result<Xboard, EngineError> {
        let mut proc = EngineProcess::spawn(label, &spec.argv, spec.dir.as_deref())?;
        proc.send("xboard")?;
        proc.send("protover 2")?;
        let mut features = Features::default();
        let mut deadline = Instant::now() + FEATURE_WAIT;
        'handshake: loop {
            let line = match proc.recv_until(deadline) {
                Ok(line) => line,
                Err(EngineError::Timeout) => break,
                Err(e) => return Err(e),
            };
            if !line.text.starts_with("feature ") {
                continue;
            }
            for (key, value) in parse_features(&line.text) {
                let known = KNOWN_FEATURES.contains(&key.as_str());
                match (key.as_str(), value.as_str()) {
                    ("usermove", v) => features.usermove = v == "1",
                    ("ping", v) => features.ping = v == "1",
                    ("setboard", v) => features.setboard = v == "1",
                    ("time", v) => features.no_time = v == "0",
                    ("myname", v) => features.myname = Some(v.to_string()),
                    ("variants", v) => {
                        features.variants = Some(v.split(',').map(|s| s.trim().into()).collect())
                    }
                    _ => {}
                }
                let verdict = if known { "accepted" } else { "rejected" };
                proc.send(&format!("{verdict} {key}"))?;
                match (key.as_str(), value.as_str()) {
                    ("done", "0") => deadline = Instant::now() + startup,
                    ("done", _) => break 'handshake,
                    _ => {}
                }
            }
        }
        if let (Some(list), false) = (&features.variants, is_normal(variant))
            && !list.iter().any(|v| v == variant)
        {
            return Err(EngineError::Failed(format!(
                "{label} does not offer variant '{variant}' (it offers {})",
                list.join(",")
            )));
        }
        for (name, value) in &spec.options {
            proc.send(&format!("option {name}={value}"))?;
        }
        log::info!(
            "{label}: xboard engine '{}' ready (usermove={}, ping={})",
            features.myname.as_deref().unwrap_or("?"),
            features.usermove,
            features.ping
        );
        Ok(Xboard {
            proc,
            features,
            known: 0,
            playing: false,
            pings: 0,
            startup,
            thinking: None,
        })
    }

    fn send_move(&mut self, mv: &str) -> Result<Instant, EngineError> {
        if self.features.usermove {
            self.proc.send(&format!("usermove {mv}"))
        } else {
            self.proc.send(mv)
        }
    }

    fn send_clocks(&mut self, clocks: &Clocks) -> Result<(), EngineError> {
        if !self.features.no_time {
            self.proc.send(&format!("time {}", centis(clocks.own())))?;
            self.proc
                .send(&format!("otim {}", centis(clocks.other())))?;
        }
        Ok(())
    }
}

fn is_normal(variant: &str) -> bool {
    matches!(variant, "normal" | "chess")
}

impl Adapter for Xboard {
    fn new_game(&mut self, setup: &GameSetup, start: Option<&str>) -> Result<(), EngineError> {
        if setup.nodes.is_some() {
            return Err(EngineError::Failed(
                "a node limit per move (--nodes) needs a UCI engine; XBoard has no such limit"
                    .into(),
            ));
        }
        self.proc.send("new")?;
        if !is_normal(&setup.variant) {
            self.proc.send(&format!("variant {}", setup.variant))?;
        }
        self.proc.send(&level_command(setup))?;
        if let Some(d) = setup.depth {
            self.proc.send(&format!("sd {d}"))?;
        }
        self.proc.send("post")?;
        self.proc.send("easy")?;
        self.proc.send("force")?;
        if let Some(fen) = start {
            if !self.features.setboard {
                return Err(EngineError::Failed(
                    "the engine cannot start from a set-up position (no setboard feature)".into(),
                ));
            }
            self.proc.send(&format!("setboard {fen}"))?;
        }
        self.known = 0;
        self.playing = false;
        if self.features.ping {
            self.pings += 1;
            let want = format!("pong {}", self.pings);
            self.proc.send(&format!("ping {}", self.pings))?;
            let deadline = Instant::now() + self.startup;
            loop {
                let line = self.proc.recv_until(deadline)?;
                if line.text.trim() == want {
                    break;
                }
                log::debug!("{}: before {want}: '{}'", self.proc.label(), line.text);
            }
        } else {
            self.proc.drain();
        }
        Ok(())
    }

    fn think(&mut self, moves: &[String], clocks: &Clocks) -> Result<Reply, EngineError> {
        let fresh = &moves[self.known.min(moves.len())..];
        let stamp = if self.playing && fresh.len() == 1 {
            self.send_clocks(clocks)?;
            self.send_move(&fresh[0])?
        } else {
            if self.playing {
                // Out of step (cannot happen in a two-engine game): resynchronise.
                self.proc.send("force")?;
            }
            for mv in fresh {
                self.send_move(mv)?;
            }
            self.send_clocks(clocks)?;
            self.playing = true;
            self.proc.send("go")?
        };
        self.known = moves.len();
        let deadline = stamp + clocks.own() + clocks.grace;
        let mut legs = String::new();
        self.thinking = None;
        loop {
            let line = self.proc.recv_until(deadline)?;
            match classify(&line.text) {
                Said::Move(m) => {
                    legs.push_str(m);
                    if m.ends_with(',') {
                        continue; // more legs follow on their own `move` lines
                    }
                    self.known += 1;
                    return Ok(Reply::Move {
                        text: legs,
                        elapsed: line.at.saturating_duration_since(stamp),
                    });
                }
                Said::Resign => return Ok(Reply::Resign),
                Said::Claim(result) => {
                    return Ok(Reply::Claim {
                        result,
                        line: line.text,
                    });
                }
                Said::Illegal => return Ok(Reply::Rejected { line: line.text }),
                Said::Other => {
                    if line.text.starts_with(|c: char| c.is_ascii_digit())
                        && super::adapter::Thinking::parse(&line.text).is_some()
                    {
                        self.thinking = Some(line.text.clone());
                    }
                    // "Error (unknown command): e2e4" about the move just sent is a refusal too.
                    let about_move = fresh
                        .last()
                        .is_some_and(|m| line.text.ends_with(m.as_str()));
                    if line.text.starts_with("Error") && about_move {
                        return Ok(Reply::Rejected { line: line.text });
                    }
                    if line.text.starts_with("Error") || line.text.starts_with("tellusererror") {
                        log::warn!("{}: {}", self.proc.label(), line.text);
                    }
                }
            }
        }
    }

    fn can_set_up(&self) -> bool {
        self.features.setboard
    }

    fn thinking(&self) -> Option<&str> {
        self.thinking.as_deref()
    }

    fn game_over(&mut self, result: &str, comment: &str) {
        let _ = self.proc.send(&format!("result {result} {{{comment}}}"));
        self.playing = false;
    }

    fn quit(&mut self) {
        self.proc.stop(Some("quit"), Duration::from_millis(1000));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::config::TimeControl;

    #[test]
    fn feature_lines() {
        let f =
            parse_features(r#"feature setboard=1 myname="Sjaak II 1.4.1" variants="a,b" done=0"#);
        assert_eq!(
            f,
            [
                ("setboard".into(), "1".into()),
                ("myname".into(), "Sjaak II 1.4.1".into()),
                ("variants".into(), "a,b".into()),
                ("done".into(), "0".into())
            ]
        );
        let f = parse_features(r#"feature option="Level -combo Clueless /// *Normal""#);
        assert_eq!(f[0].1, "Level -combo Clueless /// *Normal");
    }

    #[test]
    fn engine_lines() {
        assert_eq!(classify("move e2e4"), Said::Move("e2e4"));
        assert_eq!(classify("move f0g0,"), Said::Move("f0g0,"));
        assert_eq!(classify("My move is: e7e5"), Said::Move("e7e5"));
        assert_eq!(classify("resign"), Said::Resign);
        assert_eq!(
            classify("1/2-1/2 {Draw by repetition}"),
            Said::Claim(Claimed::Draw)
        );
        assert_eq!(
            classify("0-1 {White resigns}"),
            Said::Claim(Claimed::BlackWins)
        );
        assert_eq!(classify("Illegal move: f0k0"), Said::Illegal);
        assert_eq!(classify("Illegal move (no castle): f0k0"), Said::Illegal);
        assert_eq!(classify(" 4  15  0  17 c2c4 c7c5"), Said::Other);
        assert_eq!(classify("# move done"), Said::Other);
    }

    #[test]
    fn level_and_clock_formats() {
        let setup = |tc| GameSetup {
            variant: "normal".into(),
            tc: TimeControl::parse(tc).unwrap(),
            depth: None,
            nodes: None,
        };
        assert_eq!(level_command(&setup("5+0.05")), "level 0 0:05 0.05");
        assert_eq!(level_command(&setup("90+1")), "level 0 1:30 1");
        assert_eq!(level_command(&setup("0.5+0.1")), "level 0 0:01 0.1");
        assert_eq!(centis(Duration::from_millis(4321)), 432);
        assert_eq!(centis(Duration::ZERO), 1);
    }
}
