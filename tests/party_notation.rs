//! Party Chess notation (spec §9, D46): position strings and play strings round trip exactly,
//! errors name the field and column (positions) or the atom (plays), bad input never panics
//! and never changes the position; the drawing of `menagerie show` as a snapshot.

mod party_support;

use menagerie::cli::show_command_with;
use menagerie::core::multi::{MultiGame, MultiNotation};
use menagerie::variants::party::{Atom, Party, PartyPosition};
use party_support::{bare_records, fen, read};

const START: &str = "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:KRCBDG:3:0:-/b:KRCBDG:3:0:- 0 1";
const EXAMPLE: &str = "20/20/20/20/15Kb4/20/20/20/4Ra15/20/20/7Bb12/20/20/20/4Ka15/5Pa14/20/20/20 ab a:CBDG:3:0:-/b:RCDG:3:0:- 0 9";

#[test]
fn the_start_position_is_the_spec_string() {
    let game = Party::standard();
    assert_eq!(game.write_position(&game.start_position()), START);
}

#[test]
fn position_strings_round_trip() {
    let game = Party::standard();
    for text in [
        START,
        EXAMPLE,
        "Ha[3]19/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/19!c bca a:H[2]H[20]:0:2:H[3]/b:-:7:0:K/c:P&+:1:1:- 12 40",
    ] {
        let pos = game.read_position(text).unwrap();
        assert_eq!(game.write_position(&pos), text);
    }
}

#[test]
fn lenient_input_is_written_canonically() {
    let game = Party::standard();
    let pos = game
        .read_position("pa19/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/Hb[1]19 ab a:H[1]:3:0:-/b:-:3:0:-")
        .unwrap();
    assert_eq!(
        game.write_position(&pos),
        "Pa19/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/Hb19 ab a:H:3:0:-/b:-:3:0:- 0 1"
    );
}

#[test]
fn position_errors_name_field_and_column() {
    let game = Party::standard();
    let cases = [
        ("empty", ""),
        (
            "nineteen ranks",
            "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:-:3:0:-/b:-:3:0:-",
        ),
        (
            "long rank",
            "21/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:-:3:0:-/b:-:3:0:-",
        ),
        (
            "short rank",
            "19/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:-:3:0:-/b:-:3:0:-",
        ),
        (
            "unknown piece",
            "Xa19/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:-:3:0:-/b:-:3:0:-",
        ),
        (
            "no owner",
            "R20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:-:3:0:-/b:-:3:0:-",
        ),
        (
            "owner out of range",
            "Rc19/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:-:3:0:-/b:-:3:0:-",
        ),
        (
            "Hn on a rook",
            "Ra[2]19/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:-:3:0:-/b:-:3:0:-",
        ),
        (
            "Hn too big",
            "Ha[21]19/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:-:3:0:-/b:-:3:0:-",
        ),
        (
            "list missing",
            "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20",
        ),
        (
            "one player",
            "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 a a:-:3:0:-",
        ),
        (
            "letter twice",
            "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 aba a:-:3:0:-/b:-:3:0:-",
        ),
        (
            "letter gap",
            "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ac a:-:3:0:-/c:-:3:0:-",
        ),
        (
            "records missing",
            "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab",
        ),
        (
            "record count",
            "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:-:3:0:-",
        ),
        (
            "record order",
            "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab b:-:3:0:-/a:-:3:0:-",
        ),
        (
            "bad reserve",
            "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:RX:3:0:-/b:-:3:0:-",
        ),
        (
            "bad benefyts",
            "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:-:x:0:-/b:-:3:0:-",
        ),
        (
            "echo E",
            "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:-:3:0:E/b:-:3:0:-",
        ),
        (
            "turn zero",
            "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:-:3:0:-/b:-:3:0:- 0 0",
        ),
        (
            "extra field",
            "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:-:3:0:-/b:-:3:0:- 0 1 x",
        ),
        (
            "two kings",
            "Ka19/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:K:3:0:-/b:-:3:0:-",
        ),
        (
            "skipped player on top",
            "Ka1Kb1Kc1Kd1Ke1Kf1Kg7/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 habcdefg a:-:3:0:-/b:-:3:0:-/c:-:3:0:-/d:-:3:0:-/e:-:3:0:-/f:-:3:0:-/g:-:3:0:-/h:-:3:0:-",
        ),
        (
            "checked below",
            "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/4Ka15/20/20/20/4Rb14Kb ba a:-:3:0:-/b:-:3:0:-",
        ),
    ];
    let mut report = String::new();
    for (name, text) in cases {
        let err = game.read_position(text).expect_err(name);
        report.push_str(&format!("{name}: {err}\n"));
    }
    party_snapshot!("party_position_errors", report);
}

