//! Z: the Kamikaze [1230.16], spec §3.3 Z (D27).
//!
//! A first leg of 1..6 squares orthogonally, then a second leg of 1..6 squares at right angles;
//! both legs are mandatory and every square before the destination must be empty (the turning
//! square included). Captures are generic; the Kamikaze is then removed from the game (done by
//! `make.rs`), and the Guard rule applies (`attack.rs`).

use super::super::board::{ORTH, offset, perp};
use super::super::state::State;
use super::Sink;
use crate::geometry::Sq;

pub fn geometry<S: Sink>(st: &State, s: Sq, sink: &mut S) {
    for &(dx, dy) in &ORTH {
        for k1 in 1..=6i8 {
            let Some(turn) = offset(s, k1 * dx, k1 * dy) else {
                break;
            };
            if !st.empty_at(turn) {
                break;
            }
            for (ex, ey) in perp((dx, dy)) {
                for k2 in 1..=6i8 {
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
            if sink.done() {
                return;
            }
        }
    }
}
