//! The transposition table: a fixed-size array of two-entry buckets, sized by the caller (a few
//! tens of MB in the browser). An entry keeps the best move as its index in the position's move
//! list — generation order is deterministic — so an entry is 12 bytes.

use alloc::vec::Vec;

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

#[derive(Copy, Clone, Default, Debug)]
struct Slot {
    key: u32,
    score: i16,
    depth: i8,
    /// bits 0–1: bound (0 = empty), bits 2–7: search generation.
    meta: u8,
    mv: u8,
}

/// What a probe returns.
#[derive(Copy, Clone, Debug)]
pub struct Hit {
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    /// Index of the best move in the legal move list, if one was stored.
    pub mv: Option<usize>,
}

const NO_MOVE: u8 = 255;

pub struct Tt {
    slots: Vec<Slot>,
    mask: usize,
    generation: u8,
}

impl Tt {
    /// A table of about `megabytes` MB (at least 4096 entries).
    pub fn new(megabytes: usize) -> Tt {
        let bytes = megabytes.clamp(1, 4096) << 20;
        let mut n = 4096usize;
        while n * 2 * core::mem::size_of::<Slot>() <= bytes {
            n *= 2;
        }
        Tt {
            slots: alloc::vec![Slot::default(); n],
            mask: n - 1,
            generation: 0,
        }
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = Slot::default());
        self.generation = 0;
    }

    /// Marks entries written from now on as newer, so old ones are replaced first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline(always)]
    fn bucket(&self, hash: u64) -> usize {
        (hash as usize) & self.mask & !1
    }

    /// Asks the processor to start loading the bucket of `hash`, so that a probe a little later
    /// (after the move generation) finds it in the cache instead of waiting for memory. x86-64
    /// has the instruction; elsewhere (WebAssembly has no prefetch) the bucket's first word is
    /// read and dropped: a load nothing waits on, so several of them are in flight at once, as
    /// prefetches would be.
    #[inline(always)]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot = &self.slots[self.bucket(hash)];
            // SAFETY: SSE is part of x86-64, and a prefetch reads nothing (a hint on a valid
            // address).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot as *const Slot as *const i8) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let key = &self.slots[self.bucket(hash)].key;
            // SAFETY: a pointer made from a reference is valid and aligned for the read.
            unsafe { core::ptr::read_volatile(key) };
        }
    }

    #[inline]
    pub fn probe(&self, hash: u64) -> Option<Hit> {
        let key = (hash >> 32) as u32;
        let b = self.bucket(hash);
        self.slots[b..b + 2]
            .iter()
            .find(|s| s.key == key && s.meta & 3 != 0)
            .map(|s| Hit {
                score: s.score as i32,
                depth: s.depth as i32,
                bound: match s.meta & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                },
                mv: (s.mv != NO_MOVE).then_some(s.mv as usize),
            })
    }

    #[inline]
    pub fn store(&mut self, hash: u64, depth: i32, score: i32, bound: Bound, mv: Option<usize>) {
        let key = (hash >> 32) as u32;
        let b = self.bucket(hash);
        let generation = self.generation;
        // Same key first; otherwise the stale or shallower slot.
        let i = if let Some(i) = (0..2).find(|&i| self.slots[b + i].key == key) {
            i
        } else {
            let value = |s: &Slot| {
                let stale = (s.meta >> 2) != generation || s.meta & 3 == 0;
                (s.depth as i32) - if stale { 256 } else { 0 }
            };
            if value(&self.slots[b]) <= value(&self.slots[b + 1]) {
                0
            } else {
                1
            }
        };
        let slot = &mut self.slots[b + i];
        let mv = match mv {
            Some(m) if m < NO_MOVE as usize => m as u8,
            // Keep a move already known for this position when the new result has none.
            _ if slot.key == key => slot.mv,
            _ => NO_MOVE,
        };
        *slot = Slot {
            key,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(-128, 127) as i8,
            meta: (generation << 2)
                | match bound {
                    Bound::Exact => 1,
                    Bound::Lower => 2,
                    Bound::Upper => 3,
                },
            mv,
        };
    }
}
