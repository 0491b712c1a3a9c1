//! Static exchange evaluation: what a capture wins once both sides have recaptured on the
//! target square as long as it pays, least valuable attacker first. It reads the variant's
//! attack tables, so it works for any leaper or rider on any board; hoppers are left out (a
//! screen changes with every capture) and pins are ignored, as usual for SEE.

use super::Evaluator;
use crate::core::board::SquareSet;
use crate::core::moves::{Move, MoveKind};
use crate::core::position::Position;
use crate::core::reach_sets::{Cells, ReachSets, cell, cells_in, has};
use crate::core::variant::Variant;
use crate::geometry::{NO_SQ, Sq};

/// Value used for a royal in exchanges: it may recapture only as the last attacker.
const ROYAL: i32 = 20_000;

/// The material balance of the exchange started by `mv` (a capture or a quiet move onto a
/// square the enemy may take on), in the units of `value`.
///
/// Its sign is exact; its size may not be. The exchange stops at the first side that stands
/// below zero whether or not it captures, and leaves its capture out, so the capture before
/// counts as unanswered: a bishop moved to where a knight takes it and a pawn takes back
/// scores −330, not −10. The search's thresholds (quiet moves that lose material,
/// captures that lose too much) were measured with these values: an exact exchange played
/// worse (61.6% against 67.4% over 400 games at node odds against Fairy-Stockfish, 2026-11-27,
/// docs/experiments.md), because it keeps more quiet
/// moves that offer a piece for one of the same worth.
pub fn see(v: &Variant, pos: &Position, mv: Move, ev: &Evaluator) -> i32 {
    exchange(v, pos, mv, ev, v.plain_reach_sets())
}

/// Whether the exchange `mv` starts loses nothing: `see(..) >= 0`, found as Stockfish's
/// `see_ge` finds it, stopping once the sign is known. Most exchanges a move list asks about
/// are a man taking a cheaper one: the first answer by a defender decides them, where `see`
/// plays every capture out and then looks once more for an attacker that is not there.
pub fn see_not_losing(v: &Variant, pos: &Position, mv: Move, ev: &Evaluator) -> bool {
    if mv.kind != MoveKind::Normal || mv.from == NO_SQ {
        return true;
    }
    let sets = v.plain_reach_sets();
    let piece_value = |sq: Sq| exchange_value(pos, sq, ev);
    let target = mv.to;
    // What the side that just captured stands to keep if the other answers, the other's
    // next capture lowering it.
    let mut swap = unanswered_gain(pos, mv, ev);
    if swap < 0 {
        return false;
    }
    swap = mover_value(pos, mv, ev) - swap;
    if swap <= 0 {
        return true;
    }
    let (mut gone, mut present, mover) = first_capture_made(pos, mv);
    let mut side = (mover + 1) % pos.players();
    // Whether the mover comes out level or ahead if the exchange stops here.
    let mut holds = true;
    while let Some(attacker) =
        least_valuable_attacker(v, sets, pos, target, side, (&gone, present), &piece_value)
    {
        holds = !holds;
        swap = piece_value(attacker) - swap;
        if swap < i32::from(holds) {
            break;
        }
        gone.insert(attacker);
        present = present.map(|set| set & !cell(attacker));
        side = next_side(side, mover, pos.players());
    }
    holds
}

/// [`see`], with the leaps found through `sets` where given ([`Variant::plain_reach_sets`])
/// and by walking the attack table otherwise: both give the same answer.
fn exchange(
    v: &Variant,
    pos: &Position,
    mv: Move,
    ev: &Evaluator,
    sets: Option<&ReachSets>,
) -> i32 {
    if mv.kind != MoveKind::Normal || mv.from == NO_SQ {
        return 0;
    }
    let piece_value = |sq: Sq| exchange_value(pos, sq, ev);
    let target = mv.to;
    let mut gain = [0i32; 40];
    gain[0] = unanswered_gain(pos, mv, ev);
    let (mut gone, mut present, mover) = first_capture_made(pos, mv);
    let mut on_target = mover_value(pos, mv, ev);
    let mut side = (mover + 1) % pos.players();
    let mut depth = 0;
    while depth + 1 < gain.len() {
        let Some(attacker) =
            least_valuable_attacker(v, sets, pos, target, side, (&gone, present), &piece_value)
        else {
            break;
        };
        depth += 1;
        gain[depth] = on_target - gain[depth - 1];
        if (-gain[depth - 1]).max(gain[depth]) < 0 {
            // The side to capture stands below zero whether or not it captures: the exchange
            // stops and this capture is left out (the sign stays right, see above).
            depth -= 1;
            break;
        }
        gone.insert(attacker);
        present = present.map(|set| set & !cell(attacker));
        on_target = piece_value(attacker);
        side = next_side(side, mover, pos.players());
    }
    while depth > 0 {
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        depth -= 1;
    }
    gain[0]
}

