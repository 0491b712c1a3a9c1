//! A Party position as the game and its users see it: the current [`State`], the copies made
//! before each atom (so unmake restores the position bit for bit), and the keys of the
//! positions between turns (for the repetition rule, §8 D45).
//!
//! The read accessors here are the public view of a position for the search side (its
//! evaluation) and for tools: pieces and owners, reserves, Benefyts, knives, echo patterns,
//! Weights, the check set and the play list.

use super::attack::{self, Relation};
use super::moves;
use super::piece::{Kind, Piece, Unit};
use super::pieces::{demon, qball, specials};
use super::state::{End, State};
use super::weight;
use crate::geometry::Sq;

#[derive(Clone, Debug)]
pub struct PartyPosition {
    pub(crate) st: State,
    /// The state before each atom made, and whether that atom closed a turn.
    undo: Vec<(State, bool)>,
    /// Keys (§9.1 fields 1-3) of every position between turns so far, the current one last.
    history: Vec<u64>,
}

impl PartyPosition {
    pub fn new(st: State) -> PartyPosition {
        let key = st.key;
        PartyPosition {
            st,
            undo: Vec::new(),
            history: vec![key],
        }
    }

    pub(crate) fn state(&self) -> &State {
        &self.st
    }

    pub(crate) fn state_mut(&mut self) -> &mut State {
        &mut self.st
    }

    /// Makes a state transition with `f`, remembering the state before it.
    pub(crate) fn push(&mut self, closes_turn: bool, f: impl FnOnce(&mut State)) {
        self.undo.push((self.st.clone(), closes_turn));
        f(&mut self.st);
        if closes_turn {
            self.history.push(self.st.key);
        }
    }

    /// Drops the saved states (a whole state per atom made: megabytes late in a hand), keeping
    /// the keys that count repetitions; [`pop`](Self::pop) then stops here.
    pub(crate) fn forget_undo(&mut self) {
        self.undo = Vec::new();
    }

    /// Undoes the last [`push`](Self::push); false when there is nothing to undo.
    pub(crate) fn pop(&mut self) -> bool {
        match self.undo.pop() {
            Some((st, closed)) => {
                if closed {
                    self.history.pop();
                }
                self.st = st;
                true
            }
            None => false,
        }
    }

