//! D: the Demon [1230.18], spec §3.3 D (D15, D16).
//!
//! * In the Demon centre (files f–o, ranks 6–15) it steps 1 square in any direction; elsewhere
//!   it moves exactly 2 squares in any direction over an empty middle square.
//! * Promotion (optional, after any Move or Capture by its owner, one Demon per atomic play, to
//!   any type but King and Demon): the Demon qualifies when two distinct friendly on-board
//!   pieces U and W of one type (not this Demon) are mirror images through the Demon's rank,
//!   file or square and stand at most 8 apart. [`qualifies`] is that test; `moves.rs` offers
//!   the promotions.

use super::super::board::{at, distance, in_demon_centre, xy};
use super::super::state::State;
use super::{Sink, data};
use crate::geometry::Sq;

pub fn geometry<S: Sink>(st: &State, s: Sq, sink: &mut S) {
    if in_demon_centre(s) {
        data::emit(st, data::KING, s, sink);
    } else {
        data::emit(st, data::DEMON_OUTSIDE, s, sink);
    }
}

/// Whether the Demon on `d` (owned by `owner`) may promote in `st`.
pub fn qualifies(st: &State, d: Sq, owner: u8) -> bool {
    let (cx, cy) = xy(d);
    for u in st.occ[owner as usize].iter() {
        if u == d {
            continue;
        }
        let pu = st.at(u).expect("occupied");
        let (ux, uy) = xy(u);
        let (mx, my) = (2 * cx - ux, 2 * cy - uy);
        for (wx, wy) in [(mx, uy), (ux, my), (mx, my)] {
            let Some(w) = at(wx, wy) else { continue };
            if w == u || w == d || distance(u, w) > 8 {
                continue;
            }
            if st
                .at(w)
                .is_some_and(|pw| pw.owner == owner && pw.kind == pu.kind)
            {
                return true;
            }
        }
    }
    false
}
