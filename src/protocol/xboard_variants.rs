//! How each variant is shown to XBoard (protocols.md §2): its name there, the `setup` and
//! `piece` lines of an engine-defined variant, the piece letters XBoard uses, and the rank
//! numbering quirk (ranks 0–9 on boards of exactly ten ranks). Every conversion between our
//! notation and XBoard's happens here, at the edge, so the rest of the engine has one notation.

use crate::core::notation::Notation;
use crate::core::piece::KindId;
use crate::core::variant::Variant;
use crate::fen::relayout_board;
use crate::geometry::naming::count_size;
use crate::variants::cubism::notation as cubism;

/// XBoard's picture of one variant.
#[derive(Clone, Debug, Default)]
pub struct XboardVariant {
    /// Lines sent after `variant NAME` and before the next `pong`.
    pub announce: Vec<String>,
    /// (our letter, XBoard's letter), upper case; applied to both colours.
    letters: Vec<(char, char)>,
    /// Ranks are numbered from 0 (boards of exactly ten ranks).
    zero_based: bool,
    /// A moved piece that changes kind (Patricia's flips) carries its new kind's letter as a
    /// promotion suffix (`c1c2q`): with legality testing off XBoard believes it and shows the
    /// new face (protocols.md §2). Such moves are accepted back in the same form.
    pub face_suffix: bool,
    /// Game rules without castling: XBoard's castling field is ignored on `setboard`.
    no_castling: bool,
    /// XBoard's letters of the kinds in hand, by hand slot (its piece order: `PNBR`...).
    hand_order: &'static str,
    /// Boards of more than two axes that XBoard sees flat (Chessical Cubism,
    /// docs/cubism.md): every square name and board field is translated between the two.
    flat: Option<FlatPicture>,
}

/// Our notation and XBoard's flat one of the same board.
#[derive(Clone, Debug)]
struct FlatPicture {
    native: Notation,
    flat: Notation,
    geometry: crate::geometry::Geometry,
}

/// Variant names listed in `feature variants` (XBoard's own name for orthodox chess first).
pub const XBOARD_VARIANTS: &[&str] = &[
    "normal",
    "wildebeest",
    "almost-wildebeest",
    "patricia",
    "sphinx",
    "sphinx-compulsion",
    "sphinx-losing",
    "sphinx-reduced",
    "ecila",
    "ecila-scacia",
    "ecila-schlagschach",
];

/// Names XBoard knows with their boards and pieces: a game of a variant file with one of
/// these names needs no `setup` line.
const XBOARD_NATIVE: &[&str] = &[
    "capablanca",
    "gothic",
    "janus",
    "knightmate",
    "courier",
    "shatranj",
    "grand",
];

/// Every name listed in `feature variants`: ours, then the games of variant files
/// (`builtin.ini` and loaded files) that can be played.
pub fn xboard_variant_names() -> Vec<&'static str> {
    let mut names = XBOARD_VARIANTS.to_vec();
    names.extend(crate::variants::file_game_names());
    names
}

/// Our name for an XBoard variant name (`normal` is chess), if XBoard may choose it.
pub fn our_name(xboard_name: &str) -> Option<&'static str> {
    match xboard_name {
        "normal" | "chess" => Some("chess"),
        "wildebeest" => Some("wildebeest"),
        "almost-wildebeest" => Some("almost-wildebeest"),
        name => xboard_variant_names()[1..]
            .iter()
            .find(|&&n| n == name)
            .copied(),
    }
}

/// Fairy-Max's and Sjaak II's picture table for Wildebeest: camel on the camel image, the
/// wildebeest on the gnu image, written `G` as both peers and XBoard expect.
const WILDEBEEST_PIECES: &str =
    "PNBRQ...................C......GKpnbrq...................c......gk";

/// Sphinx: the centaura on the knight's picture (letter `C`), and the king on the picture of
/// the non-royal "man": XBoard takes a king move of several files along the back rank (a
/// step to the next board) for castling and moves a rook with it, so it must not know the
/// king (the engine judges checks and results; XBoard plays with legality testing off).
const SPHINX_PIECES: &str = "PCBRQ.....K...........pcbrq.....k...........";

