//! Evaluation terms that depend on how the men stand towards each other, so they cannot live
//! in the per-square tables of [`super::eval`]: mobility, pawn shelter and structure, passed
//! pawns, threats and the danger to the royal. Each is a count from the side to move's point
//! of view (its own minus the others'); the evaluator weighs them.
//!
//! Everything is read from the variant's move tables, so the same terms serve every flat board
//! and army: an attack map of each side ([`Board`]), built in one walk over the men, gives
//! safe mobility, threats, defended squares and the royal's attacked neighbourhood. Terms that
//! need files and ranks are zero on boards that are not flat; those that need the attack maps
//! are computed for two players on boards of up to [`SMALL`] cells (every flat two-player game
//! here), the rest keep the simpler terms.
//!
//! The maps are cell sets ([`crate::core::reach_sets`]): a man's reach is a set, so a cell two
//! of its moves reach counts once in its mobility and its attacks on a royal's neighbourhood
//! (the armies here have no such overlaps; the bench's count did not change when the maps
//! became sets).

use super::pawn_structure::{PawnStructure, PawnTable, passer_weight};
use crate::core::movegen::{moves_from, reach_from};
use crate::core::piece::{DANGER_ONCE, MOBILITY_ONCE};
use crate::core::position::Position;
use crate::core::reach_sets::{Cells, MAX_CELLS, Reach, cell, cells_in, has};
use crate::core::variant::Variant;
use crate::geometry::{NO_SQ, Sq};

/// How many terms there are, and their order.
pub const TERMS: usize = 16;
pub const NAMES: [&str; TERMS] = [
    "mobility",
    "shelter",
    "passed pawns",
    "royal tropism",
    "royal danger",
    "threat by pawn",
    "threat by lesser",
    "hanging",
    "doubled pawns",
    "isolated pawns",
    "supported pawns",
    "open file",
    "free passed pawns",
    "pair",
    "outposts",
    "passer royal distance",
];

/// Indexes into the term array.
const MOBILITY: usize = 0;
const SHELTER: usize = 1;
const PASSED: usize = 2;
const TROPISM: usize = 3;
const DANGER: usize = 4;
const THREAT_BY_PAWN: usize = 5;
const THREAT_BY_LESSER: usize = 6;
const HANGING: usize = 7;
const DOUBLED: usize = 8;
const ISOLATED: usize = 9;
const SUPPORTED: usize = 10;
const OPEN_FILE: usize = 11;
const FREE_PASSED: usize = 12;
const PAIR: usize = 13;
const OUTPOST: usize = 14;
const PASSER_ROYALS: usize = 15;

/// The largest board the attack-map terms are computed on.
pub const SMALL: usize = MAX_CELLS;
/// The most kinds the attack-map terms follow one by one (threats by cheaper kinds, safe
/// checks).
const MAX_KINDS: usize = 32;
/// The most files the pawn-structure terms follow.
pub const MAX_FILES: usize = 32;

/// The term counts for `pos`, side to move's view. `pawns` keeps the pawn structures of a
/// search ([`PawnTable::none`] for a position alone).
pub fn features(v: &Variant, pos: &Position, pawns: &mut PawnTable) -> [i32; TERMS] {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the processor has the instruction the function is compiled for.
        return unsafe { features_with_popcnt(v, pos, pawns) };
    }
    all_features(v, pos, pawns)
}

/// [`features`] compiled for processors with a population-count instruction (x86-64 has had
/// it since 2008, but the default target does not assume it). The attack maps count cells
/// at every officer: counted in software, a Wildebeest search took 2% more instructions.
/// Everything that counts is inlined here, so it is compiled with the instruction.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn features_with_popcnt(v: &Variant, pos: &Position, pawns: &mut PawnTable) -> [i32; TERMS] {
    all_features(v, pos, pawns)
}

