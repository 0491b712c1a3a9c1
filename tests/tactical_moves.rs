//! The quiescence search's moves (`Game::tactical_moves`) come from a generator that looks
//! only at captures (`core::movegen::captures_from`). These tests hold it to the definition,
//! order included (the search breaks ties by it): the legal moves that capture or promote, in
//! the order `legal_moves` lists them.

mod common;

use common::{western, xorshift};
use menagerie::core::game::Game;
use menagerie::core::moves::{Move, MoveList};
use menagerie::core::position::Position;
use menagerie::fen::parse_position;
use menagerie::variants::western::Western;

/// The tactical moves by definition: the legal moves filtered, in their order.
fn tactical_by_filter(g: &Western, pos: &mut Position) -> Vec<Move> {
    let mut moves = MoveList::new();
    g.legal_moves(pos, &mut moves);
    moves
        .iter()
        .copied()
        .filter(|&mv| mv.is_promotion() || g.captured(pos, mv).is_some())
        .collect()
}

/// Plays pseudo-random games from `fen` (captures preferred, so the boards thin out and pawns
/// promote) and compares the two lists in every position; returns how many captures and
/// promotions were listed in all.
fn compare(variant: &str, fen: &str, games: u64, plies: usize) -> usize {
    let g = western(variant);
    let mut listed = 0;
    let mut tactical = MoveList::new();
    let mut legal = MoveList::new();
    for game in 0..games {
        let mut pos = parse_position(&g, fen).unwrap();
        let mut seed = 0x2545_F491_4F6C_DD1Du64 ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for ply in 0..plies {
            g.tactical_moves(&mut pos, &mut tactical);
            let expected = tactical_by_filter(&g, &mut pos);
            assert_eq!(
                tactical.to_vec(),
                expected,
                "{variant}: game {game}, ply {ply}"
            );
            listed += expected.len();
            g.legal_moves(&mut pos, &mut legal);
            if legal.is_empty() {
                break;
            }
            xorshift(&mut seed);
            let mv = if !expected.is_empty() && seed.is_multiple_of(3) {
                expected[(seed / 3 % expected.len() as u64) as usize]
            } else {
                legal[(seed % legal.len() as u64) as usize]
            };
            g.make(&mut pos, mv);
        }
    }
    listed
}

#[test]
fn chess_tactical_moves_are_the_legal_captures_and_promotions() {
    let listed = compare("chess", menagerie::variants::chess::START, 200, 160);
    assert!(listed >= 5_000, "only {listed} tactical moves were listed");
}

#[test]
fn wildebeest_tactical_moves_are_the_legal_captures_and_promotions() {
    let start = menagerie::variants::wildebeest::START;
    let listed = compare("wildebeest", start, 150, 160);
    assert!(listed >= 5_000, "only {listed} tactical moves were listed");
}

#[test]
fn almost_wildebeest_tactical_moves_are_the_legal_captures_and_promotions() {
    let almost = western("almost-wildebeest");
    let start: &str = &almost.variant().spec.start;
    let listed = compare("almost-wildebeest", start, 100, 160);
    assert!(listed >= 3_000, "only {listed} tactical moves were listed");
}

/// Positions with every kind of tactical move: en passant, promotions with and without a
/// capture, a pinned piece's capture (not legal), captures in check.
#[test]
fn hand_picked_positions() {
    let g = western("chess");
    for fen in [
        "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1",
        "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/4r3/8/8/8/4B3/3p4/4K3 w - - 0 1",
        "4k3/8/8/8/1b6/8/3N4/R3K3 w - - 0 1",
    ] {
        let mut pos = parse_position(&g, fen).unwrap();
        let mut tactical = MoveList::new();
        g.tactical_moves(&mut pos, &mut tactical);
        assert_eq!(tactical.to_vec(), tactical_by_filter(&g, &mut pos), "{fen}");
    }
}
