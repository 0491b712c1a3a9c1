//! Games of more than two players whose turns are made of several atomic plays (Party Chess).
//!
//! The two-player families implement [`crate::core::game::Game`], whose hot paths assume two
//! sides that alternate one move at a time; they keep that interface and its speed. A game with
//! a play list of N players, compound turns and a *set* of players in check implements this
//! trait instead. Perft, the N-player searches (paranoid, best-reply), the UCI session and the
//! N-engine match runner are generic over it, so each is compiled per game with no virtual
//! calls.
//!
//! The unit of search is the **atomic play**: a turn is built one atom at a time and closed by
//! [`MultiGame::END_TURN`] where the rules allow the partial turn to stand as a complete play
//! (so a turn with 10^6 compound plays is never enumerated; the searcher walks it like Arimaa
//! steps). The player stays on move until the turn closes.
//!
//! The text side (position strings, play strings, drawings) is [`MultiNotation`]; how a search
//! scores a position is the search's business (`src/search`), never the core's.

use std::fmt::Debug;
use std::hash::Hash;

use super::notation_error::{MoveError, PositionError};

/// Player index: 0 = `a` .. 7 = `h`.
pub type Player = usize;

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 8;

/// Knives (or any per-player score) of every player, indexed by player.
pub type PerPlayer<T> = Vec<T>;

/// A set of players as a bit mask over player indices (bit `p` = player `p`).
pub type PlayerSet = u8;

/// The letter of a player in notation: 0 -> `a`.
pub fn player_letter(player: Player) -> char {
    (b'a' + player as u8) as char
}

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
///
/// Contract for implementers (checked by perft in debug builds): `make_atom` followed by
/// `unmake_atom` restores the position exactly (its string and its hash).
pub trait MultiGame: Sync {
    /// The position, including the partial-turn state (the atoms made so far this turn) and
    /// whatever history the draw rules need (repetition).
    type Pos: Clone + Send + Sync;
    /// One atomic play (move, capture, placement, special, pass, surrender) or the turn's end.
    type Atom: Copy + Eq + Hash + Debug + Send + Sync;

    /// The atom that closes the current turn.
    const END_TURN: Self::Atom;

    /// The number of players (2..=8).
    fn players(&self, pos: &Self::Pos) -> usize;

    /// The player to move: the top of the play list. Stays the same until the turn closes.
    fn to_move(&self, pos: &Self::Pos) -> Player;

    /// The play list, top (the player to move) first.
    fn play_list(&self, pos: &Self::Pos) -> Vec<Player>;

    /// Appends to `out` (cleared first) every atom the player to move may make next, given the
    /// part of the turn already made, and `END_TURN` when the partial turn is a legal complete
    /// play. Every atom offered leads to at least one legal complete play (no dead ends), so a
    /// search may walk atoms without looking ahead. Empty only when the hand is over by a rule
    /// of play (a winner declared, as Party's knife rule does); the draw rules that count
    /// turns or repetitions (docs/notation.md: ignored by perft) are reported by
    /// [`outcome`](Self::outcome) alone, which callers ask between turns.
    fn atoms(&self, pos: &mut Self::Pos, out: &mut Vec<Self::Atom>);

    /// Like [`atoms`](Self::atoms) without the promise of no dead ends: every atom legal *as
    /// an atom* now (`END_TURN` among them exactly when the partial turn is a legal complete
    /// play), some of which may lead to a partial turn that cannot be finished (no atoms and
    /// no `END_TURN`). The searches walk these and drop the dead ends they meet, because
    /// proving every atom completable can cost far more than searching it: a player in check
    /// with a full reserve has thousands of Move·Placement·Placement continuations to refute
    /// for each Move that does not escape. The default is `atoms`.
    fn candidate_atoms(&self, pos: &mut Self::Pos, out: &mut Vec<Self::Atom>) {
        self.atoms(pos, out);
    }

    /// Makes one atom (which `atoms` offered). `END_TURN` closes the turn: knives, the play list,
    /// counters.
    fn make_atom(&self, pos: &mut Self::Pos, atom: Self::Atom);

    /// Takes back the last atom made (including an `END_TURN` or a null turn).
    fn unmake_atom(&self, pos: &mut Self::Pos);

    /// Forgets what taking back the atoms made so far would need, so that `pos` costs little
    /// to keep and to clone: a protocol session holds the position it searches from and hands
    /// a copy to every search, and none of them unmakes past that point. Repetition counts
    /// stay. After this, `unmake_atom` goes back no further than here.
    fn forget_undo(&self, _pos: &mut Self::Pos) {}

