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

use super::features::{NAMES, TERMS, features};
use super::learned::LearnedCorrection;
use super::network::Network;
use super::partonici::PartoniciEval;
use super::pawn_structure::PawnTable;
use crate::core::board::Piece;
use crate::core::game::Game;
use crate::core::movegen::empty_board_moves;
use crate::core::piece::KindId;
use crate::core::position::{CellWeights, Position};
use crate::core::variant::Variant;
use std::sync::Arc;

/// The weights of the evaluation terms. Defaults come from the variant's data and hand-set
/// term weights; `menagerie tune` fits them to self-play results (texel method) and the
/// fitted numbers are written back into the variant's data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalParams {
    /// Material per kind (royals 0).
    pub values: Vec<i32>,
    /// Centipawns per empty-board move above the piece's average square: [middlegame, endgame].
    pub activity: [i32; 2],
    /// Pawn advancement: middlegame cp per rank; endgame cp at the rank before promotion (the
    /// bonus grows with the square of the distance travelled).
    pub pawn_advance: [i32; 2],
    /// Middlegame bonus per rank for pawns on central files (cut off at the third rank).
    pub pawn_centre: i32,
    /// Royal: middlegame penalty per rank left behind, per extra move of activity; endgame
    /// bonus per move of activity.
    pub royal_rank: i32,
    pub royal_exposure: i32,
    pub royal_activity: i32,
    /// Middlegame penalty per file the royal stands away from the files next to the board's
    /// edges (at most two files' worth): a royal in the centre files is where the files open
    /// first, so it is safer castled towards a wing.
    pub royal_file: i32,
    /// Being on move.
    pub tempo: i32,
    /// Weights of the board-dependent terms of [`features`] ([middlegame, endgame] each).
    pub dynamic: [[i32; 2]; TERMS],
    /// Corrections [middlegame, endgame] per kind and square as the first player sees it
    /// (index `kind * squares + view`, see [`square_view`]), on top of the terms above: what
    /// a general rule cannot say about one army on one board (a knight on the rim, a king's
    /// best squares). All zero by default; `menagerie tune fit --squares` fits them and
    /// `tune compare` plays them. Empty where the board has no such view.
    pub squares: Vec<[i32; 2]>,
}

impl EvalParams {
    pub fn defaults(v: &Variant) -> Self {
        EvalParams {
            values: (0..v.kinds()).map(|k| v.kind(k as KindId).value).collect(),
            activity: [3, 2],
            pawn_advance: [4, 140],
            pawn_centre: 2,
            royal_rank: 12,
            royal_exposure: 3,
            royal_activity: 4,
            royal_file: 30,
            tempo: 10,
            dynamic: [
                [4, 4],
                [10, 0],
                [4, 12],
                [-6, 0],
                [-2, 0],
                [-100, -40],
                [-80, -40],
                [-20, -40],
                [-8, -20],
                [-6, -10],
                [6, 4],
                [14, 6],
                [3, 8],
                [35, 55],
                [20, 10],
                [0, 3],
            ],
            squares: vec![
                [0, 0];
                if has_square_view(v) {
                    v.kinds() * v.geometry().squares()
                } else {
                    0
                }
            ],
        }
    }

    /// The tunable weights as one flat list (for the tuner), and back.
    pub fn to_vec(&self) -> Vec<i32> {
        let mut out = self.values.clone();
        out.extend_from_slice(&[
            self.activity[0],
            self.activity[1],
            self.pawn_advance[0],
            self.pawn_advance[1],
            self.pawn_centre,
            self.royal_rank,
            self.royal_exposure,
            self.royal_activity,
            self.royal_file,
            self.tempo,
        ]);
        for w in self.dynamic.iter().chain(&self.squares) {
            out.extend_from_slice(w);
        }
        out
    }

    pub fn from_vec(&self, w: &[i32]) -> Self {
        let k = self.values.len();
        EvalParams {
            values: w[..k].to_vec(),
            activity: [w[k], w[k + 1]],
            pawn_advance: [w[k + 2], w[k + 3]],
            pawn_centre: w[k + 4],
            royal_rank: w[k + 5],
            royal_exposure: w[k + 6],
            royal_activity: w[k + 7],
            royal_file: w[k + 8],
            tempo: w[k + 9],
            dynamic: std::array::from_fn(|i| [w[k + 10 + 2 * i], w[k + 11 + 2 * i]]),
            squares: (0..self.squares.len())
                .map(|i| {
                    let at = k + 10 + 2 * TERMS + 2 * i;
                    [w[at], w[at + 1]]
                })
                .collect(),
        }
    }

