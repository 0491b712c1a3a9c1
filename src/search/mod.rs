//! The searcher: iterative-deepening alpha-beta, generic over the game so each family's move
//! generator is compiled into it (no virtual calls in the tree).
//!
//! [`search`] runs one search on a position with [`Limits`], reports each finished iteration
//! through a callback (the protocol layer formats it as UCI `info` or XBoard thinking output)
//! and returns the best move. Threads beyond the first search the same tree and share the
//! transposition table ("lazy SMP"); only the first thread reports and decides when to stop.

pub mod multi;
pub mod ordering;
pub mod see;
mod shared;
pub mod time;
pub mod tt;
mod worker;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::core::moves::{Move, MoveList};
use crate::core::position::Position;
use crate::eval::{Evaluate, Evaluator};
pub use shared::TranspositionTable;
pub use time::{Budget, Clock, Limits};
use worker::Worker;

/// Scores: centipawns, with mates as `MATE - plies`.
pub const INFINITY: i32 = 32000;
pub const MATE: i32 = 31000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1000;
/// The deepest a search goes (plies from the root, extensions included).
pub const MAX_PLY: usize = 128;

/// A score as a protocol shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    pub fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Centipawns(score)
        }
    }
}

/// One finished iteration (or one line of it with MultiPV).
#[derive(Clone, Debug)]
pub struct Report {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based line number (MultiPV).
    pub line: usize,
    pub score: Score,
    /// The internal score (XBoard shows centipawns with its own mate convention).
    pub raw_score: i32,
    pub nodes: u64,
    pub time: Duration,
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

/// What the search returns.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// None only when the side to move has no legal move.
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

/// How the search is steered from outside while it runs: stop, ponder-hit, the clock start.
pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
    base: Instant,
    /// Nanoseconds after `base` at which the clock started (reset on ponder-hit).
    started: AtomicU64,
    nodes: AtomicU64,
}

impl Default for Control {
    fn default() -> Self {
        Control::new(false)
    }
}

impl Control {
    pub fn new(pondering: bool) -> Self {
        Control {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            base: Instant::now(),
            started: AtomicU64::new(0),
            nodes: AtomicU64::new(0),
        }
    }

    /// Asks the search to finish as soon as it can (it still returns a move).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: from now on the clock counts.
    pub fn ponder_hit(&self) {
        let now = self.base.elapsed().as_nanos() as u64;
        self.started.store(now, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Relaxed);
    }

    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Time since the clock started.
    pub fn elapsed(&self) -> Duration {
        let start = Duration::from_nanos(self.started.load(Ordering::Relaxed));
        self.base.elapsed().saturating_sub(start)
    }

    /// Nodes searched so far by all threads (updated in batches).
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    fn add_nodes(&self, n: u64) {
        self.nodes.fetch_add(n, Ordering::Relaxed);
    }
}

/// Engine settings that shape a search.
#[derive(Clone, Debug)]
pub struct Settings {
    pub threads: usize,
    pub move_overhead: Duration,
    pub multi_pv: usize,
    /// Centipawns a draw costs the side to move at the root (UCI `Contempt`, Stockfish's
    /// sign): positive avoids draws, negative seeks them (against a stronger opponent a draw
    /// is worth more than the position's average). Only two-player searches use it.
    pub contempt: i32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            threads: 1,
            move_overhead: Duration::from_millis(50),
            multi_pv: 1,
            contempt: 0,
        }
    }
}

