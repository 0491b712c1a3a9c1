//! Partonici rules against docs/partonici.md: every worked example of §4 (P1–P8 from
//! pawn partonici, S1–S4 from scaci partonici) and the decision tests T1–T6, with the exact
//! captured squares, the hand-counted legal move counts and the complete list of capturing
//! moves; the start-position perft(1) figures and two-ply facts of §7; the game ends of §5.

mod common;

use common::{partonici, partonici_with};
use menagerie::variants::partonici::Partonici;

use menagerie::core::game::Game;
use menagerie::core::moves::MoveList;
use menagerie::core::outcome::{Outcome, Reason};
use menagerie::core::position::Position;
use menagerie::fen::{captured_squares, move_text, parse_move, parse_position, write_position};

/// Every legal move that captures, as `move: squares` with squares in ascending index order.
fn capturing_moves(g: &Partonici, pos: &mut Position) -> Vec<String> {
    let mut list = MoveList::new();
    g.legal_moves(pos, &mut list);
    let mut out = Vec::new();
    for mv in list {
        let taken = captured_squares(g, pos, mv);
        if !taken.is_empty() {
            let names: Vec<String> = taken.iter().map(|&s| g.variant().square_name(s)).collect();
            out.push(format!(
                "{}: {}",
                move_text(g.variant(), &mv),
                names.join(" ")
            ));
        }
    }
    out.sort();
    out
}

fn legal_count(g: &Partonici, pos: &mut Position) -> usize {
    let mut list = MoveList::new();
    g.legal_moves(pos, &mut list);
    list.len()
}

