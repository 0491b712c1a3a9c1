//! Move strings (docs/notation.md): `<from><to>[promotion]`, `X@sq` drops, `0000`, and the
//! Wildebeest castling forms (king onto its own rook for the 1-square castling, or the
//! two-leg `f1g1,k1f1`). A move string is resolved against the legal moves, so the text a
//! GUI sent stays apart from the move it means.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{alpha1, digit1, satisfy};
use nom::combinator::{all_consuming, opt, recognize};
use nom::{IResult, Parser};

use crate::core::game::Game;
use crate::core::moves::{Move, MoveKind, MoveList};
use crate::core::notation_error::MoveError;
use crate::core::position::Position;
use crate::core::variant::Variant;
use crate::geometry::Sq;

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

/// Finds the legal move that `text` names in `pos`. In families whose moves capture away
/// from the destination, the record form (`c4-d5`, `c4-d5xe4xb5`, `c4d5xe4xb5`) is accepted
/// too; a capture list, when given, must be exactly what the move captures (in any order).
pub fn parse_move<G: Game>(game: &G, pos: &mut Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    let v = game.variant();
    if v.family_notation.is_some_and(|n| n.capture_lists) && text.contains(['x', '-']) {
        let (core, mut listed) = split_capture_list(v, text)?;
        let mv = resolve(game, pos, &core).map_err(|e| match e {
            MoveError::Syntax(_) | MoveError::SyntaxAt { .. } => {
                MoveError::Syntax(text.chars().take(40).collect())
            }
            MoveError::Illegal(_) | MoveError::IllegalBecause { .. } => {
                MoveError::Illegal(text.to_string())
            }
        })?;
        listed.sort_unstable();
        if text.contains('x') && listed != captured_squares(game, pos, mv) {
            return Err(MoveError::Illegal(text.to_string()));
        }
        return Ok(mv);
    }
    resolve(game, pos, text)
}

/// Splits `c4-d5xe4xb5` into the move `c4d5` and the listed squares.
fn split_capture_list(v: &Variant, text: &str) -> Result<(String, Vec<Sq>), MoveError> {
    let syntax = || MoveError::Syntax(text.chars().take(40).collect());
    if text.len() > 200 {
        return Err(syntax());
    }
    let mut parts = text.split('x');
    let head = parts.next().unwrap_or("");
    let mut listed = Vec::new();
    for name in parts {
        listed.push(v.parse_square(name).ok_or_else(syntax)?);
    }
    let core = match head.split_once('-') {
        Some((from, to)) if all_consuming(square).parse(from).is_ok() => format!("{from}{to}"),
        Some(_) => return Err(syntax()),
        None => head.to_string(),
    };
    Ok((core, listed))
}

/// The squares whose enemy pieces `mv` removes, in ascending order (the move is made and
/// taken back, so every family's own capture rules decide).
pub fn captured_squares<G: Game>(game: &G, pos: &mut Position, mv: Move) -> Vec<Sq> {
    let side = pos.side();
    let before: Vec<_> = (0..pos.squares() as Sq).map(|sq| pos.at(sq)).collect();
    game.make(pos, mv);
    let taken = before
        .iter()
        .enumerate()
        .filter(|&(sq, &p)| !p.is_empty() && p.owner() != side && pos.at(sq as Sq) != p)
        .map(|(sq, _)| sq as Sq)
        .collect();
    game.unmake(pos);
    taken
}

/// The record form of a move: its text, then `x<square>` for each captured square
/// (docs/notation.md: `c4d5xe4xb5xc5xc6`).
pub fn record_text(v: &Variant, mv: &Move, captured: &[Sq]) -> String {
    let mut s = move_text(v, mv);
    for &sq in captured {
        s.push('x');
        s.push_str(&v.square_name(sq));
    }
    s
}

/// Finds the legal move whose canonical text (or an accepted alias) is `text`.
fn resolve<G: Game>(game: &G, pos: &mut Position, text: &str) -> Result<Move, MoveError> {
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
