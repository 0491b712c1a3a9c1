//! A: the Archer [1230.15], spec §3.3 A.
//!
//! * Moves: the 16 vectors with |vx| + |vy| = 4, by an L-route (first leg orthogonal 1..4
//!   squares, then the rest at right angles); every route square before the destination
//!   empty. A bent destination has two routes and one clear route is enough.
//! * In Defensive Position (its owner's King on the board within distance 4, §2) it captures
//!   **only at range**: the first occupied square within 4 orthogonally or 3 diagonally, and it
//!   stays on its square. Out of DP it captures by landing at the end of a clear route.
//! * The aura still adds landing captures; the Guard rule (`guard.rs`) forbids capturing
//!   shielded pieces, which `attack.rs` applies by the capturer's type.

use super::super::board::{ALL8, distance, offset};
use super::super::state::State;
use super::Sink;
use crate::geometry::Sq;

/// §2: the owner's King is on the board within distance 4.
#[inline]
pub fn in_dp(st: &State, s: Sq, owner: u8) -> bool {
    st.king(owner).is_some_and(|k| distance(k, s) <= 4)
}

/// Whether the route from `s` over `vx` then `vy` (x leg first when `x_first`) has every
/// square before the destination empty.
fn route_clear(st: &State, s: Sq, vx: i8, vy: i8, x_first: bool) -> bool {
    let (sx, sy) = (vx.signum(), vy.signum());
    let (ax, ay) = (vx.abs(), vy.abs());
    let total = ax + ay;
    let mut cx = 0;
    let mut cy = 0;
    for i in 1..total {
        if x_first {
            if i <= ax {
                cx += sx;
            } else {
                cy += sy;
            }
        } else if i <= ay {
            cy += sy;
        } else {
            cx += sx;
        }
        match offset(s, cx, cy) {
            Some(q) if st.empty_at(q) => {}
            _ => return false,
        }
    }
    true
}

/// One of the 16 route vectors reaches `t` from `s` over a clear route.
fn route_reaches(st: &State, s: Sq, vx: i8, vy: i8) -> bool {
    route_clear(st, s, vx, vy, true) || (vx != 0 && vy != 0 && route_clear(st, s, vx, vy, false))
}

pub fn geometry<S: Sink>(st: &State, s: Sq, owner: u8, sink: &mut S) {
    let dp = in_dp(st, s, owner);
    for vx in -4i8..=4 {
        let rest = 4 - vx.abs();
        let ys: &[i8] = if rest == 0 { &[0] } else { &[rest, -rest] };
        for &vy in ys {
            let Some(t) = offset(s, vx, vy) else { continue };
            let empty = st.empty_at(t);
            if !empty && dp {
                continue;
            }
            if route_reaches(st, s, vx, vy) {
                if empty {
                    sink.step(t);
                } else {
                    sink.hit(t, false);
                }
            }
        }
    }
    if dp {
        for (i, &(dx, dy)) in ALL8.iter().enumerate() {
            let reach = if i < 4 { 4 } else { 3 };
            for k in 1..=reach {
                let Some(t) = offset(s, k * dx, k * dy) else {
                    break;
                };
                if !st.empty_at(t) {
                    sink.hit(t, true);
                    break;
                }
            }
        }
    }
}
