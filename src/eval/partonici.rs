//! The Partonici evaluation. The generic evaluator counts material that a capture *onto* a
//! square wins; here nothing is ever attacked in that sense, and the goal is a capture count
//! or the enemy royals, so the family scores positions itself:
//! - captures made (counting games): every capture is a point of the final result;
//! - material: pieces still on the board (power to capture later), promoted pieces worth more;
//! - advancement: unpromoted pieces gain as they near the last rank, promoted ones by
//!   activity (moves from the square on an empty board);
//! - royals (royal games): each royal is worth a lot, the last one more; pieces near the
//!   enemy royals and royals with more moves than the enemy's count (a royal is taken by two
//!   pieces closing a line around it, and escapes by moving);
//! - threats: the best custodian capture the opponent could make by moving a piece to a square
//!   it reaches, and its best other capture taking different pieces. The side to move can
//!   parry only one, so the second counts nearly in full, the first in part. A square where
//!   the enemy cannot complete a formation is safe: it adds no threat. The side to move's own
//!   captures are left to the search (quiescence plays them);
//! - promotion races: a piece that can reach the last rank with its next move (most of it for
//!   the side to move, which will promote; quiescence searches only promotions that win).

use crate::core::board::{Piece, SquareSet};
use crate::core::game::Game;
use crate::core::movegen::{empty_board_moves, moves_from, piece_moves};
use crate::core::piece::KindId;
use crate::core::position::Position;
use crate::core::variant::Variant;
use crate::variants::partonici::Partonici;
use crate::variants::partonici::captures::{find_captures, tally};
use crate::variants::partonici::end::EndRules;
use crate::variants::partonici::pieces::PieceTable;

/// Term weights (centipawns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per capture made, in the counting games.
    pub capture: i32,
    /// Unpromoted piece one rank before promotion (grows with the square of the ranks gone).
    pub advance: i32,
    /// Per empty-board move above the average, promoted pieces.
    pub activity: i32,
    /// Per royal left, and extra for the last one (royal games).
    pub royal: i32,
    pub last_royal: i32,
    /// Royal games: per own piece near an enemy royal (by closeness, up to 3 squares), and
    /// per move of one's own royals more than the enemy's.
    pub tropism: i32,
    pub royal_mobility: i32,
    /// Percent of the opponent's best and second (disjoint) threat counted against the side
    /// to move, which can parry one.
    pub enemy_threat: i32,
    pub enemy_second_threat: i32,
    /// Percent of the promotion gain counted when a piece can promote next move: the side to
    /// move's, the opponent's.
    pub own_promotion: i32,
    pub enemy_promotion: i32,
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            capture: 100,
            advance: 50,
            activity: 3,
            royal: 300,
            last_royal: 500,
            tropism: 6,
            royal_mobility: 3,
            enemy_threat: 35,
            enemy_second_threat: 80,
            own_promotion: 60,
            enemy_promotion: 30,
            tempo: 10,
        }
    }
}

/// Scores for the royal games: a threat that takes the last royal is this much.
const WINNING_THREAT: i32 = 3000;

/// How far beyond the quiescence window a score must be to skip the threat terms.
const LAZY_MARGIN: i32 = 600;

#[derive(Debug)]
pub struct PartoniciEval {
    kinds: usize,
    squares: usize,
    /// Material plus placement, index `(player * kinds + kind) * squares + sq`.
    placement: Vec<i32>,
    values: Vec<i32>,
    /// Gain in value when a piece of this kind promotes (0 if it does not).
    promotion_gain: Vec<i32>,
    end: EndRules,
    weights: Weights,
}

/// What one side could do with its next move, as the evaluation estimates it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Prospects {
    best_threat: i32,
    second_threat: i32,
    best_promotion: i32,
}

impl PartoniciEval {
    pub fn new(v: &Variant, table: &PieceTable, end: EndRules) -> Self {
        Self::with_weights(v, table, end, Weights::default())
    }

    pub fn with_weights(v: &Variant, table: &PieceTable, end: EndRules, weights: Weights) -> Self {
        let kinds = v.kinds();
        let squares = v.geometry().squares();
        let last = v.geometry().ranks() as i32 - 1;
        let values: Vec<i32> = (0..kinds).map(|k| v.kind(k as KindId).value).collect();
        let promotion_gain = (0..kinds)
            .map(|k| {
                let to = table.promoted_kind(k as KindId, 'Q');
                if to == crate::core::piece::NO_KIND {
                    0
                } else {
                    values[to as usize] - values[k]
                }
            })
            .collect();
        let mut placement = vec![0; 2 * kinds * squares];
        for player in 0..2u8 {
            for kind in 0..kinds {
                let mobility: Vec<i32> = (0..squares)
                    .map(|sq| empty_board_moves(v, player, kind as KindId, sq as u16))
                    .collect();
                let mean = mobility.iter().sum::<i32>() / squares.max(1) as i32;
                for sq in 0..squares {
                    let bonus = if table.info[kind].promoted {
                        weights.activity * (mobility[sq] - mean)
                    } else {
                        let rank = v.relative_rank(sq as u16, player) as i32;
                        weights.advance * rank * rank / (last * last).max(1)
                    };
                    placement[(player as usize * kinds + kind) * squares + sq] =
                        values[kind] + bonus;
                }
            }
        }
        PartoniciEval {
            kinds,
            squares,
            placement,
            values,
            promotion_gain,
            end,
            weights,
        }
    }

