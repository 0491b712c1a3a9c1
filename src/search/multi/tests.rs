//! The N-player searches on the toy game (`toy.rs`); Party Chess has its own tests.

use std::time::{Duration, Instant};

use super::toy::{Atom, Ring};
use super::*;
use crate::core::multi::{MultiGame, MultiNotation, play_text};

/// b's King on 8 can be mated by two quiet moves of a (5-6 and 12-11, for one): then every
/// cell it could go to is attacked and b must surrender, giving a the winning knife.
const MATE_IN_ONE: &str = "Kc/-/-/-/Ma/Ma/-/-/Kb/-/-/-/Ma/-/-/- abc 0,0,0 0";

/// a's man on 0 may capture b's King on 2: b is in check but a is on move (as after a
/// multiple check, when the top player may take a King).
const KING_CAPTURE: &str = "Ma/-/Kb/-/-/Mc/-/Kc/-/-/-/-/Ka/-/-/- abc 0,0,0 0";

fn run(
    fen: &str,
    algorithm: Algorithm,
    limits: Limits,
) -> (String, MultiResult<Atom>, Vec<MultiReport<Atom>>) {
    let game = Ring { players: 3 };
    let mut pos = game.read_position(fen).unwrap();
    let tt = TranspositionTable::new(4);
    let control = Control::default();
    let settings = MultiSettings {
        algorithm,
        ..MultiSettings::default()
    };
    let mut reports = Vec::new();
    let result = search(&game, &pos, &limits, &settings, &tt, &control, &mut |r| {
        reports.push(r.clone())
    });
    let text = play_text(&game, &mut pos, &result.play);
    (text, result, reports)
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn both_searches_find_the_forced_surrender() {
    for algorithm in [Algorithm::Brs, Algorithm::Paranoid] {
        let (text, result, _) = run(MATE_IN_ONE, algorithm, depth(3));
        assert!(result.score >= MATE_BOUND, "{algorithm:?} {}", result.score);
        // After the play b is on move and may only surrender.
        let game = Ring { players: 3 };
        let mut pos = game.read_position(MATE_IN_ONE).unwrap();
        for a in game.read_play(&mut pos, &text).unwrap() {
            game.make_atom(&mut pos, a);
        }
        let mut atoms = Vec::new();
        game.atoms(&mut pos, &mut atoms);
        assert_eq!(game.to_move(&pos), 1, "{algorithm:?} {text}");
        assert_eq!(atoms, [Atom::Surrender], "{algorithm:?} {text}");
    }
}

#[test]
fn a_king_capture_is_taken() {
    for algorithm in [Algorithm::Brs, Algorithm::Paranoid, Algorithm::Greedy] {
        let (text, _, _) = run(KING_CAPTURE, algorithm, depth(2));
        assert_eq!(text, "0-2", "{algorithm:?}");
    }
}

#[test]
fn node_and_time_limits_are_kept_and_the_play_is_legal() {
    let game = Ring { players: 3 };
    let limits = Limits {
        nodes: Some(300),
        ..Limits::default()
    };
    let (text, result, _) = run(
        &game.write_position(&game.start_position()),
        Algorithm::Brs,
        limits,
    );
    assert!(result.nodes <= 300 + 64, "{}", result.nodes);
    let mut pos = game.start_position();
    assert!(game.read_play(&mut pos, &text).is_ok(), "{text}");

    let started = Instant::now();
    let limits = Limits {
        move_time: Some(Duration::from_millis(60)),
        ..Limits::default()
    };
    let (text, _, _) = run(&game.write_position(&pos), Algorithm::Paranoid, limits);
    assert!(started.elapsed() < Duration::from_millis(1000));
    assert!(game.read_play(&mut pos, &text).is_ok(), "{text}");
}

#[test]
fn plays_in_random_positions_are_legal() {
    for players in 2..=4 {
        let game = Ring { players };
        let mut pos = game.start_position();
        let tt = TranspositionTable::new(2);
        for turn in 0..40u64 {
            if game.outcome(&pos).is_some() {
                break;
            }
            for algorithm in [
                Algorithm::Brs,
                Algorithm::Paranoid,
                Algorithm::Greedy,
                Algorithm::Random,
            ] {
                let settings = MultiSettings {
                    algorithm,
                    seed: turn,
                    ..MultiSettings::default()
                };
                let result = search(
                    &game,
                    &pos,
                    &depth(3),
                    &settings,
                    &tt,
                    &Control::default(),
                    &mut |_| {},
                );
                let text = play_text(&game, &mut pos, &result.play);
                let atoms = game.read_play(&mut pos, &text);
                assert_eq!(atoms.as_ref(), Ok(&result.play), "{players} {text}");
            }
            let play = baseline::random_play(&game, &mut pos, turn);
            for a in play {
                game.make_atom(&mut pos, a);
            }
        }
    }
}

#[test]
fn reports_come_per_iteration_with_the_mover_on_top() {
    let (_, result, reports) = run(MATE_IN_ONE, Algorithm::Paranoid, depth(2));
    assert!(!reports.is_empty());
    let last = reports.last().unwrap();
    assert_eq!(last.score, result.score);
    assert!(
        last.uci_score().starts_with("mate "),
        "{}",
        last.uci_score()
    );
    assert!(matches!(last.pv.first(), Some(PvStep::Atom(_))));
}
