//! Helpers shared by the integration tests.
#![allow(dead_code)]

use menagerie::core::game::Game;
use menagerie::core::moves::MoveList;
use menagerie::core::position::Position;
use menagerie::fen::{move_text, parse_move, parse_position, write_position};
use menagerie::variants::western::Western;
use menagerie::variants::{self, AnyGame};

pub fn western(name: &str) -> Western {
    match variants::game(name).expect("variant builds") {
        AnyGame::Western(w) => w,
        _ => panic!("{name} is not a Western game"),
    }
}

/// The position after playing `moves` from `fen`; the error names the move that failed.
pub fn play<G: Game>(game: &G, fen: &str, moves: &[&str]) -> Result<Position, String> {
    let mut pos = parse_position(game, fen).map_err(|e| e.to_string())?;
    for m in moves {
        let mv = parse_move(game, &mut pos, m).map_err(|e| e.to_string())?;
        game.make(&mut pos, mv);
    }
    Ok(pos)
}

pub fn fen_after<G: Game>(game: &G, fen: &str, moves: &[&str]) -> String {
    let pos = play(game, fen, moves).unwrap();
    write_position(game.variant(), &pos)
}

/// Legal move strings, sorted.
pub fn legal<G: Game>(game: &G, pos: &mut Position) -> Vec<String> {
    let mut list = MoveList::new();
    game.legal_moves(pos, &mut list);
    let mut out: Vec<String> = list.iter().map(|m| move_text(game.variant(), m)).collect();
    out.sort();
    out
}

/// Runs insta assertions with snapshots stored under the top-level `snapshots/` folder.
#[macro_export]
macro_rules! snap {
    ($name:expr, $value:expr) => {
        insta::with_settings!({snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"), prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!($name, $value);
        })
    };
}

/// The position after playing `moves` from `fen` in a Partonici game.
pub fn partonici_play(
    game: &menagerie::variants::partonici::Partonici,
    fen: &str,
    moves: &[&str],
) -> Position {
    let mut pos = parse_position(game, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for m in moves {
        let mv = parse_move(game, &mut pos, m).unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
        game.make(&mut pos, mv);
    }
    pos
}

pub fn partonici_fen_after(
    game: &menagerie::variants::partonici::Partonici,
    fen: &str,
    moves: &[&str],
) -> String {
    write_position(game.variant(), &partonici_play(game, fen, moves))
}

/// A Partonici game with the given rule options.
pub fn partonici_with(
    name: &str,
    options: &[(&str, &str)],
) -> menagerie::variants::partonici::Partonici {
    let mut values = menagerie::variants::OptionValues::default();
    for (option, value) in options {
        values.set(option, value).unwrap();
    }
    match variants::game_with(name, &values).unwrap() {
        AnyGame::Partonici(g) => g,
        _ => panic!("{name} is a Partonici game"),
    }
}

/// A Partonici game with default options.
pub fn partonici(name: &str) -> menagerie::variants::partonici::Partonici {
    partonici_with(name, &[])
}

/// Whether a test that needs outside programs must stop here: `missing` lists what is not
/// installed. Under CI (`CI` set to anything but `false`/`0`) a missing program fails the test,
/// because `.ci/run` installs everything and a skip would hide a broken install; locally the
/// test says SKIPPED and passes.
pub fn cannot_run(test: &str, missing: &[String]) -> bool {
    if missing.is_empty() {
        return false;
    }
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    assert!(
        !ci,
        "{test}: {missing:?} not installed, and CI is set (.ci/run installs them)"
    );
    eprintln!("SKIPPED {test}: {missing:?} not installed (.ci/run installs them)");
    true
}

/// The project's own folder of tools (the XBoard harness, peer variant files).
pub fn tools_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tools")
}

/// A program's path from PATH or /usr/games (where Debian puts engines and XBoard).
pub fn program(name: &str) -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([std::path::PathBuf::from("/usr/games")])
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The names in `names` that [`program`] cannot find.
pub fn not_installed(names: &[&str]) -> Vec<String> {
    names
        .iter()
        .filter(|n| program(n).is_none())
        .map(|n| n.to_string())
        .collect()
}

/// The next number of a xorshift sequence from `seed` (random test games need no better).
pub fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// The `menagerie` binary run with `args`: exit code, standard output, standard error.
pub fn menagerie(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
