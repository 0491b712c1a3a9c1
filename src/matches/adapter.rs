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
