//! One search thread's hidden layers, one pair per ply of the position, brought up to date
//! lazily from the nearest ply whose layers are known.
//!
//! Why lazily and from the position's records: a move's changes are already written down by
//! [`Position`]'s undo records (every cell a move touches, whatever the game's side effects),
//! so the layers need no hook in make/unmake. When a position is evaluated, the layers of the
//! nearest earlier ply on the same line (same hash there) are copied and the cells changed
//! since are taken out and put in: two to four rows per move instead of every man. Plies
//! never evaluated (cut off, or scored from the cache) cost nothing.

use super::{Network, men};
use crate::core::board::Piece;
use crate::core::position::Position;
use crate::geometry::Sq;

/// How many plies back an update may start; beyond, the layers are summed afresh.
const MAX_CATCH_UP: usize = 12;
/// How many changed cells an update may take; beyond, the layers are summed afresh.
const MAX_CHANGED: usize = 24;

#[derive(Debug, Default)]
pub struct Accumulators {
    hidden: usize,
    /// `2 * hidden` values per ply: the first player's layer, then the second's.
    layers: Vec<i16>,
    /// Per ply: the hash of the position the layers belong to, when they are known.
    known: Vec<Option<u64>>,
    /// Per ply: whether each player's layer sees the board mirrored left to right.
    flips: Vec<[bool; 2]>,
    changes: Vec<(Sq, Piece, Piece)>,
}

impl Accumulators {
    /// The score of `pos` for the side to move.
    pub fn evaluate(&mut self, net: &Network, pos: &Position) -> i32 {
        let ply = pos.ply();
        self.fit(net.hidden(), ply);
        let width = 2 * self.hidden;
        if self.known[ply] != Some(pos.hash()) {
            self.bring_up_to_date(net, pos, ply);
            self.known[ply] = Some(pos.hash());
        }
        net.output(&self.layers[ply * width..][..width], pos.side(), men(pos))
    }

    /// Room for plies up to `ply`, for layers `hidden` wide (a new width forgets them all).
    fn fit(&mut self, hidden: usize, ply: usize) {
        if hidden != self.hidden {
            self.hidden = hidden;
            self.layers.clear();
            self.known.clear();
            self.flips.clear();
        }
        if self.known.len() <= ply {
            let plies = (ply + 1).next_power_of_two().max(64);
            self.known.resize(plies, None);
            self.flips.resize(plies, [false; 2]);
            self.layers.resize(plies * 2 * hidden, 0);
        }
    }

    /// Computes the layers of `pos` at `ply` from the nearest known earlier ply, or afresh
    /// (each player's layer on its own when its royal crossed to the other half).
    fn bring_up_to_date(&mut self, net: &Network, pos: &Position, ply: usize) {
        let h = self.hidden;
        let width = 2 * h;
        let flips = [net.mirrors(pos, 0), net.mirrors(pos, 1)];
        self.flips[ply] = flips;
        let base = (ply.saturating_sub(MAX_CATCH_UP)..ply)
            .rev()
            .find(|&earlier| {
                self.known[earlier].is_some() && self.known[earlier] == pos.hash_at(earlier)
            });
        let base = base.filter(|&b| pos.changed_cells_since(b, MAX_CHANGED, &mut self.changes));
        let (before, after) = self.layers.split_at_mut(ply * width);
        let out = &mut after[..width];
        for player in 0..2u8 {
            let range = player as usize * h..(player as usize + 1) * h;
            match base {
                Some(b) if self.flips[b][player as usize] == flips[player as usize] => {
                    let from = &before[b * width..][..width][range.clone()];
                    net.update(
                        player,
                        flips[player as usize],
                        from,
                        &mut out[range],
                        &self.changes,
                    )
                }
                _ => net.refresh(pos, player, flips[player as usize], &mut out[range]),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::core::moves::MoveList;
    use crate::eval::network::{NetworkFile, View};
    use crate::fen::parse_position;
    use crate::variants::western_by_name as western;

    /// A network with small pseudo-random weights for `g`'s board (nothing trained: the
    /// test is that updated layers equal fresh ones).
    pub fn scrambled(g: &impl Game, hidden: usize, mirror_files: bool) -> Network {
        let v = g.variant();
        let (kinds, squares) = (v.kinds(), v.geometry().squares());
        let mut seed = 12345u64;
        let mut next = |range: i64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as i64 % (2 * range + 1) - range) as i16
        };
        let file = NetworkFile {
            kinds,
            squares,
            hidden,
            buckets: 8,
            men_per_bucket: 4,
            view: View::MirrorRanks,
            mirror_files,
            feature_weights: (0..2 * kinds * squares * hidden)
                .map(|_| next(60))
                .collect(),
            feature_bias: (0..hidden).map(|_| next(100)).collect(),
            output_weights: (0..8 * 2 * hidden).map(|_| next(100)).collect(),
            output_bias: vec![7; 8],
        };
        Network::from_bytes(&file.to_bytes(), v).unwrap()
    }

    /// Visits positions as a search does: along a random game, and at each of its positions
    /// a small tree of random moves made and taken back, so layers are caught up from the
    /// ply before, from several plies back and across branches of the same ply.
    fn visit_trees<G: Game>(g: &G, plies: usize, seed: u64, visit: &mut dyn FnMut(&Position)) {
        let mut rng = seed;
        let mut next = move |n: usize| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % n as u64) as usize
        };
        fn tree<G: Game>(
            g: &G,
            pos: &mut Position,
            depth: usize,
            next: &mut dyn FnMut(usize) -> usize,
            visit: &mut dyn FnMut(&Position),
        ) {
            // Some interior nodes are not evaluated, as when a search cuts off before.
            if depth.is_multiple_of(2) || next(3) > 0 {
                visit(pos);
            }
            if depth == 0 {
                return;
            }
            let mut moves = MoveList::new();
            g.legal_moves(pos, &mut moves);
            for _ in 0..moves.len().min(2) {
                let mv = moves[next(moves.len())];
                g.make(pos, mv);
                tree(g, pos, depth - 1, next, visit);
                g.unmake(pos);
            }
        }
        let mut pos = parse_position(g, &g.variant().spec.start).unwrap();
        let mut moves = MoveList::new();
        for _ in 0..plies {
            tree(g, &mut pos, 3, &mut next, visit);
            g.legal_moves(&mut pos, &mut moves);
            if moves.is_empty() {
                return;
            }
            let mv = moves[next(moves.len())];
            g.make(&mut pos, mv);
        }
    }

    #[test]
    fn updated_layers_equal_layers_summed_afresh_along_random_games() {
        for (name, mirror) in [("chess", false), ("chess", true), ("wildebeest", true)] {
            let g = western(name);
            let net = scrambled(&g, 64, mirror);
            let mut acc = Accumulators::default();
            let mut checked = 0;
            for seed in [7, 99, 12345] {
                visit_trees(&g, 60, seed, &mut |pos| {
                    assert_eq!(acc.evaluate(&net, pos), net.evaluate_afresh(pos), "{name}");
                    checked += 1;
                });
            }
            assert!(checked > 1000, "{name}: {checked}");
        }
    }
}
