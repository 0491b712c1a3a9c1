//! Search for games of more than two players
//! ([`MultiGame`](crate::core::multi::MultiGame): Party Chess), generic over the
//! game so its atom generator is compiled into the tree.
//!
//! Two algorithms, both alpha-beta over scores from the **root player's view** (the root
//! maximises, every opponent minimises it):
//!
//! - **Paranoid**: every player plays every turn, in play-list order.
//! - **Best-Reply Search** (BRS+, Esser, Gras, Winands, Schadd and Lanctot, "Improving
//!   Best-Reply Search", 2013): between two turns of the root only *one* opponent replies with
//!   a searched turn, the one whose reply hurts most; the others play the turn their move
//!   ordering ranks first (BRS+), or skip with a null turn (plain BRS) where they have none.
//!   The root sees deeper because the opponents' layer costs one ply, not N-1.
//!
//! A turn is searched **one atomic play at a time** ([`MultiGame::atoms`](crate::core::multi::MultiGame::atoms)), like the steps of
//! an Arimaa turn: the player stays on move until `END_TURN`, so a turn with 10^6 compound
//! plays is never listed. A turn costs one ply of depth (at its first atom); the later atoms
//! of a turn are free but only the best few by move ordering are tried (the width depends on
//! the depth left, and is generous in the root's own turn), and `END_TURN` always is. The
//! transposition table key is the game's hash, which includes the partial turn, salted with
//! the root player, the algorithm and (BRS) whether the opponents' reply has been made.
//!
//! Each game scores a position for one player through [`MultiEvaluate`] (`src/eval/`). Iterative deepening, move ordering (hash atom, captures by victim value,
//! killers, history), quiescence over single capture turns, a check extension at the horizon,
//! the stop flag, node/depth/time limits and the clock of the player to move come from the
//! two-player search's [`Control`], [`Limits`] and [`Budget`].
//!
//! `baseline` holds the weak players the strength bars are measured against (one-ply greedy,
//! random); `toy` (tests only) a small N-player game that exercises all of this.

pub mod baseline;
mod searcher;
#[cfg(test)]
pub mod toy;

use std::time::{Duration, Instant};

use super::time::Budget;
use super::{Control, Limits, MATE, MATE_BOUND, TranspositionTable};
use crate::core::multi::{one_atom_turn, play_turn_by, play_turn_ordered};
pub use crate::eval::MultiEvaluate;
pub use searcher::PvStep;

/// Which player the engine is: a search, or one of the baseline opponents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Best-Reply Search (BRS+): one opponent replies, the others play their ordering turn.
    Brs,
    /// Paranoid alpha-beta: every opponent replies, all against the root.
    Paranoid,
    /// The one-ply greedy baseline ([`baseline::greedy_play`]).
    Greedy,
    /// The random baseline ([`baseline::random_play`]).
    Random,
}

impl Algorithm {
    /// The option values, in the order offered (`PartySearch`).
    pub const NAMES: [&'static str; 4] = ["brs", "paranoid", "greedy", "random"];

    pub fn parse(text: &str) -> Option<Algorithm> {
        match text.to_ascii_lowercase().as_str() {
            "brs" => Some(Algorithm::Brs),
            "paranoid" => Some(Algorithm::Paranoid),
            "greedy" => Some(Algorithm::Greedy),
            "random" => Some(Algorithm::Random),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Brs => "brs",
            Algorithm::Paranoid => "paranoid",
            Algorithm::Greedy => "greedy",
            Algorithm::Random => "random",
        }
    }
}

/// What the opponents who do not reply do in best-reply search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skip {
    /// BRS+: the turn their move ordering ranks first (a null turn only where that fails).
    OrderingTurn,
    /// Plain BRS: a null turn ([`MultiGame::make_null_turn`]).
    NullTurn,
}

/// Settings of an N-player search.
#[derive(Clone, Debug)]
pub struct MultiSettings {
    pub algorithm: Algorithm,
    pub skip: Skip,
    pub move_overhead: Duration,
    /// Seeds the random player (mixed with the position's hash).
    pub seed: u64,
}

