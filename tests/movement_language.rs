//! The movement language on pieces no built-in variant uses yet: hoppers, lame leapers,
//! ranged riders, holdings. A small test variant is built from data alone.

use menagerie::core::game::Game;
use menagerie::core::moves::MoveList;
use menagerie::core::piece::PieceKind;
use menagerie::core::tables::Orientation;
use menagerie::core::variant::{EndRules, StalemateRule, VariantSpec};
use menagerie::fen::{move_text, parse_position, write_position};
use menagerie::geometry::Geometry;
use menagerie::variants::western::Western;

fn test_game() -> Western {
    let piece =
        |name: &str, letter: char, betza: &str| PieceKind::from_betza(name, letter, betza).unwrap();
    let spec = VariantSpec {
        name: "test-menagerie".into(),
        title: "movement language test".into(),
        geometry: Geometry::flat(9, 10).unwrap(),
        orientation: Orientation::Facing,
        players: 2,
        pieces: vec![
            piece("king", 'K', "K").royal(),
            piece("cannon", 'A', "mRcpR"),
            piece("horse", 'H', "nN"),
            piece("short rook", 'S', "R2"),
            piece("grasshopper", 'G', "gQ"),
        ],
        start: "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1".into(),
        castling: None,
        en_passant: false,
        promotion: None,
        end: EndRules {
            stalemate: StalemateRule::Draw,
            move_limit: None,
            repetitions: None,
            bare_royals_draw: false,
        },
        holdings: true,
        flag: None,
    };
    Western::new(spec.conclude().unwrap())
}

fn moves_from(game: &Western, fen: &str, from: &str) -> Vec<String> {
    let mut pos = parse_position(game, fen).unwrap();
    let mut list = MoveList::new();
    game.legal_moves(&mut pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|m| move_text(game.variant(), m))
        .filter(|m| m.starts_with(from))
        .collect();
    out.sort();
    out
}

#[test]
fn cannon_moves_like_a_rook_and_captures_over_a_screen() {
    let g = test_game();
    // Cannon e6, own screen e8, black horse e9.
    let fen = "k8/4h4/4S4/9/4A4/9/9/9/9/K8[] w - - 0 1";
    let m = moves_from(&g, fen, "e6");
    assert!(m.contains(&"e6e9".to_string()), "{m:?}");
    assert!(!m.contains(&"e6e8".to_string()) && !m.contains(&"e6e10".to_string()));
    assert!(m.contains(&"e6e7".to_string()) && m.contains(&"e6a6".to_string()));
}

#[test]
fn lame_horse_is_blocked_next_to_it() {
    let g = test_game();
    let free = moves_from(&g, "k8/9/9/9/4H4/9/9/9/9/K8[] w - - 0 1", "e6");
    assert_eq!(free.len(), 8);
    let blocked = moves_from(&g, "k8/9/9/9/4H4/4S4/9/9/9/K8[] w - - 0 1", "e6");
    assert_eq!(blocked.len(), 6, "{blocked:?}");
}

#[test]
fn ranged_rider_and_grasshopper() {
    let g = test_game();
    assert_eq!(
        moves_from(&g, "k8/9/9/9/4S4/9/9/9/9/K8[] w - - 0 1", "e6").len(),
        8
    );
    // Grasshopper lands right behind a screen only.
    let m = moves_from(&g, "k8/9/9/9/4G4/4S4/9/9/9/K8[] w - - 0 1", "e6");
    assert_eq!(m, vec!["e6e4".to_string()]);
}

#[test]
fn cannon_gives_check_over_a_screen() {
    let g = test_game();
    let pos = parse_position(&g, "4k4/9/9/4S4/9/9/9/9/4a4/K8[] b - - 0 1").unwrap();
    assert!(!g.in_check(&pos));
    let pos = parse_position(&g, "4K4/9/9/4S4/9/9/9/9/4a4/k8[] w - - 0 1").unwrap();
    assert!(g.in_check(&pos));
}

#[test]
fn holdings_round_trip_and_hash() {
    let g = test_game();
    let fen = "4k4/9/9/9/9/9/9/9/9/4K4[AAHsg] w - - 0 1";
    let pos = parse_position(&g, fen).unwrap();
    assert_eq!(write_position(g.variant(), &pos), fen);
    assert_eq!(pos.hand(0, 1), 2);
    assert_eq!(pos.hash(), pos.fresh_hash(&g.variant().zobrist));
    let empty = parse_position(&g, "4k4/9/9/9/9/9/9/9/9/4K4[-] w - - 0 1").unwrap();
    assert_eq!(
        write_position(g.variant(), &empty),
        "4k4/9/9/9/9/9/9/9/9/4K4[] w - - 0 1"
    );
    assert_ne!(empty.hash(), pos.hash());
}

#[test]
fn make_unmake_and_hash_hold_with_hoppers() {
    let g = test_game();
    assert!(!g.variant().fast_legality);
    let mut pos = parse_position(&g, "a3k3a/4h4/9/4S4/9/9/4G4/4H4/4A4/1S2K4[] w - - 0 1").unwrap();
    let n = menagerie::perft::perft_verified(&g, &mut pos, 3);
    assert!(n > 1000, "{n}");
}