    /// Search only: the player to move gives up a turn that has not started, with no effect on
    /// the board, the echo patterns or the counters; the play list rotates as after a turn.
    /// Best-reply search lets the opponents who do not reply skip this way. Undone by
    /// `unmake_atom`. Returns false (and changes nothing) where the rules cannot express it
    /// (a turn is open, or the hand is over).
    fn make_null_turn(&self, pos: &mut Self::Pos) -> bool;

    /// True when at least one atom of the current turn has been made but the turn is not closed.
    fn turn_open(&self, pos: &Self::Pos) -> bool;

    /// A hash of the whole position including the partial-turn state, for transposition tables.
    fn hash(&self, pos: &Self::Pos) -> u64;

    /// The result if the hand is over (asked between turns).
    fn outcome(&self, pos: &Self::Pos) -> Option<MultiOutcome>;

    /// The players currently in check.
    fn in_check_set(&self, pos: &Self::Pos) -> PlayerSet;

    /// Every player's knives now.
    fn knives(&self, pos: &Self::Pos) -> PerPlayer<u32>;

    /// Whether `atom` captures something (the search orders and extends by it).
    fn is_capture(&self, pos: &Self::Pos, atom: Self::Atom) -> bool;

    /// Whether [`MultiGame::atoms`] would offer `END_TURN` now (the partial turn is a legal
    /// complete play). The default asks `atoms`; a game may answer without listing every atom
    /// (the one-ply greedy player and the search's root ordering ask it after each atom).
    fn may_end_turn(&self, pos: &mut Self::Pos) -> bool {
        let mut list = Vec::new();
        self.atoms(pos, &mut list);
        list.contains(&Self::END_TURN)
    }

    /// Appends to `out` (cleared first) atoms of [`MultiGame::candidate_atoms`] that include
    /// every one that captures or gives check, at the start of a turn: the search's selective
    /// replies near the horizon, which it plays only as whole one-atom turns (after asking
    /// [`may_end_turn`](Self::may_end_turn)), so dead ends do no harm. The default is all of
    /// `candidate_atoms`; a game may leave out atoms that can do neither (Party's placements,
    /// which may not attack, and its Specials, Pass and Surrender) to save generating them.
    fn threat_atoms(&self, pos: &mut Self::Pos, out: &mut Vec<Self::Atom>) {
        self.candidate_atoms(pos, out);
    }

    /// Appends to `out` (cleared first) the atoms of [`MultiGame::atoms`] that capture, for
    /// the search's quiescence. The default filters `atoms`; a game may generate captures
    /// directly (faster where placements are many).
    fn capture_atoms(&self, pos: &mut Self::Pos, out: &mut Vec<Self::Atom>) {
        self.atoms(pos, out);
        out.retain(|&atom| self.is_capture(pos, atom));
    }

    /// The number of legal complete plays that finish the current (possibly open) turn: what
    /// perft counts at its last ply. The default walks [`atoms`](Self::atoms) until
    /// `END_TURN`; a game may count faster without making every atom (Party Chess counts
    /// placements square by square), and must give the same number.
    fn count_plays(&self, pos: &mut Self::Pos) -> u64 {
        let mut list = Vec::new();
        self.atoms(pos, &mut list);
        let mut total = 0;
        for atom in list {
            if atom == Self::END_TURN {
                total += 1;
            } else {
                self.make_atom(pos, atom);
                total += self.count_plays(pos);
                self.unmake_atom(pos);
            }
        }
        total
    }

    /// Debug self-check of a position's derived data (perft calls it at every node in debug
    /// builds): for example that the incremental hash equals one computed from scratch. The
    /// error says what is wrong.
    fn check_consistency(&self, _pos: &Self::Pos) -> Result<(), String> {
        Ok(())
    }
}

/// The text side of an N-player game: position strings, play strings, drawings.
///
/// A *play* is one whole turn: its atoms in order, written joined by `,` (`END_TURN` is not
/// written).
pub trait MultiNotation: MultiGame {
    /// The start position under the game's options (players, armies, Benefyts).
    fn start_position(&self) -> Self::Pos;

    /// Reads a position string; errors name the field and column.
    fn read_position(&self, text: &str) -> Result<Self::Pos, PositionError>;

    /// Writes the canonical position string (reads back to the same position).
    fn write_position(&self, pos: &Self::Pos) -> String;

