//! Fitting the evaluation to games the engine plays (issue 4: "piece values tuned, not
//! guessed"). Two steps, both from the CLI:
//! 1. [`selfplay`]: the engine plays itself from randomised openings at a fixed node count and
//!    writes quiet positions with the game's final result;
//! 2. [`texel`]: the evaluation weights are fitted to those results (the texel method: minimise
//!    the squared gap between the result and a logistic function of the static evaluation).
//!
//! The fitted numbers are then written into the variant's data by hand, with the command that
//! produced them, so a build never depends on a data file.

pub mod compare;
pub mod datagen;
pub mod network;
pub mod params;
pub mod selfplay;
pub mod texel;

/// The tuner's generator: xorshift64* ([`crate::core::random`]), seeded with
/// [`XorShift64Star::seeded`](crate::core::random::XorShift64Star::seeded) so that openings are
/// reproducible from a seed.
pub use crate::core::random::XorShift64Star as Rng;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::eval::Evaluator;
    use crate::variants::{AnyGame, game};

    #[test]
    fn self_play_is_reproducible_and_the_fit_lowers_the_error() {
        let Ok(AnyGame::Western(g)) = game("chess") else {
            panic!("chess is a Western game")
        };
        let plan = selfplay::SelfPlay {
            games: 3,
            nodes: 300,
            random_plies: 6,
            seed: 5,
            threads: 1,
            max_plies: 60,
        };
        let ev = Evaluator::new(g.variant());
        let first = selfplay::play(&g, &ev, &plan);
        assert!(!first.is_empty());
        assert_eq!(first, selfplay::play(&g, &ev, &plan));
        let (samples, bad) = texel::read_samples(&g, &first.join("\n"));
        assert_eq!((samples.len(), bad), (first.len(), 0));
        let start = crate::eval::evaluator::EvalParams::defaults(g.variant());
        let fit = texel::fit(&g, &start, &samples, 5, None, |_| {});
        assert!(fit.error_after <= fit.error_before);
        let mut per_square = None;
        for model in [
            texel::SquareModel::PerSquare,
            texel::SquareModel::RankAndFile,
        ] {
            let fit = texel::fit_squares(&g, &start, &samples, model, 50, |_| {}).unwrap();
            assert!(fit.error_after < fit.error_before, "{model:?}");
            assert!(fit.params.squares.iter().any(|c| c != &[0, 0]), "{model:?}");
            per_square.get_or_insert(fit.params);
        }
        // The fitted corrections survive the weights file.
        let params = per_square.expect("the per-square model was fitted");
        let text = params::write_params(g.variant(), &params);
        assert_eq!(params::read_params(g.variant(), &text), Ok(params));
    }

    #[test]
    fn training_rows_give_each_samples_label_static_evaluation_and_men() {
        let Ok(AnyGame::Western(g)) = game("chess") else {
            panic!("chess is a Western game")
        };
        let text = "0.25 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
                    1 4k3/8/8/8/8/8/8/4K2R b - - 0 1\n";
        let (samples, bad) = texel::read_samples(&g, text);
        assert_eq!((samples.len(), bad), (2, 0));
        let ev = Evaluator::new(g.variant());
        let rows = texel::training_rows(&ev, &samples);
        let lines: Vec<&str> = rows.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with("# k "), "{}", lines[0]);
        // The start: White to move, worth the tempo, 32 men.
        let start: Vec<&str> = lines[1].split(' ').collect();
        let tempo = crate::eval::evaluator::EvalParams::defaults(g.variant()).tempo;
        assert_eq!(start[..3], ["0.25", &tempo.to_string(), "0"]);
        assert_eq!(start.len() - 3, 32);
        // A rook up for White, Black to move: positive from White's view; men as owner:kind:cell.
        let rook: Vec<&str> = lines[2].split(' ').collect();
        assert_eq!((rook[0], rook[2]), ("1", "1"));
        assert!(rook[1].parse::<i32>().unwrap() > 300, "{}", lines[2]);
        assert_eq!(rook[3..], ["0:5:4", "0:3:7", "1:5:60"]);
    }
}
