//! Party notation (spec §9, D46; docs/notation.md): the five-field position string and the
//! play strings, read leniently (a lower-case `p` for the pawn, `x` in a landing capture,
//! `H[1]`), written canonically, round trip exact. Errors name the field and column
//! (positions) or the atom and what is wrong with it (plays).
//!
//! Position string: `<board> <play list> <records> <quiet> <turn>`, e.g.
//! `20/.../20 ab a:KRCBDG:3:0:-/b:KRCBDG:3:0:- 0 1`. The board lists ranks 20 down to 1, each
//! rank files a..t as runs of empty squares or pieces `PC owner [ '[' Hn ']' ]`. Records are
//! `owner:reserve:benefyts:knives:echo` in letter order. Missing trailing counters read as 0
//! and 1.
//!
//! A play is its atoms joined by `,` (`e5e6,R@c3`); D36: Placements written before Moves are
//! accepted when putting the Moves first gives the same board and reserves, and are stored
//! Moves-first.

use super::atom::{Atom, AtomKind};
use super::attack;
use super::board::{self, SQUARES, name, parse_square};
use super::legal;
use super::make::{self, EndRule};
use super::piece::{Kind, Piece, Unit};
use super::play_list;
use super::state::{MAX, State};
use super::turn::Phase;
use crate::core::notation_error::{MoveError, PositionError};
use crate::fen::{err, fields, read_number};
use crate::geometry::Sq;

/// The longest position string read.
pub const MAX_TEXT: usize = 16384;

fn syntax(field: &'static str, column: usize, message: impl Into<String>) -> PositionError {
    PositionError::Syntax(err(field, column, message))
}

/// Reads `H`, `H[3]`, `R` at the start of `s`: the unit and the bytes taken.
fn read_unit(s: &str) -> Result<(Unit, usize), String> {
    let c = s.chars().next().ok_or("a piece character is missing")?;
    let kind = Kind::from_char(c).ok_or_else(|| format!("'{c}' is not a piece character"))?;
    let rest = &s[c.len_utf8()..];
    if let Some(inner) = rest.strip_prefix('[') {
        let close = inner
            .find(']')
            .ok_or("'[' without a closing ']' (write H[n])")?;
        if kind != Kind::Harfy {
            return Err(format!("only a HarfyBlob carries [Hn], not '{c}'"));
        }
        let n: u8 = inner[..close]
            .parse()
            .ok()
            .filter(|n| (1..=20).contains(n))
            .ok_or_else(|| format!("Hn '{}' is not 1..20", &inner[..close]))?;
        return Ok((Unit::new(kind, n), c.len_utf8() + close + 2));
    }
    Ok((Unit::new(kind, 1), c.len_utf8()))
}

/// Reads a position string (D46) for the given end rule.
pub fn read_state(text: &str, rule: EndRule) -> Result<State, PositionError> {
    if text.len() > MAX_TEXT {
        return Err(syntax(
            "board",
            1,
            format!("position string longer than {MAX_TEXT} bytes"),
        ));
    }
    if let Some((i, c)) = text.char_indices().find(|(_, c)| !c.is_ascii()) {
        return Err(syntax(
            "board",
            i + 1,
            format!("unexpected character '{c}'"),
        ));
    }
    let f = fields(text);
    let end_col = text.len() + 1;
    let (board_col, board_text) = *f
        .first()
        .ok_or_else(|| syntax("board", 1, "empty position string"))?;
    let (list_col, list_text) = *f
        .get(1)
        .ok_or_else(|| syntax("play list", end_col, "the play list is missing"))?;
    let (rec_col, rec_text) = *f
        .get(2)
        .ok_or_else(|| syntax("players", end_col, "the player records are missing"))?;
    if let Some((col, _)) = f.get(5) {
        return Err(syntax(
            "turn number",
            *col,
            "unexpected text after the last field",
        ));
    }
    // Field 2 first: it says how many players there are.
    let list = read_list(list_text, list_col)?;
    let players = list.len() as u8;
    let mut st = State::empty(players);
    st.set_list(&list);
    read_board(&mut st, board_text, board_col)?;
    read_records(&mut st, rec_text, rec_col)?;
    if let Some(&(col, q)) = f.get(3) {
        st.quiet = read_number(q, col, "quiet counter", 0, u32::MAX as u64)
            .map_err(PositionError::Syntax)? as u32;
    }
    if let Some(&(col, t)) = f.get(4) {
        st.turn = read_number(t, col, "turn number", 1, u32::MAX as u64)
            .map_err(PositionError::Syntax)? as u32;
    }
    validate(&st)?;
    st.ended = make::decide(&st, rule);
    Ok(st)
}

