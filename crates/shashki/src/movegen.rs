//! Legal move generation for every variant, driven by the [`Rules`] table.
//!
//! Captures are found by depth-first search over complete sequences. Captured pieces stay on the
//! board until the move ends (Turkish strike): they block and cannot be jumped twice, while the
//! square the moving piece left is empty. A flying king that can land on several squares beyond
//! its victim must pick one from which the capture goes on, if any exists.
//!
//! The search reports each complete sequence to a [`CaptureSink`] with its landing squares, so the
//! same code feeds the legal move list (deduplicated by from/to/captured set), "every path" perft
//! and the notation's path recovery.

use alloc::vec::Vec;

use crate::bitboard::{jump, neighbour, slide, step, Bitboard, Dir};
use crate::moves::Move;
use crate::position::{Color, Position};
use crate::square::Square;
use crate::variant::{KingRange, Rules};

/// Longest possible capture path: one landing per captured piece.
const MAX_PATH: usize = 32;

/// Receives every complete capture sequence: the landing squares in order (the last is the
/// destination), the captured set and whether the piece is crowned.
pub trait CaptureSink {
    fn capture(&mut self, from: Square, path: &[Square], captured: Bitboard, promotes: bool);
}

const fn forward(color: Color) -> [Dir; 2] {
    match color {
        Color::White => [Dir::UpLeft, Dir::UpRight],
        Color::Black => [Dir::DownLeft, Dir::DownRight],
    }
}

/// The fixed facts of one capture search.
struct Search<'r, S> {
    rules: &'r Rules,
    sink: &'r mut S,
    from: Square,
    /// Pieces that can still be captured: opponents not yet jumped.
    /// (Kept separately from `occupied` because jumped pieces still block.)
    victims: Bitboard,
    /// Every piece on the board except the moving one.
    occupied: Bitboard,
    crowning_row: Bitboard,
    man_dirs: &'r [Dir],
    path: [Square; MAX_PATH],
    len: usize,
}

impl<'r, S: CaptureSink> Search<'r, S> {
    /// The search for the piece on `from` (of the side to move).
    fn new(
        pos: &Position,
        rules: &'r Rules,
        sink: &'r mut S,
        from: Square,
        man_dirs: &'r [Dir],
    ) -> Self {
        let us = pos.side_to_move();
        Search {
            rules,
            sink,
            from,
            victims: pos.pieces(!us),
            occupied: pos.occupied().without(from),
            crowning_row: us.crowning_row(),
            man_dirs,
            path: [from; MAX_PATH],
            len: 0,
        }
    }

    #[inline(always)]
    fn emit(&mut self, captured: Bitboard, promotes: bool) {
        self.sink
            .capture(self.from, &self.path[..self.len], captured, promotes);
    }

    #[inline(always)]
    fn push(&mut self, sq: Square) {
        self.path[self.len] = sq;
        self.len += 1;
    }

    /// Short jumps from `sq` in `dirs`; returns whether any exists. Used for men and English kings.
    fn short(&mut self, sq: Square, dirs: &[Dir], captured: Bitboard, is_man: bool) -> bool {
        let mut found = false;
        for &d in dirs {
            let (Some(v), Some(l)) = (neighbour(sq, d), jump(sq, d)) else {
                continue;
            };
            if !self.victims.contains(v) || self.occupied.contains(l) {
                continue;
            }
            found = true;
            let captured = captured.with(v);
            self.victims = self.victims.without(v);
            self.push(l);
            if is_man && self.crowning_row.contains(l) {
                if self.rules.crowned_man_continues {
                    if !self.king(l, Some(d), captured, true) {
                        self.emit(captured, true);
                    }
                } else {
                    self.emit(captured, true);
                }
            } else if !self.short(l, dirs, captured, is_man) {
                self.emit(captured, false);
            }
            self.len -= 1;
            self.victims = self.victims.with(v);
        }
        found
    }

    /// Captures by a king (of the variant's range) from `sq`, having arrived moving in `came`.
    fn king(&mut self, sq: Square, came: Option<Dir>, captured: Bitboard, promotes: bool) -> bool {
        match self.rules.king_range {
            KingRange::Short => self.short(sq, &Dir::ALL, captured, false),
            KingRange::Flying => self.flying(sq, came, captured, promotes),
        }
    }

