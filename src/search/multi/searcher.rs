//! The N-player alpha-beta tree: iterative deepening over turns searched atom by atom, with
//! paranoid or best-reply (BRS+) opponents. Scores are always from the root player's view:
//! the root's nodes maximise, everyone else's minimise.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::time::Duration;

use super::{Algorithm, MultiEvaluate, MultiReport, MultiResult, MultiSettings, Skip};
use crate::core::multi::{MultiOutcome, Player};
use crate::search::TranspositionTable;
use crate::search::time::{Budget, Limits, SoftRule};
use crate::search::tt::{Bound, NO_MOVE};
use crate::search::{Control, INFINITY, MATE, MATE_BOUND, MAX_PLY};

/// Where a node stands, as the search of one of its atoms needs it.
struct Here {
    depth: i32,
    ply: usize,
    turns: u32,
    /// BRS: whether the opponents' reply has been made since the root's turn.
    replied: bool,
    /// The mover's turn is under way (not at its first atom).
    open: bool,
    /// The mover is the root player.
    maximizing: bool,
}

/// The N-player deepening loop's soft limit ([`Budget::past_soft_limit`]): an N-player
/// iteration costs several times all before it, so it stops at half the scaled plan.
const SOFT_RULE: SoftRule = SoftRule {
    by_stable_iterations: &[1.3, 1.0, 0.8],
    max_scale: 2.5,
    share: 0.5,
};

/// How often (in nodes) the node limit and the stop flag are looked at (and the node count
/// shared). The clock is looked at every node: a Party node late in an 8-player hand lists
/// hundreds of placements, so 64 of them can take longer than a short clock's increment.
const CHECK_EVERY: u64 = 64;

/// How many times the planned (soft) time an iteration after the first may run before it is
/// stopped mid-way: the plan is kept within this factor, whatever an iteration costs.
const LATER_ITERATIONS: f64 = 1.5;

/// Capture turns in a row the quiescence search follows.
const QUIESCENCE_TURNS: u32 = 4;

/// A player in check at the horizon gets one more turn (escape or surrender) while fewer
/// turns than this have been made from the root.
const CHECK_EXTENSION_TURNS: u32 = 8;

/// Later atoms of a turn tried at most (besides `END_TURN`), in the root player's first turn
/// and elsewhere (plus `TAIL_PER_DEPTH` per ply of depth left).
const ROOT_TAIL: usize = 6;
const TAIL_BASE: usize = 2;
const TAIL_PER_DEPTH: usize = 2;

/// Root plays searched beyond the first iteration: the best ones of the iteration before.
const ROOT_BEAM: usize = 8;
/// In the first iteration, root plays up to this much worse than the best so far still get
/// an exact score (the beam's order); worse ones only a bound.
const BEAM_MARGIN: i32 = 300;
/// What the later atoms of a turn (placements) may add to its first atom's static score.
const TAIL_ALLOWANCE: i32 = 200;

/// History entries (per player), indexed by a hash of the atom.
const HISTORY_SLOTS: usize = 1 << 14;
const HISTORY_MAX: i32 = 1 << 14;

/// What `node` returns for a partial turn that cannot be finished legally (the search walks
/// [`MultiGame::candidate_atoms`], which may offer such dead ends): outside every real score,
/// never stored, and skipped by the parent.
const DEAD: i32 = -4 * INFINITY;

/// At a node inside a turn, candidates that turned out dead ends are tried at most this many
/// times the width before the node gives up (and is itself counted a dead end).
const DEAD_END_TRIES: usize = 4;

/// Move-ordering bands.
const HASH_ATOM: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;

/// One step of a principal variation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PvStep<A> {
    Atom(A),
    /// An opponent skipped its turn (a null turn of best-reply search).
    Skip,
}

/// A small fast hasher for atoms (history slots and the packed atom in the table).
struct AtomHasher(u64);