fn read_list(text: &str, col: usize) -> Result<Vec<u8>, PositionError> {
    let mut list = Vec::new();
    for (i, c) in text.char_indices() {
        let p = match c {
            'a'..='h' => c as u8 - b'a',
            _ => {
                return Err(syntax(
                    "play list",
                    col + i,
                    format!("'{c}' is not a player letter a..h"),
                ));
            }
        };
        if list.contains(&p) {
            return Err(syntax(
                "play list",
                col + i,
                format!("player '{c}' is listed twice"),
            ));
        }
        list.push(p);
    }
    if !(2..=MAX).contains(&list.len()) {
        return Err(syntax(
            "play list",
            col,
            format!("{} players listed; Party Chess has 2 to 8", list.len()),
        ));
    }
    if let Some(missing) = (0..list.len() as u8).find(|p| !list.contains(p)) {
        return Err(syntax(
            "play list",
            col,
            format!(
                "{} players must be a..{}; '{}' is missing",
                list.len(),
                (b'a' + list.len() as u8 - 1) as char,
                (b'a' + missing) as char
            ),
        ));
    }
    Ok(list)
}

fn read_board(st: &mut State, text: &str, col: usize) -> Result<(), PositionError> {
    let field = "board";
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 20 {
        return Err(syntax(
            field,
            col,
            format!("{} ranks given, the board has 20", ranks.len()),
        ));
    }
    let mut offset = col;
    for (r, rank) in ranks.iter().enumerate() {
        let y = 19 - r as i8;
        let rank_no = y + 1;
        let mut x: i8 = 0;
        let b = rank.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let at = offset + i;
            if b[i].is_ascii_digit() {
                let start = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                let digits = &rank[start..i];
                let n: i8 = digits
                    .parse()
                    .ok()
                    .filter(|n| (1..=20).contains(n) && !digits.starts_with('0'))
                    .ok_or_else(|| {
                        syntax(
                            field,
                            at,
                            format!("'{digits}' is not a run of 1 to 20 squares"),
                        )
                    })?;
                x += n;
                if x > 20 {
                    return Err(syntax(
                        field,
                        at,
                        format!("rank {rank_no} has more than 20 squares"),
                    ));
                }
                continue;
            }
            let (unit, used) = read_unit(&rank[i..]).map_err(|m| syntax(field, at, m))?;
            i += used;
            let owner = match b.get(i) {
                Some(c @ b'a'..=b'h') => c - b'a',
                _ => {
                    return Err(syntax(
                        field,
                        offset + i,
                        format!(
                            "piece '{}' needs an owner letter a..h after it",
                            unit.kind.char()
                        ),
                    ));
                }
            };
            if owner >= st.players {
                return Err(syntax(
                    field,
                    offset + i,
                    format!(
                        "owner '{}' is not a player: the play list has {} players",
                        (b'a' + owner) as char,
                        st.players
                    ),
                ));
            }
            i += 1;
            let mut hn = unit.hn;
            if b.get(i) == Some(&b'[') {
                let (u, used) = read_unit(&format!("H{}", &rank[i..]))
                    .map_err(|m| syntax(field, offset + i, m))?;
                if unit.kind != Kind::Harfy {
                    return Err(syntax(
                        field,
                        offset + i,
                        format!("only a HarfyBlob carries [Hn], not '{}'", unit.kind.char()),
                    ));
                }
                hn = u.hn;
                i += used - 1;
            }
            if x >= 20 {
                return Err(syntax(
                    field,
                    at,
                    format!("rank {rank_no} has more than 20 squares"),
                ));
            }
            let sq = board::at(x, y).expect("inside the board");
            st.put(sq, Piece::new(unit.kind, owner, hn));
            x += 1;
        }
        if x != 20 {
            return Err(syntax(
                field,
                offset,
                format!("rank {rank_no} has {x} squares, the board has 20"),
            ));
        }
        offset += rank.len() + 1;
    }
    Ok(())
}

