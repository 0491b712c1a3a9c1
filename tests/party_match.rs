//! `menagerie match` with more than two engines (Party Chess): scripted fake engines
//! (tests/data/fake_engine.sh) for each fault the referee must handle, a whole hand between
//! real engines (the baseline players) with its record read back by `menagerie replay`.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use menagerie::matches::config::{EngineSpec, TimeControl};
use menagerie::matches::multi::{MultiMatchConfig, MultiMatchReport, run_multi_match};

const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fake_engine.sh");
const MENAGERIE: &str = env!("CARGO_BIN_EXE_menagerie");

fn fake(name: &str, plays: &str) -> EngineSpec {
    EngineSpec::parse(&format!(
        "name={name},cmd=sh {FAKE} uci '{plays}',proto=uci"
    ))
    .unwrap()
}

fn baseline(name: &str, search: &str) -> EngineSpec {
    EngineSpec::parse(&format!(
        "name={name},cmd={MENAGERIE},proto=uci,option.PartySearch={search}"
    ))
    .unwrap()
}

fn config(engines: Vec<EngineSpec>, hands: usize, tc: &str) -> MultiMatchConfig {
    MultiMatchConfig {
        variant: "party".into(),
        engines,
        hands,
        tc: TimeControl::parse(tc).unwrap(),
        depth: None,
        nodes: None,
        concurrency: 1,
        random_plies: 0,
        seed: 1,
        record: None,
        options: Vec::new(),
        grace: Duration::ZERO,
        startup_timeout: Duration::from_secs(10),
        max_turns: None,
    }
}

fn run(cfg: &MultiMatchConfig) -> MultiMatchReport {
    let report = run_multi_match(cfg, &mut |h| println!("{}", h.line())).unwrap();
    print!("{}", report.summary());
    report
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("menagerie-{name}-{}.pgn", std::process::id()))
}

/// Three scripted engines: one plays legal plays, one answers an unreadable play first, one
/// never answers. The referee replaces the faulty turns with the rules' default play (pass),
/// counts each fault against its engine, and stops the hand at the turn limit.
#[test]
fn faults_are_replaced_by_the_default_play_and_counted() {
    let mut cfg = config(
        vec![
            fake("steady", "K@a1 R@a2 C@a3 B@a4"),
            fake("garbled", "zz9 K@t20 R@t19 C@t18"),
            fake("silent", "SILENT"),
        ],
        1,
        "0.4+0.1",
    );
    cfg.max_turns = Some(9);
    let record = temp("faults");
    cfg.record = Some(record.clone());
    let r = run(&cfg);
    assert_eq!(r.hands.len(), 1);
    let hand = &r.hands[0];
    assert_eq!(hand.outcome, None, "stopped at the turn limit, unfinished");
    assert_eq!(hand.turns, 9);
    let (steady, garbled, silent) = (r.stats(0), r.stats(1), r.stats(2));
    assert_eq!(
        (steady.illegal, steady.time_losses, steady.crashes),
        (0, 0, 0)
    );
    assert_eq!((garbled.illegal, garbled.time_losses), (1, 0));
    assert!(silent.time_losses >= 1, "{silent:?}");
    assert_eq!(silent.illegal, 0);
    // The record holds the plays as made: the replaced turns are passes.
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("[PlayerB \"garbled\"]"), "{text}");
    assert!(text.contains("1. a K@a1"), "{text}");
    assert!(text.contains("2. b pass"), "{text}");
    assert!(text.contains("3. c pass"), "{text}");
    assert!(text.contains("5. b K@t20"), "{text}");
    let _ = std::fs::remove_file(record);
}

/// An engine that crashes loses its turn to the default play, is counted, and is restarted for
/// its next turn; an illegal (readable) play is refused the same way.
#[test]
fn a_crash_and_an_illegal_play_are_counted() {
    let mut cfg = config(
        vec![fake("crasher", "CRASH"), fake("cheat", "K@a1 K@a1 K@a2")],
        1,
        "2+0.1",
    );
    cfg.max_turns = Some(4);
    let r = run(&cfg);
    let (crasher, cheat) = (r.stats(0), r.stats(1));
    assert!(crasher.crashes >= 1, "{crasher:?}");
    // The cheat's first play K@a1 is legal; its second K@a1 is not (a King is already there
    // and it has placed its King): refused.
    assert!(cheat.illegal >= 1, "{cheat:?}");
}

/// A whole three-player hand between real engines (Menagerie's greedy and random players,
/// seats rotated over two hands) ends by the rules, and `menagerie replay` reads the record
/// back and finds the same results.
#[test]
fn whole_hands_between_engines_replay_from_the_record() {
    let mut cfg = config(
        vec![
            baseline("greedy", "greedy"),
            baseline("random1", "random"),
            baseline("random2", "random"),
        ],
        2,
        "60+1",
    );
    cfg.options = vec![("PartyPlayers".into(), "3".into())];
    let record = temp("hands");
    cfg.record = Some(record.clone());
    let r = run(&cfg);
    assert_eq!(r.hands.len(), 2);
    assert_eq!(r.hands[0].seats, vec![0, 1, 2]);
    assert_eq!(
        r.hands[1].seats,
        vec![1, 2, 0],
        "seats rotate between hands"
    );
    for h in &r.hands {
        assert!(
            h.outcome.is_some(),
            "the hand ends by the rules: {}",
            h.line()
        );
    }
    for e in 0..3 {
        let s = r.stats(e);
        assert_eq!((s.illegal, s.time_losses, s.crashes), (0, 0, 0), "{s:?}");
    }
    let out = Command::new(MENAGERIE)
        .args(["replay", record.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(text.matches("(as recorded)").count(), 2, "{text}");
    let _ = std::fs::remove_file(record);
}
