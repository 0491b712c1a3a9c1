//! G: the Gess [1230.22], spec §3.3 G (D21).
//!
//! For each direction d: an empty neighbour s+d is a move square; an occupied one is a capture
//! candidate and also opens leaps of 2..10 squares along d, over anything in between (an empty
//! landing square is a move, an occupied one a capture candidate).

use super::super::board::{ALL8, offset};
use super::super::state::State;
use super::{Sink, land};
use crate::geometry::Sq;

pub fn geometry<S: Sink>(st: &State, s: Sq, sink: &mut S) {
    for &(dx, dy) in &ALL8 {
        let Some(t1) = offset(s, dx, dy) else {
            continue;
        };
        if st.empty_at(t1) {
            sink.step(t1);
            continue;
        }
        sink.hit(t1, false);
        for k in 2..=10i8 {
            let Some(t) = offset(s, k * dx, k * dy) else {
                break;
            };
            land(st, t, sink);
        }
    }
}