    /// Names of the entries of [`to_vec`](Self::to_vec), for reports.
    pub fn names(&self, v: &Variant) -> Vec<String> {
        let mut out: Vec<String> = (0..v.kinds())
            .map(|k| format!("value {}", v.kind(k as KindId).name))
            .collect();
        for n in [
            "activity mg",
            "activity eg",
            "pawn advance mg",
            "pawn advance eg",
            "pawn centre",
            "royal rank",
            "royal exposure",
            "royal activity",
            "royal file",
            "tempo",
        ] {
            out.push(n.to_string());
        }
        for n in NAMES {
            out.push(format!("{n} mg"));
            out.push(format!("{n} eg"));
        }
        let squares = v.geometry().squares();
        for i in 0..self.squares.len() {
            let (kind, sq) = (i / squares, (i % squares) as u16);
            let name = format!(
                "{SQUARE_NAMES}{} {}",
                v.kind(kind as KindId).name,
                v.square_name(sq)
            );
            out.push(format!("{name} mg"));
            out.push(format!("{name} eg"));
        }
        out
    }
}

/// How the names of the per-square corrections begin (`square knight e4 mg`): the weights
/// files leave out those that are zero, and the coordinate descent leaves them alone.
pub const SQUARE_NAMES: &str = "square ";

/// Whether per-square corrections apply: two players on a board of files and ranks, where
/// the second player's view of a square is its mirror across the middle rank.
pub fn has_square_view(v: &Variant) -> bool {
    v.spec.players == 2 && v.geometry().axes() == 2
}

/// The square `sq` as `player` sees it: the same file, at the rank it has from `player`'s
/// side, so both players share one table (only where [`has_square_view`]).
pub fn square_view(v: &Variant, sq: u16, player: u8) -> u16 {
    let g = v.geometry();
    let coords = [g.file_of(sq) as i32, v.relative_rank(sq, player) as i32];
    g.square(&coords).unwrap_or(sq)
}

pub struct Evaluator {
    kinds: usize,
    squares: usize,
    /// Index `(player * kinds + kind) * squares + sq`.
    table: Vec<SquareTerms>,
    phase_weight: Vec<i32>,
    full_phase: i32,
    values: Vec<i32>,
    tempo: i32,
    dynamic: [[i32; 2]; TERMS],
    /// 1, or -1 in losing games (the goal is to lose men, so material counts against).
    sign: i32,
    /// Whether the game has holdings (pieces in hand count as material).
    holdings: bool,
    /// `table` as the position keeps its sums (`Position::keep_sums`), on boards of up to
    /// [`KEPT_SUMS_CELLS`] cells without holdings: the search's positions then carry the sums
    /// instead of each evaluation adding up every man.
    cell_weights: Option<Arc<CellWeights>>,
    /// The variant's learned correction, where it has one: added to every exact evaluation.
    learned: Option<Arc<LearnedCorrection>>,
    /// The variant's evaluation network, where it has one: it then scores positions alone
    /// ([`Evaluate::evaluate`](super::Evaluate::evaluate)); the terms above still give the
    /// material values that order captures.
    network: Option<Arc<Network>>,
    /// Partonici's own evaluation, built from the game's tables where the game is one
    /// ([`Evaluate::evaluator`](super::Evaluate::evaluator)).
    partonici: Option<Arc<PartoniciEval>>,
}

/// The largest board whose table sums the search's positions keep (larger ones, the
/// Chessical Cubism boxes, would hold a second copy of a large table for little gain).
const KEPT_SUMS_CELLS: usize = 128;

/// What one man on one square adds to the table sums: its middlegame and endgame worth and
/// its kind's phase weight, side by side (the sums run at every node, and one load serves
/// all three).
#[derive(Clone, Copy, Default)]
struct SquareTerms {
    mg: i16,
    eg: i16,
    phase: i32,
}

/// The per-square tables' sums of a position, before the board terms are added.
#[derive(Clone, Copy)]
struct TableSums {
    mg: i32,
    eg: i32,
    phase: i32,
}

impl Evaluator {
    pub fn new(v: &Variant) -> Self {
        Self::with_params(v, &EvalParams::defaults(v))
    }

