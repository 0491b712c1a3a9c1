//! Placement restrictions [1230.2 §6.C], spec §4.4 (D7, D35).
//!
//! A Placement of unit T (with its Hn) on t is legal when:
//! 1. t is empty and T is in the mover's reserve;
//! 2. a pawn goes only into the pawn zone (files a, b, s, t and ranks 1, 2, 19, 20);
//! 3. no attack: after the placement, with the mover's echo pattern already cleared, the placed
//!    piece attacks no opposing piece (only its own attacks count, D35). Exception (a): lifted
//!    when the mover had W = 0 and P < 5 at the start of the turn and this unit has no square
//!    meeting (1), (2) and (4) without attacking. Exception (b) does not exist (D7);
//! 4. no new check: the set of players in check after the placement is a subset of the set
//!    before it.
//!
//! Speed: (4) needs a full check test only where a placement can *add* an attack on a King.
//! Occupying a square can only remove attacks (it blocks slides, paths and routes), except as a
//! Bouncy!Ball hurdle or a Gess neighbour; clearing the echo pattern only removes attacks; and
//! only a King (King rule, Defensive Position, Loyalist), a Cantor (aura) or a Locust (N)
//! changes other pieces' reach. So a placed piece of another type that attacks nothing, on a
//! square no Gess or Bouncy!Ball could use, cannot put anyone newly in check.
//! Every other case is tested in full; the unit tests below compare the two ways on positions of
//! seeded random play.

use super::attack::{self, Relation};
use super::board::{ALL8, Bits, SQUARES, in_pawn_zone, offset, ray};
use super::piece::{Kind, Piece, Unit};
use super::state::{Players, State};
use crate::geometry::Sq;

/// Facts about the position before a placement, computed once per position.
pub struct Context {
    /// The players in check before the placement.
    pub before: Players,
    /// Squares where a placed piece could become a Gess neighbour or a Bouncy!Ball hurdle.
    pub sensitive: Bits,
}

impl Context {
    pub fn of(st: &State) -> Context {
        let mut sensitive = Bits::EMPTY;
        for sq in st.all.iter() {
            let p = st.at(sq).expect("occupied");
            match attack::acting(st, p).map(|(k, _)| k) {
                Some(Kind::Gess) => {
                    for &(dx, dy) in &ALL8 {
                        if let Some(t) = offset(sq, dx, dy) {
                            sensitive.set(t);
                        }
                    }
                }
                Some(Kind::Bouncy) => {
                    for d in 0..8 {
                        for &t in ray(sq, d) {
                            sensitive.set(t);
                        }
                    }
                }
                _ => {}
            }
        }
        Context {
            before: attack::check_set(st),
            sensitive,
        }
    }
}

/// Whether condition (4) holds with the placed piece on the board.
#[inline]
fn no_new_check(st: &State, ctx: &Context) -> bool {
    attack::check_set(st) & !ctx.before == 0
}

/// The squares where the player to move may place `unit` (§4.4), given the turn's exception (a).
pub fn legal_squares(st: &mut State, ctx: &Context, exception_a: bool, unit: Unit) -> Bits {
    let x = st.mover();
    let piece = Piece::new(unit.kind, x, unit.hn);
    let echo = st.echo[x as usize];
    st.set_echo(x, None);
    // Who was in check before does not matter: a quiet placement of another type on an
    // insensitive square only removes attacks, so it cannot put anyone newly in check.
    let full_test = matches!(unit.kind, Kind::King | Kind::Cantor | Kind::Locust);
    let mut ok = Bits::EMPTY;
    let mut attacking = Bits::EMPTY;
    for t in 0..SQUARES as Sq {
        if !st.empty_at(t) || (unit.kind == Kind::Pawn && !in_pawn_zone(t)) {
            continue;
        }
        st.put(t, piece);
        if attack::has_target(st, t, Relation::Attack) {
            if exception_a {
                attacking.set(t);
            }
        } else if (!full_test && !ctx.sensitive.has(t)) || no_new_check(st, ctx) {
            ok.set(t);
        }
        st.take(t);
    }
    if ok.is_empty() && exception_a {
        for t in attacking.iter() {
            st.put(t, piece);
            if no_new_check(st, ctx) {
                ok.set(t);
            }
            st.take(t);
        }
    }
    st.set_echo(x, echo);
    ok
}

/// The same squares, every one checked in full (for tests of the fast path).
pub fn legal_squares_slow(st: &mut State, exception_a: bool, unit: Unit) -> Bits {
    let x = st.mover();
    let before = attack::check_set(st);
    let piece = Piece::new(unit.kind, x, unit.hn);
    let echo = st.echo[x as usize];
    st.set_echo(x, None);
    let (mut quiet, mut attacking) = (Bits::EMPTY, Bits::EMPTY);
    for t in 0..SQUARES as Sq {
        if !st.empty_at(t) || (unit.kind == Kind::Pawn && !in_pawn_zone(t)) {
            continue;
        }
        st.put(t, piece);
        if attack::check_set(st) & !before == 0 {
            if attack::has_target(st, t, Relation::Attack) {
                attacking.set(t);
            } else {
                quiet.set(t);
            }
        }
        st.take(t);
    }
    st.set_echo(x, echo);
    if quiet.is_empty() && exception_a {
        attacking
    } else {
        quiet
    }
}

