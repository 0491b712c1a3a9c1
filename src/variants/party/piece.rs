//! The 21 piece types of Party Chess (spec §3.2): their characters, material values and the
//! per-piece state (a HarfyBlob's Hn). Movement lives in `pieces/`, one file per group.
//!
//! DECISIONs: D46 (upper-case characters, the pawn is `P`), D24 (Hn belongs to the piece, 1..20),
//! D23 (the Locust's value uses the current number N of Locusts on the board; 6 in a reserve).

/// A piece type. The order is the canonical reserve order of §9.1
/// (`K R C B P O E J M Q H A Z ! D % * G L & +`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    King,
    Rook,
    Camel,
    Bishop,
    Pawn,
    CopyCat,
    Echo,
    Jester,
    Nabi,
    Qball,
    Harfy,
    Archer,
    Kamikaze,
    Bouncy,
    Demon,
    Cantor,
    Zombie,
    Gess,
    Loyalist,
    Locust,
    Guard,
}

/// Number of piece types.
pub const KINDS: usize = 21;

impl Kind {
    /// Every type in canonical order.
    pub const ALL: [Kind; KINDS] = [
        Kind::King,
        Kind::Rook,
        Kind::Camel,
        Kind::Bishop,
        Kind::Pawn,
        Kind::CopyCat,
        Kind::Echo,
        Kind::Jester,
        Kind::Nabi,
        Kind::Qball,
        Kind::Harfy,
        Kind::Archer,
        Kind::Kamikaze,
        Kind::Bouncy,
        Kind::Demon,
        Kind::Cantor,
        Kind::Zombie,
        Kind::Gess,
        Kind::Loyalist,
        Kind::Locust,
        Kind::Guard,
    ];

    /// The character of §9.1.
    pub fn char(self) -> char {
        b"KRCBPOEJMQHAZ!D%*GL&+"[self as usize] as char
    }

    /// Reads a piece character (a lower-case `p` is accepted for the pawn, §9.2).
    pub fn from_char(c: char) -> Option<Kind> {
        if c == 'p' {
            return Some(Kind::Pawn);
        }
        Kind::ALL.iter().copied().find(|k| k.char() == c)
    }

    /// The type at canonical index `i`.
    #[inline]
    pub fn from_index(i: usize) -> Kind {
        Kind::ALL[i]
    }

    /// The material value, with `locusts` = N, the Locusts on the board (a Locust is worth
    /// max(6, ⌊1.5·N⌋)).
    #[inline]
    pub fn value(self, locusts: u32) -> u32 {
        match self {
            Kind::Locust => 6.max(locusts * 3 / 2),
            _ => BASE_VALUES[self as usize],
        }
    }

    /// A "counted piece" of §4.2 (D31): material value ≥ 2, i.e. anything but King and pawn.
    #[inline]
    pub fn counted(self) -> bool {
        !matches!(self, Kind::King | Kind::Pawn)
    }

    /// The English name.
    pub fn name(self) -> &'static str {
        [
            "King",
            "Rook",
            "Camel",
            "Bishop",
            "Pawn",
            "CopyCat",
            "Echo",
            "Jester",
            "il-Nabi",
            "Qball",
            "HarfyBlob",
            "Archer",
            "Kamikaze",
            "Bouncy!Ball",
            "Demon",
            "Cantor",
            "Zombie",
            "Gess",
            "Loyalist",
            "Locust",
            "Guard",
        ][self as usize]
    }
}

/// Values of §3.2 (the Locust's is its minimum, 6).
const BASE_VALUES: [u32; KINDS] = [
    0, 9, 5, 6, 1, 7, 7, 3, 6, 7, 7, 7, 6, 5, 2, 5, 4, 8, 6, 6, 7,
];

/// A piece: type, owner (0 = `a`) and, for a HarfyBlob, its Hn (0 for every other type).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub kind: Kind,
    pub owner: u8,
    pub hn: u8,
}

impl Piece {
    /// A piece of `kind`; a HarfyBlob gets `hn` (clamped by the rules elsewhere), others 0.
    #[inline]
    pub fn new(kind: Kind, owner: u8, hn: u8) -> Piece {
        Piece {
            kind,
            owner,
            hn: if kind == Kind::Harfy { hn.max(1) } else { 0 },
        }
    }
}

/// A reserve entry or an echo pattern: a type with its Hn (0 unless a HarfyBlob).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Unit {
    pub kind: Kind,
    pub hn: u8,
}

impl Unit {
    pub fn new(kind: Kind, hn: u8) -> Unit {
        Unit {
            kind,
            hn: if kind == Kind::Harfy { hn.max(1) } else { 0 },
        }
    }

    /// `R`, `H`, `H[3]`.
    pub fn text(self) -> String {
        if self.kind == Kind::Harfy && self.hn != 1 {
            format!("H[{}]", self.hn)
        } else {
            self.kind.char().to_string()
        }
    }
}

/// Hn after growth: above 20 it becomes 19 (D24, [1230.14]).
#[inline]
pub fn clamp_hn(hn: u32) -> u8 {
    if hn > 20 { 19 } else { hn.max(1) as u8 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_round_trip() {
        for k in Kind::ALL {
            assert_eq!(Kind::from_char(k.char()), Some(k));
        }
        assert_eq!(Kind::from_char('p'), Some(Kind::Pawn));
        assert_eq!(Kind::from_char('X'), None);
    }

    #[test]
    fn locust_values_follow_n() {
        // §10.3 fact 11: N = 1..4 → 6, 5 → 7, 6 → 9, 8 → 12.
        let v: Vec<u32> = [1, 2, 3, 4, 5, 6, 8]
            .iter()
            .map(|&n| Kind::Locust.value(n))
            .collect();
        assert_eq!(v, [6, 6, 6, 6, 7, 9, 12]);
    }

    #[test]
    fn hn_above_twenty_becomes_nineteen() {
        assert_eq!(clamp_hn(20), 20);
        assert_eq!(clamp_hn(21), 19);
        assert_eq!(clamp_hn(2), 2);
    }
}
