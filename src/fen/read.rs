//! Reading a position string into a [`Setup`] with nom. Only syntax and letters are checked
//! here; whether the placement is playable is [`super::setup`]'s job.

use nom::branch::alt;
use nom::character::complete::{digit1, satisfy};
use nom::combinator::map;
use nom::{IResult, Parser};

use super::setup::Setup;
use crate::core::notation::Fields;
use crate::core::notation_error::FenError;
use crate::core::piece::KindId;
use crate::core::variant::Variant;
use crate::geometry::naming::{count_size, set_count};
use crate::geometry::{MAX_AXES, Sq};

/// The longest position string accepted (protects against absurd input).
pub const MAX_LEN: usize = 4096;

pub(super) enum Token<'a> {
    Empty(&'a str),
    Piece(char),
}

fn token(i: &str) -> IResult<&str, Token<'_>> {
    alt((
        map(digit1, Token::Empty),
        map(satisfy(|c| c.is_ascii_alphabetic()), Token::Piece),
    ))
    .parse(i)
}

pub fn err(field: &'static str, column: usize, message: impl Into<String>) -> FenError {
    FenError {
        field,
        column,
        message: message.into(),
    }
}

/// Splits the text into fields with their 1-based starting columns.
pub fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s + 1, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s + 1, &text[s..]));
    }
    out
}

/// Reads `<board>[hand] <side> <castling> <ep> [<halfmove> [<fullmove>]]`, or
/// `<board>[hand] <side> [<halfmove> [<fullmove>]]` where the variant's notation has no
/// castling and en-passant fields ([`Fields::Counters`]).
pub fn read_setup(v: &Variant, text: &str) -> Result<Setup, FenError> {
    if text.len() > MAX_LEN {
        return Err(err(
            "board",
            1,
            format!("position string longer than {MAX_LEN} bytes"),
        ));
    }
    if !text.is_ascii() {
        let col = text
            .char_indices()
            .find(|(_, c)| !c.is_ascii())
            .map_or(1, |(i, _)| i + 1);
        return Err(err("board", col, "non-ASCII character"));
    }
    let fields = fields(text);
    let full = v.notation.fields == Fields::Full;
    let names: &[&'static str] = if full {
        &[
            "board",
            "side",
            "castling",
            "en passant",
            "halfmove clock",
            "fullmove number",
        ]
    } else {
        &["board", "side", "halfmove clock", "fullmove number"]
    };
    if fields.is_empty() {
        return Err(err("board", 1, "empty position string"));
    }
    if fields.len() > names.len() {
        let (col, _) = fields[names.len()];
        return Err(err(
            "fullmove number",
            col,
            "unexpected text after the last field",
        ));
    }
    let mut setup = Setup::empty(v);
    let (col, board) = fields[0];
    read_board(v, board, col, &mut setup)?;
    let Some(&(col, side)) = fields.get(1) else {
        return Err(err("side", text.len() + 1, "missing side to move (w or b)"));
    };
    setup.side = match side {
        "w" => 0,
        "b" => 1,
        _ => return Err(err("side", col, format!("'{side}' is not w or b"))),
    };
    let counters = if full {
        let Some(&(col, castling)) = fields.get(2) else {
            return Err(err(
                "castling",
                text.len() + 1,
                "missing castling field (use -)",
            ));
        };
        read_castling(v, castling, col, &mut setup)?;
        let Some(&(col, ep)) = fields.get(3) else {
            return Err(err(
                "en passant",
                text.len() + 1,
                "missing en-passant field (use -)",
            ));
        };
        read_en_passant(v, ep, col, &mut setup)?;
        4
    } else {
        2
    };
    if let Some(&(col, half)) = fields.get(counters) {
        setup.halfmove = read_number(half, col, "halfmove clock", 0, u16::MAX as u64)? as u16;
    }
    if let Some(&(col, full)) = fields.get(counters + 1) {
        setup.fullmove = read_number(full, col, "fullmove number", 1, u32::MAX as u64)? as u32;
    }
    Ok(setup)
}

pub fn read_number(
    s: &str,
    col: usize,
    field: &'static str,
    min: u64,
    max: u64,
) -> Result<u64, FenError> {
    let parsed: IResult<&str, &str> = digit1(s);
    match parsed {
        Ok(("", digits)) => match digits.parse::<u64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(n),
            _ => Err(err(
                field,
                col,
                format!("'{s}' is out of range ({min} to {max})"),
            )),
        },
        _ => Err(err(field, col, format!("'{s}' is not a number"))),
    }
}

fn piece_of(v: &Variant, c: char) -> Option<(KindId, u8)> {
    let owner = if c.is_ascii_uppercase() { 0 } else { 1 };
    v.kind_by_letter(c.to_ascii_uppercase()).map(|k| (k, owner))
}