impl Default for MultiSettings {
    /// Paranoid by default: it won more than BRS+ head to head in three-player hands and as
    /// much in four-player ones, and more against three greedy players (docs/party.md).
    fn default() -> Self {
        MultiSettings {
            algorithm: Algorithm::Paranoid,
            skip: Skip::OrderingTurn,
            move_overhead: Duration::from_millis(50),
            seed: 1,
        }
    }
}

/// One finished iteration.
#[derive(Clone, Debug)]
pub struct MultiReport<A> {
    pub depth: u32,
    pub seldepth: u32,
    /// From the root player's (the mover's) view; beyond `MATE_BOUND` a hand won or lost.
    pub score: i32,
    pub nodes: u64,
    pub time: Duration,
    pub hashfull: u32,
    /// The line: atoms (`END_TURN` closes each turn) and skipped turns.
    pub pv: Vec<PvStep<A>>,
}

impl<A> MultiReport<A> {
    /// The score as UCI shows it: `cp N`, or `mate N` (the hand is won, or lost with a
    /// negative N, within N turns of the whole table).
    pub fn uci_score(&self) -> String {
        if self.score >= MATE_BOUND {
            format!("mate {}", MATE - self.score)
        } else if self.score <= -MATE_BOUND {
            format!("mate -{}", MATE + self.score)
        } else {
            format!("cp {}", self.score)
        }
    }
}

