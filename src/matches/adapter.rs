//! What the referee asks of an engine, whatever protocol it speaks: get ready for a game,
//! think about a position given as the game's start plus a move list, hear the result, quit.
//! Positions are sent as move lists from the start, which keeps repetition history intact; the
//! start is the variant's own unless the opening set one up (UCI `position fen`, XBoard
//! `setboard`, which Fairy-Max lacks: such engines can only play move-list openings).

use std::time::Duration;

use super::config::{EngineSpec, Proto, TimeControl};
use super::engine::EngineError;
use super::uci::Uci;
use super::xboard::Xboard;

/// Per game settings, in the engine's terms.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// The engine's name for the variant (`wildebeest_true`, `normal`, ...).
    pub variant: String,
    pub tc: TimeControl,
    pub depth: Option<u32>,
    /// Node limit per move (UCI only: an XBoard engine refuses the game).
    pub nodes: Option<u64>,
}

/// The clocks when an engine is asked to move.
#[derive(Clone, Copy, Debug)]
pub struct Clocks {
    /// Time left, indexed by colour (0 = White).
    pub left: [Duration; 2],
    pub increment: Duration,
    /// The colour to move (the engine asked).
    pub side: u8,
    /// Think time allowed beyond `left[side]` before the answer counts as too late.
    pub grace: Duration,
}

impl Clocks {
    pub fn own(&self) -> Duration {
        self.left[self.side as usize]
    }

    pub fn other(&self) -> Duration {
        self.left[1 - self.side as usize]
    }
}

/// A result an engine announced (XBoard `1-0 {...}` lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claimed {
    WhiteWins,
    BlackWins,
    Draw,
}

/// What an engine answered when asked to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A move in the engine's notation and how long it took (sent → received).
    Move {
        text: String,
        elapsed: Duration,
    },
    Resign,
    /// The engine announced a result instead of moving.
    Claim {
        result: Claimed,
        line: String,
    },
    /// The engine refused a move it was sent (`Illegal move: ...`).
    Rejected {
        line: String,
    },
    /// The engine reported that it has no move (UCI `bestmove (none)` / `0000`).
    NoMove {
        line: String,
    },
}

pub trait Adapter: Send {
    /// Prepares a new game from the variant's start position, or from `start` (a position
    /// string in the engine's notation); also swallows anything left over from the last game.
    fn new_game(&mut self, setup: &GameSetup, start: Option<&str>) -> Result<(), EngineError>;

    /// Whether the engine can start a game from a set-up position.
    fn can_set_up(&self) -> bool {
        true
    }

    /// Asks for a move in the position reached by `moves` (engine notation) from the start.
    /// Waits no longer than the clock (plus grace): `Err(Timeout)` is a loss on time.
    fn think(&mut self, moves: &[String], clocks: &Clocks) -> Result<Reply, EngineError>;

    /// The engine's last thinking line of its last `think` (UCI `info ... pv ...`, XBoard
    /// `ply score time nodes pv`), for people watching the match; `None` if it sent none.
    fn thinking(&self) -> Option<&str> {
        None
    }

    /// Tells the engine the game is over (`result` is `1-0`, `0-1`, `1/2-1/2` or `*`).
    fn game_over(&mut self, result: &str, comment: &str);

    /// Ends the process (politely first).
    fn quit(&mut self);
}

/// Starts the engine of `spec` and completes the protocol handshake.
pub fn connect(
    spec: &EngineSpec,
    variant: &str,
    label: &str,
    startup: Duration,
) -> Result<Box<dyn Adapter>, EngineError> {
    Ok(match spec.proto {
        Proto::Uci => Box::new(Uci::start(spec, variant, label, startup)?),
        Proto::Xboard => Box::new(Xboard::start(spec, variant, label, startup)?),
    })
}

/// What an engine said about its search, read from its last thinking line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Thinking {
    pub depth: Option<u32>,
    /// From the mover's side: centipawns, or mate in N (negative: being mated).
    pub cp: Option<i32>,
    pub mate: Option<i32>,
    pub nodes: Option<u64>,
    /// The principal variation in the engine's notation.
    pub pv: Vec<String>,
}

impl Thinking {
    /// Reads a UCI `info` line or an XBoard thinking line (`ply score time nodes pv...`,
    /// mate scores as 100000 + moves); `None` for anything else.
    pub fn parse(line: &str) -> Option<Thinking> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut t = Thinking::default();
        if words.first() == Some(&"info") {
            let mut i = 1;
            while i < words.len() {
                let next = words.get(i + 1).copied().unwrap_or("");
                match words[i] {
                    "depth" => t.depth = next.parse().ok(),
                    "nodes" => t.nodes = next.parse().ok(),
                    "cp" => t.cp = next.parse().ok(),
                    "mate" => t.mate = next.parse().ok(),
                    "pv" => {
                        t.pv = words[i + 1..].iter().map(|w| w.to_string()).collect();
                        break;
                    }
                    "string" => return None,
                    _ => {
                        i += 1;
                        continue;
                    }
                }
                i += 2;
            }
            return (t.cp.is_some() || t.mate.is_some()).then_some(t);
        }
        let numbers: Vec<i64> = words.iter().take(4).map_while(|w| w.parse().ok()).collect();
        if numbers.len() < 4 {
            return None;
        }
        t.depth = u32::try_from(numbers[0]).ok();
        let score = numbers[1];
        if score.abs() >= 100_000 {
            let moves = (score.abs() - 100_000) as i32;
            t.mate = Some(if score > 0 { moves } else { -moves });
        } else {
            t.cp = i32::try_from(score).ok();
        }
        t.nodes = u64::try_from(numbers[3]).ok();
        t.pv = words[4..]
            .iter()
            .filter(|w| !w.ends_with('.') && !w.starts_with('('))
            .map(|w| w.to_string())
            .collect();
        Some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinking_lines() {
        let t = Thinking::parse(
            "info depth 7 seldepth 9 multipv 1 score cp -35 nodes 1200 nps 5 pv e2e4 e7e5",
        )
        .unwrap();
        assert_eq!(
            (t.depth, t.cp, t.mate, t.nodes),
            (Some(7), Some(-35), None, Some(1200))
        );
        assert_eq!(t.pv, ["e2e4", "e7e5"]);
        assert_eq!(
            Thinking::parse("info depth 3 score mate -2 pv a1a2")
                .unwrap()
                .mate,
            Some(-2)
        );
        assert_eq!(Thinking::parse("info string hello"), None);
        let t = Thinking::parse("9 100003 120 45000 d1h5 g7g6 h5f7").unwrap();
        assert_eq!((t.depth, t.mate, t.nodes), (Some(9), Some(3), Some(45000)));
        assert_eq!(t.pv, ["d1h5", "g7g6", "h5f7"]);
        assert_eq!(Thinking::parse("move e2e4"), None);
    }
}
