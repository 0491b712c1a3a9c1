//! `menagerie match` end to end: scripted fake engines (tests/data/fake_engine.sh) for every
//! way a game can end, and short real matches against the Debian peers when installed.

mod common;

use common::{cannot_run, not_installed, program, tools_dir};
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use menagerie::matches::config::{EngineSpec, MatchConfig, OpeningSource, SprtConfig, TimeControl};
use menagerie::matches::referee::{GameResult, Termination};
use menagerie::matches::{MatchReport, run_match};

const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fake_engine.sh");

fn fake(name: &str, proto: &str, moves: &str) -> EngineSpec {
    EngineSpec::parse(&format!(
        "name={name},cmd=sh {FAKE} {proto} '{moves}',proto={proto}"
    ))
    .unwrap()
}

fn config(variant: &str, a: EngineSpec, b: EngineSpec, games: usize, tc: &str) -> MatchConfig {
    MatchConfig {
        variant: variant.into(),
        engines: [a, b],
        games,
        tc: TimeControl::parse(tc).unwrap(),
        depth: None,
        nodes: None,
        concurrency: 1,
        openings: OpeningSource::Random { plies: 0, seed: 1 },
        pgn: None,
        max_plies: None,
        grace: Duration::ZERO,
        startup_timeout: Duration::from_secs(5),
        sprt: None,
    }
}

fn run(cfg: &MatchConfig) -> MatchReport {
    let report = run_match(cfg, &mut |g| println!("{}", g.line())).unwrap();
    print!("{}", report.summary());
    report
}

fn one(cfg: &MatchConfig) -> (GameResult, Termination, Vec<String>) {
    let r = run(cfg);
    assert_eq!(r.games.len(), 1);
    let p = &r.games[0].played;
    (p.result, p.termination.clone(), p.moves.clone())
}

#[test]
fn checkmate_is_refereed_and_written_to_pgn() {
    let pgn = std::env::temp_dir().join(format!("menagerie-test-{}.pgn", std::process::id()));
    let mut cfg = config(
        "chess",
        fake("W", "xboard", "f2f3 g2g4"),
        fake("B", "uci", "e7e5 d8h4"),
        1,
        "10+0",
    );
    cfg.pgn = Some(pgn.clone());
    let (result, term, moves) = one(&cfg);
    assert_eq!(result, GameResult::BlackWins);
    assert_eq!(
        term,
        Termination::Rules(menagerie::core::outcome::Reason::Checkmate)
    );
    assert_eq!(moves, ["f2f3", "e7e5", "g2g4", "d8h4"]);
    let text = std::fs::read_to_string(&pgn).unwrap();
    std::fs::remove_file(&pgn).ok();
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    assert!(
        text.contains("1. f3 e5 2. g4 Qh4# {Black wins by checkmate} 0-1"),
        "{text}"
    );
}

