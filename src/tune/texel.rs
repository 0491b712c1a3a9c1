//! The texel method: choose evaluation weights that best predict game results from static
//! evaluations, `result ≈ 1 / (1 + 10^(-k·eval/400))`, by coordinate descent on the mean
//! squared error. The pawn's value stays fixed (it is the unit); royals have no value.

use crate::core::game::Game;
use crate::core::piece::KindId;
use crate::core::variant::Variant;
use crate::eval::evaluator::{EvalParams, Evaluator, SQUARE_NAMES, square_view};
use crate::eval::features::{TERMS, features};
use crate::eval::pawn_structure::PawnTable;
use crate::fen::parse_position;

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
            terms: features(game.variant(), &pos, &mut PawnTable::none()),
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

/// The scale k that best fits `ev` to the samples, with its error (then held fixed).
fn best_scale(ev: &Evaluator, samples: &[Sample]) -> (f64, f64) {
    let mut best = (1.0, f64::MAX);
    for i in 1..=60 {
        let k = i as f64 * 0.05;
        let e = error(ev, samples, k);
        if e < best.1 {
            best = (k, e);
        }
    }
    best
}

/// The samples as training rows for a learned correction (`tools/train_learned_eval.py`):
/// a `# k K` line (the scale [`best_scale`] fits), then per sample its label, the static
/// evaluation from the first player's view, the side to move and each man as
/// `owner:kind:cell`. The correction is trained as what this evaluation misses, so the
/// evaluation here is the hand-made one alone.
pub fn training_rows(ev: &Evaluator, samples: &[Sample]) -> String {
    use std::fmt::Write;
    let (k, _) = best_scale(ev, samples);
    let mut out = format!("# k {k:.2}\n");
    for s in samples {
        let _ = write!(out, "{} {} {}", s.result, white_eval(ev, s), s.side);
        for &(owner, kind, cell) in &s.men {
            let _ = write!(out, " {owner}:{kind}:{cell}");
        }
        out.push('\n');
    }
    out
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
    let (k, error_before) = best_scale(&eval_of(start), samples);
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
            // Per-square corrections are hundreds of weights: a step of one each is for
            // `fit_squares`, unless asked for by name.
            let skipped = match only {
                Some(prefix) => !names[i].starts_with(prefix),
                None => names[i].starts_with(SQUARE_NAMES),
            };
            if (i < fixed.len() && fixed[i]) || skipped {
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

/// Samples are held out in runs this long (about one game's positions, which a samples file
/// keeps together), so the held-out error is measured on games the descent did not see.
const HELD_OUT_BLOCK: usize = 64;

/// What [`fit_squares`] fits each (kind, square) correction with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareModel {
    /// A weight of its own.
    PerSquare,
    /// The sum of a weight for its rank and one for its file's distance from the edge (the
    /// same on both wings): far fewer weights, each seen in many more positions.
    RankAndFile,
}

impl SquareModel {
    /// The fitted cells whose sum is the correction of `kind` on `view`, as indices into the
    /// kind-by-square table (the tied model reuses its first cells: ranks, then distances).
    fn cells(self, v: &Variant, kind: usize, view: u16) -> Vec<usize> {
        let g = v.geometry();
        let first = kind * g.squares();
        match self {
            SquareModel::PerSquare => vec![first + view as usize],
            SquareModel::RankAndFile => {
                let file = g.file_of(view);
                let edge = file.min(g.files() - 1 - file);
                vec![first + g.rank_of(view), first + g.ranks() + edge]
            }
        }
    }
}

/// How many passes [`fit_squares`] makes over the samples (the held-out error settles
/// within a few hundred).
pub const SQUARE_EPOCHS: usize = 1000;

/// The pull of each per-square correction towards zero (times its square, added to the
/// error). On 38,000 chess positions labelled by Fairy-Stockfish the held-out error was
/// 0.0239 with no pull, 0.0221 with 1e-9, 0.0238 with 1e-8 and 0.0291 with 1e-6.
const SQUARE_PULL: f64 = 1e-9;

/// Fits the per-square corrections ([`EvalParams::squares`], through `model`) and the board
/// terms' weights together, all other weights held. They are hundreds, too many for steps of
/// one, but the evaluation is linear in them: each sample becomes its evaluation under
/// `start` plus a sparse row of coefficients (its men's cells and its term counts, blended by
/// the game phase), and gradient descent ([`descend`]) brings the error down. Every tenth run
/// of samples is held out of the descent and its error logged, to show whether the fit
/// generalises.
pub fn fit_squares<G: Game>(
    game: &G,
    start: &EvalParams,
    samples: &[Sample],
    model: SquareModel,
    epochs: usize,
    log: impl FnMut(&str),
) -> Result<Fit, String> {
    let v = game.variant();
    if start.squares.is_empty() {
        return Err(
            "this board has no per-square corrections (two players on files and ranks only)".into(),
        );
    }
    let base = Evaluator::with_params(v, start);
    let (k, error_before) = best_scale(&base, samples);
    let square_weights = 2 * start.squares.len();
    let rows: Vec<Row> = samples
        .iter()
        .map(|s| Row::new(v, &base, s, model, square_weights))
        .collect();
    let scale = k * std::f64::consts::LN_10 / 400.0;
    let delta = descend(
        &rows,
        square_weights + 2 * TERMS,
        square_weights,
        scale,
        epochs,
        log,
    );
    let mut params = start.clone();
    let squares = v.geometry().squares();
    for (i, c) in params.squares.iter_mut().enumerate() {
        let cells = model.cells(v, i / squares, (i % squares) as u16);
        for (phase, weight) in c.iter_mut().enumerate() {
            let change: f64 = cells.iter().map(|&cell| delta[2 * cell + phase]).sum();
            *weight += change.round() as i32;
        }
    }
    for (t, w) in params.dynamic.iter_mut().enumerate() {
        for (phase, weight) in w.iter_mut().enumerate() {
            *weight += delta[square_weights + 2 * t + phase].round() as i32;
        }
    }
    // The error of the rounded weights, measured with the evaluator itself.
    let error_after = error(&Evaluator::with_params(v, &params), samples, k);
    Ok(Fit {
        k,
        error_before,
        error_after,
        params,
    })
}

/// Adam on the mean squared error of the rows not held out, `epochs` full passes, from zero;
/// the first `pulled` weights (the per-square cells) are pulled lightly towards zero so cells
/// the samples seldom show stay near it. Returns the fitted change of each weight.
fn descend(
    rows: &[Row],
    weights: usize,
    pulled: usize,
    scale: f64,
    epochs: usize,
    mut log: impl FnMut(&str),
) -> Vec<f64> {
    let (rate, beta1, beta2): (f64, f64, f64) = (1.0, 0.9, 0.999);
    let held = |i: usize| (i / HELD_OUT_BLOCK).is_multiple_of(10);
    let trained = (0..rows.len()).filter(|&i| !held(i)).count().max(1) as f64;
    let held_out_error = |delta: &[f64]| {
        let (sum, n) = (rows.iter().enumerate())
            .filter(|&(i, _)| held(i))
            .fold((0.0, 0), |(sum, n), (_, r)| {
                (sum + r.error(delta, scale), n + 1)
            });
        sum / f64::from(n.max(1))
    };
    let mut delta = vec![0.0f64; weights];
    let (mut mean, mut square) = (vec![0.0f64; weights], vec![0.0f64; weights]);
    log(&format!(
        "held-out error before: {:.6}",
        held_out_error(&delta)
    ));
    for epoch in 1..=epochs {
        let mut gradient = vec![0.0f64; weights];
        for (_, row) in rows.iter().enumerate().filter(|&(i, _)| !held(i)) {
            let p = row.prediction(&delta, scale);
            let slope = -2.0 * (row.result - p) * p * (1.0 - p) * scale / trained;
            for &(at, c) in &row.coefs {
                gradient[at as usize] += slope * c;
            }
        }
        for (i, g) in gradient.iter_mut().enumerate().take(pulled) {
            *g += 2.0 * SQUARE_PULL * delta[i];
        }
        let (fix1, fix2) = (
            1.0 - beta1.powi(epoch as i32),
            1.0 - beta2.powi(epoch as i32),
        );
        for i in 0..weights {
            mean[i] = beta1 * mean[i] + (1.0 - beta1) * gradient[i];
            square[i] = beta2 * square[i] + (1.0 - beta2) * gradient[i] * gradient[i];
            delta[i] -= rate * (mean[i] / fix1) / ((square[i] / fix2).sqrt() + 1e-12);
        }
        if epoch % 100 == 0 {
            log(&format!(
                "epoch {epoch}: held-out error {:.6}",
                held_out_error(&delta)
            ));
        }
    }
    delta
}

/// One sample reduced to its evaluation under the starting weights plus the coefficients of
/// the weights being fitted (index into the weight vector, coefficient), White's view.
struct Row {
    base: f64,
    result: f64,
    coefs: Vec<(u32, f64)>,
}

impl Row {
    /// The row of sample `s`: two weights (middlegame, endgame) per cell of `model`, then two
    /// per board term from index `terms_from` on.
    fn new(
        v: &Variant,
        base: &Evaluator,
        s: &Sample,
        model: SquareModel,
        terms_from: usize,
    ) -> Row {
        let share = base.middlegame_share(
            (s.men.iter().map(|&(_, kind, _)| (kind, 1)))
                .chain(s.hands.iter().map(|&(_, kind, n)| (kind, n as i32))),
        );
        let mut coefs = Vec::with_capacity(4 * s.men.len() + 2 * TERMS);
        let mut add = |at: usize, weight: f64| {
            coefs.push((at as u32, weight * share));
            coefs.push((at as u32 + 1, weight * (1.0 - share)));
        };
        for &(player, kind, sq) in &s.men {
            let sign = if player == 0 { 1.0 } else { -1.0 };
            for cell in model.cells(v, kind as usize, square_view(v, sq, player)) {
                add(2 * cell, sign);
            }
        }
        let side = if s.side == 0 { 1.0 } else { -1.0 };
        for (term, &count) in s.terms.iter().enumerate().filter(|(_, c)| **c != 0) {
            add(terms_from + 2 * term, side * count as f64);
        }
        Row {
            base: white_eval(base, s),
            result: s.result,
            coefs,
        }
    }

    fn prediction(&self, delta: &[f64], scale: f64) -> f64 {
        let change: f64 = self
            .coefs
            .iter()
            .map(|&(at, c)| c * delta[at as usize])
            .sum();
        1.0 / (1.0 + (-scale * (self.base + change)).exp())
    }

    fn error(&self, delta: &[f64], scale: f64) -> f64 {
        let p = self.prediction(delta, scale);
        (self.result - p) * (self.result - p)
    }
}
