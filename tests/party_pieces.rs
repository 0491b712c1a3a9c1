//! Party Chess pieces: every hand-computed fact of docs/party.md §10.1 (a lone piece on
//! an empty board, cell by cell: non-capturing moves and Mobility), §10.2 (Specials) and §10.3
//! items 1-18 and 21-26 (positions with other pieces), each its own test.

mod party_support;

use menagerie::variants::party::Kind;
use party_support::{fen, names, read, sq, two};

/// A lone piece `piece` of player a on `at`: its move count, twice its Mobility, and whether it
/// (a Qball) can scratch.
fn lone(piece: &str, at: &str, moves: usize, mobility2: u32, scratch: bool) {
    let pos = two(&[(at, &format!("{piece}a"))]);
    let s = sq(at);
    assert_eq!(pos.move_squares(s).len(), moves, "{piece} on {at}: moves");
    assert_eq!(pos.mobility2(s), mobility2, "{piece} on {at}: 2 x Mobility");
    assert_eq!(pos.can_scratch(s), scratch, "{piece} on {at}: scratch");
}

macro_rules! lone {
    ($($name:ident: $piece:literal $at:literal => $moves:literal / $mob2:literal $(, $scratch:ident)?;)*) => {
        $(
            #[test]
            fn $name() {
                lone($piece, $at, $moves, $mob2, false $(|| stringify!($scratch) == "scratch")?);
            }
        )*
    };
}

// §10.1: moves / twice the Mobility (exact halves), a lone piece of a, no King on the board.
lone! {
    king_j10: "K" "j10" => 8 / 2;
    king_a1: "K" "a1" => 3 / 2;
    king_e5: "K" "e5" => 8 / 2;
    king_c5: "K" "c5" => 8 / 2;
    rook_j10: "R" "j10" => 38 / 20;
    rook_a1: "R" "a1" => 20 / 20;
    rook_e5: "R" "e5" => 28 / 20;
    rook_c5: "R" "c5" => 26 / 20;
    camel_j10: "C" "j10" => 8 / 8;
    camel_a1: "C" "a1" => 2 / 2;
    camel_e5: "C" "e5" => 8 / 8;
    camel_c5: "C" "c5" => 6 / 6;
    bishop_j10: "B" "j10" => 37 / 20;
    bishop_a1: "B" "a1" => 10 / 20;
    bishop_e5: "B" "e5" => 22 / 20;
    bishop_c5: "B" "c5" => 18 / 20;
    pawn_a1: "P" "a1" => 2 / 2;
    pawn_e5: "P" "e5" => 4 / 2;
    pawn_c5: "P" "c5" => 4 / 2;
    copycat_j10: "O" "j10" => 16 / 16;
    copycat_a1: "O" "a1" => 6 / 6;
    copycat_e5: "O" "e5" => 11 / 11;
    copycat_c5: "O" "c5" => 8 / 8;
    jester_j10: "J" "j10" => 8 / 8;
    jester_a1: "J" "a1" => 3 / 3;
    jester_e5: "J" "e5" => 8 / 8;
    jester_c5: "J" "c5" => 8 / 8;
    nabi_j10: "M" "j10" => 16 / 16;
    nabi_a1: "M" "a1" => 4 / 4;
    nabi_e5: "M" "e5" => 16 / 16;
    nabi_c5: "M" "c5" => 8 / 8;
    qball_j10: "Q" "j10" => 2 / 2, scratch;
    qball_a1: "Q" "a1" => 0 / 0, scratch;
    qball_e5: "Q" "e5" => 20 / 28, scratch;
    qball_c5: "Q" "c5" => 24 / 34;
    harfy_j10: "H" "j10" => 8 / 2;
    harfy_a1: "H" "a1" => 3 / 2;
    harfy_e5: "H" "e5" => 8 / 2;
    harfy_c5: "H" "c5" => 8 / 2;
    archer_j10: "A" "j10" => 16 / 16;
    archer_a1: "A" "a1" => 5 / 5;
    archer_e5: "A" "e5" => 16 / 16;
    archer_c5: "A" "c5" => 13 / 13;
    kamikaze_j10: "Z" "j10" => 144 / 12;
    kamikaze_a1: "Z" "a1" => 36 / 12;
    kamikaze_e5: "Z" "e5" => 100 / 12;
    kamikaze_c5: "Z" "c5" => 80 / 12;
    bouncy_j10: "!" "j10" => 0 / 0;
    bouncy_a1: "!" "a1" => 0 / 0;
    bouncy_e5: "!" "e5" => 0 / 0;
    bouncy_c5: "!" "c5" => 0 / 0;
    demon_j10: "D" "j10" => 8 / 2;
    demon_a1: "D" "a1" => 3 / 3;
    demon_e5: "D" "e5" => 8 / 8;
    demon_c5: "D" "c5" => 8 / 8;
    cantor_j10: "%" "j10" => 8 / 4;
    cantor_a1: "%" "a1" => 2 / 4;
    cantor_e5: "%" "e5" => 8 / 4;
    cantor_c5: "%" "c5" => 8 / 4;
    zombie_j10: "*" "j10" => 12 / 6;
    zombie_a1: "*" "a1" => 6 / 6;
    zombie_e5: "*" "e5" => 12 / 6;
    zombie_c5: "*" "c5" => 11 / 6;
    gess_j10: "G" "j10" => 8 / 2;
    gess_a1: "G" "a1" => 3 / 2;
    gess_e5: "G" "e5" => 8 / 2;
    gess_c5: "G" "c5" => 8 / 2;
    loyalist_j10: "L" "j10" => 8 / 2;
    loyalist_a1: "L" "a1" => 3 / 2;
    loyalist_e5: "L" "e5" => 8 / 2;
    loyalist_c5: "L" "c5" => 8 / 2;
    guard_j10: "+" "j10" => 20 / 6;
    guard_a1: "+" "a1" => 8 / 6;
    guard_e5: "+" "e5" => 20 / 6;
    guard_c5: "+" "c5" => 19 / 6;
    locust_j10: "&" "j10" => 0 / 0;
    locust_a1: "&" "a1" => 0 / 0;
    locust_e5: "&" "e5" => 0 / 0;
    locust_c5: "&" "c5" => 0 / 0;
    echo_j10: "E" "j10" => 0 / 0;
    echo_a1: "E" "a1" => 0 / 0;
    echo_e5: "E" "e5" => 0 / 0;
    echo_c5: "E" "c5" => 0 / 0;
}

