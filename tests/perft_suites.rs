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

/// A wrong expectation must be reported as a failure (the suite runner can fail).
#[test]
fn wrong_count_fails() {
    let text =
        "# variant: chess\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ; D1 21\n";
    let (report, ok) = suite_command(text, None, CEILING).unwrap();
    assert!(!ok);
    assert!(report.contains("expected 21, got 20"), "{report}");
}

#[test]
fn patricia_start_and_test_positions() {
    check(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/patricia.perft"
    ));
}

#[test]
fn patricia_optional_rules() {
    for file in [
        "patricia_pawn_flips.perft",
        "patricia_free_face.perft",
        "patricia_king_stays.perft",
        "patricia_all_options.perft",
    ] {
        check(&format!(
            "{}/tests/perft/{file}",
            env!("CARGO_MANIFEST_DIR")
        ));
    }
}

/// `# option:` lines change the rules the suite is counted under.
#[test]
fn suite_option_lines_apply() {
    let text = "# variant: patricia\n# option: PatriciaKingStays=true\n\
                1bkb1/1p1p1/5/1P1P1/1BKB1[] w - - 0 1 ; D3 1135\n";
    let (report, ok) = suite_command(text, None, CEILING).unwrap();
    assert!(!ok);
    assert!(report.contains("expected 1135, got 1098"), "{report}");
    let bad = "# option: NoSuchOption=1\n";
    assert!(suite_command(bad, None, CEILING).is_err());
}

/// Partonici: every variant's start position, the worked examples of the rules and positions
/// from random play, counted by the independent model tests/scripts/partonici_model.py.
#[test]
fn partonici_suites() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("partonici_"))
        })
        .collect();
    files.sort();
    assert_eq!(files.len(), 12, "one suite per Partonici variant");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let (report, ok) = suite_command(&text, None, CEILING).unwrap();
        assert!(ok, "{}:\n{report}", path.display());
        assert!(report.contains(" passed, 0 failed, 0 skipped"), "{report}");
    }
}
