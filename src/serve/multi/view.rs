//! What the page needs to draw an N-player game, beyond the text the `core::multi` contract
//! gives: the geometry and piece kinds, the pieces by cell, each player's records, and the
//! cells a person clicks for each atom. One implementation per game (`party.rs`); the table
//! (`table.rs`) is generic over it.

use serde_json::Value;

use crate::core::multi::MultiNotation;
use crate::eval::MultiEvaluate;

/// The cells an atom touches, for the last-move marks and the animation: where a piece left
/// and where it arrived or struck (`None` off the board: a placement has no `from`, a
/// scratch no `to`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AtomCells {
    pub from: Option<usize>,
    pub to: Option<usize>,
}

/// An N-player game as the page draws it. Pieces are numbered `owner * 64 + kind`, as in the
/// two-player layouts, so the page draws both alike.
pub trait MultiView: MultiNotation + MultiEvaluate + Send + Sync + 'static {
    /// The geometry (cells with places and names, panels, labels), the piece kinds with
    /// their pictures and the players; `id` changes whenever the page must fetch it again.
    fn layout_json(&self, players: usize, id: u64) -> Value;

    /// The number of cells.
    fn cells(&self) -> usize;

    /// The piece on each cell (`null` if empty), and small numbers drawn on pieces by cell
    /// (a HarfyBlob's Hn).
    fn board_json(&self, pos: &Self::Pos) -> (Vec<Value>, Value);

    /// Every player's records: reserve (`{kind, count, piece}`; `kind` is the unit's text,
    /// which the placements name in `drop`), Benefyts, knives, echo pattern, Weight.
    fn players_json(&self, pos: &Self::Pos) -> Value;

    /// One atom for the page: its text, kind, the cell clicked first (`from`, or the reserve
    /// unit `drop`), the cell clicked second (`to`), and what the moving piece becomes (for
    /// the chooser).
    fn atom_json(&self, pos: &Self::Pos, atom: Self::Atom) -> Value;

    /// The cells `atom` touches (made from `pos`).
    fn atom_cells(&self, pos: &Self::Pos, atom: Self::Atom) -> AtomCells;
}
