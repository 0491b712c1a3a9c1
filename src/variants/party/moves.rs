//! The Move, Capture, scratch and Special atoms of one piece (spec §4.1), with the promotions
//! they carry: a pawn ending a Move or Capture on j10/j11/k10/k11 must promote (to any type but
//! King and pawn, D14); a Zombie that captures may take the captured type (D28, never King); and
//! after any Move or Capture one qualifying Demon of the mover may promote (to any type but King
//! and Demon, D15), judged on the position after the atom. Only real pieces promote: an Echo
//! never does (D26). These are candidates: whether the turn can still be completed legally is
//! `legal.rs`'s business.

use super::atom::{Atom, AtomKind};
use super::attack::{self, Relation};
use super::board::{Bits, is_promotion_square};
use super::piece::{Kind, Piece};
use super::pieces::{Sink, demon, qball, specials};
use super::state::State;
use crate::geometry::Sq;

/// Types a pawn may promote to (D14).
pub const PAWN_TARGETS: [Kind; 19] = [
    Kind::Rook,
    Kind::Camel,
    Kind::Bishop,
    Kind::CopyCat,
    Kind::Echo,
    Kind::Jester,
    Kind::Nabi,
    Kind::Qball,
    Kind::Harfy,
    Kind::Archer,
    Kind::Kamikaze,
    Kind::Bouncy,
    Kind::Demon,
    Kind::Cantor,
    Kind::Zombie,
    Kind::Gess,
    Kind::Loyalist,
    Kind::Locust,
    Kind::Guard,
];

/// Types a Demon may promote to (D15).
pub const DEMON_TARGETS: [Kind; 19] = [
    Kind::Rook,
    Kind::Camel,
    Kind::Bishop,
    Kind::Pawn,
    Kind::CopyCat,
    Kind::Echo,
    Kind::Jester,
    Kind::Nabi,
    Kind::Qball,
    Kind::Harfy,
    Kind::Archer,
    Kind::Kamikaze,
    Kind::Bouncy,
    Kind::Cantor,
    Kind::Zombie,
    Kind::Gess,
    Kind::Loyalist,
    Kind::Locust,
    Kind::Guard,
];

/// Distinct move squares and capture candidates of one piece.
pub struct Reach {
    pub steps: Bits,
    pub hits: Bits,
    pub ranged: Bits,
}

impl Reach {
    pub fn new() -> Reach {
        Reach {
            steps: Bits::EMPTY,
            hits: Bits::EMPTY,
            ranged: Bits::EMPTY,
        }
    }
}

impl Default for Reach {
    fn default() -> Self {
        Reach::new()
    }
}

impl Sink for Reach {
    #[inline]
    fn step(&mut self, to: Sq) {
        self.steps.set(to);
    }
    #[inline]
    fn hit(&mut self, to: Sq, ranged: bool) {
        if ranged {
            self.ranged.set(to);
        } else {
            self.hits.set(to);
        }
    }
}

/// The reach of the piece on `s` (attack relation: CopyCat victims are opposing pieces).
pub fn reach(st: &State, s: Sq) -> Reach {
    let mut r = Reach::new();
    if let Some(p) = st.at(s) {
        attack::raw(st, s, p, false, &mut r);
    }
    r
}

/// Appends the Move atoms (and, with `captures`, the Capture atoms and the scratch) of the
/// piece on `s`, promotions expanded.
pub fn piece_atoms(st: &mut State, s: Sq, captures: bool, out: &mut Vec<Atom>) {
    let Some(p) = st.at(s) else { return };
    let r = reach(st, s);
    for t in r.steps.iter() {
        expand(st, p, Atom::go(AtomKind::Move, s, t), out);
    }
    if !captures {
        if p.kind == Kind::Qball && qball::can_scratch(st, s) {
            expand(st, p, Atom::go(AtomKind::Scratch, s, s), out);
        }
        return;
    }
    for t in r.hits.iter() {
        if attack::is_target(st, s, p, t, Relation::Attack) {
            expand(st, p, Atom::go(AtomKind::Capture, s, t), out);
        }
    }
    for t in r.ranged.iter() {
        if attack::is_target(st, s, p, t, Relation::Attack) {
            expand(st, p, Atom::go(AtomKind::Ranged, s, t), out);
        }
    }
    if p.kind == Kind::Qball && qball::can_scratch(st, s) {
        expand(st, p, Atom::go(AtomKind::Scratch, s, s), out);
    }
}

