//! A search thread's cache of exact static evaluations, by position hash.
//!
//! Two tables, because the two searches ask different questions:
//! - the main search's evaluations ([`EvalCache::searched`]): quiescence takes these for its
//!   stand-pat score when they are there, as it always did;
//! - quiescence's own exact evaluations ([`EvalCache::quiescence`]): quiescence evaluates
//!   lazily (a rough score when the cheap terms put a position far outside its window), so
//!   these serve only where the exact score is wanted anyway: the main search's static
//!   evaluation, and quiescence once its rough check has passed. About a tenth of a search's
//!   full evaluations repeated an earlier one, mostly one quiescence had made (at the next
//!   depth of the iterative deepening, or through a transposition), and the full evaluation
//!   is the search's most costly step.
//!
//! Keeping them apart leaves every search exactly as it was: each score read is the one the
//! evaluation would give, and quiescence never gets an exact score where it took a rough one.

/// Entries per table (a power of two).
const ENTRIES: usize = 1 << 16;

/// See the module documentation.
pub struct EvalCache {
    searched: Vec<(u64, i32)>,
    quiescence: Vec<(u64, i32)>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            searched: vec![(0, 0); ENTRIES],
            quiescence: vec![(0, 0); ENTRIES],
        }
    }
}

impl EvalCache {
    fn slot(key: u64) -> usize {
        key as usize & (ENTRIES - 1)
    }

    fn read(table: &[(u64, i32)], key: u64) -> Option<i32> {
        let (stored, score) = table[Self::slot(key)];
        (stored == key && key != 0).then_some(score)
    }

    /// The main search's evaluation of the position with hash `key`, if kept.
    pub fn searched(&self, key: u64) -> Option<i32> {
        Self::read(&self.searched, key)
    }

    /// Quiescence's exact evaluation of the position with hash `key`, if kept.
    pub fn quiescence(&self, key: u64) -> Option<i32> {
        Self::read(&self.quiescence, key)
    }

    /// Keeps the main search's evaluation.
    pub fn keep_searched(&mut self, key: u64, score: i32) {
        self.searched[Self::slot(key)] = (key, score);
    }

    /// Keeps an exact evaluation quiescence made.
    pub fn keep_quiescence(&mut self, key: u64, score: i32) {
        self.quiescence[Self::slot(key)] = (key, score);
    }

    /// The kept entries of the main search's table (key, score).
    pub fn searched_entries(&self) -> impl Iterator<Item = (u64, i32)> + '_ {
        self.searched.iter().copied().filter(|&(key, _)| key != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_tables_stay_apart() {
        let mut cache = EvalCache::default();
        cache.keep_quiescence(77, 12);
        assert_eq!(cache.searched(77), None);
        assert_eq!(cache.quiescence(77), Some(12));
        cache.keep_searched(77, 13);
        assert_eq!(
            (cache.searched(77), cache.quiescence(77)),
            (Some(13), Some(12))
        );
        // A key sharing the slot replaces the entry; hash 0 is never taken as kept.
        cache.keep_searched(77 + ENTRIES as u64, 5);
        assert_eq!(cache.searched(77), None);
        cache.keep_searched(0, 3);
        assert_eq!(cache.searched(0), None);
    }
}
