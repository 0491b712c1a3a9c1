//! Party Chess as the page sees it: the 20x20 board (files a..t, ranks 1..20), the 21 piece
//! kinds with their pictures, each player's reserve (HarfyBlobs by Hn), Benefyts, knives and
//! echo pattern, and the atoms with the cells a person clicks. Read through the public
//! accessors of the rules core (`PartyPosition`, `Atom`); no rule is decided here.

use serde_json::{Value, json};

use super::view::{AtomCells, MultiView};
use crate::core::multi::{MultiGame, MultiNotation, player_letter};
use crate::geometry::{NO_SQ, Sq};
use crate::serve::view::r2;
use crate::variants::party::board::name;
use crate::variants::party::{Atom, AtomKind, Kind, Party, PartyPosition, Piece, Unit};

/// Room for the rank numbers left of the board and the file letters below it (as
/// `menagerie show` lays out a flat board).
const LABEL: f32 = 0.7;
const SIDE: u16 = 20;

/// The number the page knows a piece by: `owner * 64 + kind`.
fn code(kind: Kind, owner: usize) -> u32 {
    owner as u32 * 64 + kind as u32
}

fn piece_code(p: Piece) -> Value {
    json!(code(p.kind, p.owner as usize))
}

/// The picture's name for the page's art table: the kind's name in lower case
/// (`il-nabi`, `bouncy!ball`).
fn art(kind: Kind) -> String {
    kind.name().to_ascii_lowercase()
}

fn cell(sq: Sq) -> Value {
    json!(sq)
}

/// What a person calls an atom's kind.
fn kind_name(kind: AtomKind) -> &'static str {
    match kind {
        AtomKind::EndTurn => "end",
        AtomKind::Move => "move",
        AtomKind::Scratch => "scratch",
        AtomKind::Capture => "capture",
        AtomKind::Ranged => "ranged",
        AtomKind::Place => "place",
        AtomKind::Special => "special",
        AtomKind::Pass => "pass",
        AtomKind::Surrender => "surrender",
    }
}

impl MultiView for Party {
    fn layout_json(&self, players: usize, id: u64) -> Value {
        let cells: Vec<Value> = (0..SIDE * SIDE)
            .map(|sq| {
                let (file, rank) = (sq % SIDE, sq / SIDE);
                json!({
                    "name": name(sq as Sq),
                    "x": r2(LABEL + file as f32),
                    "y": r2((SIDE - 1 - rank) as f32),
                    "shade": (file + rank) % 2,
                    "panel": 0,
                })
            })
            .collect();
        let mut labels: Vec<Value> = (0..SIDE)
            .map(|rank| {
                json!({"text": (rank + 1).to_string(), "x": r2(LABEL / 2.0),
                       "y": r2((SIDE - 1 - rank) as f32 + 0.5)})
            })
            .collect();
        labels.extend((0..SIDE).map(|file| {
            json!({"text": ((b'a' + file as u8) as char).to_string(),
                   "x": r2(LABEL + file as f32 + 0.5), "y": r2(SIDE as f32 + LABEL / 2.0)})
        }));
        let kinds: Vec<Value> = Kind::ALL
            .iter()
            .map(|&k| {
                let labels: Vec<String> = (0..players)
                    .map(|p| format!("{}{}", k.char(), player_letter(p)))
                    .collect();
                json!({
                    "name": k.name(),
                    "letter": k.char().to_string(),
                    "labels": labels,
                    "art": art(k),
                    "promoted": false,
                    "crowned": false,
                    "royal": k == Kind::King,
                })
            })
            .collect();
        let players: Vec<Value> = (0..players)
            .map(|p| json!({"name": player_letter(p).to_string(), "colour": p}))
            .collect();
        json!({
            "id": id,
            "variant": "party",
            "title": "Party Chess",
            "family": "party",
            "multi": true,
            "width": r2(LABEL + SIDE as f32),
            "height": r2(SIDE as f32 + LABEL),
            "cells": cells,
            "panels": [{"title": "", "x": r2(LABEL), "y": 0.0, "w": SIDE, "h": SIDE}],
            "labels": labels,
            "kinds": kinds,
            "players": players,
            "hands": true,
        })
    }

