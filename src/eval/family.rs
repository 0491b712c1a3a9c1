//! What the search asks of a game family beyond its rules: a score for a position and the
//! material a move wins.
//!
//! The rules interface ([`Game`]) knows nothing of evaluation, so the import graph runs one
//! way: geometry -> core -> fen -> variants -> eval -> search -> protocol. Each family implements
//! [`Evaluate`] here; the defaults are the data-driven [`Evaluator`], which serves every family
//! whose goal is the enemy royal and whose captures land on the destination. A family with
//! another goal or other captures overrides them (Partonici below).

use super::evaluator::Evaluator;
use super::partonici::PartoniciEval;
use super::scratch::EvalScratch;
use crate::core::game::Game;
use crate::core::moves::Move;
use crate::core::position::Position;
use crate::variants::cubism::Cubism;
use crate::variants::partonici::Partonici;
use crate::variants::patricia::Patricia;
use crate::variants::western::Western;

/// A game the search can play: its rules ([`Game`]) and how to weigh its positions and moves.
pub trait Evaluate: Game {
    /// The evaluator for this game: the data-driven one turned to the game's goal, with
    /// whatever the family's own evaluation needs built from the game's tables.
    fn evaluator(&self) -> Evaluator
    where
        Self: Sized,
    {
        Evaluator::new(self.variant()).oriented(self)
    }

    /// What `mv` wins in material, in the evaluator's values: by default the one piece
    /// [`Game::captured`] names. Move ordering and quiescence pruning use it.
    fn capture_gain(&self, eval: &Evaluator, pos: &Position, mv: Move) -> i32 {
        self.captured(pos, mv).map_or(0, |p| eval.value(p))
    }

    /// The static evaluation of `pos` for the side to move. `window` is the search's
    /// (alpha, beta) where a score far outside it may be returned roughly (quiescence's lazy
    /// evaluation). `scratch` is what the search thread keeps for its evaluations. A game
    /// with an evaluation network ([`Evaluator::network`]) is scored by it alone.
    fn evaluate(
        &self,
        eval: &Evaluator,
        pos: &Position,
        window: Option<(i32, i32)>,
        scratch: &mut EvalScratch,
    ) -> i32 {
        if let Some(net) = eval.network() {
            return scratch.layers.evaluate(net, pos);
        }
        match window {
            Some(window) => eval.evaluate_lazy(self.variant(), pos, window, &mut scratch.pawns),
            None => eval.evaluate_with(self.variant(), pos, &mut scratch.pawns),
        }
    }

    /// Whether [`evaluate`](Self::evaluate) with a window is [`rough_score`](Self::rough_score)
    /// or else the exact evaluation (no window), so that quiescence may take a cached exact
    /// score where the rough one does not serve. A family that overrides `evaluate` answers
    /// false unless its own lazy evaluation splits the same way.
    fn lazy_evaluation_splits(&self) -> bool {
        true
    }

    /// The rough score [`evaluate`](Self::evaluate) with `window` gives `pos`, or None when it
    /// gives the exact evaluation. Asked only where
    /// [`lazy_evaluation_splits`](Self::lazy_evaluation_splits).
    fn rough_score(&self, eval: &Evaluator, pos: &Position, window: (i32, i32)) -> Option<i32> {
        if eval.network().is_some() {
            return None;
        }
        eval.rough_score(pos, window)
    }

    /// Whether [`evaluate`](Self::evaluate) reads the evaluator's per-square tables, so the
    /// search's positions should keep their sums ([`Evaluator::keep_sums_in`]); a family with
    /// its own evaluation would only pay for them at every move.
    fn reads_table_sums(&self) -> bool {
        true
    }
}

impl Evaluate for Western {}
impl Evaluate for Patricia {}
impl Evaluate for Cubism {}

/// The gain reported for a move that wins the game: beyond any score difference the search
/// can see (scores stay within ±32000), so no pruning margin ever discards it.
const DECISIVE_GAIN: i32 = 64_000;

/// Partonici: a move may take several pieces away from its destination, and the goal is a
/// capture count or the enemy royals, so the family has its own evaluation
/// (`eval/partonici.rs`, built from the game's tables with its evaluator).
impl Evaluate for Partonici {
    fn evaluator(&self) -> Evaluator {
        let own = PartoniciEval::new(self.variant(), self.table(), *self.end_rules());
        Evaluator::new(self.variant())
            .oriented(self)
            .with_partonici(own)
    }

    /// Every piece the custodian captures take, plus the promotion; a move that wins at once
    /// is worth more than any material, so quiescence never prunes it as "not enough".
    fn capture_gain(&self, eval: &Evaluator, pos: &Position, mv: Move) -> i32 {
        let effect = self.move_effect(pos, mv);
        if effect.wins_at_once {
            return DECISIVE_GAIN;
        }
        let material: i32 = effect.taken.iter().map(|sq| eval.value(pos.at(sq))).sum();
        let promotion = effect
            .promotion
            .map_or(0, |(before, after)| eval.value(after) - eval.value(before));
        material + promotion.max(0)
    }

    /// An evaluator built without the family's tables (not through
    /// [`evaluator`](Evaluate::evaluator)) scores with the data-driven terms.
    fn evaluate(
        &self,
        eval: &Evaluator,
        pos: &Position,
        window: Option<(i32, i32)>,
        scratch: &mut EvalScratch,
    ) -> i32 {
        match eval.partonici() {
            Some(own) => own.evaluate(self, pos, window),
            None => eval.evaluate_with(self.variant(), pos, &mut scratch.pawns),
        }
    }

    fn reads_table_sums(&self) -> bool {
        false
    }

    /// Its lazy evaluation lives inside its own (`eval/partonici.rs`).
    fn lazy_evaluation_splits(&self) -> bool {
        false
    }
}
