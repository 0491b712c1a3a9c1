//! The UCI side of the runner: `uci`/`uciok` (checking the `UCI_Variant` list), options,
//! `isready` syncs, and per move `position startpos moves ...` + `go wtime btime winc binc`.

use std::time::{Duration, Instant};

use super::adapter::{Adapter, Clocks, GameSetup, Reply};
use super::config::EngineSpec;
use super::engine::{EngineError, EngineProcess};

pub struct Uci {
    proc: EngineProcess,
    startup: Duration,
    depth: Option<u32>,
    nodes: Option<u64>,
    /// The current game's set-up start position (engine notation), if any.
    start: Option<String>,
    /// The last `info` line with a score of the last search.
    thinking: Option<String>,
}

/// The `var` entries of an `option name UCI_Variant type combo ...` line.
fn variant_list(line: &str) -> Option<Vec<String>> {
    let rest = line.strip_prefix("option name UCI_Variant ")?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    Some(
        words
            .windows(2)
            .filter(|w| w[0] == "var")
            .map(|w| w[1].to_string())
            .collect(),
    )
}

fn is_chess(variant: &str) -> bool {
    matches!(variant, "chess" | "normal" | "standard")
}

/// `position startpos [moves ...]`, or `position fen <start> [moves ...]` for a set-up start.
fn position_command(start: Option<&str>, moves: &[String]) -> String {
    let mut command = match start {
        Some(fen) => format!("position fen {fen}"),
        None => "position startpos".to_string(),
    };
    if !moves.is_empty() {
        command.push_str(" moves ");
        command.push_str(&moves.join(" "));
    }
    command
}

fn go_command(clocks: &Clocks, depth: Option<u32>, nodes: Option<u64>) -> String {
    let inc = clocks.increment.as_millis();
    let mut s = format!(
        "go wtime {} btime {} winc {inc} binc {inc}",
        clocks.left[0].as_millis(),
        clocks.left[1].as_millis()
    );
    if let Some(d) = depth {
        s.push_str(&format!(" depth {d}"));
    }
    if let Some(n) = nodes {
        s.push_str(&format!(" nodes {n}"));
    }
    s
}

impl Uci {
    pub fn start(
        spec: &EngineSpec,
        variant: &str,
        label: &str,
        startup: Duration,
    ) -> Result<Uci, EngineError> {
        let mut proc = EngineProcess::spawn(label, &spec.argv, spec.dir.as_deref())?;
        let deadline = Instant::now() + startup;
        let (name, mut variants) = Self::handshake(&mut proc, label, deadline)?;
        // The engine's options first: some change what it offers (Fairy-Stockfish lists the
        // variants of a `VariantPath` file only once it has read it), so the variant list is
        // asked for again before it is checked.
        for (n, v) in &spec.options {
            proc.send(&format!("setoption name {n} value {v}"))?;
        }
        let offered = |list: &Option<Vec<String>>| {
            list.as_ref()
                .is_some_and(|l| l.iter().any(|v| v == variant))
        };
        if !is_chess(variant) && !spec.options.is_empty() && !offered(&variants) {
            let (_, again) = Self::handshake(&mut proc, label, deadline)?;
            variants = again.or(variants);
        }
        if !is_chess(variant) {
            match variants {
                Some(list) if list.iter().any(|v| v == variant) => {}
                Some(list) => {
                    return Err(EngineError::Failed(format!(
                        "{label} does not offer UCI_Variant '{variant}' (it offers {})",
                        list.join(",")
                    )));
                }
                None => {
                    return Err(EngineError::Failed(format!(
                        "{label} has no UCI_Variant option, so it cannot play '{variant}'"
                    )));
                }
            }
            proc.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        log::info!(
            "{label}: uci engine '{}' ready",
            name.as_deref().unwrap_or("?")
        );
        Ok(Uci {
            proc,
            startup,
            depth: None,
            nodes: None,
            start: None,
            thinking: None,
        })
    }

    /// `uci` and the answer up to `uciok`: the engine's name and its `UCI_Variant` list.
    fn handshake(
        proc: &mut EngineProcess,
        label: &str,
        deadline: Instant,
    ) -> Result<(Option<String>, Option<Vec<String>>), EngineError> {
        proc.send("uci")?;
        let mut variants = None;
        let mut name = None;
        loop {
            let line = match proc.recv_until(deadline) {
                Err(EngineError::Timeout) => {
                    return Err(EngineError::Failed(format!(
                        "{label} did not answer 'uci' with 'uciok'"
                    )));
                }
                other => other?,
            };
            let text = line.text.trim();
            if text == "uciok" {
                return Ok((name, variants));
            }
            if let Some(n) = text.strip_prefix("id name ") {
                name = Some(n.to_string());
            }
            if let Some(list) = variant_list(text) {
                variants = Some(list);
            }
        }
    }

    /// `isready` and wait for `readyok`, dropping whatever came before.
    fn sync(&mut self) -> Result<(), EngineError> {
        self.proc.send("isready")?;
        let deadline = Instant::now() + self.startup;
        loop {
            let line = self.proc.recv_until(deadline)?;
            if line.text.trim() == "readyok" {
                return Ok(());
            }
            log::debug!("{}: before readyok: '{}'", self.proc.label(), line.text);
        }
    }
}

impl Uci {
    /// For games of more than two players, whose `position` and `go` lines the caller writes
    /// (`go atime .. btime .. ctime ..`): sends both and waits for `bestmove` at most
    /// `allowed`. The reply's time runs from sending `go` to the answer's arrival.
    pub fn ask(
        &mut self,
        position: &str,
        go: &str,
        allowed: Duration,
    ) -> Result<Reply, EngineError> {
        self.proc.send(position)?;
        let stamp = self.proc.send(go)?;
        let deadline = stamp + allowed;
        loop {
            let line = self.proc.recv_until(deadline)?;
            let mut words = line.text.split_whitespace();
            if words.next() != Some("bestmove") {
                continue;
            }
            return Ok(match words.next() {
                None | Some("(none)" | "0000" | "none") => Reply::NoMove { line: line.text },
                Some(mv) => Reply::Move {
                    text: mv.to_string(),
                    elapsed: line.at.saturating_duration_since(stamp),
                },
            });
        }
    }