/// The exchange's state once `mv` is made, shared by [`see`] and [`see_not_losing`]: the
/// cells whose men are gone (the mover's), the men still on the board as a set (`None` on
/// boards of more than 128 cells), and the mover's player.
#[inline]
fn first_capture_made(pos: &Position, mv: Move) -> (SquareSet, Option<Cells>, u8) {
    let mut gone = SquareSet::default();
    gone.insert(mv.from);
    let present = pos.occupied_cells().map(|set| set & !cell(mv.from));
    (gone, present, pos.at(mv.from).owner())
}

/// The side to capture after `side` in an exchange `mover` started: the next player, passing
/// over the mover where there are more than two (as `see` always has; only the two-player
/// search asks for exchanges).
#[inline]
fn next_side(side: u8, mover: u8, players: u8) -> u8 {
    let next = (side + 1) % players;
    if next == mover && players > 2 {
        (next + 1) % players
    } else {
        next
    }
}

/// The worth of the man `mv` puts on its target (a promotion's new kind).
#[inline]
fn mover_value(pos: &Position, mv: Move, ev: &Evaluator) -> i32 {
    if mv.is_promotion() {
        ev.kind_value(mv.piece)
    } else {
        exchange_value(pos, mv.from, ev)
    }
}

/// The worth of the man on `sq` in an exchange.
#[inline]
fn exchange_value(pos: &Position, sq: Sq, ev: &Evaluator) -> i32 {
    let p = pos.at(sq);
    if p.is_royal() { ROYAL } else { ev.value(p) }
}

/// What `mv` (a normal move) wins if nothing takes back: its victim, and what a promotion
/// adds.
#[inline]
fn unanswered_gain(pos: &Position, mv: Move, ev: &Evaluator) -> i32 {
    let mut gain = if pos.at(mv.to).is_empty() {
        0
    } else {
        exchange_value(pos, mv.to, ev)
    };
    if mv.is_promotion() {
        gain += ev.kind_value(mv.piece) - exchange_value(pos, mv.from, ev);
    }
    gain
}

/// The cheapest man of `side` that attacks `target`, the men in `gone` (given also as a set of
/// the men still present, where the board has one) left out. The leaps are found through
/// `sets` where given.
fn least_valuable_attacker(
    v: &Variant,
    sets: Option<&ReachSets>,
    pos: &Position,
    target: Sq,
    side: u8,
    (gone, present_cells): (&SquareSet, Option<Cells>),
    piece_value: &impl Fn(Sq) -> i32,
) -> Option<Sq> {
    let present = |sq: Sq| !pos.at(sq).is_empty() && !gone.contains(sq);
    let mut best: Option<(i32, Sq)> = None;
    let mut consider = |sq: Sq| {
        let value = piece_value(sq);
        if best.is_none_or(|(b, _)| value < b) {
            best = Some((value, sq));
        }
    };
    // The side's men still present as a set, where the board has one: most leaps then cost
    // one bit test.
    let side_men = present_cells.map(|men| men & pos.occupied(side).low_cells());
    let leapers = side_men.map(|men| men & v.attacks.leap_sources(side, target).unwrap_or(!0));
    if let (Some(sets), Some(leapers)) = (sets, leapers) {
        // Only the side's men on cells a leap comes from can leap here: look at them alone.
        match cheapest_leaper(sets, pos, target, side, leapers, piece_value) {
            Cheapest::None => {}
            Cheapest::One(sq) => consider(sq),
            // Men of the same worth: the first in the attack table's order is the one the
            // walk below would take, so the exchange stays the same whichever way it is found.
            Cheapest::Tied => walk_leaps(v, pos, target, side, side_men, &present, &mut consider),
        }
    } else if leapers.is_none_or(|men| men != 0) {
        walk_leaps(v, pos, target, side, side_men, &present, &mut consider);
    }
    for ray in v.attacks.rays(side, target) {
        if side_men.is_some_and(|men| ray.misses(men)) {
            continue;
        }
        if let Some((sq, kinds)) = ray.first_occupied(target, present_cells, present) {
            let p = pos.at(sq);
            if p.owner() == side && kinds & (1 << p.kind()) != 0 {
                consider(sq);
            }
        }
    }
    best.map(|(_, sq)| sq)
}

/// Which of the `leapers` (men of `side` on cells a leap onto `target` comes from) leap onto
/// `target` and are worth least.
enum Cheapest {
    None,
    One(Sq),
    /// Two or more are worth the least.
    Tied,
}

#[inline]
fn cheapest_leaper(
    sets: &ReachSets,
    pos: &Position,
    target: Sq,
    side: u8,
    leapers: Cells,
    piece_value: &impl Fn(Sq) -> i32,
) -> Cheapest {
    let mut cheapest = Cheapest::None;
    let mut least = i32::MAX;
    for sq in cells_in(leapers) {
        if !has(sets.leap_captures(side, pos.at(sq).kind(), sq), target) {
            continue;
        }
        let value = piece_value(sq);
        if value < least {
            least = value;
            cheapest = Cheapest::One(sq);
        } else if value == least {
            cheapest = Cheapest::Tied;
        }
    }
    cheapest
}

