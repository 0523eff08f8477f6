//! Perft: the number of leaf nodes of the legal move tree, the standard proof of a generator.
//!
//! Leaves are bulk-counted: at depth 1 a position without captures is counted with popcounts,
//! never generated.

use alloc::vec::Vec;

use crate::movegen::{self, dispatch, legal_moves, legal_moves_all_paths, Job, Shape, Side};
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

/// The walk, compiled for one rule shape and side to move (see [`movegen::dispatch`]); `bufs`
/// holds one move list per ply (at the last ply it is scratch space for the leaf count).
fn inner<Sh: Shape, C: Side, const DEDUP: bool>(
    pos: &Position,
    rules: &Rules,
    depth: u32,
    bufs: &mut [Vec<Move>],
) -> u64 {
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    if depth == 1 {
        return movegen::count::<Sh, C, DEDUP>(pos, rules, buf);
    }
    movegen::generate::<Sh, C, DEDUP>(pos, rules, buf);
    let mut nodes = 0;
    if depth == 2 {
        let scratch = &mut rest[0];
        for m in buf.iter() {
            nodes += movegen::count::<Sh, C::Other, DEDUP>(&pos.play(m), rules, scratch);
        }
    } else {
        for m in buf.iter() {
            nodes += inner::<Sh, C::Other, DEDUP>(&pos.play(m), rules, depth - 1, rest);
        }
    }
    nodes
}

struct Walk<'a> {
    depth: u32,
    counting: Counting,
    bufs: &'a mut [Vec<Move>],
}

impl Job for Walk<'_> {
    type Out = u64;
    fn run<Sh: Shape, C: Side>(self, pos: &Position, rules: &Rules) -> u64 {
        match self.counting {
            Counting::Distinct => inner::<Sh, C, true>(pos, rules, self.depth, self.bufs),
            Counting::AllPaths => inner::<Sh, C, false>(pos, rules, self.depth, self.bufs),
        }
    }
}

/// Leaf count of the move tree `depth` plies deep.
pub fn perft(pos: &Position, rules: &Rules, depth: u32, counting: Counting) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut bufs: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    let walk = Walk {
        depth,
        counting,
        bufs: &mut bufs,
    };
    dispatch(pos, rules, walk)
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
