//! PGN export. Games on flat two-player boards are written in SAN (`src/fen/san.rs`, with
//! Fairy-Stockfish's conventions for fairy pieces), so other programs read them; the 3-D to 6-D
//! games and Partonici keep our coordinate notation (docs/notation.md), which no SAN
//! convention covers. Tags carry the variant, time control and termination, and `SetUp`/`FEN`
//! for every game that does not start from orthodox chess's position; the final comment gives
//! the referee's reason, and a `{opening}` comment marks where the engines took over.

use std::time::{SystemTime, UNIX_EPOCH};

use super::referee::{GameResult, Played};
use crate::core::game::Game;
use crate::fen::{has_san, parse_move, parse_position, san};

/// What a PGN record needs besides the game itself.
pub struct PgnHeader<'a> {
    pub event: &'a str,
    pub date: &'a str,
    pub round: usize,
    pub white: &'a str,
    pub black: &'a str,
    pub variant: &'a str,
    pub time_control: &'a str,
    pub opening_plies: usize,
    /// The variant's start position: written as `FEN` (with `SetUp`) unless the game is
    /// orthodox chess from its usual start.
    pub variant_start: &'a str,
}

/// The moves of a game in SAN, replayed from its start with the rules; `None` where SAN cannot
/// say the variant's moves or a move does not replay (the file then keeps coordinates).
pub fn san_line<G: Game>(game: &G, start: Option<&str>, moves: &[String]) -> Option<Vec<String>> {
    let v = game.variant();
    if !has_san(v) {
        return None;
    }
    let mut pos = parse_position(game, start.unwrap_or(&v.spec.start)).ok()?;
    let mut out = Vec::with_capacity(moves.len());
    for text in moves {
        let mv = parse_move(game, &mut pos, text).ok()?;
        out.push(san(game, &mut pos, mv));
        game.make(&mut pos, mv);
    }
    Some(out)
}

/// Today's date as `YYYY.MM.DD` (UTC).
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Days since 1970-01-01 to a (year, month, day) of the proleptic Gregorian calendar
/// (H. Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Braces cannot nest in PGN comments.
fn comment(s: &str) -> String {
    s.replace('{', "(").replace('}', ")")
}

/// One game as PGN text, ending with a blank line; `moves` is its movetext (SAN from
/// [`san_line`], or the game's own moves).
pub fn write_game(h: &PgnHeader<'_>, game: &Played, moves: &[String]) -> String {
    let result = game.result.text();
    let mut out = String::new();
    let tags = [
        ("Event", h.event.to_string()),
        ("Site", "?".to_string()),
        ("Date", h.date.to_string()),
        ("Round", h.round.to_string()),
        ("White", h.white.to_string()),
        ("Black", h.black.to_string()),
        ("Result", result.to_string()),
        ("Variant", h.variant.to_string()),
        ("TimeControl", h.time_control.to_string()),
        ("PlyCount", game.moves.len().to_string()),
        ("Termination", game.termination.pgn_tag().to_string()),
    ];
    for (k, v) in tags {
        out.push_str(&tag(k, &v));
    }
    // A set-up start, or a variant's own: the standard SetUp/FEN tags, and move numbers that
    // continue from it.
    let orthodox = h.variant == "chess" || h.variant == "normal";
    let start = game
        .start
        .clone()
        .or_else(|| (!orthodox).then(|| h.variant_start.to_string()));
    let (mut ply, first_number) = match &start {
        Some(start) => {
            out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{}\"]\n", escape(start)));
            let fields: Vec<&str> = start.split_whitespace().collect();
            let black_first = fields.get(1) == Some(&"b");
            let number = fields.last().and_then(|n| n.parse::<usize>().ok());
            (usize::from(black_first), number.unwrap_or(1).max(1))
        }
        None => (0, 1),
    };
    out.push('\n');
    let mut tokens = Vec::new();
    if ply == 1 && !moves.is_empty() {
        tokens.push(format!("{first_number}..."));
    }
    for (i, mv) in moves.iter().enumerate() {
        if ply % 2 == 0 {
            tokens.push(format!("{}.", ply / 2 + first_number));
        }
        ply += 1;
        tokens.push(mv.clone());
        if i + 1 == h.opening_plies {
            tokens.push("{opening}".to_string());
        }
    }
    let note = if game.result == GameResult::Excluded {
        format!("{{{} - excluded from the score}}", comment(&game.reason))
    } else {
        format!("{{{}}}", comment(&game.reason))
    };
    tokens.push(note);
    tokens.push(result.to_string());
    out.push_str(&movetext(&tokens));
    out.push('\n');
    out
}

