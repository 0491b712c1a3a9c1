//! A playable position: the cells, the hands, the counters and the hash, with an undo stack.
//!
//! Every change a move makes goes through [`Position::put`] or [`Position::set_hand`], which
//! record the old content. [`Position::undo`] plays those records back, so one `unmake` serves
//! every game, however many side effects its moves have (Sjaak II's "edit list" idea).

use super::board::{Piece, SquareSet};
use super::zobrist::Zobrist;
use crate::geometry::{NO_SQ, Sq};
use std::sync::Arc;

/// Numbers per (player, kind, cell) whose sums over a position's men the position keeps up to
/// date as men come and go, three per man (an evaluation's piece-square tables: whoever
/// evaluates installs them with [`Position::keep_sums`]; the core only adds). Summing them
/// afresh at every evaluation cost a loop over every man.
#[derive(Debug)]
pub struct CellWeights {
    kinds: usize,
    squares: usize,
    /// Index `(player * kinds + kind) * squares + sq`.
    weights: Vec<[i32; 3]>,
}

impl CellWeights {
    /// The weights of `players` × `kinds` × `squares` men, `weight(player, kind, sq)` each.
    pub fn new(
        players: u8,
        kinds: usize,
        squares: usize,
        weight: impl Fn(u8, usize, usize) -> [i32; 3],
    ) -> Self {
        let mut weights = Vec::with_capacity(players as usize * kinds * squares);
        for player in 0..players {
            for kind in 0..kinds {
                for sq in 0..squares {
                    weights.push(weight(player, kind, sq));
                }
            }
        }
        CellWeights {
            kinds,
            squares,
            weights,
        }
    }

    #[inline]
    fn of(&self, piece: Piece, sq: Sq) -> [i32; 3] {
        let index = (piece.owner() as usize * self.kinds + piece.kind() as usize) * self.squares
            + sq as usize;
        self.weights.get(index).copied().unwrap_or_default()
    }
}

/// En-passant state: squares an enemy pawn may move onto to capture, and the pawn it captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    pub targets: [Sq; 2],
    pub victim: Sq,
}

impl EnPassant {
    pub const NONE: EnPassant = EnPassant {
        targets: [NO_SQ; 2],
        victim: NO_SQ,
    };

    pub fn is_none(&self) -> bool {
        self.targets[0] == NO_SQ
    }

    /// The target squares that are set, in stored order.
    pub fn squares(&self) -> impl Iterator<Item = Sq> + '_ {
        self.targets.iter().copied().filter(|&s| s != NO_SQ)
    }

    fn key(&self, z: &Zobrist) -> u64 {
        self.squares().fold(0, |k, s| k ^ z.en_passant(s))
    }
}

#[derive(Clone, Copy, Debug)]
enum Edit {
    Cell(Sq, Piece),
    Hand { player: u8, kind: u8, old: u8 },
}

/// What `undo` restores wholesale (the cells come back through the edit records).
#[derive(Clone, Copy, Debug)]
struct Saved {
    castling: u32,
    ep: EnPassant,
    halfmove: u16,
    fullmove: u32,
    side: u8,
    hash: u64,
    edit_mark: u32,
}

#[derive(Clone, Debug)]
pub struct Position {
    board: Vec<Piece>,
    occupied: Vec<SquareSet>,
    royals: Vec<SquareSet>,
    /// Cells of each player's pawns (the evaluation keeps pawn structures by them).
    pawns: Vec<SquareSet>,
    hands: Vec<u8>,
    kinds: usize,
    players: u8,
    side: u8,
    castling: u32,
    ep: EnPassant,
    halfmove: u16,
    fullmove: u32,
    hash: u64,
    saved: Vec<Saved>,
    edits: Vec<Edit>,
    /// Hashes of the positions before each move made, for repetition.
    history: Vec<u64>,
    /// Repetitions are sought in the whole history, not only since the last capture or pawn
    /// move: in games with drops a captured man comes back, so those moves are not
    /// irreversible (a capture-and-drop cycle repeats positions).
    repeats_across_captures: bool,
    /// The weights whose per-player sums are kept ([`keep_sums`](Self::keep_sums)), and the
    /// sums.
    weights: Option<Arc<CellWeights>>,
    sums: Vec<[i32; 3]>,
}

