//! A learned correction to the evaluation: one hidden layer over which man stands on which
//! cell, added to the hand-made terms of [`eval`](super::eval).
//!
//! Why: forty-odd hand-made terms and weight fits left Menagerie's Wildebeest at about a fifth
//! of the points against Fairy-Stockfish (docs/strength.md). Linear fits (weights,
//! per-square tables) could not say what a position's men mean together; a hidden layer can.
//! The correction is trained on positions labelled by Fairy-Stockfish's search, as the residual
//! of our own static evaluation (`tools/train_learned_eval.py`, docs/evaluation.md),
//! so the hand-made terms stay the base and the layer adds what they miss.
//!
//! Inputs: one per (owner, kind, cell) as the evaluator indexes its tables, plus one for
//! "the first player to move". The output is centipawns from the first player's view. The
//! whole layer is summed at each evaluation (a few dozen men times a narrow layer costs less
//! than the board terms), so make/unmake carries nothing.

use crate::core::position::Position;
use crate::core::variant::Variant;
use std::sync::{Arc, OnceLock};

/// The most a correction adds or takes away, in centipawns: the hand-made terms carry the
/// large sums (material), and the bound keeps any weights far from the mate scores.
pub const MAX_CORRECTION: i32 = 2000;

/// The widest hidden layer [`LearnedCorrection::parse`] accepts (the sums live on the stack).
pub const MAX_HIDDEN: usize = 64;

/// The correction files built into the engine, by variant name. Each was trained by
/// `tools/train_learned_eval.py` as its header says.
const BUILT_IN: &[(&str, &str)] = &[
    ("wildebeest", include_str!("learned/wildebeest.txt")),
    ("chess", include_str!("learned/chess.txt")),
];

#[derive(Debug, PartialEq)]
pub struct LearnedCorrection {
    kinds: usize,
    squares: usize,
    /// The hidden layer as summed: the file's hidden values padded with idle ones (all weights
    /// 0) to 32 or 64, so that the sums have a width known when compiling and are added in
    /// whole vector registers (a tenth of Wildebeest's search time went to these sums).
    width: usize,
    /// One row of `width` weights per input; the last row is "the first player to move".
    input_weights: Vec<f32>,
    hidden_bias: Vec<f32>,
    /// Centipawns per unit of each hidden value.
    output_weights: Vec<f32>,
    output_bias: f32,
}

impl LearnedCorrection {
    /// The built-in correction for `v`, if it has one (parsed once per process).
    pub fn built_in(v: &Variant) -> Option<Arc<LearnedCorrection>> {
        static PARSED: [OnceLock<Option<Arc<LearnedCorrection>>>; BUILT_IN.len()] =
            [const { OnceLock::new() }; BUILT_IN.len()];
        if v.spec.players != 2 || v.spec.holdings {
            return None;
        }
        let index = BUILT_IN.iter().position(|(name, _)| *name == v.name())?;
        let (name, text) = BUILT_IN[index];
        PARSED[index]
            .get_or_init(|| {
                Self::parse(text, v.kinds(), v.geometry().squares())
                    .map_err(|e| log::error!("the built-in correction for {name}: {e}"))
                    .ok()
                    .map(Arc::new)
            })
            .clone()
    }