/// Movetext tokens as lines of at most 79 columns (a comment longer than a line is kept
/// whole), ending with a newline.
pub fn movetext(tokens: &[String]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(t);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A tag pair line, `[Key "value"]`, with the value escaped.
pub fn tag(key: &str, value: &str) -> String {
    format!("[{key} \"{}\"]\n", escape(value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::outcome::Reason;
    use crate::matches::referee::Termination;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(today().len(), 10);
    }

    #[test]
    fn a_game() {
        let played = Played {
            start: None,
            moves: ["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from).to_vec(),
            result: GameResult::BlackWins,
            termination: Termination::Rules(Reason::Checkmate),
            reason: "Black wins by checkmate".into(),
            closest: [None, None],
            overruns: [0, 0],
            thinking: [std::time::Duration::ZERO; 2],
            timed_moves: [0, 0],
        };
        let h = PgnHeader {
            event: "menagerie match",
            date: "2024.01.01",
            round: 3,
            white: "A \"quoted\"",
            black: "B",
            variant: "chess",
            time_control: "5+0.05",
            opening_plies: 2,
            variant_start: crate::variants::chess::START,
        };
        let g = crate::variants::western_by_name("chess");
        let moves = san_line(&g, None, &played.moves).unwrap();
        let text = write_game(&h, &played, &moves);
        assert!(
            !text.contains("[FEN"),
            "orthodox chess from its start: {text}"
        );
        assert!(text.contains("[White \"A \\\"quoted\\\"\"]\n"), "{text}");
        assert!(text.contains("[Variant \"chess\"]\n[TimeControl \"5+0.05\"]\n[PlyCount \"4\"]\n[Termination \"normal\"]\n"));
        assert!(
            text.ends_with("1. f3 e5 {opening} 2. g4 Qh4# {Black wins by checkmate} 0-1\n\n"),
            "{text}"
        );
        // From a set-up position with Black to move at move 12: the tags, and numbering on.
        let set_up = Played {
            start: Some("4k3/8/8/8/8/8/8/4K2R b K - 3 12".into()),
            moves: ["e8d7", "h1h7"].map(String::from).to_vec(),
            ..played
        };
        let moves = san_line(&g, set_up.start.as_deref(), &set_up.moves).unwrap();
        let text = write_game(&h, &set_up, &moves);
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 3 12\"]\n"));
        assert!(text.contains("\n12... Kd7 13. Rh7+ {opening} {"), "{text}");
        // Another variant: its start as FEN, its pieces' letters.
        let wildebeest = PgnHeader {
            variant: "wildebeest",
            variant_start: crate::variants::wildebeest::START,
            ..h
        };
        let g = crate::variants::western_by_name("wildebeest");
        let line = Played {
            moves: ["f2f5", "f9f6", "h1g4"].map(String::from).to_vec(),
            ..set_up
        };
        let line = Played {
            start: None,
            ..line
        };
        let moves = san_line(&g, None, &line.moves).unwrap();
        let text = write_game(&wildebeest, &line, &moves);
        assert!(
            text.contains(&format!("[FEN \"{}\"]", crate::variants::wildebeest::START)),
            "{text}"
        );
        assert!(text.contains("1. f5 f6 {opening} 2. Cg4 {"), "{text}");
    }
}
