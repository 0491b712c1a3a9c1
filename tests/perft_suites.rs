//! Perft suites from data files with provenance (tests/perft/*.perft). In a debug build every
//! node is verified (make+unmake restores the position string and hash; the incremental hash
//! equals a fresh one). Counts above the ceiling are for hand runs in release builds.

use menagerie::cli::suite_command;

/// The largest count checked here; deeper counts: `menagerie perft --suite FILE`.
const CEILING: u64 = 1_000_000;

fn check(path: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    let (report, ok) = suite_command(&text, None, CEILING).unwrap();
    assert!(ok, "{path}:\n{report}");
    assert!(!report.contains("FAIL"));
    assert!(
        report.lines().filter(|l| l.starts_with("ok")).count() >= 3,
        "{report}"
    );
}

#[test]
fn chess_published_positions() {
    check(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/chess.perft"
    ));
}

#[test]
fn wildebeest_start_position() {
    check(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/wildebeest_start.perft"
    ));
}

#[test]
fn wildebeest_random_positions() {
    check(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/wildebeest_random.perft"
    ));
}

/// The shared reference file itself, when it is beside the project (as in CI).
#[test]
fn wildebeest_shared_reference_file() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/wildebeest_perft.epd"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipped: {path} not present");
        return;
    };
    let (report, ok) = suite_command(&text, Some("wildebeest"), CEILING).unwrap();
    assert!(ok, "{report}");
    assert!(report.contains("60 passed, 0 failed"), "{report}");
}

/// A wrong expectation must be reported as a failure (the suite runner can fail).
#[test]
fn wrong_count_fails() {
    let text =
        "# variant: chess\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ; D1 21\n";
    let (report, ok) = suite_command(text, None, CEILING).unwrap();
    assert!(!ok);
    assert!(report.contains("expected 21, got 20"), "{report}");
}
