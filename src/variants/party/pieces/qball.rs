//! Q: the Qball [1230.13], spec §3.3 Q (D20).
//!
//! For each diagonal d: part a steps along d until an edge square, every square stepped on
//! (that edge square included) empty; a Qball on an edge therefore travels to a different edge
//! square. At a corner it may **scratch** (leave the board for its owner's reserve: a voluntary
//! non-capturing Move, written `s-off`, not counted in Mobility, never made by an Echo).
//! Otherwise the one perpendicular diagonal that points back onto the board gives part b: a
//! slide of 1..10 squares that may capture on its stop square. Part a never captures.

use super::super::board::{DIAG, is_corner, is_edge, offset, perp};
use super::super::state::State;
use super::Sink;
use crate::geometry::Sq;

/// The edge square part a reaches along `d`, if every square on the way is empty.
#[inline]
fn part_a(st: &State, s: Sq, (dx, dy): (i8, i8)) -> Option<Sq> {
    let mut t = offset(s, dx, dy)?;
    loop {
        if !st.empty_at(t) {
            return None;
        }
        if is_edge(t) {
            return Some(t);
        }
        t = offset(t, dx, dy)?;
    }
}

pub fn geometry<S: Sink>(st: &State, s: Sq, sink: &mut S) {
    for &d in &DIAG {
        let Some(edge) = part_a(st, s, d) else {
            continue;
        };
        if is_corner(edge) {
            continue;
        }
        for (bx, by) in perp(d) {
            if offset(edge, bx, by).is_none() {
                continue;
            }
            // Part b: SLIDE(d', 10) from the edge square.
            for k in 1..=10i8 {
                let Some(t) = offset(edge, k * bx, k * by) else {
                    break;
                };
                if st.empty_at(t) {
                    sink.step(t);
                } else {
                    sink.hit(t, false);
                    break;
                }
            }
        }
        if sink.done() {
            return;
        }
    }
}

/// Whether a Qball on `s` can scratch (part a ends on a corner).
pub fn can_scratch(st: &State, s: Sq) -> bool {
    DIAG.iter()
        .any(|&d| part_a(st, s, d).is_some_and(is_corner))
}
