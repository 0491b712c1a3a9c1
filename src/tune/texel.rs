//! The texel method: choose evaluation weights that best predict game results from static
//! evaluations, `result ≈ 1 / (1 + 10^(-k·eval/400))`, by coordinate descent on the mean
//! squared error. The pawn's value stays fixed (it is the unit); royals have no value.

use crate::core::game::Game;
use crate::core::piece::KindId;
use crate::fen::parse_position;
use crate::search::eval::{EvalParams, Evaluator};
use crate::search::features::{TERMS, features};

/// One stored position, reduced to what the evaluation reads.
pub struct Sample {
    result: f64,
    side: u8,
    men: Vec<(u8, KindId, u16)>,
    hands: Vec<(u8, KindId, u8)>,
    terms: [i32; TERMS],
}

/// Reads `<result> <position>` lines (`#` lines are comments); bad lines are counted, not fatal.
pub fn read_samples<G: Game>(game: &G, text: &str) -> (Vec<Sample>, usize) {
    let mut samples = Vec::new();
    let mut bad = 0;
    let kinds = game.variant().kinds() as u8;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((result, fen)) = line.split_once(' ') else {
            bad += 1;
            continue;
        };
        let (Ok(result), Ok(pos)) = (result.parse::<f64>(), parse_position(game, fen)) else {
            bad += 1;
            continue;
        };
        let mut men = Vec::new();
        let mut hands = Vec::new();
        for player in 0..pos.players() {
            for sq in pos.occupied(player).iter() {
                men.push((player, pos.at(sq).kind(), sq));
            }
            for kind in 0..kinds {
                let n = pos.hand(player, kind);
                if n > 0 {
                    hands.push((player, kind, n));
                }
            }
        }
        samples.push(Sample {
            result,
            side: pos.side(),
            men,
            hands,
            terms: features(game.variant(), &pos),
        });
    }
    (samples, bad)
}

fn white_eval(ev: &Evaluator, s: &Sample) -> f64 {
    let e = ev.evaluate_men(
        s.side,
        s.men.iter().copied(),
        s.hands.iter().copied(),
        &s.terms,
    );
    if s.side == 0 { e as f64 } else { -e as f64 }
}

fn error(ev: &Evaluator, samples: &[Sample], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = 1.0 / (1.0 + 10f64.powf(-k * white_eval(ev, s) / 400.0));
            (s.result - p) * (s.result - p)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The outcome of a fit.
pub struct Fit {
    pub k: f64,
    pub error_before: f64,
    pub error_after: f64,
    pub params: EvalParams,
}

/// Fits the weights, starting from `start`. `log` receives one line per improvement.
pub fn fit<G: Game>(
    game: &G,
    start: &EvalParams,
    samples: &[Sample],
    rounds: usize,
    only: Option<&str>,
    mut log: impl FnMut(&str),
) -> Fit {
    let v = game.variant();
    let eval_of = |p: &EvalParams| Evaluator::with_params(v, p);
    // The scale k that best fits the starting weights, then held fixed.
    let base = eval_of(start);
    let mut k = 1.0;
    let mut best_k_error = f64::MAX;
    for i in 1..=60 {
        let kk = i as f64 * 0.05;
        let e = error(&base, samples, kk);
        if e < best_k_error {
            best_k_error = e;
            k = kk;
        }
    }
    let error_before = best_k_error;
    let fixed: Vec<bool> = (0..v.kinds())
        .map(|i| {
            let kind = v.kind(i as KindId);
            kind.role.pawn || kind.role.royal
        })
        .collect();
    let names = start.names(v);
    let mut weights = start.to_vec();
    let mut best = error_before;
    for round in 0..rounds {
        let mut improved = false;
        for i in 0..weights.len() {
            if (i < fixed.len() && fixed[i]) || only.is_some_and(|p| !names[i].starts_with(p)) {
                continue;
            }
            let step = if i < fixed.len() { 8 } else { 1 };
            for delta in [step, -step] {
                let mut trial = weights.clone();
                trial[i] += delta;
                let e = error(&eval_of(&start.from_vec(&trial)), samples, k);
                if e < best {
                    best = e;
                    weights = trial;
                    improved = true;
                    log(&format!(
                        "round {round}: {} = {} (error {best:.6})",
                        names[i], weights[i]
                    ));
                    break;
                }
            }
        }
        if !improved {
            break;
        }
    }
    Fit {
        k,
        error_before,
        error_after: best,
        params: start.from_vec(&weights),
    }
}
