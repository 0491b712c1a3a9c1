//! Patricia test positions P1–P23 of the team's rulings (summed up in docs/patricia.md), the
//! game ends of ruling A6, the optional rules of A7, position-string checks, and drawings with holdings.

mod common;
use common::{fen_after, legal, play};
use menagerie::cli::show_command_with;
use menagerie::core::game::Game;
use menagerie::core::moves::{MoveKind, MoveList};
use menagerie::core::outcome::{Outcome, Reason};
use menagerie::fen::{move_text, parse_move, parse_position, write_position};
use menagerie::perft::perft_verified;
use menagerie::variants::patricia::{FREE_FACE, KING_STAYS, MOVE_RULE, PAWN_FLIPS, Patricia};
use menagerie::variants::{AnyGame, OptionValues, game_with};

const START: &str = menagerie::variants::patricia::START;
const P8: &str = "4k/5/1P3/5/K4[] w - - 0 1";

/// Option settings as (`NAME`, `VALUE`) pairs.
type Options<'a> = &'a [(&'a str, &'a str)];

/// Patricia with the given options set.
fn patricia_with(options: Options) -> Patricia {
    let mut values = OptionValues::default();
    for (name, value) in options {
        values.set(name, value).expect("a Patricia option");
    }
    match game_with("patricia", &values).expect("patricia builds") {
        AnyGame::Patricia(g) => g,
        _ => panic!("patricia is its own family"),
    }
}

fn patricia() -> Patricia {
    patricia_with(&[])
}

fn moves_after(g: &Patricia, fen: &str, moves: &[&str]) -> Vec<String> {
    let mut pos = play(g, fen, moves).unwrap();
    legal(g, &mut pos)
}

fn has(list: &[String], m: &str) -> bool {
    list.iter().any(|x| x == m)
}

#[test]
fn p01_start_has_eleven_moves() {
    assert_eq!(
        moves_after(&patricia(), START, &[]),
        [
            "b1a2", "b1c2", "b1d3", "b1e4", "b2b3", "c1c2", "d1a4", "d1b3", "d1c2", "d1e2", "d2d3"
        ]
    );
}

#[test]
fn p02_royal_step_turns_the_king_into_a_queen() {
    assert_eq!(
        fen_after(&patricia(), START, &["c1c2"]),
        "1bkb1/1p1p1/5/1PQP1/1B1B1[] b - - 1 1"
    );
}

#[test]
fn p03_capture_flips_the_captor_and_fills_the_hand() {
    let g = patricia();
    assert_eq!(
        fen_after(&g, START, &["d1b3", "d5b3"]),
        "1bk2/1p1p1/1r3/1P1P1/1BK2[r] w - - 0 2"
    );
    assert_eq!(moves_after(&g, START, &["d1b3", "d5b3"]).len(), 7);
}

#[test]
fn p04_a_held_rook_drops_as_a_rook() {
    let g = patricia();
    let l = moves_after(&g, START, &["d1b3", "d5b3", "c1c2"]);
    assert!(has(&l, "R@c3"));
    assert!(!has(&l, "B@c3"));
    assert_eq!(l.iter().filter(|m| m.contains('@')).count(), 16);
    assert_eq!(l.len(), 28);
}

#[test]
fn p05_white_pawn_drops() {
    let g = patricia();
    let fen = "2k2/5/5/5/4K[P] w - - 0 1";
    let l = moves_after(&g, fen, &[]);
    assert!(has(&l, "P@a4") && has(&l, "P@a1"));
    assert!(!has(&l, "P@a5"));
    assert_eq!(l.len(), 22);
    // A pawn dropped on the 4th rank stays a pawn.
    assert!(fen_after(&g, fen, &["P@a4"]).starts_with("2k2/P4/5/5/4K[] b"));
}

#[test]
fn p06_black_pawn_drops() {
    let g = patricia();
    let l = moves_after(&g, "2k2/5/5/5/4K[p] b - - 0 1", &[]);
    assert!(has(&l, "P@a2"));
    assert!(!has(&l, "P@a1"));
    assert_eq!(l.len(), 24);
}

#[test]
fn p07_knight_drop_on_the_last_rank() {
    let l = moves_after(&patricia(), "2k2/5/5/5/4K[N] w - - 0 1", &[]);
    assert!(has(&l, "N@a5"));
    assert_eq!(l.len(), 26);
}

