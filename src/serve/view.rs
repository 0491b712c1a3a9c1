//! The JSON the page draws from: a variant's geometry (cells, panels, labels, piece kinds,
//! players) and a position (pieces, hands, counters, whose turn, the legal moves with what
//! each leaves on its destination). Everything comes from the rules core, so the page knows no
//! rules: it only draws cells where they are told and offers the moves it is sent.
//!
//! A piece on the board or in a hand is one number, `owner * 64 + kind` (kinds are at most 64
//! per variant), looked up in the layout's `kinds`.

use serde_json::{Value, json};

use crate::core::game::Game;
use crate::core::moves::{Move, MoveKind, MoveList};
use crate::core::position::Position;
use crate::core::variant::Variant;
use crate::fen::{board_layout, move_text, player_name, write_position};
use crate::geometry::{NO_SQ, Sq};

/// The number the page knows a piece by.
pub fn piece_code(p: crate::core::board::Piece) -> Value {
    if p.is_empty() {
        Value::Null
    } else {
        json!(p.owner() as u32 * 64 + p.kind() as u32)
    }
}

/// Rounds layout coordinates to hundredths, so the JSON stays short and stable.
pub fn r2(x: f32) -> Value {
    json!((x * 100.0).round() / 100.0)
}

/// The picture of a kind: its base figure (the kind's name without `promoted `, which the
/// page maps to its art), and the marks drawn on top.
fn art(name: &str, royal: bool) -> (String, bool, bool) {
    let (base, promoted) = match name.strip_prefix("promoted ") {
        Some(rest) => (rest, true),
        None => (name, false),
    };
    // A royal that is not a king (Patricia's queen face, a royal pawn, royal scaci's `Q*`)
    // wears a crown mark; the king is royal by its picture.
    let crowned = royal && base != "king";
    (base.to_string(), promoted, crowned)
}

/// The geometry and the pieces of a variant. `id` changes whenever the page must fetch it
/// again (a new variant or new options); `family` picks the family's look (Patricia's discs).
pub fn layout_json<G: Game>(game: &G, id: u64, family: &str) -> Value {
    let v = game.variant();
    let g = v.geometry();
    let layout = board_layout(v);
    let cells: Vec<Value> = (0..g.squares() as Sq)
        .map(|sq| {
            let (x, y) = layout.cells[sq as usize];
            let coords = g.coords(sq);
            let shade: u32 = coords[..g.axes()].iter().map(|&c| c as u32).sum::<u32>() % 2;
            json!({
                "name": v.square_name(sq),
                "x": r2(x),
                "y": r2(y),
                "shade": shade,
                "panel": layout.cell_panel[sq as usize],
            })
        })
        .collect();
    let panels: Vec<Value> = layout
        .panels
        .iter()
        .map(|p| json!({"title": p.title, "x": r2(p.x), "y": r2(p.y), "w": r2(p.w), "h": r2(p.h)}))
        .collect();
    let labels: Vec<Value> = layout
        .labels
        .iter()
        .map(|l| json!({"text": l.text, "x": r2(l.x), "y": r2(l.y)}))
        .collect();
    let kinds: Vec<Value> = v
        .spec
        .pieces
        .iter()
        .enumerate()
        .map(|(k, kind)| {
            let (base, promoted, crowned) = art(&kind.name, kind.role.royal);
            let labels: Vec<String> = (0..v.spec.players)
                .map(|owner| piece_label(v, v.piece(k as u8, owner)))
                .collect();
            json!({
                "name": kind.name,
                "letter": kind.letter.to_string(),
                "labels": labels,
                "art": base,
                "promoted": promoted,
                "crowned": crowned,
                "royal": kind.role.royal,
            })
        })
        .collect();
    let players: Vec<Value> = (0..v.spec.players)
        .map(|p| json!({"name": player_name(p), "colour": p}))
        .collect();
    json!({
        "id": id,
        "variant": v.name(),
        "title": v.spec.title,
        "family": family,
        "width": r2(layout.width),
        "height": r2(layout.height),
        "cells": cells,
        "panels": panels,
        "labels": labels,
        "kinds": kinds,
        "players": players,
        "hands": v.spec.holdings,
    })
}

/// A piece as the notation writes it on the board (`K`, `+P`, `q*`).
pub fn piece_label(v: &Variant, p: crate::core::board::Piece) -> String {
    match v.family_notation {
        Some(n) => (n.label)(v, p),
        None => v.letter(p).to_string(),
    }
}

/// One legal move for the page: its text, the cell to click first (`from`, or the hand kind
/// `drop`), the cell to click second (`to`), and the piece standing on `to` afterwards (what
/// a chooser shows when several moves share both clicks).
pub fn move_json<G: Game>(game: &G, pos: &mut Position, mv: Move) -> Value {
    let v = game.variant();
    // The 1-square castling is written and clicked as the king onto its own rook.
    let target = match mv.kind {
        MoveKind::Castle if mv.from.abs_diff(mv.to) == 1 => mv.aux,
        _ => mv.to,
    };
    let landing = if mv.to == NO_SQ {
        Value::Null
    } else {
        game.make(pos, mv);
        let after = piece_code(pos.at(mv.to));
        game.unmake(pos);
        after
    };
    let kind = match mv.kind {
        MoveKind::Normal if mv.is_promotion() => "promotion",
        MoveKind::Normal => "move",
        MoveKind::EnPassant => "en-passant",
        MoveKind::Castle => "castling",
        MoveKind::Drop => "drop",
        MoveKind::Null => "pass",
    };
    let sq = |s: Sq| if s == NO_SQ { Value::Null } else { json!(s) };
    json!({
        "text": move_text(v, &mv),
        "kind": kind,
        "from": sq(mv.from),
        "to": sq(target),
        "drop": if mv.kind == MoveKind::Drop { json!(mv.piece) } else { Value::Null },
        "becomes": landing,
    })
}

/// Each player's hand as `[{kind, count}]` (empty kinds left out), or `null` without holdings.
pub fn hands_json(v: &Variant, pos: &Position) -> Value {
    if !v.spec.holdings {
        return Value::Null;
    }
    let hands: Vec<Value> = (0..v.spec.players)
        .map(|player| {
            let held: Vec<Value> = (0..v.kinds() as u8)
                .filter(|&k| pos.hand(player, k) > 0)
                .map(|k| json!({"kind": k, "count": pos.hand(player, k), "piece": piece_code(v.piece(k, player))}))
                .collect();
            Value::Array(held)
        })
        .collect();
    Value::Array(hands)
}

/// The position: its string, pieces, hands, whose turn, check, the result if over, and the
/// legal moves (none when the game is over).
pub fn position_json<G: Game>(game: &G, pos: &mut Position) -> Value {
    let v = game.variant();
    let board: Vec<Value> = (0..pos.squares() as Sq)
        .map(|sq| piece_code(pos.at(sq)))
        .collect();
    let mut list = MoveList::new();
    game.legal_moves(pos, &mut list);
    let outcome = game.outcome(pos, list.len());
    let legal: Vec<Value> = if outcome.is_some() {
        Vec::new()
    } else {
        list.iter().map(|&mv| move_json(game, pos, mv)).collect()
    };
    json!({
        "fen": write_position(v, pos),
        "board": board,
        "hands": hands_json(v, pos),
        "side": pos.side(),
        // A mated royal is marked too: the check is what ended the game.
        "check": game.in_check(pos),
        "outcome": outcome.map(|o| o.to_string()),
        "legal": legal,
    })
}
