//! The pawn-only part of the evaluation's board terms ([`super::features`]), and a table that
//! keeps it per pawn configuration.
//!
//! Where the pawns stand changes in few moves of a search (pawn moves, captures of and by
//! pawns), yet the attack maps walked every pawn and the pawn-structure terms looked at every
//! pawn at every evaluation: in Wildebeest, with eleven pawns a side, about a third of the
//! board terms' cost. [`PawnStructure`] is everything those walks find that depends on the
//! pawns alone; [`PawnTable`] keeps it by the pawns' cells, so most evaluations copy it
//! instead. What the table returns is what [`PawnStructure::of`] computes, so the search's
//! nodes do not change with it (the tests below and `bench` check that).

use super::features::{MAX_FILES, attacks};
use crate::core::position::Position;
use crate::core::reach_sets::{Cells, cell, cells_in, has};
use crate::core::variant::Variant;

/// Per player, what its pawns alone decide.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnStructure {
    /// Each player's pawns, royal ones too (the table's key).
    pub men: [Cells; 2],
    /// Cells each player's pawns other than royals attack.
    pub attacks: [Cells; 2],
    /// Per player and file: how many pawns it has there.
    pub on_file: [[u8; MAX_FILES]; 2],
    /// Per player and file: the rank (counted from the other player's side, so higher is
    /// nearer to the other's promotion) of its pawn least advanced there; 0 without pawns. A
    /// pawn of the other player is passed when every such rank on its file and the
    /// neighbouring ones is at most its own relative rank.
    pub blocker_rank: [[u8; MAX_FILES]; 2],
    /// Each player's passed pawns.
    pub passers: [Cells; 2],
    /// Per player: [doubled, isolated, supported, passed] pawns, passed ones weighted by
    /// [`passer_weight`].
    pub counts: [[i32; 4]; 2],
}

/// A passed pawn's weight by its rank counted from its own side: 16 on the rank before the
/// last, growing with the square of the distance come.
pub fn passer_weight(relative_rank: i32, last_rank: i32) -> i32 {
    relative_rank * relative_rank * 16 / (last_rank * last_rank)
}

impl PawnStructure {
    /// The structure of `pos`'s pawns (a flat two-player board of up to 128 cells and
    /// [`MAX_FILES`] files; `occupied` are the cells of all men).
    pub fn of(v: &Variant, pos: &Position, occupied: Cells) -> Self {
        let g = v.geometry();
        let mut s = PawnStructure::default();
        for player in 0..2u8 {
            let p = player as usize;
            s.men[p] = pos.pawns(player).low_cells();
            for from in cells_in(s.men[p]) {
                let piece = pos.at(from);
                if piece.is_royal() {
                    continue;
                }
                let file = g.file_of(from);
                s.on_file[p][file] = s.on_file[p][file].saturating_add(1);
                let seen_by_other = v.relative_rank(from, 1 - player) as u8;
                s.blocker_rank[p][file] = s.blocker_rank[p][file].max(seen_by_other);
                s.attacks[p] |= attacks(v, pos, player, from, occupied);
            }
        }
        for player in 0..2u8 {
            s.count(v, pos, player);
        }
        s
    }

