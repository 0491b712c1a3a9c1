//! O: the CopyCat [1230.9], spec §3.3 O and §3.4 (D25).
//!
//! * Moves: exactly 3 or 5 squares in any of the 8 directions, every square before the
//!   destination empty.
//! * Captures: only by the **victim's** capture rule. For a victim V of type T on t, a
//!   hypothetical T owned by the CopyCat's owner and standing on the CopyCat's square must be
//!   able to capture on t. Its context: the owner's (Defensive Position for an Archer, the King
//!   for a Loyalist), the square's (Demon centre, Gess neighbours), the victim's (its Hn; for a
//!   victim Echo the victim owner's echo pattern, and none means it cannot be taken this way),
//!   and the global Locust count. A victim of type O (also an Echo whose pattern is O) is taken
//!   only with the CopyCat's own 3/5 move. An Archer-type capture from Defensive Position is
//!   ranged (the CopyCat stays). No side effects of T apply.
//!
//! An Echo whose pattern is O moves and captures the same way (D26).

use super::super::board::{ALL8, offset};
use super::super::piece::Kind;
use super::super::state::State;
use super::{Sink, TargetSink, geometry};
use crate::geometry::Sq;

/// The 3/5 moves (empty destinations only; capturing another CopyCat is in [`captures`]).
pub fn moves<S: Sink>(st: &State, s: Sq, sink: &mut S) {
    for &(dx, dy) in &ALL8 {
        for k in 1..=5i8 {
            let Some(t) = offset(s, k * dx, k * dy) else {
                break;
            };
            if !st.empty_at(t) {
                break;
            }
            if k == 3 || k == 5 {
                sink.step(t);
            }
        }
    }
}

/// True when the 3/5 path from `s` reaches `t` (every square before `t` empty).
fn path_reaches(st: &State, s: Sq, t: Sq) -> bool {
    for &(dx, dy) in &ALL8 {
        for k in [3i8, 5] {
            if offset(s, k * dx, k * dy) == Some(t) {
                return (1..k).all(|i| offset(s, i * dx, i * dy).is_some_and(|q| st.empty_at(q)));
            }
        }
    }
    false
}

/// The type (and Hn) by which a victim on `t` is captured: its own, or for an Echo its owner's
/// echo pattern (`None`: it cannot be captured by a CopyCat).
pub fn victim_rule(st: &State, t: Sq) -> Option<(Kind, u8)> {
    let v = st.at(t)?;
    if v.kind == Kind::Echo {
        st.echo[v.owner as usize].map(|u| (u.kind, u.hn))
    } else {
        Some((v.kind, v.hn))
    }
}

/// Emits the capture candidates of a CopyCat on `s` owned by `owner`: the squares of victims
/// (opposing pieces, or with `friends` the friendly pieces it would defend) its victim-rule
/// geometry reaches.
pub fn captures<S: Sink>(st: &State, s: Sq, owner: u8, friends: bool, sink: &mut S) {
    for sq in st.all.iter() {
        if sq == s {
            continue;
        }
        let Some(v) = st.at(sq) else { continue };
        if (v.owner == owner) != friends {
            continue;
        }
        if let Some(ranged) = reaches(st, s, owner, sq) {
            sink.hit(sq, ranged);
            if sink.done() {
                return;
            }
        }
    }
}

/// Whether a CopyCat (or an Echo acting as one) on `s` owned by `owner` can take the piece on
/// `t` by the victim's rule; `Some(ranged)` if so.
pub fn reaches(st: &State, s: Sq, owner: u8, t: Sq) -> Option<bool> {
    let (kind, hn) = victim_rule(st, t)?;
    if kind == Kind::CopyCat {
        return path_reaches(st, s, t).then_some(false);
    }
    let mut probe = TargetSink::new(t);
    geometry(st, s, owner, kind, hn, &mut probe);
    probe.found.then_some(probe.ranged)
}
