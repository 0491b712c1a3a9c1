//! Making atomic plays (spec §4.1, §6.3, §6.5, §3.3 side effects; D24, D26, D27, D28, D41).
//!
//! [`apply`] carries out one atom's effects on the board and the records:
//! * Move: the piece relocates; a pawn promotes as the atom says; a Demon may promote.
//! * Scratch: the Qball goes back to its owner's reserve.
//! * Capture: the victim joins the capturer's reserve with its Hn (a King leaves the game
//!   instead: its owner's pieces all go to their reserve, they get a new King there, and the
//!   capturer gets a knife, D41). A landing capturer moves onto the square, a ranged one stays.
//!   Side effects of the real capturing type: a Kamikaze is removed from the game (D27), a
//!   HarfyBlob grows (+1, + the victim's Hn, or + the Locusts left on the board; above 20 → 19),
//!   a Zombie may take the victim's type (D28), a pawn on a promotion square promotes. An Echo
//!   or a CopyCat has no side effects (D25, D26).
//! * Placement: the unit leaves the reserve for the board.
//! * Special: the piece relocates, one Benefyt is spent.
//! * Surrender: the players attacking X's King get a knife each, then X's pieces all go to X's
//!   reserve (§6.5).
//! * Echo (D26): a Move or Capture by a type T other than Echo sets X's pattern to T (before
//!   promotion; a HarfyBlob with its Hn after the play); an Echo's own move keeps it; a
//!   Placement, Pass, Special or Surrender clears it.
//!
//! [`play`] adds the turn bookkeeping (`turn.rs`) and closes turns (`end_turn`).

use super::atom::{Atom, AtomKind};
use super::attack;
use super::knives;
use super::piece::{Kind, Piece, Unit, clamp_hn};
use super::play_list;
use super::state::{End, State};
use super::turn::{Phase, Shapes, Snapshot, TurnState};

/// How a hand ends (the `PartyEnd` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndRule {
    /// The knife rule of [1230.40] (D44).
    Hand,
    /// The first knife award ends the hand (D44 `first-knife`).
    FirstKnife,
}

/// What an atom did that the turn needs to know.
#[derive(Clone, Copy, Debug, Default)]
pub struct Effects {
    /// A Capture, Placement, promotion, Surrender or knife (quiet counter).
    pub noisy: bool,
}

/// Carries out `atom`'s effects for the player to move (no turn bookkeeping).
pub fn apply(st: &mut State, atom: Atom) -> Effects {
    let x = st.mover();
    let mut fx = Effects::default();
    match atom.kind {
        AtomKind::EndTurn => {}
        AtomKind::Move => {
            let p = st.take(atom.from);
            let q = match atom.promote {
                Some(k) => {
                    fx.noisy = true;
                    Piece::new(k, x, 1)
                }
                None => p,
            };
            st.put(atom.to, q);
            record_echo(st, x, p, p.hn);
        }
        AtomKind::Scratch => {
            let p = st.take(atom.from);
            st.reserve_add(x, Unit::new(p.kind, p.hn));
            record_echo(st, x, p, p.hn);
        }
        AtomKind::Capture | AtomKind::Ranged => {
            fx.noisy = true;
            let victim = st.take(atom.to);
            if victim.kind == Kind::King {
                capture_king(st, x, victim.owner);
            } else {
                st.reserve_add(x, Unit::new(victim.kind, victim.hn));
            }
            if atom.kind == AtomKind::Ranged {
                let p = st.at(atom.from).expect("the shooter stays");
                record_echo(st, x, p, p.hn);
            } else {
                let p = st.take(atom.from);
                let mut q = p;
                match p.kind {
                    Kind::Harfy => {
                        // The +1 of any capture but a HarfyBlob's, and for a Locust also
                        // the Locusts left on the board (docs/party.md, D24a).
                        let gain = match victim.kind {
                            Kind::Harfy => victim.hn as u32,
                            Kind::Locust => 1 + st.locusts as u32,
                            _ => 1,
                        };
                        q.hn = clamp_hn(p.hn as u32 + gain);
                    }
                    Kind::Zombie | Kind::Pawn => {
                        if let Some(k) = atom.promote {
                            q = Piece::new(k, x, 1);
                        }
                    }
                    _ => {}
                }
                if p.kind != Kind::Kamikaze {
                    st.put(atom.to, q);
                }
                record_echo(st, x, p, q.hn);
            }
        }
        AtomKind::Place => {
            fx.noisy = true;
            let unit = atom.unit.expect("a placement carries its unit");
            st.reserve_remove(x, unit);
            st.put(atom.to, Piece::new(unit.kind, x, unit.hn));
            st.set_echo(x, None);
        }
        AtomKind::Special => {
            let p = st.take(atom.from);
            st.put(atom.to, p);
            st.set_benefyts(x, st.benefyts[x as usize] - 1);
            st.set_echo(x, None);
        }
        AtomKind::Pass => st.set_echo(x, None),
        AtomKind::Surrender => {
            fx.noisy = true;
            let checkers = attack::checkers(st, x);
            to_reserve(st, x);
            for y in 0..st.players {
                if checkers & (1 << y) != 0 {
                    st.set_knives(y, st.knives[y as usize] + 1);
                }
            }
            st.set_echo(x, None);
        }
    }
    if let Some(k) = atom.demon_to {
        fx.noisy = true;
        let d = st.take(atom.demon);
        st.put(atom.demon, Piece::new(k, d.owner, 1));
    }
    fx
}