#[test]
fn pawn_on_a_promotion_square_is_not_a_cell_of_the_table() {
    // §10.1 marks P on j10 "n/a": the square is a promotion square; a pawn is never left there.
    assert!(menagerie::variants::party::board::is_promotion_square(sq(
        "j10"
    )));
}

#[test]
fn qball_j10_moves_and_scratches_as_listed() {
    let pos = two(&[("j10", "Qa")]);
    assert_eq!(names(pos.move_squares(sq("j10"))), ["b20", "t2"]);
}

#[test]
fn qball_b1_bounces_off_a2_and_t19() {
    // §10.1: b3..k12 by bouncing off a2, plus s20 by bouncing off t19.
    let pos = two(&[("b1", "Qa")]);
    let mut want: Vec<String> = (3..=12)
        .map(|i| format!("{}{}", (b'b' + (i - 3) as u8) as char, i))
        .collect();
    want.push("s20".into());
    want.sort();
    assert_eq!(names(pos.move_squares(sq("b1"))), want);
}

fn specials(piece: &str, at: &str) -> usize {
    two(&[(at, &format!("{piece}a"))])
        .special_squares(sq(at))
        .len()
}

#[test]
fn rook_special_from_j10_has_44_destinations() {
    assert_eq!(specials("R", "j10"), 44);
}

#[test]
fn rook_special_from_a1_has_11_destinations() {
    assert_eq!(specials("R", "a1"), 11);
}

#[test]
fn rook_special_from_c3_has_28_destinations() {
    assert_eq!(specials("R", "c3"), 28);
}

#[test]
fn pawn_special_from_e5_has_28_destinations() {
    assert_eq!(specials("P", "e5"), 28);
}

#[test]
fn pawn_special_from_i10_skips_j10_and_k10() {
    let pos = two(&[("i10", "Pa")]);
    let dests = names(pos.special_squares(sq("i10")));
    assert_eq!(dests.len(), 35);
    assert!(!dests.contains(&"j10".to_string()) && !dests.contains(&"k10".to_string()));
    assert!(dests.contains(&"l10".to_string()));
}

#[test]
fn jester_special_alone_reaches_399_squares() {
    for at in ["j10", "a1", "e5"] {
        assert_eq!(specials("J", at), 399, "{at}");
    }
}

#[test]
fn aura_king_next_to_cantor_has_19_moves() {
    // §10.3 fact 1.
    let pos = two(&[("j10", "Ka"), ("k11", "%a")]);
    assert_eq!(pos.move_squares(sq("j10")).len(), 19);
}

#[test]
fn loyalist_slides_toward_its_king_on_the_file() {
    // §10.3 fact 2.
    let pos = two(&[("j10", "La"), ("j2", "Ka")]);
    assert_eq!(pos.move_squares(sq("j10")).len(), 14);
}

#[test]
fn loyalist_line_is_stopped_by_an_enemy_it_may_capture() {
    // §10.3 fact 3.
    let pos = two(&[("j10", "La"), ("j2", "Ka"), ("j5", "Rb")]);
    assert_eq!(pos.move_squares(sq("j10")).len(), 11);
    assert_eq!(pos.capture_targets(sq("j10")), vec![(sq("j5"), false)]);
}

