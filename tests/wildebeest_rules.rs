//! Wildebeest test positions W1–W27 of the team's rulings (summed up in docs/wildebeest.md).

mod common;
use common::{fen_after, legal, play, western};
use menagerie::core::game::Game;
use menagerie::core::outcome::{Outcome, Reason};

const START: &str = menagerie::variants::wildebeest::START;
const W2: &str = "5k5/11/11/11/11/11/2p8/11/1P9/5K5 w - - 0 1";
const W17: &str = "r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1";

fn moves_of(fen: &str) -> Vec<String> {
    let g = western("wildebeest");
    let mut pos = play(&g, fen, &[]).unwrap();
    legal(&g, &mut pos)
}

fn has(list: &[String], m: &str) -> bool {
    list.iter().any(|x| x == m)
}

#[test]
fn w01_start_has_45_moves_with_triple_steps() {
    let l = moves_of(START);
    assert_eq!(l.len(), 45);
    for m in ["a2a3", "a2a4", "a2a5"] {
        assert!(has(&l, m), "{m}");
    }
}

#[test]
fn w02_triple_step_sets_passed_target() {
    let g = western("wildebeest");
    assert_eq!(
        fen_after(&g, W2, &["b2b5"]),
        "5k5/11/11/11/11/1P9/2p8/11/11/5K5 b - b3 0 1"
    );
}

#[test]
fn w03_en_passant_onto_first_passed_square() {
    let g = western("wildebeest");
    assert_eq!(
        fen_after(&g, W2, &["b2b5", "c4b3"]),
        "5k5/11/11/11/11/11/11/1p9/11/5K5 w - - 0 2"
    );
}

#[test]
fn w04_en_passant_onto_second_passed_square() {
    let g = western("wildebeest");
    let fen = "5k5/11/11/11/11/2p8/11/11/1P9/5K5 w - - 0 1";
    assert_eq!(
        fen_after(&g, fen, &["b2b5", "c5b4"]),
        "5k5/11/11/11/11/11/1p9/11/11/5K5 w - - 0 2"
    );
}

#[test]
fn w05_both_passed_squares_capturable() {
    let g = western("wildebeest");
    let fen = "5k5/11/11/11/11/2p8/2p8/11/1P9/5K5 w - - 0 1";
    let mut pos = play(&g, fen, &["b2b5"]).unwrap();
    assert!(menagerie::fen::write_position(g.variant(), &pos).contains(" b3b4 "));
    let l = legal(&g, &mut pos);
    assert!(has(&l, "c4b3") && has(&l, "c5b4"));
    assert_eq!(l.len(), 8, "{l:?}");
}

#[test]
fn w06_double_step_from_third_rank_then_en_passant() {
    let g = western("wildebeest");
    assert!(
        play(
            &g,
            "5k5/11/11/11/11/p10/11/1P9/11/5K5 w - - 0 1",
            &["b3b5", "a5b4"]
        )
        .is_ok()
    );
}

#[test]
fn w07_en_passant_right_expires() {
    let g = western("wildebeest");
    let err = play(&g, W2, &["b2b5", "f10e10", "f1e1", "c4b3"]).unwrap_err();
    assert!(err.contains("illegal move 'c4b3'"), "{err}");
}

#[test]
fn w08_single_step_gives_no_en_passant() {
    let g = western("wildebeest");
    assert!(
        play(
            &g,
            "5k5/11/11/11/11/2p8/1P9/11/11/5K5 w - - 0 1",
            &["b4b5", "c5b4"]
        )
        .is_err()
    );
}

#[test]
fn w09_en_passant_exposing_king_is_illegal() {
    let g = western("wildebeest");
    let fen = "11/11/11/11/11/R1p4k3/11/11/1P9/5K5 w - - 0 1";
    assert!(play(&g, fen, &["b2b5", "c5b4"]).is_err());
    let mut pos = play(&g, fen, &["b2b5"]).unwrap();
    assert_eq!(legal(&g, &mut pos).len(), 9);
}

#[test]
fn w10_black_triple_step_and_white_en_passant() {
    let g = western("wildebeest");
    assert!(
        play(
            &g,
            "5k5/1p9/11/2P8/11/11/11/11/11/5K5 b - - 0 1",
            &["b9b6", "c7b8"]
        )
        .is_ok()
    );
}

#[test]
fn w11_black_double_step_and_en_passant() {
    let g = western("wildebeest");
    assert!(
        play(
            &g,
            "5k5/11/1p9/11/2P8/11/11/11/11/5K5 b - - 0 1",
            &["b8b6", "c6b7"]
        )
        .is_ok()
    );
}

#[test]
fn w12_pawn_steps_depend_on_rank() {
    let l = moves_of("5k5/11/11/11/11/11/5P5/3P7/1P9/5K5 w - - 0 1");
    let mut pawn: Vec<&String> = l.iter().filter(|m| !m.starts_with("f1")).collect();
    pawn.sort();
    assert_eq!(pawn, ["b2b3", "b2b4", "b2b5", "d3d4", "d3d5", "f4f5"]);
    assert_eq!(l.len(), 11);
}