#[inline(always)]
fn all_features(v: &Variant, pos: &Position, pawns: &mut PawnTable) -> [i32; TERMS] {
    let g = v.geometry();
    let flat = g.axes() == 2;
    if flat
        && pos.players() == 2
        && g.squares() <= SMALL
        && g.files() <= MAX_FILES
        && v.kinds() <= MAX_KINDS
    {
        return Board::with(v, pos, pawns, |b| b.terms());
    }
    let side = pos.side();
    let mut total = [0i32; TERMS];
    for player in 0..pos.players() {
        let sign = if player == side { 1 } else { -1 };
        let mut f = [0i32; TERMS];
        f[MOBILITY] = mobility(v, pos, player);
        if flat {
            let royal = pos.royals(player).first().unwrap_or(NO_SQ);
            f[SHELTER] = shelter(v, player, royal, |sq| {
                let p = pos.at(sq);
                !p.is_empty() && p.is_pawn() && p.owner() == player
            });
            f[PASSED] = passed_pawns(v, pos, player);
            f[TROPISM] = tropism(v, pos, player);
        }
        for i in 0..TERMS {
            total[i] += sign * f[i];
        }
    }
    total
}

/// The attack maps of a two-player position on a small flat board, as cell sets.
struct Board<'a> {
    v: &'a Variant,
    pos: &'a Position,
    /// Each player's men.
    men: [Cells; 2],
    /// Cells each player attacks, its royal included.
    attacked: [Cells; 2],
    /// Cells each player attacks with men other than its royal (those defend the royal's
    /// neighbourhood).
    attacked_by_men: [Cells; 2],
    /// What the pawns alone decide: their attacks, files and structure.
    pawns: PawnStructure,
    /// Per player and kind: the cells its officers of that kind attack. Pawns are left out:
    /// a man a pawn attacks counts as threatened by a pawn before any cheaper officer is
    /// looked for ([`Board::threats`]).
    kind_attacks: [[Cells; MAX_KINDS]; 2],
    /// Per player and kind: the cells its officers of that kind can move to.
    movers: [[Cells; MAX_KINDS]; 2],
    /// Per player: the cells any of its officers can move to.
    movers_any: [Cells; 2],
    /// Each player's royal's neighbourhood: the royal's cell and every cell it attacks.
    zone: [Cells; 2],
    royal: [Sq; 2],
    /// Per player: officers' moves onto cells no enemy pawn attacks, in quarters (each move
    /// counted as its kind's [`mobility`](crate::core::piece::PieceKind::mobility) says).
    mobility: [i32; 2],
    /// Per player: enemy officers attacking its zone, and their attacks on it.
    zone_attackers: [i32; 2],
    zone_attacks: [i32; 2],
    /// Per player: officers that ride along files on files without own pawns (2 when the file
    /// has no pawns at all).
    open_file: [i32; 2],
    /// Per player and cell colour: the colour-bound kinds it has on that colour.
    bound_on: [[u64; 2]; 2],
    /// Per player: minor officers on outposts.
    outposts: [i32; 2],
    /// Per player: how near enemy officers stand to its royal ([`tropism`], counted while
    /// the officers are walked).
    tropism: [i32; 2],
}

/// The most a kind may be worth to count as a minor officer (outposts).
const MINOR: u16 = 450;

/// A kind's value as the attack maps compare it.
fn attack_value(v: &Variant, kind: u8) -> u16 {
    v.kind(kind).value.clamp(0, 60000) as u16
}

