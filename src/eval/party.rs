//! How the N-player search scores Party Chess positions, from the public accessors of
//! [`PartyPosition`] (material, Mobility, attacks, check, knives); nothing here is a rule.
//!
//! Each player gets a strength:
//! - material on the board at 100 a point of §3.2 value, in the reserve at 85 (a reserve piece
//!   is safe but idle; placing it is progress);
//! - knives at 1200 each (they win the hand);
//! - activity: for each piece on the board its Mobility (§5) and 15 when it attacks an enemy
//!   piece (the same ingredients as the rules' Weight, scaled);
//! - the King: 40 for having it on the board (without it a player can neither check nor take
//!   a King, so no knife can be won), minus 150 while in check and 25 per enemy piece within
//!   three squares of it.
//!
//! The score of a position for `view` is its strength minus the average of the strongest
//! opponent's and the opponents' mean: not "me minus everyone", which with seven opponents
//! would make every trade look like a disaster.

use super::MultiEvaluate;
use crate::core::multi::Player;
use crate::geometry::Sq;
use crate::variants::party::board::{distance, xy};
use crate::variants::party::{AtomKind, Kind, Party, PartyPosition};

const BOARD_POINT: i32 = 100;
const RESERVE_POINT: i32 = 85;
const KNIFE: i32 = 1200;
const MOBILITY: i32 = 8;
const ATTACKER: i32 = 15;
const KING_ON_BOARD: i32 = 40;
const IN_CHECK: i32 = 150;
const NEAR_KING: i32 = 25;
/// A captured King is a knife.
const KING_VICTIM: i32 = 3000;

fn strength(pos: &PartyPosition, p: Player, checked: u8, kings: &[Option<Sq>]) -> i32 {
    let locusts = pos.locusts();
    let mut s = KNIFE * pos.knives_of(p) as i32;
    for (unit, n) in pos.reserve(p) {
        s += RESERVE_POINT * unit.kind.value(locusts) as i32 * n as i32;
    }
    for (sq, piece) in pos.pieces(p) {
        s += BOARD_POINT * piece.kind.value(locusts) as i32;
        s += MOBILITY * pos.mobility2(sq) as i32 / 2;
        if pos.attacks_any(sq) {
            s += ATTACKER;
        }
    }
    if let Some(k) = kings[p] {
        s += KING_ON_BOARD;
        if checked & (1 << p) != 0 {
            s -= IN_CHECK;
        }
        for (o, _) in kings.iter().enumerate() {
            if o == p {
                continue;
            }
            let near = pos
                .pieces(o)
                .filter(|&(sq, _)| distance(sq, k) <= 3)
                .count();
            s -= NEAR_KING * near as i32;
        }
    }
    s
}

impl MultiEvaluate for Party {
    fn evaluate(&self, pos: &PartyPosition, view: Player) -> i32 {
        let n = pos.players();
        let checked = pos.check_set();
        let kings: Vec<Option<Sq>> = (0..n).map(|p| pos.king(p)).collect();
        let mut mine = 0;
        let mut best_other = i32::MIN;
        let mut others = 0;
        for p in 0..n {
            let s = strength(pos, p, checked, &kings);
            if p == view {
                mine = s;
            } else {
                best_other = best_other.max(s);
                others += s;
            }
        }
        let mean = others / (n as i32 - 1).max(1);
        mine - (best_other + mean) / 2
    }

    fn capture_value(&self, pos: &PartyPosition, atom: crate::variants::party::Atom) -> i32 {
        if !atom.is_capture() {
            return 0;
        }
        match pos.piece_at(atom.to) {
            Some(p) if p.kind == Kind::King => KING_VICTIM,
            Some(p) => BOARD_POINT * p.kind.value(pos.locusts()) as i32,
            None => 0,
        }
    }

    fn atom_hint(&self, pos: &PartyPosition, atom: crate::variants::party::Atom) -> i32 {
        match atom.kind {
            AtomKind::Move | AtomKind::Place | AtomKind::Special => {
                // Toward the nearest enemy King, or the middle of the board.
                let me = pos.play_list()[0];
                let target = (0..pos.players())
                    .filter(|&o| o != me)
                    .filter_map(|o| pos.king(o))
                    .min_by_key(|&k| distance(k, atom.to));
                let d = match target {
                    Some(k) => distance(k, atom.to) as i32,
                    None => {
                        let (x, y) = xy(atom.to);
                        (2 * x as i32 - 19).abs().max((2 * y as i32 - 19).abs()) / 2
                    }
                };
                -4 * d
            }
            AtomKind::Pass | AtomKind::EndTurn => -40,
            _ => 0,
        }
    }

    fn is_desperate(&self, _pos: &PartyPosition, atom: crate::variants::party::Atom) -> bool {
        atom.kind == AtomKind::Surrender
    }

    fn is_pass(&self, _pos: &PartyPosition, atom: crate::variants::party::Atom) -> bool {
        atom.kind == AtomKind::Pass
    }

