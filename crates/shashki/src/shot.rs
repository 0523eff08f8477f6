//! Shots (combinations): positions where one move wins material or the game and every other move
//! does not. They are judged by a plain material search, independent of the evaluation, so a
//! puzzle found today stays a puzzle whatever the engine's weights become: the puzzle files are
//! checked against exactly this code.
//!
//! The search is fixed-depth negamax with alpha-beta over material only (a man 100, a king by the
//! variant), captures always played out past the horizon, no draw rules (a shot is short), and a
//! node limit so every answer is bounded and deterministic.

use alloc::vec::Vec;

use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::notation::{move_to_string, parse_move};
use crate::position::{Color, Position};
use crate::variant::{KingRange, Rules};

/// What "wins material" means: at least one man more than before the shot.
pub const GAIN: i32 = 100;
/// A won game, less the plies it takes.
const WIN: i32 = 10_000;
/// Captures are played out at most this far past the horizon.
const MAX_PLY: usize = 64;
/// Nodes one root-move test may visit; beyond it the answer is "unknown".
pub const NODE_LIMIT: u64 = 2_000_000;

/// A man is 100; a flying king is worth about three men, a short-range king under two.
pub fn king_value(rules: &Rules) -> i32 {
    match rules.king_range {
        KingRange::Flying => 300,
        KingRange::Short => 180,
    }
}

/// Material of `color` minus its opponent's.
pub fn material(pos: &Position, rules: &Rules, color: Color) -> i32 {
    let k = king_value(rules);
    let side = |c: Color| pos.men(c).count() as i32 * 100 + pos.kings(c).count() as i32 * k;
    side(color) - side(!color)
}

/// The search ran out of nodes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OutOfNodes;

/// A material-only searcher with its move buffers.
pub struct MaterialSearch {
    rules: &'static Rules,
    nodes: u64,
    limit: u64,
    buffers: Vec<Vec<Move>>,
}

impl MaterialSearch {
    pub fn new(rules: &'static Rules) -> MaterialSearch {
        MaterialSearch {
            rules,
            nodes: 0,
            limit: NODE_LIMIT,
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
        }
    }

    /// Nodes visited by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The material balance (side to move's view) that best play reaches after `m`, searched
    /// `depth` plies, within `alpha..beta` (fail-hard).
    pub fn after_move(
        &mut self,
        pos: &Position,
        m: &Move,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, OutOfNodes> {
        self.nodes = 0;
        let child = pos.play(m);
        let v = self.node(&child, depth as i32 - 1, 1, -beta, -alpha);
        if self.nodes > self.limit {
            Err(OutOfNodes)
        } else {
            Ok(-v)
        }
    }

    /// Does `m` reach at least `target` (side to move's material balance) within `depth` plies?
    pub fn reaches(
        &mut self,
        pos: &Position,
        m: &Move,
        depth: u32,
        target: i32,
    ) -> Result<bool, OutOfNodes> {
        Ok(self.after_move(pos, m, depth, target - 1, target)? >= target)
    }

    fn node(&mut self, pos: &Position, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes > self.limit {
            return alpha;
        }
        let mut moves = core::mem::take(&mut self.buffers[ply]);
        legal_moves(pos, self.rules, &mut moves);
        let result = if moves.is_empty() {
            -(WIN - ply as i32)
        } else if (depth <= 0 && !moves[0].is_capture()) || ply >= MAX_PLY {
            material(pos, self.rules, pos.side_to_move())
        } else {
            // Captures of more pieces and promotions first: they decide most cut-offs.
            moves.sort_by_key(|m| -(m.captured().count() as i32 * 2 + m.promotes() as i32));
            let mut best = -WIN - 1;
            for m in moves.iter() {
                let child = pos.play(m);
                let v = -self.node(&child, depth - 1, ply + 1, -beta, -alpha);
                if v > best {
                    best = v;
                }
                if v > alpha {
                    alpha = v;
                }
                if alpha >= beta || self.nodes > self.limit {
                    break;
                }
            }
            best
        };
        self.buffers[ply] = moves;
        result
    }
}

/// How the moves of one position divide against a material target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Split {
    /// Exactly this move reaches the target.
    Unique(Move),
    /// No move does.
    None,
    /// Several do.
    Several,
}

/// Which legal moves of `pos` reach `target` within `depth` plies.
pub fn split(
    search: &mut MaterialSearch,
    pos: &Position,
    depth: u32,
    target: i32,
) -> Result<Split, OutOfNodes> {
    let mut moves = Vec::new();
    legal_moves(pos, search.rules, &mut moves);
    let mut found = None;
    for m in &moves {
        if search.reaches(pos, m, depth, target)? {
            if found.is_some() {
                return Ok(Split::Several);
            }
            found = Some(*m);
        }
    }
    Ok(found.map_or(Split::None, Split::Unique))
}