impl<'a> Board<'a> {
    /// Builds the maps of `pos` and hands them to `then`. The maps stay in this frame:
    /// returning them (over 2 KB) cost a copy at every evaluation.
    #[inline(always)]
    fn with<R>(
        v: &'a Variant,
        pos: &'a Position,
        pawns: &mut PawnTable,
        then: impl FnOnce(&Board<'a>) -> R,
    ) -> R {
        let men = [pos.occupied(0).low_cells(), pos.occupied(1).low_cells()];
        let occupied = men[0] | men[1];
        let mut b = Board {
            v,
            pos,
            men,
            attacked: [0; 2],
            attacked_by_men: [0; 2],
            pawns: pawns.structure(v, pos, occupied),
            kind_attacks: [[0; MAX_KINDS]; 2],
            movers: [[0; MAX_KINDS]; 2],
            movers_any: [0; 2],
            zone: [0; 2],
            royal: [NO_SQ; 2],
            mobility: [0; 2],
            zone_attackers: [0; 2],
            zone_attacks: [0; 2],
            open_file: [0; 2],
            bound_on: [[0; 2]; 2],
            outposts: [0; 2],
            tropism: [0; 2],
        };
        // The pawns' structure first (safe mobility needs the enemy's pawn attacks), then the
        // royals (their zones must be known while the officers are walked), then the officers.
        for player in 0..2u8 {
            if let Some(royal) = cells_in(pos.royals(player).low_cells()).next() {
                let p = player as usize;
                b.royal[p] = royal;
                let captures = attacks(v, pos, player, royal, occupied);
                b.attacked[p] |= captures;
                b.zone[p] = cell(royal) | captures;
            }
        }
        for p in 0..2 {
            let pawn_attacks = b.pawns.attacks[p];
            b.attacked[p] |= pawn_attacks;
            b.attacked_by_men[p] |= pawn_attacks;
        }
        for player in 0..2u8 {
            b.walk_officers(player, occupied);
        }
        then(&b)
    }

    #[inline(always)]
    fn walk_officers(&mut self, player: u8, occupied: Cells) {
        let (v, pos) = (self.v, self.pos);
        let g = v.geometry();
        let p = player as usize;
        let enemy = 1 - p;
        let ranks = g.ranks();
        let enemy_royal = self.royal[enemy];
        let (royal_file, royal_rank) = if enemy_royal == NO_SQ {
            (0, 0)
        } else {
            (g.file_of(enemy_royal) as i32, g.rank_of(enemy_royal) as i32)
        };
        let enemies = self.men[enemy];
        let empty = !occupied;
        for from in cells_in(self.men[p]) {
            let piece = pos.at(from);
            if piece.is_pawn() || piece.is_royal() {
                continue;
            }
            let kind = piece.kind();
            let data = v.kind(kind);
            let value = attack_value(v, kind);
            let bit = 1u64 << (kind & 63);
            let reach = reach(v, pos, player, from, occupied);
            self.attacked[p] |= reach.captures;
            self.attacked_by_men[p] |= reach.captures;
            self.kind_attacks[p][kind as usize] |= reach.captures;
            let movable = reach.movable(empty, enemies);
            self.movers[p][kind as usize] |= movable;
            self.movers_any[p] |= movable;
            let safe = (movable & !self.pawns.attacks[enemy]).count_ones() as i32;
            self.mobility[p] += safe * data.mobility;
            let zone_hits = reach.captures & self.zone[enemy];
            if zone_hits != 0 {
                self.zone_attackers[enemy] += 1;
                self.zone_attacks[enemy] += (zone_hits.count_ones() as i32).min(4);
            }
            let file = g.file_of(from);
            if enemy_royal != NO_SQ {
                let d = distance(file as i32, g.rank_of(from) as i32, royal_file, royal_rank);
                self.tropism[enemy] += (4 - d).max(0);
            }
            if self.pawns.on_file[p][file] == 0 && v.rides_along_file(player, kind, from) {
                self.open_file[p] += 1 + i32::from(self.pawns.on_file[enemy][file] == 0);
            }
            if v.colour_bound & bit != 0 {
                self.bound_on[p][(file + g.rank_of(from)) & 1] |= bit;
            }
            // An outpost: a minor officer in the enemy's half (short of its last two ranks),
            // guarded by a pawn and beyond the reach of the enemy's pawns.
            let rank = v.relative_rank(from, player);
            if value <= MINOR
                && rank + 1 >= ranks / 2
                && rank + 3 <= ranks
                && has(self.pawns.attacks[p], from)
            {
                let lo = file.saturating_sub(1);
                let hi = (file + 1).min(g.files() - 1);
                if (lo..=hi)
                    .filter(|&f| f != file)
                    .all(|f| self.pawns.blocker_rank[enemy][f] as usize <= rank)
                {
                    self.outposts[p] += 1;
                }
            }
        }
    }

    /// How dangerous `player`'s royal's position is, weighed by what the royal's kind says its
    /// danger counts ([`PieceKind::danger`](crate::core::piece::PieceKind::danger)); 0 without
    /// a royal.
    #[inline(always)]
    fn danger(&self, player: u8) -> i32 {
        let royal = self.royal[player as usize];
        if royal == NO_SQ {
            return 0;
        }
        let quarters = self.v.kind(self.pos.at(royal).kind()).danger;
        self.gathered_danger(player, royal) * quarters / DANGER_ONCE
    }

    /// The danger gathered around `player`'s royal on `royal`: the enemy officers that attack
    /// its zone and how often, zone cells only the royal defends, and cells from which an enemy
    /// officer could give check without being taken. Squared, so that one attacker means little
    /// and a gathered attack much.
    #[inline(always)]
    fn gathered_danger(&self, player: u8, royal: Sq) -> i32 {
        let p = player as usize;
        let enemy = 1 - p;
        // Zone cells the enemy attacks that no own man but the royal defends.
        let weak =
            (self.zone[p] & self.attacked[enemy] & !self.attacked_by_men[p]).count_ones() as i32;
        let safe_checks = self.safe_checks(player, royal);
        if self.zone_attackers[p] < 2 && safe_checks == 0 {
            return 0;
        }
        let d = 4 * self.zone_attackers[p]
            + 3 * self.zone_attacks[p]
            + 4 * weak
            + 8 * safe_checks.min(4);
        d * d / 16
    }

    /// Cells from which an enemy officer that can move there would attack `royal` and which
    /// `player` does not attack (one per kind that could check from there).
    fn safe_checks(&self, player: u8, royal: Sq) -> i32 {
        let (v, pos) = (self.v, self.pos);
        let p = player as usize;
        let enemy = 1 - player;
        let movers = &self.movers[enemy as usize];
        // Only cells some enemy officer can move to and `player` does not attack can count.
        let candidates = self.movers_any[enemy as usize] & !self.attacked[p];
        if candidates == 0 {
            return 0;
        }
        let mut n = 0;
        let mut count = |sq: Sq, kinds: u64| {
            let mut kinds = kinds;
            while kinds != 0 {
                n += i32::from(has(movers[kinds.trailing_zeros() as usize], sq));
                kinds &= kinds - 1;
            }
        };
        // Most often no candidate is a cell a leap checks from: the leaps need no look.
        if v.attacks
            .leap_sources(enemy, royal)
            .is_none_or(|sources| sources & candidates != 0)
        {
            for leap in v.attacks.leaps(enemy, royal) {
                if has(candidates, leap.from) && (leap.via == NO_SQ || pos.at(leap.via).is_empty())
                {
                    count(leap.from, leap.kinds);
                }
            }
        }
        let occupied = self.men[0] | self.men[1];
        for ray in v.attacks.rays(enemy, royal) {
            if let Some(open) = ray.open_cells(occupied) {
                for sq in cells_in(open & candidates) {
                    count(sq, ray.kinds_at(royal, sq));
                }
                continue;
            }
            for &(sq, kinds) in &ray.cells {
                if has(candidates, sq) {
                    count(sq, kinds);
                }
                if !pos.at(sq).is_empty() {
                    break;
                }
            }
        }
        n
    }

    /// Threats against `player`'s men: [by pawns, by cheaper pieces, hanging].
    fn threats(&self, player: u8) -> [i32; 3] {
        let p = player as usize;
        let enemy = 1 - p;
        let mut out = [0; 3];
        for sq in cells_in(self.men[p] & self.attacked[enemy]) {
            let piece = self.pos.at(sq);
            if piece.is_royal() {
                continue;
            }
            if !piece.is_pawn() && has(self.pawns.attacks[enemy], sq) {
                out[0] += 1;
            } else if !piece.is_pawn() && self.attacked_by_cheaper(enemy, sq, piece.kind()) {
                out[1] += 1;
            } else if !has(self.attacked[p], sq) {
                out[2] += 1;
            }
        }
        out
    }

    /// Whether a pawn or officer of `player` worth less than `kind` attacks `sq` (a royal
    /// never counts as cheaper).
    fn attacked_by_cheaper(&self, player: usize, sq: Sq, kind: u8) -> bool {
        let value = attack_value(self.v, kind);
        (0..self.v.kinds() as u8).any(|k| {
            has(self.kind_attacks[player][k as usize], sq) && attack_value(self.v, k) < value
        })
    }

    /// The passed pawns' terms of `player` that depend on more than the pawns: [free passed,
    /// royals' distance]. Free passers are those whose next cell is empty and not attacked by
    /// the enemy; the royals' term weighs each passer by how much nearer its next cell the own
    /// royal stands than the enemy's. Both weight passers as
    /// [`passer_weight`](super::pawn_structure::passer_weight) does.
    fn passers(&self, player: u8) -> [i32; 2] {
        let (v, pos) = (self.v, self.pos);
        let g = v.geometry();
        let p = player as usize;
        let enemy = 1 - p;
        let last = (g.ranks() as i32 - 1).max(1);
        let forward = forward(v, player);
        let mut out = [0; 2];
        let cheb = |a: Sq, b: Sq| {
            if a == NO_SQ || b == NO_SQ {
                return 0;
            }
            distance(
                g.file_of(a) as i32,
                g.rank_of(a) as i32,
                g.file_of(b) as i32,
                g.rank_of(b) as i32,
            )
            .min(5)
        };
        for sq in cells_in(self.pawns.passers[p]) {
            let (file, rank) = (g.file_of(sq), g.rank_of(sq) as i32);
            let weight = passer_weight(v.relative_rank(sq, player) as i32, last);
            if let Some(stop) = g.square(&[file as i32, rank + forward]) {
                if pos.at(stop).is_empty() && !has(self.attacked[enemy], stop) {
                    out[0] += weight;
                }
                let near = 2 * cheb(self.royal[enemy], stop) - cheb(self.royal[p], stop);
                out[1] += weight * near / 4;
            }
        }
        out
    }

    #[inline(always)]
    fn terms(&self) -> [i32; TERMS] {
        let (v, pos) = (self.v, self.pos);
        let side = pos.side();
        let mut total = [0i32; TERMS];
        for player in 0..2u8 {
            let sign = if player == side { 1 } else { -1 };
            let mut f = [0i32; TERMS];
            f[MOBILITY] = self.mobility[player as usize] / MOBILITY_ONCE;
            let own_pawns = self.pawns.men[player as usize];
            f[SHELTER] = shelter(v, player, self.royal[player as usize], |sq| {
                has(own_pawns, sq)
            });
            f[TROPISM] = self.tropism[player as usize];
            f[DANGER] = self.danger(player);
            let [by_pawn, by_lesser, hanging] = self.threats(player);
            f[THREAT_BY_PAWN] = by_pawn;
            f[THREAT_BY_LESSER] = by_lesser;
            f[HANGING] = hanging;
            let p = player as usize;
            let [doubled, isolated, supported, passed] = self.pawns.counts[p];
            let [free, royals] = self.passers(player);
            f[PASSED] = passed;
            f[PASSER_ROYALS] = royals;
            f[PAIR] = (self.bound_on[p][0] & self.bound_on[p][1]).count_ones() as i32;
            f[OUTPOST] = self.outposts[p];
            f[DOUBLED] = doubled;
            f[ISOLATED] = isolated;
            f[SUPPORTED] = supported;
            f[OPEN_FILE] = self.open_file[player as usize];
            f[FREE_PASSED] = free;
            for i in 0..TERMS {
                total[i] += sign * f[i];
            }
        }
        total
    }
}

/// The reach of `player`'s man on `from` (a board of up to [`SMALL`] cells): from the
/// variant's cell sets when its kind is plain, else walked cell by cell.
#[inline(always)]
fn reach(v: &Variant, pos: &Position, player: u8, from: Sq, occupied: Cells) -> Reach {
    let kind = pos.at(from).kind();
    match &v.reach_sets {
        Some(sets) if sets.plain(kind) => sets.reach(player, kind, from, occupied),
        _ => {
            let mut reach = Reach::default();
            reach_from(v, pos, player, from, &mut |to, mode| reach.add(to, mode));
            reach
        }
    }
}

/// The cells `player`'s man on `from` attacks (a board of up to [`SMALL`] cells): the
/// captures of its [`reach`], without the moves.
#[inline]
pub(super) fn attacks(v: &Variant, pos: &Position, player: u8, from: Sq, occupied: Cells) -> Cells {
    let kind = pos.at(from).kind();
    match &v.reach_sets {
        Some(sets) if sets.plain(kind) => sets.captures(player, kind, from, occupied),
        _ => reach(v, pos, player, from, occupied).captures,
    }
}

/// Moves of the officers (neither pawns nor royals), captures included, each counted as its
/// kind says ([`PieceKind::mobility`](crate::core::piece::PieceKind::mobility)).
fn mobility(v: &Variant, pos: &Position, player: u8) -> i32 {
    let mut n = 0;
    for from in pos.occupied(player).iter() {
        let p = pos.at(from);
        if p.is_pawn() || p.is_royal() {
            continue;
        }
        let counts = v.kind(p.kind()).mobility;
        moves_from(v, pos, player, from, &mut |_, _| n += counts);
    }
    n / MOBILITY_ONCE
}

/// The direction (+1 or -1 in rank) in which `player`'s pawns advance.
fn forward(v: &Variant, player: u8) -> i32 {
    let g = v.geometry();
    if v.relative_rank(g.square(&[0, 0]).unwrap_or(0), player) == 0 {
        1
    } else {
        -1
    }
}

/// Own pawns on the three cells in front of `player`'s royal on `royal` while it is still at
/// home (first two ranks); 0 without a royal (`NO_SQ`). `own_pawn` says whether a cell holds
/// one of `player`'s pawns (the attack maps read it from the pawns' cells).
fn shelter(v: &Variant, player: u8, royal: Sq, own_pawn: impl Fn(Sq) -> bool) -> i32 {
    let g = v.geometry();
    if royal == NO_SQ || v.relative_rank(royal, player) > 1 {
        return 0;
    }
    let forward = forward(v, player);
    let (file, rank) = (g.file_of(royal) as i32, g.rank_of(royal) as i32);
    let (files, ranks) = (g.files() as i32, g.ranks() as i32);
    let ahead = rank + forward;
    if !(0..ranks).contains(&ahead) {
        return 0;
    }
    // A flat board's cell index is file + files * rank.
    (file - 1..=file + 1)
        .filter(|f| (0..files).contains(f))
        .filter(|&f| own_pawn((f + files * ahead) as Sq))
        .count() as i32
}

/// Passed pawns (no enemy pawn ahead on the same or a neighbouring file), each weighted by how
/// far it has come: 16 at the last rank before promotion, growing with the square.
fn passed_pawns(v: &Variant, pos: &Position, player: u8) -> i32 {
    let g = v.geometry();
    let last = (g.ranks() as i32 - 1).max(1);
    let enemy_pawns: Vec<(i32, i32)> = (0..pos.players())
        .filter(|&p| p != player)
        .flat_map(|p| pos.occupied(p).iter().map(move |sq| (sq, p)))
        .filter(|&(sq, _)| pos.at(sq).is_pawn())
        .map(|(sq, _)| (g.file_of(sq) as i32, v.relative_rank(sq, player) as i32))
        .collect();
    let mut score = 0;
    for sq in pos.occupied(player).iter() {
        if !pos.at(sq).is_pawn() {
            continue;
        }
        let (file, rank) = (g.file_of(sq) as i32, v.relative_rank(sq, player) as i32);
        let blocked = enemy_pawns
            .iter()
            .any(|&(f, r)| (f - file).abs() <= 1 && r > rank);
        if !blocked {
            score += rank * rank * 16 / (last * last);
        }
    }
    score
}

/// Enemy officers near `player`'s royal: 3 for a neighbour, 2 at distance two, 1 at three.
fn tropism(v: &Variant, pos: &Position, player: u8) -> i32 {
    let g = v.geometry();
    let Some(royal) = pos.royals(player).first() else {
        return 0;
    };
    let (rf, rr) = (g.file_of(royal) as i32, g.rank_of(royal) as i32);
    let mut n = 0;
    for enemy in (0..pos.players()).filter(|&p| p != player) {
        for sq in pos.occupied(enemy).iter() {
            let p = pos.at(sq);
            if p.is_pawn() || p.is_royal() {
                continue;
            }
            let d = distance(g.file_of(sq) as i32, g.rank_of(sq) as i32, rf, rr);
            n += (4 - d).max(0);
        }
    }
    n
}

fn distance(f1: i32, r1: i32, f2: i32, r2: i32) -> i32 {
    (f1 - f2).abs().max((r1 - r2).abs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::core::moves::Move;
    use crate::fen::parse_position;
    use crate::variants::random_games::visit_random_games;
    use crate::variants::{AnyGame, game};

    fn terms(fen: &str) -> [i32; TERMS] {
        let Ok(AnyGame::Western(g)) = game("chess") else {
            panic!("chess is a Western game")
        };
        let pos = parse_position(&g, fen).unwrap();
        features(g.variant(), &pos, &mut PawnTable::none())
    }

    /// The copy compiled for the population-count instruction counts exactly as the portable
    /// one, through random chess and Wildebeest games (attack maps of every kind of man).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_popcnt_build_counts_as_the_portable_one() {
        if !std::arch::is_x86_feature_detected!("popcnt") {
            return;
        }
        let visit = &mut |name: &str, v: &Variant, pos: &Position, _: &[Move]| {
            let portable = all_features(v, pos, &mut PawnTable::none());
            // SAFETY: the processor has popcnt (checked above).
            let counted = unsafe { features_with_popcnt(v, pos, &mut PawnTable::none()) };
            assert_eq!(portable, counted, "{name}");
        };
        visit_random_games(["chess", "wildebeest"], 300, 0x9E37_79B9_7F4A_7C15, visit);
    }

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(terms(crate::variants::chess::START), [0; TERMS]);
    }

