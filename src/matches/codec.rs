//! Move text at the engine edge. Inside the runner every move is in our notation
//! (docs/notation.md); each engine may see it differently: XBoard numbers ranks 0–9 on boards
//! of exactly 10 ranks, XBoard writes the 1-square castling as two legs (`f0g0,k0f0`), and
//! peers may use other piece letters (`G` for our wildebeest `W`). The conversion is kept
//! here, in one place, in both directions.

use super::config::{EngineSpec, Proto};
use crate::core::moves::{Move, MoveKind};
use crate::core::rules::castling::rook_destination;
use crate::core::variant::Variant;
use crate::fen::move_text;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Codec {
    /// Added to every rank number we send (and subtracted from what we read): -1 for XBoard
    /// on 10-rank boards.
    rank_shift: i32,
    /// The 1-square castling as the two legs king, rook (XBoard) instead of king onto rook.
    castle_legs: bool,
    /// (ours, theirs), upper case.
    letters: Vec<(char, char)>,
}

impl Codec {
    pub fn new(spec: &EngineSpec, variant: &Variant) -> Codec {
        let xboard = spec.proto == Proto::Xboard;
        let ten_ranks = variant.geometry().axes() == 2 && variant.geometry().ranks() == 10;
        Codec {
            rank_shift: if xboard && ten_ranks { -1 } else { 0 },
            castle_legs: xboard,
            letters: spec.letters.clone(),
        }
    }

    /// The text the engine should receive for `mv`.
    pub fn encode(&self, v: &Variant, mv: &Move) -> String {
        let ours =
            if self.castle_legs && mv.kind == MoveKind::Castle && mv.from.abs_diff(mv.to) == 1 {
                let rook_to = rook_destination(mv.from, mv.to);
                format!(
                    "{}{},{}{}",
                    v.square_name(mv.from),
                    v.square_name(mv.to),
                    v.square_name(mv.aux),
                    v.square_name(rook_to)
                )
            } else {
                move_text(v, mv)
            };
        self.convert(&ours, self.rank_shift, |c| self.theirs(c))
    }

    /// A position string of ours as the engine should receive it (UCI `position fen`, XBoard
    /// `setboard`): piece letters mapped in the board field, where digits are counts of empty
    /// cells and never rank numbers; the en-passant square (fourth field) with the rank shift.
    pub fn encode_position(&self, position: &str) -> String {
        let mut fields: Vec<String> = position.split(' ').map(str::to_string).collect();
        if let Some(board) = fields.first_mut() {
            *board = board
                .chars()
                .map(|c| self.map_letter(c, |u| self.theirs(u)))
                .collect();
        }
        if let Some(ep) = fields.get_mut(3)
            && ep != "-"
        {
            *ep = self.convert(ep, self.rank_shift, |c| c);
        }
        fields.join(" ")
    }

    /// `c` with `map` applied to its upper-case form, keeping its case; other characters kept.
    fn map_letter(&self, c: char, map: impl Fn(char) -> char) -> char {
        if !c.is_ascii_alphabetic() {
            return c;
        }
        let m = map(c.to_ascii_uppercase());
        if c.is_ascii_lowercase() {
            m.to_ascii_lowercase()
        } else {
            m
        }
    }

    /// Our notation for a move text the engine sent (still to be checked against the rules).
    pub fn decode(&self, text: &str) -> String {
        self.convert(text.trim(), -self.rank_shift, |c| self.ours(c))
    }

    fn theirs(&self, c: char) -> char {
        self.letters
            .iter()
            .find(|(o, _)| *o == c)
            .map_or(c, |&(_, t)| t)
    }

    fn ours(&self, c: char) -> char {
        self.letters
            .iter()
            .find(|(_, t)| *t == c)
            .map_or(c, |&(o, _)| o)
    }

