//! The pieces that are data: leapers and riders with a range, written in the project's movement
//! language (Betza, `core::betza`) and turned into per-square tables by the core
//! (`core::tables::MoveTables`) once for the 400 squares.
//!
//! | piece | Betza | spec |
//! |---|---|---|
//! | King | `K` | §3.3 K, D10: the 8 neighbours |
//! | Rook | `R10` | slide ≤ 10 orthogonally |
//! | Camel | `C` | (1,3) leaper, skips |
//! | Bishop | `B10` | slide ≤ 10 diagonally |
//! | Jester | `AD` | exactly 2 in any direction, skips |
//! | Cantor | `FA` | leap 1 or 2 diagonally, skips |
//! | Zombie | `R3` | slide ≤ 3 orthogonally |
//! | Guard | `R3B2` | slide ≤ 3 orthogonally, ≤ 2 diagonally |
//! | HarfyBlob | `Q` cut at Hn | slide ≤ Hn in 8 directions |
//! | Demon outside the centre | `nAnD` | exactly 2, middle square empty (D16) |
//! | Cantor aura | leaps (k,k), k = 1..4 | §3.4, D29 |

use std::sync::LazyLock;

use super::super::board::{GEOMETRY, NO_SQ};
use super::super::state::State;
use super::Sink;
use crate::core::piece::{Atom, Mode, PieceKind, Reach};
use crate::core::tables::{MoveTables, Orientation};
use crate::geometry::{Sq, symmetric_vectors};

pub const KING: u8 = 0;
pub const ROOK: u8 = 1;
pub const CAMEL: u8 = 2;
pub const BISHOP: u8 = 3;
pub const JESTER: u8 = 4;
pub const CANTOR: u8 = 5;
pub const ZOMBIE: u8 = 6;
pub const GUARD: u8 = 7;
pub const HARFY: u8 = 8;
pub const DEMON_OUTSIDE: u8 = 9;
pub const AURA: u8 = 10;

static TABLES: LazyLock<MoveTables> = LazyLock::new(|| {
    let betza = |name: &str, text: &str| {
        PieceKind::from_betza(name, 'x', text).expect("the Party data pieces are valid Betza")
    };
    let aura = betza("aura", "F").with_atoms(
        (1..=4i8)
            .map(|k| Atom::new(symmetric_vectors(&[k, k], 2), Reach::Leap, Mode::BOTH))
            .collect(),
    );
    let kinds = [
        betza("King", "K"),
        betza("Rook", "R10"),
        betza("Camel", "C"),
        betza("Bishop", "B10"),
        betza("Jester", "AD"),
        betza("Cantor", "FA"),
        betza("Zombie", "R3"),
        betza("Guard", "R3B2"),
        betza("HarfyBlob", "Q"),
        betza("Demon", "nAnD"),
        aura,
    ];
    MoveTables::build(&GEOMETRY, Orientation::Facing, 1, &kinds)
});

/// Emits the moves and capture candidates of data piece `id` from `s`.
#[inline]
pub fn emit<S: Sink>(st: &State, id: u8, s: Sq, sink: &mut S) {
    let t = &*TABLES;
    for leap in t.leaps(0, id, s) {
        if leap.via != NO_SQ && !st.empty_at(leap.via) {
            continue;
        }
        super::land(st, leap.to, sink);
    }
    for ray in t.rays(0, id, s) {
        super::slide(st, t.cells(ray), sink);
        if sink.done() {
            return;
        }
    }
}

/// Like [`emit`] with every ray cut at `range` cells (the HarfyBlob's Hn).
#[inline]
pub fn emit_limited<S: Sink>(st: &State, id: u8, s: Sq, range: u8, sink: &mut S) {
    let t = &*TABLES;
    for ray in t.rays(0, id, s) {
        let cells = t.cells(ray);
        super::slide(st, &cells[..cells.len().min(range as usize)], sink);
        if sink.done() {
            return;
        }
    }
}
