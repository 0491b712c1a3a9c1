//! Party Chess perft: counts of complete plays from tests/perft/party_*.perft, whose numbers
//! come from the independent model tools/party_model.py (see each file's header). In a debug
//! build every atom of every perft node is made and unmade and checked: the position string
//! and the hash come back exactly, the incremental hash equals a fresh one, and at the last
//! level the walked count equals the fast count (`count_plays`).

mod party_support;

use menagerie::cli::{perft_command_with, suite_command};
use menagerie::core::multi::MultiNotation;
use menagerie::perft::multi::{perft, perft_verified};
use menagerie::variants::party::Party;

/// The largest count checked in the normal test run; deeper counts by hand in a release build
/// (`menagerie perft --suite tests/perft/party_positions.perft`).
const CEILING: u64 = 200_000;

fn check(path: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    let (report, ok) = suite_command(&text, None, CEILING).unwrap();
    assert!(ok, "{path}:\n{report}");
    assert!(
        report.lines().filter(|l| l.starts_with("ok")).count() >= 10,
        "{report}"
    );
}

#[test]
fn random_set_ups_match_the_model() {
    check(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/party_positions.perft"
    ));
}

#[test]
fn set_ups_with_reserves_match_the_model() {
    check(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/party_reserves.perft"
    ));
}

#[test]
fn start_position_perft_1() {
    // 6 units x 400 squares, pass, surrender (the model gives 2402 too).
    let game = Party::standard();
    let mut pos = game.start_position();
    assert_eq!(perft_verified(&game, &mut pos, 1), 2402);
}

#[test]
fn divide_lines_follow_the_notation_contract() {
    let out = perft_command_with(
        "party",
        &[],
        Some("20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:P:3:0:-/b:K:3:0:- 0 1"),
        &[],
        1,
        true,
    )
    .unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "P@a1: 1");
    assert_eq!(lines[lines.len() - 3], "surrender: 1");
    assert_eq!(lines[lines.len() - 2], "");
    assert_eq!(lines[lines.len() - 1], "Nodes searched: 146");
}

#[test]
fn perft_two_of_a_small_position_is_verified() {
    let game = Party::standard();
    let mut pos = party_support::read(&party_support::fen(
        &[("j10", "Ka"), ("c3", "Ra"), ("t20", "Kb"), ("s18", "Gb")],
        "ab",
        "a:-:1:0:-/b:-:1:0:-",
    ));
    let fast = perft(&game, &mut pos, 2);
    assert_eq!(perft_verified(&game, &mut pos, 2), fast);
}