/// A shot found in a position: the solution line alternates the solver's only winning moves and
/// the defender's best replies, and ends with a solver move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shot {
    pub line: Vec<Move>,
    /// The balance the line reaches at `depth`, minus the balance before (solver's view).
    pub gain: i32,
}

/// Longest solution line, in plies.
const MAX_LINE: usize = 15;

/// The shot in `pos`, if one move reaches a material gain of [`GAIN`] within `depth` plies and no
/// other move does. The line goes on while the solver's move stays the only winning one and the
/// gain is not yet on the board.
pub fn find(search: &mut MaterialSearch, pos: &Position, depth: u32) -> Option<Shot> {
    let rules = search.rules;
    let solver = pos.side_to_move();
    let start = material(pos, rules, solver);
    let target = start + GAIN;
    let mut moves = Vec::new();
    legal_moves(pos, rules, &mut moves);
    if moves.len() < 2 {
        return None;
    }
    let Ok(Split::Unique(key)) = split(search, pos, depth, target) else {
        return None;
    };
    let gain = search
        .after_move(pos, &key, depth, -WIN - 1, WIN + 1)
        .ok()?
        - start;
    let mut line = alloc::vec![key];
    let mut p = pos.play(&key);
    let mut replies = Vec::new();
    while line.len() + 2 <= MAX_LINE {
        // Defender to move: settled once the gain is on the board and nothing can be taken back.
        legal_moves(&p, rules, &mut replies);
        if replies.is_empty() {
            break; // the game is won
        }
        if !replies[0].is_capture() && material(&p, rules, solver) >= target {
            break;
        }
        // The defender's reply that keeps the balance lowest for the solver (first on ties).
        let mut best: Option<(Move, i32)> = None;
        for r in &replies {
            let v = search.after_move(&p, r, depth, -WIN - 1, WIN + 1).ok()?;
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((*r, v));
            }
        }
        let (reply, _) = best?;
        let q = p.play(&reply);
        match split(search, &q, depth, target).ok()? {
            Split::Unique(m) => {
                line.push(reply);
                line.push(m);
                p = q.play(&m);
            }
            Split::Several => break,
            Split::None => return None, // the horizon moved: not a clean shot
        }
    }
    Some(Shot { line, gain })
}

/// Why a stored puzzle does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// Move `index` of the line is not legal (or not a move) there.
    Illegal { index: usize },
    /// At solver move `index` the solution does not win, or another move wins too.
    NotUnique { index: usize },
    /// The search ran out of nodes at solver move `index`.
    OutOfNodes { index: usize },
    /// The line is empty or ends with a defender move.
    BadLength,
}

impl core::fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PuzzleError::Illegal { index } => write!(f, "move {} is not legal", index + 1),
            PuzzleError::NotUnique { index } => {
                write!(f, "move {} is not the only winning move", index + 1)
            }
            PuzzleError::OutOfNodes { index } => {
                write!(f, "move {}: search ran out of nodes", index + 1)
            }
            PuzzleError::BadLength => f.write_str("the line must end with the solver's move"),
        }
    }
}

/// Checks a puzzle as the miner made it: every move of the line (in notation) is legal, and at
/// each solver move the solution is the only move reaching a gain of [`GAIN`] over the start
/// position within `depth` plies.
pub fn check(
    rules: &'static Rules,
    start: &Position,
    line: &[&str],
    depth: u32,
) -> Result<(), PuzzleError> {
    if line.is_empty() || line.len() % 2 == 0 {
        return Err(PuzzleError::BadLength);
    }
    let mut search = MaterialSearch::new(rules);
    let target = material(start, rules, start.side_to_move()) + GAIN;
    let mut p = *start;
    for (index, text) in line.iter().enumerate() {
        let m = parse_move(&p, rules, text).map_err(|_| PuzzleError::Illegal { index })?;
        if index % 2 == 0 {
            match split(&mut search, &p, depth, target) {
                Ok(Split::Unique(u)) if u == m => {}
                Ok(_) => return Err(PuzzleError::NotUnique { index }),
                Err(OutOfNodes) => return Err(PuzzleError::OutOfNodes { index }),
            }
        }
        p = p.play(&m);
    }
    Ok(())
}

/// The line in notation, each move written from the position before it.
pub fn line_text(rules: &Rules, start: &Position, line: &[Move]) -> Vec<alloc::string::String> {
    let mut p = *start;
    line.iter()
        .map(|m| {
            let t = move_to_string(&p, rules, m);
            p = p.play(m);
            t
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;
    use crate::variant::Variant;

    #[test]
    fn material_counts_kings_by_variant() {
        let p = fen::parse("W:WK1,20:B3").unwrap();
        assert_eq!(material(&p, Variant::Russian.rules(), Color::White), 300);
        assert_eq!(material(&p, Variant::English.rules(), Color::Black), -180);
    }
}
