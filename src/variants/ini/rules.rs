//! The rules one section of a variant file sets, starting from Fairy-Stockfish's defaults
//! (orthodox chess without pieces for `[name]`, the parent's rules for `[name:parent]`).
//!
//! Keys are read in Fairy-Stockfish's order: board size, then piece types, then the rest (so
//! piece letters in `promotionPieceTypes` name the section's own pieces). A key that sets a
//! rule our core does not play yet is noted in [`FileRules::refused`] and the section is
//! refused when built ([`super::spec`]), never played by other rules; unknown keys give
//! warnings, as Fairy-Stockfish's `check` does.

use super::keys::{self, KeyClass};
use super::pieces::{predefined_betza, type_order};
use super::sections::{FileProblem, Section};

/// A piece type of the game: its Fairy-Stockfish type name, FEN letter and Betza.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceType {
    pub name: String,
    /// Lower case, as in the file.
    pub letter: char,
    pub betza: String,
}

/// A key whose value asks for a rule Menagerie does not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub key: String,
    pub value: String,
    pub line: usize,
    pub why: String,
}

/// The rules of one section, as far as Menagerie reads them.
#[derive(Clone, Debug)]
pub struct FileRules {
    pub files: u8,
    pub ranks: u8,
    /// In Fairy-Stockfish's type order.
    pub pieces: Vec<PieceType>,
    /// `pieceValueMg` (or `pieceValueEg` when Mg is absent): letter and value.
    pub values: Vec<(char, i32)>,
    pub start_fen: String,
    pub piece_to_char_table: String,
    pub double_step: bool,
    pub double_step_region: [String; 2],
    pub triple_step_region: [String; 2],
    pub en_passant_region: [String; 2],
    pub promotion_region: [String; 2],
    /// Type names, for White and Black.
    pub promotion_types: [Vec<String>; 2],
    pub castling: bool,
    /// The king's destination file toward file a and toward the last file (0-based).
    pub castling_king_to: [u8; 2],
    /// 0-based, for White (Black's is mirrored).
    pub castling_rank: u8,
    /// The rooks' files toward file a and toward the last file; `None` is the board's corner.
    pub castling_rook_files: [Option<u8>; 2],
    pub castling_rook_types: Vec<String>,
    pub castling_king_type: String,
    pub stalemate_value: String,
    pub checkmate_value: String,
    pub n_move_rule: u16,
    pub n_fold_rule: u8,
    /// `flagPiece` per side (a type name; `None` is any piece) and `flagRegion` per side.
    pub flag_piece: [Option<String>; 2],
    pub flag_region: [String; 2],
    pub refused: Vec<Refusal>,
}

impl FileRules {
    /// Fairy-Stockfish's defaults with no piece types (a section without a parent).
    pub fn empty() -> Self {
        FileRules {
            files: 8,
            ranks: 8,
            pieces: Vec::new(),
            values: Vec::new(),
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
            piece_to_char_table: "-".to_string(),
            double_step: true,
            double_step_region: ["*2".to_string(), "*7".to_string()],
            triple_step_region: [String::new(), String::new()],
            en_passant_region: ["*".to_string(), "*".to_string()],
            promotion_region: ["*8".to_string(), "*1".to_string()],
            promotion_types: [chess_promotions(), chess_promotions()],
            castling: true,
            castling_king_to: [2, 6],
            castling_rank: 0,
            castling_rook_files: [None, None],
            castling_rook_types: vec!["rook".to_string()],
            castling_king_type: "king".to_string(),
            stalemate_value: "draw".to_string(),
            checkmate_value: "loss".to_string(),
            n_move_rule: 50,
            n_fold_rule: 3,
            flag_piece: [None, None],
            flag_region: [String::new(), String::new()],
            refused: Vec::new(),
        }
    }

    /// The type called `name`, if the game has it.
    pub fn piece(&self, name: &str) -> Option<&PieceType> {
        self.pieces.iter().find(|p| p.name == name)
    }

    /// The type written with `letter` (either case).
    pub fn piece_by_letter(&self, letter: char) -> Option<&PieceType> {
        let letter = letter.to_ascii_lowercase();
        self.pieces.iter().find(|p| p.letter == letter)
    }

    /// Adds or replaces a piece type, keeping the type order.
    pub fn set_piece(&mut self, name: &str, letter: char, betza: &str) {
        self.pieces.retain(|p| p.name != name);
        self.pieces.push(PieceType {
            name: name.to_string(),
            letter: letter.to_ascii_lowercase(),
            betza: betza.to_string(),
        });
        self.pieces.sort_by_key(|p| type_order(&p.name));
    }

