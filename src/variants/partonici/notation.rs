//! Position strings of the Partonici family (docs/notation.md "partonici", spec/rules/
//! partonici.md §6.1): `<board> <side> <capW>:<capB> <quiet> <fullmove>`.
//!
//! A piece is an optional `+` (promoted), a letter (upper case White, lower case Black) and,
//! in royal scaci, an optional `*` marking the royal when it is not the king. Letters: `P`
//! mobile pawn, `S` sub-pawn, `X` royal pawn; scaci uses the chess letters. The last three
//! fields may be left out (`0:0`, `0`, `1`). An unpromoted piece on its promotion rank is
//! refused. A finished game (a side without royals) reads back, so every position the engine
//! writes can be read again; a position where neither side has a royal is refused.

use super::captures::{TALLY_KIND, tally};
use super::pieces::{KindInfo, Ruleset, kind_infos};
use super::setup_of;
use crate::core::board::Piece;
use crate::core::notation::FamilyNotation;
use crate::core::notation_error::{FenError, PositionError};
use crate::core::piece::KindId;
use crate::core::position::Position;
use crate::core::variant::Variant;
use crate::core::zobrist::MAX_HAND;
use crate::fen::{MAX_LEN, board_field, err, fields, player_name, read_number, walk_board};
use crate::geometry::Sq;

/// The hook the generic readers and writers use for every Partonici variant.
pub static NOTATION: FamilyNotation = FamilyNotation {
    read,
    write,
    label,
    capture_lists: true,
};

fn ruleset(v: &Variant) -> Ruleset {
    setup_of(v.name()).map_or(Ruleset::Pawn, |s| s.ruleset)
}

/// A piece as written on the board: `+`, the letter in its owner's case, `*`.
pub fn label(v: &Variant, piece: Piece) -> String {
    let info = kind_infos(ruleset(v))[piece.kind() as usize];
    let text = info.label();
    if piece.owner() == 0 {
        text
    } else {
        text.to_ascii_lowercase()
    }
}

/// The canonical position string. A royal king is starred only when its side has another
/// king (a promoted one, say), the one case where "the king" would not say which is royal.
pub fn write(v: &Variant, pos: &Position) -> String {
    let infos = kind_infos(ruleset(v));
    let kings = |owner: u8| {
        pos.occupied(owner)
            .iter()
            .filter(|&sq| infos[pos.at(sq).kind() as usize].letter == 'K')
            .count()
    };
    let several_kings = [kings(0) > 1, kings(1) > 1];
    let mut out = board_field(v, pos, |p| {
        let info = infos[p.kind() as usize];
        let mut text = label(v, p);
        if info.letter == 'K' && info.royal && several_kings[p.owner() as usize] {
            text.push('*');
        }
        text
    });
    out.push_str(&format!(
        " {} {}:{} {} {}",
        if pos.side() == 0 { 'w' } else { 'b' },
        tally(pos, 0),
        tally(pos, 1),
        pos.halfmove(),
        pos.fullmove()
    ));
    out
}

/// One piece as read: where, which letter, which marks, whose.
struct Token {
    sq: Sq,
    column: usize,
    letter: char,
    promoted: bool,
    starred: bool,
    owner: u8,
}

/// Reads and validates a position string.
pub fn read(v: &Variant, text: &str) -> Result<Position, PositionError> {
    let syntax = PositionError::Syntax;
    if text.len() > MAX_LEN {
        return Err(syntax(err(
            "board",
            1,
            format!("position string longer than {MAX_LEN} bytes"),
        )));
    }
    if let Some((i, _)) = text.char_indices().find(|(_, c)| !c.is_ascii()) {
        return Err(syntax(err("board", i + 1, "non-ASCII character")));
    }
    let fields = fields(text);
    let Some(&(col, board)) = fields.first() else {
        return Err(syntax(err("board", 1, "empty position string")));
    };
    if fields.len() > 5 {
        return Err(syntax(err(
            "fullmove number",
            fields[5].0,
            "unexpected text after the last field",
        )));
    }
    let rules = ruleset(v);
    let tokens = read_board(v, rules, board, col).map_err(syntax)?;
    let Some(&(col, side)) = fields.get(1) else {
        return Err(syntax(err(
            "side",
            text.len() + 1,
            "missing side to move (w or b)",
        )));
    };
    let side = match side {
        "w" => 0,
        "b" => 1,
        _ => return Err(syntax(err("side", col, format!("'{side}' is not w or b")))),
    };
    let captures = match fields.get(2) {
        Some(&(col, field)) => read_captures(field, col).map_err(syntax)?,
        None => [0, 0],
    };
    let quiet = match fields.get(3) {
        Some(&(col, field)) => {
            read_number(field, col, "quiet counter", 0, u16::MAX as u64).map_err(syntax)? as u16
        }
        None => 0,
    };
    let fullmove = match fields.get(4) {
        Some(&(col, field)) => {
            read_number(field, col, "fullmove number", 1, u32::MAX as u64).map_err(syntax)? as u32
        }
        None => 1,
    };
    build(v, rules, &tokens, side, captures, quiet, fullmove)
}

