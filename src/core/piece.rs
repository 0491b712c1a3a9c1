//! Pieces as data: one movement language for every piece of every game.
//!
//! A piece kind is a list of [`Atom`]s. An atom is a set of direction vectors (written for
//! player 0, who moves "up" the rank axis), how far the piece goes along them ([`Reach`]), and
//! whether it may use them to move, to capture, or both ([`Mode`]). Pawns, kings and rooks are
//! described the same way as camels and nightriders; only what data cannot say (castling,
//! en passant, promotion) lives in the rule modules.

use crate::geometry::Vector;

/// Index of a piece kind in its variant's piece table.
pub type KindId = u8;

/// "No kind": an absent promotion or drop piece.
pub const NO_KIND: KindId = KindId::MAX;

/// What an atom may be used for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mode(pub u8);

impl Mode {
    pub const MOVE: Mode = Mode(1);
    pub const CAPTURE: Mode = Mode(2);
    pub const BOTH: Mode = Mode(3);

    pub fn can_move(self) -> bool {
        self.0 & 1 != 0
    }
    pub fn can_capture(self) -> bool {
        self.0 & 2 != 0
    }
}

/// How far a piece goes along one of an atom's vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reach {
    /// One jump; squares in between do not matter (knight, camel).
    Leap,
    /// One jump whose first step must be empty (Xiangqi horse, Betza `n`). The blocking cell is
    /// the unit step along the vector's longest components.
    Lame,
    /// Repeated steps until blocked; `range` 0 means no limit (rook), otherwise at most that many.
    Ride { range: u8 },
    /// Slides to the first piece (the screen), jumps it, and lands at most `after` cells beyond
    /// (0 = any distance: Xiangqi cannon; 1 = the cell right behind: grasshopper).
    Hop { after: u8 },
    /// A bent rider (the 2-D gryphon, the Cubic Zurafa): one step along the vector onto a cell
    /// that must be empty (never a destination), then a ride outward along each of the
    /// vector's non-zero axes separately, same sign, any distance.
    Bent,
}

/// One piece of a move description: vectors, reach and mode, optionally only from some ranks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atom {
    pub vectors: Vec<Vector>,
    pub reach: Reach,
    pub mode: Mode,
    /// Relative ranks (0 = the player's own first rank) from which the atom applies, as a bit
    /// set; `u32::MAX` means everywhere. This is how "a pawn on its 2nd rank may advance three"
    /// stays data.
    pub from_ranks: u32,
}

impl Atom {
    pub fn new(vectors: Vec<Vector>, reach: Reach, mode: Mode) -> Self {
        Atom {
            vectors,
            reach,
            mode,
            from_ranks: u32::MAX,
        }
    }

    /// Restricts the atom to pieces standing on the given relative ranks (0-based).
    pub fn from_ranks(mut self, ranks: &[u8]) -> Self {
        self.from_ranks = ranks.iter().fold(0, |set, &r| set | (1 << r));
        self
    }

    /// Restricts the atom to every relative rank except the given ones.
    pub fn except_ranks(mut self, ranks: &[u8]) -> Self {
        self.from_ranks = !ranks.iter().fold(0u32, |set, &r| set | (1 << r));
        self
    }

    pub fn applies_on_rank(&self, relative_rank: usize) -> bool {
        relative_rank < 32 && self.from_ranks & (1 << relative_rank) != 0
    }
}

/// The role a kind plays in the rules beyond its movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Role {
    /// Losing it (to capture or checkmate) loses the game.
    pub royal: bool,
    /// Resets the move counter, may promote, makes and takes en passant.
    pub pawn: bool,
}

/// A kind of piece: its letters, its movement and its role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    pub name: String,
    /// Upper-case letter written for player 0 (lower case for player 1).
    pub letter: char,
    /// Further upper-case letters accepted on input (Wildebeest's `G` for `W`).
    pub aliases: Vec<char>,
    pub atoms: Vec<Atom>,
    pub role: Role,
    /// Betza description sent to GUIs (XBoard `piece` command); informative only.
    pub betza: String,
    /// Material value in centipawns for the evaluation (0 for royals: they are never traded).
    pub value: i32,
    /// What one move of this kind counts in the evaluation's mobility term, in quarters
    /// ([`MOBILITY_ONCE`] counts it once). A move more or less matters more to a short-ranged
    /// kind, which has few, than to a long-ranged one.
    pub mobility: i32,
    /// For a royal: what the danger gathered around it counts in the evaluation, in quarters
    /// ([`DANGER_ONCE`] counts it once). An army that mates from further away or with more
    /// pieces (Wildebeest's camels, wildebeest and heavy queen) makes the same gathering worth
    /// more. Other kinds ignore it.
    pub danger: i32,
}

/// [`PieceKind::mobility`] of a kind whose moves count once, the default.
pub const MOBILITY_ONCE: i32 = 4;

/// [`PieceKind::danger`] of a royal whose danger counts once, the default.
pub const DANGER_ONCE: i32 = 4;

impl PieceKind {
    /// A kind described by a Betza string (see [`crate::core::betza`]).
    pub fn from_betza(name: &str, letter: char, betza: &str) -> Result<Self, String> {
        let mut kind = Self::from_atoms(name, letter, crate::core::betza::parse_betza(betza)?);
        kind.betza = betza.to_string();
        Ok(kind)
    }

    /// A kind from its atoms, with no Betza string, no role, value 0 and moves that count once
    /// in mobility; the builder methods below set the rest.
    pub fn from_atoms(name: &str, letter: char, atoms: Vec<Atom>) -> Self {
        PieceKind {
            name: name.to_string(),
            letter,
            aliases: Vec::new(),
            atoms,
            role: Role::default(),
            betza: String::new(),
            value: 0,
            mobility: MOBILITY_ONCE,
            danger: DANGER_ONCE,
        }
    }

    /// Sets the material value (centipawns) the search gives this kind.
    pub fn worth(mut self, value: i32) -> Self {
        self.value = value;
        self
    }

    /// Sets what one of its moves counts in the evaluation's mobility (quarters; see
    /// [`PieceKind::mobility`]).
    pub fn mobile(mut self, quarters: i32) -> Self {
        self.mobility = quarters;
        self
    }

    /// Sets what the danger around this royal counts in the evaluation (quarters; see
    /// [`PieceKind::danger`]).
    pub fn danger(mut self, quarters: i32) -> Self {
        self.danger = quarters;
        self
    }

    /// Accepts `c` as another input letter for this kind.
    pub fn alias(mut self, c: char) -> Self {
        self.aliases.push(c);
        self
    }

    pub fn royal(mut self) -> Self {
        self.role.royal = true;
        self
    }

    pub fn pawn(mut self) -> Self {
        self.role.pawn = true;
        self
    }

    /// Replaces the movement by explicit atoms (for what Betza cannot say briefly).
    pub fn with_atoms(mut self, atoms: Vec<Atom>) -> Self {
        self.atoms = atoms;
        self
    }

    /// True when some atom captures by hopping or lamely: such pieces make pins and checks
    /// depend on more than the first piece along a line, so fast legality shortcuts are off.
    pub fn has_indirect_capture(&self) -> bool {
        self.atoms.iter().any(|a| {
            a.mode.can_capture() && matches!(a.reach, Reach::Hop { .. } | Reach::Lame | Reach::Bent)
        })
    }
}