#[test]
fn w13_blocked_pawn_paths() {
    let l = moves_of("5k5/11/11/11/11/11/1n9/11/1P9/5K5 w - - 0 1");
    assert!(has(&l, "b2b3"));
    assert!(!has(&l, "b2b4") && !has(&l, "b2b5"));
}

#[test]
fn w14_pawn_that_captured_onto_third_rank_may_double_step() {
    let g = western("wildebeest");
    assert!(
        play(
            &g,
            "5k5/11/11/11/11/11/11/1n9/P10/5K5 w - - 0 1",
            &["a2b3", "f10e10", "b3b5"]
        )
        .is_ok()
    );
}

#[test]
fn w15_promotion_only_to_queen_or_wildebeest() {
    let fen = "r4k5/1P9/11/11/11/11/11/11/11/5K5 w - - 0 1";
    let l = moves_of(fen);
    assert_eq!(l.len(), 9, "{l:?}");
    for m in ["b9b10q", "b9b10w", "b9a10q", "b9a10w"] {
        assert!(has(&l, m), "{m}");
    }
    let g = western("wildebeest");
    for bad in ["b9b10", "b9b10n", "b9b10r", "b9b10b", "b9b10c"] {
        assert!(play(&g, fen, &[bad]).is_err(), "{bad}");
    }
    // `g` is accepted as the wildebeest's letter.
    assert_eq!(
        fen_after(&g, fen, &["b9b10g"]),
        fen_after(&g, fen, &["b9b10w"])
    );
}

#[test]
fn w16_black_promotions() {
    let l = moves_of("5k5/11/11/11/11/11/11/11/1p9/R4K5 b - - 0 1");
    for m in ["b2b1q", "b2b1w", "b2a1q", "b2a1w"] {
        assert!(has(&l, m), "{m}");
    }
}

#[test]
fn w17_all_eight_white_castlings() {
    let g = western("wildebeest");
    assert_eq!(moves_of(W17).len(), 39);
    for (mv, rank1) in [
        ("f1k1", "R4RK4"),
        ("f1h1", "R5RK3"),
        ("f1i1", "R6RK2"),
        ("f1j1", "R7RK1"),
        ("f1a1", "4KR4R"),
        ("f1d1", "3KR5R"),
        ("f1c1", "2KR6R"),
        ("f1b1", "1KR7R"),
    ] {
        let fen = fen_after(&g, W17, &[mv]);
        let board = fen.split(' ').next().unwrap();
        assert_eq!(board.rsplit('/').next().unwrap(), rank1, "{mv}");
        assert!(fen.contains(" b kq - 1 1"), "{mv}: {fen}");
    }
    // The two-leg XBoard form is the same 1-square castling.
    assert_eq!(
        fen_after(&g, W17, &["f1g1,k1f1"]),
        fen_after(&g, W17, &["f1k1"])
    );
}

#[test]
fn w18_all_eight_black_castlings() {
    let l = moves_of("r4k4r/11/11/11/11/11/11/11/11/5K5 b kq - 0 1");
    assert_eq!(l.len(), 39);
    for m in [
        "f10k10", "f10h10", "f10i10", "f10j10", "f10a10", "f10d10", "f10c10", "f10b10",
    ] {
        assert!(has(&l, m), "{m}");
    }
}

#[test]
fn w19_plain_king_step_loses_rights() {
    let g = western("wildebeest");
    assert_eq!(
        fen_after(&g, W17, &["f1g1"]),
        "r4k4r/11/11/11/11/11/11/11/11/R5K3R b kq - 1 1"
    );
}

#[test]
fn w20_attacked_h1_blocks_longer_kingside_castlings() {
    let l = moves_of("5k5/11/11/11/11/7r3/11/11/11/R4K4R w KQ - 0 1");
    assert!(has(&l, "f1k1"));
    for m in ["f1h1", "f1i1", "f1j1"] {
        assert!(!has(&l, m), "{m}");
    }
    for m in ["f1a1", "f1d1", "f1c1", "f1b1"] {
        assert!(has(&l, m), "{m}");
    }
    assert_eq!(l.len(), 36);
}

#[test]
fn w21_attacked_c1() {
    let l = moves_of("5k5/11/11/11/11/2r8/11/11/11/R4K4R w KQ - 0 1");
    assert!(has(&l, "f1a1") && has(&l, "f1d1"));
    assert!(!has(&l, "f1c1") && !has(&l, "f1b1"));
    assert_eq!(l.len(), 37);
}

#[test]
fn w22_rook_path_may_be_attacked() {
    let l = moves_of("5k5/11/11/11/11/1r9/11/11/11/R4K4R w KQ - 0 1");
    assert!(has(&l, "f1a1") && has(&l, "f1d1") && has(&l, "f1c1"));
    assert!(!has(&l, "f1b1"));
    assert_eq!(l.len(), 38);
}

