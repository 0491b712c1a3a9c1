//! Writing positions: the canonical position string, and a drawing of the board for people.

use crate::core::board::Piece;
use crate::core::notation::{Fields, Notation};
use crate::core::position::Position;
use crate::core::rules::castling::right_bit;
use crate::core::variant::Variant;
use crate::geometry::Sq;

/// The board field of a notation: `cell` gives each cell's letter, `None` for empty.
pub fn board_text(notation: &Notation, cell: impl Fn(Sq) -> Option<char>) -> String {
    let mut out = String::with_capacity(128);
    let mut empty = 0;
    for (sq, separator) in notation.text_order() {
        if let Some(c) = separator {
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(c);
        }
        match cell(sq) {
            None => empty += 1,
            Some(letter) => {
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(letter);
            }
        }
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    out
}

/// The canonical position string of `pos`.
pub fn write_position(v: &Variant, pos: &Position) -> String {
    if let Some(notation) = v.family_notation {
        return (notation.write)(v, pos);
    }
    let mut out = board_text(&v.notation, |sq| {
        let p = pos.at(sq);
        (!p.is_empty()).then(|| v.letter(p))
    });
    if v.spec.holdings {
        out.push('[');
        for player in 0..v.spec.players {
            for kind in 0..v.kinds() as u8 {
                for _ in 0..pos.hand(player, kind) {
                    out.push(v.letter(v.piece(kind, player)));
                }
            }
        }
        out.push(']');
    }
    out.push(' ');
    out.push(if pos.side() == 0 { 'w' } else { 'b' });
    if v.notation.fields == Fields::Counters {
        out.push_str(&format!(" {} {}", pos.halfmove(), pos.fullmove()));
        return out;
    }
    out.push(' ');
    let mut rights = String::new();
    for (player, wing, c) in [(0, 1, 'K'), (0, 0, 'Q'), (1, 1, 'k'), (1, 0, 'q')] {
        if pos.castling() & right_bit(player, wing) != 0 {
            rights.push(c);
        }
    }
    out.push_str(if rights.is_empty() { "-" } else { &rights });
    out.push(' ');
    let mut targets: Vec<Sq> = pos.en_passant().squares().collect();
    targets.sort_unstable();
    if targets.is_empty() {
        out.push('-');
    }
    for t in targets {
        out.push_str(&v.square_name(t));
    }
    out.push_str(&format!(" {} {}", pos.halfmove(), pos.fullmove()));
    out
}

/// The board field: ranks from the top, `/` between them, runs of empty cells as numbers,
/// each piece as `label` writes it (families with other piece tokens pass their own).
pub fn board_field(v: &Variant, pos: &Position, label: impl Fn(Piece) -> String) -> String {
    let g = v.geometry();
    let (files, ranks) = (g.files(), g.ranks());
    let mut out = String::with_capacity(128);
    for rank in (0..ranks).rev() {
        let mut empty = 0;
        for file in 0..files {
            let p = pos.at((rank * files + file) as Sq);
            if p.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push_str(&label(p));
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// A drawing of the board, then `Fen: ...`: the variant's panel drawing where it has one
/// (see [`super::draw`]), else rank numbers left and file letters below.
pub fn draw_board(v: &Variant, pos: &Position) -> String {
    if let Some(drawing) = &v.notation.drawing {
        let mut out = super::draw::draw_panels(v, drawing, pos);
        out.push_str(&format!("\nFen: {}\n", write_position(v, pos)));
        return out;
    }
    let g = v.geometry();
    let (files, ranks) = (g.files(), g.ranks());
    let border = format!("   +{}\n", "---+".repeat(files));
    let mut out = String::new();
    out.push_str(&border);
    for rank in (0..ranks).rev() {
        out.push_str(&format!("{:>2} |", rank + 1));
        for file in 0..files {
            let p = pos.at((rank * files + file) as Sq);
            let label = match v.family_notation {
                _ if p.is_empty() => String::new(),
                Some(notation) => (notation.label)(v, p),
                None => v.letter(p).to_string(),
            };
            out.push_str(&format!("{label:^3}|"));
        }
        out.push('\n');
        out.push_str(&border);
    }
    out.push_str("    ");
    for file in 0..files {
        out.push_str(&format!(" {}  ", (b'a' + file as u8) as char));
    }
    out.push('\n');
    if v.spec.holdings {
        for player in 0..v.spec.players {
            out.push_str(&format!(
                "{} in hand: {}\n",
                player_title(player),
                hand_text(v, pos, player)
            ));
        }
    }
    out.push_str(&format!("\nFen: {}\n", write_position(v, pos)));
    out
}

fn player_title(player: u8) -> String {
    match player {
        0 => "White".to_string(),
        1 => "Black".to_string(),
        n => format!("Player {n}"),
    }
}

/// A player's hand for people: letters with counts (`R P x2`), or `-`.
fn hand_text(v: &Variant, pos: &Position, player: u8) -> String {
    let held: Vec<String> = (0..v.kinds() as u8)
        .filter(|&kind| pos.hand(player, kind) > 0)
        .map(|kind| {
            let letter = v.letter(v.piece(kind, player));
            match pos.hand(player, kind) {
                1 => letter.to_string(),
                n => format!("{letter} x{n}"),
            }
        })
        .collect();
    if held.is_empty() {
        "-".to_string()
    } else {
        held.join(" ")
    }
}
