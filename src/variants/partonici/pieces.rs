//! The Partonici pieces as data (docs/partonici.md §2).
//!
//! One model covers the family: (movement) × (promoted or not) × (royal or not). Every move
//! goes to an empty square (§2.1), so every atom is move-only (Betza `m`); unpromoted pieces
//! use only their forward directions (Betza `f`):
//! - mobile pawn `P` = advancing queen `fmQ`, promoted `+P` = queen `mQ` (D-7);
//! - sub-pawn `S` = advancing king `fmK`, promoted `+S` = king `mK`;
//! - royal pawn `X` = `P` that is royal, and stays royal when promoted (D-9);
//! - diagonal-only option: `P`/`X` = advancing bishop `fmB`, promoted bishop `mB`, or queen
//!   with the alternative setting (D-8); `S` is unaffected;
//! - scaci: the chessmen advancing only (`fmW` pawn, `fmN`, `fmB`, `fmR`, `fmQ`, `fmK`) until
//!   they reach the last rank, then their full move (§2.3); a pawn becomes a promoted queen or
//!   another agreed type (D-10, D-11).
//!
//! Kinds carry internal capital letters (the core wants one per kind); the notation shows a
//! kind as `+` (promoted), its display letter and `*` (a royal other than the king, royal
//! scaci only), see [`KindInfo::label`].

use crate::core::piece::{KindId, NO_KIND, PieceKind};

/// Which game of the family is played: what pieces exist and what ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruleset {
    /// Pawn partonici: mobile pawns and sub-pawns; most captures wins; claim rule.
    Pawn,
    /// Royal partonici: as pawn partonici plus royal pawns `X`; losing the last one loses.
    Royal,
    /// Scaci partonici: chessmen; most captures wins.
    Scaci,
    /// Royal scaci: one royal per side (the king unless a `*` marks another piece).
    RoyalScaci,
}

impl Ruleset {
    pub fn is_scaci(self) -> bool {
        matches!(self, Ruleset::Scaci | Ruleset::RoyalScaci)
    }

    /// Games won by taking the enemy royals (captures then do not count).
    pub fn is_royal(self) -> bool {
        matches!(self, Ruleset::Royal | Ruleset::RoyalScaci)
    }
}

/// How the multi-square pawns move (the diagonal-only option of p.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PawnLines {
    /// Straight and diagonally forward; promoted: all 8 directions (D-7).
    #[default]
    All,
    /// Diagonally forward only; promoted: the 4 diagonals (D-8).
    Diagonal,
    /// Diagonally forward only; promoted: all 8 directions (the alternative setting of D-8).
    DiagonalPromotedQueen,
}

/// One base piece: display letter, name, unpromoted and promoted moves, values.
struct Base {
    letter: char,
    name: &'static str,
    advancing: &'static str,
    /// `None`: the piece never stays itself when promoted (the scaci pawn).
    promoted: Option<&'static str>,
    value: i32,
    promoted_value: i32,
    pawn: bool,
}

const fn base(
    letter: char,
    name: &'static str,
    advancing: &'static str,
    promoted: Option<&'static str>,
    values: (i32, i32),
    pawn: bool,
) -> Base {
    Base {
        letter,
        name,
        advancing,
        promoted,
        value: values.0,
        promoted_value: values.1,
        pawn,
    }
}

