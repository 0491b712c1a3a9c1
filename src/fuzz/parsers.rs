//! The text parsers under fuzz, each with the properties every input must keep:
//!
//! - position strings (every variant): no panic; an accepted string writes back to a canonical
//!   string that reads back to itself, and a valid string from the corpus writes back to
//!   exactly itself;
//! - move strings (every variant, in positions reached by play): no panic; a rejected move
//!   leaves the position (its string and hash) unchanged; an accepted move is one of the legal
//!   moves and its written form reads back to the same move;
//! - opening files (every family): no panic; an accepted file, written back in our notation,
//!   reads back to the same openings;
//! - match-runner engine specs, time controls and SPRT settings: no panic; an accepted time
//!   control or SPRT setting reads the same twice;
//! - variant files (Fairy-Stockfish's format): no panic; a section read as playable builds its
//!   tables and its start position reads back to itself.

use crate::core::game::Game;
use crate::core::moves::MoveList;
use crate::core::random::SplitMix64 as Rng;
use crate::fen::{move_text, parse_move, parse_position, write_position};
use crate::matches::config::{EngineSpec, SprtConfig, TimeControl};
use crate::matches::openings::{Opening, random_opening, read_openings};
use crate::variants::{self, AnyGame, Status, VARIANTS};
use crate::with_game;

use super::mutate::mutate;

/// What one execution found: whether the parser accepted the input, or a broken property.
pub type Verdict = Result<bool, String>;

/// One playable variant with valid position strings reached by play, and move strings.
pub struct VariantCorpus {
    pub name: &'static str,
    pub game: AnyGame,
    pub positions: Vec<String>,
    /// The legal moves' strings in each of `positions`.
    pub moves: Vec<Vec<String>>,
    pub openings: Vec<Vec<String>>,
}

/// Every playable variant, each with its start position and positions after 2, 4, 8 and
/// 16 random plies (fixed seeds: the corpus is the same on every run).
pub fn corpus() -> Vec<VariantCorpus> {
    VARIANTS
        .iter()
        .filter(|v| v.status == Status::Playable)
        .filter_map(|info| {
            let game = variants::game(info.name).ok()?;
            let (positions, moves, openings) = with_game!(&game, g => {
                let start: &str = &g.variant().spec.start;
                let mut positions = vec![start.to_string()];
                let mut openings = Vec::new();
                for (i, plies) in [2usize, 4, 8, 16].into_iter().enumerate() {
                    let line = random_opening(g, plies, 0xF022, i).moves;
                    let Ok(mut pos) = parse_position(g, start) else { continue };
                    for m in &line {
                        if let Ok(mv) = parse_move(g, &mut pos, m) {
                            g.make(&mut pos, mv);
                        }
                    }
                    positions.push(write_position(g.variant(), &pos));
                    openings.push(line);
                }
                let mut moves = Vec::new();
                let mut list = MoveList::new();
                for text in &positions {
                    let Ok(mut pos) = parse_position(g, text) else { continue };
                    g.legal_moves(&mut pos, &mut list);
                    moves.push(list.iter().map(|m| move_text(g.variant(), m)).collect());
                }
                (positions, moves, openings)
            });
            Some(VariantCorpus {
                name: info.name,
                game,
                positions,
                moves,
                openings,
            })
        })
        .collect()
}

/// Position strings: a corpus string, unchanged one time in eight, else mutated.
pub fn position_string(rng: &mut Rng, c: &VariantCorpus) -> Verdict {
    let seed = &c.positions[rng.below(c.positions.len())];
    let words = ["w", "b", "-", "KQkq", "[]", "0", "1", "/", "11", "10"];
    let text = if rng.below(8) == 0 {
        seed.clone()
    } else {
        mutate(rng, seed, &words)
    };
    with_game!(&c.game, g => {
        let Ok(pos) = parse_position(g, &text) else { return Ok(false) };
        let written = write_position(g.variant(), &pos);
        if text == *seed && written != text {
            return Err(format!("{}: '{text}' writes back as '{written}'", c.name));
        }
        let again = parse_position(g, &written)
            .map_err(|e| format!("{}: '{text}' wrote '{written}', which fails: {e}", c.name))?;
        let twice = write_position(g.variant(), &again);
        if twice != written {
            return Err(format!("{}: '{written}' writes back as '{twice}'", c.name));
        }
        Ok(true)
    })
}