/// Calls `f(st, unit, square)` for every legal placement of the player to move, by unit (in
/// canonical reserve order) then square.
pub fn for_each(st: &mut State, exception_a: bool, mut f: impl FnMut(&mut State, Unit, Sq)) {
    let x = st.mover();
    if !st.has_reserve(x) {
        return;
    }
    let units = st.reserve_units(x);
    if units.is_empty() {
        return;
    }
    let ctx = Context::of(st);
    for (unit, _) in units {
        let squares = legal_squares(st, &ctx, exception_a, unit);
        for t in squares.iter() {
            f(st, unit, t);
        }
    }
}

/// Whether the player to move has at least one legal placement (stops at the first found).
pub fn any(st: &mut State, exception_a: bool) -> bool {
    let x = st.mover();
    if !st.has_reserve(x) {
        return false;
    }
    let ctx = Context::of(st);
    let units = st.reserve_units(x);
    // A square where a unit stands without attacking is legal at once (when (4) holds);
    // only if some unit has none does exception (a) need the full list.
    for &(unit, _) in &units {
        if first_quiet_square(st, &ctx, unit).is_some() {
            return true;
        }
    }
    exception_a
        && units
            .into_iter()
            .any(|(unit, _)| !legal_squares(st, &ctx, exception_a, unit).is_empty())
}

/// The first square where `unit` may stand without attacking (conditions (1), (2), (3), (4)).
fn first_quiet_square(st: &mut State, ctx: &Context, unit: Unit) -> Option<Sq> {
    let x = st.mover();
    let piece = Piece::new(unit.kind, x, unit.hn);
    let echo = st.echo[x as usize];
    st.set_echo(x, None);
    let full_test = matches!(unit.kind, Kind::King | Kind::Cantor | Kind::Locust);
    let mut found = None;
    for t in 0..SQUARES as Sq {
        if !st.empty_at(t) || (unit.kind == Kind::Pawn && !in_pawn_zone(t)) {
            continue;
        }
        st.put(t, piece);
        let ok = !attack::has_target(st, t, Relation::Attack)
            && ((!full_test && !ctx.sensitive.has(t)) || no_new_check(st, ctx));
        st.take(t);
        if ok {
            found = Some(t);
            break;
        }
    }
    st.set_echo(x, echo);
    found
}

/// Places `unit` on `t` for the mover in place (board, reserve, echo), returning what
/// [`unplace`] needs to undo it.
#[inline]
pub fn place(st: &mut State, unit: Unit, t: Sq) -> Option<Unit> {
    let x = st.mover();
    let echo = st.echo[x as usize];
    st.reserve_remove(x, unit);
    st.put(t, Piece::new(unit.kind, x, unit.hn));
    st.set_echo(x, None);
    echo
}

/// Undoes [`place`].
#[inline]
pub fn unplace(st: &mut State, unit: Unit, t: Sq, echo: Option<Unit>) {
    let x = st.mover();
    st.take(t);
    st.reserve_add(x, unit);
    st.set_echo(x, echo);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::multi::{MultiGame, MultiNotation};
    use crate::variants::options::OptionValues;
    use crate::variants::party::{Atom, Party};

    use crate::core::random::XorShift64Star as Rng;

    /// Plays seeded random plays and, before each, compares the fast placement test with the
    /// full one for every unit of the mover's reserve, with and without exception (a).
    fn compare(players: usize, armies: &str, seed: u64, turns: usize) -> usize {
        let mut options = OptionValues::default();
        options.set("PartyPlayers", &players.to_string()).unwrap();
        options.set("PartyArmies", armies).unwrap();
        let game = Party::build(&options).unwrap();
        let mut pos = game.start_position();
        let mut rng = Rng::new(seed);
        let mut compared = 0;
        for _ in 0..turns {
            let st = pos.state_mut();
            let x = st.mover();
            let ctx = Context::of(st);
            for (unit, _) in st.reserve_units(x) {
                for exception in [false, true] {
                    let fast = legal_squares(st, &ctx, exception, unit);
                    let slow = legal_squares_slow(st, exception, unit);
                    assert_eq!(
                        fast,
                        slow,
                        "{} placing {}",
                        game.write_position(&pos),
                        unit.text()
                    );
                    compared += 1;
                }
            }
            let mut atoms = Vec::new();
            game.atoms(&mut pos, &mut atoms);
            if atoms.is_empty() {
                break;
            }
            // Walk one random play, preferring to put pieces on the board.
            loop {
                let atom = atoms[rng.below(atoms.len())];
                game.make_atom(&mut pos, atom);
                if atom == Atom::END_TURN {
                    break;
                }
                game.atoms(&mut pos, &mut atoms);
            }
        }
        compared
    }

    #[test]
    fn fast_placement_test_agrees_with_the_full_one() {
        let mut n = 0;
        n += compare(2, "STANDARD", 1, 40);
        n += compare(3, "a:G!%DE,b:H+OZJ,c:ALPQM", 2, 45);
        n += compare(4, "a:&&&&&,b:G!G!D,c:%%%%%,d:EEEJ*", 3, 40);
        assert!(n > 200, "{n}");
    }
}
