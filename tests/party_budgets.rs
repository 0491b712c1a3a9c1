//! Party Chess under tiny budgets: whatever stops the search (a node limit, a move time, a
//! short clock), the answer is a legal whole play; it surrenders only when nothing else is
//! legal or the search proved every other play lost, and a play built before any search
//! finished never passes while something else is legal. Positions from random hands of 2 to 8
//! players, with players in check among them.

use std::time::Duration;

use menagerie::core::multi::{MultiGame, MultiNotation, random_play};
use menagerie::search::multi::{MultiResult, MultiSettings, search};
use menagerie::search::{Clock, Control, Limits, MATE_BOUND, TranspositionTable};
use menagerie::variants::OptionValues;
use menagerie::variants::party::{Atom, AtomKind};
use menagerie::variants::party::{Party, PartyPosition};

fn party(players: usize) -> Party {
    let mut options = OptionValues::default();
    options.set("PartyPlayers", &players.to_string()).unwrap();
    Party::build(&options).unwrap()
}

/// One search of `pos` with a fresh table of `hash_mb` and no reports.
fn search_once(
    game: &Party,
    pos: &PartyPosition,
    limits: &Limits,
    settings: &MultiSettings,
    hash_mb: usize,
) -> MultiResult<Atom> {
    search(
        game,
        pos,
        limits,
        settings,
        &TranspositionTable::new(hash_mb),
        &Control::new(false),
        &mut |_| {},
    )
}

/// The budgets each position is searched with.
fn budgets(turn: u64) -> Vec<Limits> {
    let nodes = [1, 3, 10, 60, 250, 1000][(turn % 6) as usize];
    let millis = [1, 5, 20, 50][(turn % 4) as usize];
    vec![
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        },
        Limits {
            move_time: Some(Duration::from_millis(millis)),
            ..Limits::default()
        },
        Limits {
            clock: Some(Clock {
                remaining: Duration::from_millis(150 + 100 * (turn % 4)),
                increment: Duration::from_millis(10),
                moves_to_go: None,
            }),
            ..Limits::default()
        },
    ]
}

/// Checks one answer; returns a description of what is wrong, if anything.
fn judge(
    game: &Party,
    pos: &PartyPosition,
    play: &[Atom],
    score: i32,
    depth: u32,
) -> Option<String> {
    let mut pos = pos.clone();
    let mut root = Vec::new();
    game.atoms(&mut pos, &mut root);
    if play.last() != Some(&Atom::END_TURN) {
        return Some(format!("not a whole play: {play:?}"));
    }
    let mut list = Vec::new();
    for &a in play {
        game.atoms(&mut pos, &mut list);
        if !list.contains(&a) {
            return Some(format!("illegal atom {a:?} in {play:?}"));
        }
        game.make_atom(&mut pos, a);
    }
    let ordinary = |a: &Atom| !matches!(a.kind, AtomKind::Surrender | AtomKind::Pass);
    let first = play[0].kind;
    if first == AtomKind::Surrender
        && root.iter().any(|a| a.kind != AtomKind::Surrender)
        && score > -MATE_BOUND
    {
        return Some(format!(
            "surrendered with other plays legal (score {score}, depth {depth})"
        ));
    }
    if first == AtomKind::Pass && depth == 0 && root.iter().any(ordinary) {
        return Some("passed before any search finished".into());
    }
    None
}