impl Hasher for AtomHasher {
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 31;
        h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
        h ^ (h >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(i as u64);
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0 ^ i)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(23);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

fn atom_hash<A: Hash>(atom: &A) -> u64 {
    let mut h = AtomHasher(0xcbf2_9ce4_8422_2325);
    atom.hash(&mut h);
    h.finish()
}

/// The atom as the table stores it: 29 bits, never `NO_MOVE`.
fn pack<A: Hash>(atom: &A) -> u32 {
    ((atom_hash(atom) & ((1 << 29) - 1)) as u32).max(1)
}

/// Fixed salts that keep entries of different roots, algorithms and BRS layer states apart.
fn salt(x: u64) -> u64 {
    crate::core::random::mix64(x)
}

fn to_tt(score: i32, turns: u32) -> i32 {
    if score >= MATE_BOUND {
        score + turns as i32
    } else if score <= -MATE_BOUND {
        score - turns as i32
    } else {
        score
    }
}

fn from_tt(score: i32, turns: u32) -> i32 {
    if score >= MATE_BOUND {
        score - turns as i32
    } else if score <= -MATE_BOUND {
        score + turns as i32
    } else {
        score
    }
}

pub struct Searcher<'a, G: MultiEvaluate> {
    game: &'a G,
    tt: &'a TranspositionTable,
    control: &'a Control,
    pos: G::Pos,
    root: Player,
    players: usize,
    algorithm: Algorithm,
    skip: Skip,
    salt: u64,
    nodes: u64,
    unreported: u64,
    seldepth: usize,
    stopped: bool,
    budget: Budget,
    /// When the running iteration stops: the hard limit in the first, and in later ones at
    /// most [`LATER_ITERATIONS`] times the planned time (an N-player iteration can take many
    /// times all before it; the last finished one then stands).
    deadline: Option<Duration>,
    node_limit: Option<u64>,
    lists: Vec<Vec<G::Atom>>,
    scores: Vec<Vec<i32>>,
    pv: Vec<Vec<PvStep<G::Atom>>>,
    killers: Vec<[Option<G::Atom>; 2]>,
    history: Vec<i32>,
    /// Static scores of the root's first atoms (ordering of the first iteration).
    root_static: HashMap<G::Atom, (i32, bool)>,
    /// Whole root plays with their score in the last iteration, best first.
    root_plays: Vec<(Vec<G::Atom>, i32)>,
}