#[test]
fn w23_no_castling_out_of_check() {
    let l = moves_of("5k5/11/11/11/11/5r5/11/11/11/R4K4R w KQ - 0 1");
    assert_eq!(l, ["f1e1", "f1e2", "f1g1", "f1g2"]);
}

#[test]
fn w24_occupied_gap_forbids_every_kingside_castling() {
    let l = moves_of("5k5/11/11/11/11/11/11/11/11/R4K3NR w KQ - 0 1");
    assert!(
        !l.iter()
            .any(|m| ["f1k1", "f1h1", "f1i1", "f1j1"].contains(&m.as_str()))
    );
    assert_eq!(l.len(), 34);
}

#[test]
fn w25_camel_and_wildebeest_moves() {
    let camel = moves_of("5k5/11/11/11/11/4C6/11/11/11/5K5 w - - 0 1");
    let mut c: Vec<&str> = camel
        .iter()
        .filter(|m| m.starts_with("e5"))
        .map(|m| &m[2..])
        .collect();
    c.sort();
    assert_eq!(c, ["b4", "b6", "d2", "d8", "f2", "f8", "h4", "h6"]);
    let gnu = moves_of("5k5/11/11/11/11/4W6/11/11/11/5K5 w - - 0 1");
    assert_eq!(gnu.iter().filter(|m| m.starts_with("e5")).count(), 16);
    for sq in ["c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"] {
        assert!(has(&gnu, &format!("e5{sq}")), "{sq}");
    }
}

#[test]
fn w26_stalemate_wins_for_the_other_side() {
    let g = western("wildebeest");
    let mut pos = play(&g, "k10/2Q8/11/11/11/11/11/11/11/5K5 b - - 0 1", &[]).unwrap();
    assert!(legal(&g, &mut pos).is_empty());
    assert!(!g.in_check(&pos));
    assert_eq!(
        g.outcome(&pos, 0),
        Some(Outcome::Win {
            winner: 0,
            reason: Reason::Stalemate
        })
    );
    // Chess keeps the draw.
    let c = western("chess");
    let pos = play(&c, "k7/2Q5/8/8/8/8/8/4K3 b - - 0 1", &[]).unwrap();
    assert_eq!(
        c.outcome(&pos, 0),
        Some(Outcome::Draw {
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn w27_checkmate() {
    let g = western("wildebeest");
    let mut pos = play(&g, "k10/1Q9/2K8/11/11/11/11/11/11/11 b - - 0 1", &[]).unwrap();
    assert!(legal(&g, &mut pos).is_empty());
    assert_eq!(
        g.outcome(&pos, 0),
        Some(Outcome::Win {
            winner: 0,
            reason: Reason::Checkmate
        })
    );
}

#[test]
fn b5_minimal_material_stalemates_win() {
    let g = western("wildebeest");
    for fen in [
        "k10/2K8/1B9/11/11/11/11/11/11/11 b - - 0 1",
        "k10/3N7/1K9/11/11/11/11/11/11/11 b - - 0 1",
    ] {
        let mut pos = play(&g, fen, &[]).unwrap();
        assert!(legal(&g, &mut pos).is_empty());
        assert_eq!(
            g.outcome(&pos, 0),
            Some(Outcome::Win {
                winner: 0,
                reason: Reason::Stalemate
            }),
            "{fen}"
        );
    }
    let pos = play(&g, "k10/11/2K8/11/11/11/11/11/11/11 w - - 0 1", &[]).unwrap();
    assert_eq!(
        g.outcome(&pos, 3),
        Some(Outcome::Draw {
            reason: Reason::InsufficientMaterial
        })
    );
}

#[test]
fn almost_wildebeest_has_no_one_square_castling() {
    let g = western("almost-wildebeest");
    let mut pos = play(&g, W17, &[]).unwrap();
    let l = legal(&g, &mut pos);
    assert!(!has(&l, "f1k1") && !has(&l, "f1a1"));
    assert!(has(&l, "f1h1") && has(&l, "f1b1"));
    assert_eq!(l.len(), 37);
}

#[test]
fn fifty_move_rule_and_repetition_draw() {
    let g = western("wildebeest");
    let pos = play(&g, "5k5/11/11/11/11/11/11/11/11/R4K5 w - - 100 80", &[]).unwrap();
    assert_eq!(
        g.outcome(&pos, 10),
        Some(Outcome::Draw {
            reason: Reason::MoveLimit
        })
    );
    let shuffle = ["f1e1", "f10e10", "e1f1", "e10f10"];
    let two = play(&g, "5k5/11/11/11/11/11/11/11/11/R4K5 w - - 0 1", &shuffle).unwrap();
    assert_eq!(g.outcome(&two, 10), None);
    let moves: Vec<&str> = shuffle.iter().chain(shuffle.iter()).copied().collect();
    let three = play(&g, "5k5/11/11/11/11/11/11/11/11/R4K5 w - - 0 1", &moves).unwrap();
    assert_eq!(
        g.outcome(&three, 10),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
}
