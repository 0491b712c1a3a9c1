//! Standard algebraic notation (SAN) for flat two-player boards: what PGN files and most
//! people write (`Nf3`, `exd5`, `e8=Q+`, `O-O`, `Qxf7#`), with Fairy-Stockfish's conventions
//! for the rest: a fairy piece is written with its letter (`Ci3` for a chancellor), a drop as
//! `N@e4`, files past `h` and ranks past 9 as they are (`Wk10`).
//!
//! Writing: the piece's letter (none for a pawn), the origin's file, rank or both when another
//! piece of the same kind could go to the same cell (file first, as in chess), `x` for a
//! capture (a pawn's capture always with its file), the destination, `=` and the promoted
//! kind, then `+` for check or `#` for checkmate. Castling is `O-O` toward the last file and
//! `O-O-O` toward file a; where a wing allows several king distances (Wildebeest's free
//! castling, docs/wildebeest.md), the usual two-cell castling stays `O-O` (as Fairy-Stockfish
//! and XBoard write Wildebeest's) and any other distance adds the king's destination in
//! parentheses: `O-O(i1)`.
//!
//! Reading is lenient as PGN readers are: check marks and annotations (`+ # ! ?`) are
//! ignored, `0-0` is castling, `x` and `=` may be left out, the promotion letter may be lower
//! case, and more disambiguation than needed is fine (long algebraic `e2-e4` and `e2e4` too).
//! A text is matched against the legal moves; none is an illegal move, more than one an
//! ambiguous one.

use crate::core::game::Game;
use crate::core::moves::{Move, MoveKind, MoveList};
use crate::core::notation_error::MoveError;
use crate::core::piece::NO_KIND;
use crate::core::position::Position;
use crate::core::variant::Variant;

/// Whether SAN can say the moves of `v`: flat boards of two players (the 3-D to 6-D games
/// and Party Chess keep their own notations).
pub fn has_san(v: &Variant) -> bool {
    v.geometry().axes() == 2 && v.spec.players == 2 && v.family_notation.is_none()
}

/// The SAN of `mv`, a legal move in `pos`.
pub fn san<G: Game>(game: &G, pos: &mut Position, mv: Move) -> String {
    let v = game.variant();
    let mut text = match mv.kind {
        MoveKind::Null => return "--".to_string(),
        MoveKind::Castle => castling_text(v, mv),
        MoveKind::Drop => format!("{}@{}", v.kind(mv.piece).letter, v.square_name(mv.to)),
        MoveKind::Normal | MoveKind::EnPassant => piece_move_text(game, pos, mv),
    };
    game.make(pos, mv);
    if game.in_check(pos) {
        let mut replies = MoveList::new();
        game.legal_moves(pos, &mut replies);
        text.push(if replies.is_empty() { '#' } else { '+' });
    }
    game.unmake(pos);
    text
}

/// The SAN of each of `moves`, played in turn on `pos` (which ends after the last of them).
pub fn san_line<G: Game>(game: &G, pos: &mut Position, moves: &[Move]) -> Vec<String> {
    moves
        .iter()
        .map(|&mv| {
            let text = san(game, pos, mv);
            game.make(pos, mv);
            text
        })
        .collect()
}

/// `O-O`, `O-O-O`, or with the king's destination where the wing has several distances.
fn castling_text(v: &Variant, mv: Move) -> String {
    let toward_last = mv.to > mv.from;
    let mut text = if toward_last { "O-O" } else { "O-O-O" }.to_string();
    let (fewest, most) = v
        .spec
        .castling
        .map_or((2, 2), |c| c.steps[usize::from(toward_last)]);
    if fewest != most && mv.from.abs_diff(mv.to) != 2 {
        text.push_str(&format!("({})", v.square_name(mv.to)));
    }
    text
}

