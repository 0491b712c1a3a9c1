//! Games from variant files in Fairy-Stockfish's format: perft against Fairy-Stockfish's
//! counts (tests/perft/fairy_stockfish, written by tools/variant_files/fs_perft_suite.py),
//! a user's file through every entry point (CLI, UCI, XBoard), and bad files.

use std::io::Write;
use std::process::{Command, Stdio};

use menagerie::cli::suite_command;

mod common;
use common::menagerie;

const CEILING: u64 = 200_000;

fn data(name: &str) -> String {
    format!("{}/tests/variant_files/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The protocol loop fed `input`; its standard output.
fn protocol(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Every built-in game of `builtin.ini` that Menagerie plays agrees with Fairy-Stockfish
/// from its start and from random positions.
#[test]
fn built_in_file_games_count_as_fairy_stockfish() {
    let dir = format!("{}/tests/perft/fairy_stockfish", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 18, "{files:?}");
    let mut checked = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let (report, ok) = suite_command(&text, None, CEILING).unwrap();
        assert!(ok, "{}:\n{report}", path.display());
        checked += report.lines().filter(|l| l.starts_with("ok")).count();
    }
    assert!(checked >= 300, "{checked} counts checked");
}

/// Every playable game of `builtin.ini` has its suite, so none goes unchecked.
#[test]
fn every_playable_file_game_has_a_suite() {
    for d in menagerie::variants::ini::built_in() {
        if d.playable.is_err() || d.name == "chess" {
            continue;
        }
        let path = format!(
            "{}/tests/perft/fairy_stockfish/{}.perft",
            env!("CARGO_MANIFEST_DIR"),
            d.name
        );
        assert!(
            std::path::Path::new(&path).exists(),
            "no suite for {}",
            d.name
        );
    }
}

#[test]
fn chess_from_a_file_counts_as_compiled_chess() {
    let file = data("chess.ini");
    let (code, out, err) = menagerie(&[
        "--variant-file",
        &file,
        "perft",
        "--variant",
        "filechess",
        "--depth",
        "4",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Nodes searched: 197281"), "{out}");
    let (code, out, _) = menagerie(&[
        "--variant-file",
        &file,
        "perft",
        "--variant",
        "filechess",
        "--fen",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "--depth",
        "3",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("Nodes searched: 97862"), "{out}");
}

#[test]
fn a_users_file_on_the_command_line() {
    let file = data("user.ini");
    let (code, out, err) = menagerie(&["variants", "check", &file]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("[capa-h:capablanca] playable"), "{out}");
    assert!(out.contains("[tenbyten] playable: 10x10 board"), "{out}");
    assert!(out.contains("line 28: pieceDrops = true"), "{out}");
    assert!(
        out.contains("user.ini:40: warning: unknown key 'someFutureKey'"),
        "{out}"
    );
    // Inherited castling and the renamed piece: the same tree as Capablanca chess.
    let (code, out, _) = menagerie(&[
        "--variant-file",
        &file,
        "perft",
        "--variant",
        "capa-h",
        "--depth",
        "3",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("Nodes searched: 25228"), "{out}");
    // The replaced gardner: no queen among the promotions (b5 is the pawn's last step).
    let (code, out, err) = menagerie(&[
        "--variant-file",
        &file,
        "perft",
        "--variant",
        "gardner",
        "--fen",
        "4k/1P3/5/5/K4 w - - 0 1",
        "--depth",
        "1",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Nodes searched: 6"),
        "3 promotions and 3 king moves: {out}"
    );
    assert!(err.contains("replaces the built-in game"), "{err}");
    // A refused section says why and which line.
    let (code, _, err) = menagerie(&[
        "--variant-file",
        &file,
        "perft",
        "--variant",
        "tenbyten-drops",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("line 28: pieceDrops = true"), "{err}");
}

#[test]
fn bad_files_name_file_line_and_key() {
    let file = data("broken.ini");
    let (code, out, _) = menagerie(&["variants", "check", &file]);
    assert_eq!(code, 1, "{out}");
    for expected in [
        "broken.ini:4: error: [orphan:nosuchparent]: unknown parent 'nosuchparent'",
        "broken.ini:8: error: doubleStep: 'perhaps' is not true or false",
        "broken.ini:11: error: maxRank: '40'",
        "archbishop: the letter 'n' names two piece types",
        "line 22: startFen = ",
        "White has 0 kings",
        "broken.ini:24: error: [b:a]: unknown parent 'a'",
        "broken.ini:25: error: [a:b]: unknown parent 'b'",
        "broken.ini:27: error: invalid syntax",
        "broken.ini:28: error: section head '[unclosed' lacks its ']'",
        "[ok:chess] playable",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in\n{out}");
    }
    let (code, _, err) = menagerie(&["variants", "check", "/no/such/file.ini"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read variant file"), "{err}");
}

#[test]
fn uci_variant_path_and_names() {
    let out = protocol("uci\nquit\n");
    let list = out
        .lines()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .unwrap();
    for name in [
        "capablanca",
        "gothic",
        "janus",
        "embassy",
        "gardner",
        "losalamos",
        "amazon",
    ] {
        assert!(list.contains(&format!(" var {name}")), "{list}");
    }
    assert!(
        !list.contains(" var crazyhouse"),
        "refused games are not offered: {list}"
    );
    assert!(out.contains("option name VariantPath type string"), "{out}");
    let file = data("user.ini");
    let out = protocol(&format!(
        "uci\nsetoption name VariantPath value {file}\nuci\nsetoption name UCI_Variant value tenbyten\nposition startpos moves e2e4\ngo depth 3\nquit\n"
    ));
    assert!(out.contains("info string VariantPath:"), "{out}");
    let lists: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("option name UCI_Variant"))
        .collect();
    assert!(
        !lists[0].contains("tenbyten") && lists[1].contains(" var tenbyten"),
        "{lists:?}"
    );
    assert!(
        out.contains("info string variant tenbyten files 10 ranks 10"),
        "{out}"
    );
    assert!(out.contains("bestmove "), "{out}");
    let not_ini = data("chess.ini").replace("tests/variant_files/chess.ini", "LICENSE-MIT");
    let out = protocol(&format!(
        "uci\nsetoption name VariantPath value {not_ini}\nisready\nquit\n"
    ));
    assert!(
        out.contains("no section ([name] or [name:parent])"),
        "{out}"
    );
    let out = protocol("uci\nsetoption name VariantPath value /no/such.ini\nisready\nquit\n");
    assert!(out.contains("cannot read variant file"), "{out}");
    assert!(out.contains("readyok"), "{out}");
}

#[test]
fn xboard_lists_file_games_and_sets_them_up() {
    let out = protocol("xboard\nprotover 2\nvariant embassy\nping 1\nquit\n");
    let features = out.lines().find(|l| l.contains("variants=")).unwrap();
    assert!(
        features.contains("capablanca") && features.contains("embassy"),
        "{features}"
    );
    assert!(
        out.contains(
            "setup (PNBRQ..AC............Kpnbrq..ac............k) 10x8+0_fairy rnbqkcabnr/"
        ),
        "{out}"
    );
    assert!(
        out.contains("piece A& BN") && out.contains("piece C& RN"),
        "{out}"
    );
    let out = protocol(
        "xboard\nprotover 2\nnew\nvariant capablanca\nforce\nusermove e2e4\nusermove f7f5\nusermove h1i3\nping 2\nquit\n",
    );
    assert!(!out.contains("setup"), "XBoard knows capablanca: {out}");
    assert!(!out.contains("Illegal") && !out.contains("Error"), "{out}");
    assert!(out.contains("pong 2"), "{out}");
}
