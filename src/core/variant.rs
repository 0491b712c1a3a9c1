//! A variant: the data that says what game is played, and the tables derived from it.
//!
//! [`VariantSpec`] is plain data written by each variant module. [`VariantSpec::conclude`]
//! checks it for contradictions and computes the move, attack and hash tables, giving a
//! [`Variant`] (the raw-then-validated ladder of the style guide, as Fairy-Stockfish's
//! `conclude()` does).

use std::borrow::Cow;

use super::board::Piece;
use super::notation::Notation;
use super::outcome::{Outcome, Reason};
use super::piece::{KindId, NO_KIND, PieceKind};
use super::position::Position;
use super::reach_sets::ReachSets;
use super::tables::{AttackTables, MoveTables, Orientation};
use super::zobrist::Zobrist;
use crate::geometry::{Geometry, Sq};

/// What a player who cannot move, and is not in check, gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StalemateRule {
    Draw,
    /// Wildebeest: "checkmate or stalemate wins" for the other side.
    MoverLoses,
}

/// Castling as a range of king steps toward a rook in the corner of the back rank; the rook
/// lands next to the king on its other side. Orthodox chess is `2..=2`, Wildebeest `1..=4`;
/// a game read from a variant file may castle a different distance on each wing (Janus
/// chess: three cells toward file a, four toward the last file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingRule {
    /// The fewest and most king steps on each wing: index 0 toward file 0 ("Q"), 1 toward the
    /// last file ("K").
    pub steps: [(u8, u8); 2],
    /// The king's home file (0-based).
    pub king_file: u8,
    pub rook_kind: KindId,
}

impl CastlingRule {
    /// The same range of king steps on both wings.
    pub fn both_wings(min_steps: u8, max_steps: u8, king_file: u8, rook_kind: KindId) -> Self {
        CastlingRule {
            steps: [(min_steps, max_steps); 2],
            king_file,
            rook_kind,
        }
    }
}

/// Promotion of pawns on the last rank: compulsory, to one of `choices`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionRule {
    pub choices: Vec<KindId>,
}

/// A "capture the flag" goal (King of the Hill): a player whose piece of kind `kind` stands
/// on one of its flag cells after its move has won at once; the game has no moves after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlagRule {
    /// The kind that must reach the flag cells; `None`: any of the player's pieces.
    pub kind: Option<KindId>,
    /// Per player, whether each cell is one of its flag cells.
    pub cells: [Vec<bool>; 2],
}

/// How games end besides running out of moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndRules {
    pub stalemate: StalemateRule,
    /// Plies without capture or pawn move after which the game is drawn (100 = 50-move rule).
    pub move_limit: Option<u16>,
    /// Occurrences of the same position that draw (3 = threefold).
    pub repetitions: Option<u8>,
    /// Bare royals on both sides is a draw.
    pub bare_royals_draw: bool,
}

impl EndRules {
    /// A draw by the move limit or by repetition in `pos`, if one applies (checked after a
    /// game's own verdict on having no legal move).
    pub fn draw_by_rule(&self, pos: &Position) -> Option<Outcome> {
        if self.move_limit_reached(pos) {
            return Some(Outcome::Draw {
                reason: Reason::MoveLimit,
            });
        }
        if self.repetition_reached(pos) {
            return Some(Outcome::Draw {
                reason: Reason::Repetition,
            });
        }
        None
    }

    /// True when `pos` has reached the move limit (plies without capture or pawn move).
    pub fn move_limit_reached(&self, pos: &Position) -> bool {
        self.move_limit.is_some_and(|limit| pos.halfmove() >= limit)
    }

    /// True when `pos` occurs for the number of times that ends the game by repetition.
    pub fn repetition_reached(&self, pos: &Position) -> bool {
        self.repetitions
            .is_some_and(|n| pos.repetitions() + 1 >= n as usize)
    }
}