    /// Applies a section's keys on top of these rules. Unknown keys come back as warnings;
    /// a value that cannot be read is an error naming its line and key.
    pub fn apply(&mut self, section: &Section) -> Result<Vec<FileProblem>, FileProblem> {
        let mut warnings = Vec::new();
        // Fairy-Stockfish's order: board size, piece types, then everything else.
        let rank = |k: &str| match k {
            "maxRank" | "maxFile" => 0,
            k if type_order(k).is_some() => 1,
            _ => 2,
        };
        let mut entries: Vec<_> = section.entries.iter().collect();
        entries.sort_by_key(|e| rank(&e.key));
        for entry in entries {
            let fail = |why: String| FileProblem {
                line: entry.line,
                message: format!("{}: {why}", entry.key),
            };
            match keys::classify(&entry.key) {
                KeyClass::Read => {
                    self.read(&entry.key, &entry.value).map_err(fail)?;
                    self.place_refusals(entry.line);
                }
                KeyClass::Deprecated(new_name) => {
                    warnings.push(FileProblem {
                        line: entry.line,
                        message: format!(
                            "{} is deprecated, use {new_name} (read all the same)",
                            entry.key
                        ),
                    });
                    self.read(&entry.key, &entry.value).map_err(fail)?;
                    self.place_refusals(entry.line);
                }
                KeyClass::Waiting(defaults) => {
                    self.refused.retain(|r| r.key != entry.key);
                    if !defaults.contains(&entry.value.as_str()) {
                        self.refused.push(Refusal {
                            key: entry.key.clone(),
                            value: entry.value.clone(),
                            line: entry.line,
                            why: "this rule is not supported yet".to_string(),
                        });
                    }
                }
                KeyClass::Unknown => warnings.push(FileProblem {
                    line: entry.line,
                    message: format!("unknown key '{}' (ignored)", entry.key),
                }),
            }
        }
        Ok(warnings)
    }

    /// Notes a supported key set to a value whose rule we do not play.
    fn refuse(&mut self, key: &str, value: &str, why: &str) {
        self.refused.retain(|r| r.key != key);
        self.refused.push(Refusal {
            key: key.to_string(),
            value: value.to_string(),
            line: 0,
            why: why.to_string(),
        });
    }

    /// Gives the refusals just made by a key the line of that key.
    fn place_refusals(&mut self, line: usize) {
        for r in self.refused.iter_mut().filter(|r| r.line == 0) {
            r.line = line;
        }
    }

    /// Forgets an earlier refusal of `key` (the section sets it back to what we play).
    fn accept(&mut self, key: &str) {
        self.refused.retain(|r| r.key != key);
    }