    #[test]
    fn each_term_counts_what_it_says() {
        // A white rook on a1 beside its king on e1: b1-d1 and a2-a8, 10 moves, each counting
        // 7 quarters in chess: 70 / 4 = 17.
        assert_eq!(terms("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")[MOBILITY], 17);
        // Seen from Black to move the sign flips.
        assert_eq!(terms("4k3/8/8/8/8/8/8/R3K3 b - - 0 1")[MOBILITY], -17);
        // Safe mobility: a black pawn on b3 takes a2 and c2 from the rook's 10 moves: 9 · 7 / 4.
        assert_eq!(terms("4k3/8/8/8/8/1p6/8/R3K3 w - - 0 1")[MOBILITY], 15);
        // Short reach counts more a move: a knight's 8 moves from d4 count 11 quarters each
        // (88 / 4 = 22), a queen's 27 only 5 (135 / 4 = 33).
        assert_eq!(terms("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1")[MOBILITY], 22);
        assert_eq!(terms("4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1")[MOBILITY], 33);
        // Shelter: pawns f2 g2 h2 in front of a king on g1; Black's king has none.
        assert_eq!(terms("6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1")[SHELTER], 3);
        // A passed pawn on the 7th rank: 6*6*16/49 = 11; blocked by a pawn ahead, nothing.
        assert_eq!(terms("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")[PASSED], 11);
        // Pawns on neighbouring files facing each other: neither is passed.
        assert_eq!(terms("4k3/1p6/8/8/8/8/P7/4K3 w - - 0 1")[PASSED], 0);
        // A black knight next to the white king: White's count is 3 (its weight is negative).
        assert_eq!(terms("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1")[TROPISM], 3);
    }

