//! Perft for N-player games of atomic plays (`core::multi`): counts **complete plays**. A turn
//! is walked atom by atom until `END_TURN`; a complete play counts 1 at the last level, and
//! the last level is counted by [`MultiGame::count_plays`] (which a game may do without making
//! every atom). Compound plays are never listed, so memory stays bounded however many plays a
//! turn has.
//!
//! With verification (always in debug builds) every atom is made and unmade and checked: the
//! position string and the hash come back exactly, the game's own consistency check passes,
//! every atom that does not close the turn can still be completed (no dead ends), and at the
//! last level the walked count equals `count_plays`.
//!
//! Output follows docs/notation.md: `<play>: <count>` per root play, a blank line, then
//! `Nodes searched: <total>`.

use crate::core::multi::MultiNotation;

/// Counts the complete plays at exactly `depth` turns.
pub fn perft<G: MultiNotation>(game: &G, pos: &mut G::Pos, depth: u32) -> u64 {
    if cfg!(debug_assertions) {
        count::<G, true>(game, pos, depth)
    } else {
        count::<G, false>(game, pos, depth)
    }
}

/// Like [`perft`] but always verifies make/unmake at every atom.
pub fn perft_verified<G: MultiNotation>(game: &G, pos: &mut G::Pos, depth: u32) -> u64 {
    count::<G, true>(game, pos, depth)
}

fn count<G: MultiNotation, const VERIFY: bool>(game: &G, pos: &mut G::Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 && !VERIFY {
        return game.count_plays(pos);
    }
    let walked = walk::<G, VERIFY>(game, pos, depth);
    if VERIFY && depth == 1 {
        let counted = game.count_plays(pos);
        assert_eq!(
            walked,
            counted,
            "count_plays differs from the walked count in {}",
            game.write_position(pos)
        );
    }
    walked
}

/// Walks the atoms of the current turn; at each `END_TURN` counts `depth - 1` turns further.
fn walk<G: MultiNotation, const VERIFY: bool>(game: &G, pos: &mut G::Pos, depth: u32) -> u64 {
    let mut atoms = Vec::new();
    game.atoms(pos, &mut atoms);
    let mut total = 0;
    for atom in atoms {
        let next_depth = if atom == G::END_TURN {
            depth - 1
        } else {
            depth
        };
        if VERIFY {
            total += verified_step::<G>(game, pos, atom, next_depth, atom == G::END_TURN);
        } else {
            game.make_atom(pos, atom);
            total += if atom == G::END_TURN {
                count::<G, VERIFY>(game, pos, next_depth)
            } else {
                walk::<G, VERIFY>(game, pos, next_depth)
            };
            game.unmake_atom(pos);
        }
    }
    total
}

fn verified_step<G: MultiNotation>(
    game: &G,
    pos: &mut G::Pos,
    atom: G::Atom,
    depth: u32,
    closes: bool,
) -> u64 {
    let before = game.write_position(pos);
    let hash = game.hash(pos);
    let text = if closes {
        "END_TURN".to_string()
    } else {
        game.atom_text(pos, atom)
    };
    game.make_atom(pos, atom);
    if let Err(e) = game.check_consistency(pos) {
        panic!("after {text} in {before}: {e}");
    }
    // No dead ends: an atom that does not close the turn leaves at least one legal way to.
    if !closes {
        assert!(
            game.count_plays(pos) > 0,
            "{text} in {before} is a dead end: no complete play follows it"
        );
    }
    let n = if closes {
        count::<G, true>(game, pos, depth)
    } else {
        walk::<G, true>(game, pos, depth)
    };
    game.unmake_atom(pos);
    assert_eq!(
        game.write_position(pos),
        before,
        "unmake of {text} did not restore the position"
    );
    assert_eq!(
        game.hash(pos),
        hash,
        "unmake of {text} did not restore the hash in {before}"
    );
    n
}

/// Per root play: its text and count, in generation order, and the total. The root plays are
/// enumerated one by one (a divide of a turn with 10^6 plays prints 10^6 lines).
pub fn divide<G: MultiNotation>(
    game: &G,
    pos: &mut G::Pos,
    depth: u32,
    mut line: impl FnMut(&str, u64),
) -> u64 {
    let mut texts = Vec::new();
    divide_walk(game, pos, depth.max(1), &mut texts, &mut line)
}

fn divide_walk<G: MultiNotation>(
    game: &G,
    pos: &mut G::Pos,
    depth: u32,
    texts: &mut Vec<String>,
    line: &mut impl FnMut(&str, u64),
) -> u64 {
    let mut atoms = Vec::new();
    game.atoms(pos, &mut atoms);
    let mut total = 0;
    for atom in atoms {
        if atom == G::END_TURN {
            game.make_atom(pos, atom);
            let n = perft(game, pos, depth - 1);
            game.unmake_atom(pos);
            line(&texts.join(","), n);
            total += n;
        } else {
            texts.push(game.atom_text(pos, atom));
            game.make_atom(pos, atom);
            total += divide_walk(game, pos, depth, texts, line);
            game.unmake_atom(pos);
            texts.pop();
        }
    }
    total
}

/// Plays `texts` (one play each) from `pos`; the error names the play.
pub fn play_all<G: MultiNotation>(
    game: &G,
    pos: &mut G::Pos,
    texts: &[String],
) -> Result<(), String> {
    for text in texts {
        let atoms = game.read_play(pos, text).map_err(|e| e.to_string())?;
        for atom in atoms {
            game.make_atom(pos, atom);
        }
    }
    Ok(())
}
