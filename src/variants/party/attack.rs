//! Capture targets, attack, defence and check (spec §3.1, §3.4, §6.1; D12, D37, D38).
//!
//! A piece's reach is its acting type's geometry (`pieces/`; an Echo acts as its owner's echo
//! pattern, D26), its CopyCat victim captures if it acts as a CopyCat (D25), and the Cantor
//! aura (D29). A capture candidate is a **target** when (§3.1):
//! 1. the occupant is opposing;
//! 2. the piece's capture rule allows that geometry (built into the generators);
//! 3. King rule: a King is a target only if the capturer's own King is on the board;
//! 4. Guard rule: a capturer whose type is Archer or Kamikaze cannot take a shielded piece.
//!
//! *Attack* (D37) is exactly "is a capture target now", evaluated as if it were the attacker's
//! turn with its owner's echo pattern. *Defend* (D38) asks the same about a friendly piece,
//! waiving the King rule and ignoring shielding by adjacency (an Archer or Kamikaze still never
//! defends a Guard). A player is **in check** (§6.1) when a piece attacks their King; the King
//! rule makes that need the attacker's King on the board.

use super::aura;
use super::board::{self, xy};
use super::guard;
use super::piece::{Kind, Piece};
use super::pieces::{Sink, TargetSink, copycat, geometry};
use super::state::{Players, State};
use crate::geometry::Sq;

/// Attack an opposing piece, or defend a friendly one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    Attack,
    Defend,
}

/// The type (and Hn) a piece moves as: its own, or an Echo's owner's pattern (`None`: an Echo
/// with no pattern has no moves of its own).
#[inline]
pub fn acting(st: &State, p: Piece) -> Option<(Kind, u8)> {
    if p.kind == Kind::Echo {
        st.echo[p.owner as usize].map(|u| (u.kind, u.hn))
    } else {
        Some((p.kind, p.hn))
    }
}

/// Emits everything the piece `p` on `s` reaches: move squares and capture candidates of its
/// acting type, its CopyCat victim captures (of friends when `friends`, for defence), and the
/// aura. Specials and the Qball scratch are not included.
#[inline]
pub fn raw<S: Sink>(st: &State, s: Sq, p: Piece, friends: bool, sink: &mut S) {
    if let Some((kind, hn)) = acting(st, p) {
        geometry(st, s, p.owner, kind, hn, sink);
        if kind == Kind::CopyCat && !sink.done() {
            copycat::captures(st, s, p.owner, friends, sink);
        }
    }
    if !sink.done() && aura::has_aura(st, s, p.owner) {
        aura::emit(st, s, sink);
    }
}

/// The target rules of §3.1 (or D38 for `Defend`) for a capture candidate `to` of the piece `p`
/// on `s`.
#[inline]
pub fn is_target(st: &State, s: Sq, p: Piece, to: Sq, rel: Relation) -> bool {
    let Some(v) = st.at(to) else { return false };
    let az = matches!(p.kind, Kind::Archer | Kind::Kamikaze);
    match rel {
        Relation::Attack => {
            v.owner != p.owner
                && (v.kind != Kind::King || st.king(p.owner).is_some())
                && (!az || !guard::shielded(st, to, v.owner))
        }
        Relation::Defend => v.owner == p.owner && to != s && !(az && v.kind == Kind::Guard),
    }
}

/// A cheap necessary condition for the geometry of `kind` (Hn `hn`) on `s` to reach `t`.
#[inline]
fn may_reach(st: &State, kind: Kind, hn: u8, s: Sq, t: Sq) -> bool {
    let ((sx, sy), (tx, ty)) = (xy(s), xy(t));
    let (dx, dy) = ((tx - sx).abs(), (ty - sy).abs());
    let dist = dx.max(dy);
    let orth = dx == 0 || dy == 0;
    let diag = dx == dy;
    let line = orth || diag;
    match kind {
        Kind::King => dist == 1,
        Kind::Rook => orth && dist <= 10,
        Kind::Camel => (dx, dy) == (1, 3) || (dx, dy) == (3, 1),
        Kind::Bishop => diag && dist <= 10,
        Kind::Pawn => diag && dist == 1,
        Kind::Jester => line && dist == 2,
        Kind::Nabi | Kind::Archer => dist <= 4,
        Kind::Harfy => line && dist <= hn as i8,
        Kind::Kamikaze => dx != 0 && dy != 0 && dist <= 6,
        Kind::Bouncy => line,
        Kind::Demon => line && dist <= 2,
        Kind::Cantor => diag && dist <= 2,
        Kind::Zombie => orth && dist <= 3,
        Kind::Gess => line && dist <= 10,
        Kind::Loyalist => line && dist <= 8,
        Kind::Locust => dist <= st.locusts as i8,
        Kind::Guard => (orth && dist <= 3) || (diag && dist <= 2),
        Kind::CopyCat | Kind::Qball | Kind::Echo => true,
    }
}

/// Whether every square strictly between `s` and `t` (on one line, `n` steps apart) is empty.
#[inline]
fn clear_between(st: &State, s: Sq, t: Sq, n: i8) -> bool {
    let ((sx, sy), (tx, ty)) = (xy(s), xy(t));
    let (ux, uy) = ((tx - sx).signum(), (ty - sy).signum());
    (1..n).all(|k| st.empty_at(board::at(sx + k * ux, sy + k * uy).expect("between")))
}

