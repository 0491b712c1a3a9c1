//! Move ordering: which moves the search tries first. Alpha-beta cuts most when the best move
//! comes first, so: the transposition-table move, then winning and even captures (most
//! valuable victim, least valuable attacker, then how often such a capture refuted a position)
//! and promotions, then the killer moves of this ply, then quiet moves by their history
//! scores, and losing captures last.
//!
//! The statistics are kept between the moves of a game (the transposition table carries them
//! from one search to the next, see [`super::TranspositionTable::take_heuristics`]): what
//! refuted a position a move ago mostly still does.

use crate::core::moves::Move;

/// Score bands; within a band the finer score decides.
pub const HASH_MOVE: i32 = 1 << 30;
pub const GOOD_TACTICAL: i32 = 1 << 28;
pub const KILLER: i32 = 1 << 26;
pub const BAD_CAPTURE: i32 = -(1 << 26);

/// History scores stay within this, so they never leave the quiet band.
pub const HISTORY_MAX: i32 = 1 << 14;

/// No previous move to continue from (the root, or a null move).
pub const NO_PIECE_TO: usize = usize::MAX;

/// Continuation tables are kept only while one of them stays this small (piece-to pairs); on
/// larger boards (the higher Cubism boards) they would cost more memory than they pay.
const MAX_CONTINUATION_ENTRIES: usize = 1 << 21;

/// Killer moves (quiet moves that caused a cut-off at the same ply), the history table (how
/// often a quiet move by this kind to this square caused a cut-off anywhere), continuation
/// histories (the same, given the opponent's last move and one's own move before it: counter
/// moves and follow-ups) and capture history (by moving kind, square and victim kind).
pub struct Heuristics {
    killers: Vec<[Move; 2]>,
    history: Vec<i32>,
    /// `[plies back - 1][previous piece-to * piece_tos + piece-to]`; empty when too large.
    continuation: [Vec<i16>; 2],
    captures: Vec<i16>,
    players: usize,
    kinds: usize,
    squares: usize,
}

impl Heuristics {
    pub fn new(players: usize, kinds: usize, squares: usize, max_ply: usize) -> Self {
        let piece_tos = kinds * squares;
        let continuation = if piece_tos * piece_tos <= MAX_CONTINUATION_ENTRIES {
            piece_tos * piece_tos
        } else {
            0
        };
        Heuristics {
            killers: vec![[Move::null(); 2]; max_ply + 1],
            history: vec![0; players * kinds * squares],
            continuation: [vec![0; continuation], vec![0; continuation]],
            captures: vec![0; piece_tos * kinds],
            players,
            kinds,
            squares,
        }
    }

    /// Whether these tables were made for a game of this shape (a carried-over set is reused
    /// only for the same game).
    pub fn fits(&self, players: usize, kinds: usize, squares: usize, max_ply: usize) -> bool {
        self.players == players
            && self.kinds == kinds
            && self.squares == squares
            && self.killers.len() == max_ply + 1
    }

    /// `kind` folded into the table's kinds: a drop's kind comes as the number of kinds plus
    /// the dropped kind (the worker's `mover_kind`). The same as `kind % kinds`,
    /// without a division for the kinds already in range (every move's but a drop's): the
    /// tables are read for every quiet move a node scores.
    #[inline]
    fn fold_kind(&self, kind: u8) -> usize {
        let kind = kind as usize;
        if kind < self.kinds {
            kind
        } else {
            kind % self.kinds
        }
    }

    #[inline]
    fn index(&self, side: u8, kind: u8, to: u16) -> usize {
        (side as usize * self.kinds + self.fold_kind(kind)) * self.squares + to as usize
    }

    /// The piece-to index of a move by `kind` to `to` (continuation histories key on it).
    #[inline]
    pub fn piece_to(&self, kind: u8, to: u16) -> usize {
        self.fold_kind(kind) * self.squares + to as usize
    }

    #[inline]
    fn continuation_index(&self, back: usize, previous: usize, current: usize) -> Option<usize> {
        (previous != NO_PIECE_TO && !self.continuation[back].is_empty())
            .then(|| previous * self.kinds * self.squares + current)
    }

