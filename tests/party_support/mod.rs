//! Helpers for the Party Chess tests: position strings from piece lists, square names.
#![allow(dead_code)]

use menagerie::core::multi::{MultiGame, MultiNotation};
use menagerie::geometry::Sq;
use menagerie::variants::party::board::parse_square;
use menagerie::variants::party::{Party, PartyPosition};

/// The square called `name`.
pub fn sq(name: &str) -> Sq {
    parse_square(name).unwrap_or_else(|| panic!("{name} is a square"))
}

/// A board field with `pieces` (`("j10", "Ra")`, `("c3", "Hb[3]")`) and nothing else.
pub fn board(pieces: &[(&str, &str)]) -> String {
    let mut grid = vec![vec![String::new(); 20]; 20];
    for (at, piece) in pieces {
        let s = sq(at);
        grid[(s / 20) as usize][(s % 20) as usize] = piece.to_string();
    }
    let mut ranks = Vec::new();
    for y in (0..20).rev() {
        let mut rank = String::new();
        let mut empty = 0;
        for cell in &grid[y] {
            if cell.is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    rank.push_str(&empty.to_string());
                    empty = 0;
                }
                rank.push_str(cell);
            }
        }
        if empty > 0 {
            rank.push_str(&empty.to_string());
        }
        ranks.push(rank);
    }
    ranks.join("/")
}

/// A position string: `pieces`, the play list, the player records.
pub fn fen(pieces: &[(&str, &str)], list: &str, records: &str) -> String {
    format!("{} {list} {records} 0 1", board(pieces))
}

/// Records for `players` players with empty reserves, 3 Benefyts, no knives, no echo.
pub fn bare_records(players: usize) -> String {
    (0..players)
        .map(|p| format!("{}:-:3:0:-", (b'a' + p as u8) as char))
        .collect::<Vec<_>>()
        .join("/")
}

/// The position of `pieces` for two players `ab`, a to move, empty reserves.
pub fn two(pieces: &[(&str, &str)]) -> PartyPosition {
    read(&fen(pieces, "ab", &bare_records(2)))
}

/// Reads a position string with the standard game (panics with the error).
pub fn read(text: &str) -> PartyPosition {
    Party::standard()
        .read_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Square names, sorted.
pub fn names(squares: impl IntoIterator<Item = Sq>) -> Vec<String> {
    let mut v: Vec<String> = squares
        .into_iter()
        .map(menagerie::variants::party::board::name)
        .collect();
    v.sort();
    v
}

/// Plays `text` (one play) for the player to move.
pub fn play(game: &Party, pos: &mut PartyPosition, text: &str) {
    let atoms = game
        .read_play(pos, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    for a in atoms {
        game.make_atom(pos, a);
    }
}

/// Runs an insta assertion with the snapshot stored under the top-level `snapshots/` folder.
#[macro_export]
macro_rules! party_snapshot {
    ($name:expr, $value:expr) => {
        insta::with_settings!({snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"), prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!($name, $value);
        })
    };
}
