//! &: the Locust [1230.24], spec §3.3 & (D23).
//!
//! With N the number of Locusts on the board (every owner, this one included), a = ⌈N/2⌉ and
//! b = ⌊N/2⌋: a first leg of 1..a squares in any direction, then 1..b squares in a direction at
//! right angles (for a diagonal, the other diagonal). Both legs are mandatory, nothing may be
//! passed, so with N = 1 it cannot move. Its value is max(6, ⌊1.5·N⌋) (`piece.rs`).

use super::super::board::{ALL8, offset, perp};
use super::super::state::State;
use super::Sink;
use crate::geometry::Sq;

pub fn geometry<S: Sink>(st: &State, s: Sq, sink: &mut S) {
    let n = st.locusts as i8;
    let (a, b) = ((n + 1) / 2, n / 2);
    if b == 0 {
        return;
    }
    for &(dx, dy) in &ALL8 {
        for k1 in 1..=a {
            let Some(turn) = offset(s, k1 * dx, k1 * dy) else {
                break;
            };
            if !st.empty_at(turn) {
                break;
            }
            for (ex, ey) in perp((dx, dy)) {
                for k2 in 1..=b {
                    let Some(t) = offset(turn, k2 * ex, k2 * ey) else {
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
        }
        if sink.done() {
            return;
        }
    }
}