    /// Whether a flying king on `sq` (arrived moving in `came`) has any capture.
    #[inline(always)]
    fn flying_can_capture(&self, sq: Square, came: Dir) -> bool {
        Dir::ALL.iter().any(|&d| {
            d != came.opposite() && {
                let (_, blocker) = slide(sq, d, self.occupied);
                matches!(blocker, Some(v) if self.victims.contains(v)
                    && matches!(neighbour(v, d), Some(l) if !self.occupied.contains(l)))
            }
        })
    }

    fn flying(
        &mut self,
        sq: Square,
        came: Option<Dir>,
        captured: Bitboard,
        promotes: bool,
    ) -> bool {
        let mut found = false;
        for d in Dir::ALL {
            if Some(d.opposite()) == came {
                continue; // straight back meets the piece just jumped
            }
            let (_, blocker) = slide(sq, d, self.occupied);
            let Some(v) = blocker else { continue };
            if !self.victims.contains(v) {
                continue;
            }
            let (landings, _) = slide(v, d, self.occupied);
            if landings.is_empty() {
                continue;
            }
            found = true;
            let captured = captured.with(v);
            self.victims = self.victims.without(v);
            let mut going_on = Bitboard::EMPTY;
            for l in landings {
                if self.flying_can_capture(l, d) {
                    going_on = going_on.with(l);
                }
            }
            if going_on.any() {
                for l in going_on {
                    self.push(l);
                    self.flying(l, Some(d), captured, promotes);
                    self.len -= 1;
                }
            } else {
                for l in landings {
                    self.push(l);
                    self.emit(captured, promotes);
                    self.len -= 1;
                }
            }
            self.victims = self.victims.with(v);
        }
        found
    }
}

/// Men of the side to move that have a capture (a cheap bitboard test, before any search).
#[inline(always)]
fn capturing_men(pos: &Position, rules: &Rules) -> Bitboard {
    let us = pos.side_to_move();
    let men = pos.men(us);
    let opp = pos.pieces(!us);
    let empty = pos.empty_squares();
    let mut result = Bitboard::EMPTY;
    let all = Dir::ALL;
    let fwd = forward(us);
    let dirs: &[Dir] = if rules.men_capture_backward {
        &all
    } else {
        &fwd
    };
    for &d in dirs {
        let back = d.opposite();
        result |= men & step(step(empty, back) & opp, back);
    }
    result
}

fn king_has_capture(pos: &Position, rules: &Rules, sq: Square) -> bool {
    let us = pos.side_to_move();
    let opp = pos.pieces(!us);
    let occupied = pos.occupied();
    Dir::ALL.iter().any(|&d| {
        let victim = match rules.king_range {
            KingRange::Short => neighbour(sq, d),
            KingRange::Flying => slide(sq, d, occupied).1,
        };
        matches!(victim, Some(v) if opp.contains(v)
            && matches!(neighbour(v, d), Some(l) if !occupied.contains(l)))
    })
}

/// Whether the side to move must capture.
pub fn has_capture(pos: &Position, rules: &Rules) -> bool {
    capturing_men(pos, rules).any()
        || pos
            .kings(pos.side_to_move())
            .into_iter()
            .any(|k| king_has_capture(pos, rules, k))
}

/// Runs the capture search for every piece that may capture, honouring the king priority.
/// Returns whether any capture exists. `start_piece` is called before each piece's sequences.
fn captures<S: CaptureSink>(
    pos: &Position,
    rules: &Rules,
    sink: &mut S,
    mut start_piece: impl FnMut(&mut S),
) -> bool {
    let us = pos.side_to_move();
    let fwd = forward(us);
    let all = Dir::ALL;
    let man_dirs: &[Dir] = if rules.men_capture_backward {
        &all
    } else {
        &fwd
    };
    let kings = pos.kings(us);
    let mut found = false;
    for k in kings {
        if !king_has_capture(pos, rules, k) {
            continue;
        }
        start_piece(sink);
        let mut s = Search::new(pos, rules, &mut *sink, k, man_dirs);
        found |= s.king(k, None, Bitboard::EMPTY, false);
    }
    if found && rules.king_capture_priority {
        return true;
    }
    for m in capturing_men(pos, rules) {
        start_piece(sink);
        let mut s = Search::new(pos, rules, &mut *sink, m, man_dirs);
        let dirs = s.man_dirs;
        found |= s.short(m, dirs, Bitboard::EMPTY, true);
    }
    found
}