fn piece_move_text<G: Game>(game: &G, pos: &mut Position, mv: Move) -> String {
    let v = game.variant();
    let mover = pos.at(mv.from);
    let capture = mv.kind == MoveKind::EnPassant || !pos.at(mv.to).is_empty();
    let (from_file, from_rank) = file_and_rank(v, mv.from);
    let mut text = String::new();
    if mover.is_pawn() {
        if capture {
            text.push_str(&from_file);
        }
    } else {
        text.push(v.kind(mover.kind()).letter);
        text.push_str(&disambiguation(game, pos, mv, &from_file, &from_rank));
    }
    if capture {
        text.push('x');
    }
    text.push_str(&v.square_name(mv.to));
    if mv.is_promotion() {
        text.push('=');
        text.push(v.kind(mv.piece).letter);
    }
    text
}

/// The origin's file, rank or both, as far as other pieces of the same kind that could go to
/// the same cell make it necessary.
fn disambiguation<G: Game>(
    game: &G,
    pos: &mut Position,
    mv: Move,
    from_file: &str,
    from_rank: &str,
) -> String {
    let v = game.variant();
    let kind = pos.at(mv.from).kind();
    let mut legal = MoveList::new();
    game.legal_moves(pos, &mut legal);
    let rivals: Vec<(String, String)> = legal
        .iter()
        .filter(|m| {
            m.to == mv.to
                && m.from != mv.from
                && matches!(m.kind, MoveKind::Normal | MoveKind::EnPassant)
                && pos.at(m.from).kind() == kind
        })
        .map(|m| file_and_rank(v, m.from))
        .collect();
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|(f, _)| f != from_file) {
        from_file.to_string()
    } else if rivals.iter().all(|(_, r)| r != from_rank) {
        from_rank.to_string()
    } else {
        format!("{from_file}{from_rank}")
    }
}

/// A cell's file letters and rank digits (`k10` is `k`, `10`).
fn file_and_rank(v: &Variant, sq: crate::geometry::Sq) -> (String, String) {
    let name = v.square_name(sq);
    let split = name
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(name.len());
    (name[..split].to_string(), name[split..].to_string())
}

/// Reads a move in our notation or, where the variant has SAN, in SAN (PGN files from other
/// programs): the coordinate reading first, so `e2e4` never becomes anything else.
pub fn parse_move_or_san<G: Game>(
    game: &G,
    pos: &mut Position,
    text: &str,
) -> Result<Move, MoveError> {
    match crate::fen::parse_move(game, pos, text) {
        Ok(mv) => Ok(mv),
        Err(e) if has_san(game.variant()) => parse_san(game, pos, text).map_err(|san_error| {
            // The coordinate error says more about a text of that shape.
            if matches!(san_error, MoveError::Syntax(_)) {
                e
            } else {
                san_error
            }
        }),
        Err(e) => Err(e),
    }
}

/// What a SAN text says, before it is matched against the legal moves.
#[derive(Debug, Default, PartialEq, Eq)]
struct Parts {
    piece: Option<char>,
    file: Option<String>,
    rank: Option<String>,
    to: String,
    promotion: Option<char>,
    drop: bool,
}

/// The legal move `text` names in `pos`.
pub fn parse_san<G: Game>(game: &G, pos: &mut Position, text: &str) -> Result<Move, MoveError> {
    let v = game.variant();
    let syntax = || MoveError::Syntax(text.chars().take(40).collect());
    if text.len() > 32 {
        return Err(syntax());
    }
    let core = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let mut legal = MoveList::new();
    game.legal_moves(pos, &mut legal);
    let castling = core.replace('0', "O");
    let matches: Vec<Move> = if castling.starts_with("O-O") {
        let toward_last = !castling.starts_with("O-O-O");
        let (base, target) = match castling.split_once('(') {
            Some((b, rest)) => (b, Some(rest.trim_end_matches(')'))),
            None => (castling.as_str(), None),
        };
        if base != "O-O" && base != "O-O-O" {
            return Err(syntax());
        }
        legal
            .iter()
            .filter(|m| m.kind == MoveKind::Castle && (m.to > m.from) == toward_last)
            .filter(|m| target.is_none_or(|t| v.square_name(m.to) == t))
            .copied()
            .collect()
    } else {
        let parts = split(core).ok_or_else(syntax)?;
        legal
            .iter()
            .filter(|m| fits(v, pos, m, &parts))
            .copied()
            .collect()
    };
    match matches.as_slice() {
        [one] => Ok(*one),
        [] => Err(MoveError::Illegal(text.to_string())),
        // Free castling without a destination: the two-cell castling, else the shortest.
        [first, ..] if matches.iter().all(|m| m.kind == MoveKind::Castle) => Ok(*matches
            .iter()
            .min_by_key(|m| (m.from.abs_diff(m.to) != 2, m.from.abs_diff(m.to)))
            .unwrap_or(first)),
        _ => Err(MoveError::IllegalBecause {
            text: text.to_string(),
            reason: format!("ambiguous: {} legal moves fit it", matches.len()),
        }),
    }
}

