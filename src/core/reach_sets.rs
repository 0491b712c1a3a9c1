//! Where a man reaches, as a set of cells in one 128-bit word, on boards of up to 128 cells.
//!
//! The evaluation walks every man's moves at every node to build its attack maps; cell by
//! cell that walk was the largest cost of a search. Here each plain leap and ray of the
//! [`MoveTables`] becomes a bit mask once, so a man's whole reach is a few mask operations:
//! a ray's reach ends at its first occupied cell, found with one bit scan because the cells
//! of a straight ray on a flat board rise or fall in index. Kinds with moves that need more
//! than that (lame leaps, bent riders, hoppers) are marked not plain and keep the walk of
//! [`reach_from`](super::movegen::reach_from).

use super::piece::Mode;
use super::tables::MoveTables;
use crate::geometry::{NO_SQ, Sq};

/// A set of cells, bit `n` for cell `n`.
pub type Cells = u128;

/// The largest board the sets serve.
pub const MAX_CELLS: usize = 128;

/// The single cell `sq` as a set.
#[inline]
pub fn cell(sq: Sq) -> Cells {
    1 << sq
}

/// The given cells as a set.
#[inline]
pub fn set_of(cells: impl IntoIterator<Item = Sq>) -> Cells {
    cells.into_iter().fold(0, |set, sq| set | cell(sq))
}

/// Whether `set` holds `sq`.
#[inline]
pub fn has(set: Cells, sq: Sq) -> bool {
    set >> sq & 1 != 0
}

/// The cells of `set`, lowest first.
#[inline]
pub fn cells_in(set: Cells) -> impl Iterator<Item = Sq> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let sq = rest.trailing_zeros() as Sq;
            rest &= rest - 1;
            sq
        })
    })
}

/// The cells one man reaches: those it may move to when they are empty, and those it
/// attacks (captures on when they hold an enemy). Each ray's cells end at its first occupied
/// cell, which is included.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    pub moves: Cells,
    pub captures: Cells,
}

impl Reach {
    /// Adds a cell reached with `mode`.
    #[inline]
    pub fn add(&mut self, sq: Sq, mode: Mode) {
        if mode.can_move() {
            self.moves |= cell(sq);
        }
        if mode.can_capture() {
            self.captures |= cell(sq);
        }
    }

    /// The cells the man can go to now: empty cells it moves to and enemy men it captures.
    #[inline]
    pub fn movable(&self, empty: Cells, enemies: Cells) -> Cells {
        (self.moves & empty) | (self.captures & enemies)
    }
}

/// A plain ray as a mask; `ascending` when its cells rise in index away from the man. What
/// it reaches counts as moves where `moves` is all ones and as captures where `captures` is
/// (its mode as masks, so the hot loop has no branch on it).
#[derive(Clone, Copy, Debug)]
struct RayMask {
    cells: Cells,
    ascending: bool,
    moves: Cells,
    captures: Cells,
}

/// The leaps of one (player, kind, square) as two masks and where its rays are.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    leap_moves: Cells,
    leap_captures: Cells,
    rays: (u32, u32),
}

/// Per (player, kind, square): the masks of [`MoveTables`] for boards of up to
/// [`MAX_CELLS`] cells.
#[derive(Clone, Debug)]
pub struct ReachSets {
    kinds: usize,
    squares: usize,
    entries: Vec<Entry>,
    rays: Vec<RayMask>,
    /// Kinds (bit per kind) whose every move is a plain leap or a straight ray.
    plain: u64,
    /// Kinds (bit per kind) that capture by rays (their attacks depend on where the other men
    /// stand).
    ray_captures: u64,
}

impl ReachSets {
    /// The sets of a variant's move tables, or `None` on boards of more than [`MAX_CELLS`]
    /// cells.
    pub fn build(moves: &MoveTables, players: u8, kinds: usize, squares: usize) -> Option<Self> {
        if squares > MAX_CELLS || kinds > 64 {
            return None;
        }
        let mut sets = ReachSets {
            kinds,
            squares,
            entries: Vec::with_capacity(players as usize * kinds * squares),
            rays: Vec::new(),
            plain: u64::MAX >> (64 - kinds.max(1)),
            ray_captures: 0,
        };
        for player in 0..players {
            for kind in 0..kinds as u8 {
                for from in 0..squares as Sq {
                    let mut entry = Entry::default();
                    for leap in moves.leaps(player, kind, from) {
                        if leap.via != NO_SQ {
                            sets.plain &= !(1 << kind);
                        }
                        if leap.mode.can_move() {
                            entry.leap_moves |= cell(leap.to);
                        }
                        if leap.mode.can_capture() {
                            entry.leap_captures |= cell(leap.to);
                        }
                    }
                    let start = sets.rays.len() as u32;
                    for ray in moves.rays(player, kind, from) {
                        if ray.mode.can_capture() {
                            sets.ray_captures |= 1 << kind;
                        }
                        if ray.hop_after.is_some() || ray.lead > 0 {
                            sets.plain &= !(1 << kind);
                            continue;
                        }
                        let cells = moves.cells(ray);
                        let Some(&first) = cells.first() else {
                            continue;
                        };
                        let ascending = cells.windows(2).all(|w| w[0] < w[1]) && from < first;
                        let descending = cells.windows(2).all(|w| w[0] > w[1]) && from > first;
                        if !(ascending || descending) {
                            sets.plain &= !(1 << kind);
                            continue;
                        }
                        let all_if = |yes: bool| if yes { Cells::MAX } else { 0 };
                        sets.rays.push(RayMask {
                            cells: set_of(cells.iter().copied()),
                            ascending,
                            moves: all_if(ray.mode.can_move()),
                            captures: all_if(ray.mode.can_capture()),
                        });
                    }
                    entry.rays = (start, sets.rays.len() as u32);
                    sets.entries.push(entry);
                }
            }
        }
        Some(sets)
    }

