//! Weight and Mobility [1230.3], spec §5 (D42).
//!
//! Weight(X) = 0 when X's King is off the board; otherwise the sum over X's on-board pieces of
//! value + Mobility + 5 if it attacks an opposing piece + 4 if it defends another friendly piece
//! (the King counts value 0, the Locust max(6, ⌊1.5·N⌋)).
//!
//! Mobility: with D the distinct destinations of the piece's non-capturing normal moves
//! (pseudo-legal, aura included, no Specials, no Qball scratch), 0 if D is empty; otherwise,
//! with dmin and dmax the nearest and farthest distances, |D|/2 when dmin > 1 and
//! dmax − dmin ≤ 2 (a "fixed-range leaper"), else dmax.
//!
//! Weights can end in .5, so everything here is **twice** the spec's value (exact).

use super::attack::{self, Relation};
use super::board::{Bits, distance};
use super::pieces::Sink;
use super::state::State;
use crate::geometry::Sq;

/// Collects distinct move squares and the nearest/farthest distance.
struct Steps {
    from: Sq,
    seen: Bits,
    count: u32,
    dmin: i8,
    dmax: i8,
}

impl Sink for Steps {
    #[inline]
    fn step(&mut self, to: Sq) {
        if self.seen.insert(to) {
            self.count += 1;
            let d = distance(self.from, to);
            self.dmin = self.dmin.min(d);
            self.dmax = self.dmax.max(d);
        }
    }
    #[inline]
    fn hit(&mut self, _: Sq, _: bool) {}
}

/// Twice the Mobility of the piece on `s`.
pub fn mobility2(st: &State, s: Sq) -> u32 {
    let Some(p) = st.at(s) else { return 0 };
    let mut steps = Steps {
        from: s,
        seen: Bits::EMPTY,
        count: 0,
        dmin: i8::MAX,
        dmax: 0,
    };
    attack::raw(st, s, p, false, &mut steps);
    if steps.count == 0 {
        0
    } else if steps.dmin > 1 && steps.dmax - steps.dmin <= 2 {
        steps.count
    } else {
        2 * steps.dmax as u32
    }
}

/// Twice the contribution of the piece on `s` to its owner's Weight.
pub fn piece_weight2(st: &State, s: Sq) -> u32 {
    let Some(p) = st.at(s) else { return 0 };
    2 * p.kind.value(st.locusts as u32)
        + mobility2(st, s)
        + if attack::has_target(st, s, Relation::Attack) {
            10
        } else {
            0
        }
        + if attack::has_target(st, s, Relation::Defend) {
            8
        } else {
            0
        }
}

/// Twice Weight(`player`).
pub fn weight2(st: &State, player: u8) -> u32 {
    if st.king(player).is_none() {
        return 0;
    }
    st.pieces_of(player)
        .map(|(s, _)| piece_weight2(st, s))
        .sum()
}
