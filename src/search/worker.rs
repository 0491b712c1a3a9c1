//! One search thread: iterative deepening with aspiration windows over a principal-variation
//! alpha-beta search and a quiescence search.
//!
//! Pruning is kept to what is sound for the game: null-move pruning only where the game says
//! passing is a fair test and the side has pieces besides pawns and royals; late-move
//! reductions only for quiet moves that neither escape nor give check; check extension.

use super::TranspositionTable;
use super::ordering::{
    self, BAD_CAPTURE, GOOD_TACTICAL, HASH_MOVE, Heuristics, KILLER, NO_PIECE_TO,
};
use super::see::{see, see_not_losing};
use super::time::{Budget, Limits, SoftRule};
use super::tt::{Bound, Entry, NO_MOVE, pack_move};
use super::{
    Control, Evaluate, Evaluator, INFINITY, MATE, MATE_BOUND, MAX_PLY, Report, Score, SearchResult,
};
use crate::core::game::{Listed, Verdict};
use crate::core::moves::{Move, MoveKind, MoveList};
use crate::core::position::Position;
use crate::eval::scratch::EvalScratch;

/// What the pruning of one move reads of its node.
struct Frontier {
    depth: i32,
    improving: bool,
    static_eval: i32,
    alpha: i32,
}

/// [`Worker::prune_move`]'s verdict.
enum Pruned {
    No,
    /// This move is not searched.
    This,
    /// Neither this quiet move nor any later one is searched.
    AllLaterQuiets,
}

/// The move that failed high, as the move-ordering statistics learn from it.
struct Cutoff {
    mv: Move,
    mover_kind: u8,
    /// The kind it captured, if any.
    victim: Option<u8>,
    tactical: bool,
    side: u8,
    previous: [usize; 2],
}

/// The two-player deepening loop's soft limit ([`Budget::past_soft_limit`]): a fresh best move
/// gets half as long again, one held for three iterations four fifths; stop at 0.7 of that.
const SOFT_RULE: SoftRule = SoftRule {
    by_stable_iterations: &[1.5, 1.15, 0.95, 0.8],
    max_scale: 2.5,
    share: 0.7,
};

/// Quiescence plies in which a side that must capture (compulsory captures) may not stand
/// pat; deeper, it may, which bounds the search of long forced capture chains.
const FORCED_PLIES: usize = 4;

/// How often (in nodes) a thread looks at the clock and the node limit.
const CHECK_EVERY: u64 = 1024;
/// How often (in nodes) a thread looks at the stop flag: more often than the clock, because
/// a node of a 6-D game (Ecila-27) can take 50 us and a GUI's `stop` must be obeyed at once.
const CHECK_STOP_EVERY: u64 = 64;

pub struct Worker<'a, G: Evaluate> {
    game: &'a G,
    eval: &'a Evaluator,
    tt: &'a TranspositionTable,
    control: &'a Control,
    pos: Position,
    id: usize,
    nodes: u64,
    unreported_nodes: u64,
    seldepth: usize,
    stopped: bool,
    budget: Budget,
    node_limit: Option<u64>,
    heuristics: Heuristics,
    /// The piece-to index (see [`Heuristics::piece_to`]) of the move being searched at each
    /// ply ([`NO_PIECE_TO`] for a null move): continuation histories follow it.
    moved: Vec<usize>,
    /// The static evaluation at each ply (-INFINITY in check), for the improving flag.
    evals: Vec<i32>,
    /// Whether the side to move at each ply is in check, when the move that led there already
    /// asked (the search tests every move it makes for check); None when unknown. Each node
    /// writes the entry of the ply below before every call into it.
    checks: Vec<Option<bool>>,
    lists: Vec<MoveList>,
    scores: Vec<Vec<i32>>,
    pv: Vec<Vec<Move>>,
    /// Moves excluded at the root (earlier MultiPV lines of this iteration).
    excluded: Vec<Move>,
    root: MoveList,
    reductions: Vec<[u8; 64]>,
    /// Static evaluations of recently seen positions by hash (the evaluation reads attack maps
    /// of the whole board, and the same positions come back in every iteration and in the
    /// next move's search: the cache is carried by the table like the heuristics).
    eval_cache: crate::eval::cache::EvalCache,
    /// What this thread keeps for its evaluations: pawn structures, network layers.
    scratch: EvalScratch,
    /// What a draw is worth to the side to move at the root, negated ([`Settings::contempt`]).
    contempt: i32,
}

/// A finished worker leaves its evaluation cache and pawn table to the next search's worker
/// of the same id.
impl<G: Evaluate> Drop for Worker<'_, G> {
    fn drop(&mut self) {
        self.tt
            .keep_eval_cache(self.id, std::mem::take(&mut self.eval_cache));
        let scratch = std::mem::replace(&mut self.scratch, EvalScratch::none());
        self.tt.keep_pawn_table(self.id, scratch.pawns);
    }
}

