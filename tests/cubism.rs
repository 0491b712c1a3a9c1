//! Chessical Cubism (docs/cubism.md): the spec's perft figures (§6.1), the rule sets
//! (compulsion, royal capture, Scacia and Losing goals, perpetual check, king confinement),
//! the placement opening, promotion, notation round trips and the drawings of every board.
//! Perft runs in debug builds verify make/unmake and hashing at every node.

mod common;

use menagerie::cli::show_command;
use menagerie::core::game::Game;
use menagerie::core::moves::MoveList;
use menagerie::core::outcome::{Outcome, Reason};
use menagerie::core::position::Position;
use menagerie::fen::{move_text, parse_move, parse_position, write_position};
use menagerie::perft::perft;
use menagerie::variants::cubism::Cubism;
use menagerie::variants::{self, AnyGame, OptionValues};

const EMPTY_LEVEL: &str = "6/6/6/6/6/6";

fn game(name: &str) -> Cubism {
    game_with(name, &[])
}

fn game_with(name: &str, options: &[(&str, &str)]) -> Cubism {
    let mut values = OptionValues::default();
    for (option, value) in options {
        values.set(option, value).unwrap();
    }
    match variants::game_with(name, &values).unwrap() {
        AnyGame::Cubism(g) => g,
        _ => panic!("{name} is a Cubism game"),
    }
}

fn start(g: &Cubism) -> Position {
    parse_position(g, &g.variant().spec.start).unwrap()
}