fn read_board(v: &Variant, field: &str, col: usize, setup: &mut Setup) -> Result<(), FenError> {
    let (board, hand) = match field.find('[') {
        Some(i) => (&field[..i], Some((i, &field[i..]))),
        None => (field, None),
    };
    let mut group = Group {
        coords: [0; MAX_AXES],
        labels: Vec::new(),
    };
    read_level(v, 0, board, col, &mut group, setup)?;
    if let Some((i, hand)) = hand {
        let hand_col = col + i;
        if !v.spec.holdings {
            return Err(err("board", hand_col, "this variant has no holdings"));
        }
        let inner = hand
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .ok_or_else(|| err("board", hand_col, "holdings must be written [...]"))?;
        if inner != "-" {
            for (j, c) in inner.chars().enumerate() {
                let piece = piece_of(v, c).ok_or_else(|| {
                    err(
                        "board",
                        hand_col + 1 + j,
                        format!("unknown piece letter '{c}' in holdings"),
                    )
                })?;
                setup.hand.push(piece);
            }
        }
    }
    Ok(())
}

/// Where the reader is: the coordinates fixed by the enclosing groups and their labels
/// (`rank 7`, `level A rank 6`), used in error messages.
struct Group {
    coords: [i32; MAX_AXES],
    labels: Vec<String>,
}

impl Group {
    fn label(&self) -> String {
        self.labels.join(" ")
    }

    fn prefix(&self) -> String {
        if self.labels.is_empty() {
            String::new()
        } else {
            format!("{}: ", self.label())
        }
    }
}

/// Reads the text of one group of board level `level` (the whole board at level 0): split on
/// the level's separator into its groups, or, at the innermost level, the cells themselves.
fn read_level(
    v: &Variant,
    level: usize,
    text: &str,
    col: usize,
    group: &mut Group,
    setup: &mut Setup,
) -> Result<(), FenError> {
    let g = v.geometry();
    let notation = &v.notation;
    let spec = &notation.board[level];
    let count = count_size(g, &spec.digits);
    let Some(separator) = spec.separator else {
        return read_cells(v, level, text, col, group, setup);
    };
    let parts: Vec<&str> = text.split(separator).collect();
    if parts.len() != count {
        return Err(err(
            "board",
            col,
            format!(
                "{}{} {}s given, the board has {count}",
                group.prefix(),
                parts.len(),
                spec.noun
            ),
        ));
    }
    let mut offset = col;
    for (index, part) in parts.iter().enumerate() {
        set_count(g, &spec.digits, index, &mut group.coords);
        let coords = to_coords(&group.coords);
        let label = notation.group_label(g, level, &coords, index);
        group.labels.push(format!("{} {label}", spec.noun));
        read_level(v, level + 1, part, offset, group, setup)?;
        group.labels.pop();
        offset += part.len() + 1;
    }
    Ok(())
}

/// The innermost level: piece letters and runs of empty cells.
fn read_cells(
    v: &Variant,
    level: usize,
    text: &str,
    col: usize,
    group: &mut Group,
    setup: &mut Setup,
) -> Result<(), FenError> {
    let g = v.geometry();
    let spec = &v.notation.board[level];
    let count = count_size(g, &spec.digits);
    let noun = spec.noun;
    let label = group.label();
    let mut cell = 0usize;
    let mut rest: &str = text;
    while !rest.is_empty() {
        let here = col + (text.len() - rest.len());
        let Ok((next, tok)) = token(rest) else {
            let c = rest.chars().next().unwrap_or(' ');
            return Err(err("board", here, format!("unexpected character '{c}'")));
        };
        match tok {
            Token::Empty(digits) => {
                let n: usize = digits.parse().unwrap_or(usize::MAX);
                if n == 0 || n > count - cell {
                    return Err(err(
                        "board",
                        here,
                        format!("{label}: {digits} empty cells do not fit"),
                    ));
                }
                cell += n;
            }
            Token::Piece(c) => {
                let Some(piece) = piece_of(v, c) else {
                    return Err(err("board", here, format!("unknown piece letter '{c}'")));
                };
                if cell >= count {
                    return Err(err(
                        "board",
                        here,
                        format!("{label} has more than {count} {noun}s"),
                    ));
                }
                set_count(g, &spec.digits, cell, &mut group.coords);
                let sq = g.square(&group.coords[..g.axes()]).unwrap_or(0);
                setup.cells[sq as usize] = Some(piece);
                cell += 1;
            }
        }
        rest = next;
    }
    if cell != count {
        return Err(err(
            "board",
            col + text.len(),
            format!("{label} has {cell} {noun}s, the board has {count}"),
        ));
    }
    Ok(())
}