/// Offers `consider` every man of `side` that leaps onto `target`, in the attack table's order.
#[inline]
fn walk_leaps(
    v: &Variant,
    pos: &Position,
    target: Sq,
    side: u8,
    side_men: Option<Cells>,
    present: &impl Fn(Sq) -> bool,
    consider: &mut impl FnMut(Sq),
) {
    for leap in v.attacks.leaps(side, target) {
        if side_men.is_none_or(|men| has(men, leap.from))
            && present(leap.from)
            && pos.at(leap.from).owner() == side
            && leap.kinds & (1 << pos.at(leap.from).kind()) != 0
            && (leap.via == NO_SQ || !present(leap.via))
        {
            consider(leap.from);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::eval::Evaluator;
    use crate::fen::{parse_move, parse_position};
    use crate::variants::random_games::{two_player_variants, visit_random_games};
    use crate::variants::{AnyGame, game};

    fn see_of(fen: &str, mv: &str) -> i32 {
        let Ok(AnyGame::Western(g)) = game("chess") else {
            panic!("chess is a Western game")
        };
        let mut pos = parse_position(&g, fen).unwrap();
        let m = parse_move(&g, &mut pos, mv).unwrap();
        let ev = Evaluator::new(g.variant());
        see(g.variant(), &pos, m, &ev)
    }

    /// Through random games of every two-player variant whose leaps the reach sets hold, the
    /// exchange that finds leapers through the sets is the one that walks the attack table,
    /// move for move (ties between men of the same worth included).
    #[test]
    fn leaps_found_through_the_sets_exchange_as_the_walk_does() {
        let mut compared = 0;
        let mut evaluator: Option<(String, Evaluator)> = None;
        let visit = &mut |name: &str, v: &Variant, pos: &Position, moves: &[Move]| {
            let Some(sets) = v.plain_reach_sets() else {
                return;
            };
            let ev = evaluator_of(&mut evaluator, name, v);
            for &mv in moves {
                let walked = exchange(v, pos, mv, ev, None);
                assert_eq!(exchange(v, pos, mv, ev, Some(sets)), walked, "{name}");
                compared += 1;
            }
        };
        visit_random_games(two_player_variants(), 200, 0x2545_F491_4F6C_DD1D, visit);
        assert!(compared > 10_000, "{compared}");
    }

    /// Through random games of every two-player variant, the exchange's sign found with an
    /// early stop is `see`'s, move for move.
    #[test]
    fn the_early_stop_gives_the_sign_of_the_whole_exchange() {
        let mut compared = 0;
        let mut evaluator: Option<(String, Evaluator)> = None;
        let visit = &mut |name: &str, v: &Variant, pos: &Position, moves: &[Move]| {
            let ev = evaluator_of(&mut evaluator, name, v);
            for &mv in moves {
                let whole = see(v, pos, mv, ev);
                assert_eq!(see_not_losing(v, pos, mv, ev), whole >= 0, "{name} {whole}");
                compared += 1;
            }
        };
        visit_random_games(two_player_variants(), 150, 0x9E37_79B9_7F4A_7C15, visit);
        assert!(compared > 10_000, "{compared}");
    }

    /// The evaluator of the variant `name`, built once per variant.
    fn evaluator_of<'a>(
        kept: &'a mut Option<(String, Evaluator)>,
        name: &str,
        v: &Variant,
    ) -> &'a Evaluator {
        if kept.as_ref().is_none_or(|(kept_name, _)| kept_name != name) {
            *kept = Some((name.to_string(), Evaluator::new(v)));
        }
        &kept.as_ref().unwrap().1
    }

    #[test]
    fn exchanges() {
        // Rook takes an undefended pawn: +100.
        assert_eq!(
            see_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"),
            100
        );
        // Knight takes a pawn defended by a pawn: 100 - 320.
        assert_eq!(
            see_of(
                "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
                "d3e5"
            ),
            -220
        );
        // Queen takes a rook defended by a rook behind it (x-ray through the first): 500 - 950.
        assert_eq!(see_of("3r3k/3r4/8/8/8/8/8/3Q3K w - - 0 1", "d1d7"), -450);
        // A quiet move onto a square a pawn attacks loses the piece.
        assert_eq!(see_of("4k3/8/8/3p4/8/8/8/2B1K3 w - - 0 1", "c1e3"), 0);
        assert_eq!(see_of("4k3/8/8/8/3p4/8/8/2B1K3 w - - 0 1", "c1e3"), -330);
        // A bishop offered to a knight that a pawn would take back: the exchange stops after
        // the knight's capture (the pawn's would leave its side at -10 too), so -330.
        assert_eq!(
            see_of(
                "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
                "c4d5"
            ),
            -330
        );
    }
}
