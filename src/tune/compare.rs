//! Two sets of evaluation weights play each other inside one process at a fixed number of
//! nodes per move: a comparison that the machine's load cannot disturb (no clocks), used to
//! check that a fit really plays better before its numbers go into the variant's data.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::Rng;
use crate::core::moves::MoveList;
use crate::core::outcome::Outcome;
use crate::eval::{Evaluate, Evaluator};
use crate::fen::parse_position;
use crate::search::{self, Control, Limits, Settings, TranspositionTable};

/// Wins, draws and losses of the first evaluator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn score(&self) -> f64 {
        let n = (self.wins + self.draws + self.losses).max(1) as f64;
        (self.wins as f64 + self.draws as f64 / 2.0) / n
    }

    /// Elo difference for the score (clamped away from 0 and 1).
    pub fn elo(&self) -> f64 {
        let s = self.score().clamp(0.001, 0.999);
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// How a comparison is played.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Openings, each played twice with colours swapped.
    pub pairs: usize,
    pub nodes: u64,
    pub random_plies: usize,
    pub seed: u64,
    pub threads: usize,
}

/// Plays the plan's games and tallies them for `a`.
pub fn compare<G: Evaluate>(game: &G, a: &Evaluator, b: &Evaluator, plan: Plan) -> Tally {
    let Plan {
        pairs,
        nodes,
        random_plies,
        seed,
        threads,
    } = plan;
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(Tally::default());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let tables = [TranspositionTable::new(8), TranspositionTable::new(8)];
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= pairs * 2 {
                        break;
                    }
                    let a_is_white = i.is_multiple_of(2);
                    let players = if a_is_white { [a, b] } else { [b, a] };
                    let opening_seed = seed ^ ((i / 2) as u64 + 1).wrapping_mul(0x9E37_79B9);
                    let white_score =
                        game_result(game, players, &tables, nodes, random_plies, opening_seed);
                    let a_score = if a_is_white {
                        white_score
                    } else {
                        1.0 - white_score
                    };
                    let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                    if a_score > 0.75 {
                        t.wins += 1;
                    } else if a_score < 0.25 {
                        t.losses += 1;
                    } else {
                        t.draws += 1;
                    }
                }
            });
        }
    });
    tally.into_inner().unwrap_or_else(|e| e.into_inner())
}

fn game_result<G: Evaluate>(
    game: &G,
    players: [&Evaluator; 2],
    tables: &[TranspositionTable; 2],
    nodes: u64,
    random_plies: usize,
    seed: u64,
) -> f64 {
    let v = game.variant();
    let mut rng = Rng::seeded(seed);
    let mut pos = parse_position(game, &v.spec.start).expect("start positions are valid");
    let mut list = MoveList::new();
    for _ in 0..random_plies {
        game.legal_moves(&mut pos, &mut list);
        if list.is_empty() || game.outcome(&pos, list.len()).is_some() {
            break;
        }
        let mv = list[rng.below(list.len())];
        game.make(&mut pos, mv);
    }
    for t in tables {
        t.clear();
    }
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    loop {
        game.legal_moves(&mut pos, &mut list);
        if let Some(outcome) = game.outcome(&pos, list.len()) {
            return match outcome {
                Outcome::Win { winner: 0, .. } => 1.0,
                Outcome::Win { .. } => 0.0,
                Outcome::Draw { .. } => 0.5,
            };
        }
        if pos.ply() >= 500 {
            return 0.5;
        }
        let side = pos.side().min(1) as usize;
        let r = search::search(
            game,
            players[side],
            &pos,
            &limits,
            None,
            &Settings::default(),
            &tables[side],
            &Control::default(),
            &mut |_| {},
        );
        let Some(best) = r.best else { return 0.5 };
        game.make(&mut pos, best);
    }
}
