//! Re-laying out a board field from one notation to another over the same geometry, as text:
//! the XBoard edge shows a Sphinx board (nine boards with `|`) as a flat 12x12 FEN board and
//! reads it back. Piece letters pass through untouched; only the order of cells, the runs
//! of empty cells and the separators change.

use crate::core::notation::Notation;
use crate::geometry::Sq;

use super::write::board_text;

enum Token {
    Separator(char),
    Empty(usize),
    Piece(char),
}

fn tokens(text: &str) -> Option<Vec<Token>> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut n = c.to_digit(10)? as usize;
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                n = n.checked_mul(10)?.checked_add(d as usize)?;
                chars.next();
            }
            out.push(Token::Empty(n));
        } else if c.is_ascii_alphabetic() || c == '*' {
            out.push(Token::Piece(c));
        } else {
            out.push(Token::Separator(c));
        }
    }
    Some(out)
}

/// The board field `text` (holdings `[...]` after it are kept) written in `from`, rewritten in
/// `to`; `None` when it is not a board of `from`'s layout.
pub fn relayout_board(
    from: &Notation,
    to: &Notation,
    squares: usize,
    text: &str,
) -> Option<String> {
    let (board, hand) = match text.find('[') {
        Some(i) => (&text[..i], &text[i..]),
        None => (text, ""),
    };
    let mut cells: Vec<Option<char>> = vec![None; squares];
    let mut tokens = tokens(board)?.into_iter();
    let mut pending = 0usize;
    for (sq, separator) in from.text_order() {
        if let Some(s) = separator {
            if pending != 0 {
                return None;
            }
            match tokens.next() {
                Some(Token::Separator(c)) if c == s => {}
                _ => return None,
            }
        }
        if pending == 0 {
            match tokens.next() {
                Some(Token::Empty(n)) if n > 0 => pending = n,
                Some(Token::Piece(c)) => {
                    *cells.get_mut(sq as usize)? = Some(c);
                    continue;
                }
                _ => return None,
            }
        }
        pending -= 1;
    }
    if pending != 0 || tokens.next().is_some() {
        return None;
    }
    let mut out = board_text(to, |sq: Sq| cells[sq as usize]);
    out.push_str(hand);
    Some(out)
}
