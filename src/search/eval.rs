//! Static evaluation, built from the variant's data so that one evaluator serves every board.
//!
//! The terms, all precomputed per (player, kind, square) into middlegame and endgame tables and
//! blended by how much material is left ("tapered"):
//! - material: each kind's value from the variant's piece table (pieces in hand count too);
//! - activity: a piece is worth more where it has more moves on an empty board, so knights and
//!   camels go to the centre and bishops to long diagonals, on any geometry, without hand-made
//!   piece-square tables;
//! - pawns: advancement, growing sharply near promotion in the endgame;
//! - royals: stay home and off the centre while the enemy has material, come out when it is gone.

use crate::core::board::Piece;
use crate::core::game::Game;
use crate::core::piece::KindId;
use crate::core::position::Position;
use crate::core::variant::Variant;

/// A side-to-move bonus (it is worth something to be the one who moves).
const TEMPO: i32 = 10;

pub struct Evaluator {
    kinds: usize,
    squares: usize,
    /// Index `(player * kinds + kind) * squares + sq`.
    middlegame: Vec<i16>,
    endgame: Vec<i16>,
    phase_weight: Vec<i32>,
    full_phase: i32,
    values: Vec<i32>,
    /// 1, or -1 in losing games (the goal is to lose men, so material counts against).
    sign: i32,
}

impl Evaluator {
    pub fn new(v: &Variant) -> Self {
        let kinds = v.kinds();
        let squares = v.geometry().squares();
        let players = v.spec.players as usize;
        let ranks = v.spec.orientation.ranks(v.geometry()).max(2);
        let mut middlegame = vec![0i16; players * kinds * squares];
        let mut endgame = vec![0i16; players * kinds * squares];
        let values: Vec<i32> = (0..kinds).map(|k| v.kind(k as KindId).value).collect();
        let phase_weight: Vec<i32> = (0..kinds)
            .map(|k| {
                let kind = v.kind(k as KindId);
                if kind.role.pawn || kind.role.royal {
                    0
                } else {
                    (kind.value / 100).max(1)
                }
            })
            .collect();
        for player in 0..players {
            for (kind, &value) in values.iter().enumerate() {
                let piece = v.kind(kind as KindId);
                let mobility: Vec<i32> = (0..squares)
                    .map(|sq| empty_board_moves(v, player as u8, kind as KindId, sq as u16))
                    .collect();
                let mean = mobility.iter().sum::<i32>() / squares.max(1) as i32;
                for (sq, &moves) in mobility.iter().enumerate() {
                    let at = (player * kinds + kind) * squares + sq;
                    let rank = v.relative_rank(sq as u16, player as u8) as i32;
                    let active = moves - mean;
                    let (mg, eg) = if piece.role.royal {
                        (-12 * rank - 3 * active.max(0), 4 * active)
                    } else if piece.role.pawn {
                        let last = ranks as i32 - 1;
                        let file = v.geometry().file_of(sq as u16) as i32;
                        let files = v.geometry().files() as i32;
                        let central = (files - 1) - (2 * file - (files - 1)).abs();
                        (
                            4 * rank + 2 * central * rank.min(3) / 2,
                            rank * rank * 140 / (last * last).max(1),
                        )
                    } else {
                        (3 * active, 2 * active)
                    };
                    middlegame[at] = (value + mg).clamp(-30000, 30000) as i16;
                    endgame[at] = (value + eg).clamp(-30000, 30000) as i16;
                }
            }
        }
        let full_phase = start_phase(v, &phase_weight).max(1);
        Evaluator {
            kinds,
            squares,
            middlegame,
            endgame,
            phase_weight,
            full_phase,
            values,
            sign: 1,
        }
    }

    /// The evaluator for a game: [`Evaluator::new`], negated where the game's goal is to lose
    /// material ([`Game::wants_material`]).
    pub fn for_game<G: Game>(game: &G) -> Self {
        let mut eval = Evaluator::new(game.variant());
        if !game.wants_material() {
            eval.sign = -1;
        }
        eval
    }

