//! Games of more than two players whose turns are made of several atomic plays (Party Chess).
//!
//! The two-player families implement [`crate::core::game::Game`], whose hot paths assume two
//! sides that alternate one move at a time; they keep that interface and its speed. A game with
//! a play list of N players, compound turns and a *set* of players in check implements this
//! trait instead. Perft, the N-player searches (paranoid, best-reply), the UCI session and the
//! N-engine match runner are generic over it.
//!
//! The unit of search is the **atomic play**: a turn is built one atom at a time and closed by
//! [`MultiGame::END_TURN`] where the rules allow the partial turn to stand as a complete play
//! (so a turn with 10^6 compound plays is never enumerated; the searcher walks it like Arimaa
//! steps). The player stays on move until the turn closes.

use std::fmt::Debug;

/// Player index: 0 = `a` .. 7 = `h`.
pub type Player = usize;

/// Knives (or any per-player score) of every player, indexed by player.
pub type PerPlayer<T> = Vec<T>;

/// How a hand of an N-player game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiOutcome {
    /// The single winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// Why it ended (`knives`, `first-knife`, `quiet`, `turn-cap`, `repetition`).
    pub reason: &'static str,
    /// Every player's knives at the end.
    pub knives: PerPlayer<u32>,
}

/// An N-player game whose turns are sequences of atomic plays.
pub trait MultiGame: Sync {
    /// The position, including the partial-turn state (the atoms made so far this turn).
    type Pos: Clone + Send;
    /// One atomic play (move, capture, placement, special, pass, surrender) or the turn's end.
    type Atom: Copy + Eq + Debug + Send;

    /// The atom that closes the current turn.
    const END_TURN: Self::Atom;

    /// The number of players (2..=8).
    fn players(&self, pos: &Self::Pos) -> usize;

    /// The player to move: the top of the play list. Stays the same until the turn closes.
    fn to_move(&self, pos: &Self::Pos) -> Player;

    /// Appends to `out` (cleared first) every atom the player to move may make next, given the
    /// part of the turn already made, and `END_TURN` when the partial turn is a legal complete
    /// play. Every atom offered leads to at least one legal complete play (no dead ends).
    fn atoms(&self, pos: &mut Self::Pos, out: &mut Vec<Self::Atom>);

    /// Makes one atom (which `atoms` offered). `END_TURN` closes the turn: knives, the play list,
    /// counters.
    fn make_atom(&self, pos: &mut Self::Pos, atom: Self::Atom);

    /// Takes back the last atom made (including an `END_TURN`).
    fn unmake_atom(&self, pos: &mut Self::Pos);

    /// True when at least one atom of the current turn has been made but the turn is not closed.
    fn turn_open(&self, pos: &Self::Pos) -> bool;

    /// A hash of the whole position including the partial-turn state, for transposition tables.
    fn hash(&self, pos: &Self::Pos) -> u64;

    /// The result if the hand is over.
    fn outcome(&self, pos: &Self::Pos) -> Option<MultiOutcome>;

    /// Static evaluation from `player`'s point of view (higher is better for `player`).
    fn evaluate(&self, pos: &Self::Pos, player: Player) -> i32;

    /// The players currently in check (a set, not one flag), as a bit mask over player indices.
    fn in_check_set(&self, pos: &Self::Pos) -> u8;
}
