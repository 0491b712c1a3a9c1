//! Legal moves in check come from the checkers (`core::attacks::check_blocks`: take the
//! checker or step between, only the royal against two checkers) without making each move.
//! These tests hold that shortcut to the definition: a pseudo-legal move is legal when, once
//! made, the mover's royal is not attacked.

mod common;

use common::{western, xorshift};
use menagerie::core::attacks::attacked_by_enemy;
use menagerie::core::game::Game;
use menagerie::core::moves::{Move, MoveList};
use menagerie::core::position::Position;
use menagerie::fen::parse_position;
use menagerie::variants::western::Western;

/// The legal moves by definition: every pseudo-legal move made and the royal looked at.
fn legal_by_making(g: &Western, pos: &mut Position) -> Vec<Move> {
    let mut pseudo = MoveList::new();
    g.pseudo_legal(pos, &mut pseudo);
    let side = pos.side();
    let mut legal = Vec::new();
    for &mv in pseudo.iter() {
        g.make(pos, mv);
        let safe = match pos.royals(side).first() {
            Some(royal) => !attacked_by_enemy(g.variant(), pos, royal, side),
            None => true,
        };
        g.unmake(pos);
        if safe {
            legal.push(mv);
        }
    }
    legal.sort_by_key(|m| format!("{m:?}"));
    legal
}

fn legal_by_engine(g: &Western, pos: &mut Position) -> Vec<Move> {
    let mut moves = MoveList::new();
    g.legal_moves(pos, &mut moves);
    let mut moves: Vec<Move> = moves.to_vec();
    moves.sort_by_key(|m| format!("{m:?}"));
    moves
}

/// Plays pseudo-random legal games from `fen` and compares the two move lists in every
/// position met where the side to move is in check; returns how many such positions there
/// were.
fn compare_in_checks(variant: &str, fen: &str, games: u64, plies: usize) -> usize {
    let g = western(variant);
    let mut checks = 0;
    for game in 0..games {
        let mut pos = parse_position(&g, fen).unwrap();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ game.wrapping_mul(0x2545_F491_4F6C_DD1D);
        for _ in 0..plies {
            let moves = legal_by_engine(&g, &mut pos);
            if g.in_check(&pos) {
                checks += 1;
                assert_eq!(
                    moves,
                    legal_by_making(&g, &mut pos),
                    "{variant}: legal moves in check differ in game {game}"
                );
            }
            if moves.is_empty() {
                break;
            }
            xorshift(&mut seed);
            g.make(&mut pos, moves[(seed % moves.len() as u64) as usize]);
        }
    }
    checks
}

#[test]
fn chess_evasions_are_the_legal_moves() {
    let checks = compare_in_checks("chess", menagerie::variants::chess::START, 300, 120);
    assert!(checks >= 100, "only {checks} positions in check were met");
}

#[test]
fn wildebeest_evasions_are_the_legal_moves() {
    let checks = compare_in_checks(
        "wildebeest",
        menagerie::variants::wildebeest::START,
        200,
        120,
    );
    assert!(checks >= 100, "only {checks} positions in check were met");
}

/// Hand-picked checks: a double check (only the king moves), a knight's check (take it or
/// move the king; no block), a rook's check a pinned bishop could block but may not, a
/// pawn's check that en passant answers, and a bishop's check a rook blocks.
#[test]
fn hand_picked_checks() {
    let g = western("chess");
    for fen in [
        "4k3/8/8/8/8/5n2/8/r3K2R w K - 0 1",
        "4k3/8/8/8/8/3n4/8/4K2R w K - 0 1",
        "4k3/4r3/8/8/8/8/8/q2BK3 w - - 0 1",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        "4k3/8/8/8/1b6/8/8/3RK3 w - - 0 1",
    ] {
        let mut pos = parse_position(&g, fen).unwrap();
        assert!(g.in_check(&pos), "{fen} is a check");
        assert_eq!(
            legal_by_engine(&g, &mut pos),
            legal_by_making(&g, &mut pos),
            "{fen}"
        );
    }
}
