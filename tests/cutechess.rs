//! Menagerie inside cutechess-cli, the match tool our users name: short matches in the
//! cutechess variants Menagerie knows, over UCI and over CECP, against itself and against
//! Fairy-Stockfish, with no result error, illegal move, stall or disconnect.
//!
//! cutechess-cli is not packaged anywhere: `.ci/run` builds it from its sources when they are
//! at hand and exports `CUTECHESS`; otherwise the tests say SKIPPED. Found as `$CUTECHESS`,
//! on PATH, or in ~/.cache/menagerie-peers.

mod common;

use std::path::PathBuf;
use std::process::Command;

fn cutechess() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CUTECHESS").map(PathBuf::from)
        && p.is_file()
    {
        return Some(p);
    }
    common::program("cutechess-cli").or_else(|| {
        let home = std::env::var_os("HOME")?;
        let p = PathBuf::from(home).join(".cache/menagerie-peers/cutechess-cli");
        p.is_file().then_some(p)
    })
}

/// Plays `games` games of `variant` between the two engine specs; returns cutechess's output.
fn play(cc: &PathBuf, variant: &str, first: &[String], second: &[String], games: u32) -> String {
    let mut cmd = Command::new(cc);
    cmd.arg("-engine").args(first).arg("-engine").args(second);
    cmd.args(["-variant", variant, "-each", "tc=1+0.05", "-games"])
        .arg(games.to_string())
        .args(["-concurrency", "1", "-recover"]);
    let out = cmd.output().expect("cutechess-cli runs");
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

fn menagerie(proto: &str, name: &str) -> Vec<String> {
    vec![
        format!("cmd={}", env!("CARGO_BIN_EXE_menagerie")),
        format!("proto={proto}"),
        format!("name={name}"),
    ]
}

/// Every game finished with a result and none by a fault.
fn check(variant: &str, out: &str, games: usize) {
    let finished: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("Finished game"))
        .collect();
    assert_eq!(finished.len(), games, "{variant}:\n{out}");
    for bad in [
        "Result error",
        "illegal",
        "Illegal",
        "disconnects",
        "stalls",
        "crash",
        "Unknown variant",
        "not supported",
    ] {
        assert!(!out.contains(bad), "{variant}: '{bad}' in\n{out}");
    }
    for line in finished {
        assert!(
            ["1-0", "0-1", "1/2-1/2"]
                .iter()
                .any(|r| line.contains(&format!("): {r} {{"))),
            "{variant}: {line}"
        );
    }
}

#[test]
fn cutechess_plays_menagerie_over_uci_against_cecp() {
    let Some(cc) = cutechess() else {
        eprintln!("SKIPPED cutechess tests: no cutechess-cli found or built (.ci/run builds it)");
        return;
    };
    for variant in [
        "capablanca",
        "janus",
        "embassy",
        "knightmate",
        "losalamos",
        "amazon",
    ] {
        let out = play(
            &cc,
            variant,
            &menagerie("uci", "uci"),
            &menagerie("xboard", "cecp"),
            2,
        );
        check(variant, &out, 2);
    }
}

#[test]
fn cutechess_plays_menagerie_against_fairy_stockfish() {
    let Some(cc) = cutechess() else {
        eprintln!("SKIPPED cutechess tests: no cutechess-cli found or built (.ci/run builds it)");
        return;
    };
    let missing = common::not_installed(&["fairy-stockfish"]);
    if common::cannot_run(
        "cutechess_plays_menagerie_against_fairy_stockfish",
        &missing,
    ) {
        return;
    }
    let fs = common::program("fairy-stockfish").unwrap();
    let peer = vec![
        format!("cmd={}", fs.display()),
        "proto=uci".to_string(),
        "name=fairy-stockfish".to_string(),
    ];
    for variant in ["capablanca", "gothic", "chancellor"] {
        let out = play(&cc, variant, &menagerie("uci", "menagerie"), &peer, 2);
        check(variant, &out, 2);
    }
}