fn play(g: &Cubism, fen: &str, moves: &[&str]) -> Position {
    let mut pos = parse_position(g, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for m in moves {
        let mv = parse_move(g, &mut pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.make(&mut pos, mv);
    }
    pos
}

fn legal(g: &Cubism, pos: &mut Position) -> Vec<String> {
    let mut list = MoveList::new();
    g.legal_moves(pos, &mut list);
    let mut out: Vec<String> = list.iter().map(|m| move_text(g.variant(), m)).collect();
    out.sort();
    out
}

fn outcome(g: &Cubism, pos: &mut Position) -> Option<Outcome> {
    let n = legal(g, pos).len();
    g.outcome(pos, n)
}

/// A Cubic position from its six levels, A first.
fn cubic_fen(levels: [&str; 6], fields: &str) -> String {
    format!("{} {fields}", levels.join("|"))
}

// ------------------------------------------------------------------ perft (spec §6.1)

/// Variant options as (name, value).
type Options = &'static [(&'static str, &'static str)];

/// Spec §6.1, hand counts: (variant, options, depth, count).
const PERFT: &[(&str, Options, u32, u64)] = &[
    ("cubic", &[], 1, 92),
    ("cubic-compulsion", &[], 1, 92),
    ("cubic-scacia", &[], 1, 92),
    ("cubic-tamerlane", &[], 1, 108),
    ("sphinx", &[], 1, 59),
    ("sphinx", &[("SphinxKingConfined", "true")], 1, 57),
    ("sphinx-compulsion", &[], 1, 59),
    ("sphinx-losing", &[], 1, 59),
    ("sphinx-reduced", &[], 1, 32),
    ("ecila", &[], 1, 64),
    ("ecila", &[], 2, 3_648),
    ("ecila", &[("EcilaKing", "conventional")], 2, 3_264),
    ("ecila", &[("EcilaKing", "bishop")], 2, 3_648),
    ("ecila", &[], 3, 1_004_672),
    ("ecila", &[("EcilaKing", "conventional")], 3, 898_304),
    ("ecila-scacia", &[], 1, 384),
    ("ecila-scacia", &[], 2, 145_152),
    ("ecila-schlagschach", &[], 1, 384),
    ("ecila-schlagschach", &[], 2, 145_152),
    ("ecila-27", &[], 1, 216),
    ("ecila-27", &[], 2, 44_928),
    ("ecila-27", &[("EcilaKing", "conventional")], 2, 43_128),
    ("ecila-27", &[("EcilaKing", "bishop")], 2, 44_640),
    ("ecila-27-scacia", &[], 1, 1_296),
    ("ecila-27-schlagschach", &[], 1, 1_296),
];

#[test]
fn perft_of_every_start_position_matches_the_spec() {
    for &(name, options, depth, expected) in PERFT {
        let g = game_with(name, options);
        let mut pos = start(&g);
        assert_eq!(
            perft(&g, &mut pos, depth),
            expected,
            "{name} {options:?} d{depth}"
        );
    }
}

/// 1 671 840 leaves, each made and unmade with the debug build's checks; by hand:
/// `menagerie perft --variant ecila-27-scacia --depth 2`.
#[test]
fn ecila_27_free_placement_perft_2() {
    for name in ["ecila-27-scacia", "ecila-27-schlagschach"] {
        let g = game(name);
        assert_eq!(perft(&g, &mut start(&g), 2), 1_671_840, "{name}");
    }
}

#[test]
fn reduced_sphinx_king_confined_has_no_first_king_move() {
    // Spec §6.1: the king's two first moves (a5, e5) both change board.
    let g = game_with("sphinx-reduced", &[("SphinxKingConfined", "true")]);
    assert_eq!(perft(&g, &mut start(&g), 1), 30);
}

#[test]
fn first_moves_named_in_the_spec() {
    let g = game("cubic");
    let moves = legal(&g, &mut start(&g));
    for m in [
        "Aa1Ba2", "Aa1Bb2", "Ab1Fb6", "Ab1Ef5", "Ac1Fc6", "Ad1Da4", "Ae1Ce2",
    ] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    let g = game("sphinx");
    let moves = legal(&g, &mut start(&g));
    for m in [
        "g13g9", "g13d13", "h14d14", "h15h12", "g15g6", "g15a15", "i15c15",
    ] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    let g = game("sphinx-reduced");
    let moves = legal(&g, &mut start(&g));
    for m in ["a2a3", "a2a6", "b1f5", "d1h5", "e1a5", "c1g5", "f1b5"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    let g = game("cubic-tamerlane");
    let moves = legal(&g, &mut start(&g));
    for m in ["Bc1Db1", "Bc1Ac3", "Ba1Da1", "Bb1Dd1"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
}

// ------------------------------------------------------------------ rule sets (§0.1)

#[test]
fn compulsion_leaves_only_captures() {
    // White rook Aa1 can take the pawn on Aa4; kings on Af1 and Af6.
    let fen = cubic_fen(
        [
            "5k/6/p5/6/6/R4K",
            EMPTY_LEVEL,
            EMPTY_LEVEL,
            EMPTY_LEVEL,
            EMPTY_LEVEL,
            EMPTY_LEVEL,
        ],
        "w 0 1",
    );
    for name in ["cubic-compulsion", "cubic-scacia"] {
        let g = game(name);
        assert_eq!(
            legal(&g, &mut play(&g, &fen, &[])),
            vec!["Aa1Aa4"],
            "{name}"
        );
    }
    let g = game("cubic");
    let moves = legal(&g, &mut play(&g, &fen, &[]));
    assert_eq!(moves.len(), 12 + 7, "rook and king moves: {moves:?}");
    assert!(moves.contains(&"Aa1Aa4".to_string()));
}

#[test]
fn compulsion_royal_lets_a_king_stay_attacked_and_ends_when_it_is_taken() {
    // Black to move; the rook on Aa6 attacks the king on Af6; a black pawn on Cc4.
    let fen = cubic_fen(
        [
            "R4k/6/6/6/6/K5",
            EMPTY_LEVEL,
            "6/6/2p3/6/6/6",
            EMPTY_LEVEL,
            EMPTY_LEVEL,
            EMPTY_LEVEL,
        ],
        "b 0 1",
    );
    let orthodox = game("cubic");
    let moves = legal(&orthodox, &mut play(&orthodox, &fen, &[]));
    assert_eq!(moves.len(), 6, "{moves:?}");
    assert!(moves.iter().all(|m| m.starts_with("Af6")));
    let g = game("cubic-compulsion");
    let mut pos = play(&g, &fen, &[]);
    let moves = legal(&g, &mut pos);
    assert_eq!(moves.len(), 7 + 9, "{moves:?}");
    assert!(!g.in_check(&pos), "no check in compulsion-royal");
    // Black ignores the attack; White must take the king (compulsion) and wins.
    let mut pos = play(&g, &fen, &["Cc4Cc3"]);
    assert_eq!(legal(&g, &mut pos), vec!["Aa6Af6"]);
    let mut pos = play(&g, &fen, &["Cc4Cc3", "Aa6Af6"]);
    assert!(legal(&g, &mut pos).is_empty());
    assert_eq!(
        outcome(&g, &mut pos),
        Some(Outcome::Win {
            winner: 0,
            reason: Reason::RoyalCaptured
        })
    );
}

#[test]
fn scacia_is_lost_and_losing_is_won_without_men() {
    // Scacia: White's rook must take Black's last man (the king, an ordinary man here).
    let fen = cubic_fen(
        [
            "6/6/6/6/6/R4k",
            EMPTY_LEVEL,
            EMPTY_LEVEL,
            EMPTY_LEVEL,
            EMPTY_LEVEL,
            EMPTY_LEVEL,
        ],
        "w 0 1",
    );
    let g = game("cubic-scacia");
    let mut pos = play(&g, &fen, &["Aa1Af1"]);
    assert_eq!(
        outcome(&g, &mut pos),
        Some(Outcome::Win {
            winner: 0,
            reason: Reason::NoMoves
        })
    );
    // Losing Sphinx: White to move with no man left wins.
    let g = game("sphinx-losing");
    let fen = "r3/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4 w 0 1";
    assert_eq!(
        outcome(&g, &mut play(&g, fen, &[])),
        Some(Outcome::Win {
            winner: 0,
            reason: Reason::NoMoves
        })
    );
    // Compulsion Sphinx (Scacia rules): the same position is White's loss.
    let g = game("sphinx-compulsion");
    assert_eq!(
        outcome(&g, &mut play(&g, fen, &[])),
        Some(Outcome::Win {
            winner: 1,
            reason: Reason::NoMoves
        })
    );
}

#[test]
fn a_king_with_no_move_and_no_check_is_stalemated() {
    // Black king in the corner Af6: the queen on Ae4 covers Ae5, Ae6, Af5, Be5 and Bf5,
    // the rook on Ba6 covers Be6 and Bf6, and neither attacks the king.
    let fen = cubic_fen(
        [
            "5k/6/4Q1/6/6/K5",
            "R5/6/6/6/6/6",
            EMPTY_LEVEL,
            EMPTY_LEVEL,
            EMPTY_LEVEL,
            EMPTY_LEVEL,
        ],
        "b 0 1",
    );
    let g = game("cubic");
    let mut pos = play(&g, &fen, &[]);
    assert_eq!(legal(&g, &mut pos), Vec::<String>::new());
    assert!(!g.in_check(&pos));
    assert_eq!(
        outcome(&g, &mut pos),
        Some(Outcome::Draw {
            reason: Reason::Stalemate
        })
    );
    // What having no move means in each rule set (§0.1, D2-D4).
    use menagerie::core::outcome::Verdict;
    for (name, verdict) in [
        ("cubic-compulsion", Verdict::Draw),
        ("cubic-scacia", Verdict::Loss),
        ("sphinx-losing", Verdict::Win),
    ] {
        let g = game(name);
        assert_eq!(g.no_moves(&start(&g)), verdict, "{name}");
    }
}

#[test]
fn promotion_on_the_far_rank_of_any_level() {
    let fen = cubic_fen(
        [
            "5k/6/6/6/6/K5",
            EMPTY_LEVEL,
            "6/4P1/6/6/6/6",
            EMPTY_LEVEL,
            EMPTY_LEVEL,
            EMPTY_LEVEL,
        ],
        "w 0 1",
    );
    for (name, choices) in [("cubic", 5), ("cubic-scacia", 6)] {
        let g = game(name);
        let moves = legal(&g, &mut play(&g, &fen, &[]));
        let pawn: Vec<&String> = moves.iter().filter(|m| m.starts_with("Ce5")).collect();
        assert_eq!(pawn.len(), 9 * choices, "{name}: {pawn:?}");
    }
    let g = game("cubic");
    let pos = play(&g, &fen, &["Ce5De6u"]);
    assert!(write_position(g.variant(), &pos).contains("4U1"));
    let mut pos = play(&g, &fen, &[]);
    assert!(parse_move(&g, &mut pos, "Ce5De6").is_err());
    // Tamerlane promotes to R H Z D A F.
    let g = game("cubic-tamerlane");
    let moves = legal(&g, &mut play(&g, &fen, &[]));
    let choices: std::collections::BTreeSet<char> = moves
        .iter()
        .filter(|m| m.starts_with("Ce5Ce6"))
        .filter_map(|m| m.chars().last())
        .collect();
    assert_eq!(choices.into_iter().collect::<String>(), "adfhrz");
}

#[test]
fn sphinx_promotes_on_the_far_row_of_the_far_boards() {
    // White pawn on b5 (top board row, second square row) steps to b1 and promotes.
    let fen = "4/4/4/4|4/P3/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/k3|4/4/4/4|4/4/4/3K w 0 1";
    let g = game("sphinx");
    let mut pos = play(&g, fen, &[]);
    let moves = legal(&g, &mut pos);
    for m in ["b5b1q", "b5b1r", "b5b1b", "b5b1c"] {
        assert!(moves.contains(&m.to_string()), "{m}: {moves:?}");
    }
    // The Sphinx move reader: a letter with no digits after the second cell promotes.
    let pos = play(&g, fen, &["b5b1b"]);
    assert!(write_position(g.variant(), &pos).starts_with("4/4/4/4|B3/4/4/4"));
}

#[test]
fn a_pawn_on_its_promotion_rank_is_refused() {
    let g = game("cubic");
    let fen = cubic_fen(
        [
            "P4k/6/6/6/6/K5",
            EMPTY_LEVEL,
            EMPTY_LEVEL,
            EMPTY_LEVEL,
            EMPTY_LEVEL,
            EMPTY_LEVEL,
        ],
        "w 0 1",
    );
    let err = parse_position(&g, &fen).unwrap_err().to_string();
    assert!(
        err.contains("pawn on Aa6 stands on its promotion rank"),
        "{err}"
    );
}

#[test]
fn perpetual_check_wins_in_sphinx_and_other_repetitions_draw() {
    let g = game("sphinx-reduced");
    // The rook shuttles b5-a5 checking the king on a8/b8 at every move.
    let checks = [
        "b5a5", "a8b8", "a5b5", "b8a8", "b5a5", "a8b8", "a5b5", "b8a8",
    ];
    let mut pos = play(&g, "k7/8/8/1R6/8/8/8/7K w 0 1", &checks);
    assert_eq!(
        outcome(&g, &mut pos),
        Some(Outcome::Win {
            winner: 0,
            reason: Reason::PerpetualCheck
        })
    );
    let mut before = play(&g, "k7/8/8/1R6/8/8/8/7K w 0 1", &checks[..7]);
    assert_eq!(
        outcome(&g, &mut before),
        None,
        "only the third occurrence counts"
    );
    // The same shuttle without checks is a drawn repetition.
    let quiet = [
        "c5d5", "a8b8", "d5c5", "b8a8", "c5d5", "a8b8", "d5c5", "b8a8",
    ];
    let mut pos = play(&g, "k7/8/8/2R5/8/8/8/7K w 0 1", &quiet);
    assert_eq!(
        outcome(&g, &mut pos),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
    // In Cubic chess a perpetual check is an ordinary repetition.
    assert!(!format!("{:?}", game("cubic")).is_empty());
}

#[test]
fn king_confinement_holds_the_king_to_its_home_board() {
    let g = game_with("sphinx", &[("SphinxKingConfined", "true")]);
    let moves = legal(&g, &mut start(&g));
    let king: Vec<&String> = moves.iter().filter(|m| m.starts_with("h15")).collect();
    assert_eq!(king, ["h15h10", "h15h11", "h15h12"]);
    let fen = "4/4/4/4|bqkb/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/K3/4 w 0 1";
    let err = parse_position(&g, fen).unwrap_err().to_string();
    assert!(
        err.contains("White's king on i9 is outside board h"),
        "{err}"
    );
    let free = game("sphinx");
    assert!(parse_position(&free, fen).is_ok());
}

// ------------------------------------------------------------------ Ecila placement (§3.4)

#[test]
fn ecila_chess_places_kings_first_and_never_attacks_the_enemy_king() {
    let g = game("ecila");
    let mut pos = start(&g);
    let moves = legal(&g, &mut pos);
    assert_eq!(moves.len(), 64);
    assert!(moves.iter().all(|m| m.starts_with("K@")));
    let mut pos = play(&g, &g.variant().spec.start, &["K@A1"]);
    let moves = legal(&g, &mut pos);
    assert_eq!(moves.len(), 57);
    for attacking in ["K@A2", "K@A3", "K@A5", "K@B1", "K@C1", "K@E1"] {
        assert!(!moves.contains(&attacking.to_string()), "{attacking}");
    }
    // White's men may not be placed where they attack Black's king on H8.
    let mut pos = play(&g, &g.variant().spec.start, &["K@A1", "K@H8"]);
    let moves = legal(&g, &mut pos);
    assert!(!moves.contains(&"R@H4".to_string()) && !moves.contains(&"B@E8".to_string()));
    assert!(moves.contains(&"R@A4".to_string()));
    assert_eq!(
        write_position(g.variant(), &pos),
        "K3/4|4/4|4/4|4/4|4/4|4/4|4/4|4/3k[QRRBBHHUUqrrbbhhuu] w 0 2"
    );
}

#[test]
fn ecila_placement_passes_and_withdraws_men_that_cannot_be_placed() {
    let g = game("ecila");
    // Only A2, B1 and C6 are empty; Black's rook could only go where it attacks White's king.
    let fen = "K1uu/uuuu|1uuu/uuuu|uuuu/u1uu|uuuu/uuuu|uuuu/uuuu|uuuu/uuuu|uuuu/uuuu|uuuu/uuuk[RRr] w 0 5";
    let pos = play(&g, fen, &["R@C6"]);
    assert_eq!(pos.side(), 0, "Black cannot place: White places again");
    let mut pos = play(&g, fen, &["R@C6", "R@A2"]);
    let text = write_position(g.variant(), &pos);
    assert!(
        text.ends_with("[] w 0 7"),
        "men withdrawn, White moves: {text}"
    );
    assert!(!legal(&g, &mut pos).iter().any(|m| m.contains('@')));
    // A position whose side to move cannot place is refused.
    let stuck =
        "K1uu/uuuu|1uuu/uuuu|uuuu/uuuu|uuuu/uuuu|uuuu/uuuu|uuuu/uuuu|uuuu/uuuu|uuuu/uuuk[r] b 0 5";
    assert!(parse_position(&g, stuck).is_err());
}

#[test]
fn ecila_scacia_places_freely_then_captures_are_compulsory() {
    let g = game("ecila-scacia");
    let mut pos = start(&g);
    assert_eq!(legal(&g, &mut pos).len(), 6 * 64);
    // A queen and a rook each, placed so that White's queen can take; the game then starts.
    let fen = "4/4|4/4|4/4|4/4|4/4|4/4|4/4|4/4[QRqr] w 0 1";
    let mut pos = play(&g, fen, &["Q@A1", "Q@A2", "R@H8", "R@G1"]);
    let moves = legal(&g, &mut pos);
    assert!(moves.iter().all(|m| !m.contains('@')), "{moves:?}");
    assert!(moves.contains(&"A1A2".to_string()));
    assert!(
        moves.iter().all(|m| m.ends_with("A2") || m.ends_with("G1")),
        "{moves:?}"
    );
}

// ------------------------------------------------------------------ notation round trips

#[test]
fn moves_and_positions_round_trip_in_every_variant() {
    for info in variants::VARIANTS.iter().filter(|v| v.family == "cubism") {
        let g = game(info.name);
        let mut pos = start(&g);
        let v = g.variant();
        // A few plies along the first legal move each time, checking every move on the way.
        for _ in 0..6 {
            assert_eq!(
                write_position(v, &parse_position(&g, &write_position(v, &pos)).unwrap()),
                write_position(v, &pos)
            );
            let mut list = MoveList::new();
            g.legal_moves(&mut pos, &mut list);
            for &mv in &list {
                let text = move_text(v, &mv);
                assert_eq!(
                    parse_move(&g, &mut pos, &text),
                    Ok(mv),
                    "{}: {text}",
                    info.name
                );
            }
            let Some(&mv) = list.get(list.len() / 2) else {
                break;
            };
            g.make(&mut pos, mv);
        }
    }
}

#[test]
fn position_string_errors_name_the_block() {
    let g = game("cubic");
    let cases = [
        (
            "5 levels",
            "6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6 w 0 1",
        ),
        (
            "short level",
            "6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6 w 0 1",
        ),
        (
            "long rank",
            "7/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6 w 0 1",
        ),
        (
            "castling field",
            "6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6|6/6/6/6/6/6 w - - 0 1",
        ),
    ];
    let mut report = String::new();
    for (what, fen) in cases {
        let err = parse_position(&g, fen).unwrap_err();
        report.push_str(&format!("{what}: {err}\n"));
    }
    let g = game("sphinx");
    let err = parse_position(&g, "4/4/4/4|5/4/4/4 w 0 1").unwrap_err();
    report.push_str(&format!("sphinx: {err}\n"));
    let g = game("ecila");
    let err = parse_position(&g, "4/4|4/4|4/4|4/4|4/4|4/4|4/4|4/4[KX] w 0 1").unwrap_err();
    report.push_str(&format!("ecila hand: {err}\n"));
    snap!("cubism_position_errors", report);
}

#[test]
fn show_draws_every_board() {
    let mut out = String::new();
    for (name, moves) in [
        ("cubic", &[][..]),
        ("cubic-tamerlane", &[][..]),
        ("sphinx", &["g13d13"][..]),
        ("sphinx-reduced", &[][..]),
        ("ecila", &["K@A1", "K@H8", "Q@C7", "U@F2"][..]),
        ("ecila-27", &["K@A14", "K@H27"][..]),
    ] {
        let moves: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
        out.push_str(&format!("== {name} {}\n", moves.join(" ")));
        out.push_str(&show_command(name, None, &moves).unwrap());
        out.push('\n');
    }
    snap!("cubism_drawings", out);
}
