//! Which atoms the player to move may make next (spec §4.1-§4.4, §6; D18, D34, D40).
//!
//! [`candidates`] lists the atoms the current phase of the turn allows (`turn.rs`), each legal
//! as an atom: geometry and target rules, placement restrictions, Benefyts. [`viable`] keeps
//! those after which the turn can still end legally: the mover must not be in check when the
//! turn ends (§4.3 step 5), so an atom is offered only when some continuation reaches a legal
//! end (no dead ends, as `core::multi::MultiGame::atoms` promises). Pass is legal only out of
//! check and Surrender always (D40); a Special may not leave an opposing King attacked by the
//! mover's pieces (D18).

use super::atom::{Atom, AtomKind};
use super::attack;
use super::make::{self, EndRule};
use super::moves;
use super::placement;
use super::state::State;
use super::turn::{self, Phase, Shapes, Snapshot};

/// Takes the §4.2 snapshot if the turn has not started, and settles truncation.
pub fn prepare(st: &mut State) {
    if st.turn_state.snapshot.is_none() {
        st.turn_state.snapshot = Some(Snapshot::take(st));
    }
    if st.turn_state.atoms > 0 {
        turn::settle(st);
    }
}

fn snapshot(st: &State) -> Snapshot {
    st.turn_state.snapshot.expect("prepared")
}

/// Appends the candidate atoms of the current phase (END not included).
pub fn candidates(st: &mut State, out: &mut Vec<Atom>) {
    prepare(st);
    let x = st.mover();
    let snap = snapshot(st);
    let squares: Vec<_> = st.occ[x as usize].iter().collect();
    let phase = Phase::of(st);
    let place = |st: &mut State, out: &mut Vec<Atom>| {
        placement::for_each(st, snap.exception_a, |_, unit, t| {
            out.push(Atom::place(unit, t))
        });
    };
    match phase {
        Phase::Start => {
            for &s in &squares {
                moves::piece_atoms(st, s, true, out);
            }
            place(st, out);
            if st.benefyts[x as usize] > 0 {
                for &s in &squares {
                    moves::special_atoms(st, s, out);
                }
            }
            out.push(Atom::PASS);
            out.push(Atom::SURRENDER);
        }
        Phase::AfterMove => {
            place(st, out);
            if snap.shapes == Shapes::All {
                let moved = st.turn_state.moved[0];
                for &s in squares.iter().filter(|&&s| s != moved) {
                    moves::piece_atoms(st, s, false, out);
                }
            }
        }
        Phase::AfterTwoMoves | Phase::AfterMovePlace => place(st, out),
        Phase::Closed => {}
    }
}

/// Whether `atom` (a candidate) leaves a legal way to finish the turn.
pub fn viable(st: &State, atom: Atom, rule: EndRule) -> bool {
    let x = st.mover();
    match atom.kind {
        AtomKind::Pass => return !attack::in_check(st, x),
        AtomKind::Surrender => return true,
        // A placement cannot put the mover in check (§4.4 (4)) and every phase may end after
        // one, so out of check it is always viable.
        AtomKind::Place if !attack::in_check(st, x) => return true,
        _ => {}
    }
    let mut next = st.clone();
    make::play(&mut next, atom, rule);
    if atom.kind == AtomKind::Special && attack::attacks_a_king(&next, x) {
        return false;
    }
    completable(&mut next, rule)
}

/// Whether the (open) turn in `st` can be finished legally.
pub fn completable(st: &mut State, rule: EndRule) -> bool {
    if st.turn_state.snapshot.is_none() {
        st.turn_state.snapshot = Some(Snapshot::take(st));
    }
    let x = st.mover();
    let safe = !attack::in_check(st, x);
    let ts = &st.turn_state;
    // Every phase after an atom may end, truncated or not, except two Moves without check: so
    // out of check the answer usually needs no check test of the other players.
    let two_moves = ts.moves == 2 && ts.places == 0 && !ts.single && ts.atoms == 2;
    if safe && ts.atoms > 0 && !two_moves {
        return true;
    }
    turn::settle(st);
    let phase = Phase::of(st);
    if phase.may_end() && safe {
        return true;
    }
    if phase == Phase::Closed {
        return false;
    }
    if phase == Phase::AfterTwoMoves && safe {
        // Out of check every legal placement is a legal end (§4.4 (4) keeps the mover safe).
        return placement::any(st, snapshot(st).exception_a);
    }
    let mut next = Vec::new();
    candidates(st, &mut next);
    next.into_iter().any(|a| viable(st, a, rule))
}

/// The atoms the player to move may make now: END first when the turn may close, then every
/// viable candidate. Empty when the hand is over.
pub fn atoms(st: &mut State, rule: EndRule, out: &mut Vec<Atom>) {
    if begin(st, out).is_none() {
        return;
    }
    let mut cands = Vec::new();
    candidates(st, &mut cands);
    out.extend(cands.into_iter().filter(|&a| viable(st, a, rule)));
}

/// The start shared by [`atoms`] and [`candidate_atoms`]: clears `out`, takes the snapshot and
/// puts END first when the turn may close. Whether the mover is out of check; None when the
/// hand is over.
fn begin(st: &mut State, out: &mut Vec<Atom>) -> Option<bool> {
    out.clear();
    if st.ended.is_some() {
        return None;
    }
    prepare(st);
    let safe = !attack::in_check(st, st.mover());
    if Phase::of(st).may_end() && safe {
        out.push(Atom::END_TURN);
    }
    Some(safe)
}

/// The atoms the player to move may make now without the look-ahead of [`atoms`]: END first
/// when the turn may close, Pass only out of check, Specials only when they leave no
/// opposing King attacked (D18), and every other candidate, completable or not. What a
/// search walks (`MultiGame::candidate_atoms`): a dead end shows as a partial turn with no
/// atoms, where [`atoms`] would refute it in advance at a cost of up to (placements)² per
/// candidate for a player in check.
pub fn candidate_atoms(st: &mut State, rule: EndRule, out: &mut Vec<Atom>) {
    let Some(safe) = begin(st, out) else {
        return;
    };
    let x = st.mover();
    let mut cands = Vec::new();
    candidates(st, &mut cands);
    out.extend(cands.into_iter().filter(|&a| match a.kind {
        AtomKind::Pass => safe,
        AtomKind::Special => {
            let mut next = st.clone();
            make::play(&mut next, a, rule);
            !attack::attacks_a_king(&next, x)
        }
        _ => true,
    }));
}
