//! Move ordering: which moves the search tries first. Alpha-beta cuts most when the best move
//! comes first, so: the transposition-table move, then winning and even captures (most
//! valuable victim, least valuable attacker) and promotions, then the killer moves of this ply,
//! then quiet moves by their history score, and losing captures last.

use crate::core::moves::Move;

/// Score bands; within a band the finer score decides.
pub const HASH_MOVE: i32 = 1 << 30;
pub const GOOD_TACTICAL: i32 = 1 << 28;
pub const KILLER: i32 = 1 << 26;
pub const BAD_CAPTURE: i32 = -(1 << 26);

/// History scores stay within this, so they never leave the quiet band.
pub const HISTORY_MAX: i32 = 1 << 14;

/// Killer moves (quiet moves that caused a cut-off at the same ply) and the history table
/// (how often a quiet move by this kind to this square caused a cut-off anywhere).
pub struct Heuristics {
    killers: Vec<[Move; 2]>,
    history: Vec<i32>,
    kinds: usize,
    squares: usize,
}

impl Heuristics {
    pub fn new(players: usize, kinds: usize, squares: usize, max_ply: usize) -> Self {
        Heuristics {
            killers: vec![[Move::null(); 2]; max_ply + 1],
            history: vec![0; players * kinds * squares],
            kinds,
            squares,
        }
    }

    #[inline]
    fn index(&self, side: u8, kind: u8, to: u16) -> usize {
        (side as usize * self.kinds + kind as usize % self.kinds) * self.squares + to as usize
    }

    pub fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply]
    }

    #[inline]
    pub fn history(&self, side: u8, kind: u8, to: u16) -> i32 {
        self.history[self.index(side, kind, to)]
    }

    /// A quiet move caused a cut-off: remember it as a killer and reward its history; the
    /// quiet moves tried before it are penalised.
    pub fn reward(
        &mut self,
        side: u8,
        ply: usize,
        depth: i32,
        best: (Move, u8),
        tried: &[(Move, u8)],
    ) {
        let (mv, kind) = best;
        if self.killers[ply][0] != mv {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = mv;
        }
        let bonus = (depth * depth).min(400);
        let i = self.index(side, kind, mv.to);
        self.update(i, bonus);
        for &(other, other_kind) in tried {
            if other != mv {
                let j = self.index(side, other_kind, other.to);
                self.update(j, -bonus);
            }
        }
    }

    /// Gravity update: entries saturate smoothly at ±HISTORY_MAX.
    fn update(&mut self, i: usize, bonus: i32) {
        let h = &mut self.history[i];
        *h += bonus * 32 - *h * bonus.abs() * 32 / HISTORY_MAX;
        *h = (*h).clamp(-HISTORY_MAX, HISTORY_MAX);
    }

    /// Ages the tables between searches so old lessons fade.
    pub fn age(&mut self) {
        for h in &mut self.history {
            *h /= 2;
        }
        for k in &mut self.killers {
            *k = [Move::null(); 2];
        }
    }
}

/// Index of the highest-scored move at or after `start`, swapped into `start` (selection
/// sort: cheap, since most nodes cut off after a move or two).
#[inline]
pub fn pick_next(moves: &mut [Move], scores: &mut [i32], start: usize) {
    let mut best = start;
    for i in start + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(start, best);
    scores.swap(start, best);
}