#[test]
fn play_errors_say_what_and_where() {
    let game = Party::standard();
    let mut pos = read(EXAMPLE);
    let before = game.write_position(&pos);
    let mut report = String::new();
    for text in [
        "",
        "e5",
        "e5e21",
        "z1a1",
        "R@",
        "Q@a1",
        "X@a1",
        "e4e5",
        "p16p15",
        "e12e13,e5e6,C@a1,B@b1",
        "e12e13,e5e6",
        "e12e13,e12e14,C@a1",
        "pass,C@a1",
        "f4xf5",
        "e12>e15",
        "^e12f13x",
        "H[2]@a1",
        "surrender,pass",
    ] {
        match game.read_play(&mut pos, text) {
            Ok(atoms) => panic!("{text} read as {atoms:?}"),
            Err(e) => report.push_str(&format!("{text:?}: {e}\n")),
        }
        assert_eq!(
            game.write_position(&pos),
            before,
            "{text} changed the position"
        );
    }
    party_snapshot!("party_play_errors", report);
}

/// Walks every complete play of the position (depth 1) and checks that its text reads back
/// as the same atoms.
fn round_trip_all(game: &Party, pos: &mut PartyPosition) -> usize {
    let mut n = 0;
    walk(game, pos, &mut Vec::new(), &mut Vec::new(), &mut n);
    n
}

fn walk(
    game: &Party,
    pos: &mut PartyPosition,
    atoms: &mut Vec<Atom>,
    texts: &mut Vec<String>,
    n: &mut usize,
) {
    let mut list = Vec::new();
    game.atoms(pos, &mut list);
    for a in list {
        if a == Atom::END_TURN {
            let text = texts.join(",");
            for _ in 0..atoms.len() {
                game.unmake_atom(pos);
            }
            let read = game
                .read_play(pos, &text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            let mut want = atoms.clone();
            want.push(Atom::END_TURN);
            assert_eq!(read, want, "{text}");
            for &b in atoms.iter() {
                game.make_atom(pos, b);
            }
            *n += 1;
            continue;
        }
        texts.push(game.atom_text(pos, a));
        atoms.push(a);
        game.make_atom(pos, a);
        walk(game, pos, atoms, texts, n);
        game.unmake_atom(pos);
        atoms.pop();
        texts.pop();
    }
}

#[test]
fn every_play_of_busy_positions_reads_back_as_itself() {
    let game = Party::standard();
    for text in [
        // Promotions (pawn, Zombie, Demon), a ranged Archer, a Qball scratch, an Echo.
        &fen(
            &[
                ("i10", "Pa"),
                ("e5", "Aa"),
                ("e3", "Ka"),
                ("e8", "Rb"),
                ("t20", "Kb"),
                ("a3", "Qa"),
                ("m5", "*a"),
                ("m7", "Db"),
                ("j2", "Da"),
                ("h4", "Ca"),
                ("l4", "Ca"),
                ("q9", "Ea"),
            ],
            "ab",
            "a:-:1:0:R/b:-:3:0:-",
        ) as &str,
        // Compound plays with two reserve units (row 5).
        &fen(
            &[("j10", "Ka"), ("t20", "Kb"), ("a1", "Bb")],
            "ab",
            "a:R:3:0:-/b:-:3:0:-",
        ),
        // Three players, multiple check.
        &fen(
            &[("a1", "Ka"), ("j10", "Kb"), ("j11", "Kc"), ("c3", "Pc")],
            "bca",
            &bare_records(3),
        ),
    ] {
        let mut pos = read(text);
        let n = round_trip_all(&game, &mut pos);
        assert!(n >= 5, "{text}: only {n} plays");
    }
}

#[test]
fn show_draws_the_board_with_owner_letters() {
    let out = show_command_with(
        "party",
        &["PartyPlayers=3".to_string(), "PartyArmies=a:EXOTIC,c:ARCHERY".to_string()],
        Some("20/20/20/20/15Kb4/20/20/20/4Ra15/20/20/7Bb12/Hc[3]19/20/20/4Ka15/5Pa14/20/20/20 abc a:CBDG:3:0:R/b:RCDG:2:1:-/c:KH:3:0:- 0 9"),
        &["e12e13".to_string()],
    )
    .unwrap();
    party_snapshot!("party_show", out);
}

#[test]
fn show_of_the_default_start() {
    let out = show_command_with("party", &[], None, &[]).unwrap();
    assert!(out.ends_with(&format!("Fen: {START}\n")), "{out}");
}

#[test]
fn armies_options_refuse_invalid_armies() {
    let mut options = menagerie::variants::OptionValues::default();
    assert!(
        options
            .set("PartyArmies", "RRRRR")
            .unwrap_err()
            .contains("worth 45")
    );
    options.set("PartyArmies", "a:EXOTIC,e:RGBCD").unwrap();
    let err = menagerie::variants::multi_game_with("party", &options).unwrap_err();
    assert!(err.to_string().contains("out of range"), "{err}");
    options.set("PartyPlayers", "5").unwrap();
    assert!(menagerie::variants::multi_game_with("party", &options).is_ok());
}

#[test]
fn start_positions_follow_the_options() {
    let mut options = menagerie::variants::OptionValues::default();
    options.set("PartyPlayers", "4").unwrap();
    options.set("PartyArmies", "b:ARCHERY,d:H+OZJ").unwrap();
    options.set("PartyBenefyts", "0").unwrap();
    let game = Party::build(&options).unwrap();
    assert_eq!(
        game.write_position(&game.start_position()),
        "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 abcd a:KRCBDG:0:0:-/b:KRCBJA:0:0:-/c:KRCBDG:0:0:-/d:KOJHZ+:0:0:- 0 1"
    );
}