    pub fn with_params(v: &Variant, params: &EvalParams) -> Self {
        let kinds = v.kinds();
        let squares = v.geometry().squares();
        let players = v.spec.players as usize;
        let ranks = v.spec.orientation.ranks(v.geometry()).max(2);
        let mut table = vec![SquareTerms::default(); players * kinds * squares];
        let values = params.values.clone();
        // The phase follows the variant's data, not the tuned values, so tuning cannot move it.
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
        let p = params;
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
                        (
                            -p.royal_rank * rank
                                - p.royal_exposure * active.max(0)
                                - p.royal_file * royal_file_steps(v, sq as u16),
                            p.royal_activity * active,
                        )
                    } else if piece.role.pawn {
                        let last = ranks as i32 - 1;
                        let central = 2 * files_from_edge(v, sq as u16);
                        (
                            p.pawn_advance[0] * rank + p.pawn_centre * central * rank.min(3) / 2,
                            rank * rank * p.pawn_advance[1] / (last * last).max(1),
                        )
                    } else {
                        (p.activity[0] * active, p.activity[1] * active)
                    };
                    let [cmg, ceg] = if p.squares.is_empty() {
                        [0, 0]
                    } else {
                        p.squares[kind * squares + square_view(v, sq as u16, player as u8) as usize]
                    };
                    let (mg, eg) = (mg + cmg, eg + ceg);
                    table[at] = SquareTerms {
                        mg: (value + mg).clamp(-30000, 30000) as i16,
                        eg: (value + eg).clamp(-30000, 30000) as i16,
                        phase: phase_weight[kind],
                    };
                }
            }
        }
        let full_phase = start_phase(v, &phase_weight).max(1);
        let cell_weights = (!v.spec.holdings && squares <= KEPT_SUMS_CELLS).then(|| {
            Arc::new(CellWeights::new(
                v.spec.players,
                kinds,
                squares,
                |player, kind, sq| {
                    let t = table[(player as usize * kinds + kind) * squares + sq];
                    [t.mg.into(), t.eg.into(), t.phase]
                },
            ))
        });
        Evaluator {
            kinds,
            squares,
            table,
            cell_weights,
            phase_weight,
            full_phase,
            values,
            tempo: p.tempo,
            dynamic: p.dynamic,
            sign: 1,
            learned: LearnedCorrection::built_in(v),
            network: Network::built_in(v),
            partonici: None,
            holdings: v.spec.holdings,
        }
    }

    /// Makes `pos` keep the sums of this evaluator's tables, so that evaluating it and the
    /// positions its moves lead to reads them instead of adding up every man (where the
    /// evaluator keeps sums at all; else nothing changes). With a network nothing reads the
    /// sums, so no move pays for keeping them.
    pub fn keep_sums_in(&self, pos: &mut Position) {
        if self.cell_weights.is_some() && self.network.is_none() {
            pos.keep_sums(self.cell_weights.clone());
        }
    }

    /// The evaluator for a game ([`Evaluate::evaluator`](super::Evaluate::evaluator)): by
    /// default [`Evaluator::new`], negated where the game's goal is to lose material
    /// ([`Game::wants_material`]).
    pub fn for_game<G: super::Evaluate>(game: &G) -> Self {
        game.evaluator()
    }

    /// This evaluator turned to the game's goal: negated in losing games.
    pub fn oriented<G: Game>(mut self, game: &G) -> Self {
        self.sign = if game.wants_material() { 1 } else { -1 };
        self
    }

    /// The material value of a piece's kind (0 for royals).
    #[inline]
    pub fn value(&self, piece: Piece) -> i32 {
        self.values[piece.kind() as usize]
    }

    /// The share (0 to 1) of the middlegame weights in the blend, for men and held pieces of
    /// the given kinds, as [`evaluate_men`](Self::evaluate_men) blends them.
    pub fn middlegame_share(&self, kinds: impl Iterator<Item = (KindId, i32)>) -> f64 {
        let phase: i32 = kinds
            .map(|(kind, count)| count * self.phase_weight[kind as usize])
            .sum();
        phase.min(self.full_phase) as f64 / self.full_phase as f64
    }

    /// The material value of a kind.
    #[inline]
    pub fn kind_value(&self, kind: KindId) -> i32 {
        self.values[kind as usize]
    }

    /// The evaluation from the point of view of the side to move, in centipawns: the
    /// network's where the game has one, else the terms'.
    pub fn evaluate(&self, v: &Variant, pos: &Position) -> i32 {
        match &self.network {
            Some(net) => net.evaluate_afresh(pos),
            None => self.evaluate_with(v, pos, &mut PawnTable::none()),
        }
    }

    /// The variant's evaluation network, if it has one (and it is switched on).
    #[inline]
    pub fn network(&self) -> Option<&Network> {
        self.network.as_deref()
    }

    /// Partonici's evaluation, where this evaluator was built for a Partonici game.
    pub fn partonici(&self) -> Option<&PartoniciEval> {
        self.partonici.as_deref()
    }

    /// This evaluator carrying Partonici's own evaluation.
    pub fn with_partonici(mut self, eval: PartoniciEval) -> Self {
        self.partonici = Some(Arc::new(eval));
        self
    }

    /// This evaluator without its network: the hand-made terms and learned correction
    /// score positions (comparisons, the tuner).
    pub fn without_network(mut self) -> Self {
        self.network = None;
        self
    }

    /// [`evaluate`](Self::evaluate) with a search's table of pawn structures.
    pub fn evaluate_with(&self, v: &Variant, pos: &Position, pawns: &mut PawnTable) -> i32 {
        self.exact(v, pos, self.table_sums(pos), pawns)
    }

    /// The exact evaluation from the table sums: the board terms blended in, then the learned
    /// correction added.
    fn exact(&self, v: &Variant, pos: &Position, sums: TableSums, pawns: &mut PawnTable) -> i32 {
        self.blend(sums, &features(v, pos, pawns)) + self.learned_correction(pos)
    }

    /// What the variant's learned correction adds to `pos`'s evaluation (0 without one).
    pub fn learned_correction(&self, pos: &Position) -> i32 {
        self.learned
            .as_ref()
            .map_or(0, |net| net.for_side_to_move(pos))
    }

    /// Like [`evaluate`](Self::evaluate), but when the table terms alone are beyond
    /// `[alpha - margin, beta + margin]` it returns them without the costlier board terms
    /// and the learned correction (which rarely move a score that far).
    pub fn evaluate_lazy(
        &self,
        v: &Variant,
        pos: &Position,
        (alpha, beta): (i32, i32),
        pawns: &mut PawnTable,
    ) -> i32 {
        // The table sums serve both blends: they are summed once.
        let sums = self.table_sums(pos);
        self.rough_of(sums, (alpha, beta))
            .unwrap_or_else(|| self.exact(v, pos, sums, pawns))
    }

    /// The table terms alone when they are beyond `[alpha - margin, beta + margin]`: the
    /// score [`evaluate_lazy`](Self::evaluate_lazy) returns without the board terms; None when
    /// it needs them.
    pub fn rough_score(&self, pos: &Position, window: (i32, i32)) -> Option<i32> {
        self.rough_of(self.table_sums(pos), window)
    }

    fn rough_of(&self, sums: TableSums, (alpha, beta): (i32, i32)) -> Option<i32> {
        const MARGIN: i32 = 400;
        let quick = self.blend(sums, &[0; TERMS]);
        (quick - MARGIN >= beta || quick + MARGIN <= alpha).then_some(quick)
    }

    /// The per-square tables' (and the hands') middlegame and endgame sums for the side to
    /// move, and the material phase.
    fn table_sums(&self, pos: &Position) -> TableSums {
        if !self.holdings {
            return self.board_sums(pos);
        }
        let men = (0..pos.players()).flat_map(|player| {
            pos.occupied(player)
                .iter()
                .map(move |sq| (player, pos.at(sq).kind(), sq))
        });
        let hands = (0..pos.players()).flat_map(|player| {
            (0..self.kinds as u8).map(move |kind| (player, kind, pos.hand(player, kind)))
        });
        self.men_sums(pos.side(), men, hands)
    }

    /// [`table_sums`](Self::table_sums) for games without holdings: the same sums, in plain
    /// loops (they run at every node).
    fn board_sums(&self, pos: &Position) -> TableSums {
        let side = pos.side();
        if let Some(sums) = self.cell_weights.as_ref().and_then(|w| pos.sums_of(w)) {
            let (mut mg, mut eg, mut phase) = (0i32, 0i32, 0i32);
            for (player, &[pmg, peg, pphase]) in sums.iter().enumerate() {
                let sign = if player == side as usize { 1 } else { -1 };
                mg += sign * pmg;
                eg += sign * peg;
                phase += pphase;
            }
            return TableSums { mg, eg, phase };
        }
        let (mut mg, mut eg, mut phase) = (0i32, 0i32, 0i32);
        for player in 0..pos.players() {
            let (mut pmg, mut peg) = (0i32, 0i32);
            let base = player as usize * self.kinds;
            for sq in pos.occupied(player).iter() {
                let kind = pos.at(sq).kind() as usize;
                let terms = self.table[(base + kind) * self.squares + sq as usize];
                pmg += terms.mg as i32;
                peg += terms.eg as i32;
                phase += terms.phase;
            }
            if player == side {
                mg += pmg;
                eg += peg;
            } else {
                mg -= pmg;
                eg -= peg;
            }
        }
        TableSums { mg, eg, phase }
    }

    /// The evaluation of men given as (owner, kind, square), hands as (owner, kind, count) and
    /// the board-dependent term counts, for `side` to move. The tuner calls this on stored
    /// positions.
    pub fn evaluate_men(
        &self,
        side: u8,
        men: impl Iterator<Item = (u8, KindId, u16)>,
        hands: impl Iterator<Item = (u8, KindId, u8)>,
        terms: &[i32; TERMS],
    ) -> i32 {
        self.blend(self.men_sums(side, men, hands), terms)
    }

    fn men_sums(
        &self,
        side: u8,
        men: impl Iterator<Item = (u8, KindId, u16)>,
        hands: impl Iterator<Item = (u8, KindId, u8)>,
    ) -> TableSums {
        let (mut mg, mut eg, mut phase) = (0i32, 0i32, 0i32);
        for (player, kind, sq) in men {
            let sign = if player == side { 1 } else { -1 };
            let kind = kind as usize;
            let terms =
                self.table[(player as usize * self.kinds + kind) * self.squares + sq as usize];
            mg += sign * terms.mg as i32;
            eg += sign * terms.eg as i32;
            phase += terms.phase;
        }
        for (player, kind, held) in hands {
            if held > 0 {
                let sign = if player == side { 1 } else { -1 };
                let (held, kind) = (held as i32, kind as usize);
                mg += sign * held * self.values[kind];
                eg += sign * held * self.values[kind];
                phase += held * self.phase_weight[kind];
            }
        }
        TableSums { mg, eg, phase }
    }

    /// The table sums and the weighted board terms, blended by the material phase.
    fn blend(&self, sums: TableSums, terms: &[i32; TERMS]) -> i32 {
        let TableSums {
            mut mg,
            mut eg,
            phase,
        } = sums;
        for (w, &count) in self.dynamic.iter().zip(terms) {
            mg += w[0] * count;
            eg += w[1] * count;
        }
        let phase = phase.min(self.full_phase);
        self.sign * (mg * phase + eg * (self.full_phase - phase)) / self.full_phase + self.tempo
    }
}