    #[test]
    fn threats_and_hanging_men() {
        // A white knight on d4 attacked by the pawn on e5.
        assert_eq!(
            terms("4k3/8/8/4p3/3N4/8/8/4K3 w - - 0 1")[THREAT_BY_PAWN],
            1
        );
        // A white rook on d4 attacked by a black bishop on a7 (cheaper): threat by lesser.
        assert_eq!(
            terms("4k3/b7/8/8/3R4/8/8/4K3 w - - 0 1")[THREAT_BY_LESSER],
            1
        );
        // A black rook on d4 attacked by a white rook, nothing defends it: hanging (for Black,
        // so White to move counts -1).
        assert_eq!(terms("4k3/8/8/8/3r4/8/8/3RK3 w - - 0 1")[HANGING], -1);
    }

    #[test]
    fn pawn_structure_and_files() {
        // Doubled and isolated a-pawns; Black's pawns connected on f7 g7.
        let t = terms("4k3/5pp1/8/8/8/P7/P7/4K3 w - - 0 1");
        assert_eq!(t[DOUBLED], 2);
        assert_eq!(t[ISOLATED], 2);
        assert_eq!(t[SUPPORTED], -2);
        // A rook on an open file counts 2, a half-open file 1.
        assert_eq!(terms("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")[OPEN_FILE], 2);
        assert_eq!(terms("4k3/p7/8/8/8/8/8/R3K3 w - - 0 1")[OPEN_FILE], 1);
    }

