//! How each variant is shown to XBoard (protocols.md §2): its name there, the `setup` and
//! `piece` lines of an engine-defined variant, the piece letters XBoard uses, and the rank
//! numbering quirk (ranks 0–9 on boards of exactly ten ranks). Every conversion between our
//! notation and XBoard's happens here, at the edge, so the rest of the engine has one notation.

use crate::core::variant::Variant;

/// XBoard's picture of one variant.
#[derive(Clone, Debug, Default)]
pub struct XboardVariant {
    /// Lines sent after `variant NAME` and before the next `pong`.
    pub announce: Vec<String>,
    /// (our letter, XBoard's letter), upper case; applied to both colours.
    letters: Vec<(char, char)>,
    /// Ranks are numbered from 0 (boards of exactly ten ranks).
    zero_based: bool,
}

/// Variant names listed in `feature variants` (XBoard's own name for orthodox chess first).
pub const XBOARD_VARIANTS: &[&str] = &["normal", "wildebeest", "almost-wildebeest"];

/// Our name for an XBoard variant name (`normal` is chess), if XBoard may choose it.
pub fn our_name(xboard_name: &str) -> Option<&'static str> {
    match xboard_name {
        "normal" | "chess" => Some("chess"),
        "wildebeest" => Some("wildebeest"),
        "almost-wildebeest" => Some("almost-wildebeest"),
        _ => None,
    }
}

/// Fairy-Max's and Sjaak II's picture table for Wildebeest: camel on the camel image, the
/// wildebeest on the gnu image, written `G` as both peers and XBoard expect.
const WILDEBEEST_PIECES: &str =
    "PNBRQ...................C......GKpnbrq...................c......gk";

impl XboardVariant {
    pub fn describe(v: &Variant) -> XboardVariant {
        let ranks = v.geometry().ranks();
        let zero_based = v.geometry().axes() == 2 && ranks == 10;
        match v.name() {
            "wildebeest" | "almost-wildebeest" => {
                let mut x = XboardVariant {
                    announce: Vec::new(),
                    letters: vec![('W', 'G')],
                    zero_based,
                };
                let start = x.fen_to_xboard(v.spec.start);
                let king = if v.name() == "wildebeest" {
                    "KisO1isO2isO3isO4"
                } else {
                    "KisO2isO3isO4"
                };
                x.announce = vec![
                    format!(
                        "setup ({WILDEBEEST_PIECES}) {}x{}+0_fairy {start}",
                        v.geometry().files(),
                        ranks
                    ),
                    // The pawn: one step, or up to three from its second rank and two from its
                    // third (`ii`), e.p. captures included; Fairy-Max's description.
                    "piece P& fmWfceFifmW3iifmnD".into(),
                    "piece C& C".into(),
                    "piece G& NC".into(),
                    format!("piece K& {king}"),
                ];
                x
            }
            _ => XboardVariant {
                zero_based,
                ..XboardVariant::default()
            },
        }
    }

    fn map_letter(&self, c: char, to_xboard: bool) -> char {
        let upper = c.to_ascii_uppercase();
        for &(ours, theirs) in &self.letters {
            let (from, to) = if to_xboard {
                (ours, theirs)
            } else {
                (theirs, ours)
            };
            if upper == from {
                return if c.is_ascii_lowercase() {
                    to.to_ascii_lowercase()
                } else {
                    to
                };
            }
        }
        c
    }

    /// Our move text in XBoard's notation.
    pub fn move_to_xboard(&self, text: &str) -> String {
        self.convert_move(text, true)
    }

    /// XBoard's move text in ours.
    pub fn move_from_xboard(&self, text: &str) -> String {
        self.convert_move(text, false)
    }

    /// Square names shift rank by one when numbering differs; piece letters (drops and
    /// promotion suffixes) map between the two alphabets.
    fn convert_move(&self, text: &str, to_xboard: bool) -> String {
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len() + 2);
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let starts_square =
                c.is_ascii_lowercase() && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit());
            if starts_square {
                out.push(c);
                let mut j = i + 1;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                let digits: String = chars[i + 1..j].iter().collect();
                out.push_str(&self.convert_rank(&digits, to_xboard));
                i = j;
            } else {
                out.push(if c.is_ascii_alphabetic() {
                    self.map_letter(c, to_xboard)
                } else {
                    c
                });
                i += 1;
            }
        }
        out
    }

    fn convert_rank(&self, digits: &str, to_xboard: bool) -> String {
        if !self.zero_based {
            return digits.to_string();
        }
        match digits.parse::<i64>() {
            Ok(n) if to_xboard => (n - 1).to_string(),
            Ok(n) => (n + 1).to_string(),
            Err(_) => digits.to_string(),
        }
    }

    /// A position string in XBoard's letters (and e.p. rank numbering).
    pub fn fen_to_xboard(&self, fen: &str) -> String {
        self.convert_fen(fen, true)
    }

    /// A position string from XBoard in our letters and numbering.
    pub fn fen_from_xboard(&self, fen: &str) -> String {
        self.convert_fen(fen, false)
    }

    fn convert_fen(&self, fen: &str, to_xboard: bool) -> String {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut out: Vec<String> = Vec::with_capacity(fields.len());
        for (i, field) in fields.iter().enumerate() {
            out.push(match i {
                0 => field
                    .chars()
                    .map(|c| self.map_letter(c, to_xboard))
                    .collect(),
                3 if *field != "-" => self.convert_move(field, to_xboard),
                _ => field.to_string(),
            });
        }
        out.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::variants::{AnyGame, game};

    fn wildebeest() -> XboardVariant {
        let AnyGame::Western(g) = game("wildebeest").unwrap() else {
            panic!("wildebeest is a Western game");
        };
        XboardVariant::describe(g.variant())
    }

    #[test]
    fn ten_rank_moves_and_letters_convert_both_ways() {
        let x = wildebeest();
        for (ours, theirs) in [
            ("e2e4", "e1e3"),
            ("b9b10w", "b8b9g"),
            ("f1g1,k1f1", "f0g0,k0f0"),
            ("W@c3", "G@c2"),
            ("0000", "0000"),
        ] {
            assert_eq!(x.move_to_xboard(ours), theirs);
            assert_eq!(x.move_from_xboard(theirs), ours);
        }
    }

    #[test]
    fn setup_line_matches_the_peers_picture_of_wildebeest() {
        let x = wildebeest();
        assert_eq!(
            x.announce[0],
            "setup (PNBRQ...................C......GKpnbrq...................c......gk) \
             11x10+0_fairy rnccgkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKGCCNR \
             w KQkq - 0 1"
        );
        assert_eq!(
            x.fen_from_xboard("rnccgkqbbnr/11/11/11/11/11/11/11/11/RNBBQKGCCNR b KQkq c2 0 1"),
            "rnccwkqbbnr/11/11/11/11/11/11/11/11/RNBBQKWCCNR b KQkq c3 0 1"
        );
    }

    #[test]
    fn chess_is_untouched() {
        let AnyGame::Western(g) = game("chess").unwrap() else {
            panic!("chess is a Western game");
        };
        let x = XboardVariant::describe(g.variant());
        assert!(x.announce.is_empty());
        assert_eq!(x.move_to_xboard("e7e8q"), "e7e8q");
    }
}