    /// Reads one complete play for the player to move and checks it against the rules directly
    /// (without listing every legal play). Returns its atoms, `END_TURN` last, ready for
    /// `make_atom`. `pos` is unchanged on return, whatever the answer.
    fn read_play(&self, pos: &mut Self::Pos, text: &str) -> Result<Vec<Self::Atom>, MoveError>;

    /// The canonical text of `atom` in `pos`, the position it is made from (not `END_TURN`).
    fn atom_text(&self, pos: &Self::Pos, atom: Self::Atom) -> String;

    /// The play a timed-out or silent player makes (D4): pass if legal, otherwise surrender;
    /// atoms as from `read_play`.
    fn default_play(&self, pos: &mut Self::Pos) -> Vec<Self::Atom>;

    /// A drawing for people (`menagerie show`, UCI `d`): the board with owner letters, each
    /// player's reserve and other records, the play list.
    fn draw(&self, pos: &Self::Pos) -> String;
}

/// The text of a whole play: the atoms' texts joined by `,`, each written in the position it is
/// made from. `pos` is unchanged on return.
pub fn play_text<G: MultiNotation>(game: &G, pos: &mut G::Pos, atoms: &[G::Atom]) -> String {
    let mut parts = Vec::new();
    let mut made = 0;
    for &atom in atoms {
        if atom == G::END_TURN {
            break;
        }
        parts.push(game.atom_text(pos, atom));
        game.make_atom(pos, atom);
        made += 1;
    }
    for _ in 0..made {
        game.unmake_atom(pos);
    }
    parts.join(",")
}

/// A uniformly random atom at each step of the turn (xorshift64* from `seed` and the
/// position's hash): random players, random openings and tests. `pos` is unchanged.
pub fn random_play<G: MultiGame>(game: &G, pos: &mut G::Pos, seed: u64) -> Vec<G::Atom> {
    let mut rng = super::random::XorShift64Star::new(seed ^ game.hash(pos) ^ 0x2545_f491_4f6c_dd1d);
    play_turn_by(game, pos, |_, _, atoms| atoms[rng.below(atoms.len())])
}

/// The most atoms a turn walked by [`play_turn_ordered`] may have (a guard: Party's have at
/// most four).
const MAX_TURN_ATOMS: usize = 32;

/// A whole turn for the player to move, taking at each step the first atom `order` puts first
/// that leads on: `order(game, pos, made, list)` sorts `list` best first, `made` being the atoms
/// of this turn made so far. It walks [`MultiGame::candidate_atoms`] depth first and backs out
/// of the dead ends (partial turns that cannot be finished) it meets, because proving every
/// atom completable first ([`MultiGame::atoms`]) can cost a player in check seconds. In three
/// stages, each cheaper to start than the last is to finish:
///
/// 1. a quick walk that gives an atom up after 4 dead ends below it, and stops after 256 in
///    all (8 once `hurry()` says time is up): a first Move that leaves its player in check has
///    hundreds of continuations, and the few it tries usually tell;
/// 2. the first atom (in `order`, `last_resort` atoms left out) that is a whole turn by itself;
/// 3. a full walk, which finds a play whenever there is one (the `last_resort` atoms, such as a
///    surrender, come last in `order`), and stops at the first dead end met once `hurry()` says
///    time is up: then None.
///
/// `END_TURN` last; empty when the hand is over. `pos` is unchanged.
pub fn play_turn_ordered<G: MultiGame>(
    game: &G,
    pos: &mut G::Pos,
    mut order: impl FnMut(&G, &mut G::Pos, usize, &mut Vec<G::Atom>),
    last_resort: impl Fn(&G, &G::Pos, G::Atom) -> bool,
    hurry: impl Fn() -> bool,
) -> Option<Vec<G::Atom>> {
    let quick = Walker {
        budget: 256,
        per_atom: 4,
        hurried_after: 8,
    };
    if let Some(play) = quick.walk(game, pos, &mut order, &hurry) {
        return Some(play);
    }
    let mut list = Vec::new();
    game.candidate_atoms(pos, &mut list);
    order(game, pos, 0, &mut list);
    list.retain(|&atom| !last_resort(game, pos, atom));
    if let Some(play) = one_atom_turn(game, pos, &list) {
        return Some(play);
    }
    let full = Walker {
        budget: u32::MAX,
        per_atom: u32::MAX,
        hurried_after: 0,
    };
    full.walk(game, pos, &mut order, &hurry)
}