#[test]
fn loyalist_line_is_closed_by_a_friend() {
    // §10.3 fact 4.
    let pos = two(&[("j10", "La"), ("j2", "Ka"), ("j5", "Ra")]);
    assert_eq!(pos.move_squares(sq("j10")).len(), 8);
}

#[test]
fn loyalist_slides_toward_its_king_on_the_diagonal() {
    // §10.3 fact 5.
    let pos = two(&[("j10", "La"), ("b2", "Ka")]);
    assert_eq!(pos.move_squares(sq("j10")).len(), 14);
}

#[test]
fn gess_leaps_toward_an_occupied_neighbour() {
    // §10.3 fact 6.
    let pos = two(&[("i9", "Ga"), ("j10", "Rb")]);
    let moves = names(pos.move_squares(sq("i9")));
    assert_eq!(moves.len(), 16);
    for far in [
        "k11", "l12", "m13", "n14", "o15", "p16", "q17", "r18", "s19",
    ] {
        assert!(moves.contains(&far.to_string()), "{far}");
    }
    assert_eq!(pos.capture_targets(sq("i9")), vec![(sq("j10"), false)]);
}

#[test]
fn bouncy_ball_jumps_the_first_piece() {
    // §10.3 fact 7.
    let pos = two(&[("j10", "!a"), ("j12", "Ra")]);
    assert_eq!(names(pos.move_squares(sq("j10"))), ["j14"]);
}

#[test]
fn bouncy_ball_with_a_second_hurdle() {
    // §10.3 fact 8.
    let pos = two(&[("j10", "!a"), ("j12", "Ra"), ("m10", "Ba")]);
    assert_eq!(names(pos.move_squares(sq("j10"))), ["j14", "p10"]);
}

#[test]
fn bouncy_ball_captures_on_its_landing_square() {
    // §10.3 fact 9.
    let pos = two(&[("j10", "!a"), ("j12", "Ra"), ("m10", "Ba"), ("p10", "Rb")]);
    assert_eq!(names(pos.move_squares(sq("j10"))), ["j14"]);
    assert_eq!(pos.capture_targets(sq("j10")), vec![(sq("p10"), false)]);
}

#[test]
fn il_nabi_trades_bent_moves_for_hops() {
    // §10.3 fact 10.
    let pos = two(&[("j10", "Ma"), ("k11", "Ra"), ("j13", "Ba")]);
    let moves = names(pos.move_squares(sq("j10")));
    assert_eq!(moves.len(), 14);
    assert!(moves.contains(&"l12".to_string()) && moves.contains(&"j14".to_string()));
    for lost in ["n13", "m14", "l13", "m12"] {
        assert!(!moves.contains(&lost.to_string()), "{lost}");
    }
}

/// §10.3 fact 11: a Locust on j10 with `others` further Locusts.
fn locust(others: &[&str]) -> (usize, u32) {
    let mut pieces = vec![("j10", "&a")];
    pieces.extend(others.iter().map(|&s| (s, "&b")));
    let pos = two(&pieces);
    (
        pos.move_squares(sq("j10")).len(),
        pos.piece_value(sq("j10")),
    )
}

#[test]
fn locust_alone_cannot_move() {
    assert_eq!(locust(&[]), (0, 6));
}

#[test]
fn locust_with_two_on_the_board() {
    assert_eq!(locust(&["a20"]), (8, 6));
}

#[test]
fn locust_with_three_on_the_board() {
    assert_eq!(locust(&["a20", "t1"]), (24, 6));
}

#[test]
fn locust_with_four_on_the_board() {
    assert_eq!(locust(&["a20", "t1", "t20"]), (32, 6));
}

#[test]
fn locust_values_for_five_six_and_eight() {
    assert_eq!(locust(&["a20", "t1", "t20", "a1"]).1, 7);
    assert_eq!(locust(&["a20", "t1", "t20", "a1", "a10"]).1, 9);
    assert_eq!(
        locust(&["a20", "t1", "t20", "a1", "a10", "t10", "j20"]).1,
        12
    );
}

#[test]
fn harfyblob_with_hn_3() {
    // §10.3 fact 12.
    let pos = two(&[("j10", "Ha[3]")]);
    assert_eq!(pos.move_squares(sq("j10")).len(), 24);
    assert_eq!(pos.mobility2(sq("j10")), 6);
}

#[test]
fn echo_moves_as_its_pattern() {
    // §10.3 fact 13.
    let with = |echo: &str| {
        let pos = read(&fen(
            &[("j10", "Ea")],
            "ab",
            &format!("a:-:3:0:{echo}/b:-:3:0:-"),
        ));
        pos.move_squares(sq("j10")).len()
    };
    assert_eq!(with("R"), 38);
    assert_eq!(with("H[3]"), 24);
    assert_eq!(with("-"), 0);
}