    /// After a timeout: `stop`, and wait up to `patience` for the late `bestmove` (dropped).
    /// False when none came (the engine is hung).
    pub fn stop_thinking(&mut self, patience: Duration) -> bool {
        if self.proc.send("stop").is_err() {
            return false;
        }
        let deadline = std::time::Instant::now() + patience;
        while let Ok(line) = self.proc.recv_until(deadline) {
            if line.text.starts_with("bestmove") {
                return true;
            }
        }
        false
    }
}

impl Adapter for Uci {
    fn new_game(&mut self, setup: &GameSetup, start: Option<&str>) -> Result<(), EngineError> {
        self.depth = setup.depth;
        self.nodes = setup.nodes;
        self.start = start.map(str::to_string);
        self.proc.send("ucinewgame")?;
        self.sync()
    }

    fn think(&mut self, moves: &[String], clocks: &Clocks) -> Result<Reply, EngineError> {
        self.proc
            .send(&position_command(self.start.as_deref(), moves))?;
        let stamp = self
            .proc
            .send(&go_command(clocks, self.depth, self.nodes))?;
        let deadline = stamp + clocks.own() + clocks.grace;
        self.thinking = None;
        loop {
            let line = self.proc.recv_until(deadline)?;
            let mut words = line.text.split_whitespace();
            if words.next() != Some("bestmove") {
                if line.text.starts_with("info") && line.text.contains(" score ") {
                    self.thinking = Some(line.text);
                }
                continue;
            }
            return Ok(match words.next() {
                None | Some("(none)" | "0000" | "none") => Reply::NoMove { line: line.text },
                Some(mv) => Reply::Move {
                    text: mv.to_string(),
                    elapsed: line.at.saturating_duration_since(stamp),
                },
            });
        }
    }

    fn thinking(&self) -> Option<&str> {
        self.thinking.as_deref()
    }

    fn game_over(&mut self, _result: &str, _comment: &str) {}

    fn quit(&mut self) {
        self.proc.stop(Some("quit"), Duration::from_millis(1000));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_option() {
        let l = "option name UCI_Variant type combo default chess var 3check var chess var almost";
        assert_eq!(variant_list(l).unwrap(), ["3check", "chess", "almost"]);
        assert_eq!(variant_list("option name Hash type spin"), None);
    }

    #[test]
    fn commands() {
        assert_eq!(position_command(None, &[]), "position startpos");
        assert_eq!(
            position_command(None, &["e2e4".into(), "e7e5".into()]),
            "position startpos moves e2e4 e7e5"
        );
        assert_eq!(
            position_command(Some("8/8/8/8/8/8/8/K1k5 w - - 0 1"), &["a1a2".into()]),
            "position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves a1a2"
        );
        let c = Clocks {
            left: [Duration::from_millis(5000), Duration::from_millis(4250)],
            increment: Duration::from_millis(50),
            side: 1,
            grace: Duration::ZERO,
        };
        assert_eq!(
            go_command(&c, None, None),
            "go wtime 5000 btime 4250 winc 50 binc 50"
        );
        assert_eq!(
            go_command(&c, Some(6), None),
            "go wtime 5000 btime 4250 winc 50 binc 50 depth 6"
        );
        assert_eq!(
            go_command(&c, None, Some(20000)),
            "go wtime 5000 btime 4250 winc 50 binc 50 nodes 20000"
        );
    }
}
