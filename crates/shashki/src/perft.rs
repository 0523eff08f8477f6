//! Perft: the number of leaf nodes of the legal move tree, the standard proof of a generator.
//!
//! Leaves are bulk-counted: at depth 1 a position without captures is counted with popcounts,
//! never generated.

use alloc::vec::Vec;

use crate::movegen::{count_quiet_moves, has_capture, legal_moves, legal_moves_all_paths};
use crate::moves::Move;
use crate::position::Position;
use crate::variant::Rules;

/// What counts as one move.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Counting {
    /// Moves with the same from, to and captured set count once (they give the same position).
    #[default]
    Distinct,
    /// Every capture path counts (most published tables for English checkers).
    AllPaths,
}

fn generate(pos: &Position, rules: &Rules, counting: Counting, out: &mut Vec<Move>) {
    match counting {
        Counting::Distinct => legal_moves(pos, rules, out),
        Counting::AllPaths => legal_moves_all_paths(pos, rules, out),
    }
}

fn count_leaves(pos: &Position, rules: &Rules, counting: Counting, buf: &mut Vec<Move>) -> u64 {
    if has_capture(pos, rules) {
        generate(pos, rules, counting, buf);
        buf.len() as u64
    } else {
        count_quiet_moves(pos, rules)
    }
}

fn inner(
    pos: &Position,
    rules: &Rules,
    depth: u32,
    counting: Counting,
    bufs: &mut [Vec<Move>],
) -> u64 {
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    if depth == 1 {
        return count_leaves(pos, rules, counting, buf);
    }
    generate(pos, rules, counting, buf);
    let mut nodes = 0;
    for m in buf.iter() {
        nodes += inner(&pos.play(m), rules, depth - 1, counting, rest);
    }
    nodes
}

/// Leaf count of the move tree `depth` plies deep.
pub fn perft(pos: &Position, rules: &Rules, depth: u32, counting: Counting) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut bufs: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    inner(pos, rules, depth, counting, &mut bufs)
}

/// Perft of each legal move's subtree (for finding where two generators disagree).
pub fn divide(pos: &Position, rules: &Rules, depth: u32, counting: Counting) -> Vec<(Move, u64)> {
    let mut moves = Vec::new();
    generate(pos, rules, counting, &mut moves);
    moves
        .into_iter()
        .map(|m| {
            let n = perft(&pos.play(&m), rules, depth.saturating_sub(1), counting);
            (m, n)
        })
        .collect()
}