/// A worked example: the position, the number of legal moves, and every capturing move with
/// its captured squares (the example's own move among them).
fn example(variant: &str, fen: &str, legal: usize, capturing: &[&str]) {
    let g = partonici(variant);
    let mut pos = parse_position(&g, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(write_position(g.variant(), &pos), fen, "round trip");
    assert_eq!(legal_count(&g, &mut pos), legal, "legal moves in {fen}");
    assert_eq!(
        capturing_moves(&g, &mut pos),
        capturing,
        "captures in {fen}"
    );
}

#[test]
fn p1_simple_partonic_and_p1b_for_black() {
    let fen = "6p1/8/6P1/7p/2pP4/P7/8/8 w 0:0 0 1";
    example("pawn-partonici-8", fen, 25, &["a3b4: c4"]);
    let fen = "6p1/8/6P1/7p/2pP4/P7/8/8 b 0:0 0 1";
    example("pawn-partonici-8", fen, 21, &["g8f7: g6"]);
}

#[test]
fn p2_double_partonic() {
    example(
        "pawn-partonici-8",
        "8/8/2P5/2p5/Pp6/3P4/8/8 w 0:0 0 1",
        23,
        &["d3c4: b4 c5"],
    );
}

#[test]
fn p3_contrary_partonic_two_ways() {
    example(
        "pawn-partonici-8",
        "8/8/8/pp6/8/pP1p4/8/8 w 0:0 0 1",
        7,
        &["b3a4: a3 a5", "b3c4: d3 b5"],
    );
}

#[test]
fn p4_simple_partonic_then_contrary_retort() {
    let g = partonici("pawn-partonici-8");
    example(
        "pawn-partonici-8",
        "8/8/8/7p/4P1p1/7P/8/8 w 0:0 0 1",
        12,
        &["e4f5: g4"],
    );
    let after = common::partonici_fen_after(&g, "8/8/8/7p/4P1p1/7P/8/8 w 0:0 0 1", &["e4f5"]);
    assert_eq!(after, "8/8/8/5P1p/8/7P/8/8 b 1:0 0 1");
    example("pawn-partonici-8", &after, 5, &["h5g4: h3 f5"]);
    let end = common::partonici_fen_after(&g, &after, &["h5g4"]);
    assert_eq!(end, "8/8/8/8/6p1/8/8/8 w 1:2 0 2");
}

#[test]
fn p5_line_partonic() {
    example(
        "pawn-partonici-8",
        "8/8/8/3p1P2/2p5/1p6/P7/8 w 0:0 0 1",
        14,
        &["f5e6: b3 c4 d5"],
    );
}

#[test]
fn p6_contrary_line_partonic_and_the_literal_typo() {
    example(
        "pawn-partonici-8",
        "8/8/4p3/3P4/2P5/8/pP6/8 w 0:0 0 1",
        25,
        &["b2b3: a2 e6"],
    );
    // The transcript's "a6" is off the line: b2-b3 then takes nothing (negative test).
    let g = partonici("pawn-partonici-8");
    let mut pos = parse_position(&g, "8/8/p7/3P4/2P5/8/pP6/8 w 0:0 0 1").unwrap();
    let mv = parse_move(&g, &mut pos, "b2b3").unwrap();
    assert!(captured_squares(&g, &mut pos, mv).is_empty());
}

#[test]
fn p7_mixed_partonic_of_four() {
    example(
        "pawn-partonici-8",
        "8/8/2p5/Ppp5/2P1p3/8/8/8 w 0:0 0 1",
        10,
        &["a5a6: b5", "a5c7: c5 c6", "c4d5: e4 b5 c5 c6"],
    );
}

#[test]
fn p8_a_piece_taken_two_ways_counts_once() {
    example(
        "pawn-partonici-8",
        "8/8/4p3/8/2p1P3/1p6/P7/8 w 0:0 0 1",
        14,
        &["e4d5: b3 c4 e6"],
    );
    let g = partonici("pawn-partonici-8");
    let after = common::partonici_fen_after(&g, "8/8/4p3/8/2p1P3/1p6/P7/8 w 0:0 0 1", &["e4d5"]);
    assert_eq!(after, "8/8/8/3P4/8/8/P7/8 b 3:0 0 1");
}

#[test]
fn s1_scaci_simple_partonics() {
    example(
        "scaci-partonici-8",
        "8/8/6p1/1Bq2P2/8/2N5/7R/8 w 0:0 0 1",
        14,
        &["c3d5: c5", "h2h7: g6"],
    );
}

#[test]
fn s2_scaci_contrary_partonics_for_both_sides() {
    example(
        "scaci-partonici-8",
        "8/5r2/8/6Kp/Q1b1n3/8/2N5/8 w 0:0 0 1",
        15,
        &["c2d4: c4 e4", "g5g6: h5 f7"],
    );
    example(
        "scaci-partonici-8",
        "8/5r2/8/6Kp/Q1b1n3/8/2N5/8 b 0:0 0 1",
        16,
        &["c4b3: c2 a4", "f7f5: g5"],
    );
    // In royal scaci, f7-f5 takes the white king: Black wins at once. (Black needs a royal
    // of its own, or the game would be over already: a king on a8, off every line used.)
    let g = partonici("royal-scaci-partonici-8");
    let mut pos = common::partonici_play(&g, "k7/5r2/8/6Kp/Q1b1n3/8/2N5/8 b 0:0 0 1", &["f7f5"]);
    assert_eq!(legal_count(&g, &mut pos), 0);
    assert!(g.in_check(&pos), "White has lost");
    assert_eq!(
        g.outcome(&pos, 0),
        Some(Outcome::Win {
            winner: 1,
            reason: Reason::RoyalCaptured
        })
    );
}

#[test]
fn s3_scaci_line_and_contrary_line_partonics() {
    example(
        "scaci-partonici-8",
        "8/4Q3/3r4/2n2K2/1q6/3p4/2p5/1N6 w 0:0 0 1",
        9,
        &["b1a3: b4 c5 d6"],
    );
    example(
        "scaci-partonici-8",
        "8/4Q3/3r4/2n2K2/1q6/3p4/2p5/1N6 b 0:0 0 1",
        13,
        &["c5e4: b1 f5"],
    );
}

#[test]
fn s4_scaci_triple_partonic_of_five() {
    example(
        "scaci-partonici-8",
        "8/3p4/2Rp4/2N1pp2/4p3/4B3/8/8 w 0:0 0 1",
        9,
        &["c5e6: e4 e5 f5 d6 d7"],
    );
}

#[test]
fn t1_contrary_line_with_the_mover_inside_the_run() {
    let fen = "8/8/8/8/pP1Pp3/2P5/8/8 w 0:0 0 1";
    let g = partonici("pawn-partonici-8");
    let mut pos = parse_position(&g, fen).unwrap();
    let mv = parse_move(&g, &mut pos, "c3c4").unwrap();
    let names = |sqs: Vec<u16>| -> Vec<String> {
        sqs.iter().map(|&s| g.variant().square_name(s)).collect()
    };
    assert_eq!(names(captured_squares(&g, &mut pos, mv)), ["a4", "e4"]);
    let end = partonici_with("pawn-partonici-8", &[("PartoniciClpMoverAtEnd", "true")]);
    let mut pos = parse_position(&end, fen).unwrap();
    let mv = parse_move(&end, &mut pos, "c3c4").unwrap();
    assert!(captured_squares(&end, &mut pos, mv).is_empty());
}

#[test]
fn t2_t3_t4_gaps_edges_and_static_formations_take_nothing() {
    for (fen, mv) in [
        ("8/8/8/8/Pp1p4/4P3/8/8 w 0:0 0 1", "e3e4"),
        ("8/8/8/8/p7/1P6/8/8 w 0:0 0 1", "b3b4"),
        ("8/8/8/8/PpP5/8/7P/8 w 0:0 0 1", "h2h3"),
    ] {
        let g = partonici("pawn-partonici-8");
        let mut pos = parse_position(&g, fen).unwrap();
        let m = parse_move(&g, &mut pos, mv).unwrap();
        assert!(captured_squares(&g, &mut pos, m).is_empty(), "{fen} {mv}");
    }
    let g = partonici("pawn-partonici-8");
    let after = common::partonici_fen_after(&g, "8/8/8/8/PpP5/8/7P/8 w 0:0 0 1", &["h2h3"]);
    assert_eq!(after, "8/8/8/8/PpP5/7P/8/8 b 0:0 0 1", "b4 stays");
}

#[test]
fn t5_eight_pieces_at_once() {
    example(
        "scaci-partonici-8",
        "8/1P1P1P2/2ppp3/1Pp1pP2/2ppp3/1PNP1P2/8/8 w 0:0 0 1",
        9,
        // The spec states only the count and Nc3-d5; f5-f6 also closes the diagonal
        // f6-e5-d4-c3 on the knight (LP), by the same algorithm (checked by hand).
        &["c3d5: c4 d4 e4 c5 e5 c6 d6 e6", "f5f6: d4 e5"],
    );
}

#[test]
fn t6_promotion_and_the_claim_rule() {
    let g = partonici("pawn-partonici-8");
    let fen = "8/7P/8/p7/8/8/8/+P7 w 2:0 0 1";
    let mut pos = common::partonici_play(&g, fen, &["h7h8"]);
    assert_eq!(
        write_position(g.variant(), &pos),
        "7+P/8/8/p7/8/8/8/+P7 b 2:0 0 1"
    );
    assert_eq!(legal_count(&g, &mut pos), 0, "the game is over");
    assert!(g.in_check(&pos), "Black has lost");
    assert_eq!(
        g.outcome(&pos, 0),
        Some(Outcome::Win {
            winner: 0,
            reason: Reason::Claim
        })
    );
    // A lead of one is not enough: the game goes on.
    let mut pos = common::partonici_play(&g, "8/7P/8/p7/8/8/8/+P7 w 1:0 0 1", &["h7h8"]);
    let legal = legal_count(&g, &mut pos);
    assert!(legal > 0);
    assert_eq!(g.outcome(&pos, legal), None);
    // With the thresholds raised to 3, lead 2 and two promoted pieces do not win.
    let strict = partonici_with("pawn-partonici-8", &[("PartoniciClaimPromoted", "3")]);
    let mut pos = common::partonici_play(&strict, fen, &["h7h8"]);
    assert!(legal_count(&strict, &mut pos) > 0);
}

#[test]
fn start_positions_perft_1() {
    // Spec §7, hand-computed; Black's count equals White's (symmetry).
    for (variant, options, count) in [
        ("pawn-partonici-7", &[][..], 51),
        ("pawn-partonici-8", &[], 54),
        ("pawn-partonici-9", &[], 69),
        ("pawn-partonici-9-all", &[], 105),
        ("pawn-partonici-10", &[], 100),
        ("royal-partonici-8", &[], 64),
        ("royal-partonici-9", &[], 105),
        ("royal-partonici-10", &[], 138),
        (
            "royal-partonici-10",
            &[("RoyalPartoniciAltSetup", "true")],
            100,
        ),
        ("scaci-partonici-8", &[], 40),
        ("scaci-partonici-10", &[], 47),
        (
            "scaci-partonici-10",
            &[("ScaciPartoniciBackPawns", "true")],
            47,
        ),
        ("royal-scaci-partonici-8", &[], 40),
        ("royal-scaci-partonici-10", &[], 47),
        (
            "royal-scaci-partonici-10",
            &[("ScaciPartoniciBackPawns", "true")],
            47,
        ),
        // The diagonal-only option.
        (
            "pawn-partonici-7",
            &[("PartoniciDiagonalPawns", "true")],
            30,
        ),
        (
            "pawn-partonici-8",
            &[("PartoniciDiagonalPawns", "true")],
            30,
        ),
        (
            "pawn-partonici-9",
            &[("PartoniciDiagonalPawns", "true")],
            42,
        ),
        (
            "pawn-partonici-10",
            &[("PartoniciDiagonalPawns", "true")],
            60,
        ),
        (
            "royal-partonici-8",
            &[("PartoniciDiagonalPawns", "true")],
            40,
        ),
        (
            "royal-partonici-9",
            &[("PartoniciDiagonalPawns", "true")],
            60,
        ),
        (
            "royal-partonici-10",
            &[("PartoniciDiagonalPawns", "true")],
            78,
        ),
    ] {
        let g = partonici_with(variant, options);
        let start: &str = &g.variant().spec.start;
        let mut pos = parse_position(&g, start).unwrap();
        assert_eq!(legal_count(&g, &mut pos), count, "{variant} {options:?}");
        assert!(
            capturing_moves(&g, &mut pos).is_empty(),
            "{variant}: no first move captures"
        );
        let black = start.replace(" w ", " b ");
        let mut pos = parse_position(&g, &black).unwrap();
        assert_eq!(
            legal_count(&g, &mut pos),
            count,
            "{variant} {options:?}, Black"
        );
    }
}

#[test]
fn pawn7_two_ply_facts() {
    let g = partonici("pawn-partonici-7");
    let start: &str = &g.variant().spec.start;
    let mut pos = common::partonici_play(&g, start, &["d2b4"]);
    assert_eq!(legal_count(&g, &mut pos), 48);
    assert_eq!(
        capturing_moves(&g, &mut pos),
        ["d6d2: c2 e2", "e6b3: b2 b4"]
    );
    let mut pos = common::partonici_play(&g, start, &["b2b3"]);
    let found = capturing_moves(&g, &mut pos);
    assert!(
        found.contains(&"f6b2: b1 a2 c2 b3".to_string()),
        "{found:?}"
    );
    let mut pos = common::partonici_play(&g, start, &["e2e3"]);
    let found = capturing_moves(&g, &mut pos);
    assert!(
        found.contains(&"a6e2: e1 d2 f2 e3".to_string()),
        "{found:?}"
    );
}

#[test]
fn no_legal_move_ends_the_game_scored_by_captures() {
    // Black's only pawn is blocked (a1 and b1 are taken): the game ends (D-20).
    let g = partonici("pawn-partonici-8");
    for (caps, expected) in [
        (
            "1:0",
            Outcome::Win {
                winner: 0,
                reason: Reason::NoMoves,
            },
        ),
        (
            "0:1",
            Outcome::Win {
                winner: 1,
                reason: Reason::NoMoves,
            },
        ),
        (
            "0:0",
            Outcome::Draw {
                reason: Reason::NoMoves,
            },
        ),
    ] {
        let mut pos = parse_position(&g, &format!("8/8/8/8/8/8/p7/PP6 b {caps} 0 1")).unwrap();
        assert_eq!(legal_count(&g, &mut pos), 0);
        assert!(!g.in_check(&pos));
        assert_eq!(g.outcome(&pos, 0), Some(expected), "{caps}");
    }
    // In royal partonici running out of moves is a draw, whatever the captures.
    let g = partonici("royal-partonici-8");
    let mut pos = parse_position(&g, "8/8/8/8/8/8/x7/XX6 b 0:3 0 1").unwrap();
    assert_eq!(legal_count(&g, &mut pos), 0);
    assert_eq!(
        g.outcome(&pos, 0),
        Some(Outcome::Draw {
            reason: Reason::NoMoves
        })
    );
}

#[test]
fn quiet_counter_and_its_limit() {
    let g = partonici("pawn-partonici-8");
    // Promoted moves count; a move by an unpromoted piece, or a capture, resets (D-21).
    let fen = "+P7/8/8/8/4P3/8/8/7+p w 3:1 7 30";
    assert_eq!(
        common::partonici_fen_after(&g, fen, &["a8b8"]),
        "1+P6/8/8/8/4P3/8/8/7+p b 3:1 8 30"
    );
    assert_eq!(
        common::partonici_fen_after(&g, fen, &["e4e5"]),
        "+P7/8/8/4P3/8/8/8/7+p b 3:1 0 30"
    );
    let mut pos = parse_position(&g, "+P7/8/8/8/8/8/8/7+p w 3:1 100 60").unwrap();
    let legal = legal_count(&g, &mut pos);
    assert!(legal > 0);
    assert_eq!(
        g.outcome(&pos, legal),
        Some(Outcome::Win {
            winner: 0,
            reason: Reason::MoveLimit
        })
    );
    let mut pos = parse_position(&g, "+P7/8/8/8/8/8/8/7+p w 3:1 99 60").unwrap();
    let legal = legal_count(&g, &mut pos);
    assert_eq!(g.outcome(&pos, legal), None);
}

#[test]
fn threefold_repetition_ends_the_game() {
    let g = partonici("scaci-partonici-8");
    let shuffle = ["a8a7", "h1h2", "a7a8", "h2h1"];
    let mut moves = Vec::new();
    for round in 0..2 {
        moves.extend_from_slice(&shuffle);
        let mut pos = common::partonici_play(&g, "+R7/8/8/8/8/8/8/7+r w 2:0 0 1", &moves);
        let legal = legal_count(&g, &mut pos);
        let expected = (round == 1).then_some(Outcome::Win {
            winner: 0,
            reason: Reason::Repetition,
        });
        assert_eq!(
            g.outcome(&pos, legal),
            expected,
            "after {} plies",
            moves.len()
        );
    }
}

#[test]
fn royal_partonici_is_won_by_taking_the_last_royal() {
    let g = partonici("royal-partonici-8");
    // Black's last royal x on d5 is flanked by White on c5; e3-e5 closes c5-d5-e5 (SP).
    let mut pos = common::partonici_play(&g, "8/8/8/2Px4/8/4P3/8/3X4 w 0:0 0 1", &["e3e5"]);
    assert_eq!(
        write_position(g.variant(), &pos),
        "8/8/8/2P1P3/8/8/8/3X4 b 1:0 0 1"
    );
    assert_eq!(legal_count(&g, &mut pos), 0);
    assert!(g.in_check(&pos));
    assert_eq!(
        g.outcome(&pos, 0),
        Some(Outcome::Win {
            winner: 0,
            reason: Reason::RoyalCaptured
        })
    );
    // With a second royal left, the game goes on.
    let mut pos = common::partonici_play(&g, "x7/8/8/2Px4/8/4P3/8/3X4 w 0:0 0 1", &["e3e5"]);
    assert!(legal_count(&g, &mut pos) > 0);
    assert!(!g.in_check(&pos));
}
