//! Move and attack tables, computed once per variant from the piece atoms.
//!
//! "Tables, not branches": for every (player, kind, square) the generator reads a list of leap
//! targets and a list of rays (cells in order), so the same loop serves a 5x5 board, an 11x10
//! board and a 6x6x6 cube. The attack tables are the same facts turned around: for a target
//! square, where an attacker of each kind would stand.

use super::piece::{Mode, PieceKind, Reach};
use super::reach_sets::{Cells, MAX_CELLS, set_of, up_to_first};
use crate::geometry::{Geometry, NO_SQ, Sq, Vector};

/// How each player sees "forward". Player 0 moves up the rank axis (axis 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    /// Two players facing each other across the rank axis (all two-player games).
    Facing,
    /// Two players facing each other along several axes at once: player 1 sees every axis in
    /// the bit set `axes` reversed (Sphinx: the row of boards and the row of squares). A
    /// cell's rank is the mixed-radix count of those axes, the highest axis most significant
    /// (Sphinx: 4 x board row + square row, the rank of its flat 12x12 picture).
    Mirrored { axes: u8 },
}

impl Orientation {
    /// The vector `v` (written for player 0) as `player` uses it.
    pub fn orient(self, v: Vector, player: u8) -> Vector {
        match (self, player) {
            (_, 0) => v,
            (Orientation::Facing, _) => v.flip_rank(),
            (Orientation::Mirrored { axes }, _) => {
                let mut out = v;
                for (axis, c) in out.0.iter_mut().enumerate() {
                    if axes & (1 << axis) != 0 {
                        *c = -*c;
                    }
                }
                out
            }
        }
    }

    /// How many ranks a player counts (the size of the rank axis, or the product of the
    /// mirrored axes' sizes).
    pub fn ranks(self, geometry: &Geometry) -> usize {
        match self {
            Orientation::Facing => geometry.ranks(),
            Orientation::Mirrored { axes } => (0..geometry.axes())
                .filter(|a| axes & (1 << a) != 0)
                .map(|a| geometry.size(a))
                .product(),
        }
    }

    /// A square's rank counted from `player`'s own side (0 = own first rank).
    pub fn relative_rank(self, geometry: &Geometry, sq: Sq, player: u8) -> usize {
        let rank = match self {
            Orientation::Facing => geometry.rank_of(sq),
            Orientation::Mirrored { axes } => {
                let coords = geometry.coords(sq);
                (0..geometry.axes())
                    .rev()
                    .filter(|a| axes & (1 << a) != 0)
                    .fold(0, |r, a| r * geometry.size(a) + coords[a] as usize)
            }
        };
        if player == 0 {
            rank
        } else {
            self.ranks(geometry) - 1 - rank
        }
    }
}

/// A leap target: destination, the cell that must be empty for a lame leap (or `NO_SQ`), mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Leap {
    pub to: Sq,
    pub via: Sq,
    pub mode: Mode,
}

/// A ray: `len` cells starting at `start` in [`MoveTables::ray_cells`], in order of distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ray {
    pub start: u32,
    pub len: u16,
    pub mode: Mode,
    /// For hoppers: how many cells beyond the screen it may land (0 = any); `None` for riders.
    pub hop_after: Option<u8>,
    /// Leading cells that must be empty and are not destinations (a bent rider's first step).
    pub lead: u8,
}

#[derive(Clone, Copy, Debug, Default)]
struct Span {
    leaps: (u32, u32),
    rays: (u32, u32),
}

/// Per (player, kind, square): leap targets and rays.
#[derive(Clone, Debug)]
pub struct MoveTables {
    kinds: usize,
    squares: usize,
    spans: Vec<Span>,
    leaps: Vec<Leap>,
    rays: Vec<Ray>,
    ray_cells: Vec<Sq>,
}