#[test]
fn copycat_captures_by_the_victims_rules() {
    // §10.3 fact 14.
    let pos = two(&[
        ("e5", "Oa"),
        ("t1", "Ka"),
        ("e12", "Rb"),
        ("g7", "Jb"),
        ("f8", "Cb"),
        ("d6", "Pb"),
        ("b2", "Bb"),
        ("h5", "Ob"),
        ("c5", "Zb"),
        ("e3", "Pb"),
        ("p16", "Kb"),
    ]);
    let caps = names(pos.capture_targets(sq("e5")).into_iter().map(|(s, _)| s));
    assert_eq!(caps, ["b2", "d6", "e12", "f8", "g7", "h5"]);
    assert_eq!(names(pos.move_squares(sq("e5"))), ["e10", "e8", "h2"]);
}

fn archer_position(king: &str, extra: &[(&'static str, &'static str)]) -> Vec<(String, bool)> {
    let mut pieces = vec![
        ("e5", "Aa"),
        (king, "Ka"),
        ("e9", "Rb"),
        ("h8", "Bb"),
        ("i5", "Cb"),
        ("g7", "Jb"),
        ("c5", "+b"),
        ("a5", "Pb"),
        ("p16", "Kb"),
    ];
    pieces.extend_from_slice(extra);
    let pos = two(&pieces);
    let mut caps: Vec<(String, bool)> = pos
        .capture_targets(sq("e5"))
        .into_iter()
        .map(|(s, r)| (menagerie::variants::party::board::name(s), r))
        .collect();
    caps.sort();
    caps
}

#[test]
fn archer_in_defensive_position_shoots() {
    // §10.3 fact 15.
    let caps = archer_position("e2", &[]);
    let want: Vec<(String, bool)> = ["e9", "g7", "i5"]
        .iter()
        .map(|s| (s.to_string(), true))
        .collect();
    assert_eq!(caps, want);
}

#[test]
fn archer_out_of_defensive_position_lands() {
    // §10.3 fact 16.
    let caps = archer_position("t1", &[("f8", "Pb")]);
    let want: Vec<(String, bool)> = ["e9", "f8", "g7", "i5"]
        .iter()
        .map(|s| (s.to_string(), false))
        .collect();
    assert_eq!(caps, want);
}

#[test]
fn guard_shields_its_neighbour_from_the_archer() {
    // §10.3 fact 17.
    let pos = two(&[
        ("e5", "Aa"),
        ("t1", "Ka"),
        ("c6", "+b"),
        ("c7", "Pb"),
        ("p16", "Kb"),
    ]);
    assert!(pos.capture_targets(sq("e5")).is_empty());
}

#[test]
fn an_attacked_guard_shields_nothing() {
    // §10.3 fact 18.
    let pos = two(&[
        ("e5", "Aa"),
        ("t1", "Ka"),
        ("a6", "Ra"),
        ("c6", "+b"),
        ("c7", "Pb"),
        ("p16", "Kb"),
    ]);
    assert_eq!(pos.capture_targets(sq("e5")), vec![(sq("c7"), false)]);
}

fn demon(pieces: &[(&str, &str)]) -> bool {
    let mut all = vec![("j10", "Da")];
    all.extend_from_slice(pieces);
    two(&all).demon_qualifies(sq("j10"))
}

#[test]
fn demon_qualifies_with_camels_mirrored_through_its_file() {
    // §10.3 fact 21.
    assert!(demon(&[("h12", "Ca"), ("l12", "Ca")]));
}

#[test]
fn demon_qualifies_with_camels_mirrored_through_its_square() {
    // §10.3 fact 22.
    assert!(demon(&[("h12", "Ca"), ("l8", "Ca")]));
}

#[test]
fn demon_qualifies_with_pawns_eight_apart() {
    // §10.3 fact 23.
    assert!(demon(&[("j14", "Pa"), ("j6", "Pa")]));
}

#[test]
fn demon_does_not_qualify_with_pawns_ten_apart() {
    // §10.3 fact 24.
    assert!(!demon(&[("j15", "Pa"), ("j5", "Pa")]));
}

#[test]
fn demon_does_not_qualify_with_an_enemy_camel() {
    // §10.3 fact 25.
    assert!(!demon(&[("h12", "Ca"), ("l12", "Cb")]));
}

#[test]
fn demon_does_not_qualify_without_symmetry() {
    // §10.3 fact 26.
    assert!(!demon(&[("h12", "Ca"), ("k13", "Ca")]));
}

#[test]
fn every_type_has_its_character() {
    let chars: String = Kind::ALL.iter().map(|k| k.char()).collect();
    assert_eq!(chars, "KRCBPOEJMQHAZ!D%*GL&+");
}