    /// Reads a correction file: `#` comment lines, then the numbers of inputs and hidden
    /// values, the input weights row by row, the hidden biases, the output weights and the
    /// output bias, separated by white space.
    pub fn parse(text: &str, kinds: usize, squares: usize) -> Result<Self, String> {
        let mut numbers = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .flat_map(str::split_whitespace)
            .map(|t| match t.parse::<f32>() {
                Ok(x) if x.is_finite() => Ok(x),
                _ => Err(format!("not a finite number: {t}")),
            });
        let mut next = || numbers.next().unwrap_or(Err("the file ends early".into()));
        let inputs = next()? as usize;
        let hidden = next()? as usize;
        let expected = 2 * kinds * squares + 1;
        if inputs != expected {
            return Err(format!("{inputs} inputs where this board has {expected}"));
        }
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(format!("{hidden} hidden values (1 to {MAX_HIDDEN})"));
        }
        let mut take = |n: usize| (0..n).map(|_| next()).collect::<Result<Vec<f32>, _>>();
        let input_weights = take(inputs * hidden)?;
        let hidden_bias = take(hidden)?;
        let output_weights = take(hidden)?;
        let output_bias = take(1)?[0];
        if numbers.next().is_some() {
            return Err("numbers after the output bias".into());
        }
        let width = if hidden <= 32 { 32 } else { MAX_HIDDEN };
        Ok(LearnedCorrection {
            kinds,
            squares,
            width,
            input_weights: (input_weights.chunks(hidden))
                .flat_map(|row| padded(row, width))
                .collect(),
            hidden_bias: padded(&hidden_bias, width).collect(),
            output_weights: padded(&output_weights, width).collect(),
            output_bias,
        })
    }

    /// The correction in centipawns for the side to move.
    pub fn for_side_to_move(&self, pos: &Position) -> i32 {
        let first = self.for_first_player(pos);
        if pos.side() == 0 { first } else { -first }
    }

    /// The correction in centipawns from the first player's view.
    fn for_first_player(&self, pos: &Position) -> i32 {
        if self.width == 32 {
            self.sum_for_first_player::<32>(pos)
        } else {
            self.sum_for_first_player::<MAX_HIDDEN>(pos)
        }
    }

    /// [`Self::for_first_player`] for a layer `W` wide (`W == self.width`). The inputs are
    /// gathered in a small buffer and summed by [`accumulate`] in batches: summed straight from
    /// the board walk, the compiler split the sums into scalars and added them one by one.
    fn sum_for_first_player<const W: usize>(&self, pos: &Position) -> i32 {
        let mut sums = [0f32; W];
        sums.copy_from_slice(&self.hidden_bias[..W]);
        let men = (0..2u8).flat_map(|player| {
            let base = player as usize * self.kinds;
            pos.occupied(player)
                .iter()
                .map(move |sq| (base + pos.at(sq).kind() as usize) * self.squares + sq as usize)
        });
        let first_to_move = (pos.side() == 0).then_some(2 * self.kinds * self.squares);
        let mut inputs = [0usize; 64];
        let mut gathered = 0;
        for input in men.chain(first_to_move) {
            inputs[gathered] = input;
            gathered += 1;
            if gathered == inputs.len() {
                accumulate(&self.input_weights, &inputs, &mut sums);
                gathered = 0;
            }
        }
        accumulate(&self.input_weights, &inputs[..gathered], &mut sums);
        let out = output(&sums, &self.output_weights) + self.output_bias;
        (out.round() as i32).clamp(-MAX_CORRECTION, MAX_CORRECTION)
    }
}

/// Adds the weight rows of `inputs` (each `W` wide in `weights`) to `sums`. The sums are a
/// local array of a width known when compiling, so the additions are vector additions: eight
/// lanes wide where the processor has AVX2 (x86-64's default target assumes four).
#[inline(never)]
fn accumulate<const W: usize>(weights: &[f32], inputs: &[usize], sums: &mut [f32; W]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has the instructions the function is compiled for.
        return unsafe { accumulate_with_avx2(weights, inputs, sums) };
    }
    accumulate_rows(weights, inputs, sums)
}

/// [`accumulate`] compiled for AVX2. Each sum adds the same numbers in the same order as
/// without it, so the correction is the same to the last bit.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn accumulate_with_avx2<const W: usize>(weights: &[f32], inputs: &[usize], sums: &mut [f32; W]) {
    accumulate_rows(weights, inputs, sums)
}

/// The sums themselves, inlined into both versions of [`accumulate`] so that each is compiled
/// for its own target.
#[inline(always)]
fn accumulate_rows<const W: usize>(weights: &[f32], inputs: &[usize], sums: &mut [f32; W]) {
    let mut local = *sums;
    for &input in inputs {
        if let Some(row) = weights.get(input * W..).and_then(<[f32]>::first_chunk::<W>) {
            for (sum, w) in local.iter_mut().zip(row) {
                *sum += w;
            }
        }
    }
    *sums = local;
}

