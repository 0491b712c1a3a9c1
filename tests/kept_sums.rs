//! The search's positions keep the sums of the evaluator's per-square tables as men come and
//! go (`Position::keep_sums`), instead of each evaluation adding up every man. These tests
//! hold the kept sums to the sums made afresh through random games, moves taken back included.

mod common;

use common::{western, xorshift};
use menagerie::core::game::Game;
use menagerie::core::moves::MoveList;
use menagerie::eval::Evaluator;
use menagerie::eval::evaluator::EvalParams;
use menagerie::fen::parse_position;

/// Plays pseudo-random games (some moves taken back again) and compares, at every position,
/// the evaluation of the position keeping sums with that of a copy that keeps none.
fn compare(variant: &str, fen: &str, games: u64, plies: usize) -> usize {
    let g = western(variant);
    let v = g.variant();
    // The hand-made evaluation is the one that reads the sums (a network keeps its own layers).
    let ev = Evaluator::new(v).without_network();
    let mut compared = 0;
    let mut moves = MoveList::new();
    for game in 0..games {
        let mut pos = parse_position(&g, fen).unwrap();
        ev.keep_sums_in(&mut pos);
        let mut seed = 0x6A09_E667_F3BC_C909u64 ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for _ in 0..plies {
            let mut fresh = pos.clone();
            fresh.keep_sums(None);
            assert_eq!(
                ev.evaluate(v, &pos),
                ev.evaluate(v, &fresh),
                "{variant}, game {game}"
            );
            compared += 1;
            g.legal_moves(&mut pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            xorshift(&mut seed);
            g.make(&mut pos, moves[(seed % moves.len() as u64) as usize]);
            if seed.is_multiple_of(4) {
                // A move made and taken back must leave the sums as they were.
                let mv = moves[(seed / 4 % moves.len() as u64) as usize];
                g.unmake(&mut pos);
                g.make(&mut pos, mv);
            }
        }
    }
    compared
}

#[test]
fn chess_sums_kept_are_the_sums() {
    assert!(compare("chess", menagerie::variants::chess::START, 40, 150) >= 2_000);
}

#[test]
fn wildebeest_sums_kept_are_the_sums() {
    let start = menagerie::variants::wildebeest::START;
    assert!(compare("wildebeest", start, 30, 150) >= 2_000);
}

/// Sums are read only by the evaluator that installed them: one with other tables (the
/// tuner's, say) adds up the men itself, or it would score the installer's tables.
#[test]
fn another_evaluators_tables_are_not_read_from_the_sums() {
    let g = western("chess");
    let v = g.variant();
    let mine = Evaluator::new(v).without_network();
    let mut params = EvalParams::defaults(v);
    params.values[menagerie::variants::chess::KNIGHT as usize] += 150;
    let other = Evaluator::with_params(v, &params).without_network();
    // White has one knight more, so the knight's worth shows in the score.
    let fen = "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1";
    let mut pos = parse_position(&g, fen).unwrap();
    mine.keep_sums_in(&mut pos);
    let mut fresh = pos.clone();
    fresh.keep_sums(None);
    assert_ne!(mine.evaluate(v, &fresh), other.evaluate(v, &fresh));
    assert_eq!(other.evaluate(v, &pos), other.evaluate(v, &fresh));
}
