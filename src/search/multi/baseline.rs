//! The weak players the N-player search is measured against.
//!
//! - **Greedy (one ply)**: builds its turn atom by atom ([`super::turn_in_order`], which backs
//!   out of partial turns that cannot be finished). At each step it tries every atom; an atom
//!   after which the turn may end is scored by the position after ending the turn there, one
//!   that must be followed by more atoms by the position as it stands; `END_TURN` itself is
//!   scored like the first kind. It takes the best and repeats until it has chosen
//!   `END_TURN`. So it never lists the compound plays of a big turn (10^6 in Party): a turn of
//!   k atoms costs k rounds of a few hundred evaluations. Scores come from the same
//!   [`MultiEvaluate`] as the search's, from the greedy player's own view; a hand won by the
//!   turn scores above everything, one lost below. It keeps to the clock: past its deadline
//!   (the hard limit of the same time plan as the search's) it scores no more atoms and takes
//!   `END_TURN` as soon as it may, otherwise the first ordinary atom, so a big turn on a busy
//!   machine cannot run its clock out.
//! - **Random**: each atom uniformly among those offered (`END_TURN` is one of them when the
//!   turn may end), from a seeded generator mixed with the position's hash, so a hand is
//!   reproducible.

use std::time::Instant;

use super::MultiEvaluate;
use crate::core::multi::{MultiOutcome, Player};
use crate::search::{MATE, MATE_BOUND};

/// A won or lost hand, from `view`'s side.
fn outcome_score(outcome: &MultiOutcome, view: Player) -> i32 {
    match outcome.winner {
        Some(w) if w == view => MATE,
        Some(_) => -MATE,
        None => 0,
    }
}

/// The score of the position after `END_TURN` (which the caller has made) for `view`.
fn closed_score<G: MultiEvaluate>(game: &G, pos: &G::Pos, view: Player) -> i32 {
    match game.outcome(pos) {
        Some(o) => outcome_score(&o, view),
        None => game.evaluate(pos, view),
    }
}

/// The one-ply greedy play for the player to move (see the module notes), choosing in haste
/// once `deadline` has passed. `pos` is unchanged.
pub fn greedy_play<G: MultiEvaluate>(
    game: &G,
    pos: &mut G::Pos,
    deadline: Option<Instant>,
) -> Vec<G::Atom> {
    let me = game.to_move(pos);
    let hurry = || deadline.is_some_and(|d| Instant::now() >= d);
    super::turn_in_order(
        game,
        pos,
        |game, pos, _, atoms| *atoms = ranked(game, pos, me, atoms, deadline),
        hurry,
    )
}

/// `atoms` best first for `me`: by the score after each (see the module notes) while time
/// lasts; the atoms not scored by then come last, in the order of [`haste`]. Cut short, a
/// pass or a surrender does not keep the place its score gave it.
fn ranked<G: MultiEvaluate>(
    game: &G,
    pos: &mut G::Pos,
    me: Player,
    atoms: &[G::Atom],
    deadline: Option<Instant>,
) -> Vec<G::Atom> {
    let mut keyed = Vec::with_capacity(atoms.len());
    let mut hurried = false;
    for &atom in atoms {
        hurried = hurried || deadline.is_some_and(|d| Instant::now() >= d);
        let score = if hurried {
            i32::MIN
        } else {
            score_atom(game, pos, me, atom)
        };
        keyed.push((score, haste(game, pos, atom), atom));
    }
    if hurried {
        for entry in &mut keyed {
            if entry.1 < 2 {
                entry.0 = i32::MIN;
            }
        }
    }
    keyed.sort_by_key(|&(score, haste, _)| std::cmp::Reverse((score, haste)));
    keyed.into_iter().map(|(_, _, atom)| atom).collect()
}

/// The greedy player's score for making `atom` (see the module notes); `pos` is unchanged.
fn score_atom<G: MultiEvaluate>(game: &G, pos: &mut G::Pos, me: Player, atom: G::Atom) -> i32 {
    game.make_atom(pos, atom);
    let score = if atom == G::END_TURN {
        closed_score(game, pos, me)
    } else if game.may_end_turn(pos) {
        game.make_atom(pos, G::END_TURN);
        let s = closed_score(game, pos, me);
        game.unmake_atom(pos);
        s
    } else {
        game.evaluate(pos, me)
    };
    game.unmake_atom(pos);
    score
}

/// How readily an atom is taken without scoring: `END_TURN` first, then as
/// [`super::atom_class`] ranks them (ordinary atoms, passes, surrenders).
fn haste<G: MultiEvaluate>(game: &G, pos: &G::Pos, atom: G::Atom) -> u8 {
    if atom == G::END_TURN {
        3
    } else {
        super::atom_class(game, pos, atom)
    }
}

/// The random baseline's play: [`crate::core::multi::random_play`].
pub use crate::core::multi::random_play;

/// The score for `view` after `play` (a whole turn) is made in `pos`; `pos` is unchanged.
pub fn score_after<G: MultiEvaluate>(
    game: &G,
    pos: &mut G::Pos,
    play: &[G::Atom],
    view: Player,
) -> i32 {
    for &a in play {
        game.make_atom(pos, a);
    }
    let score = closed_score(game, pos, view).clamp(-MATE_BOUND, MATE_BOUND);
    for _ in play {
        game.unmake_atom(pos);
    }
    score
}