/// The output layer without its bias: the sums cut at zero, weighed and added, in eight
/// lanes so that the additions run side by side rather than one after another.
#[inline(never)]
fn output<const W: usize>(sums: &[f32; W], weights: &[f32]) -> f32 {
    let mut lanes = [0f32; 8];
    for (s, w) in sums.chunks_exact(8).zip(weights.chunks_exact(8)) {
        for lane in 0..8 {
            lanes[lane] += s[lane].max(0.0) * w[lane];
        }
    }
    lanes.iter().sum()
}

/// `row` followed by zeros, `width` numbers in all.
fn padded(row: &[f32], width: usize) -> impl Iterator<Item = f32> + '_ {
    row.iter()
        .copied()
        .chain(std::iter::repeat(0.0))
        .take(width)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::fen::parse_position;
    use crate::variants::western_by_name as western;

    /// A correction file for Wildebeest's board with one hidden value: every input weight 0
    /// but those named, hidden bias `b1`, output weight `w2`, output bias `b2`.
    fn one_hidden(weights: &[(usize, f32)], b1: f32, w2: f32, b2: f32) -> String {
        let inputs = 2 * 8 * 110 + 1;
        let mut text = format!("# a test file\n{inputs} 1\n");
        for i in 0..inputs {
            let w = weights.iter().find(|(at, _)| *at == i).map_or(0.0, |p| p.1);
            text += &format!("{w}\n");
        }
        text + &format!("{b1}\n{w2}\n{b2}\n")
    }

    #[test]
    fn wildebeest_and_chess_have_built_in_corrections_and_almost_wildebeest_has_none() {
        for name in ["wildebeest", "chess"] {
            let net = LearnedCorrection::built_in(western(name).variant());
            assert!(net.is_some_and(|n| n.width >= 32), "{name}");
        }
        assert!(LearnedCorrection::built_in(western("almost-wildebeest").variant()).is_none());
    }

    #[test]
    fn inputs_are_owner_kind_and_cell_and_the_output_is_for_the_side_to_move() {
        let g = western("wildebeest");
        // White's king (kind 5) on f1 (cell 5), Black's on f10 (cell 104), White to move.
        let white_king = 5 * 110 + 5;
        let black_king = (8 + 5) * 110 + 104;
        let first_to_move = 2 * 8 * 110;
        let text = one_hidden(
            &[(white_king, 2.0), (black_king, 0.5), (first_to_move, 10.0)],
            -1.0,
            3.0,
            7.0,
        );
        let net = LearnedCorrection::parse(&text, 8, 110).unwrap();
        let white = parse_position(&g, "5k5/11/11/11/11/11/11/11/11/5K5 w - - 0 1").unwrap();
        // 7 + 3 * relu(-1 + 2 + 0.5 + 10) = 41.5, rounded away from zero.
        assert_eq!(net.for_side_to_move(&white), 42);
        // Black to move: no "first player to move" input, and the sign turns.
        let black = parse_position(&g, "5k5/11/11/11/11/11/11/11/11/5K5 b - - 0 1").unwrap();
        assert_eq!(
            net.for_side_to_move(&black),
            -(7.0f32 + 3.0 * 1.5).round() as i32
        );
        // A negative sum is cut to zero: only the output bias is left.
        let cut = one_hidden(&[(white_king, -5.0)], 0.0, 3.0, 7.0);
        let net = LearnedCorrection::parse(&cut, 8, 110).unwrap();
        let only_kings = parse_position(&g, "5k5/11/11/11/11/11/11/11/11/5K5 b - - 0 1").unwrap();
        assert_eq!(net.for_side_to_move(&only_kings), -7);
    }

    #[test]
    fn a_wide_layer_sums_every_man_however_many() {
        // 40 hidden values (summed 64 wide); the first and the last have every input weight 1,
        // the others 0, and output weights 1 and 2: the output is 3 x (men + first to move).
        let inputs = 2 * 8 * 110 + 1;
        let row: Vec<String> = (0..40)
            .map(|unit| if unit == 0 || unit == 39 { "1" } else { "0" }.to_string())
            .collect();
        let mut text = format!("{inputs} 40\n");
        for _ in 0..inputs {
            text += &(row.join(" ") + "\n");
        }
        text += &(vec!["0"; 40].join(" ") + "\n");
        let outputs: Vec<&str> = (0..40)
            .map(|unit| match unit {
                0 => "1",
                39 => "2",
                _ => "0",
            })
            .collect();
        text += &(outputs.join(" ") + "\n0\n");
        let net = LearnedCorrection::parse(&text, 8, 110).unwrap();
        assert_eq!(net.width, 64);
        let g = western("wildebeest");
        // 68 men: more than the 64 inputs gathered per batch.
        let crowded =
            "5k5/ppppppppppp/ppppppppppp/ppppppppppp/11/11/PPPPPPPPPPP/PPPPPPPPPPP/PPPPPPPPPPP/5K5";
        let white = parse_position(&g, &format!("{crowded} w - - 0 1")).unwrap();
        assert_eq!(net.for_side_to_move(&white), 3 * 69);
        let black = parse_position(&g, &format!("{crowded} b - - 0 1")).unwrap();
        assert_eq!(net.for_side_to_move(&black), -3 * 68);
    }

    #[test]
    fn the_sums_are_the_same_to_the_bit_with_or_without_avx2() {
        // Weights that round differently when added in another order.
        let weights: Vec<f32> = (0..100 * 64)
            .map(|i| ((i * 7919 % 1013) as f32 - 506.0) * 1.37e-3)
            .collect();
        let inputs: Vec<usize> = (0..60).map(|i| i * 37 % 100).collect();
        let mut plain = [0.25f32; 64];
        accumulate_rows(&weights, &inputs, &mut plain);
        let mut dispatched = [0.25f32; 64];
        accumulate(&weights, &inputs, &mut dispatched);
        assert_eq!(plain.map(f32::to_bits), dispatched.map(f32::to_bits));
    }

    #[test]
    fn a_correction_stays_within_its_bound() {
        let g = western("wildebeest");
        let kings = parse_position(&g, "5k5/11/11/11/11/11/11/11/11/5K5 w - - 0 1").unwrap();
        let huge = LearnedCorrection::parse(&one_hidden(&[], 1.0, 1e9, 0.0), 8, 110).unwrap();
        assert_eq!(huge.for_side_to_move(&kings), MAX_CORRECTION);
        let negative = LearnedCorrection::parse(&one_hidden(&[], 1.0, -1e9, 0.0), 8, 110).unwrap();
        assert_eq!(negative.for_side_to_move(&kings), -MAX_CORRECTION);
    }

    #[test]
    fn malformed_files_are_refused_without_panicking() {
        let good = one_hidden(&[], 0.0, 1.0, 0.0);
        assert!(LearnedCorrection::parse(&good, 8, 110).is_ok());
        let cases = [
            ("wrong board", good.replacen("1761 1", "1760 1", 1)),
            ("no hidden values", good.replacen("1761 1", "1761 0", 1)),
            ("too wide", good.replacen("1761 1", "1761 65", 1)),
            (
                "ends early",
                good.trim_end().rsplit_once('\n').unwrap().0.to_string(),
            ),
            ("extra numbers", good.clone() + "1\n"),
            ("not a number", good.replacen("\n0\n", "\nx\n", 1)),
            ("not finite", good.replacen("\n0\n", "\nNaN\n", 1)),
            ("infinite", good.replacen("\n0\n", "\ninf\n", 1)),
            ("empty", String::new()),
        ];
        for (what, text) in cases {
            assert!(LearnedCorrection::parse(&text, 8, 110).is_err(), "{what}");
        }
    }
}