/// Collects moves; with `DEDUP`, sequences with the same from, to, captured set and crowning
/// (which give the same position) are kept once.
struct ListSink<'a, const DEDUP: bool> {
    out: &'a mut Vec<Move>,
    piece_start: usize,
}

impl<const DEDUP: bool> CaptureSink for ListSink<'_, DEDUP> {
    #[inline(always)]
    fn capture(&mut self, from: Square, path: &[Square], captured: Bitboard, promotes: bool) {
        let m = Move::new(from, path[path.len() - 1], captured, promotes);
        // A single capture has exactly one path; only longer ones can repeat.
        if DEDUP && captured.count() >= 2 && self.out[self.piece_start..].contains(&m) {
            return;
        }
        self.out.push(m);
    }
}

fn quiet_moves(pos: &Position, rules: &Rules, out: &mut Vec<Move>) {
    let us = pos.side_to_move();
    let empty = pos.empty_squares();
    let men = pos.men(us);
    let crown = us.crowning_row();
    for d in forward(us) {
        for to in step(men, d) & empty {
            // The step back from an empty target in this direction's reverse is the mover.
            let from = step(Bitboard::from_square(to), d.opposite())
                .first()
                .expect("a stepped man has an origin");
            out.push(Move::new(from, to, Bitboard::EMPTY, crown.contains(to)));
        }
    }
    let occupied = pos.occupied();
    for k in pos.kings(us) {
        for d in Dir::ALL {
            let targets = match rules.king_range {
                KingRange::Flying => slide(k, d, occupied).0,
                KingRange::Short => step(Bitboard::from_square(k), d) & empty,
            };
            for to in targets {
                out.push(Move::new(k, to, Bitboard::EMPTY, false));
            }
        }
    }
}

fn generate<const DEDUP: bool>(pos: &Position, rules: &Rules, out: &mut Vec<Move>) {
    out.clear();
    let mut sink = ListSink::<DEDUP> {
        out,
        piece_start: 0,
    };
    if captures(pos, rules, &mut sink, |s| s.piece_start = s.out.len()) {
        return;
    }
    quiet_moves(pos, rules, out);
}

/// Fills `out` with the legal moves of the side to move (cleared first). Moves that differ only
/// in their path appear once.
pub fn legal_moves(pos: &Position, rules: &Rules, out: &mut Vec<Move>) {
    generate::<true>(pos, rules, out)
}

/// Like [`legal_moves`], but every capture path is its own entry (the convention of most
/// published perft tables).
pub fn legal_moves_all_paths(pos: &Position, rules: &Rules, out: &mut Vec<Move>) {
    generate::<false>(pos, rules, out)
}

/// Reports every complete capture sequence of the side to move (honouring the king priority).
pub fn capture_sequences<S: CaptureSink>(pos: &Position, rules: &Rules, sink: &mut S) -> bool {
    captures(pos, rules, sink, |_| {})
}

/// Whether the side to move has any non-capturing move (a piece with an empty square to step to).
#[inline]
pub fn has_quiet_move(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let empty = pos.empty_squares();
    let men = pos.men(us);
    let kings = pos.kings(us);
    let [a, b] = forward(us);
    let [c, d] = forward(!us);
    ((step(men | kings, a) | step(men | kings, b)) & empty).any()
        || ((step(kings, c) | step(kings, d)) & empty).any()
}

/// Number of quiet moves, without building them (perft's bulk count at the leaves).
pub fn count_quiet_moves(pos: &Position, rules: &Rules) -> u64 {
    let us = pos.side_to_move();
    let empty = pos.empty_squares();
    let men = pos.men(us);
    let mut n = 0;
    for d in forward(us) {
        n += (step(men, d) & empty).count() as u64;
    }
    let kings = pos.kings(us);
    match rules.king_range {
        KingRange::Short => {
            for d in Dir::ALL {
                n += (step(kings, d) & empty).count() as u64;
            }
        }
        KingRange::Flying => {
            let occupied = pos.occupied();
            for k in kings {
                for d in Dir::ALL {
                    n += slide(k, d, occupied).0.count() as u64;
                }
            }
        }
    }
    n
}
