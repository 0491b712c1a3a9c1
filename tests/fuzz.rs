//! Property tests over mutated inputs, in the normal test run: every parser and both protocol
//! loops (src/fuzz). Each target runs a few thousand inputs from a fixed seed, so a failure
//! reproduces; the long mode runs millions by hand (`menagerie fuzz`, docs/testing.md).
//! The properties: no panic; a rejected input leaves the state unchanged; an accepted position
//! or opening file writes back to a string that reads back to the same thing (and a valid
//! position string writes back to itself); an accepted move is legal and reads back the same.

use menagerie::fuzz::{Target, parsers, run};

fn check(target: Target, execs: u64) {
    let corpus = parsers::corpus();
    assert!(
        corpus.len() >= 30,
        "every playable variant is in the corpus"
    );
    let report = run(target, execs, 20261124, &corpus, 1);
    eprintln!("{}", report.line());
    assert_eq!(report.failure, None, "{}", report.line());
    assert_eq!(report.execs, execs);
    // The mutations must reach both sides of the parser, or the test proves little.
    assert!(report.accepted > 0, "nothing accepted: {}", report.line());
    assert!(
        report.accepted < execs || matches!(target, Target::Uci | Target::XBoard),
        "nothing rejected: {}",
        report.line()
    );
}

#[test]
fn position_strings() {
    check(Target::Position, 30_000);
}

#[test]
fn move_strings() {
    check(Target::Move, 20_000);
}

#[test]
fn opening_files() {
    check(Target::Openings, 5_000);
}

#[test]
fn match_settings() {
    check(Target::MatchSettings, 30_000);
}

#[test]
fn uci_loop() {
    check(Target::Uci, 1_500);
}

#[test]
fn xboard_loop() {
    check(Target::XBoard, 3_000);
}

#[test]
fn variant_files() {
    check(Target::VariantFile, 2_000);
}