    /// Fills `counts` and `passers` of `player` from the pawns' files and attacks.
    fn count(&mut self, v: &Variant, pos: &Position, player: u8) {
        let g = v.geometry();
        let p = player as usize;
        let enemy = 1 - p;
        let files = g.files();
        let last = (g.ranks() as i32 - 1).max(1);
        let per_file = &self.on_file[p];
        let mut counts = [0; 4];
        for sq in cells_in(self.men[p]) {
            if pos.at(sq).is_royal() {
                continue;
            }
            let file = g.file_of(sq);
            if per_file[file] > 1 {
                counts[0] += 1;
            }
            let left = file > 0 && per_file[file - 1] > 0;
            let right = file + 1 < files && per_file[file + 1] > 0;
            if !left && !right {
                counts[1] += 1;
            }
            // A pawn of the same player on the cell to either side (a flat board's index
            // differs by one along a rank).
            let beside = (file > 0 && has(self.men[p], sq - 1))
                || (file + 1 < files && has(self.men[p], sq + 1));
            if has(self.attacks[p], sq) || beside {
                counts[2] += 1;
            }
            let relative = v.relative_rank(sq, player) as i32;
            let lo = file.saturating_sub(1);
            let hi = (file + 1).min(files - 1);
            if (lo..=hi).all(|f| (self.blocker_rank[enemy][f] as i32) <= relative) {
                counts[3] += passer_weight(relative, last);
                self.passers[p] |= cell(sq);
            }
        }
        self.counts[p] = counts;
    }
}

/// Entries of a table (a power of two): a search meets a few thousand pawn configurations.
const ENTRIES: usize = 1 << 12;

/// [`PawnStructure`]s by the pawns' cells, for a variant whose pawns' attacks depend on
/// nothing but where the pawns stand: one pawn kind, not royal, capturing by leaps only.
/// Other variants get a table that keeps nothing, and every evaluation computes the
/// structure.
#[derive(Clone, Debug)]
pub struct PawnTable {
    /// The variant the structures are of (a search keeps the table for the next one, which
    /// may be of another game).
    variant: std::borrow::Cow<'static, str>,
    /// Each entry and whether it holds a structure.
    entries: Vec<(bool, PawnStructure)>,
}

impl PawnTable {
    /// A table for `v` (empty when its pawns' attacks depend on more than their cells).
    pub fn new(v: &Variant) -> Self {
        let entries = if Self::keeps(v) { ENTRIES } else { 0 };
        PawnTable {
            variant: v.spec.name.clone(),
            entries: vec![(false, PawnStructure::default()); entries],
        }
    }

    /// Whether the table serves `v`: it was made for it and keeps structures (a table that
    /// keeps nothing is made again at no cost).
    pub fn serves(&self, v: &Variant) -> bool {
        self.variant == v.spec.name && !self.entries.is_empty()
    }

    /// A table that keeps nothing (the tuner's and tests' evaluations of single positions).
    pub fn none() -> Self {
        PawnTable {
            variant: "".into(),
            entries: Vec::new(),
        }
    }

    /// Whether the pawns' cells decide `v`'s structure: at most one pawn kind, which is not
    /// royal and whose captures are plain leaps.
    fn keeps(v: &Variant) -> bool {
        let Some(sets) = &v.reach_sets else {
            return false;
        };
        let pawn_kinds: Vec<u8> = (0..v.kinds() as u8)
            .filter(|&k| v.kind(k).role.pawn)
            .collect();
        pawn_kinds.len() <= 1
            && pawn_kinds
                .iter()
                .all(|&k| !v.kind(k).role.royal && sets.fixed_captures(k))
    }

    /// The structure of `pos`'s pawns: from the table when it holds these cells, else
    /// computed (and kept).
    pub fn structure(&mut self, v: &Variant, pos: &Position, occupied: Cells) -> PawnStructure {
        if self.entries.is_empty() {
            return PawnStructure::of(v, pos, occupied);
        }
        let pawns = [pos.pawns(0).low_cells(), pos.pawns(1).low_cells()];
        let slot = &mut self.entries[index(pawns)];
        if slot.0 && slot.1.men == pawns {
            return slot.1;
        }
        let structure = PawnStructure::of(v, pos, occupied);
        *slot = (true, structure);
        structure
    }
}

