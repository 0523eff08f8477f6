//! A small direct-mapped cache of static evaluations, keyed by the position's hash.
//!
//! The search evaluates the same position more than once: a node's static value for pruning and
//! then its children's leaves reach it again by transposition, and every iteration of the
//! deepening walks much of the previous tree. The learned evaluation reads 25–50 pattern weights
//! from a table larger than the processor's caches, so recalling a value from a table small enough
//! to stay in them is cheaper than computing it. The value is the evaluator's own, before the
//! search's contempt, so the cache only has to be emptied when the evaluator changes.

use alloc::vec::Vec;

/// Entries (a power of two): 2^15 × 8 bytes = 256 KB.
const ENTRIES: usize = 1 << 15;

pub struct EvalCache {
    /// Per entry: the hash's upper 32 bits, then the value as a `u32`; 0 is an empty entry
    /// (a key of 0 is simply never cached).
    entries: Vec<u64>,
}

impl EvalCache {
    pub fn new() -> EvalCache {
        EvalCache {
            entries: alloc::vec![0; ENTRIES],
        }
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = 0);
    }

    /// The cached value of the position with this hash, or `eval()` (then cached).
    #[inline]
    pub fn get_or(&mut self, hash: u64, eval: impl FnOnce() -> i32) -> i32 {
        let key = hash >> 32;
        let slot = &mut self.entries[hash as usize & (ENTRIES - 1)];
        if key != 0 && *slot >> 32 == key {
            return *slot as u32 as i32;
        }
        let v = eval();
        if key != 0 {
            *slot = (key << 32) | (v as u32 as u64);
        }
        v
    }
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_recalled_by_its_hash_and_only_by_it() {
        let mut c = EvalCache::new();
        let h = 0x1234_5678_9ABC_DEF0;
        assert_eq!(c.get_or(h, || -37), -37);
        assert_eq!(c.get_or(h, || unreachable!("cached")), -37);
        // Same slot, another key: computed afresh and replaces the old value.
        let other = h ^ (1 << 40);
        assert_eq!(c.get_or(other, || 5), 5);
        assert_eq!(c.get_or(h, || 9), 9);
        c.clear();
        assert_eq!(c.get_or(h, || 11), 11);
    }
}