impl MoveTables {
    pub fn build(
        geometry: &Geometry,
        orientation: Orientation,
        players: u8,
        pieces: &[PieceKind],
    ) -> Self {
        let squares = geometry.squares();
        let mut t = MoveTables {
            kinds: pieces.len(),
            squares,
            spans: Vec::with_capacity(players as usize * pieces.len() * squares),
            leaps: Vec::new(),
            rays: Vec::new(),
            ray_cells: Vec::new(),
        };
        for player in 0..players {
            for kind in pieces {
                for from in 0..squares as Sq {
                    let leap_start = t.leaps.len() as u32;
                    let ray_start = t.rays.len() as u32;
                    let rel_rank = orientation.relative_rank(geometry, from, player);
                    for atom in kind.atoms.iter().filter(|a| a.applies_on_rank(rel_rank)) {
                        for &v in &atom.vectors {
                            let v = orientation.orient(v, player);
                            t.add_atom_vector(geometry, from, v, atom.reach, atom.mode);
                        }
                    }
                    t.spans.push(Span {
                        leaps: (leap_start, t.leaps.len() as u32),
                        rays: (ray_start, t.rays.len() as u32),
                    });
                }
            }
        }
        t
    }

    fn add_atom_vector(&mut self, g: &Geometry, from: Sq, v: Vector, reach: Reach, mode: Mode) {
        match reach {
            Reach::Leap | Reach::Lame => {
                if let Some(to) = g.step(from, &v) {
                    let via = if reach == Reach::Lame {
                        g.step(from, &lame_step(v)).unwrap_or(NO_SQ)
                    } else {
                        NO_SQ
                    };
                    self.leaps.push(Leap { to, via, mode });
                }
            }
            Reach::Ride { range } | Reach::Hop { after: range } => {
                let start = self.ray_cells.len() as u32;
                let mut sq = from;
                let limit = if matches!(reach, Reach::Ride { .. }) && range > 0 {
                    range as usize
                } else {
                    usize::MAX
                };
                let mut len = 0usize;
                while len < limit {
                    match g.step(sq, &v) {
                        Some(next) => {
                            self.ray_cells.push(next);
                            sq = next;
                            len += 1;
                        }
                        None => break,
                    }
                }
                if len > 0 {
                    let hop_after = match reach {
                        Reach::Hop { after } => Some(after),
                        _ => None,
                    };
                    self.rays.push(Ray {
                        start,
                        len: len as u16,
                        mode,
                        hop_after,
                        lead: 0,
                    });
                }
            }
            Reach::Bent => {
                let Some(corner) = g.step(from, &v) else {
                    return;
                };
                for axis in (0..v.0.len()).filter(|&a| v.0[a] != 0) {
                    let mut outward = Vector::default();
                    outward.0[axis] = v.0[axis].signum();
                    let start = self.ray_cells.len() as u32;
                    self.ray_cells.push(corner);
                    let mut sq = corner;
                    while let Some(next) = g.step(sq, &outward) {
                        self.ray_cells.push(next);
                        sq = next;
                    }
                    let len = self.ray_cells.len() as u32 - start;
                    if len < 2 {
                        self.ray_cells.truncate(start as usize);
                        continue;
                    }
                    self.rays.push(Ray {
                        start,
                        len: len as u16,
                        mode,
                        hop_after: None,
                        lead: 1,
                    });
                }
            }
        }
    }

    #[inline]
    fn span(&self, player: u8, kind: u8, from: Sq) -> &Span {
        &self.spans[(player as usize * self.kinds + kind as usize) * self.squares + from as usize]
    }

    #[inline]
    pub fn leaps(&self, player: u8, kind: u8, from: Sq) -> &[Leap] {
        let s = self.span(player, kind, from);
        &self.leaps[s.leaps.0 as usize..s.leaps.1 as usize]
    }

    #[inline]
    pub fn rays(&self, player: u8, kind: u8, from: Sq) -> &[Ray] {
        let s = self.span(player, kind, from);
        &self.rays[s.rays.0 as usize..s.rays.1 as usize]
    }

    #[inline]
    pub fn cells(&self, ray: &Ray) -> &[Sq] {
        &self.ray_cells[ray.start as usize..ray.start as usize + ray.len as usize]
    }
}

/// The cell a lame leap passes: a unit step along the vector's largest components.
fn lame_step(v: Vector) -> Vector {
    let max = v.0.iter().map(|c| c.abs()).max().unwrap_or(0);
    Vector(v.0.map(|c| if c.abs() == max { c.signum() } else { 0 }))
}

/// The cells from `from` (exclusive) along `v` to the edge.
fn line_from(geometry: &Geometry, from: Sq, v: Vector) -> Vec<(Sq, u64)> {
    let mut cells = Vec::new();
    let mut sq = from;
    while let Some(next) = geometry.step(sq, &v) {
        cells.push((next, 0));
        sq = next;
    }
    cells
}

