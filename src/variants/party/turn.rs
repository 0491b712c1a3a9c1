//! How many atomic plays a turn may hold and in which shapes (spec §4.2, §4.3; D31-D34).
//!
//! At the start of X's turn (D33) take W = Weight(X), P = X's counted pieces (value ≥ 2, D31)
//! and MC = two or more players in check; the first matching row gives the shapes:
//!
//! | # | condition | shapes |
//! |---|---|---|
//! | 1 | MC | single |
//! | 2 | W > 100 or P > 9 | single |
//! | 3 | W = 0 and P ≤ 4 | single, M·P |
//! | 4 | W = 0 and P ≥ 5 | single |
//! | 5 | 0 < W < 50 and P ≤ 4 | single, M·P, M·M·P, M·P·P |
//! | 6 | otherwise | single, M·P |
//!
//! M is a Move only and P a Placement only (D32); the two Moves of M·M·P move different
//! pieces. After a non-final Move that leaves another player in check the turn ends at once
//! (truncation, D34): plays are generated in canonical form, so M and M·M stand as complete
//! plays exactly when their last Move gives check. The turn state below records what has been
//! made so far; [`Phase`] says what may follow.

use super::attack;
use super::board::NO_SQ;
use super::state::State;
use super::weight;
use super::zobrist;
use crate::geometry::Sq;

/// The shapes a turn may take (§4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shapes {
    /// Any single atomic play (rows 1, 2, 4).
    Single,
    /// Single, or M·P (rows 3, 6).
    MovePlace,
    /// Single, M·P, M·M·P, M·P·P (row 5).
    All,
}

/// What the rules fix at the start of a turn (D33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Snapshot {
    pub shapes: Shapes,
    /// Twice Weight(X).
    pub weight2: u32,
    /// X's counted pieces (P).
    pub counted: u8,
    /// Placement exception (a) is open to X this turn: W = 0 and P < 5.
    pub exception_a: bool,
    /// The players in check when the turn began: at its end, a player the turn newly checks
    /// goes above them in the play list (D39a).
    pub checked: super::state::Players,
}

impl Snapshot {
    /// The §4.2 snapshot for the player to move in `st`.
    pub fn take(st: &State) -> Snapshot {
        let x = st.mover();
        let w2 = weight::weight2(st, x);
        let p = st.counted[x as usize];
        let checked = attack::check_set(st);
        let multi_check = checked.count_ones() >= 2;
        let shapes = if multi_check || w2 > 200 || p > 9 {
            Shapes::Single
        } else if w2 == 0 {
            if p <= 4 {
                Shapes::MovePlace
            } else {
                Shapes::Single
            }
        } else if w2 < 100 && p <= 4 {
            Shapes::All
        } else {
            Shapes::MovePlace
        };
        Snapshot {
            shapes,
            weight2: w2,
            counted: p,
            exception_a: w2 == 0 && p < 5,
            checked,
        }
    }
}

/// The partial turn: what has been made so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnState {
    /// Taken when the turn's first atom is generated or made.
    pub snapshot: Option<Snapshot>,
    pub atoms: u8,
    pub moves: u8,
    pub places: u8,
    /// The first atom was one that never combines (Capture, Special, Pass, Surrender, or a
    /// Placement made first).
    pub single: bool,
    /// Whether the last Move left another player in check (the turn is truncated there);
    /// `None` until asked (it follows from the position, so it is not hashed).
    pub truncated: Option<bool>,
    /// Where the pieces moved this turn stand now (`NO_SQ` after a scratch).
    pub moved: [Sq; 2],
    /// A Capture, Placement, promotion, Surrender or knife happened this turn (quiet counter).
    pub noisy: bool,
}

impl TurnState {
    pub fn fresh() -> TurnState {
        TurnState {
            moved: [NO_SQ; 2],
            ..TurnState::default()
        }
    }

    /// The hash of the partial-turn state (0 between turns).
    pub fn hash(&self) -> u64 {
        if self.atoms == 0 {
            return 0;
        }
        let shape = self
            .snapshot
            .map_or(0, |s| s.shapes as u64 + 1 + 4 * s.exception_a as u64);
        // The check set the turn began with decides the play list at its end (D39a).
        let checked = self.snapshot.map_or(0, |s| s.checked as u64);
        checked.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ zobrist::mix(
                zobrist::TURN
                    | (self.atoms as u64) << 52
                    | (self.moves as u64) << 48
                    | (self.places as u64) << 44
                    | (self.single as u64) << 43
                    | shape << 36
                    | (self.moved[0] as u64) << 18
                    | self.moved[1] as u64,
            )
    }
}

/// Whether a player other than the mover is in check.
pub fn others_in_check(st: &State) -> bool {
    let x = st.mover();
    (0..st.players).any(|p| p != x && attack::in_check(st, p))
}

/// Works out (and stores) whether the last Move truncates the turn.
pub fn settle(st: &mut State) {
    if st.turn_state.truncated.is_none() {
        st.turn_state.truncated = Some(others_in_check(st));
    }
}

/// Where a turn stands, and so what may follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Nothing made yet: any single atomic play, or a first Move.
    Start,
    /// One Move made: END, a Placement (M·P), or a second Move (M·M·P).
    AfterMove,
    /// Two Moves made and no check given: a Placement must follow.
    AfterTwoMoves,
    /// M·P made: END, or a second Placement (M·P·P).
    AfterMovePlace,
    /// Only END may follow.
    Closed,
}

impl Phase {
    /// The phase of the turn in `st` (its snapshot must be taken once an atom is made).
    pub fn of(st: &State) -> Phase {
        let ts = &st.turn_state;
        if ts.atoms == 0 {
            return Phase::Start;
        }
        if ts.single || ts.atoms >= 3 {
            return Phase::Closed;
        }
        let truncated = match ts.truncated {
            Some(t) => t,
            None => others_in_check(st),
        };
        if truncated {
            return Phase::Closed;
        }
        let shapes = ts.snapshot.map_or(Shapes::Single, |s| s.shapes);
        match (ts.moves, ts.places, shapes) {
            (1, 0, Shapes::Single) => Phase::Closed,
            (1, 0, _) => Phase::AfterMove,
            (2, 0, _) => Phase::AfterTwoMoves,
            (1, 1, Shapes::All) => Phase::AfterMovePlace,
            _ => Phase::Closed,
        }
    }

    /// Whether the turn may close here (if the mover is not in check).
    pub fn may_end(self) -> bool {
        matches!(
            self,
            Phase::AfterMove | Phase::AfterMovePlace | Phase::Closed
        )
    }
}