/// Move strings: a legal move's text, unchanged one time in four, else mutated.
pub fn move_string(rng: &mut Rng, c: &VariantCorpus) -> Verdict {
    let i = rng.below(c.positions.len());
    let (seed_position, texts) = (&c.positions[i], &c.moves[i]);
    with_game!(&c.game, g => {
        let v = g.variant();
        let mut pos = parse_position(g, seed_position)
            .map_err(|e| format!("{}: corpus position '{seed_position}': {e}", c.name))?;
        let words: Vec<&str> = texts.iter().map(String::as_str).collect();
        let seed = if texts.is_empty() { "e2e4" } else { words[rng.below(words.len())] };
        let text = if rng.below(4) == 0 { seed.to_string() } else { mutate(rng, seed, &words) };
        let (before, hash) = (write_position(v, &pos), pos.hash());
        match parse_move(g, &mut pos, &text) {
            Err(_) => {
                let after = write_position(v, &pos);
                if after != before || pos.hash() != hash {
                    return Err(format!(
                        "{}: rejected move '{text}' changed '{before}' into '{after}'",
                        c.name
                    ));
                }
                Ok(false)
            }
            Ok(mv) => {
                let written = move_text(v, &mv);
                if !texts.contains(&written) {
                    return Err(format!("{}: '{text}' accepted but not legal in '{before}'", c.name));
                }
                let back = parse_move(g, &mut pos, &written)
                    .map_err(|e| format!("{}: '{written}' (from '{text}') fails: {e}", c.name))?;
                if back != mv {
                    return Err(format!("{}: '{written}' reads back as another move", c.name));
                }
                Ok(true)
            }
        }
    })
}

/// Opening files: a few corpus lines with numbers and comments, then mutated.
pub fn opening_file(rng: &mut Rng, c: &VariantCorpus) -> Verdict {
    let mut seed = String::new();
    for (n, line) in c.openings.iter().enumerate().take(1 + rng.below(4)) {
        seed.push_str(&format!("1. {} # opening {n}\n", line.join(" ")));
    }
    // Set-up positions, with a legal move after them or as EPD with an operation.
    for _ in 0..rng.below(3) {
        let k = rng.below(c.positions.len());
        let position = &c.positions[k];
        match c.moves.get(k).and_then(|m| m.first()) {
            Some(mv) if rng.below(2) == 0 => seed.push_str(&format!("{position} moves {mv}\n")),
            _ => seed.push_str(&format!("{position} ; id \"fuzz\";\n")),
        }
    }
    let words = [
        "#", "1.", "*", "1-0", "\n", "\r\n", "1/2-1/2", " moves ", ";", "/",
    ];
    let text = if rng.below(8) == 0 {
        seed
    } else {
        mutate(rng, &seed, &words)
    };
    with_game!(&c.game, g => {
        let Ok(openings) = read_openings(g, &text) else { return Ok(false) };
        // An opening without moves (a line of move numbers only) is written as `*`.
        let written: String = openings.iter().map(|o| opening_line(o) + "\n").collect();
        let again = read_openings(g, &written)
            .map_err(|e| format!("{}: openings written back fail: {e}\n{written}", c.name))?;
        if again != openings {
            return Err(format!("{}: openings read back differently:\n{written}", c.name));
        }
        Ok(true)
    })
}

/// An opening as a line of an opening file (an empty move list as `*`).
fn opening_line(o: &Opening) -> String {
    match (&o.start, o.moves.is_empty()) {
        (Some(start), true) => start.clone(),
        (Some(start), false) => format!("{start} moves {}", o.moves.join(" ")),
        (None, true) => "*".to_string(),
        (None, false) => o.moves.join(" "),
    }
}

