//! The hash table: one shared table of what earlier searches learned about a position (best
//! move, score, depth, bound), read and written by every search thread without locks. It
//! knows moves and nothing else of the engine; [`super::TranspositionTable`] adds what each
//! search thread leaves to the next search.
//!
//! Each entry is two 64-bit words: the data and `key ^ data`. A reader accepts the entry only
//! when `stored_key ^ data` gives back its own key, so a torn write by another thread reads as
//! a miss instead of as wrong data (the "lockless hashing" of Hyatt and Mann).

use std::sync::atomic::{AtomicU64, Ordering};

use crate::core::moves::{Move, MoveKind};
use crate::geometry::NO_SQ;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (every move failed low).
    Upper = 1,
    /// The true score is at least this (a move failed high).
    Lower = 2,
    Exact = 3,
}

/// One probed entry.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub packed_move: u32,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The hash table. Its size is a power of two number of slots.
pub struct HashTable {
    slots: Vec<Slot>,
    mask: usize,
    age: AtomicU64,
}

const MOVE_BITS: u32 = 29;

/// Packs the parts of a move that identify it among the legal moves of a position (the `aux`
/// square is implied by the others and found again in the move list).
pub fn pack_move(mv: Move) -> u32 {
    let sq = |s: u16| if s == NO_SQ { 511 } else { s as u32 & 511 };
    let kind = match mv.kind {
        MoveKind::Normal => 0,
        MoveKind::EnPassant => 1,
        MoveKind::Castle => 2,
        MoveKind::Drop => 3,
        MoveKind::Null => 4,
    };
    sq(mv.from) | sq(mv.to) << 9 | kind << 18 | (mv.piece as u32) << 21
}

/// The packed value that stands for "no move".
pub const NO_MOVE: u32 = 0;

impl HashTable {
    /// A table of about `megabytes` MiB (at least one slot per 16 bytes, rounded down to a power
    /// of two; at least 1024 slots).
    pub fn new(megabytes: usize) -> Self {
        let bytes = megabytes.clamp(1, 1 << 16) << 20;
        let wanted = (bytes / std::mem::size_of::<Slot>()).max(1024);
        let count = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let slots = (0..count)
            .map(|_| Slot {
                check: AtomicU64::new(0),
                data: AtomicU64::new(0),
            })
            .collect();
        HashTable {
            slots,
            mask: count - 1,
            age: AtomicU64::new(0),
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for slot in &self.slots {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn age(&self) -> u64 {
        self.age.load(Ordering::Relaxed) & 63
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots[(key as usize) & self.mask]
    }

    /// Asks the processor to fetch the slot of `key` into its cache. Called right after a
    /// move is made, so the fetch overlaps the work before the child's probe: the table is
    /// far larger than the caches, and the probes' waits on memory were about a tenth of a
    /// Wildebeest search's time (`perf`). Measured gain: about 1.5% less time for the same
    /// nodes.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot: *const Slot = self.slot(key);
            // SAFETY: prefetching is only a hint; it reads nothing and faults on no address.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        if data == 0 || check ^ data != key {
            return None;
        }
        let bound = match (data >> 53) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        Some(Entry {
            packed_move: (data & ((1 << MOVE_BITS) - 1)) as u32,
            score: ((data >> MOVE_BITS) & 0xffff) as u16 as i16 as i32,
            depth: ((data >> 45) & 0xff) as i32,
            bound,
        })
    }

    /// Stores a result; deeper results and results of the current search are kept in
    /// preference to shallow old ones.
    pub fn store(&self, key: u64, mv: u32, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let old = slot.data.load(Ordering::Relaxed);
        let age = self.age();
        if old != 0 && slot.check.load(Ordering::Relaxed) ^ old == key {
            let old_depth = ((old >> 45) & 0xff) as i32;
            if bound != Bound::Exact && depth + 2 < old_depth {
                return;
            }
        } else if old != 0 {
            let old_depth = ((old >> 45) & 0xff) as i32;
            let old_age = (old >> 55) & 63;
            if old_age == age && depth + 4 < old_depth {
                return;
            }
        }
        let mut mv = mv as u64;
        if mv == NO_MOVE as u64 && old != 0 && slot.check.load(Ordering::Relaxed) ^ old == key {
            // Keep the move a shallower search found rather than lose it.
            mv = old & ((1 << MOVE_BITS) - 1);
        }
        let data = mv
            | ((score.clamp(-32767, 32767) as i16 as u16 as u64) << MOVE_BITS)
            | ((depth.clamp(0, 255) as u64) << 45)
            | ((bound as u64) << 53)
            | (age << 55);
        slot.check.store(key ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }

    /// Per-mille of sampled slots written in the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = self.age();
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && (d >> 55) & 63 == age
            })
            .count();
        (used * 1000 / sample) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes_negative_scores_and_moves() {
        let tt = HashTable::new(1);
        let mv = pack_move(Move::promotion(12, 445, 4));
        tt.store(0xdead_beef_1234, mv, -31000, 17, Bound::Lower);
        let e = tt.probe(0xdead_beef_1234).expect("stored entry");
        assert_eq!(
            (e.packed_move, e.score, e.depth, e.bound),
            (mv, -31000, 17, Bound::Lower)
        );
        assert!(tt.probe(0xdead_beef_1235).is_none());
    }

    #[test]
    fn packed_moves_differ_by_kind_and_piece() {
        let a = pack_move(Move::normal(3, 4));
        let b = pack_move(Move::promotion(3, 4, 1));
        let c = pack_move(Move::drop(1, 4));
        assert!(a != b && b != c && a != c && a != NO_MOVE);
    }
}
