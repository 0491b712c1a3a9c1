//! What a Party position holds (spec §3.5, §9.1): the board, every player's reserve, Benefyts,
//! knives and echo pattern, the play list, the quiet counter and the turn number, and the
//! partial-turn state of the turn being built (`turn.rs`). Derived facts that the generators
//! need at every node (each player's occupied squares, King squares, the Locust count N, the
//! counted-piece counts of §4.2) are kept up to date by the few mutators here, which also keep
//! the Zobrist key of fields 1-3 (`zobrist.rs`).
//!
//! Positions are copied before each atomic play (`position.rs` keeps the copies for unmake),
//! so the state is plain data without pointers.

use super::board::{Bits, NO_SQ, SQUARES};
use super::piece::{KINDS, Kind, Piece, Unit};
use super::turn::TurnState;
use super::zobrist;
use crate::geometry::Sq;

/// The most players (a..h).
pub const MAX: usize = 8;

/// A set of players, bit p = player p.
pub type Players = u8;

/// How a hand has ended (knife rule, first knife, or a draw rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    pub winner: Option<u8>,
    pub reason: &'static str,
}

/// The position as plain data.
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) board: [Option<Piece>; SQUARES],
    /// Squares occupied by each player.
    pub(crate) occ: [Bits; MAX],
    /// Squares occupied by anyone.
    pub(crate) all: Bits,
    /// Each player's King square, or `NO_SQ`.
    pub(crate) kings: [Sq; MAX],
    /// N: Locusts on the board, every owner counted.
    pub(crate) locusts: u8,
    /// Counted pieces (value ≥ 2) on the board per player (§4.2 P).
    pub(crate) counted: [u8; MAX],
    /// Pieces on the board per player.
    pub(crate) onboard: [u8; MAX],
    /// Reserve counts per type; a HarfyBlob's count is the sum of `reserve_h`.
    pub(crate) reserve: [[u8; KINDS]; MAX],
    /// Reserve HarfyBlobs by Hn (index 1..=20).
    pub(crate) reserve_h: [[u8; 21]; MAX],
    pub(crate) benefyts: [u16; MAX],
    pub(crate) knives: [u16; MAX],
    pub(crate) echo: [Option<Unit>; MAX],
    pub(crate) players: u8,
    /// The play list, top (the player to move) first; `players` entries.
    pub(crate) list: [u8; MAX],
    pub(crate) quiet: u32,
    pub(crate) turn: u32,
    /// Zobrist key of §9.1 fields 1-3.
    pub(crate) key: u64,
    pub(crate) turn_state: TurnState,
    /// Set when the hand is over by the knife rule (or first-knife).
    pub(crate) ended: Option<End>,
}

impl State {
    /// An empty board for `players` players, every record zero, the play list in letter order.
    pub fn empty(players: u8) -> State {
        let mut st = State {
            board: [None; SQUARES],
            occ: [Bits::EMPTY; MAX],
            all: Bits::EMPTY,
            kings: [NO_SQ; MAX],
            locusts: 0,
            counted: [0; MAX],
            onboard: [0; MAX],
            reserve: [[0; KINDS]; MAX],
            reserve_h: [[0; 21]; MAX],
            benefyts: [0; MAX],
            knives: [0; MAX],
            echo: [None; MAX],
            players,
            list: [0, 1, 2, 3, 4, 5, 6, 7],
            quiet: 0,
            turn: 1,
            key: 0,
            turn_state: TurnState::fresh(),
            ended: None,
        };
        st.key = st.fresh_key();
        st
    }

    /// The player to move.
    #[inline]
    pub fn mover(&self) -> u8 {
        self.list[0]
    }

    /// The play list, top first.
    #[inline]
    pub fn play_list(&self) -> &[u8] {
        &self.list[..self.players as usize]
    }

    #[inline]
    pub fn at(&self, sq: Sq) -> Option<Piece> {
        self.board[sq as usize]
    }

    #[inline]
    pub fn empty_at(&self, sq: Sq) -> bool {
        self.board[sq as usize].is_none()
    }

    /// `player`'s King square, if the King is on the board.
    #[inline]
    pub fn king(&self, player: u8) -> Option<Sq> {
        let k = self.kings[player as usize];
        (k != NO_SQ).then_some(k)
    }

    /// Puts `p` on the empty square `sq`.
    #[inline]
    pub fn put(&mut self, sq: Sq, p: Piece) {
        debug_assert!(
            self.board[sq as usize].is_none(),
            "put on an occupied square"
        );
        self.board[sq as usize] = Some(p);
        let o = p.owner as usize;
        self.occ[o].set(sq);
        self.all.set(sq);
        self.onboard[o] += 1;
        match p.kind {
            Kind::King => self.kings[o] = sq,
            Kind::Locust => self.locusts += 1,
            _ => {}
        }
        if p.kind.counted() {
            self.counted[o] += 1;
        }
        self.key ^= zobrist::piece(sq, p);
    }

