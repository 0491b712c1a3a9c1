//! SAN (src/fen/san.rs): written as chess players and Fairy-Stockfish write it, read back
//! to the same move, read leniently as PGN readers do.

use menagerie::core::game::Game;
use menagerie::core::position::Position;
use menagerie::fen::{MoveError, move_text, parse_move, parse_position, parse_san, san};
use menagerie::variants::western::Western;

mod common;
use common::western as western_by_name;

/// SAN of each move of a line played from `fen`, and each SAN read back to the move.
fn line(name: &str, fen: &str, moves: &[&str]) -> Vec<String> {
    let g = western_by_name(name);
    let mut pos = parse_position(&g, fen).unwrap();
    let mut out = Vec::new();
    for m in moves {
        let mv = parse_move(&g, &mut pos, m).unwrap();
        let text = san(&g, &mut pos, mv);
        assert_eq!(parse_san(&g, &mut pos, &text).unwrap(), mv, "{text}");
        out.push(text);
        g.make(&mut pos, mv);
    }
    out
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn chess_moves() {
    assert_eq!(
        line(
            "chess",
            START,
            &[
                "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1"
            ]
        ),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"]
    );
    assert_eq!(
        line("chess", START, &["f2f3", "e7e5", "g2g4", "d8h4"]),
        ["f3", "e5", "g4", "Qh4#"]
    );
    // Disambiguation by file, by rank, by both; en passant; promotion with check.
    let fen = "4k3/1P6/8/3pP3/8/8/R6R/N3K2N w - d6 0 1";
    assert_eq!(line("chess", fen, &["a2d2"]), ["Rad2"]);
    assert_eq!(
        line("chess", "4k3/8/8/8/R7/8/8/R3K3 w - - 0 1", &["a1a3"]),
        ["R1a3"]
    );
    assert_eq!(
        line("chess", "k7/8/8/8/8/2Q1Q3/8/2Q1K3 w - - 0 1", &["c3d2"]),
        ["Qc3d2"]
    );
    assert_eq!(line("chess", fen, &["e5d6"]), ["exd6"]);
    assert_eq!(line("chess", fen, &["b7b8q"]), ["b8=Q+"]);
}

#[test]
fn lenient_reading() {
    let g = western_by_name("chess");
    let mut pos = parse_position(&g, START).unwrap();
    for (text, uci) in [
        ("Nf3", "g1f3"),
        ("Ngf3", "g1f3"),
        ("Ng1f3", "g1f3"),
        ("e4!?", "e2e4"),
        // Long algebraic, as some programs write it.
        ("e2e4", "e2e4"),
        ("e2-e4", "e2e4"),
    ] {
        let mv = parse_san(&g, &mut pos, text);

        assert_eq!(
            mv.unwrap(),
            parse_move(&g, &mut pos, uci).unwrap(),
            "{text}"
        );
    }
    assert!(matches!(
        parse_san(&g, &mut pos, "Nf4"),
        Err(MoveError::Illegal(_))
    ));
    assert!(matches!(
        parse_san(&g, &mut pos, "xx"),
        Err(MoveError::Syntax(_))
    ));
    let mut pos = parse_position(&g, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    assert_eq!(move_after(&g, &mut pos, "0-0"), "e1g1");
    assert_eq!(move_after(&g, &mut pos, "O-O-O+"), "e1c1");
    let mut pos = parse_position(&g, "4k3/8/8/8/R7/8/8/R3K3 w - - 0 1").unwrap();
    assert!(matches!(
        parse_san(&g, &mut pos, "Ra3"),
        Err(MoveError::IllegalBecause { .. })
    ));
    let mut pos = parse_position(&g, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(move_after(&g, &mut pos, "b8Q"), "b7b8q");
    assert_eq!(move_after(&g, &mut pos, "b8=n"), "b7b8n");
}

fn move_after(g: &Western, pos: &mut Position, text: &str) -> String {
    move_text(g.variant(), &parse_san(g, pos, text).unwrap())
}

#[test]
fn wildebeest_pieces_and_free_castling() {
    let start = menagerie::variants::wildebeest::START;
    assert_eq!(
        line("wildebeest", start, &["f2f5", "f9f6", "h1g4"]),
        ["f5", "f6", "Cg4"]
    );
    let fen = "r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1";
    assert_eq!(line("wildebeest", fen, &["f1h1"]), ["O-O"]);
    assert_eq!(line("wildebeest", fen, &["f1i1"]), ["O-O(i1)"]);
    // The 1-cell castling is the king onto its rook in our notation (notation.md).
    assert_eq!(line("wildebeest", fen, &["f1k1"]), ["O-O(g1)+"]);
    assert_eq!(line("wildebeest", fen, &["f1g1"]), ["Kg1"]);
    assert_eq!(line("wildebeest", fen, &["f1b1"]), ["O-O-O(b1)"]);
    assert_eq!(line("wildebeest", fen, &["f1d1"]), ["O-O-O"]);
    assert_eq!(line("wildebeest", fen, &["a1a10"]), ["Rxa10+"]);
}

/// Held against Fairy-Stockfish: the SAN it writes (pyffish) for every move of random games
/// in eight variants (tests/san/fairy_stockfish.txt, written by tools/san/fs_san_lines.py).
/// Wildebeest: Fairy-Stockfish's wildebeest is `G` (ours `W`); it castles two cells only,
/// which both write `O-O`.
#[test]
fn san_as_fairy_stockfish_writes_it() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/san/fairy_stockfish.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    let mut variants = std::collections::BTreeSet::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split(" ; ").collect();
        let [variant, fen, uci, theirs] = fields[..] else {
            panic!("line {}: {line}", i + 1)
        };
        let g = western_by_name(variant);
        let mut pos = parse_position(&g, fen).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let mv = parse_move(&g, &mut pos, uci).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let mut ours = san(&g, &mut pos, mv);
        if variant == "wildebeest" {
            ours = ours.replace('W', "G");
        }
        assert_eq!(ours, theirs, "line {}: {line}", i + 1);
        assert_eq!(
            parse_san(&g, &mut pos, theirs.replace('G', "W").as_str()).unwrap(),
            mv
        );
        variants.insert(variant);
        checked += 1;
    }
    assert!(
        checked >= 1500 && variants.len() == 8,
        "{checked} {variants:?}"
    );
}
