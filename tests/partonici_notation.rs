//! Partonici position and move strings (docs/notation.md "partonici", partonici.md §6):
//! round trips, defaults, typed errors naming field and column, capture lists, drawings.

mod common;

use common::{partonici, partonici_with};

use menagerie::core::game::Game;
use menagerie::core::moves::MoveList;
use menagerie::fen::{draw_board, move_text, parse_move, parse_position, write_position};

#[test]
fn start_and_example_positions_round_trip() {
    for info in menagerie::variants::partonici::SETUPS {
        let g = partonici(info.name);
        for fen in [Some(info.start), info.alternative.map(|(_, f)| f)]
            .into_iter()
            .flatten()
        {
            let pos = parse_position(&g, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(write_position(g.variant(), &pos), fen);
        }
    }
    let g = partonici("royal-scaci-partonici-10");
    for fen in [
        "r8k/4+q*5/10/10/10/10/10/10/2+N7/R*3K5 w 3:1 5 20",
        "9k/10/10/10/10/10/10/10/10/K2+K*6 w 0:0 0 1",
        "9k/10/10/10/10/10/10/10/10/K9 b 24:24 99 300",
    ] {
        let pos = parse_position(&g, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(write_position(g.variant(), &pos), fen);
    }
}

#[test]
fn trailing_fields_default() {
    let g = partonici("pawn-partonici-7");
    for (given, written) in [
        ("7/7/7/3P3/7/7/7 w", "7/7/7/3P3/7/7/7 w 0:0 0 1"),
        ("7/7/7/3P3/7/7/7 b 2:1", "7/7/7/3P3/7/7/7 b 2:1 0 1"),
        ("7/7/7/3P3/7/7/7 w 0:3 12", "7/7/7/3P3/7/7/7 w 0:3 12 1"),
    ] {
        let pos = parse_position(&g, given).unwrap();
        assert_eq!(write_position(g.variant(), &pos), written);
    }
}

#[test]
fn the_royal_of_royal_scaci() {
    let g = partonici("royal-scaci-partonici-8");
    // No star: the king is the royal; a star moves royalty to that piece.
    let pos = parse_position(&g, "4k3/8/8/8/8/8/8/4K3 w 0:0 0 1").unwrap();
    assert_eq!(pos.royals(0).len(), 1);
    let pos = parse_position(&g, "4k3/8/8/8/8/8/8/Q*3K3 w 0:0 0 1").unwrap();
    let royal = pos.royals(0).first().unwrap();
    assert_eq!(g.variant().square_name(royal), "a1");
    // A royal queen promotes into a royal promoted queen (D-25).
    let mut pos = common::partonici_play(&g, "4k3/Q*7/8/8/8/8/8/4K3 w 0:0 0 1", &["a7a8"]);
    assert_eq!(
        write_position(g.variant(), &pos),
        "+Q*3k3/8/8/8/8/8/8/4K3 b 0:0 0 1"
    );
    let mut list = MoveList::new();
    g.legal_moves(&mut pos, &mut list);
    assert!(!list.is_empty());
}

#[test]
fn position_errors() {
    let cases: &[(&str, &str)] = &[
        ("pawn-partonici-8", "8/8/8 w 0:0 0 1"),
        ("pawn-partonici-8", "8/8/8/8/8/8/8/7X w 0:0 0 1"),
        ("pawn-partonici-8", "8/8/8/8/8/8/8/6Q1 w 0:0 0 1"),
        ("pawn-partonici-8", "8/8/8/8/8/8/8/9 w 0:0 0 1"),
        ("pawn-partonici-8", "8/8/8/8/8/8/8/7+ w 0:0 0 1"),
        ("pawn-partonici-8", "P7/8/8/8/8/8/8/p7 w 0:0 0 1"),
        ("pawn-partonici-8", "8/8/8/8/8/8/8/8 x 0:0 0 1"),
        ("pawn-partonici-8", "8/8/8/8/8/8/8/8 w 2-0 0 1"),
        ("pawn-partonici-8", "8/8/8/8/8/8/8/8 w 65:0 0 1"),
        ("pawn-partonici-8", "8/8/8/8/8/8/8/8 w 0:x 0 1"),
        ("pawn-partonici-8", "8/8/8/8/8/8/8/8 w 0:0 q 1"),
        ("pawn-partonici-8", "8/8/8/8/8/8/8/8 w 0:0 0 0"),
        ("pawn-partonici-8", "8/8/8/8/8/8/8/8 w 0:0 0 1 extra"),
        ("pawn-partonici-8", "8/8/8/8/8/8/8/7é w"),
        ("pawn-partonici-8", "8/8/8/8/8/8/8/8 - - 0 1"),
        ("scaci-partonici-8", "8/8/8/8/8/8/8/Q*7 w 0:0 0 1"),
        ("scaci-partonici-8", "8/8/8/8/8/8/8/+P7 w 0:0 0 1"),
        ("royal-partonici-8", "8/8/8/8/8/8/8/P7 w 0:0 0 1"),
        ("royal-scaci-partonici-8", "k7/8/8/8/8/8/8/Q*R*6 w 0:0 0 1"),
        ("royal-scaci-partonici-8", "8/8/8/8/8/8/8/K1K5 w 0:0 0 1"),
    ];
    let mut report = String::new();
    for (variant, fen) in cases {
        let g = partonici(variant);
        let err = parse_position(&g, fen).expect_err(fen);
        report.push_str(&format!("{variant}: {fen}\n  {err}\n"));
    }
    snap!("partonici_position_errors", report);
}

#[test]
fn move_strings() {
    let g = partonici("pawn-partonici-8");
    let mut pos = parse_position(&g, "8/8/2p5/Ppp5/2P1p3/8/8/8 w 0:0 0 1").unwrap();
    let mut report = String::new();
    for text in [
        "c4d5",
        "c4-d5",
        "c4-d5x",
        "c4d5xe4xb5xc5xc6",
        "c4-d5xc6xc5xb5xe4",
        "c4d5xe4",
        "c4d5xe4xe4xb5xc5xc6",
        "c4-d5xz9",
        "c4--d5",
        "a5a6xb5",
        "c4d5q",
        "c4c5",
        "e2e4",
        "",
    ] {
        match parse_move(&g, &mut pos, text) {
            Ok(mv) => report.push_str(&format!("{text:?}: ok {}\n", move_text(g.variant(), &mv))),
            Err(e) => report.push_str(&format!("{text:?}: {e}\n")),
        }
    }
    // Scaci with a choice of promotion types: the suffix names it.
    let g = partonici_with("scaci-partonici-8", &[("ScaciPartoniciPromotion", "qn")]);
    let mut pos = parse_position(&g, "8/3P4/8/8/8/8/8/8 w 0:0 0 1").unwrap();
    for text in ["d7d8", "d7d8q", "d7d8n", "d7d8r"] {
        match parse_move(&g, &mut pos, text) {
            Ok(mv) => {
                let mut after = pos.clone();
                g.make(&mut after, mv);
                report.push_str(&format!(
                    "{text:?}: ok {} -> {}\n",
                    move_text(g.variant(), &mv),
                    write_position(g.variant(), &after)
                ));
            }
            Err(e) => report.push_str(&format!("{text:?}: {e}\n")),
        }
    }
    snap!("partonici_move_strings", report);
}

#[test]
fn drawings() {
    let mut report = String::new();
    for (variant, fen) in [
        ("pawn-partonici-8", None),
        ("pawn-partonici-8", Some("7+P/8/8/p7/8/8/8/+P7 b 2:0 0 1")),
        ("royal-partonici-9", None),
        (
            "royal-scaci-partonici-10",
            Some("r8k/4+q*5/10/10/10/10/10/10/2+N7/R*3K5 w 3:1 5 20"),
        ),
    ] {
        let g = partonici(variant);
        let pos = parse_position(&g, fen.unwrap_or(&g.variant().spec.start)).unwrap();
        report.push_str(&format!("{variant}\n{}\n", draw_board(g.variant(), &pos)));
    }
    snap!("partonici_drawings", report);
}