#[test]
fn p08_optional_promotion_on_the_fourth_rank() {
    assert_eq!(
        moves_after(&patricia(), P8, &[]),
        ["a1a2", "a1b1", "a1b2", "b3b4", "b3b4n"]
    );
}

#[test]
fn p09_compulsory_promotion_on_the_fifth_rank() {
    let g = patricia();
    let l = moves_after(&g, P8, &["b3b4", "e5e4"]);
    assert!(!has(&l, "b4b5"));
    assert!(has(&l, "b4b5n"));
}

#[test]
fn p10_black_must_promote_on_its_fifth_rank() {
    assert_eq!(
        moves_after(&patricia(), "4k/5/5/3p1/K4[] b - - 0 1", &[]),
        ["d2d1n", "e5d4", "e5d5", "e5e4"]
    );
}

#[test]
fn p11_capture_promotions() {
    let l = moves_after(&patricia(), "1b1b1/1q1pP/1R3/1P3/2K2[Bp] w - - 0 1", &[]);
    assert!(has(&l, "e4e5n") && has(&l, "e4d5n"));
    assert!(!has(&l, "e4e5") && !has(&l, "e4d5"));
    assert_eq!(l.len(), 28);
}

#[test]
fn p12_a_knight_never_flips_back() {
    let g = patricia();
    let fen = fen_after(&g, P8, &["b3b4n", "e5e4", "b4c2"]);
    assert!(fen.starts_with("5/4q/5/2N2/K4[] b"), "{fen}");
}

#[test]
fn p13_royal_captures_and_flips() {
    assert_eq!(
        fen_after(&patricia(), "2k2/5/5/3r1/4K[] w - - 0 1", &["e1d2"]),
        "2k2/5/5/3Q1/5[R] b - - 0 1"
    );
}

#[test]
fn p14_captor_turns_into_a_rook_the_hand_gets_the_bishop() {
    assert_eq!(
        fen_after(&patricia(), "2k2/5/3b1/5/1B2K[] w - - 0 1", &["b1d3"]),
        "2k2/5/3R1/5/4K[B] b - - 0 1"
    );
}

#[test]
fn p15_a_royal_may_step_onto_an_attacked_square() {
    let g = patricia();
    let pos = play(&g, START, &["c1c2", "c5c4"]).unwrap();
    assert!(write_position(g.variant(), &pos).starts_with("1b1b1/1pqp1/5/1PQP1/1B1B1[] w"));
}

#[test]
fn p16_capturing_the_royal_ends_the_game() {
    let g = patricia();
    let mut pos = play(&g, START, &["c1c2", "c5c4", "c2c4"]).unwrap();
    assert!(legal(&g, &mut pos).is_empty());
    assert_eq!(
        g.outcome(&pos, 0),
        Some(Outcome::Win {
            winner: 0,
            reason: Reason::RoyalCaptured
        })
    );
    // The decided position has no moves, so perft counts it only as a leaf.
    assert_eq!(perft_verified(&g, &mut pos, 1), 0);
    assert_eq!(perft_verified(&g, &mut pos, 0), 1);
    // It can be written and read back (its side to move has no royal).
    let fen = write_position(g.variant(), &pos);
    let back = parse_position(&g, &fen).unwrap();
    assert_eq!(write_position(g.variant(), &back), fen);
    assert_eq!(
        g.outcome(&back, 0).map(|o| o.to_string()),
        Some("1-0 {White wins by capturing the royal}".to_string())
    );
}