    #[test]
    fn pairs_outposts_and_passers() {
        // Two bishops on both colours make a pair; two on one colour do not.
        assert_eq!(terms("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1")[PAIR], 1);
        assert_eq!(terms("4k3/8/8/8/8/8/8/2B1K1B1 w - - 0 1")[PAIR], 0);
        // A knight on d5 guarded by the e4 pawn, no black pawn on c or e files to chase it.
        assert_eq!(terms("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1")[OUTPOST], 1);
        assert_eq!(terms("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1")[OUTPOST], 0);
        // A passer on a6 with its royal near and the enemy's far scores more than the reverse.
        let near = terms("7k/8/P7/1K6/8/8/8/8 w - - 0 1")[PASSER_ROYALS];
        let far = terms("1k6/8/P7/8/8/8/8/7K w - - 0 1")[PASSER_ROYALS];
        assert!(near > far, "{near} {far}");
    }

    #[test]
    fn colour_bound_kinds_come_from_the_moves() {
        let Ok(AnyGame::Western(g)) = game("wildebeest") else {
            panic!("wildebeest is a Western game")
        };
        let v = g.variant();
        let names: Vec<&str> = (0..v.kinds() as u8)
            .filter(|&k| v.colour_bound & (1 << k) != 0)
            .map(|k| v.kind(k).name.as_str())
            .collect();
        assert_eq!(names, ["bishop", "camel"]);
    }