impl<'a, G: Evaluate> Worker<'a, G> {
    pub fn new(
        game: &'a G,
        eval: &'a Evaluator,
        tt: &'a TranspositionTable,
        control: &'a Control,
        mut pos: Position,
        id: usize,
    ) -> Self {
        if game.reads_table_sums() {
            eval.keep_sums_in(&mut pos);
        }
        let v = game.variant();
        // Drops get history entries of their own (a kind dropped on a square is not the
        // same idea as that kind moving there), so games with holdings double the table.
        let history_kinds = if v.spec.holdings {
            2 * v.kinds()
        } else {
            v.kinds()
        };
        let shape = (
            v.spec.players as usize,
            history_kinds,
            v.geometry().squares(),
        );
        // The statistics of this thread's last search in the same game, aged.
        let heuristics = match tt.take_heuristics(id) {
            Some(mut h) if h.fits(shape.0, shape.1, shape.2, MAX_PLY) => {
                h.age();
                h
            }
            _ => Heuristics::new(shape.0, shape.1, shape.2, MAX_PLY),
        };
        let reductions = (0..64)
            .map(|depth| {
                let mut row = [0u8; 64];
                for (moves, r) in row.iter_mut().enumerate() {
                    if depth > 0 && moves > 0 {
                        let x = 0.75 + (depth as f64).ln() * (moves as f64).ln() / 2.25;
                        *r = x.clamp(0.0, 30.0) as u8;
                    }
                }
                row
            })
            .collect();
        Worker {
            game,
            eval,
            tt,
            control,
            pos,
            id,
            nodes: 0,
            unreported_nodes: 0,
            seldepth: 0,
            stopped: false,
            budget: Budget::UNLIMITED,
            node_limit: None,
            heuristics,
            moved: vec![NO_PIECE_TO; MAX_PLY + 1],
            evals: vec![-INFINITY; MAX_PLY + 1],
            checks: vec![None; MAX_PLY + 1],
            lists: (0..=MAX_PLY)
                .map(|_| MoveList::with_capacity(128))
                .collect(),
            scores: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            excluded: Vec::new(),
            root: MoveList::new(),
            reductions,
            eval_cache: tt.take_eval_cache(id).unwrap_or_default(),
            scratch: EvalScratch::for_search(v, tt.take_pawn_table(id)),
            contempt: 0,
        }
    }

    /// Sets the contempt for draws ([`Settings::contempt`]); 0 scores every draw as 0.
    pub fn with_contempt(mut self, contempt: i32) -> Self {
        self.contempt = contempt;
        self
    }