    /// The material value of a piece's kind (0 for royals).
    #[inline]
    pub fn value(&self, piece: Piece) -> i32 {
        self.values[piece.kind() as usize]
    }

    /// The material value of a kind.
    #[inline]
    pub fn kind_value(&self, kind: KindId) -> i32 {
        self.values[kind as usize]
    }

    /// The evaluation from the point of view of the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let side = pos.side();
        let (mut mg, mut eg, mut phase) = (0i32, 0i32, 0i32);
        for player in 0..pos.players() {
            let sign = if player == side { 1 } else { -1 };
            for sq in pos.occupied(player).iter() {
                let piece = pos.at(sq);
                let kind = piece.kind() as usize;
                let at = (player as usize * self.kinds + kind) * self.squares + sq as usize;
                mg += sign * self.middlegame[at] as i32;
                eg += sign * self.endgame[at] as i32;
                phase += self.phase_weight[kind];
            }
            for kind in 0..self.kinds {
                let held = pos.hand(player, kind as KindId) as i32;
                if held > 0 {
                    mg += sign * held * self.values[kind];
                    eg += sign * held * self.values[kind];
                    phase += held * self.phase_weight[kind];
                }
            }
        }
        let phase = phase.min(self.full_phase);
        self.sign * (mg * phase + eg * (self.full_phase - phase)) / self.full_phase + TEMPO
    }
}

/// How many cells a piece reaches from `sq` on an otherwise empty board.
fn empty_board_moves(v: &Variant, player: u8, kind: KindId, sq: u16) -> i32 {
    let leaps = v.moves.leaps(player, kind, sq).len();
    let rides: usize = v
        .moves
        .rays(player, kind, sq)
        .iter()
        .filter(|ray| ray.hop_after.is_none())
        .map(|ray| v.moves.cells(ray).len() - ray.lead as usize)
        .sum();
    (leaps + rides) as i32
}

/// The phase weight of the start position's pieces (the "full" middlegame).
fn start_phase(v: &Variant, weights: &[i32]) -> i32 {
    let mut total = 0;
    for c in v.spec.start.split(' ').next().unwrap_or("").chars() {
        if let Some(kind) = v.kind_by_letter(c.to_ascii_uppercase()) {
            total += weights[kind as usize];
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_position;
    use crate::variants::{AnyGame, game};

    fn western(name: &str) -> crate::variants::western::Western {
        match game(name).unwrap() {
            AnyGame::Western(g) => g,
            _ => panic!("{name} is a Western game"),
        }
    }

    #[test]
    fn start_positions_are_balanced_up_to_tempo() {
        for name in ["chess", "wildebeest"] {
            let g = western(name);
            let ev = Evaluator::new(g.variant());
            let pos = parse_position(&g, g.variant().spec.start).unwrap();
            assert_eq!(ev.evaluate(&pos), TEMPO, "{name}");
        }
    }

    #[test]
    fn central_knight_beats_corner_knight_and_material_counts() {
        let g = western("chess");
        let ev = Evaluator::new(g.variant());
        let centre = parse_position(&g, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
        let corner = parse_position(&g, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1").unwrap();
        let (c, k) = (ev.evaluate(&centre), ev.evaluate(&corner));
        assert!(c > k && k > 250, "centre {c}, corner {k}");
        let black_to_move = parse_position(&g, "4k3/8/8/8/3N4/8/8/4K3 b - - 0 1").unwrap();
        assert!(ev.evaluate(&black_to_move) < -250);
    }

    #[test]
    fn advanced_pawns_are_worth_more_in_the_endgame() {
        let g = western("chess");
        let ev = Evaluator::new(g.variant());
        let far = parse_position(&g, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let near = parse_position(&g, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1").unwrap();
        assert!(ev.evaluate(&far) > ev.evaluate(&near) + 80);
    }
}