    /// Removes and returns the piece on `sq` (which must be occupied).
    #[inline]
    pub fn take(&mut self, sq: Sq) -> Piece {
        let p = self.board[sq as usize]
            .take()
            .expect("take from an empty square");
        let o = p.owner as usize;
        self.occ[o].clear(sq);
        self.all.clear(sq);
        self.onboard[o] -= 1;
        match p.kind {
            Kind::King => self.kings[o] = NO_SQ,
            Kind::Locust => self.locusts -= 1,
            _ => {}
        }
        if p.kind.counted() {
            self.counted[o] -= 1;
        }
        self.key ^= zobrist::piece(sq, p);
        p
    }

    /// How many of `unit` are in `player`'s reserve.
    #[inline]
    pub fn reserve_count(&self, player: u8, unit: Unit) -> u8 {
        if unit.kind == Kind::Harfy {
            self.reserve_h[player as usize][unit.hn as usize]
        } else {
            self.reserve[player as usize][unit.kind as usize]
        }
    }

    fn reserve_slot(&mut self, player: u8, unit: Unit, delta: i8) {
        let before = self.reserve_count(player, unit);
        let after = (before as i16 + delta as i16) as u8;
        self.key ^= zobrist::reserve(player, unit, before) ^ zobrist::reserve(player, unit, after);
        let p = player as usize;
        if unit.kind == Kind::Harfy {
            self.reserve_h[p][unit.hn as usize] = after;
        }
        self.reserve[p][unit.kind as usize] =
            (self.reserve[p][unit.kind as usize] as i16 + delta as i16) as u8;
    }

    /// Adds a unit to `player`'s reserve.
    #[inline]
    pub fn reserve_add(&mut self, player: u8, unit: Unit) {
        self.reserve_slot(player, unit, 1);
    }

    /// Removes a unit from `player`'s reserve (which must hold it).
    #[inline]
    pub fn reserve_remove(&mut self, player: u8, unit: Unit) {
        debug_assert!(self.reserve_count(player, unit) > 0);
        self.reserve_slot(player, unit, -1);
    }

    /// Whether `player` has anything in reserve.
    #[inline]
    pub fn has_reserve(&self, player: u8) -> bool {
        self.reserve[player as usize].iter().any(|&n| n > 0)
    }

    /// The distinct units in `player`'s reserve with their counts, canonical order.
    pub fn reserve_units(&self, player: u8) -> Vec<(Unit, u8)> {
        let p = player as usize;
        let mut out = Vec::new();
        for kind in Kind::ALL {
            if kind == Kind::Harfy {
                for hn in 1..=20u8 {
                    let n = self.reserve_h[p][hn as usize];
                    if n > 0 {
                        out.push((Unit::new(kind, hn), n));
                    }
                }
            } else if self.reserve[p][kind as usize] > 0 {
                out.push((Unit::new(kind, 0), self.reserve[p][kind as usize]));
            }
        }
        out
    }

    pub fn set_echo(&mut self, player: u8, pattern: Option<Unit>) {
        let p = player as usize;
        self.key ^= zobrist::echo(player, self.echo[p]) ^ zobrist::echo(player, pattern);
        self.echo[p] = pattern;
    }

    pub fn set_benefyts(&mut self, player: u8, n: u16) {
        let p = player as usize;
        self.key ^= zobrist::benefyts(player, self.benefyts[p]) ^ zobrist::benefyts(player, n);
        self.benefyts[p] = n;
    }

    pub fn set_knives(&mut self, player: u8, n: u16) {
        let p = player as usize;
        self.key ^= zobrist::knives(player, self.knives[p]) ^ zobrist::knives(player, n);
        self.knives[p] = n;
    }

    /// Replaces the play list.
    pub fn set_list(&mut self, order: &[u8]) {
        self.key ^= zobrist::list(self.play_list());
        self.list[..order.len()].copy_from_slice(order);
        self.key ^= zobrist::list(self.play_list());
    }

    /// The key computed from scratch (debug checks compare it with the incremental one).
    pub fn fresh_key(&self) -> u64 {
        let mut key = 0;
        for (sq, cell) in self.board.iter().enumerate() {
            if let Some(p) = cell {
                key ^= zobrist::piece(sq as Sq, *p);
            }
        }
        for player in 0..self.players {
            for (unit, n) in self.reserve_units(player) {
                key ^= zobrist::reserve(player, unit, n);
            }
            key ^= zobrist::benefyts(player, self.benefyts[player as usize]);
            key ^= zobrist::knives(player, self.knives[player as usize]);
            key ^= zobrist::echo(player, self.echo[player as usize]);
        }
        key ^ zobrist::list(self.play_list())
    }

    /// Every on-board piece of `player` with its square.
    #[inline]
    pub fn pieces_of(&self, player: u8) -> impl Iterator<Item = (Sq, Piece)> + '_ {
        self.occ[player as usize].iter().map(move |sq| {
            (
                sq,
                self.board[sq as usize].expect("occupancy matches the board"),
            )
        })
    }

    /// Players with at least one piece on the board.
    pub fn players_on_board(&self) -> u32 {
        (0..self.players as usize)
            .filter(|&p| self.onboard[p] > 0)
            .count() as u32
    }
}
