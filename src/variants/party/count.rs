//! Counting the legal complete plays of a turn without listing them (perft at the last ply).
//!
//! A turn of row 5 can hold millions of plays (M·P·P is moves x placements x placements), so
//! the count walks the shapes of `turn.rs` directly: Moves are made on a copy, Placements are
//! put on the board in place and counted square by square (`placement.rs`). The result equals
//! walking [`super::legal::atoms`] until END (tests compare the two).

use super::atom::AtomKind;
use super::attack;
use super::legal;
use super::make::{self, EndRule};
use super::moves;
use super::placement;
use super::state::State;
use super::turn::{Phase, Shapes};

/// The number of legal complete plays that extend the (possibly open) turn in `st`.
pub fn plays(st: &mut State, rule: EndRule) -> u64 {
    if st.ended.is_some() {
        return 0;
    }
    legal::prepare(st);
    let x = st.mover();
    let snap = st.turn_state.snapshot.expect("prepared");
    let phase = Phase::of(st);
    let safe = !attack::in_check(st, x);
    let mut total = (phase.may_end() && safe) as u64;
    match phase {
        Phase::Closed => {}
        Phase::AfterTwoMoves | Phase::AfterMovePlace => {
            total += last_placements(st, snap.exception_a, safe);
        }
        Phase::AfterMove => {
            if snap.shapes == Shapes::All {
                placement::for_each(st, snap.exception_a, |st, unit, t| {
                    let echo = placement::place(st, unit, t);
                    let safe_now = !attack::in_check(st, x);
                    total += safe_now as u64 + last_placements(st, snap.exception_a, safe_now);
                    placement::unplace(st, unit, t, echo);
                });
                let moved = st.turn_state.moved[0];
                let squares: Vec<_> = st.occ[x as usize].iter().filter(|&s| s != moved).collect();
                let mut cands = Vec::new();
                for s in squares {
                    moves::piece_atoms(st, s, false, &mut cands);
                }
                for atom in cands {
                    total += after(st, atom, rule);
                }
            } else {
                total += last_placements(st, snap.exception_a, safe);
            }
        }
        Phase::Start => {
            let mut cands = Vec::new();
            legal::candidates(st, &mut cands);
            for atom in cands {
                match atom.kind {
                    AtomKind::Move | AtomKind::Scratch => total += after(st, atom, rule),
                    AtomKind::Place => {
                        total += if safe {
                            1
                        } else {
                            legal::viable(st, atom, rule) as u64
                        }
                    }
                    _ => total += legal::viable(st, atom, rule) as u64,
                }
            }
        }
    }
    total
}

/// Plays counted after making `atom` on a copy.
fn after(st: &State, atom: super::atom::Atom, rule: EndRule) -> u64 {
    let mut next = st.clone();
    make::play(&mut next, atom, rule);
    plays(&mut next, rule)
}

/// Legal placements after which the turn ends with the mover out of check.
fn last_placements(st: &mut State, exception_a: bool, safe: bool) -> u64 {
    let x = st.mover();
    let mut n = 0u64;
    if !st.has_reserve(x) {
        return 0;
    }
    if safe {
        let units = st.reserve_units(x);
        if units.is_empty() {
            return 0;
        }
        let ctx = placement::Context::of(st);
        for (unit, _) in units {
            n += placement::legal_squares(st, &ctx, exception_a, unit).count() as u64;
        }
    } else {
        placement::for_each(st, exception_a, |st, unit, t| {
            let echo = placement::place(st, unit, t);
            n += !attack::in_check(st, x) as u64;
            placement::unplace(st, unit, t, echo);
        });
    }
    n
}
