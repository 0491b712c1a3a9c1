//! Cubism promotion (D6, D15): a pawn that reaches its far rank must promote. The far rank is
//! counted by the variant's orientation, so it is "rank 6 on any level" in Cubic chess and
//! "the far row of the far boards" in Sphinx, with one test.

use crate::core::variant::Variant;
use crate::geometry::Sq;

/// True when `sq` is on `player`'s promotion zone.
#[inline]
pub fn in_zone(v: &Variant, sq: Sq, player: u8) -> bool {
    v.relative_rank(sq, player) + 1 == v.spec.orientation.ranks(v.geometry())
}
