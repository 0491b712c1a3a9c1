//! Random games for the evaluation's and the search's tests: the positions a search meets,
//! every kind of man on the move, without a generator crate.

use crate::core::game::Game;
use crate::core::moves::Move;
use crate::core::position::Position;
use crate::core::variant::Variant;
use crate::fen::parse_position;
use crate::variants::game;

/// What sees each position of a random game: the variant's name, the variant, the position
/// and its legal moves.
pub type Visit<'v> = dyn FnMut(&str, &Variant, &Position, &[Move]) + 'v;

/// Plays `plies` moves picked at random (xorshift64* from `seed`) in each variant of `names`,
/// from its start and again from there when a game ends, and shows `visit` every position
/// with its legal moves.
pub fn visit_random_games<'a>(
    names: impl IntoIterator<Item = &'a str>,
    plies: usize,
    seed: u64,
    visit: &mut Visit<'_>,
) {
    let mut rng = crate::core::random::XorShift64Star::new(seed);
    for name in names {
        let any = game(name).unwrap();
        crate::with_game!(&any, g => {
            let v = g.variant();
            let mut pos = parse_position(g, &v.spec.start).unwrap();
            let mut moves = Vec::new();
            for _ in 0..plies {
                g.legal_moves(&mut pos, &mut moves);
                visit(name, v, &pos, &moves);
                if moves.is_empty() {
                    pos = parse_position(g, &v.spec.start).unwrap();
                    continue;
                }
                g.make(&mut pos, moves[rng.below(moves.len())]);
            }
        })
    }
}

/// The names of the two-player variants (those a [`crate::variants::AnyGame`] plays).
pub fn two_player_variants() -> impl Iterator<Item = &'static str> {
    crate::variants::VARIANTS
        .iter()
        .filter(|info| !info.is_multi() && game(info.name).is_ok())
        .map(|info| info.name)
}
