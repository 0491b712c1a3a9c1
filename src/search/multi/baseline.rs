//! The weak players the N-player search is measured against.
//!
//! - **Greedy (one ply)**: builds its turn atom by atom. At each step it tries every atom
//!   offered; an atom after which the turn may end is scored by the position after ending
//!   the turn there, one that must be followed by more atoms by the position as it stands;
//!   `END_TURN` itself is scored like the first kind. It takes the best and repeats until it
//!   has chosen `END_TURN`. So it never lists the compound plays of a big turn (10^6 in
//!   Party): a turn of k atoms costs k rounds of a few hundred evaluations. Scores come from
//!   the same [`MultiEvaluate`] as the search's, from the greedy player's own view; a hand won
//!   by the turn scores above everything, one lost below.
//! - **Random**: each atom uniformly among those offered (`END_TURN` is one of them when the
//!   turn may end), from a seeded generator mixed with the position's hash, so a hand is
//!   reproducible.

use super::MultiEvaluate;
use crate::core::multi::{MultiOutcome, Player, play_turn_by};
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

/// The one-ply greedy play for the player to move (see the module notes). `pos` is unchanged.
pub fn greedy_play<G: MultiEvaluate>(game: &G, pos: &mut G::Pos) -> Vec<G::Atom> {
    let me = game.to_move(pos);
    play_turn_by(game, pos, |game, pos, atoms| {
        let mut best = atoms[0];
        let mut best_score = i32::MIN;
        for &atom in atoms {
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
            if score > best_score {
                best_score = score;
                best = atom;
            }
        }
        best
    })
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