    /// How often the current position (between turns) has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        self.history.iter().filter(|&&k| k == self.st.key).count()
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.st.players as usize
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Sq) -> Option<Piece> {
        self.st.at(sq)
    }

    /// Every on-board piece of `player` with its square.
    pub fn pieces(&self, player: usize) -> impl Iterator<Item = (Sq, Piece)> + '_ {
        self.st.pieces_of(player as u8)
    }

    /// `player`'s King square, if on the board.
    pub fn king(&self, player: usize) -> Option<Sq> {
        self.st.king(player as u8)
    }

    /// `player`'s reserve: each distinct unit with its count, canonical order.
    pub fn reserve(&self, player: usize) -> Vec<(Unit, u8)> {
        self.st.reserve_units(player as u8)
    }

    pub fn benefyts(&self, player: usize) -> u32 {
        self.st.benefyts[player] as u32
    }

    pub fn knives_of(&self, player: usize) -> u32 {
        self.st.knives[player] as u32
    }

    /// `player`'s echo pattern.
    pub fn echo(&self, player: usize) -> Option<Unit> {
        self.st.echo[player]
    }

    /// N, the Locusts on the board.
    pub fn locusts(&self) -> u32 {
        self.st.locusts as u32
    }

    /// Pieces of value ≥ 2 `player` has on the board (§4.2 P).
    pub fn counted_pieces(&self, player: usize) -> u32 {
        self.st.counted[player] as u32
    }

    /// Twice Weight(`player`) (§5; exact, Weights can end in .5).
    pub fn weight2(&self, player: usize) -> u32 {
        weight::weight2(&self.st, player as u8)
    }

    /// Twice the Mobility of the piece on `sq` (§5).
    pub fn mobility2(&self, sq: Sq) -> u32 {
        weight::mobility2(&self.st, sq)
    }

    /// The material value of the piece on `sq` (a Locust's with the current N), 0 if empty.
    pub fn piece_value(&self, sq: Sq) -> u32 {
        self.st
            .at(sq)
            .map_or(0, |p| p.kind.value(self.st.locusts as u32))
    }

    /// The distinct empty destinations of the normal moves of the piece on `sq` (aura
    /// included; no Specials, no scratch), in square order.
    pub fn move_squares(&self, sq: Sq) -> Vec<Sq> {
        moves::reach(&self.st, sq).steps.iter().collect()
    }

    /// The capture targets of the piece on `sq`: square and whether the capture is ranged.
    pub fn capture_targets(&self, sq: Sq) -> Vec<(Sq, bool)> {
        let Some(p) = self.st.at(sq) else {
            return Vec::new();
        };
        let r = moves::reach(&self.st, sq);
        let keep = |t: &Sq| attack::is_target(&self.st, sq, p, *t, Relation::Attack);
        let mut out: Vec<(Sq, bool)> = r.hits.iter().filter(keep).map(|t| (t, false)).collect();
        out.extend(r.ranged.iter().filter(keep).map(|t| (t, true)));
        out
    }

    /// Whether the piece on `sq` attacks at least one opposing piece.
    pub fn attacks_any(&self, sq: Sq) -> bool {
        attack::has_target(&self.st, sq, Relation::Attack)
    }

    /// Whether the piece on `sq` defends at least one other friendly piece (D38).
    pub fn defends_any(&self, sq: Sq) -> bool {
        attack::has_target(&self.st, sq, Relation::Defend)
    }

    /// The Special destinations of the piece on `sq` (Rook, pawn, Jester; empty for others),
    /// whatever the Benefyts and D18.
    pub fn special_squares(&self, sq: Sq) -> Vec<Sq> {
        let mut out = Vec::new();
        let mut st = self.st.clone();
        match self.st.at(sq).map(|p| p.kind) {
            Some(Kind::Rook) => specials::rook(&st, sq, &mut out),
            Some(Kind::Pawn) => specials::pawn(&st, sq, &mut out),
            Some(Kind::Jester) => specials::jester(&mut st, sq, &mut out),
            _ => {}
        }
        out.sort_unstable();
        out
    }

    /// Whether the Qball on `sq` can scratch.
    pub fn can_scratch(&self, sq: Sq) -> bool {
        self.st.at(sq).is_some_and(|p| p.kind == Kind::Qball) && qball::can_scratch(&self.st, sq)
    }

    /// Whether the Demon on `sq` meets the promotion condition (D15).
    pub fn demon_qualifies(&self, sq: Sq) -> bool {
        self.st
            .at(sq)
            .is_some_and(|p| p.kind == Kind::Demon && demon::qualifies(&self.st, sq, p.owner))
    }

    /// Whether the piece on `from` attacks the piece on `to` (D37).
    pub fn attacks(&self, from: Sq, to: Sq) -> bool {
        attack::attacks(&self.st, from, to)
    }

    /// The players in check, as a bit set.
    pub fn check_set(&self) -> u8 {
        attack::check_set(&self.st)
    }

    /// The play list, top (the player to move) first.
    pub fn play_list(&self) -> Vec<usize> {
        self.st.play_list().iter().map(|&p| p as usize).collect()
    }

    /// Turns since the last Capture, Placement, promotion, Surrender or knife.
    pub fn quiet_counter(&self) -> u32 {
        self.st.quiet
    }

    /// The turn number (starts at 1).
    pub fn turn_number(&self) -> u32 {
        self.st.turn
    }

    /// How the hand ended by the knife rule, if it has.
    pub fn knife_end(&self) -> Option<End> {
        self.st.ended
    }
}