/// The data of a variant, as written by its module.
#[derive(Clone, Debug)]
pub struct VariantSpec {
    /// Owned when the game comes from a variant file, borrowed for the compiled ones.
    pub name: Cow<'static, str>,
    pub title: Cow<'static, str>,
    pub geometry: Geometry,
    pub orientation: Orientation,
    pub players: u8,
    pub pieces: Vec<PieceKind>,
    pub start: Cow<'static, str>,
    pub castling: Option<CastlingRule>,
    pub en_passant: bool,
    pub promotion: Option<PromotionRule>,
    pub end: EndRules,
    pub holdings: bool,
    /// Variant files' `flagPiece` and `flagRegion` (King of the Hill); `None` for most games.
    pub flag: Option<FlagRule>,
}

/// A checked variant with its tables.
#[derive(Debug)]
pub struct Variant {
    pub spec: VariantSpec,
    pub moves: MoveTables,
    pub attacks: AttackTables,
    pub zobrist: Zobrist,
    /// No hopper or lame captures: the first piece along a line decides checks and pins, so
    /// legality can skip make/unmake for most moves.
    pub fast_legality: bool,
    /// Castling rights lost when a piece moves from, or is captured on, each square.
    pub rights_lost: Vec<u32>,
    /// Cell names, board-field layout and drawing: [`Notation::flat`] unless the family sets
    /// its own after `conclude` (boards of three or more axes).
    pub notation: Notation,
    /// A family's own position-string notation (Partonici's capture counts and `+` marks);
    /// `None` means the FEN-like one described by `notation`. Families set it after
    /// [`VariantSpec::conclude`].
    pub family_notation: Option<&'static super::notation::FamilyNotation>,
    /// `relative_rank` of every (player, square), index `player * squares + square` (the
    /// evaluation asks for it at every node; the orientation's arithmetic is slow).
    relative_ranks: Vec<u16>,
    /// Kinds (bit per kind) that stay on cells of one colour on a flat board, like the bishop
    /// and the camel: two of them on both colours cover what one cannot (the evaluation's
    /// "pair"). Always 0 on boards of other than two axes.
    pub colour_bound: u64,
    /// The move tables as cell sets, on boards of up to 128 cells (the evaluation's attack
    /// maps).
    pub reach_sets: Option<ReachSets>,
    /// Whether each (player, kind, square) rides two or more cells along its file from there,
    /// index `(player * kinds + kind) * squares + square`: the evaluation's open-file term asks
    /// for officers on files without own pawns at every node.
    file_riders: Vec<bool>,
}

/// Where the table of [`file_riding`] keeps `player`'s `kind` on `from`: the builder and
/// [`Variant::rides_along_file`] share it.
#[inline]
fn file_rider_index(kinds: usize, squares: usize, player: u8, kind: u8, from: Sq) -> usize {
    (player as usize * kinds + kind as usize) * squares + from as usize
}

/// Per (player, kind, square), indexed by [`file_rider_index`]: whether the
/// kind rides (two or more cells, straight, without hops) along the file from there, as rooks
/// and queens do. Always false on boards of other than two axes.
fn file_riding(geometry: &Geometry, moves: &MoveTables, players: u8, kinds: usize) -> Vec<bool> {
    let squares = geometry.squares();
    let mut riders = vec![false; players as usize * kinds * squares];
    if geometry.axes() != 2 {
        return riders;
    }
    for player in 0..players {
        for kind in 0..kinds as u8 {
            for from in 0..squares as Sq {
                let file = geometry.file_of(from);
                riders[file_rider_index(kinds, squares, player, kind, from)] =
                    moves.rays(player, kind, from).iter().any(|ray| {
                        let cells = moves.cells(ray);
                        ray.hop_after.is_none()
                            && ray.lead == 0
                            && cells.len() >= 2
                            && geometry.file_of(cells[0]) == file
                            && geometry.file_of(cells[1]) == file
                    });
            }
        }
    }
    riders
}