/// Ecila (no pawns): the horse on the knight's picture, the unicorn on the unicorn's and the
/// king on the man's (as in Sphinx), so the hand holds exactly the six kinds of the default
/// army (H B R Q K U, D22). Armies with narwhals, hippogriffs or wyverns cannot be shown.
const ECILA_PIECES: &str = ".HBRQ.....K.........U..hbrq.....k.........u.";

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
                    ..XboardVariant::default()
                };
                let start = x.fen_to_xboard(&v.spec.start);
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
            "patricia" => {
                let x = XboardVariant {
                    face_suffix: true,
                    no_castling: true,
                    hand_order: "PNBR",
                    ..XboardVariant::default()
                };
                // Parent `fairy` with 4 kinds in hand (P N B R): XBoard keeps both hands
                // (captures go in, drops come out) and draws the usual Western pictures.
                // Tried and rejected (docs/protocols.md): `shogi` draws the queen face as a lance, and
                // `crazyhouse` turns a knight promoted on the last rank into a pawn when it
                // is captured. No `piece` lines: legality testing must be off anyway.
                let setup = format!(
                    "setup (PNBRQKpnbrqk) 5x5+4_fairy {}",
                    x.fen_to_xboard(&v.spec.start)
                );
                x.announce_with(vec![setup])
            }
            "sphinx" | "sphinx-compulsion" | "sphinx-losing" | "sphinx-reduced" => Self::flat(
                v,
                cubism::sphinx_xboard(v.geometry()),
                SPHINX_PIECES,
                0,
                "fairy",
            ),
            // Bughouse parent: drops from the hand, and captures do not fill it.
            "ecila" | "ecila-scacia" | "ecila-schlagschach" => Self::flat(
                v,
                cubism::ecila_xboard(v.geometry()),
                ECILA_PIECES,
                6,
                "bughouse",
            ),
            name if crate::variants::ini::find(name).is_some()
                && !crate::variants::VARIANTS.iter().any(|c| c.name == name) =>
            {
                Self::from_file(v, zero_based)
            }
            _ => XboardVariant {
                zero_based,
                ..XboardVariant::default()
            },
        }
    }

    /// A game of a variant file, as Fairy-Stockfish shows it: for a name XBoard does not
    /// know, `setup` with the file's `pieceToCharTable` (XBoard's default pictures when it
    /// has none) and a `piece` line with the Betza of each kind beyond the orthodox six.
    fn from_file(v: &Variant, zero_based: bool) -> XboardVariant {
        let mut x = XboardVariant {
            zero_based,
            ..XboardVariant::default()
        };
        if XBOARD_NATIVE.contains(&v.name()) {
            return x;
        }
        let table = crate::variants::ini::find(v.name())
            .map(|d| d.rules.piece_to_char_table)
            .filter(|t| t != "-");
        let start = x.fen_to_xboard(&v.spec.start);
        let (files, ranks) = (v.geometry().files(), v.geometry().ranks());
        let mut announce = vec![match table {
            Some(t) => format!("setup ({t}) {files}x{ranks}+0_fairy {start}"),
            None => format!("setup {files}x{ranks}+0_fairy {start}"),
        }];
        for kind in &v.spec.pieces {
            let orthodox = matches!(
                (kind.letter, kind.betza.as_str()),
                ('N', "N") | ('B', "B") | ('R', "R") | ('Q', "Q") | ('K', "K")
            ) || kind.role.pawn;
            if !orthodox && !kind.betza.is_empty() {
                announce.push(format!("piece {}& {}", kind.letter, kind.betza));
            }
        }
        x.announce = announce;
        x
    }

    fn announce_with(self, announce: Vec<String>) -> XboardVariant {
        XboardVariant { announce, ..self }
    }

    /// The (player, kind) of the piece XBoard shows on a hand square, which it names in
    /// `lift` like a board square: with the board at files a.., White's hand pieces stand
    /// two files right of the board (`g` on five files), slot 0 on rank 1 upwards; Black's
    /// two files left (`_`), slot 0 on the top rank downwards.
    pub fn hand_piece(&self, v: &Variant, square: &str) -> Option<(u8, KindId)> {
        if !v.spec.holdings || self.hand_order.is_empty() {
            return None;
        }
        let mut chars = square.chars();
        let file = chars.next()? as i64 - 'a' as i64;
        let rank: i64 = chars.as_str().parse().ok()?;
        let (files, ranks) = (v.geometry().files() as i64, v.geometry().ranks() as i64);
        let (player, slot) = if file == files + 1 {
            (0, rank - 1)
        } else if file == -2 {
            (1, ranks - rank)
        } else {
            return None;
        };
        let letter = self.hand_order.chars().nth(usize::try_from(slot).ok()?)?;
        let ours = self.map_letter(letter, false);
        v.kind_by_letter(ours).map(|kind| (player, kind))
    }

    /// An engine-defined variant on a flat picture of a many-axis board: `setup` only (no
    /// `piece` lines: XBetza cannot say these moves, so XBoard plays with legality testing
    /// off and the engine judges moves and results).
    fn flat(v: &Variant, flat: Notation, pieces: &str, held: usize, parent: &str) -> Self {
        let g = v.geometry().clone();
        let ranks = count_size(&g, &flat.board[0].digits);
        let files = count_size(&g, &flat.board[1].digits);
        let mut x = XboardVariant {
            flat: Some(FlatPicture {
                native: v.notation.clone(),
                flat,
                geometry: g,
            }),
            ..XboardVariant::default()
        };
        let start = x.fen_to_xboard(&v.spec.start);
        x.announce = vec![format!(
            "setup ({pieces}) {files}x{ranks}+{held}_{parent} {start}"
        )];
        x
    }

    /// The notation of boards as XBoard sees them (highlight boards): the flat picture, or
    /// the variant's own.
    pub fn board_notation<'a>(&'a self, v: &'a Variant) -> &'a Notation {
        self.flat.as_ref().map_or(&v.notation, |f| &f.flat)
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
        if let Some(flat) = &self.flat {
            return flat.convert_move(text, to_xboard);
        }
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
        if let Some(flat) = &self.flat {
            return flat.convert_fen(fen, to_xboard);
        }
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut out: Vec<String> = Vec::with_capacity(fields.len());
        for (i, field) in fields.iter().enumerate() {
            out.push(match i {
                // XBoard writes an empty hand `[-]`; we write `[]` (both read either).
                0 if to_xboard => field
                    .replace("[]", "[-]")
                    .chars()
                    .map(|c| self.map_letter(c, to_xboard))
                    .collect(),
                0 => field
                    .chars()
                    .map(|c| self.map_letter(c, to_xboard))
                    .collect(),
                2 if self.no_castling && !to_xboard => "-".to_string(),
                3 if *field != "-" => self.convert_move(field, to_xboard),
                _ => field.to_string(),
            });
        }
        out.join(" ")
    }
}

