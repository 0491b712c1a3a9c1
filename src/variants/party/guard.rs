//! The Guard's shielding [1230.25], spec §3.4 (D30).
//!
//! A piece V of player Y is *shielded* when V is a Guard, or when V is orthogonally next to a
//! Guard of Y that no piece of another owner attacks. Pieces whose **type** is Archer or
//! Kamikaze cannot capture shielded pieces (an Echo or CopyCat using their geometry can).
//! Whether a Guard is attacked is judged only from attackers of other types, which never ask
//! about shielding, so the test never recurses.

use super::attack;
use super::board::{ORTH, offset};
use super::piece::Kind;
use super::state::State;
use crate::geometry::Sq;

/// Whether the piece on `v` (owned by `owner`) is shielded.
pub fn shielded(st: &State, v: Sq, owner: u8) -> bool {
    let Some(p) = st.at(v) else { return false };
    if p.kind == Kind::Guard {
        return true;
    }
    ORTH.iter().any(|&(dx, dy)| {
        offset(v, dx, dy).is_some_and(|g| {
            st.at(g)
                .is_some_and(|q| q.kind == Kind::Guard && q.owner == owner)
                && !guard_attacked(st, g, owner)
        })
    })
}

/// Whether the Guard on `g` (owned by `owner`) is attacked by a piece of another owner whose
/// type is not Archer or Kamikaze.
pub fn guard_attacked(st: &State, g: Sq, owner: u8) -> bool {
    (0..st.players).filter(|&p| p != owner).any(|p| {
        st.pieces_of(p).any(|(s, piece)| {
            !matches!(piece.kind, Kind::Archer | Kind::Kamikaze) && attack::attacks(st, s, g)
        })
    })
}
