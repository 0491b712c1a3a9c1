//! Move strings (spec/notation.md): `<from><to>[promotion]`, `X@sq` drops, `0000`, and the
//! Wildebeest castling forms (king onto its own rook for the 1-square castling, or the
//! two-leg `f1g1,k1f1`). A move string is resolved against the legal moves, so the text a
//! GUI sent stays apart from the move it means.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{alpha1, digit1, satisfy};
use nom::combinator::{all_consuming, opt, recognize};
use nom::{IResult, Parser};

use super::error::MoveError;
use crate::core::game::Game;
use crate::core::moves::{Move, MoveKind, MoveList};
use crate::core::position::Position;
use crate::core::variant::Variant;

/// The canonical text of a move.
pub fn move_text(v: &Variant, mv: &Move) -> String {
    match mv.kind {
        MoveKind::Null => "0000".to_string(),
        MoveKind::Drop => format!("{}@{}", v.kind(mv.piece).letter, v.square_name(mv.to)),
        MoveKind::Castle => {
            let one_step = mv.from.abs_diff(mv.to) == 1;
            let to = if one_step { mv.aux } else { mv.to };
            format!("{}{}", v.square_name(mv.from), v.square_name(to))
        }
        MoveKind::Normal | MoveKind::EnPassant => {
            let mut s = format!("{}{}", v.square_name(mv.from), v.square_name(mv.to));
            if mv.is_promotion() {
                s.push(v.kind(mv.piece).letter.to_ascii_lowercase());
            }
            s
        }
    }
}

/// A cell name's shape: letters then digits (`e4`, `k10`, Cubic `Cd2`, Ecila `H27`); whether
/// it names a cell is the variant's notation's business.
fn square(i: &str) -> IResult<&str, &str> {
    recognize((alpha1, digit1)).parse(i)
}

fn simple_move(i: &str) -> IResult<&str, &str> {
    recognize((square, square, opt(satisfy(|c| c.is_ascii_alphabetic())))).parse(i)
}

fn drop_move(i: &str) -> IResult<&str, &str> {
    recognize((satisfy(|c| c.is_ascii_uppercase()), tag("@"), square)).parse(i)
}

fn two_legs(i: &str) -> IResult<&str, &str> {
    recognize((square, square, tag(","), square, square)).parse(i)
}

/// True when `text` has the shape of a move string at all.
fn well_formed(text: &str) -> bool {
    all_consuming(alt((
        two_legs,
        drop_move,
        simple_move,
        tag("0000"),
        tag("@@@@"),
    )))
    .parse(text)
    .is_ok()
}

/// Finds the legal move that `text` names in `pos`.
pub fn parse_move<G: Game>(game: &G, pos: &mut Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if text.len() > 32 || !well_formed(text) {
        return Err(MoveError::Syntax(text.chars().take(40).collect()));
    }
    let v = game.variant();
    let mut legal = MoveList::new();
    game.legal_moves(pos, &mut legal);
    let wanted = canonical_form(v, text);
    legal
        .iter()
        .find(|mv| move_text(v, mv) == wanted || two_leg_text(v, mv).as_deref() == Some(text))
        .copied()
        .ok_or_else(|| MoveError::Illegal(text.to_string()))
}

/// Rewrites accepted aliases into the canonical form: a promotion letter in either case or
/// by alias (`g` for the wildebeest).
fn canonical_form(v: &Variant, text: &str) -> String {
    let Ok((_, core)) = all_consuming(simple_move).parse(text) else {
        return text.to_string();
    };
    let last = core.chars().last().unwrap_or(' ');
    if last.is_ascii_alphabetic() {
        let stem = &core[..core.len() - 1];
        if let Some(kind) = v.kind_by_letter(last.to_ascii_uppercase()) {
            return format!("{stem}{}", v.kind(kind).letter.to_ascii_lowercase());
        }
    }
    core.to_string()
}

/// The two-leg text of a 1-square castling (`f1g1,k1f1`), accepted on input.
fn two_leg_text(v: &Variant, mv: &Move) -> Option<String> {
    if mv.kind != MoveKind::Castle || mv.from.abs_diff(mv.to) != 1 {
        return None;
    }
    let rook_to = crate::core::rules::castling::rook_destination(mv.from, mv.to);
    Some(format!(
        "{}{},{}{}",
        v.square_name(mv.from),
        v.square_name(mv.to),
        v.square_name(mv.aux),
        v.square_name(rook_to)
    ))
}