fn read_records(st: &mut State, text: &str, col: usize) -> Result<(), PositionError> {
    let field = "players";
    let records: Vec<&str> = text.split('/').collect();
    if records.len() != st.players as usize {
        return Err(syntax(
            field,
            col,
            format!(
                "{} player records given, the play list has {} players",
                records.len(),
                st.players
            ),
        ));
    }
    let mut offset = col;
    for (p, record) in records.iter().enumerate() {
        let p = p as u8;
        let parts: Vec<&str> = record.split(':').collect();
        if parts.len() != 5 {
            return Err(syntax(
                field,
                offset,
                format!("record '{record}' is not owner:reserve:benefyts:knives:echo"),
            ));
        }
        let letter = (b'a' + p) as char;
        if parts[0] != letter.to_string() {
            return Err(syntax(
                field,
                offset,
                format!("record {} must be player '{letter}' (letter order)", p + 1),
            ));
        }
        let mut at = offset + parts[0].len() + 1;
        if parts[1] != "-" {
            let mut i = 0;
            while i < parts[1].len() {
                let (unit, used) =
                    read_unit(&parts[1][i..]).map_err(|m| syntax(field, at + i, m))?;
                if st.reserve_count(p, unit) == u8::MAX {
                    return Err(syntax(field, at + i, "more than 255 of one unit"));
                }
                st.reserve_add(p, unit);
                i += used;
            }
        }
        at += parts[1].len() + 1;
        let benefyts = read_number(parts[2], at, field, 0, u16::MAX as u64)
            .map_err(PositionError::Syntax)? as u16;
        st.set_benefyts(p, benefyts);
        at += parts[2].len() + 1;
        let knives = read_number(parts[3], at, field, 0, u16::MAX as u64)
            .map_err(PositionError::Syntax)? as u16;
        st.set_knives(p, knives);
        at += parts[3].len() + 1;
        if parts[4] != "-" {
            let (unit, used) = read_unit(parts[4]).map_err(|m| syntax(field, at, m))?;
            if used != parts[4].len() {
                return Err(syntax(
                    field,
                    at + used,
                    format!("echo pattern '{}' is one piece type", parts[4]),
                ));
            }
            if unit.kind == Kind::Echo {
                return Err(syntax(
                    field,
                    at,
                    "an echo pattern is never E (an Echo's own move keeps the pattern)",
                ));
            }
            st.set_echo(p, Some(unit));
        }
        offset += record.len() + 1;
    }
    Ok(())
}

/// The rules a position must meet to be played.
fn validate(st: &State) -> Result<(), PositionError> {
    let mut reasons = Vec::new();
    for p in 0..st.players {
        let kings = st.reserve[p as usize][Kind::King as usize] as u32
            + st.pieces_of(p)
                .filter(|(_, q)| q.kind == Kind::King)
                .count() as u32;
        if kings > 1 {
            reasons.push(format!(
                "player {} has {kings} Kings (at most one, [1230.4 A])",
                (b'a' + p) as char
            ));
        }
    }
    if reasons.is_empty()
        && let Err(e) = play_list::is_normal(st)
    {
        reasons.push(format!("play list: {e}"));
    }
    if reasons.is_empty() {
        Ok(())
    } else {
        Err(PositionError::Illegal(reasons))
    }
}