    /// Reads one supported key.
    fn read(&mut self, key: &str, value: &str) -> Result<(), String> {
        if type_order(key).is_some() {
            return self.read_piece(key, value);
        }
        match key {
            "maxRank" => self.ranks = board_length(value, "ranks")?,
            "maxFile" => self.files = file_number(value)? + 1,
            "pieceValueMg" => self.values = piece_values(value)?,
            "pieceValueEg" => {
                if self.values.is_empty() {
                    self.values = piece_values(value)?;
                }
            }
            "startFen" => self.start_fen = value.to_string(),
            "pieceToCharTable" => self.piece_to_char_table = value.to_string(),
            "variantTemplate" | "pocketSize" => {}
            "doubleStep" => self.double_step = boolean(value)?,
            "doubleStepRegionWhite" => self.double_step_region[0] = value.to_string(),
            "doubleStepRegionBlack" => self.double_step_region[1] = value.to_string(),
            "doubleStepRank" | "doubleStepRankMin" => {
                let r: u8 = board_length(value, "rank")?;
                self.double_step_region = [format!("*{r}"), format!("*{}", self.ranks + 1 - r)];
            }
            "tripleStepRegionWhite" => self.triple_step_region[0] = value.to_string(),
            "tripleStepRegionBlack" => self.triple_step_region[1] = value.to_string(),
            "enPassantRegion" => self.en_passant_region = [value.to_string(), value.to_string()],
            "enPassantRegionWhite" => self.en_passant_region[0] = value.to_string(),
            "enPassantRegionBlack" => self.en_passant_region[1] = value.to_string(),
            "promotionRegionWhite" => self.promotion_region[0] = value.to_string(),
            "promotionRegionBlack" => self.promotion_region[1] = value.to_string(),
            "promotionRank" => {
                let r: u8 = board_length(value, "rank")?;
                self.promotion_region = [format!("*{r}"), format!("*{}", self.ranks + 1 - r)];
            }
            "promotionPieceTypes" => {
                let types = self.type_names(value)?;
                self.promotion_types = [types.clone(), types];
            }
            "promotionPieceTypesWhite" => self.promotion_types[0] = self.type_names(value)?,
            "promotionPieceTypesBlack" => self.promotion_types[1] = self.type_names(value)?,
            "castling" => self.castling = boolean(value)?,
            "castlingKingsideFile" => self.castling_king_to[1] = file_number(value)?,
            "castlingQueensideFile" => self.castling_king_to[0] = file_number(value)?,
            "castlingRank" => self.castling_rank = board_length(value, "rank")? - 1,
            "castlingKingFile" => {
                file_number(value)?;
            }
            "castlingRookKingsideFile" => self.castling_rook_files[1] = Some(file_number(value)?),
            "castlingRookQueensideFile" => self.castling_rook_files[0] = Some(file_number(value)?),
            "castlingRookPieces" | "castlingRookPiece" => {
                self.castling_rook_types = self.type_names(value)?
            }
            "castlingKingPiece" => {
                let types = self.type_names(value)?;
                match types.as_slice() {
                    [one] => self.castling_king_type = one.clone(),
                    _ => return Err(format!("one piece letter expected, not '{value}'")),
                }
            }
            "stalemateValue" | "checkmateValue" | "nFoldValue" => {
                let v = game_value(value)?;
                match key {
                    "stalemateValue" => self.stalemate_value = v,
                    "checkmateValue" => self.checkmate_value = v,
                    _ if v == "draw" => self.accept(key),
                    _ => self.refuse(key, value, "only a draw by repetition is supported"),
                }
            }
            "flagPiece" => {
                let piece = self.flag_type(value)?;
                self.flag_piece = [piece.clone(), piece];
            }
            "flagPieceWhite" => self.flag_piece[0] = self.flag_type(value)?,
            "flagPieceBlack" => self.flag_piece[1] = self.flag_type(value)?,
            "flagRegion" => self.flag_region = [value.to_string(), value.to_string()],
            "flagRegionWhite" | "whiteFlag" => self.flag_region[0] = value.to_string(),
            "flagRegionBlack" | "blackFlag" => self.flag_region[1] = value.to_string(),
            "nMoveRule" => self.n_move_rule = number(value, 0, 10_000)? as u16,
            "nFoldRule" => self.n_fold_rule = number(value, 0, 100)? as u8,
            "pawnTypes"
            | "promotionPawnTypes"
            | "promotionPawnTypesWhite"
            | "promotionPawnTypesBlack"
            | "enPassantTypes"
            | "enPassantTypesWhite"
            | "enPassantTypesBlack"
            | "nMoveRuleTypes"
            | "nMoveRuleTypesWhite"
            | "nMoveRuleTypesBlack" => return self.read_pawn_type_key(key, value),
            // keys::READ and this match list the same keys (the test `every_listed_key_is_read`
            // tries each); a key in one and not the other is a bug, reported, not a panic.
            _ => return Err("a key Menagerie lists but does not read (please report)".to_string()),
        }
        Ok(())
    }

    /// Keys naming which types are pawns, capture en passant or reset the move counter:
    /// Menagerie plays them when they name the pawn alone.
    fn read_pawn_type_key(&mut self, key: &str, value: &str) -> Result<(), String> {
        let types = self.type_names(value)?;
        if types == ["pawn"] || (types.is_empty() && !self.pieces.iter().any(|p| p.name == "pawn"))
        {
            self.accept(key);
        } else {
            self.refuse(key, value, "only the pawn may be a pawn type");
        }
        Ok(())
    }

    /// `knight = n`, `knight = -` (removed), `customPiece1 = a:NB`, `king = k:KN`.
    fn read_piece(&mut self, name: &str, value: &str) -> Result<(), String> {
        let mut chars = value.chars();
        let Some(letter) = chars.next() else {
            return Ok(());
        };
        if !letter.is_ascii_alphabetic() {
            if letter != '-' {
                return Err(format!("invalid letter '{letter}'"));
            }
            self.pieces.retain(|p| p.name != name);
            return Ok(());
        }
        let rest = chars.as_str();
        let betza = match (predefined_betza(name), rest.strip_prefix(':')) {
            (Some(_), Some(custom)) if name == "king" => custom.to_string(),
            (Some(betza), _) => betza.to_string(),
            (None, Some(custom)) => custom.to_string(),
            (None, None) => return Err("a custom piece needs its moves: letter:Betza".to_string()),
        };
        self.set_piece(name, letter, &betza);
        Ok(())
    }

    /// The type of `flagPiece`: one letter, or `*` for any piece.
    fn flag_type(&self, value: &str) -> Result<Option<String>, String> {
        if value == "*" {
            return Ok(None);
        }
        match self.type_names(value)?.as_slice() {
            [one] => Ok(Some(one.clone())),
            _ => Err(format!("one piece letter or * expected, not '{value}'")),
        }
    }

