//! Evaluation: how every family's positions are scored, below the search that asks for it.
//!
//! - [`family`]: what a two-player search asks of a game ([`Evaluate`]), implemented for each
//!   family; [`multi`]: the same for games of more than two players ([`MultiEvaluate`]).
//! - [`evaluator`]: the data-driven evaluator built from a variant's tables (material,
//!   per-square tables, tempo), with the board terms of [`features`] and [`pawn_structure`].
//! - [`learned`]: a learned correction added to the hand-made terms (Wildebeest);
//!   [`network`]: the evaluation network that scores chess alone.
//! - [`partonici`]: Partonici's own evaluation (captures land away from the mover);
//!   `party`: Party Chess's, for the N-player search.
//! - [`cache`] and [`scratch`]: what a search thread keeps between evaluations.
//!
//! The import graph runs one way: geometry -> core -> fen -> variants -> eval -> search.

pub mod cache;
pub mod evaluator;
pub mod family;
pub mod features;
pub mod learned;
pub mod multi;
pub mod network;
pub mod partonici;
mod party;
pub mod pawn_structure;
pub mod scratch;

pub use evaluator::Evaluator;
pub use family::Evaluate;
pub use multi::MultiEvaluate;