#[test]
fn each_engine_gets_its_own_node_limit() {
    // Both engines record what they are sent; `nodes=` in a spec overrides `--nodes`.
    let dir = std::env::temp_dir().join(format!("menagerie-nodes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let logged = |name: &str, moves: &str, extra: &str| {
        let log = dir.join(format!("{name}.log"));
        EngineSpec::parse(&format!(
            "name={name},cmd=sh -c 'tee -a {} | sh {FAKE} uci \"{moves}\"',proto=uci{extra}",
            log.display()
        ))
        .unwrap()
    };
    let mut cfg = config(
        "chess",
        logged("W", "f2f3 g2g4", ",nodes=700"),
        logged("B", "e7e5 d8h4", ""),
        1,
        "10+0",
    );
    cfg.nodes = Some(20000);
    let (result, _, _) = one(&cfg);
    assert_eq!(result, GameResult::BlackWins);
    let sent = |name: &str| std::fs::read_to_string(dir.join(format!("{name}.log"))).unwrap();
    let (w, b) = (sent("W"), sent("B"));
    std::fs::remove_dir_all(&dir).ok();
    // Every `go` an engine was sent ends with its limit, and it was sent at least one.
    let every_go_ends_with = |text: &str, tail: &str| {
        let mut gos = text.lines().filter(|l| l.starts_with("go ")).peekable();
        gos.peek().is_some() && gos.all(|g| g.ends_with(tail))
    };
    assert!(every_go_ends_with(&w, " nodes 700"), "{w}");
    assert!(every_go_ends_with(&b, " nodes 20000"), "{b}");
}

#[test]
fn wildebeest_moves_cross_the_xboard_edge() {
    // The XBoard fake speaks 0-based ranks and calls the wildebeest G: its `e1e3` is our e2e4.
    let mut w = fake("W", "xboard", "e1e3 RESIGN");
    w.letters = vec![('W', 'G')];
    let b = fake("B", "uci", "e9e7");
    let (result, term, moves) = one(&config("wildebeest", w, b, 1, "10+0"));
    assert_eq!(moves, ["e2e4", "e9e7"]);
    assert_eq!(result, GameResult::BlackWins);
    assert_eq!(term, Termination::Resign { side: 0 });
}

#[test]
fn illegal_move_loses() {
    let cfg = config(
        "chess",
        fake("W", "xboard", "e2e5"),
        fake("B", "uci", "e7e5"),
        1,
        "10+0",
    );
    let (result, term, _) = one(&cfg);
    assert_eq!(result, GameResult::BlackWins);
    assert_eq!(term, Termination::IllegalMove { side: 0 });
}

#[test]
fn silent_engine_loses_on_time_and_is_replaced() {
    let cfg = config(
        "chess",
        fake("Silent", "xboard", "SILENT"),
        fake("Mover", "uci", "e2e4 e7e5"),
        2,
        "0.3+0",
    );
    let t = Instant::now();
    let r = run(&cfg);
    assert!(t.elapsed() < Duration::from_secs(20));
    assert_eq!(r.games.len(), 2);
    for g in &r.games {
        let silent_side = if g.first_white { 0 } else { 1 };
        assert_eq!(
            g.played.termination,
            Termination::TimeForfeit { side: silent_side }
        );
    }
    assert_eq!(r.tally(0).time_losses, 2);
    assert_eq!((r.score.wins, r.score.losses), (0, 2));
}

#[test]
fn grace_saves_a_late_move_and_is_reported() {
    let mut cfg = config(
        "chess",
        fake("Slow", "uci", "SLOW:e2e4 g1f3"),
        fake("Quick", "xboard", "e7e5 RESIGN"),
        1,
        "0.2+0.1",
    );
    let (_, term, _) = one(&cfg);
    assert_eq!(term, Termination::TimeForfeit { side: 0 });
    cfg.grace = Duration::from_millis(600);
    let r = run(&cfg);
    assert_eq!(
        r.games[0].played.termination,
        Termination::Resign { side: 1 }
    );
    assert_eq!(r.tally(0).overruns, 1);
    assert!(
        r.summary()
            .contains("1 moves over the clock within the grace")
    );
}

#[test]
fn crash_is_a_loss_and_the_engine_is_restarted() {
    let cfg = config(
        "chess",
        fake("Crash", "xboard", "CRASH"),
        fake("Mover", "xboard", "e2e4 e7e5"),
        2,
        "5+0",
    );
    let r = run(&cfg);
    assert_eq!(r.games.len(), 2);
    assert_eq!(r.tally(0).crashes, 2);
    assert_eq!(r.score.losses, 2);
}

#[test]
fn refused_legal_move_is_a_rules_dispute_and_not_scored() {
    let cfg = config(
        "chess",
        fake("W", "uci", "e2e4"),
        fake("B", "xboard", "ILLEGAL"),
        1,
        "5+0",
    );
    let r = run(&cfg);
    let g = &r.games[0];
    assert_eq!(g.played.result, GameResult::Excluded);
    assert_eq!(g.played.termination, Termination::RulesDispute { side: 1 });
    assert_eq!(r.score.games(), 0);
    assert_eq!(r.excluded(), 1);
    assert!(
        g.line().contains(" * {rules dispute: Black refused"),
        "{}",
        g.line()
    );
}

#[test]
fn a_move_forbidden_only_by_a_rule_engines_differ_in_is_a_rules_dispute() {
    // The black rook on f8 guards f1, so our rules forbid White's castling e1g1; an engine with
    // laxer castling rules may play it. A king walking two ranks up is illegal everywhere.
    let file = opening_file(
        "rule-difference",
        "4kr2/8/8/8/8/8/8/4K2R w K - 0 1\n4k3/P7/8/8/8/8/8/4K3 w - - 0 1\n",
    );
    let ending = |white_move: &str, opening: usize| {
        let mut cfg = config(
            "chess",
            fake("W", "uci", white_move),
            fake("B", "uci", "e8d8"),
            1,
            "5+0",
        );
        let path = opening_file(&format!("rule-difference-{opening}"), "");
        let text = std::fs::read_to_string(&file).unwrap();
        std::fs::write(&path, text.lines().nth(opening).unwrap()).unwrap();
        cfg.openings = OpeningSource::File(path.clone());
        let r = run(&cfg);
        let _ = std::fs::remove_file(path);
        let g = &r.games[0];
        (g.played.result, g.played.termination.clone(), g.line())
    };
    let (result, term, line) = ending("e1g1", 0);
    assert_eq!(
        (result, term),
        (GameResult::Excluded, Termination::RulesDispute { side: 0 }),
        "{line}"
    );
    assert!(line.contains("our castling rules"), "{line}");
    // A promotion choice our rules lack (to a king) is a dispute about promotion.
    let (result, term, line) = ending("a7a8k", 1);
    assert_eq!(
        (result, term),
        (GameResult::Excluded, Termination::RulesDispute { side: 0 }),
        "{line}"
    );
    assert!(line.contains("our promotion rules"), "{line}");
    let (result, term, line) = ending("e1e3", 0);
    assert_eq!(
        (result, term),
        (GameResult::BlackWins, Termination::IllegalMove { side: 0 }),
        "{line}"
    );
    let _ = std::fs::remove_file(file);
}

#[test]
fn claims_resignations_and_no_move_answers() {
    let claim = config(
        "chess",
        fake("W", "xboard", "CLAIM"),
        fake("B", "uci", "e7e5"),
        1,
        "5+0",
    );
    let (result, term, _) = one(&claim);
    assert_eq!(result, GameResult::Excluded);
    assert_eq!(term, Termination::ClaimDispute { side: 0 });
    let draw = config(
        "chess",
        fake("W", "xboard", "DRAW"),
        fake("B", "uci", "e7e5"),
        1,
        "5+0",
    );
    assert_eq!(one(&draw).1, Termination::ClaimDispute { side: 0 });
    let none = config(
        "chess",
        fake("W", "uci", "NONE"),
        fake("B", "uci", "e7e5"),
        1,
        "5+0",
    );
    assert_eq!(one(&none).1, Termination::ClaimDispute { side: 0 });
    let resign = config(
        "chess",
        fake("W", "uci", "e2e4"),
        fake("B", "xboard", "RESIGN"),
        1,
        "5+0",
    );
    let (result, term, _) = one(&resign);
    assert_eq!(result, GameResult::WhiteWins);
    assert_eq!(term, Termination::Resign { side: 1 });
}

#[test]
fn draw_claim_before_a_repeating_move_is_upheld() {
    // After Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, Black's Ng8 would repeat the start a third time.
    let cfg = config(
        "chess",
        fake("W", "uci", "g1f3 f3g1 g1f3 f3g1"),
        fake("B", "xboard", "g8f6 f6g8 g8f6 DRAW"),
        1,
        "5+0",
    );
    let (result, term, moves) = one(&cfg);
    assert_eq!(moves.len(), 7);
    assert_eq!(result, GameResult::Draw);
    assert_eq!(term, Termination::DrawClaim { side: 1 });
}

#[test]
fn repetition_and_ply_limit_are_adjudicated() {
    let cfg = config(
        "chess",
        fake("W", "uci", "g1f3 f3g1 g1f3 f3g1"),
        fake("B", "xboard", "g8f6 f6g8 g8f6 f6g8"),
        1,
        "5+0",
    );
    let (result, term, moves) = one(&cfg);
    assert_eq!(moves.len(), 8);
    assert_eq!(result, GameResult::Draw);
    assert_eq!(
        term,
        Termination::Rules(menagerie::core::outcome::Reason::Repetition)
    );
    let mut cfg = cfg;
    cfg.max_plies = Some(3);
    let (result, term, moves) = one(&cfg);
    assert_eq!(
        (result, term, moves.len()),
        (GameResult::Draw, Termination::MaxPlies, 3)
    );
}

#[test]
fn sprt_decision_stops_the_match() {
    // A loses as White (fool's mate) and wins as Black (B's scripted White move is illegal):
    // an even score, far below H0 = +200 Elo, so H0 is accepted long before game 60.
    let mut cfg = config(
        "chess",
        fake("A", "xboard", "f2f3 g2g4"),
        fake("B", "uci", "e7e5 d8h4"),
        60,
        "5+0",
    );
    cfg.sprt = Some(SprtConfig::parse("elo0=200,elo1=400").unwrap());
    let r = run(&cfg);
    assert!(r.games.len() < 30, "{}", r.summary());
    // The game in flight when the decision falls is still played and counted.
    assert!(
        r.score.wins.abs_diff(r.score.losses) <= 1,
        "{}",
        r.summary()
    );
    assert!(
        r.stopped.as_deref().unwrap_or("").contains("H0"),
        "{:?}",
        r.stopped
    );
    assert!(r.summary().contains("H0 accepted"), "{}", r.summary());
}

#[test]
fn an_engine_that_cannot_start_stops_the_match() {
    let bad = EngineSpec::parse("name=Nope,cmd=/nonexistent/engine").unwrap();
    let cfg = config("chess", bad, fake("B", "uci", "e7e5"), 2, "5+0");
    let err = run_match(&cfg, &mut |_| {}).unwrap_err();
    assert!(err.0.contains("Nope could not be started"), "{err}");
}

#[test]
fn cli_prints_game_lines_and_summary() {
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args([
            "match",
            "--engine",
            &format!("name=W,cmd=sh {FAKE} xboard 'f2f3 g2g4',proto=xboard"),
            "--engine",
            &format!("name=B,cmd=sh {FAKE} uci 'e7e5 d8h4',proto=uci"),
            "--games",
            "1",
            "--random-plies",
            "0",
            "--tc",
            "5+0.1",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.starts_with("game 1: W - B 0-1 {Black wins by checkmate}\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Score of W vs B: 0 - 1 - 0 (W-L-D) [0.000]"),
        "{stdout}"
    );
    let bad = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args([
            "match", "--engine", "cmd=x", "--engine", "cmd=y", "--tc", "fast",
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    // A node limit for an XBoard engine is refused before anything starts.
    let xboard_nodes = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args([
            "match",
            "--engine",
            "name=X,cmd=x,proto=xboard,nodes=500",
            "--engine",
            "cmd=y",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&xboard_nodes.stderr);
    assert_eq!(xboard_nodes.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("X: nodes= needs a UCI engine"), "{stderr}");
}

/// The peer engines' paths, or None (after [`cannot_run`]'s verdict) when one is missing.
fn peers(test: &str, names: &[&str]) -> Option<Vec<PathBuf>> {
    if cannot_run(test, &not_installed(names)) {
        return None;
    }
    names.iter().map(|n| program(n)).collect()
}

fn assert_clean(r: &MatchReport, games: usize) {
    assert_eq!(r.games.len(), games, "{}", r.summary());
    for e in 0..2 {
        let t = r.tally(e);
        assert_eq!((t.crashes, t.illegal_moves), (0, 0), "{}", r.summary());
    }
}

#[test]
fn peers_sjaak_against_fairy_max_in_chess() {
    let Some(p) = peers("sjaak vs fairy-max chess", &["sjaakii", "fairymax"]) else {
        return;
    };
    let s = EngineSpec::parse(&format!("name=Sjaak,cmd={},proto=xboard", p[0].display())).unwrap();
    let f = EngineSpec::parse(&format!(
        "name=Fairy-Max,cmd={},proto=xboard",
        p[1].display()
    ))
    .unwrap();
    let mut cfg = config("chess", s, f, 2, "2+0.02");
    cfg.openings = OpeningSource::Random { plies: 4, seed: 7 };
    assert_clean(&run(&cfg), 2);
}

#[test]
fn peers_sjaak_against_fairy_max_in_almost_wildebeest() {
    let Some(p) = peers(
        "sjaak vs fairy-max almost-wildebeest",
        &["sjaakii", "fairymax"],
    ) else {
        return;
    };
    let rules = tools_dir().join("peers/sjaak_almost_wildebeest.txt");
    let rules = rules.display();
    let s = EngineSpec::parse(&format!(
        "name=Sjaak,cmd={} {rules},proto=xboard,letters=W:G",
        p[0].display()
    ))
    .unwrap();
    let f = EngineSpec::parse(&format!(
        "name=Fairy-Max,cmd={},proto=xboard,letters=W:G",
        p[1].display()
    ))
    .unwrap();
    let mut cfg = config("almost-wildebeest", s, f, 2, "2+0.02");
    cfg.openings = OpeningSource::Random { plies: 4, seed: 7 };
    assert_clean(&run(&cfg), 2);
}

#[test]
fn peers_fairy_stockfish_over_uci() {
    let Some(p) = peers("fairy-stockfish over uci", &["fairy-stockfish"]) else {
        return;
    };
    let a = EngineSpec::parse(&format!("name=FS-a,cmd={},option.Hash=8", p[0].display())).unwrap();
    let b = EngineSpec::parse(&format!("name=FS-b,cmd={}", p[0].display())).unwrap();
    let mut cfg = config("chess", a, b, 2, "1+0.01");
    cfg.openings = OpeningSource::Random { plies: 4, seed: 7 };
    cfg.concurrency = 2;
    assert_clean(&run(&cfg), 2);
}

/// The first `n` fields of a position string.
fn fields(position: &str, n: usize) -> String {
    position
        .split_whitespace()
        .take(n)
        .collect::<Vec<_>>()
        .join(" ")
}

/// An opening file in the temporary directory, unique per test.
fn opening_file(test: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "menagerie-openings-{test}-{}.txt",
        std::process::id()
    ));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn set_up_openings_reach_uci_and_xboard_engines() {
    // Black to move, no castling rights: both engines must start from this position, or their
    // first answers (Black's moves) would be illegal for the referee.
    let start = "r3k2r/ppp2ppp/2n5/3pp3/3PP3/2N5/PPP2PPP/R3K2R b - - 0 9";
    let file = opening_file(
        "setup",
        &format!(
            "{start}\n{start} moves c6d4\n# an EPD line\n{} bm e5d4;\n",
            fields(start, 4)
        ),
    );
    let engine = env!("CARGO_BIN_EXE_menagerie");
    let uci = EngineSpec::parse(&format!("name=U,cmd={engine}")).unwrap();
    let xboard = EngineSpec::parse(&format!("name=X,cmd={engine},proto=xboard")).unwrap();
    let mut cfg = config("chess", uci, xboard, 6, "2+0.02");
    cfg.depth = Some(2);
    cfg.max_plies = Some(20);
    cfg.openings = OpeningSource::File(file.clone());
    let r = run(&cfg);
    assert_clean(&r, 6);
    for g in &r.games {
        let played_start = g.played.start.as_deref().unwrap_or("none");
        assert_eq!(fields(played_start, 4), fields(start, 4), "{}", g.line());
        assert!(g.played.moves.len() > g.opening_plies, "{}", g.line());
    }
    assert_eq!(r.games[2].played.moves[0], "c6d4");
    let _ = std::fs::remove_file(file);
}

#[test]
fn set_up_openings_need_setboard_from_xboard_engines() {
    let file = opening_file("nosetboard", "4k3/8/8/8/8/8/8/4K2R w K - 0 1\n");
    let mut cfg = config(
        "chess",
        fake("W", "xboard", "h1h8"),
        fake("B", "uci", "e8d7"),
        2,
        "5+0",
    );
    cfg.openings = OpeningSource::File(file.clone());
    let err = run_match(&cfg, &mut |_| {}).unwrap_err();
    assert!(
        err.0.contains("W cannot start from a set-up position"),
        "{err}"
    );
    let _ = std::fs::remove_file(file);
}

#[test]
fn engine_options_are_sent_before_the_variant_list_is_checked() {
    let with = |options: &str| {
        EngineSpec::parse(&format!(
            "name=L,cmd=sh {FAKE} uci 'e2e3',proto=uci,variant=loaded{options}"
        ))
        .unwrap()
    };
    let mut cfg = config(
        "wildebeest",
        with(",option.VariantPath=/some/file.ini"),
        fake("B", "uci", "e9e8"),
        1,
        "5+0",
    );
    cfg.max_plies = Some(2);
    let report = run(&cfg);
    assert_eq!(report.games.len(), 1);
    cfg.engines[0] = with("");
    let err = run_match(&cfg, &mut |_| {}).unwrap_err();
    assert!(
        err.0.contains("does not offer UCI_Variant 'loaded'"),
        "{err}"
    );
}

#[test]
fn the_shipped_wildebeest_openings_start_without_castling_rights() {
    let game = menagerie::variants::game("wildebeest").unwrap();
    for (file, lines) in [
        ("wildebeest_no_castling.txt", 30),
        ("wildebeest_no_castling_200.txt", 200),
    ] {
        let path = tools_dir().join("openings").join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let openings = menagerie::with_game!(&game, g => {
            menagerie::matches::openings::read_openings(g, &text)
        })
        .unwrap();
        assert_eq!(openings.len(), lines, "{file}");
        let mut distinct = std::collections::HashSet::new();
        for o in &openings {
            let start = o.start.as_deref().expect("a set-up start");
            assert_eq!(start.split(' ').nth(2), Some("-"), "{file}: {start}");
            assert_eq!(o.moves.len(), 6, "{file}");
            distinct.insert(&o.moves);
        }
        // Repeated lines would replay the same games at fixed nodes.
        assert_eq!(distinct.len(), lines, "{file}: repeated lines");
    }
}