    /// The evaluation for the side to move, in centipawns. With a `window` (quiescence's
    /// alpha, beta), a score that is beyond it by more than any threat could change is
    /// returned without looking at threats.
    pub fn evaluate(&self, game: &Partonici, pos: &Position, window: Option<(i32, i32)>) -> i32 {
        let side = pos.side();
        let other = 1 - side;
        let w = &self.weights;
        let mut score = w.tempo;
        for player in [side, other] {
            let sign = if player == side { 1 } else { -1 };
            let mut own = 0;
            for sq in pos.occupied(player).iter() {
                let kind = pos.at(sq).kind() as usize;
                own += self.placement
                    [(player as usize * self.kinds + kind) * self.squares + sq as usize];
            }
            if self.end.royal {
                let royals = pos.royals(player).len() as i32;
                own += w.royal * royals + if royals == 1 { -w.last_royal } else { 0 };
                own += self.royal_hunt(game, pos, player);
            } else {
                own += w.capture * tally(pos, player) as i32;
            }
            score += sign * own;
        }
        if let Some((alpha, beta)) = window
            && (score - LAZY_MARGIN >= beta || score + LAZY_MARGIN <= alpha)
        {
            return score;
        }
        // The side to move's own captures are moves the search (and its quiescence) makes;
        // the opponent's are what it must parry. Promotions are not searched by quiescence,
        // so both sides' are counted here.
        let mine = self.prospects(game, pos, side, false);
        let theirs = self.prospects(game, pos, other, true);
        score + mine.best_promotion * w.own_promotion / 100
            - theirs.best_threat * w.enemy_threat / 100
            - theirs.second_threat * w.enemy_second_threat / 100
            - theirs.best_promotion * w.enemy_promotion / 100
    }

    /// Royal games: taking a royal needs two pieces around it on one line, so `player` gains
    /// for pieces near the enemy royals (tropism) and for its own royals' freedom against
    /// theirs (a royal with few moves is easier to trap).
    fn royal_hunt(&self, game: &Partonici, pos: &Position, player: u8) -> i32 {
        let v = game.variant();
        let g = v.geometry();
        let w = &self.weights;
        let distance = |a: u16, b: u16| {
            let df = g.file_of(a).abs_diff(g.file_of(b));
            let dr = g.rank_of(a).abs_diff(g.rank_of(b));
            df.max(dr) as i32
        };
        let mut score = 0;
        for royal in pos.royals(1 - player).iter() {
            for sq in pos.occupied(player).iter() {
                score += w.tropism * (4 - distance(sq, royal)).max(0);
            }
        }
        let moves = |owner: u8| {
            let mut n = 0;
            for royal in pos.royals(owner).iter() {
                moves_from(v, pos, owner, royal, &mut |_, _| n += 1);
            }
            n
        };
        score + w.royal_mobility * (moves(player) - moves(1 - player))
    }

    /// What a capture of the pieces on `taken` is worth to their captor.
    fn capture_value(&self, pos: &Position, taken: &SquareSet, victim: u8) -> i32 {
        let mut value = 0;
        for sq in taken.iter() {
            value += self.values[pos.at(sq).kind() as usize];
            if !self.end.royal {
                value += self.weights.capture;
            }
        }
        if self.end.royal {
            let royals = pos.royals(victim);
            if !royals.is_empty() && royals.iter().all(|r| taken.contains(r)) {
                value += WINNING_THREAT;
            }
        }
        value
    }

    /// The best captures (with `threats`) and promotion `player` could make with its next
    /// move. A landing is tried on every square a piece of `player` reaches (the origin is not
    /// emptied: a cheap estimate).
    fn prospects(&self, game: &Partonici, pos: &Position, player: u8, threats: bool) -> Prospects {
        let v = game.variant();
        let mut reach = SquareSet::default();
        let mut best_promotion = 0;
        let last = v.geometry().ranks() - 1;
        piece_moves(v, pos, player, |from, to| {
            reach.insert(to);
            if v.relative_rank(to, player) == last {
                best_promotion =
                    best_promotion.max(self.promotion_gain[pos.at(from).kind() as usize]);
            }
        });
        if !threats {
            return Prospects {
                best_promotion,
                ..Prospects::default()
            };
        }
        let marker = Piece::new(0, player, false, false);
        let mut found: Vec<(i32, SquareSet)> = Vec::new();
        for s in reach.iter() {
            let board = |sq| if sq == s { marker } else { pos.at(sq) };
            let taken = find_captures(game.lines(), game.capture_rules(), board, s, player);
            if !taken.is_empty() {
                found.push((self.capture_value(pos, &taken, 1 - player), taken));
            }
        }
        let Some(&(best, best_set)) = found.iter().max_by_key(|(value, _)| *value) else {
            return Prospects {
                best_promotion,
                ..Prospects::default()
            };
        };
        let second = found
            .iter()
            .filter(|(_, set)| set.iter().all(|sq| !best_set.contains(sq)))
            .map(|(value, _)| *value)
            .max()
            .unwrap_or(0);
        Prospects {
            best_threat: best,
            second_threat: second,
            best_promotion,
        }
    }
}