/// The kinds whose every leap and ride keeps the colour of the cell (`file + rank` parity) on
/// a flat board.
fn colour_bound_kinds(geometry: &Geometry, moves: &MoveTables, kinds: usize) -> u64 {
    if geometry.axes() != 2 {
        return 0;
    }
    let colour = |sq: Sq| (geometry.file_of(sq) + geometry.rank_of(sq)) & 1;
    let mut mask = 0u64;
    for kind in 0..kinds as u8 {
        let mut reaches_any = false;
        let bound = (0..geometry.squares() as Sq).all(|from| {
            let c = colour(from);
            let leaps = moves.leaps(0, kind, from).iter().map(|l| l.to);
            let rides = moves
                .rays(0, kind, from)
                .iter()
                .flat_map(|r| moves.cells(r).iter().copied());
            leaps.chain(rides).all(|to| {
                reaches_any = true;
                colour(to) == c
            })
        });
        if bound && reaches_any {
            mask |= 1 << kind;
        }
    }
    mask
}

impl VariantSpec {
    /// Checks the data and computes the tables.
    pub fn conclude(self) -> Result<Variant, String> {
        let kinds = self.pieces.len();
        if kinds == 0 || kinds > 64 {
            return Err(format!(
                "{}: {} piece kinds (1 to 64 allowed)",
                self.name, kinds
            ));
        }
        if !(1..=8).contains(&self.players) {
            return Err(format!(
                "{}: {} players (1 to 8 allowed)",
                self.name, self.players
            ));
        }
        let mut letters = std::collections::BTreeSet::new();
        for kind in &self.pieces {
            for c in std::iter::once(kind.letter).chain(kind.aliases.iter().copied()) {
                if !c.is_ascii_uppercase() || !letters.insert(c) {
                    return Err(format!(
                        "{}: letter '{c}' is not a unique capital",
                        self.name
                    ));
                }
            }
            if kind.atoms.is_empty() {
                return Err(format!("{}: piece {} cannot move", self.name, kind.name));
            }
        }
        if let Some(p) = &self.promotion
            && (p.choices.is_empty() || p.choices.iter().any(|&c| c as usize >= kinds))
        {
            return Err(format!("{}: bad promotion choices", self.name));
        }
        if let Some(flag) = &self.flag
            && (self.players != 2
                || flag.kind.is_some_and(|k| k as usize >= kinds)
                || flag
                    .cells
                    .iter()
                    .any(|c| c.len() != self.geometry.squares()))
        {
            return Err(format!("{}: bad flag rule", self.name));
        }
        let mut rights_lost = vec![0u32; self.geometry.squares()];
        if let Some(c) = &self.castling {
            if c.rook_kind as usize >= kinds
                || c.steps.iter().any(|&(min, max)| min == 0 || min > max)
            {
                return Err(format!("{}: bad castling rule", self.name));
            }
            if self.players != 2 || self.geometry.axes() != 2 {
                return Err(format!(
                    "{}: castling needs a flat two-player board",
                    self.name
                ));
            }
            if !self.pieces.iter().any(|k| k.role.royal) {
                return Err(format!("{}: castling needs a royal piece", self.name));
            }
            let files = self.geometry.files();
            let [(_, toward_a), (_, toward_last)] = c.steps;
            if c.king_file as usize + toward_last as usize + 1 > files - 1
                || (c.king_file as usize) < toward_a as usize + 1
            {
                return Err(format!(
                    "{}: castling steps do not fit the back rank",
                    self.name
                ));
            }
            for player in 0..2u8 {
                let rank = if player == 0 {
                    0
                } else {
                    self.geometry.ranks() - 1
                };
                let at = |file: usize| (rank * files + file) as Sq;
                rights_lost[at(c.king_file as usize) as usize] |= 0b11 << (2 * player);
                rights_lost[at(0) as usize] |= 1 << (2 * player);
                rights_lost[at(files - 1) as usize] |= 2 << (2 * player);
            }
        }
        let moves = MoveTables::build(&self.geometry, self.orientation, self.players, &self.pieces);
        let attacks = AttackTables::build(
            &self.geometry,
            self.orientation,
            self.players,
            &self.pieces,
            &moves,
        );
        let zobrist = Zobrist::new(self.geometry.squares(), kinds, self.players as usize);
        let fast_legality = !self.pieces.iter().any(PieceKind::has_indirect_capture);
        let notation = Notation::flat(&self.geometry);
        let colour_bound = colour_bound_kinds(&self.geometry, &moves, kinds);
        let reach_sets = ReachSets::build(&moves, self.players, kinds, self.geometry.squares());
        let file_riders = file_riding(&self.geometry, &moves, self.players, kinds);
        let relative_ranks = (0..self.players)
            .flat_map(|player| {
                let (orientation, geometry) = (self.orientation, &self.geometry);
                (0..geometry.squares())
                    .map(move |sq| orientation.relative_rank(geometry, sq as Sq, player) as u16)
            })
            .collect();
        Ok(Variant {
            spec: self,
            moves,
            attacks,
            zobrist,
            fast_legality,
            rights_lost,
            notation,
            family_notation: None,
            relative_ranks,
            colour_bound,
            reach_sets,
            file_riders,
        })
    }
}

