//! Game records to replay: PGN as `menagerie match --pgn` writes it (our coordinate notation,
//! `Variant`, `SetUp`/`FEN` tags), or a bare list of moves. Only the first game of a file is
//! read. The moves are checked against the rules when the table loads them, so this file only
//! splits the text.

use std::collections::BTreeMap;

/// The most text a record may have (a few thousand moves).
pub const MAX_RECORD: usize = 1 << 20;

/// A record split into tags and move texts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub tags: BTreeMap<String, String>,
    pub moves: Vec<String>,
    /// The result token at the end (`1-0`, `*`, ...), if any.
    pub result: Option<String>,
}

impl Record {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name).map(String::as_str)
    }
}

/// Reads the first game of a PGN text (or a plain move list). Comments (`{...}`, `;` to the
/// end of the line), variations (`(...)`), numeric annotations (`$1`), move numbers and
/// annotation marks (`!`, `?`) are skipped.
pub fn read_record(text: &str) -> Result<Record, String> {
    if text.len() > MAX_RECORD {
        return Err(format!(
            "the record is {} bytes, more than the {MAX_RECORD} allowed",
            text.len()
        ));
    }
    let mut record = Record::default();
    let mut chars = text.char_indices().peekable();
    let mut token = String::new();
    let mut depth = 0usize; // variations
    let mut seen_moves = false;
    let flush = |token: &mut String, record: &mut Record, depth: usize, seen: &mut bool| {
        let t = std::mem::take(token);
        if depth > 0 || t.is_empty() {
            return;
        }
        match classify(&t) {
            Token::Result => record.result = Some(t),
            Token::Move(m) => {
                record.moves.push(m.to_string());
                *seen = true;
            }
            Token::Skip => {}
        }
    };
    while let Some((at, c)) = chars.next() {
        match c {
            '[' if depth == 0 && !seen_moves && token.is_empty() => {
                let end = text[at..]
                    .find(']')
                    .ok_or("a tag without its closing ']'")?;
                let inner = &text[at + 1..at + end];
                let (name, value) = inner
                    .trim()
                    .split_once(char::is_whitespace)
                    .ok_or_else(|| format!("a malformed tag: [{inner}]"))?;
                let value = value.trim();
                let value = value
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .ok_or_else(|| format!("a tag value without quotes: [{inner}]"))?;
                record.tags.insert(
                    name.to_string(),
                    value.replace("\\\"", "\"").replace("\\\\", "\\"),
                );
                while chars.peek().is_some_and(|&(i, _)| i <= at + end) {
                    chars.next();
                }
            }
            '{' => {
                flush(&mut token, &mut record, depth, &mut seen_moves);
                for (_, c) in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
            }
            ';' => {
                flush(&mut token, &mut record, depth, &mut seen_moves);
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut token, &mut record, depth, &mut seen_moves);
                depth += 1;
            }
            ')' => {
                flush(&mut token, &mut record, depth, &mut seen_moves);
                depth = depth.saturating_sub(1);
            }
            '$' if token.is_empty() => {
                while chars.peek().is_some_and(|&(_, c)| c.is_ascii_digit()) {
                    chars.next();
                }
            }
            c if c.is_whitespace() => {
                flush(&mut token, &mut record, depth, &mut seen_moves);
                if seen_moves && record.result.is_some() {
                    break;
                }
            }
            c => token.push(c),
        }
    }
    flush(&mut token, &mut record, depth, &mut seen_moves);
    Ok(record)
}

enum Token<'a> {
    Result,
    Move(&'a str),
    Skip,
}

/// What a token of the move text is: a result, a move (without its number and annotation
/// marks), or nothing (a bare move number).
fn classify(t: &str) -> Token<'_> {
    if matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*") {
        return Token::Result;
    }
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    // `12.`, `12...` or `12.e2e4`: a move number; digits without a dot are a move (`0000`).
    let rest = if digits > 0 && t[digits..].starts_with('.') {
        t[digits..].trim_start_matches('.')
    } else {
        t
    };
    let rest = rest.trim_end_matches(['!', '?']);
    if rest.is_empty() {
        Token::Skip
    } else {
        Token::Move(rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_menagerie_match_writes() {
        let pgn = "[Event \"menagerie match\"]\n[White \"A \\\"q\\\"\"]\n[Variant \"chess\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 3 12\"]\n\n12... e8d7 13. h1h7 {opening} {Black wins (x)} 0-1\n\n[Event \"second\"]\n\n1. e2e4 *\n";
        let r = read_record(pgn).unwrap();
        assert_eq!(r.tag("Variant"), Some("chess"));
        assert_eq!(r.tag("White"), Some("A \"q\""));
        assert_eq!(r.tag("FEN"), Some("4k3/8/8/8/8/8/8/4K2R b K - 3 12"));
        assert_eq!(r.moves, ["e8d7", "h1h7"]);
        assert_eq!(r.result.as_deref(), Some("0-1"));
    }

    #[test]
    fn plain_lists_variations_and_marks() {
        let r = read_record(
            "1.e2e4 e7e5 (1... c7c5 2. g1f3) 2. g1f3!? $1 ; note\nb8c6 0000 K@A1 c4d5xe4",
        )
        .unwrap();
        assert_eq!(
            r.moves,
            ["e2e4", "e7e5", "g1f3", "b8c6", "0000", "K@A1", "c4d5xe4"]
        );
        assert!(r.tags.is_empty());
        assert!(read_record("[Event \"x").is_err());
        assert!(read_record("[Event x]").is_err());
    }
}
