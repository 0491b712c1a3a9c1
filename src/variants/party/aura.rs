//! The Cantor aura [1230.20, 1230.1 §3.F], spec §3.4 (D29).
//!
//! Any piece at distance 1 from a **friendly** Cantor (Kings, pawns, CopyCats, Archers, Echoes
//! and other Cantors included) also leaps 1..4 squares diagonally, over anything in between:
//! moves onto empty squares and landing captures. The aura overrides a piece's own capture
//! restrictions (a pawn, il-Nabi, CopyCat or Archer in DP may capture this way) but not the
//! King rule or the Guard rule, which `attack.rs` applies to every capture alike.
//!
//! Beyond the spec: an Echo whose pattern is none has no moves of its own but still gets the
//! aura (the aura is given to "any piece"); see docs/party.md, rulings.

use super::board::{ALL8, offset};
use super::piece::Kind;
use super::pieces::{Sink, data};
use super::state::State;
use crate::geometry::Sq;

/// Whether the piece on `s` owned by `owner` stands next to a friendly Cantor.
#[inline]
pub fn has_aura(st: &State, s: Sq, owner: u8) -> bool {
    ALL8.iter().any(|&(dx, dy)| {
        offset(s, dx, dy)
            .and_then(|t| st.at(t))
            .is_some_and(|p| p.kind == Kind::Cantor && p.owner == owner)
    })
}

/// Emits the aura leaps from `s`.
#[inline]
pub fn emit<S: Sink>(st: &State, s: Sq, sink: &mut S) {
    data::emit(st, data::AURA, s, sink);
}
