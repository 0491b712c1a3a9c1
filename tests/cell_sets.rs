//! The cell sets of boards of up to 128 cells (`core::reach_sets`, the masks of the attack
//! tables' lines) answer exactly as the cell-by-cell walks they stand in for.

mod common;

use common::western;
use menagerie::core::game::Game;
use menagerie::core::movegen::reach_from;
use menagerie::core::moves::MoveList;
use menagerie::core::reach_sets::{Reach, cells_in};
use menagerie::fen::parse_position;
use menagerie::matches::openings::Rng;
use menagerie::variants::{AnyGame, game};

const CASES: [(&str, &str); 4] = [
    ("chess", menagerie::variants::chess::START),
    (
        "chess",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
    ),
    ("chess", "4k3/8/8/3Q4/8/8/8/R3K2R w KQ - 0 1"),
    ("wildebeest", menagerie::variants::wildebeest::START),
];

/// Every man's reach from the sets equals the walk of its moves.
#[test]
fn a_mans_reach_is_the_same_by_set_and_by_walk() {
    for (variant, fen) in CASES {
        let g = western(variant);
        let v = g.variant();
        let sets = v.reach_sets.as_ref().expect("a small board has sets");
        let pos = parse_position(&g, fen).unwrap();
        let occupied = pos.occupied_cells().expect("a small board");
        for player in 0..2 {
            for from in pos.occupied(player).iter() {
                let kind = pos.at(from).kind();
                assert!(sets.plain(kind), "{variant}: kind {kind} is plain");
                let mut walked = Reach::default();
                reach_from(v, &pos, player, from, &mut |to, mode| walked.add(to, mode));
                assert_eq!(
                    sets.reach(player, kind, from, occupied),
                    walked,
                    "{variant} {fen}: the man on {from}"
                );
            }
        }
    }
}

/// A line's bit scan finds the same man, with the same kinds, as walking its cells.
#[test]
fn the_first_man_along_a_line_is_the_same_by_set_and_by_walk() {
    for (variant, fen) in CASES {
        let g = western(variant);
        let v = g.variant();
        let pos = parse_position(&g, fen).unwrap();
        let men = pos.occupied_cells();
        let occupied = |sq| !pos.at(sq).is_empty();
        let mut lines = 0;
        for attacker in 0..2 {
            for target in 0..pos.squares() as u16 {
                for ray in v.attacks.rays(attacker, target) {
                    assert!(ray.has_mask(), "{variant}: a straight line has a mask");
                    let by_set = ray.first_occupied(target, men, occupied);
                    let by_walk = ray.first_occupied(target, None, occupied);
                    assert_eq!(by_set, by_walk, "{variant} {fen}: line from {target}");
                    lines += 1;
                }
            }
        }
        assert!(lines > 100, "{variant}: {lines} lines");
    }
}

#[test]
fn cells_come_lowest_first_up_to_the_last_bit() {
    let set = 0b1010_0001 | 1 << 64 | 1 << 127;
    assert_eq!(cells_in(set).collect::<Vec<_>>(), [0, 5, 7, 64, 127]);
    assert_eq!(cells_in(0).count(), 0);
}

#[test]
fn boards_of_more_than_128_cells_have_none() {
    let Ok(AnyGame::Cubism(g)) = game("cubic") else {
        panic!("cubic is a Cubism game")
    };
    assert!(g.variant().reach_sets.is_none());
}

/// Men whose captures are plain leaps attack the same cells however the board is filled;
/// riders do not.
#[test]
fn leaping_captures_are_fixed_riding_ones_are_not() {
    let g = western("chess");
    let v = g.variant();
    let sets = v.reach_sets.as_ref().expect("a small board has sets");
    let kind = |name: &str| {
        (0..v.kinds() as u8)
            .find(|&k| v.kind(k).name == name)
            .expect("chess has the kind")
    };
    for name in ["pawn", "knight", "king"] {
        let k = kind(name);
        assert!(sets.fixed_captures(k), "{name}");
        for from in 8..56 {
            assert_eq!(
                sets.captures(0, k, from, 0),
                sets.captures(0, k, from, u64::MAX as u128 | 0xffff << 64),
                "{name} on {from}"
            );
        }
    }
    for name in ["bishop", "rook", "queen"] {
        assert!(!sets.fixed_captures(kind(name)), "{name}");
    }
}

/// The pawns' cells a position keeps follow the board through moves and their undoing:
/// pushes, captures, en passant, promotions, castling, over random games.
#[test]
fn the_pawns_cells_follow_the_board() {
    let starts = [
        ("chess", menagerie::variants::chess::START),
        ("wildebeest", menagerie::variants::wildebeest::START),
    ];
    for (variant, start) in starts {
        let g = western(variant);
        let mut rng = Rng::new(13);
        for _game in 0..6 {
            let mut pos = parse_position(&g, start).unwrap();
            let mut moves = MoveList::new();
            let mut played = 0;
            for _ply in 0..300 {
                for player in 0..2 {
                    let by_board: Vec<u16> = pos
                        .occupied(player)
                        .iter()
                        .filter(|&sq| pos.at(sq).is_pawn())
                        .collect();
                    let kept: Vec<u16> = pos.pawns(player).iter().collect();
                    assert_eq!(kept, by_board, "{variant}: player {player}");
                }
                g.legal_moves(&mut pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                g.make(&mut pos, moves[rng.below(moves.len())]);
                played += 1;
            }
            // Undone to the start, the sets are the start's again.
            for _ in 0..played {
                g.unmake(&mut pos);
            }
            let start_pos = parse_position(&g, start).unwrap();
            for player in 0..2 {
                assert_eq!(
                    pos.pawns(player).iter().collect::<Vec<_>>(),
                    start_pos.pawns(player).iter().collect::<Vec<_>>(),
                    "{variant}: undone"
                );
            }
        }
    }
}