/// The first of `atoms` (candidates in `pos`) that is a whole turn by itself: `[END_TURN]`, or
/// the atom followed by `END_TURN` when the turn may end after it. `pos` is unchanged.
pub fn one_atom_turn<G: MultiGame>(
    game: &G,
    pos: &mut G::Pos,
    atoms: &[G::Atom],
) -> Option<Vec<G::Atom>> {
    for &atom in atoms {
        if atom == G::END_TURN {
            return Some(vec![atom]);
        }
        game.make_atom(pos, atom);
        let whole = game.may_end_turn(pos);
        game.unmake_atom(pos);
        if whole {
            return Some(vec![atom, G::END_TURN]);
        }
    }
    None
}

/// The limits of one depth-first walk of [`play_turn_ordered`], in dead ends.
struct Walker {
    /// Dead ends in all before the walk gives up.
    budget: u32,
    /// Dead ends below one atom (past the first of the turn) before that atom is given up.
    per_atom: u32,
    /// Dead ends after which the walk gives up once `hurry()` says so.
    hurried_after: u32,
}

/// How [`Walker::extend`] ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Walk {
    Done,
    /// No way on was found; the number of dead ends met.
    DeadEnd(u32),
    /// The walk gives up.
    GiveUp,
}

impl Walker {
    /// A whole play in `order`, or None when the walk gives up or finds none.
    fn walk<G: MultiGame>(
        &self,
        game: &G,
        pos: &mut G::Pos,
        order: &mut impl FnMut(&G, &mut G::Pos, usize, &mut Vec<G::Atom>),
        hurry: &impl Fn() -> bool,
    ) -> Option<Vec<G::Atom>> {
        let mut play = Vec::new();
        let mut met = 0;
        (self.extend(game, pos, order, hurry, &mut play, &mut met) == Walk::Done).then_some(play)
    }

    /// Extends the partial turn `play` (made in `pos`) to a whole play, depth first in `order`;
    /// `met` counts the dead ends met so far.
    fn extend<G: MultiGame>(
        &self,
        game: &G,
        pos: &mut G::Pos,
        order: &mut impl FnMut(&G, &mut G::Pos, usize, &mut Vec<G::Atom>),
        hurry: &impl Fn() -> bool,
        play: &mut Vec<G::Atom>,
        met: &mut u32,
    ) -> Walk {
        let mut list = Vec::new();
        if play.len() < MAX_TURN_ATOMS {
            game.candidate_atoms(pos, &mut list);
        }
        if list.is_empty() {
            *met += 1;
            let over = *met >= self.budget || (*met >= self.hurried_after && hurry());
            return if over { Walk::GiveUp } else { Walk::DeadEnd(1) };
        }
        order(game, pos, play.len(), &mut list);
        let below_first = !play.is_empty();
        let mut below = 0;
        for atom in list {
            game.make_atom(pos, atom);
            play.push(atom);
            let walk = if atom == G::END_TURN {
                Walk::Done
            } else {
                self.extend(game, pos, order, hurry, play, met)
            };
            game.unmake_atom(pos);
            match walk {
                Walk::DeadEnd(n) => {
                    play.pop();
                    below += n;
                    if below_first && below >= self.per_atom {
                        break;
                    }
                }
                done_or_give_up => return done_or_give_up,
            }
        }
        Walk::DeadEnd(below.max(1))
    }
}

/// A whole turn built atom by atom: `choose` picks one of the atoms offered at each step
/// (never an empty list) until `END_TURN` or until nothing is offered. `pos` is unchanged.
pub fn play_turn_by<G: MultiGame>(
    game: &G,
    pos: &mut G::Pos,
    mut choose: impl FnMut(&G, &mut G::Pos, &[G::Atom]) -> G::Atom,
) -> Vec<G::Atom> {
    let mut play = Vec::new();
    let mut atoms = Vec::new();
    loop {
        game.atoms(pos, &mut atoms);
        if atoms.is_empty() {
            break;
        }
        let atom = choose(game, pos, &atoms);
        game.make_atom(pos, atom);
        play.push(atom);
        if atom == G::END_TURN {
            break;
        }
    }
    for _ in 0..play.len() {
        game.unmake_atom(pos);
    }
    play
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_letters_run_a_to_h() {
        let letters: String = (0..MAX_PLAYERS).map(player_letter).collect();
        assert_eq!(letters, "abcdefgh");
    }
}