impl Variant {
    /// Whether `player`'s `kind` rides two or more cells along its file from `from` (rooks
    /// and queens; see [`file_riding`]).
    #[inline]
    pub fn rides_along_file(&self, player: u8, kind: u8, from: Sq) -> bool {
        self.file_riders
            [file_rider_index(self.kinds(), self.geometry().squares(), player, kind, from)]
    }

    pub fn name(&self) -> &str {
        &self.spec.name
    }

    pub fn geometry(&self) -> &Geometry {
        &self.spec.geometry
    }

    /// The reach sets where every kind's moves are in them (no lame leaps, no hoppers): then
    /// a man attacks a cell exactly when its kind's sets from its cell hold it, and the
    /// attack tables' lists need no walk.
    #[inline]
    pub fn plain_reach_sets(&self) -> Option<&ReachSets> {
        self.reach_sets
            .as_ref()
            .filter(|sets| sets.every_kind_plain())
    }

    pub fn kinds(&self) -> usize {
        self.spec.pieces.len()
    }

    pub fn kind(&self, kind: KindId) -> &PieceKind {
        &self.spec.pieces[kind as usize]
    }

    /// The packed cell value of `kind` owned by `owner`.
    pub fn piece(&self, kind: KindId, owner: u8) -> Piece {
        let role = self.spec.pieces[kind as usize].role;
        Piece::new(kind, owner, role.royal, role.pawn)
    }

    /// The kind with this upper-case letter (or alias).
    pub fn kind_by_letter(&self, letter: char) -> Option<KindId> {
        self.spec
            .pieces
            .iter()
            .position(|k| k.letter == letter || k.aliases.contains(&letter))
            .map(|i| i as KindId)
    }

    /// The letter written for a piece: upper case for player 0, lower case for player 1.
    pub fn letter(&self, piece: Piece) -> char {
        let c = self.spec.pieces[piece.kind() as usize].letter;
        if piece.owner() == 0 {
            c
        } else {
            c.to_ascii_lowercase()
        }
    }

    /// The royal kind, if the variant has one.
    pub fn royal_kind(&self) -> KindId {
        self.spec
            .pieces
            .iter()
            .position(|k| k.role.royal)
            .map_or(NO_KIND, |i| i as KindId)
    }

    /// A square's rank counted from `player`'s side (0 = own first rank).
    #[inline]
    pub fn relative_rank(&self, sq: Sq, player: u8) -> usize {
        self.relative_ranks[player as usize * self.spec.geometry.squares() + sq as usize] as usize
    }

    /// The square's name in this variant's notation.
    pub fn square_name(&self, sq: Sq) -> String {
        self.notation.names.name(&self.spec.geometry, sq)
    }

    /// Reads a square name in this variant's notation.
    pub fn parse_square(&self, name: &str) -> Option<Sq> {
        self.notation.names.parse(&self.spec.geometry, name)
    }
}
