//! Zobrist keys: a 64-bit fingerprint of a position for the transposition table and repetition
//! checks, updated per move with a few XORs. Keys come from a fixed `const` generator so every
//! build (native or wasm) computes the same hashes.

use crate::moves::Move;
use crate::position::{Color, Position};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// `[white man, white king, black man, black king][square]`.
static PIECE: [[u64; 32]; 4] = {
    let mut t = [[0u64; 32]; 4];
    let mut state = 0x5348_4153_484B_4931; // "SHASHKI1"
    let mut k = 0;
    while k < 4 {
        let mut i = 0;
        while i < 32 {
            let (s, z) = splitmix(state);
            state = s;
            t[k][i] = z;
            i += 1;
        }
        k += 1;
    }
    t
};

/// XORed in when Black is to move.
const BLACK_TO_MOVE: u64 = splitmix(0x0123_4567_89AB_CDEF).1;

#[inline(always)]
fn kind(color: Color, king: bool) -> usize {
    (color as usize) * 2 + king as usize
}

impl Position {
    /// The full Zobrist hash (computed from scratch).
    pub fn hash(&self) -> u64 {
        let mut h = if self.side_to_move() == Color::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        for color in [Color::White, Color::Black] {
            for sq in self.men(color) {
                h ^= PIECE[kind(color, false)][sq.index()];
            }
            for sq in self.kings(color) {
                h ^= PIECE[kind(color, true)][sq.index()];
            }
        }
        h
    }

    /// The hash after `m`, given this position's hash (cheaper than [`Position::hash`]).
    #[inline(always)]
    pub fn hash_after(&self, hash: u64, m: &Move) -> u64 {
        let us = self.side_to_move();
        let was_king = self.kings(us).contains(m.from());
        let mut h = hash ^ BLACK_TO_MOVE;
        h ^= PIECE[kind(us, was_king)][m.from().index()];
        h ^= PIECE[kind(us, was_king || m.promotes())][m.to().index()];
        let their_kings = self.kings(!us);
        for sq in m.captured() {
            h ^= PIECE[kind(!us, their_kings.contains(sq))][sq.index()];
        }
        h
    }
}