    fn cells(&self) -> usize {
        (SIDE * SIDE) as usize
    }

    fn board_json(&self, pos: &PartyPosition) -> (Vec<Value>, Value) {
        let mut badges = serde_json::Map::new();
        let board = (0..SIDE * SIDE)
            .map(|sq| match pos.piece_at(sq as Sq) {
                None => Value::Null,
                Some(p) => {
                    if p.kind == Kind::Harfy {
                        badges.insert(sq.to_string(), json!(p.hn));
                    }
                    piece_code(p)
                }
            })
            .collect();
        (board, Value::Object(badges))
    }

    fn players_json(&self, pos: &PartyPosition) -> Value {
        let players: Vec<Value> = (0..pos.players())
            .map(|p| {
                let reserve: Vec<Value> = pos
                    .reserve(p)
                    .into_iter()
                    .map(|(unit, n)| {
                        json!({
                            "kind": unit.text(),
                            "count": n,
                            "piece": code(unit.kind, p),
                            "hn": (unit.kind == Kind::Harfy).then_some(unit.hn),
                        })
                    })
                    .collect();
                let echo = pos.echo(p);
                json!({
                    "reserve": reserve,
                    "benefyts": pos.benefyts(p),
                    "knives": pos.knives_of(p),
                    "echo": echo.map(Unit::text),
                    "echo_piece": echo.map(|u| code(u.kind, p)),
                    "weight": pos.weight2(p) as f64 / 2.0,
                })
            })
            .collect();
        Value::Array(players)
    }

    fn atom_cells(&self, _pos: &PartyPosition, atom: Atom) -> AtomCells {
        let some = |sq: Sq| (sq != NO_SQ).then_some(sq as usize);
        match atom.kind {
            AtomKind::Scratch => AtomCells {
                from: some(atom.from),
                to: None,
            },
            _ => AtomCells {
                from: some(atom.from),
                to: some(atom.to),
            },
        }
    }

    fn atom_json(&self, pos: &PartyPosition, atom: Atom) -> Value {
        let text = self.atom_text(pos, atom);
        let mover = self.to_move(pos);
        let (from, to) = match atom.kind {
            // The Qball leaves the board: clicked on itself (the page asks before it goes).
            AtomKind::Scratch => (cell(atom.from), cell(atom.from)),
            AtomKind::Place => (Value::Null, cell(atom.to)),
            AtomKind::Pass | AtomKind::Surrender | AtomKind::EndTurn => (Value::Null, Value::Null),
            _ => (cell(atom.from), cell(atom.to)),
        };
        let moving = (atom.from != NO_SQ)
            .then(|| pos.piece_at(atom.from))
            .flatten();
        let becomes = match (atom.promote, moving) {
            (Some(k), _) => json!(code(k, mover)),
            (None, Some(p)) => piece_code(p),
            (None, None) => Value::Null,
        };
        let demon = match atom.demon_to {
            Some(k) => json!({"cell": atom.demon, "becomes": code(k, mover)}),
            None => Value::Null,
        };
        // Only what the atom has: the list can hold thousands of placements.
        let mut out = serde_json::Map::new();
        out.insert("text".into(), json!(text));
        out.insert("kind".into(), json!(kind_name(atom.kind)));
        for (key, value) in [
            ("from", from),
            ("to", to),
            ("becomes", becomes),
            ("demon", demon),
        ] {
            if !value.is_null() {
                out.insert(key.into(), value);
            }
        }
        if let Some(unit) = atom.unit {
            out.insert("drop".into(), json!(unit.text()));
        }
        if atom.promote.is_some() || atom.demon_to.is_some() {
            out.insert("promotion".into(), json!(true));
        }
        Value::Object(out)
    }
}