#[test]
fn p17_stalemate_is_a_draw() {
    let g = patricia();
    let mut pos = play(&g, "kp3/prp2/BpB2/1R3/4K[] b - - 0 1", &[]).unwrap();
    assert!(legal(&g, &mut pos).is_empty());
    assert_eq!(
        g.outcome(&pos, 0),
        Some(Outcome::Draw {
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn p18_a_held_pawn_prevents_stalemate() {
    let l = moves_after(&patricia(), "kp3/prp2/BpB2/1R3/4K[p] b - - 0 1", &[]);
    assert_eq!(l.len(), 11);
    assert!(l.iter().all(|m| m.starts_with("P@")));
}

#[test]
fn p19_king_stays_a_king_with_opt3() {
    assert_eq!(
        fen_after(&patricia_with(&[(KING_STAYS, "true")]), START, &["c1c2"]),
        "1bkb1/1p1p1/5/1PKP1/1B1B1[] b - - 1 1"
    );
}

#[test]
fn p20_a_knight_becomes_an_immobile_pawn_with_opt1() {
    let g = patricia_with(&[(PAWN_FLIPS, "true")]);
    let fen = "4k/5/2N2/5/K4[] w - - 0 1";
    let after = fen_after(&g, fen, &["c3b5"]);
    assert!(after.starts_with("1P2k/5/5/5/K4[] b"), "{after}");
    let l = moves_after(&g, fen, &["c3b5", "e5e4"]);
    assert!(l.iter().all(|m| !m.starts_with("b5")), "{l:?}");
}

#[test]
fn p21_a_pawn_arrives_as_a_knight_with_opt1() {
    let g = patricia_with(&[(PAWN_FLIPS, "true")]);
    let l = moves_after(&g, P8, &[]);
    assert_eq!(l, ["a1a2", "a1b1", "a1b2", "b3b4"]);
    assert!(fen_after(&g, P8, &["b3b4"]).starts_with("4k/1N3/5/5/K4[] b"));
}

#[test]
fn p22_free_face_drops_an_officer_either_way() {
    let g = patricia_with(&[(FREE_FACE, "true")]);
    let l = moves_after(&g, "2k2/5/5/5/4K[B] w - - 0 1", &[]);
    assert!(has(&l, "R@c3") && has(&l, "B@c3"));
    assert_eq!(l.len(), 49);
}

#[test]
fn p23_free_face_pawn_disc_drops() {
    let g = patricia_with(&[(FREE_FACE, "true")]);
    let l = moves_after(&g, "2k2/5/5/5/4K[P] w - - 0 1", &[]);
    assert!(has(&l, "N@a5"));
    assert!(!has(&l, "P@a5"));
    assert_eq!(l.len(), 45);
}

#[test]
fn free_face_hands_are_normalised() {
    let g = patricia_with(&[(FREE_FACE, "true")]);
    // A captured rook is held as an officer (written B), a knight as a pawn-disc (P).
    assert_eq!(
        fen_after(&g, "2k2/5/3b1/5/1B2K[] w - - 0 1", &["b1d3"]),
        "2k2/5/3R1/5/4K[B] b - - 0 1"
    );
    let pos = parse_position(&g, "2k2/5/5/5/4K[RNr] w - - 0 1").unwrap();
    assert_eq!(
        write_position(g.variant(), &pos),
        "2k2/5/5/5/4K[PBb] w - - 0 1"
    );
    // Dropping either face uses up the one officer.
    assert_eq!(
        fen_after(&g, "2k2/5/5/5/4K[B] w - - 0 1", &["R@c3"]),
        "2k2/5/2R2/5/4K[] b - - 1 1"
    );
}

#[test]
fn all_options_combine() {
    let g = patricia_with(&[(PAWN_FLIPS, "1"), (FREE_FACE, "1"), (KING_STAYS, "1")]);
    let fen = fen_after(&g, P8, &["b3b4", "e5d5", "b4c2"]);
    // The royals stay kings; the knight arriving on c2 flipped back to a pawn.
    assert!(fen.starts_with("3k1/5/5/2P2/K4[] b"), "{fen}");
}

#[test]
fn start_perft_with_every_option_matches_the_spec() {
    // Spec A9 (two independent scratch implementations agree).
    let cases: [(Options, [u64; 3]); 5] = [
        (&[], [11, 113, 1135]),
        (&[(PAWN_FLIPS, "true")], [11, 113, 1183]),
        (&[(FREE_FACE, "true")], [11, 113, 1135]),
        (&[(KING_STAYS, "true")], [11, 113, 1098]),
        (
            &[
                (PAWN_FLIPS, "true"),
                (FREE_FACE, "true"),
                (KING_STAYS, "true"),
            ],
            [11, 113, 1146],
        ),
    ];
    for (options, counts) in cases {
        let g = patricia_with(options);
        let mut pos = parse_position(&g, START).unwrap();
        for (d, &n) in counts.iter().enumerate() {
            assert_eq!(perft_verified(&g, &mut pos, d as u32 + 1), n, "{options:?}");
        }
    }
}

#[test]
fn royal_capture_ends_the_game_in_every_face() {
    // The royal showing Q can be taken too; the captor's hand gets nothing.
    let g = patricia();
    let pos = play(&g, "2q2/5/5/5/2R1K[] w - - 0 1", &["c1c5"]).unwrap();
    assert_eq!(
        write_position(g.variant(), &pos),
        "2B2/5/5/5/4K[] b - - 0 1"
    );
    assert_eq!(
        g.outcome(&pos, 0),
        Some(Outcome::Win {
            winner: 0,
            reason: Reason::RoyalCaptured
        })
    );
}

#[test]
fn threefold_repetition_draws_and_the_move_rule_is_an_option() {
    let g = patricia();
    let shuffle = ["c1c2", "c5c4", "c2c1", "c4c5"];
    let twice: Vec<&str> = shuffle.iter().chain(shuffle.iter()).copied().collect();
    let pos = play(&g, START, &twice).unwrap();
    assert_eq!(
        g.outcome(&pos, 11),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
    let pos = play(&g, START, &shuffle).unwrap();
    assert_eq!(g.outcome(&pos, 11), None);
    // No move-count rule by default, even after 500 quiet moves.
    let quiet = "2k2/5/5/5/2K2[] w - - 999 600";
    assert_eq!(g.outcome(&play(&g, quiet, &[]).unwrap(), 5), None);
    let limited = patricia_with(&[(MOVE_RULE, "50")]);
    let near = "2k2/5/5/5/2K2[] w - - 99 60";
    assert_eq!(
        limited.outcome(&play(&limited, near, &[]).unwrap(), 5),
        None
    );
    assert_eq!(
        limited.outcome(&play(&limited, near, &["c1b1"]).unwrap(), 5),
        Some(Outcome::Draw {
            reason: Reason::MoveLimit
        })
    );
}

#[test]
fn a_capture_and_drop_cycle_repeats_positions() {
    // Captured men come back as drops, so a position can recur after captures and pawn
    // moves: White drops a pawn and takes on c3, Black drops one and takes back, and the
    // board and hands are as before (found in a game that went on for a thousand plies).
    let g = patricia();
    let fen = "k4/5/2p2/5/4K[Pp] w - - 0 1";
    let cycle = ["P@d2", "P@d4", "d2c3", "d4c3"];
    let once = play(&g, fen, &cycle).unwrap();
    assert_eq!(
        write_position(g.variant(), &once),
        "k4/5/2p2/5/4K[Pp] w - - 0 3"
    );
    assert_eq!(g.outcome(&once, 5), None);
    let twice: Vec<&str> = cycle.iter().chain(cycle.iter()).copied().collect();
    assert_eq!(
        g.outcome(&play(&g, fen, &twice).unwrap(), 5),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
}

#[test]
fn halfmove_clock_resets_on_captures_pawn_moves_and_pawn_drops() {
    let g = patricia();
    let fen = "2k2/5/5/5/2K2[PB] w - - 7 1";
    assert!(fen_after(&g, fen, &["P@a2"]).ends_with(" 0 1"));
    assert!(fen_after(&g, fen, &["B@a2"]).ends_with(" 8 1"));
    assert!(fen_after(&g, START, &["b2b3"]).ends_with(" 0 1"));
}

#[test]
fn make_unmake_restores_everything_deep_in_play() {
    // Every make/unmake of a depth-4 perft is checked (position string and hash restored,
    // incremental hash equal to a fresh one), from positions with full hands and flips.
    let g = patricia();
    let line = [
        "d1b3", "d5b3", "c1c2", "b3b2", "d2d3", "b2c1", "c2c1", "P@c2",
    ];
    let busy = fen_after(&g, START, &line);
    for fen in [START, "1b1b1/1q1pP/1R3/1P3/2K2[Bp] w - - 0 1", &busy] {
        let mut pos = parse_position(&g, fen).unwrap();
        assert!(perft_verified(&g, &mut pos, 3) > 0, "{fen}");
    }
    for options in [
        [(PAWN_FLIPS, "1"), (FREE_FACE, "1")],
        [(KING_STAYS, "1"), (FREE_FACE, "1")],
    ] {
        let g = patricia_with(&options);
        let mut pos = parse_position(&g, "1b1b1/1k1pP/1R3/1P3/2K2[Bp] w - - 0 1").unwrap();
        assert!(perft_verified(&g, &mut pos, 3) > 0);
    }
}

#[test]
fn every_move_string_round_trips_along_a_game() {
    // Walk a fixed line of play, checking at each position that the position string reads
    // back identically and that every legal move's text resolves to that same move.
    let g = patricia();
    let mut pos = parse_position(&g, START).unwrap();
    let mut list = MoveList::new();
    for step in 0..40 {
        let fen = write_position(g.variant(), &pos);
        let back = parse_position(&g, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(write_position(g.variant(), &back), fen);
        g.legal_moves(&mut pos, &mut list);
        if list.is_empty() {
            break;
        }
        for &mv in &list {
            let text = move_text(g.variant(), &mv);
            assert_eq!(parse_move(&g, &mut pos, &text), Ok(mv), "{fen}: {text}");
        }
        // A varied but fixed line: prefer captures and drops, else cycle through the list.
        let pick = list
            .iter()
            .position(|m| !pos.at(m.to).is_empty() && !pos.at(m.to).is_royal())
            .or_else(|| list.iter().position(|m| m.kind == MoveKind::Drop))
            .unwrap_or(step % list.len());
        g.make(&mut pos, list[pick]);
    }
    assert!(pos.ply() >= 20);
}

#[test]
fn position_errors() {
    let g = patricia();
    let opt3 = patricia_with(&[(KING_STAYS, "true")]);
    let cases: [(&str, &Patricia, &str); 7] = [
        ("royal in hand", &g, "2k2/5/5/5/4K[Q] w - - 0 1"),
        ("two royals", &g, "2k2/5/5/5/3QK[] w - - 0 1"),
        ("waiting side without royal", &g, "5/5/5/5/4K[] w - - 0 1"),
        ("white pawn on rank 5", &g, "P1k2/5/5/5/4K[] w - - 0 1"),
        ("queen under KingStays", &opt3, "2k2/5/5/5/4Q[] w - - 0 1"),
        ("castling field", &g, "2k2/5/5/5/4K[] w K - 0 1"),
        ("unknown hand letter", &g, "2k2/5/5/5/4K[X] w - - 0 1"),
    ];
    let mut report = String::new();
    for (name, game, fen) in cases {
        let err = parse_position(game, fen).expect_err(name);
        report.push_str(&format!("{name}: {fen}\n  {err}\n"));
    }
    snap!("patricia_position_errors", report);
    // Accepted: a pawn on the first rank (dropped there), an attacked royal of the side
    // not to move (no check rule), a pawn on the last rank when pawn-discs flip.
    for fen in [
        "2k2/5/5/5/P3K[] w - - 0 1",
        "2k2/2R2/5/5/4K[] w - - 0 1",
        "2k2/5/5/5/4K[] w - - 0 1",
    ] {
        assert!(parse_position(&g, fen).is_ok(), "{fen}");
    }
    let opt1 = patricia_with(&[(PAWN_FLIPS, "true")]);
    assert!(parse_position(&opt1, "P1k2/5/5/5/4K[] w - - 0 1").is_ok());
    // Holdings may be left out or written [-]; they are always written back.
    let pos = parse_position(&g, "2k2/5/5/5/4K w - - 0 1").unwrap();
    assert_eq!(
        write_position(g.variant(), &pos),
        "2k2/5/5/5/4K[] w - - 0 1"
    );
    let pos = parse_position(&g, "2k2/5/5/5/4K[-] w - -").unwrap();
    assert_eq!(
        write_position(g.variant(), &pos),
        "2k2/5/5/5/4K[] w - - 0 1"
    );
}

#[test]
fn drawings_with_holdings() {
    let opt = |o: &str| vec![o.to_string()];
    let mut report = show_command_with("patricia", &[], None, &[]).unwrap();
    report.push_str(
        &show_command_with(
            "patricia",
            &[],
            None,
            &["d1b3 d5b3 c1c2 b3b2 d2d3 b2c1 c2c1 P@c2".to_string()],
        )
        .unwrap(),
    );
    report.push_str(
        &show_command_with(
            "patricia",
            &opt("PatriciaFreeFace=true"),
            Some("1b1b1/1q1pP/1R3/1P3/2K2[BBpnr] w - - 0 1"),
            &[],
        )
        .unwrap(),
    );
    snap!("patricia_drawings", report);
}
