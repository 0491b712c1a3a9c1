//! !: the Bouncy!Ball [1230.17], spec §3.3 ! (D47).
//!
//! In each of the 8 directions the hurdle is the first piece on the line (any owner), at n
//! squares; the ball lands at 2n squares, which must be on the board, with every square between
//! hurdle and landing empty. There is no length limit; an enemy on the landing square is
//! captured. At most 8 destinations.

use super::super::board::ray;
use super::super::state::State;
use super::Sink;
use crate::geometry::Sq;

pub fn geometry<S: Sink>(st: &State, s: Sq, sink: &mut S) {
    for d in 0..8 {
        let cells = ray(s, d);
        let Some(n) = cells.iter().position(|&t| !st.empty_at(t)) else {
            continue;
        };
        // The hurdle is cells[n] (n+1 squares away); the landing square is 2(n+1) away.
        let landing = 2 * (n + 1) - 1;
        if landing >= cells.len() {
            continue;
        }
        if cells[n + 1..landing].iter().all(|&t| st.empty_at(t)) {
            super::land(st, cells[landing], sink);
        }
    }
}
