//! The generic search playing Partonici: custodian captures are found and scored, threats to
//! the last royal are parried, and the game ends of spec §5 are scored as wins and losses.
//! The expectations are computed from the rules (captures of every reply), not from the
//! engine's own evaluation.

mod common;

use common::partonici;
use menagerie::variants::partonici::Partonici;

use menagerie::core::game::Game;
use menagerie::core::moves::{Move, MoveList};
use menagerie::core::position::Position;
use menagerie::eval::Evaluator;
use menagerie::fen::{captured_squares, move_text, parse_position};
use menagerie::search::{self, Control, Limits, MATE_BOUND, Settings, TranspositionTable};

fn best(g: &Partonici, pos: &Position, depth: u32) -> (Option<Move>, i32) {
    let r = search::search(
        g,
        &Evaluator::for_game(g),
        pos,
        &Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        None,
        &Settings::default(),
        &TranspositionTable::new(8),
        &Control::default(),
        &mut |_| {},
    );
    (r.best, r.score)
}

fn legal(g: &Partonici, pos: &mut Position) -> MoveList {
    let mut list = MoveList::new();
    g.legal_moves(pos, &mut list);
    list
}

/// Pieces `mv` captures minus the most the opponent's best reply captures.
fn net_after(g: &Partonici, pos: &mut Position, mv: Move) -> i32 {
    let gained = captured_squares(g, pos, mv).len() as i32;
    g.make(pos, mv);
    let replies = legal(g, pos);
    let lost = replies
        .iter()
        .map(|&r| captured_squares(g, pos, r).len() as i32)
        .max()
        .unwrap_or(0);
    g.unmake(pos);
    gained - lost
}

#[test]
fn the_p4_capture_that_loses_two_is_avoided() {
    // Spec P4: e4-f5 takes g4, and h5-g4 then takes f5 and h3 (CP).
    let g = partonici("pawn-partonici-8");
    let mut pos = parse_position(&g, "8/8/8/7p/4P1p1/7P/8/8 w 0:0 0 1").unwrap();
    let trap = menagerie::fen::parse_move(&g, &mut pos, "e4f5").unwrap();
    assert_eq!(net_after(&g, &mut pos, trap), -1);
    for depth in [2, 4, 6] {
        let (mv, _) = best(&g, &pos, depth);
        let mv = mv.unwrap();
        assert!(
            net_after(&g, &mut pos, mv) >= 0,
            "depth {depth}: {} loses material",
            move_text(g.variant(), &mv)
        );
    }
}

#[test]
fn the_last_royal_is_defended() {
    // White's last royal X on d4 has a black pawn beside it on c4; Black's e6 pawn threatens
    // to come to e4 and close the bracket c4-d4-e4.
    let g = partonici("royal-partonici-8");
    let mut pos = parse_position(&g, "7x/8/4p3/8/2pX4/8/8/8 w 0:0 0 1").unwrap();
    let threat = {
        let mut black_to_move = parse_position(&g, "7x/8/4p3/8/2pX4/8/8/8 b 0:0 0 1").unwrap();
        let e6e4 = menagerie::fen::parse_move(&g, &mut black_to_move, "e6e4").unwrap();
        captured_squares(&g, &mut black_to_move, e6e4)
    };
    assert_eq!(threat.len(), 1, "e6-e4 would take the royal");
    for depth in [1, 2, 4] {
        let (mv, score) = best(&g, &pos, depth);
        let mv = mv.unwrap();
        g.make(&mut pos, mv);
        let replies = legal(&g, &mut pos);
        for r in replies {
            g.make(&mut pos, r);
            assert!(
                !pos.royals(0).is_empty(),
                "depth {depth}: after {} Black takes the royal",
                move_text(g.variant(), &mv)
            );
            g.unmake(&mut pos);
        }
        g.unmake(&mut pos);
        assert!(score > -MATE_BOUND, "depth {depth}: score {score}");
    }
}

#[test]
fn game_ends_are_scored_as_wins_and_losses() {
    // Spec P7: c4-d5 takes all four black pieces; Black then has no move and White leads on
    // captures: a win at once.
    let g = partonici("pawn-partonici-8");
    let pos = parse_position(&g, "8/8/2p5/Ppp5/2P1p3/8/8/8 w 0:0 0 1").unwrap();
    let (mv, score) = best(&g, &pos, 3);
    assert_eq!(move_text(g.variant(), &mv.unwrap()), "c4d5");
    assert!(score >= MATE_BOUND, "score {score}");
    // Spec T6: the promotion wins by claim.
    let pos = parse_position(&g, "8/7P/8/p7/8/8/8/+P7 w 2:0 0 1").unwrap();
    let (mv, score) = best(&g, &pos, 3);
    assert_eq!(move_text(g.variant(), &mv.unwrap()), "h7h8");
    assert!(score >= MATE_BOUND, "score {score}");
    // A decided game has no move to search.
    let pos = parse_position(&g, "7+P/8/8/p7/8/8/8/+P7 b 2:0 0 1").unwrap();
    assert_eq!(best(&g, &pos, 3).0, None);
    // Royal scaci: the king can be taken (there is no check), and is.
    let g = partonici("royal-scaci-partonici-8");
    let pos = parse_position(&g, "k7/5r2/8/6Kp/Q1b1n3/8/2N5/8 b 0:0 0 1").unwrap();
    let (mv, score) = best(&g, &pos, 2);
    assert_eq!(move_text(g.variant(), &mv.unwrap()), "f7f5");
    assert!(score >= MATE_BOUND, "score {score}");
}

#[test]
fn endings_are_scored_by_count_not_as_draws() {
    // Black, behind 0:6 in captures, to move. +p e5-b8 takes the last free square of White's
    // sub-pawn (a8 is Black's): White then has no move and wins on count (D-20). Black cannot
    // catch up, so every ending loses: a search that scored endings as draws would find one
    // (score 0); this one knows better.
    let g = partonici("pawn-partonici-8");
    let mut pos = parse_position(&g, "s7/S7/8/4+p3/8/8/8/8 b 6:0 0 1").unwrap();
    let losing = menagerie::fen::parse_move(&g, &mut pos, "e5b8").unwrap();
    let mut after = pos.clone();
    g.make(&mut after, losing);
    assert!(legal(&g, &mut after).is_empty());
    assert_eq!(
        g.outcome(&after, 0).map(|o| o.to_string()).as_deref(),
        Some("1-0 {White wins by no legal move}")
    );
    for depth in [1, 3, 4, 5] {
        let (mv, score) = best(&g, &pos, depth);
        assert_ne!(mv, Some(losing), "depth {depth}");
        assert!(score < -100, "depth {depth}: score {score}");
    }
}