/// D26 for a Move or Capture by `p` (its Hn after the play is `hn`).
fn record_echo(st: &mut State, x: u8, p: Piece, hn: u8) {
    if p.kind != Kind::Echo {
        st.set_echo(x, Some(Unit::new(p.kind, hn)));
    }
}

/// Every on-board piece of `y` goes to `y`'s reserve.
fn to_reserve(st: &mut State, y: u8) {
    let squares: Vec<_> = st.occ[y as usize].iter().collect();
    for sq in squares {
        let p = st.take(sq);
        st.reserve_add(y, Unit::new(p.kind, p.hn));
    }
}

/// §6.3: `x` has captured `y`'s King (already off the board).
fn capture_king(st: &mut State, x: u8, y: u8) {
    to_reserve(st, y);
    st.reserve_add(y, Unit::new(Kind::King, 0));
    st.set_knives(x, st.knives[x as usize] + 1);
}

/// Makes `atom` with the turn bookkeeping; `EndTurn` closes the turn (knives, winner, play
/// list, counters).
pub fn play(st: &mut State, atom: Atom, rule: EndRule) {
    if atom.kind == AtomKind::EndTurn {
        end_turn(st, rule);
        return;
    }
    if st.turn_state.snapshot.is_none() {
        st.turn_state.snapshot = Some(Snapshot::take(st));
    }
    let knives_before: u32 = st.knives.iter().map(|&k| k as u32).sum();
    let fx = apply(st, atom);
    let knives_after: u32 = st.knives.iter().map(|&k| k as u32).sum();
    let first = st.turn_state.atoms == 0;
    let ts = &mut st.turn_state;
    ts.atoms += 1;
    ts.noisy |= fx.noisy || knives_after != knives_before;
    match atom.kind {
        AtomKind::Move | AtomKind::Scratch => {
            let at = if atom.kind == AtomKind::Scratch {
                super::board::NO_SQ
            } else {
                atom.to
            };
            ts.moved[ts.moves as usize] = at;
            ts.moves += 1;
            let shapes = ts.snapshot.map_or(Shapes::Single, |s| s.shapes);
            // Whether this Move truncates the turn is worked out when asked (`turn::settle`).
            ts.truncated = if shapes != Shapes::Single && ts.atoms < 3 {
                None
            } else {
                Some(false)
            };
        }
        AtomKind::Place => {
            ts.places += 1;
            ts.truncated = Some(false);
            if first {
                ts.single = true;
            }
        }
        _ => ts.single = true,
    }
}

/// Closes the turn (§4.3 steps 6-7): winner test, play list, counters.
fn end_turn(st: &mut State, rule: EndRule) {
    debug_assert!(Phase::of(st).may_end() && st.turn_state.atoms > 0);
    let noisy = st.turn_state.noisy;
    st.quiet = if noisy { 0 } else { st.quiet + 1 };
    st.turn += 1;
    st.ended = decide(st, rule);
    let before = st
        .turn_state
        .snapshot
        .map_or_else(|| attack::check_set(st), |s| s.checked);
    let order = play_list::after_turn(st, before);
    st.set_list(&order[..st.players as usize]);
    st.turn_state = TurnState::fresh();
}

/// The knife rule (or first-knife) applied to the knives in `st`.
pub fn decide(st: &State, rule: EndRule) -> Option<End> {
    let k = &st.knives[..st.players as usize];
    match rule {
        EndRule::Hand => knives::winner(k).map(|w| End {
            winner: Some(w),
            reason: "knives",
        }),
        EndRule::FirstKnife => knives::first_knife(k).map(|winner| End {
            winner,
            reason: "first-knife",
        }),
    }
}