impl<'a, G: MultiEvaluate> Searcher<'a, G> {
    pub fn new(
        game: &'a G,
        tt: &'a TranspositionTable,
        control: &'a Control,
        pos: G::Pos,
        settings: &MultiSettings,
    ) -> Self {
        let root = game.to_move(&pos);
        let players = game.players(&pos);
        let algorithm = settings.algorithm;
        Searcher {
            game,
            tt,
            control,
            root,
            players,
            algorithm,
            skip: settings.skip,
            salt: salt(root as u64 + 16 * (algorithm as u64 + 1)),
            pos,
            nodes: 0,
            unreported: 0,
            seldepth: 0,
            stopped: false,
            budget: Budget::UNLIMITED,
            deadline: None,
            node_limit: None,
            lists: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            scores: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; players.max(1) * HISTORY_SLOTS],
            root_static: HashMap::new(),
            root_plays: Vec::new(),
        }
    }

    fn brs(&self) -> bool {
        self.algorithm == Algorithm::Brs && self.players > 2
    }

    /// The deepening loop.
    pub fn iterate(
        &mut self,
        limits: &Limits,
        budget: Budget,
        report: &mut dyn FnMut(&MultiReport<G::Atom>),
    ) -> MultiResult<G::Atom> {
        self.budget = budget;
        self.node_limit = limits.nodes;
        self.order_root_statically();
        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
        let mut result: Option<MultiResult<G::Atom>> = None;
        let mut previous_best = None;
        let mut stable = 0u32;
        for depth in 1..=max_depth {
            self.seldepth = 0;
            self.deadline = match (depth, self.budget.soft) {
                (1, _) | (_, None) => self.budget.hard,
                (_, Some(soft)) => {
                    let later = soft.mul_f64(LATER_ITERATIONS);
                    Some(self.budget.hard.map_or(later, |hard| hard.min(later)))
                }
            };
            let score = if depth == 1 {
                self.root_plays.clear();
                let score = self.node(-INFINITY, INFINITY, 1, 0, 0, true);
                self.root_plays.sort_by_key(|(_, s)| std::cmp::Reverse(*s));
                score
            } else {
                self.beam(depth as i32)
            };
            let play = self.root_play();
            if self.stopped {
                // An unfinished iteration counts only when nothing finished before it.
                if result.is_none()
                    && let Some(play) = play
                {
                    result = Some(MultiResult {
                        play,
                        score,
                        depth,
                        nodes: self.nodes,
                    });
                }
                break;
            }
            let Some(play) = play else {
                break;
            };
            if previous_best.as_ref() == Some(&play) {
                stable += 1;
            } else {
                stable = 0;
            }
            previous_best = Some(play.clone());
            self.flush_nodes();
            report(&MultiReport {
                depth,
                seldepth: (self.seldepth as u32).max(depth),
                score,
                nodes: self.control.nodes(),
                time: self.control.elapsed(),
                hashfull: self.tt.hashfull(),
                pv: self.pv[0].clone(),
            });
            result = Some(MultiResult {
                play,
                score,
                depth,
                nodes: self.nodes,
            });
            if self.control.stopped() {
                break;
            }
            // A won or lost hand within the horizon: deeper iterations will not change it.
            if score.abs() >= MATE_BOUND && MATE - score.abs() <= depth as i32 && !limits.infinite {
                break;
            }
            if self.past_soft_limit(stable) {
                break;
            }
        }
        self.flush_nodes();
        let mut result = result.unwrap_or_else(|| MultiResult {
            play: Vec::new(),
            score: 0,
            depth: 0,
            nodes: self.nodes,
        });
        if !self.is_complete_play(&result.play) {
            // Stopped before any line reached the end of the root's turn.
            result.play = self.ordering_play();
        }
        result.nodes = self.control.nodes();
        result
    }

    /// An iteration beyond the first: the best `ROOT_BEAM` root plays of the last iteration,
    /// each made whole and answered by the opponents `depth - 1` turns deep. The others keep
    /// the first iteration's verdict (a root turn with many plays is never searched whole
    /// twice). Scores are updated for the next iteration's order.
    fn beam(&mut self, depth: i32) -> i32 {
        let mut alpha = -INFINITY;
        let mut best_line: Vec<PvStep<G::Atom>> = Vec::new();
        let count = self.root_plays.len().min(ROOT_BEAM);
        for i in 0..count {
            let play = self.root_plays[i].0.clone();
            for &a in &play {
                self.game.make_atom(&mut self.pos, a);
            }
            let at = play.len();
            let score = self.node(alpha, INFINITY, depth - 1, at, 1, false);
            for _ in &play {
                self.game.unmake_atom(&mut self.pos);
            }
            if self.stopped {
                break;
            }
            self.root_plays[i].1 = score;
            if score > alpha {
                alpha = score;
                best_line = play.iter().map(|&a| PvStep::Atom(a)).collect();
                best_line.extend_from_slice(&self.pv[at]);
            }
        }
        if !self.stopped {
            // Plays that failed low keep an upper bound below the best: the order stays sound.
            self.root_plays[..count].sort_by_key(|(_, s)| std::cmp::Reverse(*s));
        }
        self.pv[0] = best_line;
        alpha
    }

    fn past_soft_limit(&self, stable: u32) -> bool {
        !self.control.pondering()
            && self
                .budget
                .past_soft_limit(&SOFT_RULE, self.control.elapsed(), stable, 0)
    }

    /// The root's play from the principal variation: its atoms up to `END_TURN`.
    fn root_play(&self) -> Option<Vec<G::Atom>> {
        let mut play = Vec::new();
        for step in &self.pv[0] {
            match step {
                PvStep::Atom(a) => {
                    play.push(*a);
                    if *a == G::END_TURN {
                        return Some(play);
                    }
                }
                PvStep::Skip => return None,
            }
        }
        None
    }

    /// Whether `play` is a legal whole turn here (each atom offered, `END_TURN` last).
    fn is_complete_play(&mut self, play: &[G::Atom]) -> bool {
        if play.last() != Some(&G::END_TURN) {
            return false;
        }
        let mut list = Vec::new();
        let mut made = 0;
        let mut ok = true;
        for &a in play {
            // Every atom legal as an atom and END_TURN offered at the end: a legal play.
            self.game.candidate_atoms(&mut self.pos, &mut list);
            if !list.contains(&a) {
                ok = false;
                break;
            }
            self.game.make_atom(&mut self.pos, a);
            made += 1;
        }
        for _ in 0..made {
            self.game.unmake_atom(&mut self.pos);
        }
        ok
    }

    /// The play when the search stopped before any line reached the end of the root's turn:
    /// the first atom with the best static score of the root ([`Self::order_root_statically`]),
    /// never a surrender or a pass while anything else is legal; then the later atoms by move
    /// ordering, with `END_TURN` as soon as it is offered. Built by
    /// [`super::turn_in_order`], which backs out of dead ends, so always legal.
    fn ordering_play(&mut self) -> Vec<G::Atom> {
        let mut pos = self.pos.clone();
        let order = |_: &G, pos: &mut G::Pos, made: usize, list: &mut Vec<G::Atom>| {
            if made > 0
                && let Some(i) = list.iter().position(|&a| a == G::END_TURN)
            {
                list.swap(0, i);
                return;
            }
            self.fallback_order(pos, list, made == 0);
        };
        super::turn_in_order(self.game, &mut pos, order, || self.past_hard_limit())
    }

    /// Sorts `list` (atoms in `pos`) for a play no search has looked at, best first: ordinary
    /// atoms before passes, passes before surrenders; among equals the root's static score (at
    /// the root) or the move-ordering score (later in the turn).
    fn fallback_order(&self, pos: &G::Pos, list: &mut [G::Atom], at_root: bool) {
        let key = self.game.hash(pos) ^ self.salt;
        let hash_atom = self.tt.probe(key).map_or(NO_MOVE, |e| e.packed_move);
        let mover = self.game.to_move(pos);
        list.sort_by_cached_key(|&a| {
            let class = super::atom_class(self.game, pos, a);
            let score = match self.root_static.get(&a) {
                Some(&(s, _)) if at_root => s,
                _ => self.order_score_in(pos, a, hash_atom, mover, MAX_PLY),
            };
            std::cmp::Reverse((class, score))
        });
    }

    /// The static score of each first atom of the root (after ending the turn there, if it
    /// may end), and whether it is forcing: a capture, or a turn that puts someone newly in
    /// check. The first iteration orders by it and skips quiet atoms far below the best.
    fn order_root_statically(&mut self) {
        let mut atoms = Vec::new();
        self.game.candidate_atoms(&mut self.pos, &mut atoms);
        self.root_static.clear();
        let checked_before = self.game.in_check_set(&self.pos);
        for (i, a) in atoms.into_iter().enumerate() {
            // A few hundred atoms late in a hand take milliseconds: on a short clock the
            // atoms not reached keep no static score.
            if i % 16 == 15 && self.past_hard_limit() {
                break;
            }
            let mut forcing = self.game.is_capture(&self.pos, a);
            self.game.make_atom(&mut self.pos, a);
            let score = if self.game.may_end_turn(&mut self.pos) {
                self.game.make_atom(&mut self.pos, G::END_TURN);
                forcing |= self.game.in_check_set(&self.pos) & !checked_before != 0;
                let s = match self.game.outcome(&self.pos) {
                    Some(o) => self.terminal(&o, 1),
                    None => self.game.evaluate(&self.pos, self.root),
                };
                self.game.unmake_atom(&mut self.pos);
                s
            } else {
                // A turn that must go on (M·M before its placement) is never skipped.
                forcing = true;
                self.game.evaluate(&self.pos, self.root)
            };
            self.game.unmake_atom(&mut self.pos);
            self.root_static.insert(a, (score, forcing));
        }
    }

    /// Whether the move's hard time limit has passed (never while pondering).
    fn past_hard_limit(&self) -> bool {
        !self.control.pondering()
            && (self.control.stopped()
                || self
                    .budget
                    .hard
                    .is_some_and(|hard| self.control.elapsed() >= hard))
    }

    fn flush_nodes(&mut self) {
        self.control.add_nodes(self.unreported);
        self.unreported = 0;
    }

    #[inline]
    fn visit(&mut self) {
        self.nodes += 1;
        self.unreported += 1;
        if self.unreported >= CHECK_EVERY {
            self.flush_nodes();
            let out_of_nodes = self.node_limit.is_some_and(|n| self.control.nodes() >= n);
            if self.control.stopped() || out_of_nodes {
                self.control.stop();
                self.stopped = true;
            }
        }
        let out_of_time = self.deadline.is_some_and(|deadline| {
            !self.control.pondering() && self.control.elapsed() >= deadline
        });
        if out_of_time {
            self.control.stop();
            self.stopped = true;
        }
    }

    /// A finished hand from the root's view: won or lost by the distance in turns, a draw 0.
    fn terminal(&self, outcome: &MultiOutcome, turns: u32) -> i32 {
        match outcome.winner {
            Some(w) if w == self.root => MATE - turns as i32,
            Some(_) => -MATE + turns as i32,
            None => 0,
        }
    }

    fn history_index(&self, player: Player, atom: &G::Atom) -> usize {
        player * HISTORY_SLOTS + (atom_hash(atom) as usize & (HISTORY_SLOTS - 1))
    }

    fn order_score(&self, atom: G::Atom, hash_atom: u32, mover: Player, ply: usize) -> i32 {
        self.order_score_in(&self.pos, atom, hash_atom, mover, ply)
    }

    /// [`Self::order_score`] of an atom in `pos` (the search's own position or a copy).
    fn order_score_in(
        &self,
        pos: &G::Pos,
        atom: G::Atom,
        hash_atom: u32,
        mover: Player,
        ply: usize,
    ) -> i32 {
        if hash_atom != NO_MOVE && pack(&atom) == hash_atom {
            return HASH_ATOM;
        }
        if self.game.is_capture(pos, atom) {
            return CAPTURE + self.game.capture_value(pos, atom).clamp(0, 1 << 20);
        }
        if self.killers[ply].contains(&Some(atom)) {
            return KILLER;
        }
        self.history[self.history_index(mover, &atom)] + self.game.atom_hint(pos, atom)
    }

    fn reward(&mut self, mover: Player, ply: usize, depth: i32, best: G::Atom, tried: &[G::Atom]) {
        if self.game.is_capture(&self.pos, best) {
            return;
        }
        if self.killers[ply][0] != Some(best) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(best);
        }
        let bonus = ((depth + 1) * (depth + 1)).min(400);
        let i = self.history_index(mover, &best);
        update(&mut self.history[i], bonus);
        for a in tried {
            if *a != best {
                let j = self.history_index(mover, a);
                update(&mut self.history[j], -bonus);
            }
        }
    }

    fn evaluate(&self) -> i32 {
        self.game.evaluate(&self.pos, self.root)
    }

    /// The later atoms of a turn tried at most (`END_TURN` is always tried).
    fn tail_width(&self, turns: u32, depth: i32) -> usize {
        if turns == 0 {
            ROOT_TAIL
        } else {
            TAIL_BASE + TAIL_PER_DEPTH * depth.max(0) as usize
        }
    }

    /// One node. `depth` counts turns still to search; `turns` the turns made since the
    /// root; `replied` (best-reply search) whether an opponent has made its searched reply
    /// since the root's last turn.
    fn node(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        turns: u32,
        replied: bool,
    ) -> i32 {
        self.pv[ply].clear();
        self.visit();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        // `open`: the mover's turn is under way, past its first atom.
        let open = self.game.turn_open(&self.pos);
        let mover = self.game.to_move(&self.pos);
        let maximizing = mover == self.root;
        if let Some(score) = self.settled(alpha, beta, &mut depth, ply, turns, open) {
            return score;
        }

        let key = self.node_key(replied && !maximizing);
        let (hash_atom, cutoff) = self.probe(key, (alpha, beta), depth, turns);
        if let Some(score) = cutoff {
            return score;
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximizing { -INFINITY } else { INFINITY };
        let mut best_atom: Option<G::Atom> = None;

        // Near the horizon an opponent out of check replies only with what can hurt at once.
        if !open && !maximizing && depth <= 1 && !self.in_check(mover) {
            return self.threats(alpha, beta, depth, ply, turns, key);
        }

        // Best-reply search: an opponent at the start of its turn may skip it instead.
        if self.brs() && !open && !maximizing {
            match self.skip_turn(alpha, beta, depth, ply, turns, replied) {
                Some(score) if replied => return score,
                Some(score) => {
                    best = score;
                    if score < beta {
                        beta = score;
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        head[ply].clone_from(&tail[0]);
                    }
                    if alpha >= beta {
                        return best;
                    }
                }
                // Cannot skip (in check): it must play, as in the game.
                None => {}
            }
        }

        let mut atoms = std::mem::take(&mut self.lists[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.order_atoms(&mut atoms, &mut scores, hash_atom, mover, ply);
        let width = if open {
            self.tail_width(turns, depth)
        } else {
            usize::MAX
        };
        let mut tried_quiet: Vec<G::Atom> = Vec::new();
        let mut tried = 0usize;
        let mut dead_ends = 0usize;
        let mut scored = false;
        let has_end = atoms.contains(&G::END_TURN);
        let mut end_tried = false;
        for i in 0..atoms.len() {
            let atom = atoms[i];
            if scores[i] == i32::MIN && (scored || best.abs() < INFINITY) {
                // A desperate atom (Surrender) only when nothing else could be played.
                break;
            }
            if atom == G::END_TURN {
                end_tried = true;
            } else {
                let gave_up = open && dead_ends >= DEAD_END_TRIES * width.max(1);
                if tried >= width || gave_up {
                    if end_tried || !has_end {
                        break;
                    }
                    continue;
                }
                if ply == 0 && self.futile_at_root(atom, alpha) {
                    continue;
                }
                tried += 1;
            }
            let here = Here {
                depth,
                ply,
                turns,
                replied,
                open,
                maximizing,
            };
            let score = self.search_atom(atom, alpha, beta, &here);
            if self.stopped {
                self.lists[ply] = atoms;
                self.scores[ply] = scores;
                return 0;
            }
            if score == DEAD {
                // A partial turn that cannot be finished: not a play at all.
                if atom != G::END_TURN {
                    tried -= 1;
                    dead_ends += 1;
                }
                continue;
            }
            scored = true;
            if ply == 0 {
                self.record_root_play(atom, score);
            }
            let better = if maximizing {
                score > best
            } else {
                score < best
            };
            if better {
                best = score;
                best_atom = Some(atom);
                self.update_pv(ply, atom);
                if maximizing {
                    alpha = alpha.max(score);
                } else {
                    beta = beta.min(score);
                }
                if alpha >= beta {
                    self.reward(mover, ply, depth, atom, &tried_quiet);
                    break;
                }
            }
            if !self.game.is_capture(&self.pos, atom) {
                tried_quiet.push(atom);
            }
        }
        self.lists[ply] = atoms;
        self.scores[ply] = scores;
        if open && !scored {
            // No candidate finishes the turn (or none within the tries): a dead end.
            return DEAD;
        }
        self.store(key, best, best_atom, (alpha0, beta0), depth, turns);
        best
    }

    /// The table key of this node: the game's hash salted with the root player and the
    /// algorithm, and in BRS with whether the opponents' reply has been made (`replied_layer`).
    fn node_key(&self, replied_layer: bool) -> u64 {
        let layer_salt = if self.brs() && replied_layer {
            salt(0xb125)
        } else {
            0
        };
        self.game.hash(&self.pos) ^ self.salt ^ layer_salt
    }

    /// Whether `player` is in check.
    fn in_check(&self, player: Player) -> bool {
        self.game.in_check_set(&self.pos) & (1 << player) != 0
    }

    /// The score of a node that needs no search of its own: the hand is over, the position
    /// repeats, the ply limit, or the horizon at the start of a turn (quiescence; a player in
    /// check gets one more turn of depth instead, a few times down a line).
    fn settled(
        &mut self,
        alpha: i32,
        beta: i32,
        depth: &mut i32,
        ply: usize,
        turns: u32,
        open: bool,
    ) -> Option<i32> {
        if !open && let Some(outcome) = self.game.outcome(&self.pos) {
            return Some(self.terminal(&outcome, turns));
        }
        if !open && ply > 0 && self.game.occurrences(&self.pos) >= 2 {
            // A repetition: as good as the draw the third one would be.
            return Some(0);
        }
        if ply >= MAX_PLY - 24 {
            return Some(self.evaluate());
        }
        if !open && *depth <= 0 {
            let mover = self.game.to_move(&self.pos);
            if self.in_check(mover) && turns < CHECK_EXTENSION_TURNS {
                *depth = 1;
            } else {
                return Some(self.quiesce(alpha, beta, ply, turns, 0));
            }
        }
        None
    }

    /// Plays `atom` and searches the child: the turn goes on (same depth), ends (the next
    /// player, a turn more), or a closed turn's first atom costs a ply.
    fn search_atom(&mut self, atom: G::Atom, alpha: i32, beta: i32, here: &Here) -> i32 {
        let (depth, turns, replied) = (here.depth, here.turns, here.replied);
        let (child_depth, child_turns, child_replied) = if atom == G::END_TURN {
            (depth, turns + 1, !here.maximizing)
        } else if !here.open {
            (depth - 1, turns, replied)
        } else {
            (depth, turns, replied)
        };
        // The first iteration gives the first atoms of the root an exact score (their best
        // continuation) unless they are far below the best, which orders the root plays of the
        // deeper iterations.
        let window_alpha = if here.ply == 0 {
            alpha.saturating_sub(BEAM_MARGIN).max(-INFINITY)
        } else {
            alpha
        };
        self.game.make_atom(&mut self.pos, atom);
        let score = self.node(
            window_alpha,
            beta,
            child_depth,
            here.ply + 1,
            child_turns,
            child_replied,
        );
        self.game.unmake_atom(&mut self.pos);
        score
    }

    /// Futility at the root: after a quiet turn the next player may stand pat, so the search
    /// cannot score a quiet first atom much above its static score.
    fn futile_at_root(&self, atom: G::Atom, alpha: i32) -> bool {
        self.root_static
            .get(&atom)
            .is_some_and(|&(stat, forcing)| !forcing && stat + TAIL_ALLOWANCE < alpha - BEAM_MARGIN)
    }

    /// `atom` and the child's line become this ply's principal variation.
    fn update_pv(&mut self, ply: usize, atom: G::Atom) {
        self.pv[ply].clear();
        self.pv[ply].push(PvStep::Atom(atom));
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// The table's atom for this node, and its score where the entry is deep enough to cut
    /// the node off. No cut-offs inside the root's own turn: its line must reach `END_TURN`.
    fn probe(
        &self,
        key: u64,
        (alpha, beta): (i32, i32),
        depth: i32,
        turns: u32,
    ) -> (u32, Option<i32>) {
        let entry = self.tt.probe(key);
        let hash_atom = entry.map_or(NO_MOVE, |e| e.packed_move);
        let cutoff = entry
            .filter(|e| turns > 0 && e.depth >= depth)
            .and_then(|e| {
                let score = from_tt(e.score, turns);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                cut.then_some(score)
            });
        (hash_atom, cutoff)
    }

    /// Keeps a node's result in the table, its bound from the window it was searched with
    /// (nothing when no atom was scored).
    fn store(
        &self,
        key: u64,
        best: i32,
        best_atom: Option<G::Atom>,
        (alpha0, beta0): (i32, i32),
        depth: i32,
        turns: u32,
    ) {
        if best.abs() >= INFINITY {
            return;
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let packed = best_atom.map_or(NO_MOVE, |a| pack(&a));
        self.tt
            .store(key, packed, to_tt(best, turns), depth.max(0), bound);
    }

    /// The candidate atoms of this node, best first by move ordering, each with its score:
    /// desperate atoms (Surrender) last, at `i32::MIN`; at the root the first iteration's
    /// static scores. One stable sort: the selection of an older loop cost n² on a turn of
    /// thousands.
    fn order_atoms(
        &mut self,
        atoms: &mut Vec<G::Atom>,
        scores: &mut Vec<i32>,
        hash_atom: u32,
        mover: Player,
        ply: usize,
    ) {
        self.game.candidate_atoms(&mut self.pos, atoms);
        scores.clear();
        for &a in atoms.iter() {
            let s = if self.game.is_desperate(&self.pos, a) {
                i32::MIN
            } else if ply == 0 && pack(&a) != hash_atom {
                self.root_static.get(&a).map_or(0, |&(s, _)| s)
            } else {
                self.order_score(a, hash_atom, mover, ply)
            };
            scores.push(s);
        }
        let mut ranked: Vec<(i32, G::Atom)> =
            scores.iter().copied().zip(atoms.iter().copied()).collect();
        ranked.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        atoms.clear();
        scores.clear();
        for (s, a) in ranked {
            scores.push(s);
            atoms.push(a);
        }
    }

    /// The first iteration's result for one first atom of the root: the play it leads to
    /// (`pv[1]`) and its score.
    fn record_root_play(&mut self, atom: G::Atom, score: i32) {
        let mut play = vec![atom];
        if atom != G::END_TURN {
            for step in &self.pv[1] {
                match step {
                    PvStep::Atom(a) => {
                        play.push(*a);
                        if *a == G::END_TURN {
                            break;
                        }
                    }
                    PvStep::Skip => break,
                }
            }
        }
        if play.last() == Some(&G::END_TURN) {
            self.root_plays.push((play, score));
        }
    }

    /// An opponent's reply near the horizon: its captures and the moves that put a player in
    /// check (the root, or another opponent, whose surrender would give knives), each as a
    /// whole single-atom turn, against the static score as the quiet reply.
    fn threats(
        &mut self,
        alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        turns: u32,
        key: u64,
    ) -> i32 {
        let checked_before = self.game.in_check_set(&self.pos);
        let mut best = self.evaluate();
        let mut best_atom = None;
        if best <= alpha {
            return best;
        }
        beta = beta.min(best);
        let mut atoms = std::mem::take(&mut self.lists[ply]);
        self.game.threat_atoms(&mut self.pos, &mut atoms);
        let mut chosen: Vec<(i32, G::Atom)> = Vec::new();
        for &atom in &atoms {
            if atom == G::END_TURN {
                continue;
            }
            if self.game.is_capture(&self.pos, atom) {
                chosen.push((CAPTURE + self.game.capture_value(&self.pos, atom), atom));
                continue;
            }
            self.game.make_atom(&mut self.pos, atom);
            let mut checks = false;
            if self.game.may_end_turn(&mut self.pos) {
                self.game.make_atom(&mut self.pos, G::END_TURN);
                checks = self.game.in_check_set(&self.pos) & !checked_before != 0;
                self.game.unmake_atom(&mut self.pos);
            }
            self.game.unmake_atom(&mut self.pos);
            if checks {
                chosen.push((KILLER, atom));
            }
        }
        self.lists[ply] = atoms;
        chosen.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        for (_, atom) in chosen {
            self.game.make_atom(&mut self.pos, atom);
            if !self.game.may_end_turn(&mut self.pos) {
                self.game.unmake_atom(&mut self.pos);
                continue;
            }
            self.game.make_atom(&mut self.pos, G::END_TURN);
            let score = self.node(alpha, beta, depth - 1, ply + 2, turns + 1, true);
            self.game.unmake_atom(&mut self.pos);
            self.game.unmake_atom(&mut self.pos);
            if self.stopped {
                return 0;
            }
            if score < best {
                best = score;
                best_atom = Some(atom);
                let (head, tail) = self.pv.split_at_mut(ply + 2);
                head[ply].clear();
                head[ply].push(PvStep::Atom(atom));
                head[ply].push(PvStep::Atom(G::END_TURN));
                head[ply].extend_from_slice(&tail[0]);
                beta = beta.min(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        let bound = if best <= alpha {
            Bound::Upper
        } else {
            Bound::Exact
        };
        let packed = best_atom.map_or(NO_MOVE, |a| pack(&a));
        self.tt
            .store(key, packed, to_tt(best, turns), depth.max(0), bound);
        best
    }

    /// Best-reply search: the opponent on move skips its turn (BRS+: plays its ordering
    /// turn; plain BRS: a null turn). The line it leads to is left in `pv[ply + 1]`. None
    /// when it cannot skip: a null turn that leaves a checked player on top, or a skip that
    /// would bring the root back on move before any opponent replied (the last opponent
    /// before the root must be the one who replies).
    fn skip_turn(
        &mut self,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        turns: u32,
        replied: bool,
    ) -> Option<i32> {
        let mover = self.game.to_move(&self.pos);
        let capture = if self.skip == Skip::OrderingTurn {
            self.best_capture()
        } else {
            None
        };
        let (made, steps) = match capture {
            Some(atom) => {
                self.game.make_atom(&mut self.pos, atom);
                self.game.make_atom(&mut self.pos, G::END_TURN);
                (2, vec![PvStep::Atom(atom), PvStep::Atom(G::END_TURN)])
            }
            None => {
                if !self.game.make_null_turn(&mut self.pos) {
                    return None;
                }
                (1, vec![PvStep::Skip])
            }
        };
        let next = self.game.to_move(&self.pos);
        let skipped_turns = u32::from(capture.is_some());
        let score = if next == mover || (next == self.root && !replied) {
            None
        } else {
            Some(self.node(alpha, beta, depth, ply + 1, turns + skipped_turns, replied))
        };
        for _ in 0..made {
            self.game.unmake_atom(&mut self.pos);
        }
        // The line: the skipped turn, then what followed it.
        let rest = std::mem::replace(&mut self.pv[ply + 1], steps);
        if score.is_some() {
            self.pv[ply + 1].extend(rest);
        }
        score
    }

    /// BRS+: the turn the move ordering of the player to move ranks first when nothing else
    /// is known: its most valuable capture that may stand as a whole turn.
    fn best_capture(&mut self) -> Option<G::Atom> {
        let mut captures = Vec::new();
        self.game.capture_atoms(&mut self.pos, &mut captures);
        let mut best: Option<(i32, G::Atom)> = None;
        for a in captures {
            let v = self.game.capture_value(&self.pos, a);
            if best.is_none_or(|(bv, _)| v > bv) {
                self.game.make_atom(&mut self.pos, a);
                let whole = self.game.may_end_turn(&mut self.pos);
                self.game.unmake_atom(&mut self.pos);
                if whole {
                    best = Some((v, a));
                }
            }
        }
        best.map(|(_, a)| a)
    }

    /// Single capture turns of whoever is on move, each player free to stop (stand pat).
    fn quiesce(&mut self, mut alpha: i32, mut beta: i32, ply: usize, turns: u32, q: u32) -> i32 {
        self.pv[ply].clear();
        self.visit();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if q > 0
            && let Some(outcome) = self.game.outcome(&self.pos)
        {
            return self.terminal(&outcome, turns);
        }
        let stand = self.evaluate();
        if q >= QUIESCENCE_TURNS || ply + 2 >= MAX_PLY - 24 {
            return stand;
        }
        let maximizing = self.game.to_move(&self.pos) == self.root;
        if maximizing {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        } else {
            if stand <= alpha {
                return stand;
            }
            beta = beta.min(stand);
        }
        let mut captures = std::mem::take(&mut self.lists[ply]);
        self.game.capture_atoms(&mut self.pos, &mut captures);
        let mut valued: Vec<(i32, G::Atom)> = captures
            .iter()
            .map(|&a| (self.game.capture_value(&self.pos, a), a))
            .collect();
        valued.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
        self.lists[ply] = captures;
        let mut best = stand;
        for (_, atom) in valued {
            self.game.make_atom(&mut self.pos, atom);
            if !self.game.may_end_turn(&mut self.pos) {
                self.game.unmake_atom(&mut self.pos);
                continue;
            }
            self.game.make_atom(&mut self.pos, G::END_TURN);
            let score = self.quiesce(alpha, beta, ply + 2, turns + 1, q + 1);
            self.game.unmake_atom(&mut self.pos);
            self.game.unmake_atom(&mut self.pos);
            if self.stopped {
                break;
            }
            if maximizing {
                if score > best {
                    best = score;
                    alpha = alpha.max(score);
                }
            } else if score < best {
                best = score;
                beta = beta.min(score);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// Gravity update: history entries saturate smoothly at ±HISTORY_MAX.
fn update(h: &mut i32, bonus: i32) {
    *h += bonus * 32 - *h * bonus.abs() * 32 / HISTORY_MAX;
    *h = (*h).clamp(-HISTORY_MAX, HISTORY_MAX);
}