fn to_coords(c: &[i32; MAX_AXES]) -> [u8; MAX_AXES] {
    c.map(|x| x as u8)
}

/// Walks a board field: ranks from the top, `/` between them, decimal runs of empty cells.
/// `piece` reads one piece token from the start of the text it is given (the second argument
/// is its column) and returns what it read and how many bytes it took. Returns every piece
/// with its square index (rank × files + file) and column. Families whose piece tokens differ
/// (Partonici's `+P` and `Q*`) use it with their own `piece`.
pub fn walk_board<T>(
    field: &str,
    col: usize,
    (files, ranks): (usize, usize),
    mut piece: impl FnMut(&str, usize) -> Result<(T, usize), FenError>,
) -> Result<Vec<(usize, usize, T)>, FenError> {
    let rank_texts: Vec<&str> = field.split('/').collect();
    if rank_texts.len() != ranks {
        return Err(err(
            "board",
            col,
            format!("{} ranks given, the board has {ranks}", rank_texts.len()),
        ));
    }
    let mut out = Vec::new();
    let mut offset = col;
    for (row, rank_text) in rank_texts.iter().enumerate() {
        let rank = ranks - 1 - row;
        let mut file = 0usize;
        let mut rest: &str = rank_text;
        while !rest.is_empty() {
            let here = offset + (rank_text.len() - rest.len());
            let run: IResult<&str, &str> = digit1(rest);
            if let Ok((next, digits)) = run {
                let n: usize = digits.parse().unwrap_or(usize::MAX);
                if n == 0 || n > files - file {
                    return Err(err(
                        "board",
                        here,
                        format!("rank {}: {digits} empty cells do not fit", rank + 1),
                    ));
                }
                file += n;
                rest = next;
                continue;
            }
            let (item, used) = piece(rest, here)?;
            if file >= files {
                return Err(err(
                    "board",
                    here,
                    format!("rank {} has more than {files} files", rank + 1),
                ));
            }
            out.push((rank * files + file, here, item));
            file += 1;
            rest = rest.get(used.max(1)..).unwrap_or("");
        }
        if file != files {
            return Err(err(
                "board",
                offset + rank_text.len(),
                format!("rank {} has {file} files, the board has {files}", rank + 1),
            ));
        }
        offset += rank_text.len() + 1;
    }
    Ok(out)
}

fn read_castling(v: &Variant, field: &str, col: usize, setup: &mut Setup) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    if v.spec.castling.is_none() {
        return Err(err("castling", col, "this variant has no castling (use -)"));
    }
    let files = v.geometry().files();
    for (j, c) in field.chars().enumerate() {
        let player = if c.is_ascii_uppercase() { 0u8 } else { 1u8 };
        let wing = match c.to_ascii_uppercase() {
            'K' => 1u8,
            'Q' => 0u8,
            f if f.is_ascii_uppercase() && ((f as u8 - b'A') as usize) < files => {
                let file = (f as u8 - b'A') as usize;
                if file == 0 {
                    0
                } else if file == files - 1 {
                    1
                } else {
                    return Err(err(
                        "castling",
                        col + j,
                        format!(
                            "no castling rook can stand on file '{}'",
                            c.to_ascii_lowercase()
                        ),
                    ));
                }
            }
            _ => {
                return Err(err(
                    "castling",
                    col + j,
                    format!("unexpected character '{c}'"),
                ));
            }
        };
        if setup.castling.contains(&(player, wing)) {
            return Err(err("castling", col + j, format!("right '{c}' given twice")));
        }
        setup.castling.push((player, wing));
    }
    Ok(())
}

fn read_en_passant(
    v: &Variant,
    field: &str,
    col: usize,
    setup: &mut Setup,
) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    if !v.spec.en_passant {
        return Err(err(
            "en passant",
            col,
            "this variant has no en passant (use -)",
        ));
    }
    let mut rest = field;
    while !rest.is_empty() {
        let here = col + field.len() - rest.len();
        let parsed: IResult<&str, (char, &str)> =
            (satisfy(|c| c.is_ascii_lowercase()), digit1).parse(rest);
        let Ok((next, (letter, digits))) = parsed else {
            return Err(err("en passant", here, format!("'{rest}' is not a square")));
        };
        let name = format!("{letter}{digits}");
        let sq: Sq = v.parse_square(&name).ok_or_else(|| {
            err(
                "en passant",
                here,
                format!("'{name}' is not a square of this board"),
            )
        })?;
        if setup.ep.len() == 2 {
            return Err(err("en passant", here, "at most two en-passant squares"));
        }
        setup.ep.push(sq);
        rest = next;
    }
    Ok(())
}
