//! P: the pawn [1230.8], spec §3.3 P. There is no forward direction.
//!
//! * Moves: one orthogonal step onto an empty square; two (a straight PATH with an empty middle
//!   square) when the pawn defends a friendly piece (D13: its capture geometry, the diagonal
//!   neighbours or an aura diagonal, reaches a friend).
//! * Captures: only the diagonal neighbours (the aura adds more, `aura.rs`).
//! * Promotion on j10/j11/k10/k11 (mandatory, to any type but King and pawn, D14) is done by
//!   the atom generator (`moves.rs`); placement only in the pawn zone (`placement.rs`); the
//!   Special is in `specials.rs`.
//!
//! An Echo acting as a pawn uses the same geometry, defending test included (D26).

use super::super::aura;
use super::super::board::{DIAG, ORTH, offset};
use super::super::state::State;
use super::Sink;
use crate::geometry::Sq;

pub fn geometry<S: Sink>(st: &State, s: Sq, owner: u8, sink: &mut S) {
    for &(dx, dy) in &ORTH {
        if let Some(t) = offset(s, dx, dy)
            && st.empty_at(t)
        {
            sink.step(t);
        }
    }
    if defends(st, s, owner) {
        for &(dx, dy) in &ORTH {
            if let (Some(t1), Some(t2)) = (offset(s, dx, dy), offset(s, 2 * dx, 2 * dy))
                && st.empty_at(t1)
                && st.empty_at(t2)
            {
                sink.step(t2);
            }
        }
    }
    for &(dx, dy) in &DIAG {
        if let Some(t) = offset(s, dx, dy)
            && !st.empty_at(t)
        {
            sink.hit(t, false);
        }
    }
}

/// D13: a pawn on `s` owned by `owner` defends when a diagonal neighbour, or an aura leap, lands
/// on a friendly piece.
pub fn defends(st: &State, s: Sq, owner: u8) -> bool {
    let friend = |t: Option<Sq>| t.and_then(|t| st.at(t)).is_some_and(|p| p.owner == owner);
    if DIAG.iter().any(|&(dx, dy)| friend(offset(s, dx, dy))) {
        return true;
    }
    aura::has_aura(st, s, owner)
        && (2..=4i8).any(|k| {
            DIAG.iter()
                .any(|&(dx, dy)| friend(offset(s, k * dx, k * dy)))
        })
}
