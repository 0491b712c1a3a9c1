//! L: the Loyalist [1230.23], spec §3.3 L (D22).
//!
//! One step in any direction; and, when its owner's King stands on the same rank, file or
//! diagonal at distance m with 2 ≤ m ≤ 8 and no friendly piece between them, a slide toward
//! the King of up to m − 1 squares: the first enemy on the line stops it and may be captured.
//! The King's own square is never a destination.

use super::super::board::{offset, xy};
use super::super::state::State;
use super::{Sink, data, slide};
use crate::geometry::Sq;

pub fn geometry<S: Sink>(st: &State, s: Sq, owner: u8, sink: &mut S) {
    data::emit(st, data::KING, s, sink);
    let Some(k) = st.king(owner) else { return };
    let ((sx, sy), (kx, ky)) = (xy(s), xy(k));
    let (dx, dy) = (kx - sx, ky - sy);
    if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return;
    }
    let m = dx.abs().max(dy.abs());
    if !(2..=8).contains(&m) {
        return;
    }
    let (ux, uy) = (dx.signum(), dy.signum());
    let mut cells = [0 as Sq; 8];
    for i in 1..m {
        let t = offset(s, i * ux, i * uy).expect("between two squares of the board");
        if st.at(t).is_some_and(|p| p.owner == owner) {
            return;
        }
        cells[i as usize - 1] = t;
    }
    slide(st, &cells[..m as usize - 1], sink);
}
