//! The `menagerie` binary as people and scripts run it.

mod common;
use common::menagerie;

#[test]
fn perft_divide_format() {
    let (code, out, _) = menagerie(&[
        "perft",
        "--variant",
        "wildebeest",
        "--depth",
        "2",
        "--divide",
    ]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 45 + 2);
    assert!(lines.contains(&"a2a5: 45"), "{out}");
    assert_eq!(lines[45], "");
    assert_eq!(lines[46], "Nodes searched: 2025");
}

#[test]
fn perft_after_moves() {
    let (code, out, _) = menagerie(&[
        "perft",
        "--variant",
        "chess",
        "--moves",
        "e2e4",
        "e7e5",
        "--depth",
        "1",
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Nodes searched: 29\n"), "{out}");
}

#[test]
fn suite_reports_and_exit_code() {
    let dir = std::env::temp_dir().join(format!("menagerie-suite-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.perft");
    std::fs::write(
        &good,
        "# variant: chess\n8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ; D1 14 ; D2 191\n",
    )
    .unwrap();
    let (code, out, _) = menagerie(&["perft", "--suite", good.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.ends_with("2 passed, 0 failed, 0 skipped\n"), "{out}");
    let bad = dir.join("bad.perft");
    std::fs::write(&bad, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ; D1 15\n").unwrap();
    let (code, out, _) = menagerie(&["perft", "--suite", bad.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("expected 15, got 14"), "{out}");
}

#[test]
fn errors_go_to_stderr_with_exit_code_2() {
    for args in [
        vec!["perft", "--variant", "nosuch"],
        vec!["perft", "--variant", "chess", "--fen", "8/8 w - - 0 1"],
        vec!["perft", "--variant", "chess", "--moves", "e2e5"],
        vec!["perft", "--variant", "chess", "--depth", "99"],
        vec!["show", "--variant", "party", "--option", "PartyPlayers=9"],
        vec![
            "show",
            "--variant",
            "party",
            "--option",
            "PartyArmies=RRRRR",
        ],
        vec!["perft", "--variant", "party", "--moves", "K@u1"],
        vec!["perft", "--suite", "/nonexistent/file"],
    ] {
        let (code, out, err) = menagerie(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
}

#[test]
fn show_and_variants() {
    let (code, out, _) = menagerie(&["show", "--variant", "wildebeest"]);
    assert_eq!(code, 0);
    assert!(out.ends_with(&format!(
        "Fen: {}\n",
        menagerie::variants::wildebeest::START
    )));
    let (code, out, _) = menagerie(&["variants"]);
    assert_eq!(code, 0);
    assert!(
        out.lines()
            .any(|l| l.starts_with("wildebeest") && l.ends_with("playable"))
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("sphinx ") && l.ends_with("playable"))
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("party ") && l.ends_with("playable"))
    );
    // The compiled games, then the games of builtin.ini that are not compiled ones.
    let from_file = menagerie::variants::ini::built_in()
        .iter()
        .filter(|d| d.name != "chess")
        .count();
    assert_eq!(
        out.lines().count(),
        menagerie::variants::VARIANTS.len() + from_file
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("capablanca ") && l.ends_with("playable"))
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("crazyhouse ") && l.contains("needs pieceDrops"))
    );
    let (code, out, _) = menagerie(&["variants", "check"]);
    assert_eq!(code, 0);
    let playable = menagerie::variants::VARIANTS
        .iter()
        .filter(|v| v.status == menagerie::variants::Status::Playable)
        .count();
    assert!(
        out.starts_with(&format!("{playable} variants checked")),
        "{out}"
    );
}

#[test]
fn bench_node_total_is_a_deterministic_signature() {
    let total = |out: &str| {
        out.lines()
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string()
    };
    // The search bench: fixed depths, one thread, fresh tables: the same count every run.
    let (code, first, _) = menagerie(&["bench"]);
    assert_eq!(code, 0);
    let (_, second, _) = menagerie(&["bench"]);
    assert_eq!(total(&first), total(&second));
    assert!(total(&first).parse::<u64>().unwrap() > 100_000, "{first}");
    // The perft bench positions are suite positions, so its total is known: 4865609 +
    // 4085603 + 4519903 + 155883.
    let (code, perft, _) = menagerie(&["bench", "--perft"]);
    assert_eq!(code, 0);
    assert_eq!(total(&perft), "13626998");
}

/// `match --watch` shows two-engine matches; asked for a game of several players it says so and
/// what to do instead, before starting any engine or server.
#[test]
fn watching_a_party_match_is_refused_with_the_reason() {
    let (code, out, err) = menagerie(&[
        "match",
        "--variant",
        "party",
        "--watch",
        "0",
        "--engine",
        "cmd=a",
        "--engine",
        "cmd=b",
        "--engine",
        "cmd=c",
    ]);
    assert_ne!(code, 0, "{out}");
    assert!(
        err.contains("--watch shows matches of two engines"),
        "{err}"
    );
    assert!(!out.contains("http://"), "no server was started: {out}");
}