/// Searches `pos` and returns the best move. `root_moves` restricts the moves considered
/// (UCI `searchmoves`, XBoard `exclude`); `report` is called by the main thread after each
/// iteration.
#[allow(clippy::too_many_arguments)]
pub fn search<G: Evaluate>(
    game: &G,
    evaluator: &Evaluator,
    pos: &Position,
    limits: &Limits,
    root_moves: Option<&[Move]>,
    settings: &Settings,
    tt: &TranspositionTable,
    control: &Control,
    report: &mut dyn FnMut(&Report),
) -> SearchResult {
    let mut scratch = pos.clone();
    let mut legal = MoveList::new();
    game.legal_moves(&mut scratch, &mut legal);
    if let Some(allowed) = root_moves {
        let restricted: MoveList = legal
            .iter()
            .copied()
            .filter(|m| allowed.contains(m))
            .collect();
        if !restricted.is_empty() {
            legal = restricted;
        }
    }
    if legal.is_empty() {
        wait_while_told_to_search(limits, control);
        return SearchResult {
            best: None,
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
    }
    tt.new_search();
    let budget = Budget::plan(limits, settings.move_overhead);
    let threads = settings.threads.clamp(1, 256);
    let result = std::thread::scope(|scope| {
        for id in 1..threads {
            let legal = legal.clone();
            scope.spawn(move || {
                let mut helper = Worker::new(game, evaluator, tt, control, pos.clone(), id)
                    .with_contempt(settings.contempt);
                helper.iterate(&legal, limits, Budget::UNLIMITED, 1, &mut |_| {});
            });
        }
        let mut main = Worker::new(game, evaluator, tt, control, pos.clone(), 0)
            .with_contempt(settings.contempt);
        let result = main.iterate(&legal, limits, budget, settings.multi_pv, report);
        wait_while_told_to_search(limits, control);
        control.stop();
        result
    });
    SearchResult {
        nodes: control.nodes(),
        ..result
    }
}

/// UCI forbids `bestmove` during `go infinite` or `go ponder` before `stop`/`ponderhit`, even
/// when the search has nothing left to do (a forced mate found early).
fn wait_while_told_to_search(limits: &Limits, control: &Control) {
    while (limits.infinite || control.pondering()) && !control.stopped() {
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::fen::{move_text, parse_position};
    use crate::variants::game;
    use crate::with_game;

    fn best(variant: &str, fen: &str, depth: u32) -> (String, i32) {
        best_with(variant, fen, depth, &Settings::default())
    }

    fn best_with(variant: &str, fen: &str, depth: u32, settings: &Settings) -> (String, i32) {
        let any = game(variant).unwrap();
        with_game!(&any, g => {
            let pos = parse_position(g, fen).unwrap();
            let ev = Evaluator::new(g.variant());
            let tt = TranspositionTable::new(8);
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let r = search(
                g,
                &ev,
                &pos,
                &limits,
                None,
                settings,
                &tt,
                &Control::default(),
                &mut |_| {},
            );
            (move_text(g.variant(), &r.best.unwrap()), r.score)
        })
    }

    /// Every move reaches the move limit (the halfmove clock stands at 99): each line ends
    /// in a draw, worth minus the contempt to the root side.
    #[test]
    fn a_draw_is_worth_minus_the_contempt_to_the_root_side() {
        for contempt in [0, 40, -40] {
            let settings = Settings {
                contempt,
                ..Settings::default()
            };
            let fen = "8/8/4k3/8/8/8/8/K7 w - - 99 80";
            let (_, score) = best_with("chess", fen, 3, &settings);
            assert_eq!(score, -contempt, "contempt {contempt}");
        }
    }

    /// One quiet move from the move limit: every move but the rook trade (a capture starts the
    /// count again) draws. A player who wants a draw (negative contempt) plays any of them,
    /// one who does not (positive) trades into bare kings and plays on.
    #[test]
    fn contempt_decides_whether_to_draw_by_the_move_limit() {
        let fen = "8/8/4k3/3r4/3R4/8/8/K7 w - - 99 80";
        let with = |contempt| {
            let settings = Settings {
                contempt,
                ..Settings::default()
            };
            best_with("chess", fen, 4, &settings)
        };
        let (mv, score) = with(-200);
        assert_ne!(mv, "d4d5");
        assert_eq!(score, 200);
        let (mv, score) = with(200);
        assert_eq!(mv, "d4d5");
        assert!(score.abs() < 100, "bare kings, about level: {score}");
    }

    /// The evaluation cache a search filled is left in the table for the next search, and a
    /// cleared table (a new game or another evaluator) forgets it.
    #[test]
    fn the_evaluation_cache_outlives_the_search_until_the_table_is_cleared() {
        let any = game("chess").unwrap();
        with_game!(&any, g => {
            let pos = parse_position(g, &g.variant().spec.start).unwrap();
            let ev = Evaluator::new(g.variant());
            let tt = TranspositionTable::new(8);
            let limits = Limits {
                depth: Some(4),
                ..Limits::default()
            };
            let settings = Settings::default();
            search(g, &ev, &pos, &limits, None, &settings, &tt, &Control::default(), &mut |_| {});
            let cache = tt.take_eval_cache(0).expect("the search left its cache");
            assert!(cache.searched_entries().next().is_some());
            // Every kept entry is the exact evaluation of a position the search met: the start
            // position is among them.
            let start = cache.searched_entries().find(|&(key, _)| key == pos.hash());
            let exact = g.evaluate(&ev, &pos, None, &mut crate::eval::scratch::EvalScratch::none());
            assert_eq!(start.map(|(_, score)| score), Some(exact));
            tt.keep_eval_cache(0, cache);
            tt.clear();
            assert!(tt.take_eval_cache(0).is_none());
        })
    }

    #[test]
    fn finds_mate_in_one_and_two() {
        let (mv, score) = best("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 4);
        assert_eq!((mv.as_str(), score), ("a1a8", MATE - 1));
        // Mate in two: 1. Qg7+?? no — a rook lift: 1. Rb7 and 2. Ra8#.
        let (_, score) = best("chess", "k7/8/1K6/8/8/8/8/7R w - - 0 1", 5);
        assert!(score >= MATE - 3, "score {score}");
    }

    #[test]
    fn wins_material_and_avoids_losing_it() {
        let (mv, _) = best(
            "chess",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 2 3",
            4,
        );
        assert_ne!(mv, "f3f7", "Qxf7+ loses the queen to Kxf7");
        let (mv, _) = best("chess", "4k3/8/8/3q4/8/8/3R4/3K4 w - - 0 1", 3);
        assert_eq!(mv, "d2d5");
    }

    #[test]
    fn wildebeest_stalemate_is_a_win_for_the_stalemating_side() {
        // Black to move has only the king, which a queen and king can stalemate: White, to
        // move, prefers the stalemate (a win in Wildebeest) to anything else.
        let (_, score) = best(
            "wildebeest",
            "k10/11/1K9/11/11/11/11/11/11/2Q8 w - - 0 1",
            3,
        );
        assert!(score >= MATE_BOUND, "score {score}");
    }

    #[test]
    fn patricia_royal_capture_is_a_win_and_a_threat_is_met() {
        // Capturing the royal (in either face) scores like mate in one.
        let (mv, score) = best("patricia", "2q2/5/5/5/2R1K[] w - - 0 1", 2);
        assert_eq!((mv.as_str(), score), ("c1c5", MATE - 1));
        // Black's royal stands attacked by the rook: Black takes it (the royal flips to a
        // queen) rather than leave the royal to be captured.
        let (mv, score) = best("patricia", "2k2/2R2/5/5/4K[] b - - 0 1", 3);
        assert_eq!(mv, "c5c4");
        assert!(score > -MATE_BOUND, "score {score}");
        // A royal capture two moves ahead: the drop R@a1 leaves the black king only
        // attacked squares (a4 by the new rook, b4 and b5 by the one on b3).
        let (mv, score) = best("patricia", "k4/5/1R3/5/4K[R] w - - 0 1", 4);
        assert_eq!((mv.as_str(), score), ("R@a1", MATE - 3));
    }

    #[test]
    fn quiescence_results_are_kept_in_the_table_without_evicting_deeper_ones() {
        let any = game("chess").unwrap();
        with_game!(&any, g => {
            let mut pos = parse_position(g, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
            let ev = Evaluator::new(g.variant());
            let tt = TranspositionTable::new(8);
            let limits = Limits {
                depth: Some(1),
                ..Limits::default()
            };
            search(g, &ev, &pos, &limits, None, &Settings::default(), &tt,
                &Control::default(), &mut |_| {});
            // The root was searched to depth 1; each reply position only by quiescence.
            assert!(tt.probe(pos.hash()).is_some_and(|e| e.depth >= 1));
            let mut moves = Vec::new();
            g.legal_moves(&mut pos, &mut moves);
            let capture = *moves
                .iter()
                .find(|m| move_text(g.variant(), m) == "e4d5")
                .unwrap();
            g.make(&mut pos, capture);
            let entry = tt.probe(pos.hash()).expect("the quiescence result is stored");
            assert_eq!(entry.depth, 0);
            // A deeper search of that position is not overwritten by a later quiescence visit.
            tt.store(pos.hash(), 0, 7, 5, tt::Bound::Lower);
            g.unmake(&mut pos);
            search(g, &ev, &pos, &limits, None, &Settings::default(), &tt,
                &Control::default(), &mut |_| {});
            g.make(&mut pos, capture);
            assert_eq!(tt.probe(pos.hash()).map(|e| e.depth), Some(5));
        })
    }

    #[test]
    fn score_conversion() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(35), Score::Centipawns(35));
    }
}