impl Position {
    /// An empty board with empty hands, player 0 to move.
    pub fn empty(squares: usize, players: u8, kinds: usize) -> Self {
        Position {
            board: vec![Piece::EMPTY; squares],
            occupied: vec![SquareSet::default(); players as usize],
            royals: vec![SquareSet::default(); players as usize],
            pawns: vec![SquareSet::default(); players as usize],
            hands: vec![0; players as usize * kinds],
            kinds,
            players,
            side: 0,
            castling: 0,
            ep: EnPassant::NONE,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            saved: Vec::with_capacity(256),
            edits: Vec::with_capacity(1024),
            history: Vec::with_capacity(256),
            repeats_across_captures: false,
            weights: None,
            sums: Vec::new(),
        }
    }

    /// Keeps the sums of `weights` over each player's men from now on (`None`: keeps none).
    pub fn keep_sums(&mut self, weights: Option<Arc<CellWeights>>) {
        self.weights = weights;
        self.sums = vec![[0; 3]; self.players as usize];
        if let Some(w) = &self.weights {
            for (sq, &piece) in self.board.iter().enumerate() {
                if !piece.is_empty() {
                    let add = w.of(piece, sq as Sq);
                    let sum = &mut self.sums[piece.owner() as usize];
                    (0..3).for_each(|i| sum[i] += add[i]);
                }
            }
        }
    }

    /// Each player's sums of the weights installed with [`keep_sums`](Self::keep_sums), when
    /// they are `weights` (the same table, not an equal one).
    #[inline]
    pub fn sums_of(&self, weights: &Arc<CellWeights>) -> Option<&[[i32; 3]]> {
        match &self.weights {
            Some(kept) if Arc::ptr_eq(kept, weights) => Some(&self.sums),
            _ => None,
        }
    }

    /// Makes [`repetitions`](Self::repetitions) look at the whole history (games with drops).
    pub fn seek_repetitions_across_captures(&mut self) {
        self.repeats_across_captures = true;
    }

    #[inline]
    pub fn at(&self, sq: Sq) -> Piece {
        self.board[sq as usize]
    }

    pub fn squares(&self) -> usize {
        self.board.len()
    }

    pub fn players(&self) -> u8 {
        self.players
    }

    #[inline]
    pub fn side(&self) -> u8 {
        self.side
    }

    /// Cells holding `player`'s pieces.
    #[inline]
    pub fn occupied(&self, player: u8) -> &SquareSet {
        &self.occupied[player as usize]
    }

    /// Every occupied cell as a set, on boards of up to 128 cells
    /// ([`reach_sets`](super::reach_sets)); `None` on larger boards.
    #[inline]
    pub fn occupied_cells(&self) -> Option<u128> {
        (self.board.len() <= super::reach_sets::MAX_CELLS).then(|| {
            self.occupied
                .iter()
                .fold(0, |set, player| set | player.low_cells())
        })
    }

    /// Cells holding `player`'s royal pieces.
    #[inline]
    pub fn royals(&self, player: u8) -> &SquareSet {
        &self.royals[player as usize]
    }

    /// Cells holding `player`'s pawns, royal ones too.
    #[inline]
    pub fn pawns(&self, player: u8) -> &SquareSet {
        &self.pawns[player as usize]
    }

    pub fn hand(&self, player: u8, kind: u8) -> u8 {
        self.hands[player as usize * self.kinds + kind as usize]
    }

    #[inline]
    pub fn castling(&self) -> u32 {
        self.castling
    }

    #[inline]
    pub fn en_passant(&self) -> &EnPassant {
        &self.ep
    }

    pub fn halfmove(&self) -> u16 {
        self.halfmove
    }

    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How many moves have been made (and can be undone) on this position.
    pub fn ply(&self) -> usize {
        self.saved.len()
    }