/// How many files (0 to 2) a royal on `sq` stands inside the files next to the edges, on
/// boards of two axes (0 elsewhere): on a wing it sits behind pawns that stay closed longest.
fn royal_file_steps(v: &Variant, sq: u16) -> i32 {
    if v.geometry().axes() != 2 {
        return 0;
    }
    (files_from_edge(v, sq) - 1).clamp(0, 2)
}

/// How many files lie between `sq` and the nearer edge of the board (0 on the edge files).
fn files_from_edge(v: &Variant, sq: u16) -> i32 {
    let g = v.geometry();
    let file = g.file_of(sq) as i32;
    file.min(g.files() as i32 - 1 - file)
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
    use crate::variants::western_by_name as western;
    use crate::variants::{AnyGame, game};

    /// The hand-made terms alone: what these tests pin, since a variant's learned correction
    /// (chess has one) is trained on top of them and has its own tests in `search::learned`,
    /// and a network (chess has one) replaces them in the search.
    fn hand_made(ev: &Evaluator, v: &Variant, pos: &Position) -> i32 {
        ev.evaluate_with(v, pos, &mut PawnTable::none()) - ev.learned_correction(pos)
    }

    #[test]
    fn start_positions_are_balanced_up_to_tempo() {
        for name in ["chess", "wildebeest"] {
            let g = western(name);
            let ev = Evaluator::new(g.variant());
            let pos = parse_position(&g, &g.variant().spec.start).unwrap();
            assert_eq!(
                hand_made(&ev, g.variant(), &pos),
                EvalParams::defaults(g.variant()).tempo,
                "{name}"
            );
        }
    }

    #[test]
    fn patricia_start_is_balanced_and_hands_count() {
        let Ok(AnyGame::Patricia(g)) = game("patricia") else {
            panic!("patricia is its own family")
        };
        let ev = Evaluator::new(g.variant());
        let eval = |fen: &str| hand_made(&ev, g.variant(), &parse_position(&g, fen).unwrap());
        assert_eq!(
            eval(crate::variants::patricia::START),
            EvalParams::defaults(g.variant()).tempo
        );
        // A rook in hand is worth its material value to its holder, to either side.
        let bare = eval("2k2/5/5/5/2K2[] w - - 0 1");
        assert_eq!(eval("2k2/5/5/5/2K2[R] w - - 0 1") - bare, 400);
        assert_eq!(eval("2k2/5/5/5/2K2[r] w - - 0 1") - bare, -400);
        // The royal's two faces are worth the same material: flipping changes no balance.
        let kind = |c| g.variant().kind_by_letter(c).unwrap();
        assert_eq!(ev.kind_value(kind('K')), ev.kind_value(kind('Q')));
    }

    #[test]
    fn central_knight_beats_corner_knight_and_material_counts() {
        let g = western("chess");
        let ev = Evaluator::new(g.variant());
        let centre = parse_position(&g, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
        let corner = parse_position(&g, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1").unwrap();
        let (c, k) = (
            hand_made(&ev, g.variant(), &centre),
            hand_made(&ev, g.variant(), &corner),
        );
        assert!(c > k && k > 250, "centre {c}, corner {k}");
        let black_to_move = parse_position(&g, "4k3/8/8/8/3N4/8/8/4K3 b - - 0 1").unwrap();
        assert!(hand_made(&ev, g.variant(), &black_to_move) < -250);
    }

    #[test]
    fn a_square_correction_counts_for_both_players_on_mirrored_squares() {
        let g = western("chess");
        let v = g.variant();
        let mut params = EvalParams::defaults(v);
        let knight = v.kind_by_letter('N').unwrap() as usize;
        let e4 = v.parse_square("e4").unwrap();
        assert_eq!(square_view(v, e4, 0), e4);
        assert_eq!(square_view(v, v.parse_square("e5").unwrap(), 1), e4);
        params.squares[knight * v.geometry().squares() + e4 as usize] = [50, 50];
        let (plain, corrected) = (Evaluator::new(v), Evaluator::with_params(v, &params));
        let gain = |fen: &str| {
            let pos = parse_position(&g, fen).unwrap();
            let mut none = PawnTable::none();
            corrected.evaluate_with(v, &pos, &mut none) - plain.evaluate_with(v, &pos, &mut none)
        };
        assert_eq!(gain("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1"), 50);
        assert_eq!(gain("4k3/8/8/4n3/8/8/8/4K3 b - - 0 1"), 50);
        assert_eq!(gain("4k3/8/8/8/4n3/8/8/4K3 b - - 0 1"), 0);
        // Boards without files and ranks for two players have no corrections.
        let Ok(AnyGame::Cubism(cubic)) = game("cubic") else {
            panic!("cubic is a Cubism game")
        };
        assert!(EvalParams::defaults(cubic.variant()).squares.is_empty());
    }

    #[test]
    fn advanced_pawns_are_worth_more_in_the_endgame() {
        let g = western("chess");
        let ev = Evaluator::new(g.variant());
        let far = parse_position(&g, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let near = parse_position(&g, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1").unwrap();
        assert!(hand_made(&ev, g.variant(), &far) > hand_made(&ev, g.variant(), &near) + 80);
    }

    #[test]
    fn a_royal_castled_to_a_wing_is_safer_than_one_in_the_centre() {
        let g = western("chess");
        let ev = Evaluator::new(g.variant());
        // The same men; only White's castling differs (king e1 and rook h1, or king g1 and
        // rook f1; the rook's mobility barely changes), the pawns unmoved.
        let centre = "rnbq1rk1/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w - - 0 1";
        let wing = "rnbq1rk1/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1RK1 w - - 0 1";
        let eval = |fen: &str| hand_made(&ev, g.variant(), &parse_position(&g, fen).unwrap());
        let (c, w) = (eval(centre), eval(wing));
        assert!(w >= c + 40, "castled {w}, centre {c}");
        // e1 stands two files inside b1-g1, g1 none.
        assert_eq!(royal_file_steps(g.variant(), 4), 2);
        assert_eq!(royal_file_steps(g.variant(), 6), 0);
    }
}