/// The geometry of the plain riders and leapers tested directly (without generating every
/// square); `None` for the types that need their generator.
#[inline]
fn reaches_directly(st: &State, kind: Kind, hn: u8, s: Sq, t: Sq) -> Option<bool> {
    let ((sx, sy), (tx, ty)) = (xy(s), xy(t));
    let (dx, dy) = ((tx - sx).abs(), (ty - sy).abs());
    let dist = dx.max(dy);
    let orth = dx == 0 || dy == 0;
    let diag = dx == dy;
    let slide = |ok: bool, range: i8| ok && dist <= range && clear_between(st, s, t, dist);
    Some(match kind {
        Kind::King => dist == 1,
        Kind::Rook => slide(orth, 10),
        Kind::Bishop => slide(diag, 10),
        Kind::Camel => (dx, dy) == (1, 3) || (dx, dy) == (3, 1),
        Kind::Jester => dist == 2 && (orth || diag),
        Kind::Cantor => diag && dist <= 2,
        Kind::Zombie => slide(orth, 3),
        Kind::Guard => slide(orth, 3) || slide(diag, 2),
        Kind::Harfy => slide(orth || diag, hn as i8),
        Kind::Pawn => diag && dist == 1,
        Kind::Demon if board::in_demon_centre(s) => dist == 1,
        Kind::Demon => dist == 2 && (orth || diag) && clear_between(st, s, t, 2),
        Kind::Gess => {
            dist == 1
                || ((orth || diag)
                    && dist <= 10
                    && !st.empty_at(
                        board::at(sx + (tx - sx).signum(), sy + (ty - sy).signum())
                            .expect("a neighbour on the way to t"),
                    ))
        }
        _ => return None,
    })
}

/// D37: whether the piece on `s` attacks the piece on `t`.
pub fn attacks(st: &State, s: Sq, t: Sq) -> bool {
    let Some(p) = st.at(s) else { return false };
    let own = match acting(st, p) {
        None => false,
        Some((Kind::CopyCat, _)) => copycat::reaches(st, s, p.owner, t).is_some(),
        Some((kind, hn)) => match reaches_directly(st, kind, hn, s, t) {
            Some(r) => r,
            None => {
                may_reach(st, kind, hn, s, t) && {
                    let mut probe = TargetSink::new(t);
                    geometry(st, s, p.owner, kind, hn, &mut probe);
                    probe.found
                }
            }
        },
    };
    (own || aura_reaches(st, s, p, t)) && is_target(st, s, p, t, Relation::Attack)
}

#[inline]
fn aura_reaches(st: &State, s: Sq, p: Piece, t: Sq) -> bool {
    let ((sx, sy), (tx, ty)) = (xy(s), xy(t));
    let (dx, dy) = ((tx - sx).abs(), (ty - sy).abs());
    dx == dy && (1..=4).contains(&dx) && aura::has_aura(st, s, p.owner)
}

/// A sink that looks for one capture target of a given relation.
struct AnyTarget<'a> {
    st: &'a State,
    s: Sq,
    p: Piece,
    rel: Relation,
    found: bool,
}

impl Sink for AnyTarget<'_> {
    #[inline]
    fn step(&mut self, _: Sq) {}
    #[inline]
    fn hit(&mut self, to: Sq, _: bool) {
        if !self.found && is_target(self.st, self.s, self.p, to, self.rel) {
            self.found = true;
        }
    }
    #[inline]
    fn done(&self) -> bool {
        self.found
    }
}

/// Whether the piece on `s` attacks at least one opposing piece (or, for `Defend`, defends at
/// least one other friendly piece).
pub fn has_target(st: &State, s: Sq, rel: Relation) -> bool {
    let Some(p) = st.at(s) else { return false };
    let mut sink = AnyTarget {
        st,
        s,
        p,
        rel,
        found: false,
    };
    raw(st, s, p, rel == Relation::Defend, &mut sink);
    sink.found
}

/// The players with a piece attacking `player`'s King (empty when that King is off the board).
pub fn checkers(st: &State, player: u8) -> Players {
    let Some(k) = st.king(player) else { return 0 };
    let mut set = 0;
    for x in 0..st.players {
        if x == player || st.king(x).is_none() {
            continue;
        }
        if st.pieces_of(x).any(|(s, _)| attacks(st, s, k)) {
            set |= 1 << x;
        }
    }
    set
}

/// §6.1: whether `player` is in check.
#[inline]
pub fn in_check(st: &State, player: u8) -> bool {
    let Some(k) = st.king(player) else {
        return false;
    };
    (0..st.players)
        .filter(|&x| x != player && st.king(x).is_some())
        .any(|x| st.pieces_of(x).any(|(s, _)| attacks(st, s, k)))
}

/// Every player in check.
pub fn check_set(st: &State) -> Players {
    (0..st.players)
        .filter(|&p| in_check(st, p))
        .fold(0, |set, p| set | 1 << p)
}

/// D18: whether some piece of `player` attacks an opposing King.
pub fn attacks_a_king(st: &State, player: u8) -> bool {
    if st.king(player).is_none() {
        return false;
    }
    (0..st.players)
        .filter(|&y| y != player)
        .filter_map(|y| st.king(y))
        .any(|k| st.pieces_of(player).any(|(s, _)| attacks(st, s, k)))
}