/// Values (centipawns) are for move ordering and the evaluation; the pawn-partonici pieces
/// are all worth one capture, the difference is power.
fn bases(ruleset: Ruleset, lines: PawnLines) -> Vec<Base> {
    let (pawn_moves, promoted_pawn) = match lines {
        PawnLines::All => ("fmQ", "mQ"),
        PawnLines::Diagonal => ("fmB", "mB"),
        PawnLines::DiagonalPromotedQueen => ("fmB", "mQ"),
    };
    let mut list = vec![];
    match ruleset {
        Ruleset::Pawn | Ruleset::Royal => {
            list.push(base(
                'P',
                "mobile pawn",
                pawn_moves,
                Some(promoted_pawn),
                (100, 240),
                true,
            ));
            list.push(base('S', "sub-pawn", "fmK", Some("mK"), (75, 140), true));
            if ruleset == Ruleset::Royal {
                list.push(base(
                    'X',
                    "royal pawn",
                    pawn_moves,
                    Some(promoted_pawn),
                    (400, 500),
                    true,
                ));
            }
        }
        Ruleset::Scaci | Ruleset::RoyalScaci => {
            list.push(base('P', "pawn", "fmW", None, (70, 0), true));
            list.push(base('N', "knight", "fmN", Some("mN"), (120, 220), false));
            list.push(base('B', "bishop", "fmB", Some("mB"), (130, 260), false));
            list.push(base('R', "rook", "fmR", Some("mR"), (100, 300), false));
            list.push(base('Q', "queen", "fmQ", Some("mQ"), (180, 420), false));
            list.push(base('K', "king", "fmK", Some("mK"), (110, 170), false));
        }
    }
    list
}

/// What the rules need to know about a kind beyond its movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindInfo {
    /// The letter of the notation (`P`, `S`, `X`, `N`, ...).
    pub letter: char,
    pub promoted: bool,
    pub royal: bool,
    /// The kind an unpromoted piece becomes on the last rank; `NO_KIND` for promoted kinds
    /// and for scaci pawns (they become the chosen piece, see [`PieceTable::promoted_kind`]).
    pub promotes_to: KindId,
}

impl KindInfo {
    /// The piece as the notation writes it (upper case): `P`, `+S`, `X`, `+N`, `Q*`, `+Q*`.
    /// The star marks a royal other than the king (royal scaci); a royal pawn `X` is royal
    /// by its letter, a royal king by default.
    pub fn label(&self) -> String {
        let mut s = String::new();
        if self.promoted {
            s.push('+');
        }
        s.push(self.letter);
        if self.starred() {
            s.push('*');
        }
        s
    }

    /// Written with `*`: royal, and neither a royal pawn `X` nor a king.
    pub fn starred(&self) -> bool {
        self.royal && self.letter != 'X' && self.letter != 'K'
    }
}

/// The kind facts of a ruleset (they do not depend on the movement options), built once:
/// the notation reads and writes with them at every perft node.
pub fn kind_infos(ruleset: Ruleset) -> &'static [KindInfo] {
    use std::sync::LazyLock;
    static INFOS: LazyLock<[Vec<KindInfo>; 4]> = LazyLock::new(|| {
        [
            Ruleset::Pawn,
            Ruleset::Royal,
            Ruleset::Scaci,
            Ruleset::RoyalScaci,
        ]
        .map(|r| PieceTable::new(r, PawnLines::All).info)
    });
    let index = match ruleset {
        Ruleset::Pawn => 0,
        Ruleset::Royal => 1,
        Ruleset::Scaci => 2,
        Ruleset::RoyalScaci => 3,
    };
    &INFOS[index]
}

/// The kinds of one variant: the core's piece table and the family's facts about each kind.
#[derive(Clone, Debug)]
pub struct PieceTable {
    pub ruleset: Ruleset,
    pub info: Vec<KindInfo>,
    pub kinds: Vec<PieceKind>,
}

/// Capitals for the kinds that are not written with their own letter (promoted and royal
/// copies); never shown to users.
const SPARE_LETTERS: &str = "ACDEFGHIJLMOTUVWYZ";

