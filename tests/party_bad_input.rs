//! Bad input never panics and never changes the position: mutated position strings and plays
//! (seeded, deterministic) go through the Party readers; what reads as a position writes back
//! to a string that reads as the same position, and a refused play leaves the position as it
//! was.

mod party_support;

use menagerie::core::multi::{MultiGame, MultiNotation};
use menagerie::variants::party::Party;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const ALPHABET: &[&str] = &[
    "a",
    "b",
    "h",
    "i",
    "t",
    "u",
    "z",
    "0",
    "1",
    "2",
    "9",
    "10",
    "20",
    "21",
    "99",
    "/",
    ":",
    "-",
    ",",
    "@",
    ">",
    "^",
    "=",
    "[",
    "]",
    "x",
    " ",
    "K",
    "R",
    "H",
    "P",
    "p",
    "E",
    "!",
    "%",
    "*",
    "&",
    "+",
    "é",
    "\u{0}",
    "off",
    "pass",
    "surrender",
];

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut s: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(s.len() + 1);
        match rng.below(3) {
            0 if at < s.len() => {
                s.remove(at);
            }
            1 if at < s.len() => {
                let piece: Vec<char> = ALPHABET[rng.below(ALPHABET.len())].chars().collect();
                s.splice(at..at + 1, piece);
            }
            _ => {
                let piece: Vec<char> = ALPHABET[rng.below(ALPHABET.len())].chars().collect();
                s.splice(at..at, piece);
            }
        }
    }
    s.into_iter().collect()
}

const POSITIONS: &[&str] = &[
    "20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20 ab a:KRCBDG:3:0:-/b:KRCBDG:3:0:- 0 1",
    "20/20/20/20/15Kb4/20/20/20/4Ra15/20/20/7Bb12/20/20/20/4Ka15/5Pa14/20/20/20 ab a:CBDG:3:0:-/b:RCDG:3:0:- 0 9",
    "Ha[3]19/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/20/19!c bca a:H[2]H[20]:0:2:H[3]/b:-:7:0:K/c:P&+:1:1:- 12 40",
];

#[test]
fn mutated_position_strings_never_panic() {
    let game = Party::standard();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut read = 0;
    for i in 0..6000 {
        let text = mutate(&mut rng, POSITIONS[i % POSITIONS.len()]);
        if let Ok(pos) = game.read_position(&text) {
            read += 1;
            let written = game.write_position(&pos);
            let again = game
                .read_position(&written)
                .unwrap_or_else(|e| panic!("{text} -> {written}: {e}"));
            assert_eq!(game.write_position(&again), written);
        }
    }
    assert!(read > 100, "only {read} mutants read");
}

#[test]
fn mutated_plays_never_panic_or_change_the_position() {
    let game = Party::standard();
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let plays = [
        "e12e13,B@a1,C@b1",
        "e5e6,R@c3",
        "e12>e15",
        "^e12f13",
        "j10-off",
        "i10j10=R/f6=G",
        "pass",
        "surrender",
        "H[3]@c3",
    ];
    let mut pos = game.read_position(POSITIONS[1]).unwrap();
    let before = game.write_position(&pos);
    let hash = game.hash(&pos);
    let mut legal = 0;
    for i in 0..4000 {
        let text = mutate(&mut rng, plays[i % plays.len()]);
        if game.read_play(&mut pos, &text).is_ok() {
            legal += 1;
        }
        assert_eq!(game.write_position(&pos), before, "{text}");
        assert_eq!(game.hash(&pos), hash, "{text}");
    }
    assert!(legal > 0);
}