/// Variant files: sections of `builtin.ini` and keys of every kind, mutated.
pub fn variant_file(rng: &mut Rng) -> Verdict {
    const SEED: &str = include_str!("../variants/ini/builtin.ini");
    let sections: Vec<&str> = SEED.split("\n[").collect();
    let mut text = String::new();
    for _ in 0..1 + rng.below(3) {
        text.push('[');
        text.push_str(sections[rng.below(sections.len())]);
        text.push('\n');
    }
    let words = [
        "[",
        "]",
        ":",
        "=",
        "#",
        "\n",
        "customPiece1 = z:",
        "maxRank = ",
        "maxFile = ",
        "*",
        "-",
        "startFen = ",
        "promotionPieceTypes = ",
        "castlingKingsideFile = ",
        "king = k:",
        "NN",
        "pR",
        "gQ",
        "nN",
        "fmWfceF",
        "10",
        "16",
        "0",
        "true",
        "false",
        "[x:chess]\n",
    ];
    let text = mutate(rng, &text, &words);
    let report = variants::ini::read(&text, "fuzz.ini");
    let mut accepted = false;
    for d in &report.definitions {
        let Ok(spec) = &d.playable else { continue };
        accepted = true;
        let variant = spec
            .clone()
            .conclude()
            .map_err(|e| format!("[{}] read as playable but its tables fail: {e}", d.name))?;
        let game = variants::western::Western::new(variant);
        let pos = parse_position(&game, &spec.start)
            .map_err(|e| format!("[{}] read as playable but its start fails: {e}", d.name))?;
        let written = write_position(game.variant(), &pos);
        let again = parse_position(&game, &written)
            .map_err(|e| format!("[{}] start written as '{written}' fails: {e}", d.name))?;
        if write_position(game.variant(), &again) != written {
            return Err(format!(
                "[{}] start '{written}' reads back differently",
                d.name
            ));
        }
    }
    Ok(accepted)
}

const SPECS: &[&str] = &[
    "name=Sjaak,cmd=sjaakii tools/peers/sjaak_wildebeest_true.txt,proto=xboard,variant=wildebeest_true,letters=W:G",
    "name=FS,cmd=/usr/games/fairy-stockfish,option.Hash=16,option.Threads=1",
    "cmd=\"target/release/menagerie\",proto=uci",
    "name=a b,cmd='x y' z,option.UCI_Variant=wildebeest",
];
const CONTROLS: &[&str] = &["5+0.05", "40/60+1", "0.5+0", "10", "1:30+2", "nodes=5000"];
const SPRTS: &[&str] = &[
    "elo0=0,elo1=5,alpha=0.05,beta=0.05",
    "0,10",
    "elo0=-3,elo1=3",
];

/// Engine specs, time controls and SPRT settings of `menagerie match`.
pub fn match_setting(rng: &mut Rng) -> Verdict {
    let words = [
        "name=", "cmd=", "proto=", "option.", ",", "=", "uci", "xboard", "+",
    ];
    match rng.below(3) {
        0 => {
            let seed = SPECS[rng.below(SPECS.len())];
            let text = mutate(rng, seed, &words);
            Ok(EngineSpec::parse(&text).is_ok())
        }
        1 => {
            let seed = CONTROLS[rng.below(CONTROLS.len())];
            let text = mutate(rng, seed, &words);
            match TimeControl::parse(&text) {
                Ok(tc) => {
                    let again = TimeControl::parse(&text).map_err(|e| e.0)?;
                    if tc != again {
                        return Err(format!("time control '{text}' read twice differs"));
                    }
                    Ok(true)
                }
                Err(_) => Ok(false),
            }
        }
        _ => {
            let seed = SPRTS[rng.below(SPRTS.len())];
            let text = mutate(rng, seed, &words);
            Ok(SprtConfig::parse(&text).is_ok())
        }
    }
}