/// What the search returns.
#[derive(Clone, Debug)]
pub struct MultiResult<A> {
    /// The whole play, `END_TURN` last; empty only when the hand is over.
    pub play: Vec<A>,
    /// From the mover's view.
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

/// Chooses a play for the player to move in `pos`: a search (BRS+ or paranoid) or a
/// baseline player, as `settings.algorithm` says. `report` is called after each iteration.
pub fn search<G: MultiEvaluate>(
    game: &G,
    pos: &G::Pos,
    limits: &Limits,
    settings: &MultiSettings,
    tt: &TranspositionTable,
    control: &Control,
    report: &mut dyn FnMut(&MultiReport<G::Atom>),
) -> MultiResult<G::Atom> {
    let start = Instant::now();
    let mut scratch = pos.clone();
    if game.outcome(&scratch).is_some() && !game.turn_open(&scratch) {
        wait_while_told_to_search(limits, control);
        return MultiResult {
            play: Vec::new(),
            score: 0,
            depth: 0,
            nodes: 0,
        };
    }
    let result = match settings.algorithm {
        Algorithm::Greedy | Algorithm::Random => {
            let play = if settings.algorithm == Algorithm::Greedy {
                let hard = budget_for(limits, settings).hard;
                let deadline = hard.map(|h| start + h);
                baseline::greedy_play(game, &mut scratch, deadline)
            } else {
                baseline::random_play(game, &mut scratch, settings.seed)
            };
            let me = game.to_move(&scratch);
            let score = baseline::score_after(game, &mut scratch, &play, me);
            MultiResult {
                play,
                score,
                depth: 1,
                nodes: 1,
            }
        }
        Algorithm::Brs | Algorithm::Paranoid => {
            tt.new_search();
            let budget = budget_for(limits, settings);
            let mut result = searcher::Searcher::new(game, tt, control, scratch, settings)
                .iterate(limits, budget, report);
            // Past the hard limit; without one (nodes, depth, infinite), once the search stopped.
            let hurry = || {
                budget
                    .hard
                    .map_or(control.stopped(), |h| control.elapsed() >= h)
            };
            if let Some(play) = escape_from_surrender(game, pos, &result.play, hurry) {
                result.play = play;
            }
            result
        }
    };
    wait_while_told_to_search(limits, control);
    control.stop();
    result
}

/// How readily an atom is played with no search behind it: ordinary atoms (2) before passes
/// (1), passes before surrenders (0).
pub(crate) fn atom_class<G: MultiEvaluate>(game: &G, pos: &G::Pos, atom: G::Atom) -> u8 {
    if game.is_desperate(pos, atom) {
        0
    } else if game.is_pass(pos, atom) {
        1
    } else {
        2
    }
}

/// A play other than the surrender the search chose, if a walk finds one before `hurry()`
/// says time is up. The search prunes the later atoms of a turn, so a player in check whose
/// only escapes are long turns (Move, Move, Placement) can look lost to it when it is not;
/// the search's score is kept (the escape may still lose).
fn escape_from_surrender<G: MultiEvaluate>(
    game: &G,
    pos: &G::Pos,
    play: &[G::Atom],
    hurry: impl Fn() -> bool,
) -> Option<Vec<G::Atom>> {
    if !play.first().is_some_and(|&a| game.is_desperate(pos, a)) {
        return None;
    }
    let mut pos = pos.clone();
    let order = |game: &G, pos: &mut G::Pos, _: usize, list: &mut Vec<G::Atom>| {
        list.sort_by_key(|&a| std::cmp::Reverse(atom_class(game, pos, a)));
    };
    let last_resort = |game: &G, pos: &G::Pos, a| game.is_desperate(pos, a);
    play_turn_ordered(game, &mut pos, order, last_resort, hurry)
        .filter(|p| p.first().is_some_and(|&a| !game.is_desperate(&pos, a)))
}

/// A whole turn for the player to move in `order` ([`play_turn_ordered`], surrenders and
/// passes as the last resort). When the walk finds none and `hurry()` says there is no time to
/// prove the position lost, the player gives up (surrender, or a pass where no surrender is
/// offered): the referee's own default play for a player out of time, without the loss on
/// time. `pos` is unchanged.
pub(crate) fn turn_in_order<G: MultiEvaluate>(
    game: &G,
    pos: &mut G::Pos,
    order: impl FnMut(&G, &mut G::Pos, usize, &mut Vec<G::Atom>),
    hurry: impl Fn() -> bool,
) -> Vec<G::Atom> {
    let last_resort =
        |game: &G, pos: &G::Pos, atom| game.is_desperate(pos, atom) || game.is_pass(pos, atom);
    if let Some(play) = play_turn_ordered(game, pos, order, last_resort, hurry) {
        return play;
    }
    let mut list = Vec::new();
    game.candidate_atoms(pos, &mut list);
    list.retain(|&a| last_resort(game, pos, a));
    list.sort_by_key(|&a| !game.is_desperate(pos, a));
    one_atom_turn(game, pos, &list)
        .unwrap_or_else(|| play_turn_by(game, pos, |_, _, atoms| atoms[0]))
}

/// The time a play may take once the clock is low (see [`LOW_CLOCK`]): a search that plans
/// the usual minimum (5 ms) plus a Party play's fixed costs can exceed a 10 ms increment on a
/// busy machine, and a player whose clock ran out plays on increments alone, so one overrun
/// brings many. Answering at once lets the clock recover.
const LAST_DITCH: Duration = Duration::from_millis(1);

/// A clock holding no more than this (or the move overhead, if larger) is low: plays take
/// [`LAST_DITCH`] until the increments have refilled it. On increments of 10 ms the clock then
/// settles near this floor instead of near the overhead, so only a process kept from the
/// processor for a fifth of a second loses a play on time, not one kept for 50 ms (a machine
/// running four jobs on two cores lost about one play a hand of 8 players at 1s+0.01s with
/// the overhead alone as the floor, docs/party.md).
const LOW_CLOCK: Duration = Duration::from_millis(200);

/// The time plan of one play: the two-player plan ([`Budget::plan`]), cut to [`LAST_DITCH`]
/// when the clock is low.
fn budget_for(limits: &Limits, settings: &MultiSettings) -> Budget {
    let planned = Budget::plan(limits, settings.move_overhead);
    let low = settings.move_overhead.max(LOW_CLOCK);
    match limits.clock {
        Some(clock) if clock.remaining <= low && !limits.infinite => Budget {
            soft: Some(LAST_DITCH),
            hard: Some(LAST_DITCH),
        },
        _ => planned,
    }
}

/// UCI forbids `bestmove` during `go infinite` before `stop`.
fn wait_while_told_to_search(limits: &Limits, control: &Control) {
    while (limits.infinite || control.pondering()) && !control.stopped() {
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[cfg(test)]
mod tests;
