//! Position and move strings (docs/notation.md): round trips, error wording, drawings.

mod common;
use common::{play, western};
use menagerie::cli::{read_suite, show_command};
use menagerie::core::game::Game;
use menagerie::core::moves::MoveList;
use menagerie::fen::{move_text, parse_move, parse_position, read_setup, write_position};

fn suite_fens() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (file, default) in [
        ("chess.perft", "chess"),
        ("wildebeest_start.perft", "wildebeest"),
        ("wildebeest_random.perft", "wildebeest"),
    ] {
        let text =
            std::fs::read_to_string(format!("{}/tests/perft/{file}", env!("CARGO_MANIFEST_DIR")))
                .unwrap();
        let (variant, entries) = read_suite(&text).unwrap();
        let variant = variant.unwrap_or(default.to_string());
        out.extend(entries.into_iter().map(|e| (variant.clone(), e.fen)));
    }
    out
}

#[test]
fn every_suite_position_round_trips() {
    let fens = suite_fens();
    assert!(fens.len() >= 28);
    for (variant, fen) in fens {
        let g = western(&variant);
        let pos = parse_position(&g, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(write_position(g.variant(), &pos), fen);
    }
}

#[test]
fn every_legal_move_string_round_trips() {
    for (variant, fen) in suite_fens() {
        let g = western(&variant);
        let mut pos = parse_position(&g, &fen).unwrap();
        let mut list = MoveList::new();
        g.legal_moves(&mut pos, &mut list);
        for mv in list {
            let text = move_text(g.variant(), &mv);
            assert_eq!(parse_move(&g, &mut pos, &text), Ok(mv), "{fen}: {text}");
        }
    }
}

#[test]
fn lenient_input_canonical_output() {
    let g = western("chess");
    // Missing counters default to 0 and 1.
    let pos = parse_position(&g, "4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
    assert_eq!(
        write_position(g.variant(), &pos),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    // Shredder-style castling letters are read, KQkq written.
    let pos = parse_position(&g, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").unwrap();
    assert_eq!(
        write_position(g.variant(), &pos),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    );
    // G is read as the wildebeest, written W.
    let w = western("wildebeest");
    let pos = parse_position(
        &w,
        "rnccgkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKGCCNR w KQkq - 0 1",
    )
    .unwrap();
    assert_eq!(
        write_position(w.variant(), &pos),
        menagerie::variants::wildebeest::START
    );
    // A subset of en-passant targets is accepted.
    let pos = play(
        &w,
        "5k5/11/11/11/11/2p8/2p8/11/1P9/5K5 w - - 0 1",
        &["b2b5"],
    )
    .unwrap();
    let fen = write_position(w.variant(), &pos);
    assert!(fen.contains(" b3b4 "));
    let subset = fen.replace(" b3b4 ", " b4 ");
    let mut pos = parse_position(&w, &subset).unwrap();
    assert!(parse_move(&w, &mut pos, "c5b4").is_ok());
    assert!(parse_move(&w, &mut pos, "c4b3").is_err());
}

#[test]
fn position_errors_name_field_and_column() {
    let chess = western("chess");
    let wild = western("wildebeest");
    let cases: Vec<(&str, &menagerie::variants::western::Western, &str)> = vec![
        ("empty", &chess, ""),
        ("too few ranks", &chess, "8/8/8 w - - 0 1"),
        (
            "bad letter",
            &chess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        ),
        (
            "rank too long",
            &chess,
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "rank too short",
            &chess,
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "huge run",
            &wild,
            "99999999999999999999/11/11/11/11/11/11/11/11/5K5 w - - 0 1",
        ),
        ("bad side", &chess, "4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
        ("bad castling", &chess, "4k3/8/8/8/8/8/8/4K3 w KX - 0 1"),
        ("bad ep square", &chess, "4k3/8/8/8/8/8/8/4K3 w - z9 0 1"),
        (
            "halfmove not a number",
            &chess,
            "4k3/8/8/8/8/8/8/4K3 w - - x 1",
        ),
        ("fullmove zero", &chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 0"),
        ("extra field", &chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra"),
        (
            "holdings in a game without",
            &wild,
            "5k5/11/11/11/11/11/11/11/11/5K5[Q] w - - 0 1",
        ),
        ("two white kings", &chess, "4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
        (
            "no kings, pawn on rank 8",
            &chess,
            "P7/8/8/8/8/8/8/8 w - - 0 1",
        ),
        (
            "castling without rook",
            &wild,
            "5k5/11/11/11/11/11/11/11/11/5K5 w K - 0 1",
        ),
        ("ep without pawn", &chess, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
        (
            "side not to move in check",
            &chess,
            "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        ),
    ];
    let mut report = String::new();
    for (name, game, fen) in cases {
        let err = parse_position(game, fen).expect_err(name);
        report.push_str(&format!("{name}: {fen}\n  {err}\n"));
    }
    snap!("position_errors", report);
}

#[test]
fn move_errors() {
    let g = western("wildebeest");
    let mut pos = parse_position(&g, menagerie::variants::wildebeest::START).unwrap();
    let mut report = String::new();
    for text in [
        "",
        "e2",
        "e2e9",
        "z1z2",
        "e2e5q",
        "a2a6",
        "f1g1,k1f1",
        "N@c3",
        "0000",
        "e2e5 extra",
        &"a".repeat(100),
    ] {
        match parse_move(&g, &mut pos, text) {
            Ok(mv) => report.push_str(&format!("{text:?}: ok {}\n", move_text(g.variant(), &mv))),
            Err(e) => report.push_str(&format!("{text:?}: {e}\n")),
        }
    }
    snap!("move_errors", report);
}

#[test]
fn parsed_setups() {
    let g = western("wildebeest");
    let mut report = String::new();
    for fen in [
        menagerie::variants::wildebeest::START,
        "r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1",
        "5k5/11/11/11/11/1P9/2p8/11/11/5K5 b - b3 0 1",
    ] {
        let s = read_setup(g.variant(), fen).unwrap();
        let pieces: Vec<String> = s
            .cells
            .iter()
            .enumerate()
            .filter_map(|(sq, c)| {
                c.map(|(k, o)| {
                    format!(
                        "{}{}",
                        g.variant().letter(g.variant().piece(k, o)),
                        g.variant().square_name(sq as u16)
                    )
                })
            })
            .collect();
        let ep: Vec<String> = s.ep.iter().map(|&sq| g.variant().square_name(sq)).collect();
        report.push_str(&format!(
            "{fen}\n  pieces: {}\n  side: {} castling: {:?} ep: {:?} halfmove: {} fullmove: {}\n",
            pieces.join(" "),
            s.side,
            s.castling,
            ep,
            s.halfmove,
            s.fullmove
        ));
    }
    snap!("parsed_setups", report);
}

#[test]
fn board_drawings() {
    let mut report = show_command("chess", None, &[]).unwrap();
    report.push_str(&show_command("wildebeest", None, &["e2e5 f9f6 e5f6".to_string()]).unwrap());
    snap!("board_drawings", report);
}

#[test]
fn unknown_and_unsupported_variants() {
    assert!(
        show_command("nosuch", None, &[])
            .unwrap_err()
            .0
            .contains("unknown variant 'nosuch'")
    );
    // Party Chess is played through the N-player path; the two-player builder says so.
    assert!(
        menagerie::variants::game("party")
            .unwrap_err()
            .to_string()
            .contains("several players")
    );
    assert!(show_command("party", None, &[]).is_ok());
}