    pub fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply]
    }

    #[inline]
    pub fn history(&self, side: u8, kind: u8, to: u16) -> i32 {
        self.history[self.index(side, kind, to)]
    }

    /// The quiet-move score: the history plus both continuation histories, `previous` being
    /// the piece-to indexes of the last two moves (the opponent's, then one's own).
    #[inline]
    pub fn quiet_score(&self, side: u8, kind: u8, to: u16, previous: [usize; 2]) -> i32 {
        let current = self.piece_to(kind, to);
        let mut score = self.history(side, kind, to);
        for (back, &prev) in previous.iter().enumerate() {
            if let Some(i) = self.continuation_index(back, prev, current) {
                score += self.continuation[back][i] as i32;
            }
        }
        score
    }

    /// The capture history of `kind` taking a `victim` kind on `to`.
    #[inline]
    pub fn capture_score(&self, kind: u8, to: u16, victim: u8) -> i32 {
        self.captures[self.piece_to(kind, to) * self.kinds + self.fold_kind(victim)] as i32
    }

    /// A quiet move caused a cut-off: remember it as a killer and reward its histories; the
    /// quiet moves tried before it are penalised.
    pub fn reward(
        &mut self,
        side: u8,
        ply: usize,
        depth: i32,
        best: (Move, u8),
        tried: &[(Move, u8)],
        previous: [usize; 2],
    ) {
        let (mv, kind) = best;
        if self.killers[ply][0] != mv {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = mv;
        }
        let bonus = bonus(depth);
        self.update_quiet(side, kind, mv.to, previous, bonus);
        for &(other, other_kind) in tried {
            if other != mv {
                self.update_quiet(side, other_kind, other.to, previous, -bonus);
            }
        }
    }

    fn update_quiet(&mut self, side: u8, kind: u8, to: u16, previous: [usize; 2], bonus: i32) {
        let i = self.index(side, kind, to);
        gravity(&mut self.history[i], bonus);
        let current = self.piece_to(kind, to);
        for (back, &prev) in previous.iter().enumerate() {
            if let Some(i) = self.continuation_index(back, prev, current) {
                let mut h = self.continuation[back][i] as i32;
                gravity(&mut h, bonus);
                self.continuation[back][i] = h as i16;
            }
        }
    }

    /// A capture (`kind` taking `victim` on `to`) caused a cut-off (`bonus` > 0), or was
    /// tried before the move that did (`bonus` < 0).
    pub fn update_capture(&mut self, kind: u8, to: u16, victim: u8, depth: i32, good: bool) {
        let i = self.piece_to(kind, to) * self.kinds + self.fold_kind(victim);
        let b = if good { bonus(depth) } else { -bonus(depth) };
        let mut h = self.captures[i] as i32;
        gravity(&mut h, b);
        self.captures[i] = h as i16;
    }

    /// Ages the tables between searches so old lessons fade; killers are forgotten (their
    /// plies no longer match).
    pub fn age(&mut self) {
        for h in &mut self.history {
            *h /= 2;
        }
        for table in &mut self.continuation {
            for h in table.iter_mut() {
                *h /= 2;
            }
        }
        for h in &mut self.captures {
            *h /= 2;
        }
        for k in &mut self.killers {
            *k = [Move::null(); 2];
        }
    }
}

/// The history bonus of a cut-off at `depth`.
#[inline]
fn bonus(depth: i32) -> i32 {
    (depth * depth).min(400)
}

/// Gravity update: entries saturate smoothly at ±HISTORY_MAX.
#[inline]
fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus * 32 - *h * bonus.abs() * 32 / HISTORY_MAX;
    *h = (*h).clamp(-HISTORY_MAX, HISTORY_MAX);
}

/// Index of the highest-scored move at or after `start`, swapped into `start` (selection
/// sort: cheap, since most nodes cut off after a move or two).
#[inline]
pub fn pick_next(moves: &mut [Move], scores: &mut [i32], start: usize) {
    let best = best_index(scores, start);
    moves.swap(start, best);
    scores.swap(start, best);
}

/// Index of the first highest score at or after `start` (which must be in `scores`).
#[inline]
pub fn best_index(scores: &[i32], start: usize) -> usize {
    // The best score so far kept beside its index, not read back through it: the loop then
    // compiles without a bounds check or a reload (2% fewer instructions in Wildebeest, whose
    // lists run to eighty moves).
    let mut best = start;
    let mut high = scores[start];
    for (i, &score) in scores.iter().enumerate().skip(start + 1) {
        if score > high {
            high = score;
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_raise_the_best_and_lower_the_others() {
        let mut h = Heuristics::new(2, 6, 64, 8);
        let (good, bad) = (Move::normal(12, 28), Move::normal(11, 27));
        let previous = [h.piece_to(1, 40), NO_PIECE_TO];
        h.reward(0, 3, 6, (good, 0), &[(bad, 0), (good, 0)], previous);
        assert_eq!(h.killers(3)[0], good);
        assert!(h.quiet_score(0, 0, 28, previous) > h.history(0, 0, 28));
        assert!(h.quiet_score(0, 0, 27, previous) < 0);
        // The continuation part follows only the same previous move.
        let other = [h.piece_to(2, 40), NO_PIECE_TO];
        assert_eq!(h.quiet_score(0, 0, 28, other), h.history(0, 0, 28));
        h.update_capture(1, 20, 4, 5, true);
        assert!(h.capture_score(1, 20, 4) > 0 && h.capture_score(1, 20, 3) == 0);
        h.age();
        assert_eq!(h.killers(3)[0], Move::null());
    }
}