    /// The hash of the position `ply` moves after the first one this position can undo
    /// (`ply <= self.ply()`; `self.ply()` is the position itself).
    #[inline]
    pub fn hash_at(&self, ply: usize) -> Option<u64> {
        match ply.cmp(&self.saved.len()) {
            std::cmp::Ordering::Less => Some(self.saved[ply].hash),
            std::cmp::Ordering::Equal => Some(self.hash),
            std::cmp::Ordering::Greater => None,
        }
    }

    /// Each cell whose content changed since the position `ply` moves in (as
    /// [`hash_at`](Self::hash_at) counts), once, as (cell, content then, content now), pushed
    /// onto `out` after clearing it. Returns false, with `out` unspecified, when `ply` is
    /// beyond this position or more than `limit` cells were written since: an incremental
    /// evaluation (the network's accumulators) then starts afresh instead. Hands are not
    /// reported.
    pub fn changed_cells_since(
        &self,
        ply: usize,
        limit: usize,
        out: &mut Vec<(Sq, Piece, Piece)>,
    ) -> bool {
        out.clear();
        let mark = match ply.cmp(&self.saved.len()) {
            std::cmp::Ordering::Less => self.saved[ply].edit_mark as usize,
            std::cmp::Ordering::Equal => return true,
            std::cmp::Ordering::Greater => return false,
        };
        for edit in &self.edits[mark..] {
            if let Edit::Cell(sq, old) = *edit {
                // The first record of a cell holds its content at `ply`; later ones do not.
                if out.iter().any(|&(seen, _, _)| seen == sq) {
                    continue;
                }
                if out.len() == limit {
                    return false;
                }
                out.push((sq, old, self.board[sq as usize]));
            }
        }
        out.retain(|&(_, then, now)| then != now);
        true
    }

    /// Puts `piece` (or nothing) on `sq`, recording the old content for `undo`.
    #[inline]
    pub fn put(&mut self, sq: Sq, piece: Piece, z: &Zobrist) {
        let old = self.board[sq as usize];
        self.edits.push(Edit::Cell(sq, old));
        if !old.is_empty() {
            self.hash ^= z.piece(old, sq);
        }
        if !piece.is_empty() {
            self.hash ^= z.piece(piece, sq);
        }
        self.write_cell(sq, old, piece);
    }

    #[inline]
    fn write_cell(&mut self, sq: Sq, old: Piece, piece: Piece) {
        if let Some(w) = &self.weights {
            if !old.is_empty() {
                let sub = w.of(old, sq);
                let sum = &mut self.sums[old.owner() as usize];
                (0..3).for_each(|i| sum[i] -= sub[i]);
            }
            if !piece.is_empty() {
                let add = w.of(piece, sq);
                let sum = &mut self.sums[piece.owner() as usize];
                (0..3).for_each(|i| sum[i] += add[i]);
            }
        }
        if !old.is_empty() {
            self.occupied[old.owner() as usize].remove(sq);
            if old.is_royal() {
                self.royals[old.owner() as usize].remove(sq);
            }
            if old.is_pawn() {
                self.pawns[old.owner() as usize].remove(sq);
            }
        }
        if !piece.is_empty() {
            self.occupied[piece.owner() as usize].insert(sq);
            if piece.is_royal() {
                self.royals[piece.owner() as usize].insert(sq);
            }
            if piece.is_pawn() {
                self.pawns[piece.owner() as usize].insert(sq);
            }
        }
        self.board[sq as usize] = piece;
    }

    /// Sets how many pieces of `kind` `player` holds in hand, recording the old count.
    pub fn set_hand(&mut self, player: u8, kind: u8, count: u8, z: &Zobrist) {
        let index = player as usize * self.kinds + kind as usize;
        let old = self.hands[index];
        self.edits.push(Edit::Hand { player, kind, old });
        self.hash ^= z.hand(player, kind, old) ^ z.hand(player, kind, count);
        self.hands[index] = count;
    }

    /// Starts a move: saves what `undo` restores and remembers the hash for repetitions.
    #[inline]
    pub fn begin_move(&mut self) {
        self.history.push(self.hash);
        self.saved.push(Saved {
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            side: self.side,
            hash: self.hash,
            edit_mark: self.edits.len() as u32,
        });
    }