impl PieceTable {
    pub fn new(ruleset: Ruleset, lines: PawnLines) -> Self {
        let bases = bases(ruleset, lines);
        let royal_copies: &[bool] = if ruleset == Ruleset::RoyalScaci {
            &[false, true]
        } else {
            &[false]
        };
        let mut info = Vec::new();
        let mut kinds = Vec::new();
        let mut spare = SPARE_LETTERS.chars();
        for &royal_copy in royal_copies {
            for b in &bases {
                let royal = royal_copy || b.letter == 'X';
                let mut spare_letter = || spare.next().expect("a spare letter for every kind");
                let internal = if royal_copy { spare_letter() } else { b.letter };
                let promoted_letter = b.promoted.map(|_| spare_letter());
                let mut kind = PieceKind::from_betza(b.name, internal, b.advancing)
                    .expect("built-in Betza strings are valid")
                    .worth(b.value);
                if b.pawn {
                    kind = kind.pawn();
                }
                let unpromoted_id = kinds.len() as KindId;
                let promotes_to = if b.promoted.is_some() {
                    unpromoted_id + 1
                } else {
                    NO_KIND
                };
                push(
                    &mut kinds,
                    &mut info,
                    kind,
                    royal,
                    b.letter,
                    false,
                    promotes_to,
                );
                if let (Some(moves), Some(letter)) = (b.promoted, promoted_letter) {
                    let kind =
                        PieceKind::from_betza(&format!("promoted {}", b.name), letter, moves)
                            .expect("built-in Betza strings are valid")
                            .worth(b.promoted_value);
                    push(&mut kinds, &mut info, kind, royal, b.letter, true, NO_KIND);
                }
            }
        }
        PieceTable {
            ruleset,
            info,
            kinds,
        }
    }

    /// The kind written `letter` (upper case), promoted or not, royal or not.
    pub fn find(&self, letter: char, promoted: bool, royal: bool) -> Option<KindId> {
        self.info
            .iter()
            .position(|i| i.letter == letter && i.promoted == promoted && i.royal == royal)
            .map(|k| k as KindId)
    }

    /// What a piece of `kind` becomes on the last rank: its promoted form, or for a scaci
    /// pawn the promoted piece of type `choice` (a display letter: Q, R, B or N), keeping
    /// royalty (D-25). `NO_KIND` when it does not promote.
    pub fn promoted_kind(&self, kind: KindId, choice: char) -> KindId {
        let info = self.info[kind as usize];
        if info.promoted {
            NO_KIND
        } else if info.promotes_to != NO_KIND {
            info.promotes_to
        } else {
            self.find(choice, true, info.royal).unwrap_or(NO_KIND)
        }
    }
}

fn push(
    kinds: &mut Vec<PieceKind>,
    info: &mut Vec<KindInfo>,
    kind: PieceKind,
    royal: bool,
    letter: char,
    promoted: bool,
    promotes_to: KindId,
) {
    kinds.push(if royal { kind.royal() } else { kind });
    info.push(KindInfo {
        letter,
        promoted,
        royal,
        promotes_to,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_have_the_expected_kinds() {
        let labels = |r| {
            PieceTable::new(r, PawnLines::All)
                .info
                .iter()
                .map(KindInfo::label)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(labels(Ruleset::Pawn), "P +P S +S");
        assert_eq!(labels(Ruleset::Royal), "P +P S +S X +X");
        assert_eq!(labels(Ruleset::Scaci), "P N +N B +B R +R Q +Q K +K");
        assert_eq!(
            labels(Ruleset::RoyalScaci),
            "P N +N B +B R +R Q +Q K +K P* N* +N* B* +B* R* +R* Q* +Q* K +K"
        );
    }

    #[test]
    fn promotion_keeps_royalty() {
        let t = PieceTable::new(Ruleset::RoyalScaci, PawnLines::All);
        let royal_pawn = t.find('P', false, true).unwrap();
        let to = t.promoted_kind(royal_pawn, 'R');
        assert_eq!(t.info[to as usize].label(), "+R*");
        let x = PieceTable::new(Ruleset::Royal, PawnLines::All);
        let royal = x.find('X', false, true).unwrap();
        assert_eq!(x.info[x.promoted_kind(royal, 'Q') as usize].label(), "+X");
        assert_eq!(x.promoted_kind(royal + 1, 'Q'), NO_KIND);
    }
}