/// Appends `base` with every promotion choice it allows.
fn expand(st: &mut State, p: Piece, base: Atom, out: &mut Vec<Atom>) {
    let lands = matches!(base.kind, AtomKind::Move | AtomKind::Capture);
    if p.kind == Kind::Pawn && lands && is_promotion_square(base.to) {
        for k in PAWN_TARGETS {
            with_demons(
                st,
                Atom {
                    promote: Some(k),
                    ..base
                },
                out,
            );
        }
        return;
    }
    with_demons(st, base, out);
    if p.kind == Kind::Zombie
        && base.kind == AtomKind::Capture
        && let Some(v) = st.at(base.to)
        && !matches!(v.kind, Kind::King | Kind::Zombie)
    {
        with_demons(
            st,
            Atom {
                promote: Some(v.kind),
                ..base
            },
            out,
        );
    }
}

/// Appends `atom`, and a copy for each (qualifying Demon, target type) after it. Whether a
/// Demon qualifies depends only on the mover's pieces, so only the mover's side of the atom is
/// carried out (in place, then undone): the moving piece leaves, lands (promoted), or is gone.
fn with_demons(st: &mut State, atom: Atom, out: &mut Vec<Atom>) {
    out.push(atom);
    let x = st.mover();
    if st.onboard[x as usize] < 3 {
        return;
    }
    let has_demon =
        st.pieces_of(x).any(|(_, q)| q.kind == Kind::Demon) || atom.promote == Some(Kind::Demon);
    if !has_demon {
        return;
    }
    let victim = atom.is_capture().then(|| st.take(atom.to));
    let mover = match atom.kind {
        AtomKind::Move | AtomKind::Capture | AtomKind::Scratch => Some(st.take(atom.from)),
        _ => None,
    };
    let landed = match (atom.kind, mover) {
        (AtomKind::Move | AtomKind::Capture, Some(p))
            if p.kind != Kind::Kamikaze || atom.kind == AtomKind::Move =>
        {
            let q = match atom.promote {
                Some(k) => Piece::new(k, x, 1),
                None => p,
            };
            st.put(atom.to, q);
            true
        }
        _ => false,
    };
    let mut demons = [0 as Sq; 32];
    let mut n = 0;
    for (d, q) in st.pieces_of(x) {
        if q.kind == Kind::Demon && n < demons.len() && demon::qualifies(st, d, x) {
            demons[n] = d;
            n += 1;
        }
    }
    if landed {
        st.take(atom.to);
    }
    if let Some(p) = mover {
        st.put(atom.from, p);
    }
    if let Some(v) = victim {
        st.put(atom.to, v);
    }
    for &d in &demons[..n] {
        for k in DEMON_TARGETS {
            out.push(Atom {
                demon: d,
                demon_to: Some(k),
                ..atom
            });
        }
    }
}

/// Appends the Special atoms of the piece on `s` (a real Rook, pawn or Jester; the mover must
/// hold a Benefyt, which the caller checks).
pub fn special_atoms(st: &mut State, s: Sq, out: &mut Vec<Atom>) {
    let Some(p) = st.at(s) else { return };
    let mut dests = Vec::new();
    match p.kind {
        Kind::Rook => specials::rook(st, s, &mut dests),
        Kind::Pawn => specials::pawn(st, s, &mut dests),
        Kind::Jester => specials::jester(st, s, &mut dests),
        _ => return,
    }
    dests.sort_unstable();
    out.extend(dests.into_iter().map(|t| Atom::go(AtomKind::Special, s, t)));
}
