//! Stabber's Knives and winning a hand [1230.30, 1230.40], spec §6.3, §6.5, §8 (D41, D44,
//! D44a).
//!
//! Knives are awarded at once by the plays that earn them (`make.rs`): one to the capturer of a
//! King, one to each player attacking a King whose owner surrenders. After every play, with
//! T = Σk and S players, a winner is declared when T > S and exactly one player holds the most
//! knives, or when some player has 2k > S (several such players: the one with most knives, and
//! none on a tie, D44a). With `PartyEnd = first-knife` the first award ends the hand: a single
//! recipient wins, several share a draw.

/// The winner by the knife rule, if any.
pub fn winner(knives: &[u16]) -> Option<u8> {
    let s = knives.len() as u32;
    let total: u32 = knives.iter().map(|&k| k as u32).sum();
    let max = *knives.iter().max()?;
    let leaders: Vec<u8> = (0..knives.len() as u8)
        .filter(|&p| knives[p as usize] == max)
        .collect();
    let over_half: Vec<u8> = (0..knives.len() as u8)
        .filter(|&p| 2 * knives[p as usize] as u32 > s)
        .collect();
    if !over_half.is_empty() {
        // The most knives among them wins; a tie means nobody yet (D44a). The leaders of the
        // whole table are exactly the most-knived of those over half.
        return (leaders.len() == 1).then(|| leaders[0]);
    }
    (total > s && leaders.len() == 1).then(|| leaders[0])
}

/// First-knife mode: `None` while nobody holds a knife; then `Some(winner)` if exactly one
/// player holds knives, `Some(None)` (a shared draw) if several do.
pub fn first_knife(knives: &[u16]) -> Option<Option<u8>> {
    let holders: Vec<u8> = (0..knives.len() as u8)
        .filter(|&p| knives[p as usize] > 0)
        .collect();
    match holders.len() {
        0 => None,
        1 => Some(Some(holders[0])),
        _ => Some(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_of_the_table() {
        // §8: knives to win outright for S = 2..8.
        for (s, need) in [(2, 2), (3, 2), (4, 3), (5, 3), (6, 4), (7, 4), (8, 5)] {
            let mut k = vec![0u16; s];
            k[0] = need - 1;
            assert_eq!(winner(&k), None, "S={s}");
            k[0] = need;
            assert_eq!(winner(&k), Some(0), "S={s}");
        }
    }
}