/// One cell from which an attacker may leap onto the target, with the kinds that can.
#[derive(Clone, Copy, Debug)]
pub struct LeapAttack {
    pub from: Sq,
    pub via: Sq,
    pub kinds: u64,
}

/// A line out of the target: cells in order, each with the kinds that attack the target from
/// there (a ranged rider's mask ends where its range does).
#[derive(Clone, Debug)]
pub struct RayAttack {
    pub cells: Vec<(Sq, u64)>,
    /// The cells as a set, on boards of up to 128 cells where the line's cells step by a
    /// constant amount (every straight line of a flat board); 0 where the cells must be
    /// walked.
    mask: Cells,
    /// Whether the cells rise in index, and by how much from one to the next.
    ascending: bool,
    step: u16,
    /// The line's first cell and the kinds that attack from it.
    first: (Sq, u64),
    /// The kinds that attack from every cell after the first, when they are the same all
    /// along (riders without a range; a royal's or a pawn's step is the first cell's
    /// difference): no need to find the cell's place in the line.
    beyond_first: Option<u64>,
}

impl RayAttack {
    fn new(target: Sq, cells: Vec<(Sq, u64)>, squares: usize) -> Self {
        let step = cells[0].0.abs_diff(target);
        let constant = cells
            .iter()
            .enumerate()
            .all(|(i, &(sq, _))| sq.abs_diff(target) == step * (i as u16 + 1));
        let ascending = cells[0].0 > target;
        let straight = cells.iter().all(|&(sq, _)| (sq > target) == ascending);
        let mask = if squares <= MAX_CELLS && constant && straight && step > 0 {
            set_of(cells.iter().map(|&(sq, _)| sq))
        } else {
            0
        };
        let beyond = cells.get(1).map_or(0, |&(_, kinds)| kinds);
        let beyond_first = cells
            .iter()
            .skip(1)
            .all(|&(_, kinds)| kinds == beyond)
            .then_some(beyond);
        RayAttack {
            first: cells[0],
            cells,
            mask,
            ascending,
            step,
            beyond_first,
        }
    }

    /// Whether the line has a mask (its first man is found by a bit scan).
    pub fn has_mask(&self) -> bool {
        self.mask != 0
    }

    /// True when the line has a mask and none of its cells is in `set`: no man of `set` can
    /// be the line's first, so the line needs no look.
    #[inline]
    pub fn misses(&self, set: Cells) -> bool {
        self.mask != 0 && self.mask & set == 0
    }

    /// The first cell along the line that `occupied` holds, with the kinds that attack the
    /// target from there. `cells` is the same occupancy as a set (`None` on boards of more
    /// than 128 cells): one bit scan finds the cell where the line has a mask.
    #[inline]
    pub fn first_occupied(
        &self,
        target: Sq,
        cells: Option<Cells>,
        occupied: impl Fn(Sq) -> bool,
    ) -> Option<(Sq, u64)> {
        if let Some(set) = cells
            && self.mask != 0
        {
            let hit = self.mask & set;
            if hit == 0 {
                return None;
            }
            let sq = if self.ascending {
                hit.trailing_zeros()
            } else {
                127 - hit.leading_zeros()
            } as Sq;
            return Some((sq, self.kinds_at(target, sq)));
        }
        self.cells.iter().copied().find(|&(sq, _)| occupied(sq))
    }

    /// The line's cells up to its first one `occupied` holds (included), as a set; `None`
    /// where the line has no mask.
    #[inline]
    pub fn open_cells(&self, occupied: Cells) -> Option<Cells> {
        (self.mask != 0).then(|| up_to_first(self.mask, self.ascending, occupied))
    }

    /// The kinds that attack `target` from `sq`, a cell of this line (which has a mask).
    #[inline]
    pub fn kinds_at(&self, target: Sq, sq: Sq) -> u64 {
        match self.beyond_first {
            _ if sq == self.first.0 => self.first.1,
            Some(kinds) => kinds,
            None => self.cells[(sq.abs_diff(target) / self.step) as usize - 1].1,
        }
    }
}

