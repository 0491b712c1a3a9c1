//! M: il-Nabi [1230.12], spec §3.3 M.
//!
//! * (a) the bent move: three diagonal steps then one orthogonal step, every square before the
//!   destination empty; the only way it captures. Destinations (±4,±3), (±3,±4), (±2,±3),
//!   (±3,±2).
//! * (b) over an occupied neighbour s+d to an empty s+2d; (c) to an empty s+4d when s+3d is
//!   occupied and s+2d empty, whatever stands on s+d. Neither captures.

use super::super::board::{ALL8, DIAG, ORTH, offset};
use super::super::state::State;
use super::{Sink, land};
use crate::geometry::Sq;

pub fn geometry<S: Sink>(st: &State, s: Sq, sink: &mut S) {
    let empty = |t: Option<Sq>| t.is_some_and(|t| st.empty_at(t));
    let occupied = |t: Option<Sq>| t.is_some_and(|t| !st.empty_at(t));
    for &(dx, dy) in &DIAG {
        if !(1..=3).all(|k| empty(offset(s, k * dx, k * dy))) {
            continue;
        }
        for &(ex, ey) in &ORTH {
            if let Some(t) = offset(s, 3 * dx + ex, 3 * dy + ey) {
                land(st, t, sink);
            }
        }
    }
    for &(dx, dy) in &ALL8 {
        let sq = |k: i8| offset(s, k * dx, k * dy);
        if occupied(sq(1))
            && empty(sq(2))
            && let Some(t) = sq(2)
        {
            sink.step(t);
        }
        if occupied(sq(3))
            && empty(sq(2))
            && empty(sq(4))
            && let Some(t) = sq(4)
        {
            sink.step(t);
        }
    }
}
