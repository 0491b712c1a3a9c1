//! Specials (spec §3.3 R, P, J; §4.1 Special; D17, D18, D19). Each costs one Benefyt, is a
//! single play, never captures, is never copied by an Echo, and may not leave an opposing King
//! attacked by any of the mover's pieces (D18, checked by `moves.rs` after the play).
//!
//! * Rook: a diagonal step onto an empty square, then 0..5 squares (D17) along one of that
//!   diagonal's two orthogonal components, every square empty. At most 44 destinations.
//! * Pawn: a rook slide of up to 10 squares, moving only, never onto a promotion square (it may
//!   pass one).
//! * Jester: any empty square other than its own from which, after the move, it (aura
//!   included) attacks no opposing piece (D19).

use super::super::attack::{self, Relation};
use super::super::board::{DIAG, ORTH, SQUARES, is_promotion_square, offset};
use super::super::state::State;
use crate::geometry::Sq;

/// The Rook Special's destinations from `s`.
pub fn rook(st: &State, s: Sq, out: &mut Vec<Sq>) {
    for &(dx, dy) in &DIAG {
        let Some(t1) = offset(s, dx, dy) else {
            continue;
        };
        if !st.empty_at(t1) {
            continue;
        }
        out.push(t1);
        for (ex, ey) in [(dx, 0), (0, dy)] {
            for k in 1..=5i8 {
                match offset(t1, k * ex, k * ey) {
                    Some(t) if st.empty_at(t) => out.push(t),
                    _ => break,
                }
            }
        }
    }
}

/// The pawn Special's destinations from `s`.
pub fn pawn(st: &State, s: Sq, out: &mut Vec<Sq>) {
    for &(dx, dy) in &ORTH {
        for k in 1..=10i8 {
            match offset(s, k * dx, k * dy) {
                Some(t) if st.empty_at(t) => {
                    if !is_promotion_square(t) {
                        out.push(t);
                    }
                }
                _ => break,
            }
        }
    }
}

/// The Jester Special's destinations from `s` (the state is restored before returning).
pub fn jester(st: &mut State, s: Sq, out: &mut Vec<Sq>) {
    let piece = st.take(s);
    for t in 0..SQUARES as Sq {
        if t == s || !st.empty_at(t) {
            continue;
        }
        st.put(t, piece);
        if !attack::has_target(st, t, Relation::Attack) {
            out.push(t);
        }
        st.take(t);
    }
    st.put(s, piece);
}
