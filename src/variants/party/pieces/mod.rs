//! Movement of the 21 piece types (spec §3.1, §3.3): for a piece of a given type standing on a
//! square, the **move squares** (empty destinations of its normal moves) and the **capture
//! candidates** its own capture rule allows (occupied destinations, before the target rules
//! of §3.1: opposing owner, King rule, Guard rule, which `attack.rs` applies).
//!
//! Pieces that are plain leapers and riders with a range are data (`data.rs`: Betza strings
//! read by the core's movement language and tables). Everything data cannot say has a file of
//! its own: `pawn.rs`, `copycat.rs`, `nabi.rs` (il-Nabi), `qball.rs`, `archer.rs`,
//! `kamikaze.rs`, `bouncy.rs`, `demon.rs`, `gess.rs`, `loyalist.rs`, `locust.rs`, and
//! `specials.rs` for the Specials of Rook, pawn and Jester. The Echo acts as its owner's echo
//! pattern (`attack.rs`), the Cantor aura is `../aura.rs`.
//!
//! DECISION D11 (skipping) is built into each generator: only Camel, Jester, Cantor, Gess,
//! Bouncy!Ball (over exactly one piece), il-Nabi patterns (b)/(c) and aura leaps pass occupied
//! squares.

pub mod archer;
pub mod bouncy;
pub mod copycat;
pub mod data;
pub mod demon;
pub mod gess;
pub mod kamikaze;
pub mod locust;
pub mod loyalist;
pub mod nabi;
pub mod pawn;
pub mod qball;
pub mod specials;

use super::piece::Kind;
use super::state::State;
use crate::geometry::Sq;

/// Receives what a generator finds.
pub trait Sink {
    /// An empty destination of a normal move.
    fn step(&mut self, to: Sq);
    /// An occupied destination the piece's capture rule allows; `ranged` when the capturer
    /// stays on its square (an Archer in Defensive Position).
    fn hit(&mut self, to: Sq, ranged: bool);
    /// True when the consumer has seen enough (generators may stop early).
    #[inline]
    fn done(&self) -> bool {
        false
    }
}

/// Emits the move squares and capture candidates of a piece of type `kind` (with Hn `hn` for a
/// HarfyBlob) standing on `s`, owned by `owner`, in `st`. Not included: the aura, the
/// CopyCat's captures (which depend on each victim: `copycat::captures`), the Echo (which
/// acts as another type), Specials and the Qball scratch.
#[inline]
pub fn geometry<S: Sink>(st: &State, s: Sq, owner: u8, kind: Kind, hn: u8, sink: &mut S) {
    match kind {
        Kind::King => data::emit(st, data::KING, s, sink),
        Kind::Rook => data::emit(st, data::ROOK, s, sink),
        Kind::Camel => data::emit(st, data::CAMEL, s, sink),
        Kind::Bishop => data::emit(st, data::BISHOP, s, sink),
        Kind::Jester => data::emit(st, data::JESTER, s, sink),
        Kind::Cantor => data::emit(st, data::CANTOR, s, sink),
        Kind::Zombie => data::emit(st, data::ZOMBIE, s, sink),
        Kind::Guard => data::emit(st, data::GUARD, s, sink),
        Kind::Harfy => data::emit_limited(st, data::HARFY, s, hn, sink),
        Kind::Pawn => pawn::geometry(st, s, owner, sink),
        Kind::CopyCat => copycat::moves(st, s, sink),
        Kind::Echo => {}
        Kind::Nabi => nabi::geometry(st, s, sink),
        Kind::Qball => qball::geometry(st, s, sink),
        Kind::Archer => archer::geometry(st, s, owner, sink),
        Kind::Kamikaze => kamikaze::geometry(st, s, sink),
        Kind::Bouncy => bouncy::geometry(st, s, sink),
        Kind::Demon => demon::geometry(st, s, sink),
        Kind::Gess => gess::geometry(st, s, sink),
        Kind::Loyalist => loyalist::geometry(st, s, owner, sink),
        Kind::Locust => locust::geometry(st, s, sink),
    }
}

/// Walks `cells` in order as a slide: empty cells are steps, the first occupied one is a
/// capture candidate and ends the slide.
#[inline]
pub fn slide<S: Sink>(st: &State, cells: &[Sq], sink: &mut S) {
    for &t in cells {
        if st.empty_at(t) {
            sink.step(t);
        } else {
            sink.hit(t, false);
            return;
        }
    }
}

/// A single destination: a step when empty, a capture candidate when occupied.
#[inline]
pub fn land<S: Sink>(st: &State, t: Sq, sink: &mut S) {
    if st.empty_at(t) {
        sink.step(t);
    } else {
        sink.hit(t, false);
    }
}

/// A sink that only asks whether one square is a capture candidate.
pub struct TargetSink {
    pub target: Sq,
    pub found: bool,
    pub ranged: bool,
}

impl TargetSink {
    pub fn new(target: Sq) -> Self {
        TargetSink {
            target,
            found: false,
            ranged: false,
        }
    }
}

impl Sink for TargetSink {
    #[inline]
    fn step(&mut self, _: Sq) {}
    #[inline]
    fn hit(&mut self, to: Sq, ranged: bool) {
        if to == self.target && !self.found {
            self.found = true;
            self.ranged = ranged;
        }
    }
    #[inline]
    fn done(&self) -> bool {
        self.found
    }
}