/// The derived data of `st` agree with its board and records (debug checks).
pub fn check_state(st: &State) -> Result<(), String> {
    if st.key != st.fresh_key() {
        return Err("the incremental key differs from a fresh one".into());
    }
    let mut copy = State::empty(st.players);
    copy.set_list(st.play_list());
    for sq in 0..SQUARES as Sq {
        if let Some(p) = st.at(sq) {
            copy.put(sq, p);
        }
    }
    if copy.occ != st.occ
        || copy.all != st.all
        || copy.kings != st.kings
        || copy.locusts != st.locusts
        || copy.counted != st.counted
        || copy.onboard != st.onboard
    {
        return Err("occupancy, Kings or counts disagree with the board".into());
    }
    for p in 0..st.players as usize {
        let h: u32 = st.reserve_h[p].iter().map(|&n| n as u32).sum();
        if h != st.reserve[p][Kind::Harfy as usize] as u32 {
            return Err("HarfyBlob reserve counts disagree".into());
        }
    }
    Ok(())
}

/// Writes the canonical position string.
pub fn write_state(st: &State) -> String {
    let mut out = String::new();
    for y in (0..20i8).rev() {
        let mut empty = 0;
        for x in 0..20i8 {
            match st.at(board::at(x, y).expect("inside")) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(p.kind.char());
                    out.push((b'a' + p.owner) as char);
                    if p.kind == Kind::Harfy && p.hn != 1 {
                        out.push_str(&format!("[{}]", p.hn));
                    }
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if y > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    for &p in st.play_list() {
        out.push((b'a' + p) as char);
    }
    out.push(' ');
    let records: Vec<String> = (0..st.players)
        .map(|p| {
            let mut reserve = String::new();
            for (unit, n) in st.reserve_units(p) {
                for _ in 0..n {
                    reserve.push_str(&unit.text());
                }
            }
            if reserve.is_empty() {
                reserve.push('-');
            }
            format!(
                "{}:{reserve}:{}:{}:{}",
                (b'a' + p) as char,
                st.benefyts[p as usize],
                st.knives[p as usize],
                st.echo[p as usize].map_or("-".to_string(), |u| u.text())
            )
        })
        .collect();
    out.push_str(&records.join("/"));
    out.push_str(&format!(" {} {}", st.quiet, st.turn));
    out
}

/// The canonical text of `atom`, made from `st`.
pub fn atom_text(st: &State, atom: Atom) -> String {
    let mut out = match atom.kind {
        AtomKind::EndTurn => return String::new(),
        AtomKind::Pass => return "pass".into(),
        AtomKind::Surrender => return "surrender".into(),
        AtomKind::Place => {
            let unit = atom.unit.expect("a placement has a unit");
            return format!("{}@{}", unit.text(), name(atom.to));
        }
        AtomKind::Special => return format!("^{}{}", name(atom.from), name(atom.to)),
        AtomKind::Move | AtomKind::Capture => format!("{}{}", name(atom.from), name(atom.to)),
        AtomKind::Ranged => format!("{}>{}", name(atom.from), name(atom.to)),
        AtomKind::Scratch => format!("{}-off", name(atom.from)),
    };
    if let Some(k) = atom.promote {
        out.push('=');
        out.push(k.char());
    }
    if let Some(k) = atom.demon_to {
        let mover_is_demon = st.at(atom.from).is_some_and(|p| p.kind == Kind::Demon);
        let own = mover_is_demon
            && atom.promote.is_none()
            && atom.demon == atom.to
            && matches!(atom.kind, AtomKind::Move | AtomKind::Capture);
        if own {
            out.push('=');
        } else {
            out.push('/');
            out.push_str(&name(atom.demon));
            out.push('=');
        }
        out.push(k.char());
    }
    out
}

/// What a piece of play text says, before it is matched against the position.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Written {
    /// The canonical text.
    text: String,
    /// A Move (or landing capture, or scratch) rather than another kind of atom.
    moves: bool,
    /// A Placement.
    places: bool,
    /// For a Move or Capture: the squares it goes from and to.
    from: Option<Sq>,
    to: Option<Sq>,
    /// Written with `x`: it must be a capture.
    claims_capture: bool,
}

/// Reads a square at the start of `s`: the square and the bytes taken.
fn read_square(s: &str) -> Result<(Sq, usize), String> {
    let b = s.as_bytes();
    if b.is_empty() || !b[0].is_ascii_lowercase() {
        return Err(format!(
            "a square (a1..t20) was expected at '{}'",
            s.chars().take(8).collect::<String>()
        ));
    }
    let mut n = 1;
    while n < b.len() && n < 3 && b[n].is_ascii_digit() {
        n += 1;
    }
    let sq =
        parse_square(&s[..n]).ok_or_else(|| format!("'{}' is not a square a1..t20", &s[..n]))?;
    Ok((sq, n))
}

/// Reads `=PC` at the start of `s`.
fn read_promotion(s: &str) -> Result<(Kind, usize), String> {
    let rest = s.strip_prefix('=').ok_or("'=' expected")?;
    let c = rest
        .chars()
        .next()
        .ok_or("a piece character must follow '='")?;
    let k = Kind::from_char(c).ok_or_else(|| format!("'{c}' is not a piece character"))?;
    Ok((k, 1 + c.len_utf8()))
}

/// Reads one atom's text into its canonical form.
fn read_written(s: &str) -> Result<Written, String> {
    let plain = |text: String| Written {
        text,
        moves: false,
        places: false,
        from: None,
        to: None,
        claims_capture: false,
    };
    match s {
        "" => return Err("an empty atomic play".into()),
        "pass" => return Ok(plain("pass".into())),
        "surrender" => return Ok(plain("surrender".into())),
        _ => {}
    }
    if let Some(rest) = s.strip_prefix('^') {
        let (a, n) = read_square(rest)?;
        let (b, m) = read_square(&rest[n..])?;
        if n + m != rest.len() {
            return Err(format!("unexpected '{}' after a Special", &rest[n + m..]));
        }
        return Ok(plain(format!("^{}{}", name(a), name(b))));
    }
    if let Some(at) = s.find('@') {
        let (unit, used) = read_unit(&s[..at])?;
        if used != at {
            return Err(format!("'{}' is not one piece", &s[..at]));
        }
        let (sq, n) = read_square(&s[at + 1..])?;
        if at + 1 + n != s.len() {
            return Err(format!(
                "unexpected '{}' after a Placement",
                &s[at + 1 + n..]
            ));
        }
        return Ok(Written {
            text: format!("{}@{}", unit.text(), name(sq)),
            moves: false,
            places: true,
            from: None,
            to: Some(sq),
            claims_capture: false,
        });
    }
    let (from, mut i) = read_square(s)?;
    let mut text;
    let mut landing = true;
    let mut claims_capture = false;
    let mut to = None;
    if let Some(rest) = s[i..].strip_prefix("-off") {
        i = s.len() - rest.len();
        text = format!("{}-off", name(from));
    } else {
        let sep = match s.as_bytes().get(i) {
            Some(b'x') => {
                i += 1;
                claims_capture = true;
                ""
            }
            Some(b'>') => {
                i += 1;
                landing = false;
                ">"
            }
            _ => "",
        };
        let (t, n) = read_square(&s[i..])?;
        i += n;
        to = Some(t);
        text = format!("{}{sep}{}", name(from), name(t));
    }
    if s[i..].starts_with('=') {
        let (k, n) = read_promotion(&s[i..])?;
        i += n;
        text.push('=');
        text.push(k.char());
    }
    if let Some(rest) = s[i..].strip_prefix('/') {
        let (d, n) = read_square(rest)?;
        let (k, m) = read_promotion(&rest[n..])?;
        i += 1 + n + m;
        text.push_str(&format!("/{}={}", name(d), k.char()));
    }
    if i != s.len() {
        return Err(format!("unexpected '{}'", &s[i..]));
    }
    Ok(Written {
        text,
        moves: landing,
        places: false,
        from: Some(from),
        to,
        claims_capture,
    })
}

/// Why `written` (the `n`-th atom) is not legal in `st`, as precisely as can be said cheaply.
fn why_not(st: &State, written: &Written, n: usize) -> String {
    let x = st.mover();
    let who = (b'a' + x) as char;
    let head = format!("atom {n} '{}'", written.text);
    let phase = Phase::of(st);
    if phase == Phase::Closed {
        return format!("{head}: the turn is already complete before it");
    }
    if let Some(from) = written.from {
        match st.at(from) {
            None => return format!("{head}: {} is empty", name(from)),
            Some(p) if p.owner != x => {
                return format!(
                    "{head}: the piece on {} belongs to {}, and {who} is to move",
                    name(from),
                    (b'a' + p.owner) as char
                );
            }
            _ => {}
        }
    }
    if written.claims_capture
        && let Some(to) = written.to
        && st.empty_at(to)
    {
        return format!("{head}: 'x' marks a capture, but {} is empty", name(to));
    }
    if written.places
        && let Ok((unit, _)) = read_unit(&written.text)
        && st.reserve_count(x, unit) == 0
    {
        return format!("{head}: {who} has no {} in reserve", unit.text());
    }
    if phase != Phase::Start && !written.places && !written.moves {
        return format!("{head}: only Moves and Placements combine (D32)");
    }
    if phase == Phase::Start && attack::in_check(st, x) {
        return format!("{head}: it does not lead out of check ({who} is in check)");
    }
    format!("{head}: not a legal atomic play in this position")
}

/// Reads and checks a play for the player to move (state unchanged on return).
pub fn read_play(st: &State, rule: EndRule, text: &str) -> Result<Vec<Atom>, MoveError> {
    let syntax_err = |reason: String| MoveError::SyntaxAt {
        text: text.chars().take(60).collect(),
        reason,
    };
    let illegal = |reason: String| MoveError::IllegalBecause {
        text: text.chars().take(60).collect(),
        reason,
    };
    if text.len() > 200 {
        return Err(syntax_err("longer than any play".into()));
    }
    if let Some(c) = text.chars().find(|c| !c.is_ascii() || c.is_ascii_control()) {
        return Err(syntax_err(format!("unexpected character {c:?}")));
    }
    let mut written = Vec::new();
    for (i, part) in text.split(',').enumerate() {
        written.push(read_written(part).map_err(|e| syntax_err(format!("atom {}: {e}", i + 1)))?);
    }
    if written.len() > 3 {
        return Err(illegal(format!(
            "{} atomic plays; a turn holds at most 3",
            written.len()
        )));
    }
    if st.ended.is_some() {
        return Err(illegal("the hand is over".into()));
    }
    // D36: Placements written first are put after the Moves when that changes nothing.
    let reordered = {
        let mut order: Vec<Written> = written.iter().filter(|w| w.moves).cloned().collect();
        order.extend(written.iter().filter(|w| !w.moves).cloned());
        order
    };
    let placements_first = reordered != written;
    let mut work = st.clone();
    let mut atoms = Vec::new();
    let mut list = Vec::new();
    let mut dropped = false;
    // Each atom is looked up among the candidates (legal as atoms) and the turn must close
    // legally after the last: exactly the legal plays, without proving every other candidate
    // completable (which costs seconds for a player in check with a full reserve).
    for (i, w) in reordered.iter().enumerate() {
        if i > 0 {
            legal::prepare(&mut work);
            if work.turn_state.truncated == Some(true) {
                // D34a: a Move that checks another player ends the turn, and the atomic plays
                // written after it "are not executed": dropped, not refused. They must still
                // be Moves or Placements (a pass or a Special never follows a Move).
                if let Some(bad) = reordered[i..].iter().find(|w| !(w.moves || w.places)) {
                    return Err(illegal(format!(
                        "'{}' cannot follow a Move in a turn (D32)",
                        bad.text
                    )));
                }
                dropped = true;
                break;
            }
        }
        legal::candidate_atoms(&mut work, rule, &mut list);
        let Some(&atom) = list.iter().find(|&&a| {
            a != Atom::END_TURN
                && atom_text(&work, a) == w.text
                && (!w.claims_capture || a.is_capture())
        }) else {
            return Err(illegal(why_not(&work, w, i + 1)));
        };
        make::play(&mut work, atom, rule);
        atoms.push(atom);
    }
    legal::candidate_atoms(&mut work, rule, &mut list);
    if !list.contains(&Atom::END_TURN) {
        let x = work.mover();
        let reason = if attack::in_check(&work, x) {
            format!(
                "it leaves {} in check at the end of the turn",
                (b'a' + x) as char
            )
        } else {
            "the play is not complete: after two Moves a Placement must follow unless the second Move gives check (D34)".to_string()
        };
        return Err(illegal(reason));
    }
    if placements_first
        && (dropped || !same_as_written_order(st, &written, &reordered, &atoms, &work))
    {
        return Err(illegal(
            "Placements come after Moves; written first, they change the result (D36)".into(),
        ));
    }
    atoms.push(Atom::END_TURN);
    Ok(atoms)
}

/// D36: carrying out the play in its written order, mechanically, gives the board and reserves
/// of `result` (the Moves-first play). `atoms[i]` is the atom read for `reordered[i]`.
fn same_as_written_order(
    st: &State,
    written: &[Written],
    reordered: &[Written],
    atoms: &[Atom],
    result: &State,
) -> bool {
    let mut work = st.clone();
    let x = work.mover();
    let mut used = vec![false; reordered.len()];
    for w in written {
        let Some(i) = (0..reordered.len()).find(|&i| !used[i] && reordered[i] == *w) else {
            return false;
        };
        used[i] = true;
        let atom = atoms[i];
        let fits = match atom.kind {
            AtomKind::Place => {
                work.empty_at(atom.to) && atom.unit.is_some_and(|u| work.reserve_count(x, u) > 0)
            }
            AtomKind::Move => {
                work.at(atom.from).is_some_and(|p| p.owner == x) && work.empty_at(atom.to)
            }
            AtomKind::Scratch => work.at(atom.from).is_some_and(|p| p.owner == x),
            _ => false,
        };
        let demon_fits = atom.demon_to.is_none()
            || atom.demon == atom.to
            || work
                .at(atom.demon)
                .is_some_and(|p| p.owner == x && p.kind == Kind::Demon);
        if !fits || !demon_fits {
            return false;
        }
        make::apply(&mut work, atom);
    }
    work.board == result.board
        && work.reserve == result.reserve
        && work.reserve_h == result.reserve_h
}

/// D4: Pass if legal, otherwise Surrender (at the start of a turn); in a turn already begun, the
/// shortest way to finish it legally; `[]` when the hand is over.
pub fn default_play(st: &mut State, rule: EndRule) -> Vec<Atom> {
    if st.ended.is_some() {
        return Vec::new();
    }
    let mut list = Vec::new();
    legal::atoms(st, rule, &mut list);
    if st.turn_state.atoms > 0 {
        return finish(st, rule, 3).unwrap_or_default();
    }
    if list.contains(&Atom::PASS) {
        vec![Atom::PASS, Atom::END_TURN]
    } else {
        vec![Atom::SURRENDER, Atom::END_TURN]
    }
}

/// The first legal way (depth first, at most `depth` more atoms) to close the open turn.
fn finish(st: &mut State, rule: EndRule, depth: u8) -> Option<Vec<Atom>> {
    let mut list = Vec::new();
    legal::atoms(st, rule, &mut list);
    if list.contains(&Atom::END_TURN) {
        return Some(vec![Atom::END_TURN]);
    }
    if depth == 0 {
        return None;
    }
    for a in list {
        let mut next = st.clone();
        make::play(&mut next, a, rule);
        if let Some(mut rest) = finish(&mut next, rule, depth - 1) {
            rest.insert(0, a);
            return Some(rest);
        }
    }
    None
}