    /// Takes back the last move begun with [`begin_move`](Self::begin_move). Returns false
    /// (and changes nothing) when there is none.
    #[inline]
    pub fn undo(&mut self) -> bool {
        let Some(saved) = self.saved.pop() else {
            return false;
        };
        self.history.pop();
        while self.edits.len() > saved.edit_mark as usize {
            match self.edits.pop() {
                Some(Edit::Cell(sq, old)) => {
                    let current = self.board[sq as usize];
                    self.write_cell(sq, current, old);
                }
                Some(Edit::Hand { player, kind, old }) => {
                    self.hands[player as usize * self.kinds + kind as usize] = old;
                }
                None => break,
            }
        }
        self.castling = saved.castling;
        self.ep = saved.ep;
        self.halfmove = saved.halfmove;
        self.fullmove = saved.fullmove;
        self.side = saved.side;
        self.hash = saved.hash;
        true
    }

    pub fn set_castling(&mut self, rights: u32, z: &Zobrist) {
        self.hash ^= z.castling(self.castling) ^ z.castling(rights);
        self.castling = rights;
    }

    pub fn set_en_passant(&mut self, ep: EnPassant, z: &Zobrist) {
        self.hash ^= self.ep.key(z) ^ ep.key(z);
        self.ep = ep;
    }

    pub fn set_halfmove(&mut self, n: u16) {
        self.halfmove = n;
    }

    pub fn set_fullmove(&mut self, n: u32) {
        self.fullmove = n;
    }

    /// Hands the turn to `player`.
    pub fn set_side(&mut self, player: u8, z: &Zobrist) {
        self.hash ^= z.side(self.side) ^ z.side(player);
        self.side = player;
    }

    /// Passes the turn to the next player, counting full moves when it comes back to player 0.
    #[inline]
    pub fn pass_turn(&mut self, z: &Zobrist) {
        let next = (self.side + 1) % self.players;
        if next == 0 {
            self.fullmove += 1;
        }
        self.set_side(next, z);
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    pub fn fresh_hash(&self, z: &Zobrist) -> u64 {
        let mut h = z.side(self.side) ^ z.castling(self.castling) ^ self.ep.key(z);
        for (sq, &p) in self.board.iter().enumerate() {
            if !p.is_empty() {
                h ^= z.piece(p, sq as Sq);
            }
        }
        for player in 0..self.players {
            for kind in 0..self.kinds {
                h ^= z.hand(player, kind as u8, self.hand(player, kind as u8));
            }
        }
        h
    }

    /// Recomputes the hash after a set-up (call once when a position is built).
    pub fn rehash(&mut self, z: &Zobrist) {
        self.hash = self.fresh_hash(z);
    }

    /// Forgets the undo history (after set-up, so the first move starts a fresh stack).
    pub fn clear_history(&mut self) {
        self.saved.clear();
        self.edits.clear();
        self.history.clear();
    }

    /// How many earlier positions within the reversible window (since the last capture or
    /// pawn move; the whole history in games with drops) equal this one.
    pub fn repetitions(&self) -> usize {
        let window = if self.repeats_across_captures {
            self.history.len()
        } else {
            (self.halfmove as usize).min(self.history.len())
        };
        let step = self.players as usize;
        let mut count = 0;
        let mut back = step;
        while back <= window {
            if self.history[self.history.len() - back] == self.hash {
                count += 1;
            }
            back += step;
        }
        count
    }
}

impl Position {
    /// Runs `f` on the position with `sq` empty for the duration (no hash change, no record):
    /// "would the king be attacked on its new square once it has left this one?"
    pub fn with_cell_emptied<R>(&mut self, sq: Sq, f: impl FnOnce(&Self) -> R) -> R {
        let piece = self.board[sq as usize];
        self.write_cell(sq, piece, Piece::EMPTY);
        let result = f(self);
        self.write_cell(sq, Piece::EMPTY, piece);
        result
    }
}
