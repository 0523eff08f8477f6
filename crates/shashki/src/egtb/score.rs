//! What a table value is worth to the search. A draw is a draw under any counters (the move-count
//! rules only add draws); a win or loss counts only when the distance fits in the moves the
//! variant's draw rules still allow, assuming no capture or crowning resets the counters on the
//! way (which only leaves more moves). Otherwise the search plays on and sees the rules itself.

use alloc::vec::Vec;

use super::{Tables, Value};
use crate::draw::{rule_draw, Counters};
use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::position::Position;
use crate::search::WIN;

impl Tables {
    /// The search score of `pos` at `ply` (side to move's view; `WIN - n` wins `n` plies from
    /// the root), or `None` when the tables do not settle it.
    #[inline]
    pub fn search_score(&self, pos: &Position, counters: Counters, ply: usize) -> Option<i32> {
        let v = self.probe(pos)?;
        let ply = ply as i32;
        Some(match v {
            Value::Loss(0) => -(WIN - ply),
            _ if rule_draw(self.rules(), pos, counters).is_some() => 0,
            Value::Draw => 0,
            Value::Win(d) if self.ends_before_rule_draw(pos, counters, d) => WIN - ply - d as i32,
            Value::Loss(d) if self.ends_before_rule_draw(pos, counters, d) => {
                -(WIN - ply - d as i32)
            }
            _ => return None,
        })
    }

    /// Whether a game ending `plies` from `pos` meets no move-count draw on the way: each
    /// position in between, with the counters run on and the pieces where they stand now (so a
    /// lone king now on the main road is assumed to stay there), is checked against the rules.
    fn ends_before_rule_draw(&self, pos: &Position, c: Counters, plies: u32) -> bool {
        let us = pos.side_to_move();
        (1..plies).all(|k| {
            let side = if k % 2 == 1 { !us } else { us };
            let later = Counters {
                quiet_plies: c.quiet_plies + k,
                king_plies: c.king_plies + k,
                long_diagonal_moves: c.long_diagonal_moves + k.div_ceil(2),
            };
            rule_draw(self.rules(), &pos.with_side(side), later).is_none()
        })
    }
}

impl Tables {
    /// The move the tables play in `pos`: the quickest win, a draw, or the slowest loss (the
    /// first such in generator order). `None` outside the tables or with no legal move.
    pub fn best_move(&self, pos: &Position) -> Option<Move> {
        self.probe(pos)?;
        let mut moves = Vec::new();
        legal_moves(pos, self.rules(), &mut moves);
        let mut best: Option<(i64, Move)> = None;
        for m in moves {
            let r = self.probe(&pos.play(&m))?.parent().rank();
            if best.is_none_or(|(b, _)| r > b) {
                best = Some((r, m));
            }
        }
        best.map(|(_, m)| m)
    }

    /// Continues a principal variation from `root` as the tables play it, while the game is won
    /// or lost, up to `max` moves in all (the search stops where the tables take over).
    pub fn extend_line(&self, root: &Position, line: &mut Vec<Move>, max: usize) {
        let mut pos = *root;
        for m in line.iter() {
            pos = pos.play(m);
        }
        while line.len() < max && matches!(self.probe(&pos), Some(Value::Win(_) | Value::Loss(_))) {
            let Some(m) = self.best_move(&pos) else { break };
            line.push(m);
            pos = pos.play(&m);
        }
    }
}