    /// The type names of a string of piece letters (`qrbn`); `-` or empty is none.
    fn type_names(&self, value: &str) -> Result<Vec<String>, String> {
        let mut names = Vec::new();
        for c in value.chars().filter(|c| !c.is_whitespace()) {
            if c == '-' {
                continue;
            }
            let p = self
                .piece_by_letter(c)
                .ok_or_else(|| format!("no piece type is written '{c}'"))?;
            if !names.contains(&p.name) {
                names.push(p.name.clone());
            }
        }
        Ok(names)
    }
}

fn chess_promotions() -> Vec<String> {
    ["queen", "rook", "bishop", "knight"]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn boolean(value: &str) -> Result<bool, String> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("'{value}' is not true or false")),
    }
}

fn number(value: &str, min: u32, max: u32) -> Result<u32, String> {
    value
        .parse::<u32>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| format!("'{value}' is not a number from {min} to {max}"))
}

/// A 1-based rank count or rank number, 1 to 16.
fn board_length(value: &str, what: &str) -> Result<u8, String> {
    number(value, 1, 16)
        .map(|n| n as u8)
        .map_err(|_| format!("'{value}' is not a number of {what} from 1 to 16"))
}

/// A file as Fairy-Stockfish reads it: a letter (`a` = 0) or a 1-based number.
fn file_number(value: &str) -> Result<u8, String> {
    let bad = || format!("'{value}' is not a file (a to p, or 1 to 16)");
    match value.chars().next() {
        Some(c) if c.is_ascii_digit() => {
            number(value, 1, 16).map(|n| n as u8 - 1).map_err(|_| bad())
        }
        Some(c @ 'a'..='p') if value.len() == 1 => Ok(c as u8 - b'a'),
        _ => Err(bad()),
    }
}

/// `win`, `loss`, `draw` or `none`.
fn game_value(value: &str) -> Result<String, String> {
    match value {
        "win" | "loss" | "draw" | "none" => Ok(value.to_string()),
        _ => Err(format!("'{value}' is not win, loss, draw or none")),
    }
}

/// `p:100 n:300` (Fairy-Stockfish also reads `p 100`).
fn piece_values(value: &str) -> Result<Vec<(char, i32)>, String> {
    let mut out = Vec::new();
    for token in value.split_whitespace() {
        let (letter, number) = token
            .split_once(':')
            .ok_or_else(|| format!("'{token}' is not letter:value"))?;
        let mut letters = letter.chars();
        let (Some(c), None) = (letters.next(), letters.next()) else {
            return Err(format!("'{letter}' is not one piece letter"));
        };
        let v: i32 = number
            .parse()
            .ok()
            .filter(|v: &i32| (0..=100_000).contains(v))
            .ok_or_else(|| format!("'{number}' is not a piece value from 0 to 100000"))?;
        out.push((c.to_ascii_lowercase(), v));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::sections::split;
    use super::*;

    fn rules(text: &str) -> Result<FileRules, FileProblem> {
        let (sections, _) = split(text);
        let mut r = FileRules::empty();
        r.apply(&sections[0])?;
        Ok(r)
    }

    #[test]
    fn pieces_then_letters() {
        let r =
            rules("[x]\npromotionPieceTypes = ac\narchbishop = a\nchancellor = c\nmaxFile = j\n")
                .unwrap();
        assert_eq!(r.files, 10);
        assert_eq!(r.promotion_types[0], ["archbishop", "chancellor"]);
        let r = rules("[x]\ncustomPiece3 = z:NN\nking = k\n").unwrap();
        assert_eq!(r.pieces[0].betza, "NN");
        assert_eq!(r.pieces[1].name, "king");
    }

    #[test]
    fn errors_name_line_and_key() {
        let e = rules("[x]\n\nmaxRank = 99\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.starts_with("maxRank:"), "{}", e.message);
        assert!(rules("[x]\ncustomPiece1 = a\n").is_err());
        assert!(rules("[x]\ndoubleStep = maybe\n").is_err());
        assert!(rules("[x]\npromotionPieceTypes = z\n").is_err());
    }

    #[test]
    fn every_listed_key_is_read() {
        for key in super::super::keys::READ {
            let text = format!("[x]\npawn = p\nknight = n\nking = k\n{key} = p\n");
            if let Err(e) = rules(&text) {
                assert!(!e.message.contains("does not read"), "{key}: {}", e.message);
            }
        }
    }

    #[test]
    fn waiting_keys_refuse_only_other_values() {
        let r = rules("[x]\npieceDrops = false\n").unwrap();
        assert!(r.refused.is_empty());
        let r = rules("[x]\npieceDrops = true\n").unwrap();
        assert_eq!(r.refused[0].key, "pieceDrops");
        assert_eq!(r.refused[0].line, 2);
    }
}