/// Splits `Nbxd7`, `exd6`, `e8=Q`, `N@e4`, `Qh4e1` into their parts.
fn split(text: &str) -> Option<Parts> {
    let mut chars: Vec<char> = text.chars().collect();
    let mut parts = Parts::default();
    // Promotion: `=Q`, `=q` or a trailing letter after the destination's digits.
    if let Some(at) = chars.iter().position(|&c| c == '=') {
        parts.promotion = Some(chars.get(at + 1)?.to_ascii_uppercase());
        if chars.len() != at + 2 {
            return None;
        }
        chars.truncate(at);
    } else if chars.len() >= 3
        && chars[chars.len() - 1].is_ascii_alphabetic()
        && chars[chars.len() - 2].is_ascii_digit()
    {
        parts.promotion = chars.pop().map(|c| c.to_ascii_uppercase());
    }
    // The destination: the last letters-then-digits.
    let digits_start = chars.iter().rposition(|c| !c.is_ascii_digit())? + 1;
    if digits_start == chars.len() {
        return None;
    }
    let letter_at = digits_start - 1;
    if !chars[letter_at].is_ascii_lowercase() {
        return None;
    }
    parts.to = chars[letter_at..].iter().collect();
    let mut head: &[char] = &chars[..letter_at];
    if let Some((&first, rest)) = head.split_first()
        && first.is_ascii_uppercase()
    {
        parts.piece = Some(first);
        head = rest;
    }
    if let Some((&'@', rest)) = head.split_first() {
        parts.drop = true;
        return rest.is_empty().then_some(parts);
    }
    if let Some((&last, rest)) = head.split_last()
        && matches!(last, 'x' | ':' | '-')
    {
        head = rest;
    }
    let file: String = head.iter().take_while(|c| c.is_ascii_lowercase()).collect();
    let rank: String = head[file.len()..].iter().collect();
    if !rank.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    parts.file = (!file.is_empty()).then_some(file);
    parts.rank = (!rank.is_empty()).then_some(rank);
    Some(parts)
}

/// Whether the legal move `m` is what `parts` describe.
fn fits(v: &Variant, pos: &Position, m: &Move, parts: &Parts) -> bool {
    if v.square_name(m.to) != parts.to {
        return false;
    }
    if parts.drop {
        return m.kind == MoveKind::Drop
            && parts.piece.and_then(|c| v.kind_by_letter(c)) == Some(m.piece);
    }
    if !matches!(m.kind, MoveKind::Normal | MoveKind::EnPassant) {
        return false;
    }
    let mover = pos.at(m.from);
    let kind_fits = match parts.piece {
        None => mover.is_pawn(),
        Some(c) => !mover.is_pawn() && v.kind_by_letter(c) == Some(mover.kind()),
    };
    let (file, rank) = file_and_rank(v, m.from);
    let promotion_fits = match parts.promotion {
        None => m.piece == NO_KIND,
        Some(c) => m.piece != NO_KIND && v.kind_by_letter(c) == Some(m.piece),
    };
    kind_fits
        && promotion_fits
        && parts.file.as_ref().is_none_or(|f| *f == file)
        && parts.rank.as_ref().is_none_or(|r| *r == rank)
}
