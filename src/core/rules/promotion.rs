//! Promotion on the last rank: compulsory, to one of the variant's choices (Wildebeest: queen
//! or wildebeest only, spec B3.4; orthodox chess: Q R B N).

use crate::core::moves::Move;
use crate::core::variant::Variant;
use crate::geometry::Sq;

/// True when a pawn of `player` arriving on `to` must promote.
#[inline]
pub fn must_promote(v: &Variant, to: Sq, player: u8) -> bool {
    v.spec.promotion.is_some() && v.relative_rank(to, player) + 1 == v.geometry().ranks()
}

/// One move per promotion choice.
pub fn promotions(v: &Variant, from: Sq, to: Sq, mut emit: impl FnMut(Move)) {
    if let Some(rule) = &v.spec.promotion {
        for &kind in &rule.choices {
            emit(Move::promotion(from, to, kind));
        }
    }
}