    /// Shifts the rank of every square (lower-case letter + digits) and maps piece letters
    /// (a promotion suffix, a dropped piece), preserving case.
    fn convert(&self, text: &str, shift: i32, map: impl Fn(char) -> char) -> String {
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len());
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let digits = chars[i + 1..]
                .iter()
                .take_while(|d| d.is_ascii_digit())
                .count();
            if c.is_ascii_lowercase() && digits > 0 {
                let rank: String = chars[i + 1..i + 1 + digits].iter().collect();
                out.push(c);
                match rank.parse::<i64>() {
                    Ok(r) => out.push_str(&(r + i64::from(shift)).to_string()),
                    Err(_) => out.push_str(&rank),
                }
                i += 1 + digits;
            } else {
                out.push(self.map_letter(c, &map));
                i += 1;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::fen::{parse_move, parse_position};
    use crate::variants::western_by_name as western;

    fn spec(text: &str) -> EngineSpec {
        EngineSpec::parse(text).unwrap()
    }

    #[test]
    fn xboard_ten_ranks_are_numbered_from_zero() {
        let g = western("wildebeest");
        let v = g.variant();
        let c = Codec::new(&spec("cmd=x,proto=xboard,letters=W:G"), v);
        // Engine `d1d2` on 11x10 is our d2d3, in both directions.
        assert_eq!(c.decode("d1d2"), "d2d3");
        assert_eq!(c.decode("k8k9g"), "k9k10w");
        let mut pos = parse_position(&g, &v.spec.start).unwrap();
        let mv = parse_move(&g, &mut pos, "d2d3").unwrap();
        assert_eq!(c.encode(v, &mv), "d1d2");
        let mv = parse_move(&g, &mut pos, "h1g4").unwrap();
        assert_eq!(c.encode(v, &mv), "h0g3");
    }

    #[test]
    fn set_up_positions_map_letters_but_not_empty_counts() {
        let g = western("wildebeest");
        let c = Codec::new(&spec("cmd=x,proto=xboard,letters=W:G"), g.variant());
        // Board digits are empty-cell counts (no rank shift); the en-passant square shifts.
        assert_eq!(
            c.encode_position("k9w1/11/11/11/11/11/11/11/11/K9W1 w - e3 0 1"),
            "k9g1/11/11/11/11/11/11/11/11/K9G1 w - e2 0 1"
        );
        let uci = Codec::new(&spec("cmd=x"), g.variant());
        assert_eq!(uci.encode_position("k10/11 w - - 0 1"), "k10/11 w - - 0 1");
    }

    #[test]
    fn uci_and_eight_ranks_are_unchanged() {
        let g = western("wildebeest");
        let c = Codec::new(&spec("cmd=x,proto=uci"), g.variant());
        assert_eq!(c.decode("a9a10"), "a9a10");
        let chess = western("chess");
        let c = Codec::new(&spec("cmd=x,proto=xboard"), chess.variant());
        assert_eq!(c.decode("e7e8q"), "e7e8q");
    }

    #[test]
    fn one_square_castling_goes_to_xboard_as_two_legs() {
        let g = western("wildebeest");
        let v = g.variant();
        let fen = "4rkr4/4p1p4/11/11/11/11/11/11/11/5K4R w K - 0 1";
        let mut pos = parse_position(&g, fen).unwrap();
        let mv = parse_move(&g, &mut pos, "f1k1").unwrap();
        let x = Codec::new(&spec("cmd=x,proto=xboard"), v);
        assert_eq!(x.encode(v, &mv), "f0g0,k0f0");
        // Sjaak II answers with the legs too; our parser reads them after the rank shift.
        assert_eq!(x.decode("f0g0,k0f0"), "f1g1,k1f1");
        assert_eq!(parse_move(&g, &mut pos, "f1g1,k1f1").unwrap(), mv);
        let u = Codec::new(&spec("cmd=x,proto=uci"), v);
        assert_eq!(u.encode(v, &mv), "f1k1");
        let longer = parse_move(&g, &mut pos, "f1h1").unwrap();
        assert_eq!(x.encode(v, &longer), "f0h0");
    }

    #[test]
    fn letters_map_both_ways_keeping_case() {
        let g = western("wildebeest");
        let c = Codec::new(&spec("cmd=x,proto=uci,letters=W:G"), g.variant());
        assert_eq!(c.theirs('W'), 'G');
        assert_eq!(c.decode("b9b10g"), "b9b10w");
        assert_eq!(c.decode("W@c3"), "W@c3");
        assert_eq!(c.decode("G@c3"), "W@c3");
    }
}