    /// Whether every move of `kind` is in the sets ([`reach`](Self::reach) is exact for it).
    #[inline]
    pub fn plain(&self, kind: u8) -> bool {
        self.plain >> kind & 1 != 0
    }

    /// Whether every kind is [`plain`](Self::plain): then [`captures`](Self::captures) gives
    /// every man's attacks exactly.
    #[inline]
    pub fn every_kind_plain(&self) -> bool {
        self.plain == u64::MAX >> (64 - self.kinds.max(1))
    }

    /// Whether `kind` is plain and captures by leaps only: the cells it attacks do not depend
    /// on where the other men stand (a pawn's), so they can be kept with the men's cells.
    #[inline]
    pub fn fixed_captures(&self, kind: u8) -> bool {
        self.plain(kind) && self.ray_captures >> kind & 1 == 0
    }

    /// The reach of a plain `kind` man of `player` on `from` among the `occupied` cells.
    #[inline]
    pub fn reach(&self, player: u8, kind: u8, from: Sq, occupied: Cells) -> Reach {
        let entry = self.entry(player, kind, from);
        let mut reach = Reach {
            moves: entry.leap_moves,
            captures: entry.leap_captures,
        };
        for ray in &self.rays[entry.rays.0 as usize..entry.rays.1 as usize] {
            let cells = ray.open_cells(occupied);
            reach.moves |= cells & ray.moves;
            reach.captures |= cells & ray.captures;
        }
        reach
    }

    /// The cells a plain `kind` man of `player` on `from` attacks among the `occupied` cells:
    /// the captures of [`reach`](Self::reach) alone, without looking at the rays that only
    /// move (a pawn's pushes).
    #[inline]
    pub fn captures(&self, player: u8, kind: u8, from: Sq, occupied: Cells) -> Cells {
        let entry = self.entry(player, kind, from);
        let mut captures = entry.leap_captures;
        for ray in &self.rays[entry.rays.0 as usize..entry.rays.1 as usize] {
            if ray.captures != 0 {
                captures |= ray.open_cells(occupied);
            }
        }
        captures
    }

    /// The cells a plain `kind` man of `player` on `from` may capture on by a leap, whoever
    /// stands there: a capture generator skips the walk of the leaps when no enemy is among
    /// them.
    #[inline]
    pub fn leap_captures(&self, player: u8, kind: u8, from: Sq) -> Cells {
        self.entry(player, kind, from).leap_captures
    }

    /// Where each capturing ray of a plain `kind` man of `player` on `from` ends among the
    /// `occupied` cells (its first occupied cell, whoever stands there), in the order of the
    /// move tables' rays; rays that meet no man are left out.
    #[inline]
    pub fn ray_ends(
        &self,
        player: u8,
        kind: u8,
        from: Sq,
        occupied: Cells,
    ) -> impl Iterator<Item = Sq> + '_ {
        let entry = self.entry(player, kind, from);
        self.rays[entry.rays.0 as usize..entry.rays.1 as usize]
            .iter()
            .filter_map(move |ray| {
                // The ray's one occupied cell within its open cells, if it captures there.
                let end = ray.open_cells(occupied) & occupied & ray.captures;
                (end != 0).then(|| end.trailing_zeros() as Sq)
            })
    }

    #[inline]
    fn entry(&self, player: u8, kind: u8, from: Sq) -> &Entry {
        &self.entries[(player as usize * self.kinds + kind as usize) * self.squares + from as usize]
    }
}

impl RayMask {
    /// The ray's cells up to its first occupied one, which is included.
    #[inline]
    fn open_cells(&self, occupied: Cells) -> Cells {
        up_to_first(self.cells, self.ascending, occupied)
    }
}

/// The cells of a straight line (`line`, rising in index away from its start when
/// `ascending`) up to its first cell that `occupied` holds, which is included: all of them
/// when none is.
#[inline]
pub fn up_to_first(line: Cells, ascending: bool, occupied: Cells) -> Cells {
    let blockers = line & occupied;
    if blockers == 0 {
        line
    } else if ascending {
        line & (Cells::MAX >> (127 - blockers.trailing_zeros()))
    } else {
        line & (Cells::MAX << (127 - blockers.leading_zeros()))
    }
}
