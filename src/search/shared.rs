//! The transposition table as the search threads share it: the hash table ([`HashTable`])
//! and what each thread leaves to the next search's thread of the same id (its move-ordering
//! statistics, evaluation cache and pawn table). A new game clears all of it together.

use std::sync::Mutex;

use super::ordering::Heuristics;
use super::tt::{Bound, Entry, HashTable};
use crate::eval::cache::EvalCache;
use crate::eval::pawn_structure::PawnTable;

/// The hash table and each search thread's leftovers.
pub struct TranspositionTable {
    hash: HashTable,
    /// The move-ordering statistics each search thread leaves to the next search (indexed by
    /// thread id): with the table they are what one move's search teaches the next.
    carry: PerThread<Heuristics>,
    /// Each search thread's cache of static evaluations, kept for its next search the same
    /// way: in a game the next move's tree holds many of the positions this one evaluated.
    /// Everything that changes the evaluator clears the table, and with it these.
    eval_caches: PerThread<EvalCache>,
    /// Each search thread's table of pawn structures, kept the same way.
    pawn_tables: PerThread<PawnTable>,
}

/// What each search thread leaves to the next search's thread of the same id.
struct PerThread<T>(Mutex<Vec<Option<T>>>);

impl<T> PerThread<T> {
    fn new() -> Self {
        PerThread(Mutex::new(Vec::new()))
    }

    fn slots(&self) -> std::sync::MutexGuard<'_, Vec<Option<T>>> {
        // A thread that panicked while holding the lock left nothing half-written that matters.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn take(&self, thread: usize) -> Option<T> {
        self.slots().get_mut(thread).and_then(Option::take)
    }

    fn keep(&self, thread: usize, value: T) {
        let mut slots = self.slots();
        if slots.len() <= thread {
            slots.resize_with(thread + 1, || None);
        }
        slots[thread] = Some(value);
    }

    fn clear(&self) {
        self.slots().clear();
    }
}

impl TranspositionTable {
    /// A table of about `megabytes` MiB ([`HashTable::new`]), with no leftovers yet.
    pub fn new(megabytes: usize) -> Self {
        TranspositionTable {
            hash: HashTable::new(megabytes),
            carry: PerThread::new(),
            eval_caches: PerThread::new(),
            pawn_tables: PerThread::new(),
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        self.hash.clear();
        self.carry.clear();
        self.eval_caches.clear();
        self.pawn_tables.clear();
    }

    /// The evaluation cache search thread `thread` left at the end of its last search (none
    /// after [`clear`](Self::clear)).
    pub fn take_eval_cache(&self, thread: usize) -> Option<EvalCache> {
        self.eval_caches.take(thread)
    }

    /// Keeps search thread `thread`'s evaluation cache for the next search.
    pub fn keep_eval_cache(&self, thread: usize, cache: EvalCache) {
        self.eval_caches.keep(thread, cache);
    }

    /// The table of pawn structures search thread `thread` left at the end of its last search
    /// (none after [`clear`](Self::clear)).
    pub fn take_pawn_table(&self, thread: usize) -> Option<PawnTable> {
        self.pawn_tables.take(thread)
    }

    /// Keeps search thread `thread`'s table of pawn structures for the next search.
    pub fn keep_pawn_table(&self, thread: usize, table: PawnTable) {
        self.pawn_tables.keep(thread, table);
    }

    /// The move-ordering statistics search thread `thread` left at the end of its last search
    /// (none after [`clear`](Self::clear)).
    pub fn take_heuristics(&self, thread: usize) -> Option<Heuristics> {
        self.carry.take(thread)
    }

    /// Keeps search thread `thread`'s statistics for the next search.
    pub fn keep_heuristics(&self, thread: usize, heuristics: Heuristics) {
        self.carry.keep(thread, heuristics);
    }

    /// Starts a new search ([`HashTable::new_search`]).
    #[inline]
    pub fn new_search(&self) {
        self.hash.new_search();
    }

    /// [`HashTable::prefetch`].
    #[inline]
    pub fn prefetch(&self, key: u64) {
        self.hash.prefetch(key);
    }

    /// [`HashTable::probe`].
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.hash.probe(key)
    }

    /// [`HashTable::store`].
    #[inline]
    pub fn store(&self, key: u64, mv: u32, score: i32, depth: i32, bound: Bound) {
        self.hash.store(key, mv, score, depth, bound);
    }

    /// [`HashTable::hashfull`].
    pub fn hashfull(&self) -> u32 {
        self.hash.hashfull()
    }
}