/// The board field (the generic walker of `read.rs`, with this family's piece tokens).
fn read_board(
    v: &Variant,
    rules: Ruleset,
    field: &str,
    col: usize,
) -> Result<Vec<Token>, FenError> {
    let g = v.geometry();
    let pieces = walk_board(field, col, (g.files(), g.ranks()), |rest, here| {
        let bytes = rest.as_bytes();
        let promoted = bytes[0] == b'+';
        let at = promoted as usize;
        let Some(&letter) = bytes.get(at).filter(|l| l.is_ascii_alphabetic()) else {
            let what = rest[at..]
                .chars()
                .next()
                .map_or("nothing".to_string(), |c| format!("'{c}'"));
            return Err(err(
                "board",
                here + at,
                format!("a piece letter expected, found {what}"),
            ));
        };
        let letter = letter as char;
        let starred = bytes.get(at + 1) == Some(&b'*');
        if starred && rules != Ruleset::RoyalScaci {
            return Err(err(
                "board",
                here + at + 1,
                "'*' (a royal) exists only in royal scaci",
            ));
        }
        let upper = letter.to_ascii_uppercase();
        if !kind_infos(rules).iter().any(|k| k.letter == upper) {
            return Err(err(
                "board",
                here,
                format!("unknown piece letter '{letter}'"),
            ));
        }
        Ok(((letter, promoted, starred), at + 1 + starred as usize))
    })?;
    Ok(pieces
        .into_iter()
        .map(|(sq, column, (letter, promoted, starred))| Token {
            sq: sq as Sq,
            column,
            letter: letter.to_ascii_uppercase(),
            promoted,
            starred,
            owner: if letter.is_ascii_uppercase() { 0 } else { 1 },
        })
        .collect())
}

/// `capW:capB`, each at most what the hash tells apart.
fn read_captures(field: &str, col: usize) -> Result<[u8; 2], FenError> {
    let Some((white, black)) = field.split_once(':') else {
        return Err(err(
            "captures",
            col,
            format!("'{field}' is not <white captures>:<black captures>"),
        ));
    };
    let max = MAX_HAND as u64;
    let w = read_number(white, col, "captures", 0, max)?;
    let b = read_number(black, col + white.len() + 1, "captures", 0, max)?;
    Ok([w as u8, b as u8])
}

/// Resolves the kinds (royalty of kings in royal scaci) and checks the placement.
fn build(
    v: &Variant,
    rules: Ruleset,
    tokens: &[Token],
    side: u8,
    captures: [u8; 2],
    quiet: u16,
    fullmove: u32,
) -> Result<Position, PositionError> {
    let infos = kind_infos(rules);
    let z = &v.zobrist;
    let mut pos = Position::empty(v.geometry().squares(), 2, v.kinds());
    let mut problems = Vec::new();
    let starred = |owner: u8| tokens.iter().any(|t| t.owner == owner && t.starred);
    let last = v.geometry().ranks() - 1;
    for t in tokens {
        let royal = match (rules, t.letter) {
            (_, 'X') => true,
            (Ruleset::RoyalScaci, 'K') => t.starred || !starred(t.owner),
            _ => t.starred,
        };
        let Some(kind) = find(infos, t.letter, t.promoted, royal) else {
            let written = KindInfo {
                letter: t.letter,
                promoted: t.promoted,
                royal,
                promotes_to: 0,
            };
            return Err(PositionError::Syntax(err(
                "board",
                t.column,
                format!("there is no '{}' in this variant", written.label()),
            )));
        };
        if !t.promoted && v.relative_rank(t.sq, t.owner) == last {
            problems.push(format!(
                "unpromoted piece on {} stands on its promotion rank",
                v.square_name(t.sq)
            ));
        }
        pos.put(t.sq, v.piece(kind, t.owner), z);
    }
    if rules.is_royal() {
        let royals = [pos.royals(0).len(), pos.royals(1).len()];
        if royals == [0, 0] {
            problems.push("neither side has a royal piece".to_string());
        }
        if rules == Ruleset::RoyalScaci {
            for player in 0..2u8 {
                if royals[player as usize] > 1 {
                    problems.push(format!(
                        "{} has {} royals (royal scaci has one per side)",
                        player_name(player),
                        royals[player as usize]
                    ));
                }
            }
        }
    }
    if !problems.is_empty() {
        return Err(PositionError::Illegal(problems));
    }
    for player in 0..2u8 {
        pos.set_hand(player, TALLY_KIND, captures[player as usize], z);
    }
    pos.set_side(side, z);
    pos.set_halfmove(quiet);
    pos.set_fullmove(fullmove);
    pos.rehash(z);
    pos.clear_history();
    Ok(pos)
}

fn find(infos: &[KindInfo], letter: char, promoted: bool, royal: bool) -> Option<KindId> {
    infos
        .iter()
        .position(|i| i.letter == letter && i.promoted == promoted && i.royal == royal)
        .map(|k| k as KindId)
}