/// Per (attacking player, target square): who could capture there.
#[derive(Clone, Debug)]
pub struct AttackTables {
    squares: usize,
    leaps: Vec<Vec<LeapAttack>>,
    /// The cells of each list of `leaps` as a set (boards of up to 128 cells only): where no
    /// man of the attacker stands there, no leap needs a look.
    leap_sources: Vec<Cells>,
    rays: Vec<Vec<RayAttack>>,
    /// Kinds whose captures need the slow path (hoppers): checked by walking their own rays.
    pub indirect_kinds: u64,
}

impl AttackTables {
    pub fn build(
        geometry: &Geometry,
        orientation: Orientation,
        players: u8,
        pieces: &[PieceKind],
        moves: &MoveTables,
    ) -> Self {
        let squares = geometry.squares();
        let cells = players as usize * squares;
        let mut leaps: Vec<Vec<LeapAttack>> = vec![Vec::new(); cells];
        // Rays keyed by (target, direction) while building.
        let mut rays: Vec<std::collections::BTreeMap<Vector, Vec<(Sq, u64)>>> =
            vec![Default::default(); cells];
        let mut indirect_kinds = 0u64;
        for player in 0..players {
            for (k, kind) in pieces.iter().enumerate() {
                let bit = 1u64 << k;
                for from in 0..squares as Sq {
                    for leap in moves.leaps(player, k as u8, from) {
                        if !leap.mode.can_capture() {
                            continue;
                        }
                        let list = &mut leaps[player as usize * squares + leap.to as usize];
                        match list
                            .iter_mut()
                            .find(|a| a.from == from && a.via == leap.via)
                        {
                            Some(a) => a.kinds |= bit,
                            None => list.push(LeapAttack {
                                from,
                                via: leap.via,
                                kinds: bit,
                            }),
                        }
                    }
                    let rel_rank = orientation.relative_rank(geometry, from, player);
                    for atom in kind.atoms.iter().filter(|a| a.applies_on_rank(rel_rank)) {
                        if !atom.mode.can_capture() {
                            continue;
                        }
                        let range = match atom.reach {
                            Reach::Ride { range } => range,
                            Reach::Hop { .. } | Reach::Bent => {
                                indirect_kinds |= bit;
                                continue;
                            }
                            _ => continue,
                        };
                        for &v in &atom.vectors {
                            let v = orientation.orient(v, player);
                            let mut sq = from;
                            let mut dist = 0u8;
                            while let Some(next) = geometry.step(sq, &v) {
                                dist += 1;
                                if range > 0 && dist > range {
                                    break;
                                }
                                sq = next;
                                let back = v.negate();
                                let line = rays[player as usize * squares + sq as usize]
                                    .entry(back)
                                    .or_insert_with(|| line_from(geometry, sq, back));
                                let d = dist as usize - 1;
                                line[d].1 |= bit;
                            }
                        }
                    }
                }
            }
        }
        let rays = rays
            .into_iter()
            .enumerate()
            .map(|(i, by_dir)| {
                let target = (i % squares) as Sq;
                by_dir
                    .into_values()
                    .filter_map(|mut cells| {
                        while cells.last().is_some_and(|c| c.1 == 0) {
                            cells.pop();
                        }
                        (!cells.is_empty()).then(|| RayAttack::new(target, cells, squares))
                    })
                    .collect()
            })
            .collect();
        let leap_sources = if squares <= MAX_CELLS {
            leaps
                .iter()
                .map(|list| set_of(list.iter().map(|leap| leap.from)))
                .collect()
        } else {
            Vec::new()
        };
        AttackTables {
            squares,
            leaps,
            leap_sources,
            rays,
            indirect_kinds,
        }
    }

    #[inline]
    pub fn leaps(&self, attacker: u8, target: Sq) -> &[LeapAttack] {
        &self.leaps[attacker as usize * self.squares + target as usize]
    }

    /// The cells [`leaps`](Self::leaps) come from, as a set (`None` on boards of more than
    /// 128 cells).
    #[inline]
    pub fn leap_sources(&self, attacker: u8, target: Sq) -> Option<Cells> {
        self.leap_sources
            .get(attacker as usize * self.squares + target as usize)
            .copied()
    }

    #[inline]
    pub fn rays(&self, attacker: u8, target: Sq) -> &[RayAttack] {
        &self.rays[attacker as usize * self.squares + target as usize]
    }
}
