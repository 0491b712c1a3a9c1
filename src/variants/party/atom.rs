//! Atomic plays (spec §4.1, notation §9.2): Move (also the Qball scratch), Capture (landing or
//! ranged), Placement, Special, Pass, Surrender, and the engine's own `EndTurn`, which closes
//! a turn where the partial play may stand as a complete play (`core::multi`).

use super::board::NO_SQ;
use super::piece::{Kind, Unit};
use crate::geometry::Sq;

/// What an atom does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomKind {
    EndTurn,
    /// A non-capturing Move `s t`.
    Move,
    /// The Qball scratch `s-off` (a Move, D20).
    Scratch,
    /// A landing capture `s t`.
    Capture,
    /// A ranged capture `s>t`: the capturer stays.
    Ranged,
    /// A Placement `T@t`.
    Place,
    /// A Special `^s t`.
    Special,
    Pass,
    Surrender,
}

/// One atomic play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Atom {
    pub kind: AtomKind,
    /// The moving piece's square (`NO_SQ` for Placement, Pass, Surrender, EndTurn).
    pub from: Sq,
    /// The destination, the captured piece's square, or the placement square.
    pub to: Sq,
    /// The moving piece's own promotion: a pawn reaching a promotion square, or a Zombie that
    /// takes the captured piece's type.
    pub promote: Option<Kind>,
    /// A Demon promoted after this Move or Capture (D15), or `NO_SQ`.
    pub demon: Sq,
    /// The Demon's new type.
    pub demon_to: Option<Kind>,
    /// The placed unit.
    pub unit: Option<Unit>,
}

impl Atom {
    pub const END_TURN: Atom = Atom::bare(AtomKind::EndTurn);
    pub const PASS: Atom = Atom::bare(AtomKind::Pass);
    pub const SURRENDER: Atom = Atom::bare(AtomKind::Surrender);

    const fn bare(kind: AtomKind) -> Atom {
        Atom {
            kind,
            from: NO_SQ,
            to: NO_SQ,
            promote: None,
            demon: NO_SQ,
            demon_to: None,
            unit: None,
        }
    }

    /// A piece's Move, Capture, Ranged capture, Scratch or Special from `from` to `to`.
    pub const fn go(kind: AtomKind, from: Sq, to: Sq) -> Atom {
        Atom {
            kind,
            from,
            to,
            promote: None,
            demon: NO_SQ,
            demon_to: None,
            unit: None,
        }
    }

    /// A Placement of `unit` on `to`.
    pub const fn place(unit: Unit, to: Sq) -> Atom {
        Atom {
            kind: AtomKind::Place,
            from: NO_SQ,
            to,
            promote: None,
            demon: NO_SQ,
            demon_to: None,
            unit: Some(unit),
        }
    }

    /// A Move in the sense of §4.2 (what may combine): a Move or a scratch.
    #[inline]
    pub fn is_move(&self) -> bool {
        matches!(self.kind, AtomKind::Move | AtomKind::Scratch)
    }

    #[inline]
    pub fn is_capture(&self) -> bool {
        matches!(self.kind, AtomKind::Capture | AtomKind::Ranged)
    }
}