/// The slot of a pawn configuration: its cells mixed by multiplication, the top bits.
fn index(pawns: [Cells; 2]) -> usize {
    const K: [u64; 4] = [
        0x9e37_79b9_7f4a_7c15,
        0xc2b2_ae3d_27d4_eb4f,
        0x1656_67b1_9e37_79f9,
        0x85eb_ca77_c2b2_ae63,
    ];
    let words = [
        pawns[0] as u64,
        (pawns[0] >> 64) as u64,
        pawns[1] as u64,
        (pawns[1] >> 64) as u64,
    ];
    let mixed = words
        .iter()
        .zip(K)
        .fold(0u64, |h, (&w, k)| (h ^ w).wrapping_mul(k));
    (mixed >> (64 - ENTRIES.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::core::moves::MoveList;
    use crate::fen::parse_position;
    use crate::variants::western_by_name as western;
    use crate::variants::{AnyGame, game};

    #[test]
    fn small_boards_keep_pawn_structures_large_ones_do_not() {
        for name in ["chess", "wildebeest"] {
            let g = western(name);
            let v = g.variant();
            assert!(PawnTable::keeps(v), "{name}");
            assert!(PawnTable::new(v).serves(v), "{name}");
            assert!(!PawnTable::none().serves(v), "{name}");
        }
        // A 6x6x6 board has no cell sets, so nothing says its pawns attack the same cells
        // wherever the other men stand.
        let Ok(AnyGame::Cubism(cubic)) = game("cubic") else {
            panic!("cubic is a Cubism game")
        };
        assert!(!PawnTable::keeps(cubic.variant()));
        assert!(!PawnTable::new(cubic.variant()).serves(cubic.variant()));
        // A table made for one game does not serve another.
        let chess = western("chess");
        let wildebeest = western("wildebeest");
        assert!(!PawnTable::new(chess.variant()).serves(wildebeest.variant()));
    }

    #[test]
    fn the_counts_say_what_the_pawns_do() {
        let g = western("chess");
        let v = g.variant();
        // White: doubled isolated a-pawns (a2 a3), c4 d5 chained; Black: h3 alone, passed.
        let pos = parse_position(&g, "4k3/8/8/3P4/2P5/P6p/P7/4K3 w - - 0 1").unwrap();
        let s = PawnStructure::of(v, &pos, pos.occupied_cells().unwrap());
        // doubled 2, isolated 2, supported 1 (d5 by c4), passed: all four white pawns.
        let w = |rank| passer_weight(rank, 7);
        assert_eq!(s.counts[0], [2, 2, 1, w(1) + w(2) + w(3) + w(4)]);
        assert_eq!(s.counts[1], [0, 1, 0, w(5)]);
        assert_eq!(w(5), 8);
        assert_eq!(s.passers[0].count_ones(), 4);
    }

    /// Played out over random games, the table's structure is always the computed one, and
    /// the table keeps it under the pawns' cells.
    #[test]
    fn the_table_returns_what_is_computed() {
        let starts = [
            ("chess", crate::variants::chess::START),
            ("wildebeest", crate::variants::wildebeest::START),
        ];
        for (name, start) in starts {
            let g = western(name);
            let v = g.variant();
            let mut table = PawnTable::new(v);
            let mut kept = 0;
            for game in 0..8 {
                let mut pos = parse_position(&g, start).unwrap();
                let mut moves = MoveList::new();
                for ply in 0..120 {
                    let occupied = pos.occupied_cells().unwrap();
                    let fresh = PawnStructure::of(v, &pos, occupied);
                    let slot = index([pos.pawns(0).low_cells(), pos.pawns(1).low_cells()]);
                    let before = table.entries[slot];
                    assert_eq!(table.structure(v, &pos, occupied), fresh, "{name}");
                    assert_eq!(table.entries[slot], (true, fresh), "{name}");
                    kept += usize::from(before == (true, fresh));
                    g.legal_moves(&mut pos, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    // A spread of moves that differs from game to game (no generator needed).
                    let pick = (ply * 37 + game * 101 + ply * ply) % moves.len();
                    g.make(&mut pos, moves[pick]);
                }
            }
            // Positions whose pawns stood so before were found, not recomputed.
            assert!(kept > 100, "{name}: {kept}");
        }
    }
}
