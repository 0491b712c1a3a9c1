//! The search plays Chessical Cubism: each rule set's game end is scored right (royal capture,
//! capture-all, losing all, perpetual check), and short self-play games of every variant
//! run to the end or to a ply limit with legal moves only.

use menagerie::core::game::Game;
use menagerie::core::moves::MoveList;
use menagerie::eval::Evaluator;
use menagerie::fen::{move_text, parse_position, write_position};
use menagerie::search::{self, Control, Limits, MATE, Settings, TranspositionTable};
use menagerie::variants::cubism::{Cubism, game};

fn best(g: &Cubism, fen: &str, depth: u32) -> (String, i32) {
    best_after(g, fen, &[], depth)
}

/// The search's move and score after `moves` from `fen` (the moves are history the search
/// sees for repetitions).
fn best_after(g: &Cubism, fen: &str, moves: &[&str], depth: u32) -> (String, i32) {
    let mut pos = parse_position(g, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for m in moves {
        let mv = menagerie::fen::parse_move(g, &mut pos, m).unwrap();
        g.make(&mut pos, mv);
    }
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = search::search(
        g,
        &Evaluator::for_game(g),
        &pos,
        &limits,
        None,
        &Settings::default(),
        &TranspositionTable::new(8),
        &Control::default(),
        &mut |_| {},
    );
    (move_text(g.variant(), &r.best.expect("a move")), r.score)
}

const EMPTY: &str = "6/6/6/6/6/6";

fn cubic(level_a: &str, level_b: &str, fields: &str) -> String {
    format!("{level_a}|{level_b}|{EMPTY}|{EMPTY}|{EMPTY}|{EMPTY} {fields}")
}

#[test]
fn compulsion_royal_takes_the_king() {
    // White's queen on Af1 can take the king on Af6 (and must: it is the only capture).
    let g = game("cubic-compulsion").unwrap();
    let (mv, score) = best(&g, &cubic("5k/6/6/6/6/K4Q", EMPTY, "w 0 1"), 3);
    assert_eq!((mv.as_str(), score), ("Af1Af6", MATE - 1));
}

#[test]
fn orthodox_cubic_finds_a_mate_in_one() {
    // The stalemate of tests/cubism.rs plus a rook on Aa5: Aa5Aa6 checks along rank 6 and
    // the queen (Ae4) and rook (Ba6) hold every flight cell.
    let g = game("cubic").unwrap();
    let (_, score) = best(&g, &cubic("5k/R5/4Q1/6/6/K5", "R5/6/6/6/6/6", "w 0 1"), 3);
    assert_eq!(score, MATE - 1);
}

#[test]
fn scacia_takes_the_last_man() {
    let g = game("cubic-scacia").unwrap();
    let (mv, score) = best(&g, &cubic("6/6/6/6/6/R4k", EMPTY, "w 0 1"), 3);
    assert_eq!((mv.as_str(), score), ("Aa1Af1", MATE - 1));
}

#[test]
fn losing_sphinx_gives_its_last_man_away() {
    // White's rook on a1 steps onto a line of Black's rook on b5 (a5 or b1), which must take
    // it; then White, to move with no man left, wins.
    let g = game("sphinx-losing").unwrap();
    let fen = "R3/4/4/4|4/r3/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4 w 0 1";
    let (mv, score) = best(&g, fen, 3);
    assert_eq!(score, MATE - 2, "{mv}");
    assert!(["a1a5", "a1b1"].contains(&mv.as_str()), "{mv}");
}

#[test]
fn sphinx_search_sees_a_perpetual_check_as_a_win() {
    // Reduced Sphinx, the checking shuttle of tests/cubism.rs after one cycle: checking
    // again repeats a position in which White checked on every move, a win for White.
    let g = game("sphinx-reduced").unwrap();
    let cycle = ["b5a5", "a8b8", "a5b5", "b8a8"];
    let (mv, score) = best_after(&g, "k7/8/8/1R6/8/8/8/7K w 0 1", &cycle, 2);
    assert_eq!((mv.as_str(), score), ("b5a5", MATE - 1));
    // In Cubic chess the same kind of shuttle is only a draw: the search scores it 0 there
    // (checked through the default hook: no perpetual rule).
    let cubic = game("cubic").unwrap();
    assert_eq!(
        cubic.repetition(&parse_position(&cubic, &cubic.variant().spec.start).unwrap()),
        menagerie::core::outcome::Verdict::Draw
    );
}

/// Plays `plies` moves of the variant with a shallow search from its start; every move must
/// be legal in the position and the game must stay consistent.
fn self_play(name: &str, plies: usize, depth: u32) -> String {
    let g = game(name).unwrap();
    let v = g.variant();
    let mut pos = parse_position(&g, &v.spec.start).unwrap();
    let tt = TranspositionTable::new(4);
    let eval = Evaluator::for_game(&g);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    for _ in 0..plies {
        let mut legal = MoveList::new();
        g.legal_moves(&mut pos, &mut legal);
        if g.outcome(&pos, legal.len()).is_some() {
            break;
        }
        let r = search::search(
            &g,
            &eval,
            &pos,
            &limits,
            None,
            &Settings::default(),
            &tt,
            &Control::default(),
            &mut |_| {},
        );
        let mv = r.best.expect("a move while the game goes on");
        assert!(legal.contains(&mv), "{name}: illegal {}", move_text(v, &mv));
        g.make(&mut pos, mv);
    }
    write_position(v, &pos)
}

#[test]
fn every_variant_plays_with_the_search() {
    for name in [
        "cubic",
        "cubic-compulsion",
        "cubic-scacia",
        "cubic-tamerlane",
        "sphinx",
        "sphinx-compulsion",
        "sphinx-losing",
        "sphinx-reduced",
        "ecila-scacia",
        "ecila-schlagschach",
    ] {
        self_play(name, 16, 2);
    }
    // Ecila chess: the whole placement (20 men) and a few moves after it.
    let end = self_play("ecila", 26, 2);
    assert!(end.contains("[]"), "placement finished: {end}");
    self_play("ecila-27", 6, 1);
}