    fn occurrences(&self, pos: &PartyPosition) -> usize {
        pos.repetitions()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::multi::random_play;
    use crate::core::multi::{MultiGame, MultiNotation};

    /// The capture generator gives exactly the captures of the full atom list.
    #[test]
    fn capture_atoms_are_the_captures_of_atoms() {
        let game = Party::build(&{
            let mut o = crate::variants::OptionValues::default();
            o.set("PartyPlayers", "3").unwrap();
            o
        })
        .unwrap();
        let mut pos = game.start_position();
        let mut seen = 0;
        for turn in 0..50u64 {
            if game.outcome(&pos).is_some() {
                break;
            }
            let mut all = Vec::new();
            game.atoms(&mut pos, &mut all);
            all.retain(|a| a.is_capture());
            let mut caps = Vec::new();
            game.capture_atoms(&mut pos, &mut caps);
            all.sort_by_key(|a| (a.from, a.to, a.kind as u8));
            caps.sort_by_key(|a| (a.from, a.to, a.kind as u8));
            assert_eq!(caps, all, "{}", game.write_position(&pos));
            seen += caps.len();
            for a in random_play(&game, &mut pos, turn) {
                game.make_atom(&mut pos, a);
            }
        }
        assert!(seen > 0);
    }

    /// `candidate_atoms` offers every atom of `atoms`, and each extra one is a dead end: after
    /// it the turn can neither close nor go on. Positions from random hands of 2-6 players,
    /// with the players in check among them.
    #[test]
    fn candidate_atoms_are_the_atoms_and_dead_ends() {
        let mut dead_ends = 0;
        let mut checked_positions = 0;
        for players in [2usize, 4, 6] {
            let mut o = crate::variants::OptionValues::default();
            o.set("PartyPlayers", &players.to_string()).unwrap();
            let game = Party::build(&o).unwrap();
            let mut pos = game.start_position();
            for turn in 0..160u64 {
                if game.outcome(&pos).is_some() {
                    break;
                }
                let me = game.to_move(&pos);
                let checked = game.in_check_set(&pos) & (1 << me) != 0;
                checked_positions += usize::from(checked);
                if checked || turn % 10 == 0 {
                    let mut exact = Vec::new();
                    game.atoms(&mut pos, &mut exact);
                    let mut cands = Vec::new();
                    game.candidate_atoms(&mut pos, &mut cands);
                    for a in &exact {
                        assert!(cands.contains(a), "{a:?} {}", game.write_position(&pos));
                    }
                    for &a in cands.iter().filter(|a| !exact.contains(a)) {
                        game.make_atom(&mut pos, a);
                        let mut after = Vec::new();
                        game.atoms(&mut pos, &mut after);
                        assert!(after.is_empty(), "{a:?} {}", game.write_position(&pos));
                        game.unmake_atom(&mut pos);
                        dead_ends += 1;
                    }
                }
                for a in random_play(&game, &mut pos, turn * 13 + players as u64) {
                    game.make_atom(&mut pos, a);
                }
            }
        }
        assert!(
            checked_positions > 0 && dead_ends > 0,
            "{checked_positions} {dead_ends}"
        );
    }

    /// The placement generator's fast path agrees with testing every square in full, also in
    /// positions where a player is in check (where a placement cannot add a check either).
    #[test]
    fn fast_placement_squares_equal_the_full_test() {
        use crate::variants::party::placement::{Context, legal_squares, legal_squares_slow};
        let mut checked_positions = 0;
        for players in [2usize, 4, 6] {
            let mut o = crate::variants::OptionValues::default();
            o.set("PartyPlayers", &players.to_string()).unwrap();
            o.set("PartyArmies", "EXOTIC").unwrap();
            let game = Party::build(&o).unwrap();
            let mut pos = game.start_position();
            for turn in 0..90u64 {
                if game.outcome(&pos).is_some() {
                    break;
                }
                // The change this guards: positions where someone is in check (and a sample
                // of the others).
                let checked = game.in_check_set(&pos) != 0;
                checked_positions += usize::from(checked);
                let me = game.to_move(&pos);
                if !checked && turn % 8 != 0 {
                    for a in random_play(&game, &mut pos, turn * 7 + players as u64) {
                        game.make_atom(&mut pos, a);
                    }
                    continue;
                }
                let st = pos.state_mut();
                let ctx = Context::of(st);
                for (unit, _) in st.reserve_units(me as u8) {
                    for exception_a in [false, true] {
                        let fast = legal_squares(st, &ctx, exception_a, unit);
                        let slow = legal_squares_slow(st, exception_a, unit);
                        assert_eq!(
                            fast.iter().collect::<Vec<_>>(),
                            slow.iter().collect::<Vec<_>>(),
                            "{unit:?} {}",
                            game.write_position(&pos)
                        );
                    }
                }
                for a in random_play(&game, &mut pos, turn * 7 + players as u64) {
                    game.make_atom(&mut pos, a);
                }
            }
        }
        assert!(checked_positions > 0);
    }
}
