//! What one search thread keeps for its evaluations from node to node: the pawn structures it
//! has met and the evaluation network's hidden layers per ply. Each family's
//! [`Evaluate::evaluate`](super::Evaluate::evaluate) takes what it reads.

use super::network::Accumulators;
use super::pawn_structure::PawnTable;
use crate::core::variant::Variant;

pub struct EvalScratch {
    /// Pawn structures by the pawns' cells ([`PawnTable`]).
    pub pawns: PawnTable,
    /// The network's layers per ply ([`Accumulators`]), for games that have a network.
    pub layers: Accumulators,
}

impl EvalScratch {
    /// Scratch that keeps nothing (a position evaluated alone).
    pub fn none() -> Self {
        EvalScratch {
            pawns: PawnTable::none(),
            layers: Accumulators::default(),
        }
    }

    /// Scratch for a search of `v`, reusing `pawns` (a thread's table from its last search)
    /// when it serves this game.
    pub fn for_search(v: &Variant, pawns: Option<PawnTable>) -> Self {
        EvalScratch {
            pawns: pawns
                .filter(|table| table.serves(v))
                .unwrap_or_else(|| PawnTable::new(v)),
            layers: Accumulators::default(),
        }
    }
}