    #[test]
    fn file_riders_come_from_the_moves() {
        // From a central cell and from a corner, for both players: the kinds that ride along
        // the file are Wildebeest's rook and queen.
        let Ok(AnyGame::Western(g)) = game("wildebeest") else {
            panic!("wildebeest is a Western game")
        };
        let v = g.variant();
        for player in 0..2 {
            for from in [0, 60] {
                let names: Vec<&str> = (0..v.kinds() as u8)
                    .filter(|&k| v.rides_along_file(player, k, from))
                    .map(|k| v.kind(k).name.as_str())
                    .collect();
                assert_eq!(names, ["rook", "queen"], "player {player}, cell {from}");
            }
        }
    }

    #[test]
    fn a_gathered_attack_on_the_royal_is_dangerous() {
        // Black's queen and rook bear down on the white king with no pawn cover.
        let attacked = terms("3rk3/8/8/8/8/8/5q2/6K1 w - - 0 1")[DANGER];
        assert!(attacked > 0, "{attacked}");
        // Knights that can neither reach the royal's neighbourhood nor check it: no danger.
        assert_eq!(terms("4k3/3nn3/8/8/8/8/8/6K1 w - - 0 1")[DANGER], 0);
    }

    #[test]
    fn the_royal_kind_says_what_its_danger_counts() {
        // A black queen and rook against the white king, Black's king left alone: the term is
        // White's danger, counted once for chess's king and twice for Wildebeest's.
        for (name, fen, times) in [
            ("chess", "3rk3/8/8/8/8/4q3/8/5K2 w - - 0 1", 1),
            (
                "wildebeest",
                "3r1k5/11/11/11/11/11/11/4q6/11/5K5 w - - 0 1",
                2,
            ),
        ] {
            let Ok(AnyGame::Western(g)) = game(name) else {
                panic!("{name} is a Western game")
            };
            let pos = parse_position(&g, fen).unwrap();
            let (white, black) = Board::with(g.variant(), &pos, &mut PawnTable::none(), |b| {
                (
                    b.gathered_danger(0, b.royal[0]),
                    b.gathered_danger(1, b.royal[1]),
                )
            });
            assert!(white > 0 && black == 0, "{name}: {white} {black}");
            let term = features(g.variant(), &pos, &mut PawnTable::none())[DANGER];
            assert_eq!(term, times * white, "{name}");
        }
    }
}