impl FlatPicture {
    /// Square names (letters then digits) translated; everything else kept.
    fn convert_move(&self, text: &str, to_xboard: bool) -> String {
        let (from, to) = self.direction(to_xboard);
        let bytes = text.as_bytes();
        let mut out = String::with_capacity(text.len() + 4);
        let mut i = 0;
        while i < bytes.len() {
            let letters = bytes[i..]
                .iter()
                .take_while(|b| b.is_ascii_alphabetic())
                .count();
            let digits = bytes[i + letters..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if letters == 0 {
                out.push(bytes[i] as char);
                i += 1;
                continue;
            }
            let word = &text[i..i + letters + digits];
            match (digits > 0)
                .then(|| from.names.parse(&self.geometry, word))
                .flatten()
            {
                Some(sq) => out.push_str(&to.names.name(&self.geometry, sq)),
                None => out.push_str(word),
            }
            i += letters + digits;
        }
        out
    }

    /// The board re-laid out; our `<side> <halfmove> <fullmove>` against XBoard's FEN fields
    /// (`<side> - - <halfmove> <fullmove>`).
    fn convert_fen(&self, fen: &str, to_xboard: bool) -> String {
        let (from, to) = self.direction(to_xboard);
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let Some((&board, rest)) = fields.split_first() else {
            return fen.to_string();
        };
        let board = relayout_board(from, to, self.geometry.squares(), board)
            .unwrap_or_else(|| board.to_string());
        let mut out = vec![board];
        match rest.split_first() {
            Some((side, counters)) if to_xboard => {
                out.extend([side.to_string(), "-".into(), "-".into()]);
                out.extend(counters.iter().map(|c| c.to_string()));
            }
            Some((side, others)) => {
                out.push(side.to_string());
                let counters = if others.len() >= 2 && others[0].parse::<u32>().is_err() {
                    &others[2..]
                } else {
                    others
                };
                out.extend(counters.iter().map(|c| c.to_string()));
            }
            None => {}
        }
        out.join(" ")
    }

    fn direction(&self, to_xboard: bool) -> (&Notation, &Notation) {
        if to_xboard {
            (&self.native, &self.flat)
        } else {
            (&self.flat, &self.native)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::Game;
    use crate::variants::{AnyGame, game};

    fn wildebeest() -> XboardVariant {
        let Ok(AnyGame::Western(g)) = game("wildebeest") else {
            panic!("wildebeest is a Western game")
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
    fn patricia_is_a_fairy_board_with_four_kinds_in_hand() {
        let Ok(AnyGame::Patricia(g)) = game("patricia") else {
            panic!("patricia is its own family")
        };
        let x = XboardVariant::describe(g.variant());
        assert_eq!(
            x.announce,
            ["setup (PNBRQKpnbrqk) 5x5+4_fairy 1bkb1/1p1p1/5/1P1P1/1BKB1[-] w - - 0 1"]
        );
        assert!(x.face_suffix);
        // Hand squares as XBoard names them in `lift`: White's rook slot, Black's pawn slot.
        let rook = g.variant().kind_by_letter('R');
        let pawn = g.variant().kind_by_letter('P');
        assert_eq!(x.hand_piece(g.variant(), "g4"), rook.map(|k| (0, k)));
        assert_eq!(x.hand_piece(g.variant(), "_5"), pawn.map(|k| (1, k)));
        assert_eq!(x.hand_piece(g.variant(), "c3"), None);
        assert_eq!(x.hand_piece(g.variant(), "g9"), None);
        assert_eq!(x.move_to_xboard("c1c2q"), "c1c2q");
        // XBoard's castling field means nothing here.
        assert_eq!(
            x.fen_from_xboard("1bkb1/1p1p1/5/1P1P1/1BKB1[-] w KQkq - 0 1"),
            "1bkb1/1p1p1/5/1P1P1/1BKB1[-] w - - 0 1"
        );
    }

    #[test]
    fn chess_is_untouched() {
        let Ok(AnyGame::Western(g)) = game("chess") else {
            panic!("chess is a Western game")
        };
        let x = XboardVariant::describe(g.variant());
        assert!(x.announce.is_empty());
        assert_eq!(x.move_to_xboard("e7e8q"), "e7e8q");
    }

    fn picture(name: &str) -> XboardVariant {
        let AnyGame::Cubism(g) = game(name).unwrap() else {
            panic!("{name} is a Cubism game");
        };
        XboardVariant::describe(g.variant())
    }

    #[test]
    fn sphinx_is_shown_on_its_12x12_picture() {
        let x = picture("sphinx");
        assert_eq!(
            x.announce,
            vec![
                "setup (PCBRQ.....K...........pcbrq.....k...........) 12x12+0_fairy \
                 prcpbqkbpcrp/12/12/12/4pppp4/12/12/4PPPP4/12/12/12/PRCPBQKBPCRP w - - 0 1"
            ]
        );
        for (ours, theirs) in [("g13d13", "a1a5"), ("b5b1q", "e11e12q"), ("h15h11", "g1g2")] {
            assert_eq!(x.move_to_xboard(ours), theirs);
            assert_eq!(x.move_from_xboard(theirs), ours);
        }
        let ours = crate::variants::cubism::sphinx::SPHINX_START;
        let theirs = x.fen_to_xboard(ours);
        assert_eq!(x.fen_from_xboard(&theirs), ours);
    }

    #[test]
    fn ecila_is_shown_on_its_platform_quadrants_with_holdings() {
        let x = picture("ecila");
        assert_eq!(
            x.announce,
            vec![
                "setup (.HBRQ.....K.........U..hbrq.....k.........u.) 8x8+6_bughouse \
                 8/8/8/8/8/8/8/8[KQRRBBHHUUkqrrbbhhuu] w - - 0 1"
            ]
        );
        for (ours, theirs) in [("K@A1", "K@a8"), ("U@A5", "U@e8"), ("E1H8", "a4h1")] {
            assert_eq!(x.move_to_xboard(ours), theirs);
            assert_eq!(x.move_from_xboard(theirs), ours);
        }
        assert_eq!(
            x.fen_from_xboard("K7/8/8/8/8/8/8/7k[QRRBBHHUUqrrbbhhuu] w - - 0 2"),
            "K3/4|4/4|4/4|4/4|4/4|4/4|4/4|4/3k[QRRBBHHUUqrrbbhhuu] w 0 2"
        );
    }

    #[test]
    fn reduced_sphinx_keeps_its_names() {
        let x = picture("sphinx-reduced");
        assert!(
            x.announce[0]
                .contains("8x8+0_fairy rcbqkbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBQKBCR w - - 0 1")
        );
        assert_eq!(x.move_to_xboard("e1a5"), "e1a5");
    }
}
