//! Evaluation terms that depend on how the men stand towards each other, so they cannot live
//! in the per-square tables of [`super::eval`]: mobility, pawn shelter, passed pawns and
//! pieces close to the royal. Each is a count from the side to move's point of view (its own
//! minus the others'); the evaluator weighs them. Terms that need files and ranks are zero on
//! boards that are not flat.

use crate::core::movegen::moves_from;
use crate::core::position::Position;
use crate::core::variant::Variant;

/// How many terms there are, and their order.
pub const TERMS: usize = 4;
pub const NAMES: [&str; TERMS] = ["mobility", "shelter", "passed pawns", "royal tropism"];

/// The term counts for `pos`, side to move's view.
pub fn features(v: &Variant, pos: &Position) -> [i32; TERMS] {
    let side = pos.side();
    let mut total = [0i32; TERMS];
    let flat = v.geometry().axes() == 2;
    for player in 0..pos.players() {
        let sign = if player == side { 1 } else { -1 };
        let mut f = [0i32; TERMS];
        f[0] = mobility(v, pos, player);
        if flat {
            f[1] = shelter(v, pos, player);
            f[2] = passed_pawns(v, pos, player);
            f[3] = tropism(v, pos, player);
        }
        for i in 0..TERMS {
            total[i] += sign * f[i];
        }
    }
    total
}

/// Moves of the officers (neither pawns nor royals), captures included.
fn mobility(v: &Variant, pos: &Position, player: u8) -> i32 {
    let mut n = 0;
    for from in pos.occupied(player).iter() {
        let p = pos.at(from);
        if p.is_pawn() || p.is_royal() {
            continue;
        }
        moves_from(v, pos, player, from, &mut |_, _| n += 1);
    }
    n
}

/// Own pawns on the three cells in front of a royal that is still at home (first two ranks).
fn shelter(v: &Variant, pos: &Position, player: u8) -> i32 {
    let g = v.geometry();
    let Some(royal) = pos.royals(player).first() else {
        return 0;
    };
    if v.relative_rank(royal, player) > 1 {
        return 0;
    }
    let forward: i32 = if v.relative_rank(g.square(&[0, 0]).unwrap_or(0), player) == 0 {
        1
    } else {
        -1
    };
    let (file, rank) = (g.file_of(royal) as i32, g.rank_of(royal) as i32);
    (-1..=1)
        .filter_map(|df| g.square(&[file + df, rank + forward]))
        .filter(|&sq| {
            let p = pos.at(sq);
            !p.is_empty() && p.is_pawn() && p.owner() == player
        })
        .count() as i32
}

/// Passed pawns (no enemy pawn ahead on the same or a neighbouring file), each weighted by how
/// far it has come: 16 at the last rank before promotion, growing with the square.
fn passed_pawns(v: &Variant, pos: &Position, player: u8) -> i32 {
    let g = v.geometry();
    let last = (g.ranks() as i32 - 1).max(1);
    let enemy_pawns: Vec<(i32, i32, u8)> = (0..pos.players())
        .filter(|&p| p != player)
        .flat_map(|p| pos.occupied(p).iter().map(move |sq| (sq, p)))
        .filter(|&(sq, _)| pos.at(sq).is_pawn())
        .map(|(sq, p)| (g.file_of(sq) as i32, v.relative_rank(sq, player) as i32, p))
        .collect();
    let mut score = 0;
    for sq in pos.occupied(player).iter() {
        if !pos.at(sq).is_pawn() {
            continue;
        }
        let (file, rank) = (g.file_of(sq) as i32, v.relative_rank(sq, player) as i32);
        let blocked = enemy_pawns
            .iter()
            .any(|&(f, r, _)| (f - file).abs() <= 1 && r > rank);
        if !blocked {
            score += rank * rank * 16 / (last * last);
        }
    }
    score
}

/// Enemy officers near `player`'s royal: 3 for a neighbour, 2 at distance two, 1 at three.
fn tropism(v: &Variant, pos: &Position, player: u8) -> i32 {
    let g = v.geometry();
    let Some(royal) = pos.royals(player).first() else {
        return 0;
    };
    let (rf, rr) = (g.file_of(royal) as i32, g.rank_of(royal) as i32);
    let mut n = 0;
    for enemy in (0..pos.players()).filter(|&p| p != player) {
        for sq in pos.occupied(enemy).iter() {
            let p = pos.at(sq);
            if p.is_pawn() || p.is_royal() {
                continue;
            }
            let d = distance(g.file_of(sq) as i32, g.rank_of(sq) as i32, rf, rr);
            n += (4 - d).max(0);
        }
    }
    n
}

fn distance(f1: i32, r1: i32, f2: i32, r2: i32) -> i32 {
    (f1 - f2).abs().max((r1 - r2).abs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::fen::parse_position;
    use crate::variants::{AnyGame, game};

    fn terms(fen: &str) -> [i32; TERMS] {
        let AnyGame::Western(g) = game("chess").unwrap() else {
            panic!("chess is a Western game");
        };
        let pos = parse_position(&g, fen).unwrap();
        features(g.variant(), &pos)
    }

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(terms(crate::variants::chess::START), [0; TERMS]);
    }

    #[test]
    fn each_term_counts_what_it_says() {
        // A white rook on a1 beside its king on e1: b1-d1 and a2-a8, 10 moves.
        assert_eq!(terms("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")[0], 10);
        // Seen from Black to move the sign flips.
        assert_eq!(terms("4k3/8/8/8/8/8/8/R3K3 b - - 0 1")[0], -10);
        // Shelter: pawns f2 g2 h2 in front of a king on g1; Black's king has none.
        assert_eq!(terms("6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1")[1], 3);
        // A passed pawn on the 7th rank: 6*6*16/49 = 11; blocked by a pawn ahead, nothing.
        assert_eq!(terms("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")[2], 11);
        // Pawns on neighbouring files facing each other: neither is passed.
        assert_eq!(terms("4k3/1p6/8/8/8/8/P7/4K3 w - - 0 1")[2], 0);
        // A black knight next to the white king: White's count is 3 (its weight is negative).
        assert_eq!(terms("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1")[3], 3);
    }
}