#[test]
fn every_budget_gives_a_real_play() {
    let mut searched = 0;
    let mut checked_positions = 0;
    let mut problems = Vec::new();
    for players in [2usize, 3, 4, 5, 6, 8] {
        let game = party(players);
        let mut pos = game.start_position();
        let tt = TranspositionTable::new(4);
        for turn in 0..36u64 {
            if game.outcome(&pos).is_some() {
                break;
            }
            let me = game.to_move(&pos);
            let checked = game.in_check_set(&pos) & (1 << me) != 0;
            if checked || turn % 6 == 5 {
                checked_positions += usize::from(checked);
                for limits in budgets(turn + players as u64) {
                    let control = Control::new(false);
                    let result = search(
                        &game,
                        &pos,
                        &limits,
                        &MultiSettings::default(),
                        &tt,
                        &control,
                        &mut |_| {},
                    );
                    searched += 1;
                    if let Some(why) = judge(&game, &pos, &result.play, result.score, result.depth)
                    {
                        problems.push(format!("{players} players, turn {turn}, {limits:?}: {why}"));
                    }
                }
            }
            for a in random_play(&game, &mut pos, turn * 31 + players as u64) {
                game.make_atom(&mut pos, a);
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(searched >= 60, "only {searched} searches");
    eprintln!("{searched} searches, {checked_positions} positions in check");
}

/// The position where a stop before the first iteration ended used to surrender: b is not in
/// check and has 158 legal plays.
#[test]
fn a_thousand_nodes_do_not_surrender_out_of_check() {
    let mut options = OptionValues::default();
    options.set("PartyPlayers", "3").unwrap();
    let game = Party::build(&options).unwrap();
    let pos = game
        .read_position(
            "20/20/20/20/7Gc12/7Rc12/20/20/20/16Kb3/9Rb10/11Ba4Bc3/12Ra7/13Ga6/8Ca8Dc2/\
             8Cc5Db5/3Ca9Dc2Ka3/20/20/Kc13Bb5 bca a:-:3:0:-/b:-:3:0:G/c:G:3:0:K 0 29",
        )
        .unwrap();
    for nodes in [1, 100, 1000] {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let result = search_once(&game, &pos, &limits, &MultiSettings::default(), 4);
        assert_eq!(
            judge(&game, &pos, &result.play, result.score, result.depth),
            None
        );
        assert_ne!(result.play[0].kind, AtomKind::Surrender, "{nodes} nodes");
    }
}

/// With a long clock the search keeps near its plan: a later iteration is cut at one and a
/// half times the planned time instead of running to the hard limit (a third of the clock).
/// The cut is measured on the wall clock, so a busy machine changes how deep it gets, not
/// when it answers.
#[test]
fn a_long_clock_keeps_to_the_plan() {
    let game = party(4);
    let pos = game.start_position();
    let clock = Clock {
        remaining: Duration::from_secs(20),
        increment: Duration::ZERO,
        moves_to_go: None,
    };
    let limits = Limits {
        clock: Some(clock),
        ..Limits::default()
    };
    let settings = MultiSettings::default();
    let plan = menagerie::search::Budget::plan(&limits, settings.move_overhead);
    let soft = plan.soft.expect("a clock plans a time");
    let started = std::time::Instant::now();
    let result = search_once(&game, &pos, &limits, &settings, 16);
    let used = started.elapsed();
    assert!(!result.play.is_empty());
    assert!(
        used < soft.mul_f64(2.0),
        "used {used:?} against a plan of {soft:?} (hard limit {:?})",
        plan.hard
    );
}

/// Walks `play` through the candidate atoms: every atom legal as an atom and `END_TURN`
/// offered at the end make a legal play (without proving every other atom completable,
/// which in these positions costs seconds).
fn walks_legally(game: &Party, pos: &PartyPosition, play: &[Atom]) -> bool {
    let mut pos = pos.clone();
    let mut list = Vec::new();
    for &a in play {
        game.candidate_atoms(&mut pos, &mut list);
        if !list.contains(&a) {
            return false;
        }
        game.make_atom(&mut pos, a);
    }
    play.last() == Some(&Atom::END_TURN)
}

/// Two positions from 4-player hands at 1s+0.01s where proving each atom completable takes
/// seconds: c is in check with six pieces in reserve (and has escapes), and a may only
/// surrender. On a clock of a few milliseconds every searcher and the greedy player answer
/// at once (the proof used to run 4 s past the clock) with a legal play, surrendering only
/// where nothing else is legal. The time bound is 50 times what an answer takes here.
#[test]
fn dead_ends_cost_no_time_on_a_short_clock() {
    use menagerie::search::multi::Algorithm;
    let game = party(4);
    let in_check = game
        .read_position(
            "20/20/20/14Bd5/2Gd13Gc3/3Cd9KcCc5/10Cb9/20/20/3Bb16/20/4Bb15/7Db12/5Kb14/20/\
             11DcGa7/13Ka6/20/20/20 cdab a:-:3:0:G/b:-:3:0:C/c:RRRRBD:3:0:K/d:KCDG:3:0:B 2 59",
        )
        .unwrap();
    let lost = game
        .read_position(
            "20/20/15Kc4/20/11Rd8/20/20/11Rd8/6Ca10Rd2/1Kd10Gd7/12Rd7/20/3Dc16/20/20/20/\
             Bd1CdCd11Ra4/GdRd12Kb5/1GdRd17/Ka19 acbd a:CBBBG:3:0:R/b:-:3:0:K/c:-:3:0:K/\
             d:-:3:0:G 2 239",
        )
        .unwrap();
    let mut proof = Vec::new();
    game.atoms(&mut lost.clone(), &mut proof);
    assert_eq!(proof, [Atom::SURRENDER], "a may only surrender");
    let limits = Limits {
        clock: Some(Clock {
            remaining: Duration::from_millis(30),
            increment: Duration::from_millis(10),
            moves_to_go: None,
        }),
        ..Limits::default()
    };
    for algorithm in [Algorithm::Paranoid, Algorithm::Brs, Algorithm::Greedy] {
        for (pos, only_surrender) in [(&in_check, false), (&lost, true)] {
            let settings = MultiSettings {
                algorithm,
                ..MultiSettings::default()
            };
            let started = std::time::Instant::now();
            let result = search_once(&game, pos, &limits, &settings, 4);
            let used = started.elapsed();
            let play = &result.play;
            assert!(walks_legally(&game, pos, play), "{algorithm:?}: {play:?}");
            let surrendered = play[0].kind == AtomKind::Surrender;
            assert_eq!(surrendered, only_surrender, "{algorithm:?}: {play:?}");
            assert!(
                used < Duration::from_millis(1500),
                "{algorithm:?} took {used:?}"
            );
        }
    }
}

/// b is in check and its only escapes are long turns (Move, Move, Placement: `d5c2,g7f7,B@f8`
/// among them). The search prunes the later atoms of a turn and used to see only the surrender;
/// now a walk of the candidate atoms finds an escape before the time is up.
#[test]
fn a_long_escape_is_played_rather_than_a_surrender() {
    let game = party(4);
    let pos = game
        .read_position(
            "20/20/20/20/20/20/7Rd12/20/20/20/20/5Ra14/1Rc4Ca13/6KbGd2Kd9/5Gb14/3Cb5Da10/\
             2Rc17/6Bc13/Ka19/6Ba13 bacd a:-:3:0:G/b:BBDGG:3:0:K/c:KCCDD:3:0:R/d:-:3:0:G 1 29",
        )
        .unwrap();
    let limits = Limits {
        clock: Some(Clock {
            remaining: Duration::from_secs(30),
            increment: Duration::from_millis(50),
            moves_to_go: None,
        }),
        ..Limits::default()
    };
    let result = search_once(&game, &pos, &limits, &MultiSettings::default(), 4);
    let play = &result.play;
    assert!(walks_legally(&game, &pos, play), "{play:?}");
    assert_ne!(play[0].kind, AtomKind::Surrender, "{play:?}");
}
