//! Self-play games for tuning: randomised openings, then a fixed number of nodes per move, one
//! thread per game; the quiet positions of each game are kept with the game's result.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::Rng;
use crate::core::moves::MoveList;
use crate::core::outcome::Outcome;
use crate::eval::{Evaluate, Evaluator};
use crate::fen::{parse_position, write_position};
use crate::search::{self, Control, Limits, MATE_BOUND, Settings, TranspositionTable};

/// How the games are played.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    pub games: usize,
    pub nodes: u64,
    pub random_plies: usize,
    pub seed: u64,
    pub threads: usize,
    /// Games longer than this are drawn.
    pub max_plies: usize,
}

/// Eval beyond this for this many plies in a row (both sides agreeing) ends the game.
const DECISIVE: i32 = 1000;
const DECISIVE_PLIES: usize = 8;

/// Plays the games and returns lines `<result for player 0> <position>` (1, 0.5 or 0).
pub fn play<G: Evaluate>(game: &G, evaluator: &Evaluator, plan: &SelfPlay) -> Vec<String> {
    let next = AtomicUsize::new(0);
    let lines = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..plan.threads.max(1) {
            scope.spawn(|| {
                let tt = TranspositionTable::new(8);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= plan.games {
                        break;
                    }
                    let record = one_game(game, evaluator, plan, index as u64, &tt);
                    let result = record.result;
                    lines.lock().unwrap_or_else(|e| e.into_inner()).extend(
                        record
                            .positions
                            .into_iter()
                            .map(|(fen, _)| format!("{result} {fen}")),
                    );
                }
            });
        }
    });
    lines.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// One game of self-play: its quiet positions, each with the search's score from player 0's
/// side (centipawns), and the result for player 0 (1, 0.5 or 0).
pub struct ScoredGame {
    pub positions: Vec<(String, i32)>,
    pub result: f64,
}

/// Game `index` of `plan`: what it holds depends on the seed, the index and the plan alone
/// (one thread, fixed nodes, a cleared table), so any process plays it alike.
pub fn one_game<G: Evaluate>(
    game: &G,
    evaluator: &Evaluator,
    plan: &SelfPlay,
    index: u64,
    tt: &TranspositionTable,
) -> ScoredGame {
    let v = game.variant();
    let mut rng = Rng::seeded(plan.seed ^ (index + 1).wrapping_mul(0xD1B5_4A32_D192_ED03));
    let mut pos = parse_position(game, &v.spec.start).expect("start positions are valid");
    let mut list = MoveList::new();
    for _ in 0..plan.random_plies {
        game.legal_moves(&mut pos, &mut list);
        if list.is_empty() || game.outcome(&pos, list.len()).is_some() {
            break;
        }
        let mv = list[rng.below(list.len())];
        game.make(&mut pos, mv);
    }
    tt.clear();
    let limits = Limits {
        nodes: Some(plan.nodes),
        ..Limits::default()
    };
    let settings = Settings::default();
    let mut kept = Vec::new();
    let mut decisive_run = 0usize;
    let mut last_sign = 0;
    let result: f64 = loop {
        game.legal_moves(&mut pos, &mut list);
        if let Some(outcome) = game.outcome(&pos, list.len()) {
            break match outcome {
                Outcome::Win { winner: 0, .. } => 1.0,
                Outcome::Win { .. } => 0.0,
                Outcome::Draw { .. } => 0.5,
            };
        }
        if pos.ply() >= plan.max_plies {
            break 0.5;
        }
        let r = search::search(
            game,
            evaluator,
            &pos,
            &limits,
            None,
            &settings,
            tt,
            &Control::default(),
            &mut |_| {},
        );
        let Some(best) = r.best else { break 0.5 };
        // The score from player 0's point of view.
        let white_score = if pos.side() == 0 { r.score } else { -r.score };
        let quiet = !game.in_check(&pos)
            && game.captured(&pos, best).is_none()
            && !best.is_promotion()
            && r.score.abs() < MATE_BOUND;
        if quiet {
            kept.push((write_position(v, &pos), white_score));
        }
        let sign = if white_score >= DECISIVE {
            1
        } else if white_score <= -DECISIVE {
            -1
        } else {
            0
        };
        decisive_run = if sign != 0 && sign == last_sign {
            decisive_run + 1
        } else {
            usize::from(sign != 0)
        };
        last_sign = sign;
        if decisive_run >= DECISIVE_PLIES {
            break if sign > 0 { 1.0 } else { 0.0 };
        }
        game.make(&mut pos, best);
    };
    ScoredGame {
        positions: kept,
        result,
    }
}
