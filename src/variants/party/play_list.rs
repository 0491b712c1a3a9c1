//! The Swinger Play List [1230.2 §3, §4.B(iii)], spec §6.4 (D39).
//!
//! The top entry is the player to move. At the end of every turn:
//! 1. the mover goes to the bottom;
//! 2. every player now in check moves to the top, keeping their order (a stable partition):
//!    first those the turn checked who were not in check when it began (D39a), then those
//!    still in check;
//! 3. skip rule: while at least 7 players have pieces on the board and the top player has none,
//!    the top player goes to the bottom (no play happens, the echo pattern is unchanged).
//!
//! The stored list is always in this normalised state; [`is_normal`] checks a list read from a
//! position string.

use super::attack;
use super::state::Players;
use super::state::{MAX, State};

/// The list after the turn of the player on top; `before` is who was in check when the turn
/// began.
pub fn after_turn(st: &State, before: Players) -> [u8; MAX] {
    let n = st.players as usize;
    let mut order = [0u8; MAX];
    order[..n - 1].copy_from_slice(&st.list[1..n]);
    order[n - 1] = st.list[0];
    normalise(st, &mut order[..n], before);
    order
}

/// Steps 2 and 3 of D39 on `order`: the newly checked, then the still checked, then the rest,
/// each group in its order; then the skip rule.
pub fn normalise(st: &State, order: &mut [u8], before: Players) {
    let checked = attack::check_set(st);
    let newly = checked & !before;
    let mut out = [0u8; MAX];
    let mut i = 0;
    let groups = [newly, checked & before, !checked];
    for group in groups {
        for &p in order.iter().filter(|&&p| group & (1 << p) != 0) {
            out[i] = p;
            i += 1;
        }
    }
    order.copy_from_slice(&out[..order.len()]);
    skip(st, order);
}

/// The skip rule: rotate past players with nothing on the board while 7 or more have pieces.
fn skip(st: &State, order: &mut [u8]) {
    if st.players_on_board() < 7 {
        return;
    }
    while st.onboard[order[0] as usize] == 0 {
        order.rotate_left(1);
    }
}

/// Why `st`'s play list is not in the state D39 leaves it in, if it is not.
pub fn is_normal(st: &State) -> Result<(), String> {
    let checked = attack::check_set(st);
    let list = st.play_list();
    let mut seen_unchecked = None;
    for &p in list {
        let letter = (b'a' + p) as char;
        if checked & (1 << p) == 0 {
            seen_unchecked.get_or_insert(letter);
        } else if let Some(u) = seen_unchecked {
            return Err(format!(
                "{letter} is in check but stands below {u}, who is not (checked players come first)"
            ));
        }
    }
    if st.players_on_board() >= 7 && st.onboard[list[0] as usize] == 0 {
        return Err(format!(
            "{} has no pieces on the board and would be skipped (7 or more players have pieces)",
            (b'a' + list[0]) as char
        ));
    }
    Ok(())
}
