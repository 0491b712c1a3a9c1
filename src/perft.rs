//! Perft: count the leaves of the legal move tree, the standard test of a move generator.
//!
//! Output follows docs/notation.md: one `<move>: <count>` line per root move, a blank line,
//! then `Nodes searched: <total>`. With `verify` every move is made and unmade and checked:
//! the position string and hash come back exactly, and the incremental hash equals a fresh one.
//! Debug builds verify always; release builds count the last ply without making the moves.

pub mod multi;

use crate::core::game::Game;
use crate::core::moves::{Move, MoveList};
use crate::core::position::Position;
use crate::fen::{move_text, write_position};

/// Counts leaves at exactly `depth` plies.
pub fn perft<G: Game>(game: &G, pos: &mut Position, depth: u32) -> u64 {
    let mut lists = vec![MoveList::with_capacity(256); depth as usize + 1];
    if cfg!(debug_assertions) {
        count::<G, true>(game, pos, depth, &mut lists)
    } else {
        count::<G, false>(game, pos, depth, &mut lists)
    }
}

/// Like [`perft`] but always verifies make/unmake and hashing at every node.
pub fn perft_verified<G: Game>(game: &G, pos: &mut Position, depth: u32) -> u64 {
    let mut lists = vec![MoveList::with_capacity(256); depth as usize + 1];
    count::<G, true>(game, pos, depth, &mut lists)
}

fn count<G: Game, const VERIFY: bool>(
    game: &G,
    pos: &mut Position,
    depth: u32,
    lists: &mut [MoveList],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one move list per ply");
    if depth == 1 && !VERIFY {
        return game.count_legal(pos, list);
    }
    game.legal_moves(pos, list);
    let mut total = 0;
    for &mv in list.iter() {
        if VERIFY {
            total += verified_step(game, pos, mv, depth, rest);
        } else {
            game.make(pos, mv);
            total += count::<G, VERIFY>(game, pos, depth - 1, rest);
            game.unmake(pos);
        }
    }
    total
}

fn verified_step<G: Game>(
    game: &G,
    pos: &mut Position,
    mv: Move,
    depth: u32,
    rest: &mut [MoveList],
) -> u64 {
    let v = game.variant();
    let before = write_position(v, pos);
    let hash = pos.hash();
    game.make(pos, mv);
    let fresh = pos.fresh_hash(&v.zobrist);
    assert_eq!(
        pos.hash(),
        fresh,
        "incremental hash differs from a fresh one after {} in {before}",
        move_text(v, &mv)
    );
    let n = count::<G, true>(game, pos, depth - 1, rest);
    game.unmake(pos);
    assert_eq!(
        write_position(v, pos),
        before,
        "unmake of {} did not restore the position",
        move_text(v, &mv)
    );
    assert_eq!(
        pos.hash(),
        hash,
        "unmake of {} did not restore the hash in {before}",
        move_text(v, &mv)
    );
    n
}

/// Per-root-move counts, in generation order, and their total.
pub fn divide<G: Game>(game: &G, pos: &mut Position, depth: u32) -> (Vec<(String, u64)>, u64) {
    let mut roots = MoveList::new();
    game.legal_moves(pos, &mut roots);
    let mut lines = Vec::with_capacity(roots.len());
    let mut total = 0;
    for mv in roots {
        let n = if depth <= 1 {
            1
        } else {
            game.make(pos, mv);
            let n = perft(game, pos, depth - 1);
            game.unmake(pos);
            n
        };
        total += n;
        lines.push((move_text(game.variant(), &mv), n));
    }
    (lines, total)
}

/// The divide report in the Fairy-Stockfish format of docs/notation.md.
pub fn divide_report(lines: &[(String, u64)], total: u64) -> String {
    let mut out = String::new();
    for (mv, n) in lines {
        out.push_str(&format!("{mv}: {n}\n"));
    }
    out.push_str(&format!("\nNodes searched: {total}\n"));
    out
}