    /// The deepening loop. Helpers (id > 0) start one ply deeper on odd ids so the threads
    /// spread over depths, and never report.
    pub fn iterate(
        &mut self,
        root: &[Move],
        limits: &Limits,
        budget: Budget,
        multi_pv: usize,
        report: &mut dyn FnMut(&Report),
    ) -> SearchResult {
        self.root = root.to_vec();
        self.budget = budget;
        self.node_limit = limits.nodes;
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        let lines = multi_pv.clamp(1, root.len());
        let mut result = SearchResult {
            best: root.first().copied(),
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        let mut previous_score = 0;
        let mut stable_iterations = 0u32;
        // How far the score fell in the last iteration (0 when it held or rose).
        let mut score_drop = 0;
        let first_depth = 1 + (self.id % 2) as u32;
        for depth in first_depth..=max_depth {
            self.excluded.clear();
            for line in 1..=lines {
                self.seldepth = 0;
                let score = self.aspiration(depth as i32, previous_score, line == 1);
                if self.stopped && depth > first_depth {
                    break;
                }
                let Some(&best) = self.pv[0].first() else {
                    break;
                };
                if line == 1 {
                    if result.best == Some(best) {
                        stable_iterations += 1;
                    } else {
                        stable_iterations = 0;
                    }
                    score_drop = if depth > first_depth {
                        (previous_score - score).max(0)
                    } else {
                        0
                    };
                    result = SearchResult {
                        best: Some(best),
                        ponder: self.pv[0].get(1).copied(),
                        score,
                        depth,
                        nodes: self.nodes,
                    };
                    previous_score = score;
                }
                if self.id == 0 {
                    self.flush_nodes();
                    report(&Report {
                        depth,
                        seldepth: self.seldepth.max(depth as usize) as u32,
                        line,
                        score: Score::from_internal(score),
                        raw_score: score,
                        nodes: self.control.nodes(),
                        time: self.control.elapsed(),
                        hashfull: self.tt.hashfull(),
                        pv: self.pv[0].clone(),
                    });
                }
                self.excluded.push(best);
                if self.stopped {
                    break;
                }
            }
            if self.stopped || self.control.stopped() {
                break;
            }
            if let Some(mate) = limits.mate
                && result.score >= MATE - 2 * mate as i32
            {
                break;
            }
            if result.score.abs() >= MATE_BOUND && depth as i32 > (MATE - result.score.abs()) + 2 {
                // A forced mate is proven and the deepening cannot change it.
                if self.id == 0 && !limits.infinite {
                    break;
                }
            }
            if self.id == 0 && self.past_soft_limit(stable_iterations, score_drop) {
                break;
            }
        }
        self.flush_nodes();
        let heuristics = std::mem::replace(&mut self.heuristics, Heuristics::new(0, 0, 0, 0));
        self.tt.keep_heuristics(self.id, heuristics);
        result
    }

    /// The piece-to indexes of the last two moves before `ply` (the opponent's, then one's
    /// own), for the continuation histories.
    #[inline]
    fn previous_moves(&self, ply: usize) -> [usize; 2] {
        [
            if ply >= 1 {
                self.moved[ply - 1]
            } else {
                NO_PIECE_TO
            },
            if ply >= 2 {
                self.moved[ply - 2]
            } else {
                NO_PIECE_TO
            },
        ]
    }

    /// Whether to stop deepening: past a share of the soft limit (the planned time for this
    /// move). The share grows while the best move keeps changing or the score is falling, and
    /// shrinks once the best move has held for a few iterations.
    fn past_soft_limit(&self, stable_iterations: u32, score_drop: i32) -> bool {
        !self.control.pondering()
            && self.budget.past_soft_limit(
                &SOFT_RULE,
                self.control.elapsed(),
                stable_iterations,
                score_drop,
            )
    }

    fn aspiration(&mut self, depth: i32, previous: i32, narrow: bool) -> i32 {
        let mut delta = 25;
        let (mut alpha, mut beta) = if narrow && depth >= 5 && previous.abs() < MATE_BOUND {
            (previous - delta, previous + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.negamax(alpha, beta, depth, 0, true);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta *= 2;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    fn flush_nodes(&mut self) {
        self.control.add_nodes(self.unreported_nodes);
        self.unreported_nodes = 0;
    }

    /// Counts a node and every so often checks the stop flag, the clock and the node limit.
    #[inline]
    fn visit(&mut self) {
        self.nodes += 1;
        self.unreported_nodes += 1;
        if self.unreported_nodes.is_multiple_of(CHECK_STOP_EVERY) && self.control.stopped() {
            self.stopped = true;
        }
        if self.unreported_nodes >= CHECK_EVERY {
            self.flush_nodes();
            if self.control.stopped() {
                self.stopped = true;
            } else if self.id == 0 {
                let out_of_time = !self.control.pondering()
                    && self
                        .budget
                        .hard
                        .is_some_and(|hard| self.control.elapsed() >= hard);
                let out_of_nodes = self.node_limit.is_some_and(|n| self.control.nodes() >= n);
                if out_of_time || out_of_nodes {
                    self.control.stop();
                    self.stopped = true;
                }
            }
        }
    }

    /// A finished game's score for the side to move, mates counted from the root.
    fn verdict_score(&self, verdict: Verdict, ply: usize) -> i32 {
        match verdict {
            Verdict::Loss => -MATE + ply as i32,
            Verdict::Draw => self.draw_score(ply),
            Verdict::Win => MATE - ply as i32,
        }
    }

    /// A draw's score for the side to move at `ply`: minus the contempt for the side to move
    /// at the root (even plies), plus it for the other side, so the root side avoids draws
    /// when the contempt is positive and steers for them when it is negative.
    fn draw_score(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            -self.contempt
        } else {
            self.contempt
        }
    }

    /// The score of a node ended by a rule of play: the move limit, a repetition (a draw
    /// unless the game says otherwise), or a game decided without the checkmate model.
    fn rule_score(&self, ply: usize) -> Option<i32> {
        let end = &self.game.variant().spec.end;
        // Counting games score these endings by the captures made (`end_verdict`).
        let counted = || self.game.end_verdict(&self.pos);
        if end
            .move_limit
            .is_some_and(|limit| self.pos.halfmove() >= limit)
        {
            return Some(counted().map_or(self.draw_score(ply), |v| self.verdict_score(v, ply)));
        }
        if end.repetitions.is_some() && self.pos.repetitions() > 0 {
            let verdict = counted().unwrap_or_else(|| self.game.repetition(&self.pos));
            return Some(self.verdict_score(verdict, ply));
        }
        self.game
            .decided(&self.pos)
            .map(|v| self.verdict_score(v, ply))
    }

    /// True when the side to move has a piece that is neither pawn nor royal (null-move
    /// pruning is unsafe in pawn endings, where zugzwang is the rule).
    fn has_officers(&self) -> bool {
        let side = self.pos.side();
        self.pos.occupied(side).iter().any(|sq| {
            let p = self.pos.at(sq);
            !p.is_pawn() && !p.is_royal()
        })
    }

    fn negamax(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv[ply].clear();
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply, 0);
        }
        self.visit();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        match self.settled_or_window(alpha, beta, ply) {
            Ok(window) => (alpha, beta) = window,
            Err(score) => return score,
        }

        let key = self.pos.hash();
        let (hash_move, cutoff) = self.probe(key, (alpha, beta), depth, ply, pv_node);
        if let Some(score) = cutoff {
            return score;
        }

        let in_check = self.in_check_at(ply);
        if in_check {
            depth += 1;
        }
        let (static_eval, improving) = self.node_eval(key, ply, in_check);
        // Internal iterative reduction: without a hash move this node was not searched
        // before, and a shallower search finds one cheaply for the next visit.
        if depth >= 4 && hash_move == NO_MOVE && !in_check {
            depth -= 1;
        }

        if !pv_node
            && !in_check
            && ply > 0
            && beta.abs() < MATE_BOUND
            && let Some(score) =
                self.cut_before_moves(beta, depth, ply, static_eval, improving, allow_null)
        {
            return score;
        }

        let mut moves = std::mem::take(&mut self.lists[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        let listed = self.list_moves(&mut moves, ply);
        if moves.is_empty() {
            return self.no_moves_here(moves, scores, ply);
        }
        self.score_moves(&moves, &mut scores, hash_move, ply);

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = moves[0];
        let mut quiets_tried: Vec<(Move, u8)> = Vec::new();
        let mut captures_tried: Vec<(u8, u16, u8)> = Vec::new();
        let side = self.pos.side();
        let previous = self.previous_moves(ply);
        // A `while` rather than a `for` over the original length: late-move pruning may drop
        // the remaining quiet moves.
        let mut next = 0;
        while next < moves.len() {
            let i = next;
            next += 1;
            if !self.pick_next(&mut moves, &mut scores, i, &listed) {
                break;
            }
            let mv = moves[i];
            let victim = self.game.captured(&self.pos, mv);
            let tactical = mv.is_promotion() || victim.is_some();
            let mover_kind = self.mover_kind(mv);
            if !pv_node && !in_check && best > -MATE_BOUND && ply > 0 && i > 0 {
                let frontier = Frontier {
                    depth,
                    improving,
                    static_eval,
                    alpha,
                };
                match self.prune_move(&frontier, mv, i, tactical, scores[i]) {
                    Pruned::No => {}
                    Pruned::This => continue,
                    Pruned::AllLaterQuiets => {
                        // Every later quiet move would be pruned here too: drop them now
                        // rather than sort them one by one.
                        self.keep_tactical_after(&mut moves, &mut scores, i);
                        continue;
                    }
                }
            }
            let gives_check = self.make_move(mv, mover_kind, ply);
            let score = if i == 0 {
                -self.negamax(-beta, -alpha, depth - 1, ply + 1, true)
            } else {
                let reduction = if !tactical && !in_check && !gives_check {
                    self.late_move_reduction(depth, i, pv_node, scores[i])
                } else {
                    0
                };
                self.search_later_move(alpha, beta, depth - 1, reduction, ply)
            };
            self.game.unmake(&mut self.pos);
            if self.stopped {
                self.lists[ply] = moves;
                self.scores[ply] = scores;
                return 0;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        let cut = Cutoff {
                            mv,
                            mover_kind,
                            victim: victim.map(|v| v.kind()),
                            tactical,
                            side,
                            previous,
                        };
                        self.reward_cutoff(&cut, ply, depth, &quiets_tried, &captures_tried);
                        break;
                    }
                }
            }
            match victim {
                Some(v) => captures_tried.push((mover_kind, mv.to, v.kind())),
                None if !tactical => quiets_tried.push((mv, mover_kind)),
                None => {}
            }
        }
        if moves.is_empty() {
            // Every pseudo-legal move was illegal.
            return self.no_moves_here(moves, scores, ply);
        }
        self.lists[ply] = moves;
        self.scores[ply] = scores;
        let bound = bound_of(best, original_alpha, beta);
        self.store(key, best, best_move, bound, depth, ply);
        best
    }

    /// The score of a node without a legal move (mate, stalemate, or what the family says),
    /// the move lists handed back for the next visit of this ply.
    #[inline(always)]
    fn no_moves_here(&mut self, moves: MoveList, scores: Vec<i32>, ply: usize) -> i32 {
        self.lists[ply] = moves;
        self.scores[ply] = scores;
        self.verdict_score(self.game.no_moves(&self.pos), ply)
    }

    /// Makes `mv` in the search (its piece and destination noted for the histories, the
    /// child's table slot fetched early); returns whether it gives check.
    #[inline(always)]
    fn make_move(&mut self, mv: Move, mover_kind: u8, ply: usize) -> bool {
        self.moved[ply] = self.heuristics.piece_to(mover_kind, mv.to);
        self.game.make(&mut self.pos, mv);
        self.tt.prefetch(self.pos.hash());
        let gives_check = self.game.in_check(&self.pos);
        self.checks[ply + 1] = Some(gives_check);
        gives_check
    }

    /// The table's move for this node, and its score where the entry is deep enough to cut
    /// the node off (never at the root or in a PV node).
    #[inline(always)]
    fn probe(
        &self,
        key: u64,
        (alpha, beta): (i32, i32),
        depth: i32,
        ply: usize,
        pv_node: bool,
    ) -> (u32, Option<i32>) {
        let entry = self.tt.probe(key);
        let hash_move = entry.map_or(NO_MOVE, |e| e.packed_move);
        let cutoff = match entry {
            Some(e) if !pv_node && ply > 0 && e.depth >= depth => tt_cutoff(&e, alpha, beta, ply),
            _ => None,
        };
        (hash_move, cutoff)
    }

    /// Before anything is probed: the score of a position the rules or the ply limit settle,
    /// or else the window narrowed to the mates still possible from this ply.
    #[inline(always)]
    fn settled_or_window(&mut self, alpha: i32, beta: i32, ply: usize) -> Result<(i32, i32), i32> {
        let (mut alpha, mut beta) = (alpha, beta);
        if ply > 0 {
            if let Some(score) = self.rule_score(ply) {
                return Err(score);
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return Err(alpha);
            }
        }
        if ply >= MAX_PLY - 1 {
            return Err(self
                .game
                .evaluate(self.eval, &self.pos, None, &mut self.scratch));
        }
        Ok((alpha, beta))
    }

    /// The node's static evaluation (-INFINITY in check), kept for the plies below, and
    /// whether it improves on two plies ago (the same side to move), which lets the margins
    /// that assume the position holds be tighter.
    #[inline(always)]
    fn node_eval(&mut self, key: u64, ply: usize, in_check: bool) -> (i32, bool) {
        let static_eval = if in_check {
            -INFINITY
        } else {
            self.static_eval(key)
        };
        self.evals[ply] = static_eval;
        let improving = !in_check
            && ply >= 2
            && self.evals[ply - 2] != -INFINITY
            && static_eval > self.evals[ply - 2];
        (static_eval, improving)
    }

    /// The moves to search here: the root's legal moves less the excluded ones, or the
    /// position's moves as the family lists them (maybe pseudo-legal).
    #[inline(always)]
    fn list_moves(&mut self, moves: &mut MoveList, ply: usize) -> Listed {
        if ply == 0 {
            moves.clear();
            moves.extend(self.root.iter().filter(|m| !self.excluded.contains(m)));
            Listed::Legal
        } else {
            self.game.search_moves(&mut self.pos, moves)
        }
    }

    /// A move after the first (the child is already made): a null-window search at the
    /// reduced depth, again at full depth if it beats alpha reduced, and with the full window
    /// if it lands inside it (principal variation search).
    #[inline(always)]
    fn search_later_move(
        &mut self,
        alpha: i32,
        beta: i32,
        new_depth: i32,
        reduction: i32,
        ply: usize,
    ) -> i32 {
        let mut s = -self.negamax(-alpha - 1, -alpha, new_depth - reduction, ply + 1, true);
        if s > alpha && reduction > 0 {
            s = -self.negamax(-alpha - 1, -alpha, new_depth, ply + 1, true);
        }
        if s > alpha && s < beta {
            s = -self.negamax(-beta, -alpha, new_depth, ply + 1, true);
        }
        s
    }

    /// Keeps a node's result in the table (its move only where it is a real best move; not at
    /// the root of a search that excludes moves).
    #[inline(always)]
    fn store(&self, key: u64, best: i32, best_move: Move, bound: Bound, depth: i32, ply: usize) {
        let stored_move = if bound == Bound::Upper {
            NO_MOVE
        } else {
            pack_move(best_move)
        };
        if ply > 0 || self.excluded.is_empty() {
            self.tt
                .store(key, stored_move, score_to_tt(best, ply), depth, bound);
        }
    }

    /// Reverse futility and the null move, before any move is searched: a score that cuts
    /// the node off, or None.
    #[inline(always)]
    fn cut_before_moves(
        &mut self,
        beta: i32,
        depth: i32,
        ply: usize,
        static_eval: i32,
        improving: bool,
        allow_null: bool,
    ) -> Option<i32> {
        // Reverse futility: far above beta with little depth left.
        if depth <= 8 && static_eval - 80 * (depth - i32::from(improving)) >= beta {
            return Some(static_eval);
        }
        // Null move: if passing still fails high, a real move surely does.
        if allow_null
            && depth >= 3
            && static_eval >= beta
            && self.game.null_move_sound()
            && self.has_officers()
        {
            let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(3);
            self.moved[ply] = NO_PIECE_TO;
            self.checks[ply + 1] = None;
            self.game.make(&mut self.pos, Move::null());
            let score = -self.negamax(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
            self.game.unmake(&mut self.pos);
            if self.stopped {
                return Some(0);
            }
            if score >= beta {
                return Some(if score >= MATE_BOUND { beta } else { score });
            }
        }
        None
    }

    /// Whether move number `i` (not the first, in a non-PV node out of check) is pruned:
    /// late-move pruning, futility and SEE pruning of quiet moves, SEE pruning of captures.
    #[inline(always)]
    fn prune_move(&self, at: &Frontier, mv: Move, i: usize, tactical: bool, score: i32) -> Pruned {
        let depth = at.depth;
        // The depth this move would get after its late-move reduction.
        let lmr_depth = depth - 1 - self.reductions[(depth as usize).min(63)][i.min(63)] as i32;
        if !tactical {
            // Late-move pruning: enough quiet moves were tried at the frontier.
            if depth <= 8 && i >= late_move_count(depth, at.improving) {
                return Pruned::AllLaterQuiets;
            }
            // Futility: even a good quiet move cannot lift the score to alpha.
            if lmr_depth < 7 && at.static_eval + 150 + 100 * lmr_depth.max(0) <= at.alpha {
                return Pruned::This;
            }
            // A quiet move that just loses material at the frontier (unless losing material
            // is the goal: Schlagschach).
            if lmr_depth < 8
                && self.game.wants_material()
                && see(self.game.variant(), &self.pos, mv, self.eval)
                    < -25 * lmr_depth.max(1) * lmr_depth.max(1)
            {
                return Pruned::This;
            }
        } else if depth <= 6
            && score < KILLER
            && self.game.wants_material()
            && see(self.game.variant(), &self.pos, mv, self.eval) < -100 * depth
        {
            // A capture that loses too much material for the depth left.
            return Pruned::This;
        }
        Pruned::No
    }

    /// The late-move reduction of quiet move number `i` that gives no check, out of check.
    ///
    /// Late quiet moves are reduced from the fourth move in PV nodes and from the third in the
    /// others (the table gives the second no reduction). Against starting at the fourth
    /// everywhere it measured level: +0.7 points, standard error 2.2, over 600 paired games
    /// against Fairy-Stockfish in Wildebeest at the clock's node ratio (docs/experiments.md).
    #[inline(always)]
    fn late_move_reduction(&self, depth: i32, i: usize, pv_node: bool, score: i32) -> i32 {
        let first_reduced = if pv_node { 3 } else { 2 };
        if depth < 3 || i < first_reduced {
            return 0;
        }
        let mut reduction = self.reductions[(depth as usize).min(63)][i.min(63)] as i32;
        if pv_node {
            reduction -= 1;
        }
        if score >= KILLER - 2 {
            reduction -= 1;
        }
        reduction.clamp(0, depth - 2)
    }

    /// A move that failed high teaches the move ordering: its capture or quiet history and
    /// killers go up, the moves tried before it down.
    #[inline(always)]
    fn reward_cutoff(
        &mut self,
        cut: &Cutoff,
        ply: usize,
        depth: i32,
        quiets_tried: &[(Move, u8)],
        captures_tried: &[(u8, u16, u8)],
    ) {
        if let Some(victim) = cut.victim {
            self.heuristics
                .update_capture(cut.mover_kind, cut.mv.to, victim, depth, true);
        } else if !cut.tactical {
            self.heuristics.reward(
                cut.side,
                ply,
                depth,
                (cut.mv, cut.mover_kind),
                quiets_tried,
                cut.previous,
            );
        }
        for &(kind, to, victim) in captures_tried {
            self.heuristics
                .update_capture(kind, to, victim, depth, false);
        }
    }

    /// Brings the best remaining move to `i`: [`ordering::pick_next`] where every move is
    /// legal, else [`Self::pick_next_legal`]; false when no legal move is left.
    #[inline(always)]
    fn pick_next(
        &mut self,
        moves: &mut MoveList,
        scores: &mut Vec<i32>,
        i: usize,
        listed: &Listed,
    ) -> bool {
        if *listed == Listed::Legal {
            ordering::pick_next(moves, scores, i);
            true
        } else {
            self.pick_next_legal(moves, scores, i, listed)
        }
    }

    /// [`ordering::pick_next`] over pseudo-legal moves (`listed`), dropping the illegal moves
    /// it meets: the highest-scored legal move at or after `i` is swapped into `i`. Both moves
    /// of the swap are checked, and illegal ones are removed in order, so the legal moves
    /// are tried in exactly the order a list of legal moves alone would give them. False when
    /// no legal move is left at or after `i`.
    fn pick_next_legal(
        &mut self,
        moves: &mut MoveList,
        scores: &mut Vec<i32>,
        i: usize,
        listed: &Listed,
    ) -> bool {
        loop {
            if i >= moves.len() {
                return false;
            }
            let best = ordering::best_index(scores, i);
            if !self
                .game
                .is_legal_listed(&mut self.pos, moves[best], listed)
            {
                moves.remove(best);
                scores.remove(best);
                continue;
            }
            if best != i && !self.game.is_legal_listed(&mut self.pos, moves[i], listed) {
                moves.remove(i);
                scores.remove(i);
                continue;
            }
            moves.swap(i, best);
            scores.swap(i, best);
            return true;
        }
    }

    /// Removes the quiet moves after index `i` (keeping the others and their scores, in
    /// order).
    fn keep_tactical_after(&self, moves: &mut MoveList, scores: &mut Vec<i32>, i: usize) {
        let mut kept = i + 1;
        for j in i + 1..moves.len() {
            let mv = moves[j];
            if mv.is_promotion() || self.game.captured(&self.pos, mv).is_some() {
                moves[kept] = mv;
                scores[kept] = scores[j];
                kept += 1;
            }
        }
        moves.truncate(kept);
        scores.truncate(kept);
    }

    /// Quiescence search; `qply` counts its plies (see [`FORCED_PLIES`]).
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, qply: usize) -> i32 {
        self.pv[ply].clear();
        self.visit();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(score) = self.rule_score(ply) {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            return self
                .game
                .evaluate(self.eval, &self.pos, None, &mut self.scratch);
        }
        // What the main search already knows about this position is worth more than a
        // capture search (any depth it stored is at least quiescence's).
        let entry = self.tt.probe(self.pos.hash());
        if let Some(score) = entry.and_then(|e| tt_cutoff(&e, alpha, beta, ply)) {
            return score;
        }
        let deeper_known = entry.is_some_and(|e| e.depth > 0);
        let window = (alpha, beta);
        let in_check = self.in_check_at(ply);
        let mut moves = std::mem::take(&mut self.lists[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        let mut best;
        let stand_pat;
        let mut forced = false;
        if in_check {
            self.game.legal_moves(&mut self.pos, &mut moves);
            if moves.is_empty() {
                self.lists[ply] = moves;
                self.scores[ply] = scores;
                return self.verdict_score(self.game.no_moves(&self.pos), ply);
            }
            best = -INFINITY;
            stand_pat = -INFINITY;
        } else {
            // Where captures are compulsory, a side that can capture may not stand pat (in
            // the first plies only: forced capture chains on a crowded board would explode).
            let compulsory = self.game.compulsory_captures() && qply < FORCED_PLIES;
            if compulsory {
                self.game.tactical_moves(&mut self.pos, &mut moves);
                forced = moves
                    .iter()
                    .any(|&m| self.game.captured(&self.pos, m).is_some());
            }
            if forced {
                best = -INFINITY;
                stand_pat = -INFINITY;
            } else {
                // The main search's evaluation when kept; otherwise a rough one may do (lazy).
                stand_pat = self.stand_pat(alpha, beta);
                if stand_pat >= beta {
                    self.lists[ply] = moves;
                    self.scores[ply] = scores;
                    self.store_quiescence(stand_pat, window, deeper_known, ply);
                    return stand_pat;
                }
                alpha = alpha.max(stand_pat);
                best = stand_pat;
                if !compulsory {
                    self.game.tactical_moves(&mut self.pos, &mut moves);
                }
            }
        }
        self.score_moves(&moves, &mut scores, NO_MOVE, ply);
        for i in 0..moves.len() {
            ordering::pick_next(&mut moves, &mut scores, i);
            let mv = moves[i];
            if !in_check && !forced {
                if scores[i] <= BAD_CAPTURE + 100_000 {
                    // Losing captures (and everything after them) are not worth a look.
                    break;
                }
                let gain = self.game.capture_gain(self.eval, &self.pos, mv)
                    + if mv.is_promotion() {
                        self.eval.kind_value(mv.piece)
                    } else {
                        0
                    };
                if stand_pat + gain + 200 <= alpha {
                    continue;
                }
            }
            self.moved[ply] = self.heuristics.piece_to(self.mover_kind(mv), mv.to);
            self.game.make(&mut self.pos, mv);
            self.tt.prefetch(self.pos.hash());
            self.checks[ply + 1] = None;
            let score = -self.quiesce(-beta, -alpha, ply + 1, qply + 1);
            self.game.unmake(&mut self.pos);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = moves;
        self.scores[ply] = scores;
        if !self.stopped {
            self.store_quiescence(best, window, deeper_known, ply);
        }
        best
    }

    /// Keeps a quiescence result (depth 0) in the table, so the next visit of the position
    /// in a capture sequence costs one probe; `window` is the (alpha, beta) the node was
    /// searched with. Not over what a search with depth stored (`deeper_known`), and not where
    /// captures are compulsory: there the result depends on how deep in the capture search
    /// the position was met.
    fn store_quiescence(&self, best: i32, window: (i32, i32), deeper_known: bool, ply: usize) {
        if deeper_known || best == -INFINITY || self.game.compulsory_captures() {
            return;
        }
        let bound = bound_of(best, window.0, window.1);
        let score = score_to_tt(best, ply);
        self.tt.store(self.pos.hash(), NO_MOVE, score, 0, bound);
    }

    /// Whether the side to move at `ply` is in check ([`Self::checks`] when known).
    #[inline]
    fn in_check_at(&self, ply: usize) -> bool {
        self.checks[ply].unwrap_or_else(|| self.game.in_check(&self.pos))
    }

    /// The exact static evaluation of the current position (hash `key`), from the cache when
    /// it was computed before.
    fn static_eval(&mut self, key: u64) -> i32 {
        if let Some(score) = self.eval_cache.searched(key) {
            return score;
        }
        let score = self.eval_cache.quiescence(key).unwrap_or_else(|| {
            self.game
                .evaluate(self.eval, &self.pos, None, &mut self.scratch)
        });
        self.eval_cache.keep_searched(key, score);
        score
    }

    /// Quiescence's stand-pat score with the window (`alpha`, `beta`): the main search's
    /// evaluation when kept, else the lazy evaluation, whose exact scores are kept apart
    /// (see [`crate::eval::cache`]).
    fn stand_pat(&mut self, alpha: i32, beta: i32) -> i32 {
        let key = self.pos.hash();
        if let Some(score) = self.eval_cache.searched(key) {
            return score;
        }
        if !self.game.lazy_evaluation_splits() {
            return self.game.evaluate(
                self.eval,
                &self.pos,
                Some((alpha, beta)),
                &mut self.scratch,
            );
        }
        if let Some(rough) = self.game.rough_score(self.eval, &self.pos, (alpha, beta)) {
            return rough;
        }
        if let Some(score) = self.eval_cache.quiescence(key) {
            return score;
        }
        let score = self
            .game
            .evaluate(self.eval, &self.pos, None, &mut self.scratch);
        self.eval_cache.keep_quiescence(key, score);
        score
    }

    /// The principal variation at `ply` becomes `mv` followed by the one found below it.
    #[inline]
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// The history-table kind of a move: the moving kind, or for a drop the dropped kind
    /// in the second half of the table.
    fn mover_kind(&self, mv: Move) -> u8 {
        match mv.kind {
            MoveKind::Drop => (self.game.variant().kinds() as u8).wrapping_add(mv.piece),
            MoveKind::Null => 0,
            _ => self.pos.at(mv.from).kind(),
        }
    }

    /// Orders moves: hash move, good captures and promotions, killers, history, bad captures.
    fn score_moves(&self, moves: &[Move], scores: &mut Vec<i32>, hash_move: u32, ply: usize) {
        scores.clear();
        let killers = self.heuristics.killers(ply);
        let side = self.pos.side();
        let v = self.game.variant();
        let previous = self.previous_moves(ply);
        for &mv in moves {
            let score = if hash_move != NO_MOVE && pack_move(mv) == hash_move {
                HASH_MOVE
            } else if let Some(victim) = self.game.captured(&self.pos, mv) {
                let victim_value = self.game.capture_gain(self.eval, &self.pos, mv).max(50);
                let attacker = self.pos.at(mv.from);
                let attacker_value = if attacker.is_royal() {
                    0
                } else {
                    self.eval.value(attacker)
                };
                let promotion = if mv.is_promotion() {
                    self.eval.kind_value(mv.piece)
                } else {
                    0
                };
                let mvv_lva = victim_value * 8 - attacker_value / 16
                    + promotion
                    + self
                        .heuristics
                        .capture_score(self.mover_kind(mv), mv.to, victim.kind())
                        / 32;
                // Only a capture by a more valuable piece can lose material.
                let losing = attacker_value > victim_value + 50
                    && mv.kind == MoveKind::Normal
                    && !see_not_losing(v, &self.pos, mv, self.eval);
                if losing {
                    BAD_CAPTURE + mvv_lva
                } else {
                    GOOD_TACTICAL + mvv_lva
                }
            } else if mv.is_promotion() {
                GOOD_TACTICAL + self.eval.kind_value(mv.piece)
            } else if mv == killers[0] {
                KILLER
            } else if mv == killers[1] {
                KILLER - 1
            } else {
                self.heuristics
                    .quiet_score(side, self.mover_kind(mv), mv.to, previous)
            };
            scores.push(score);
        }
    }

    #[allow(dead_code)]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// Late-move pruning: how many moves a node at `depth` tries before it skips the remaining
/// quiet ones (fewer when the position is not improving).
#[inline]
fn late_move_count(depth: i32, improving: bool) -> usize {
    let base = 3 + depth * depth;
    (if improving { base } else { base / 2 }) as usize
}

/// Mate scores are stored relative to the node (distance to mate from here), so they stay
/// right when the same position is reached at another ply.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// What a node's best score says about its true value, given the window it was searched
/// with.
fn bound_of(best: i32, original_alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > original_alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// The stored score of `entry` when its bound settles the window (alpha, beta) here.
fn tt_cutoff(entry: &Entry, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    let score = score_from_tt(entry.score, ply);
    let cut = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    cut.then_some(score)
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
