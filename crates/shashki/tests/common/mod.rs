#![allow(dead_code)]

use shashki::notation::move_to_string;
use shashki::perft::{perft, Counting};
use shashki::{fen, legal_moves, Position, Variant};

pub fn pos(f: &str) -> Position {
    fen::parse(f).unwrap_or_else(|e| panic!("test FEN {f:?}: {e}"))
}

/// The legal moves in the variant's notation, sorted.
pub fn moves(variant: Variant, f: &str) -> Vec<String> {
    let p = pos(f);
    let mut v = Vec::new();
    legal_moves(&p, variant.rules(), &mut v);
    let mut s: Vec<String> = v
        .iter()
        .map(|m| move_to_string(&p, variant.rules(), m))
        .collect();
    s.sort();
    s
}

pub fn sorted(v: &[&str]) -> Vec<String> {
    let mut s: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    s.sort();
    s
}

pub fn count(variant: Variant, f: &str, depth: u32, counting: Counting) -> u64 {
    perft(&pos(f), variant.rules(), depth, counting)
}
