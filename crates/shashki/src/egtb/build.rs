//! Retrograde analysis of one material and its mirror (the same pieces with the other side to
//! move), which quiet moves connect to each other.
//!
//! A first pass generates each position's legal moves: captures and crownings leave the pair for
//! tables already solved (fewer pieces, or fewer men), and their values are read at once; the
//! quiet moves that stay are only counted. Then values spread backwards level by level of
//! distance: a position lost in `d` makes each predecessor won in `d + 1`; a position won in `d`
//! takes one from each predecessor's count of unrefuted moves, and a predecessor left with none
//! (and no way out of the pair that wins or draws) is lost. Predecessors come from un-making
//! quiet moves and are kept only when the move is legal there (no capture was due). What is never
//! reached is a draw.

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use super::index::{Material, Oriented};
use super::{Tables, Value};
use crate::bitboard::{neighbour, slide, Bitboard, Dir};
use crate::movegen::{has_capture, legal_moves};
use crate::variant::{KingRange, Variant};

/// The longest distance an entry can hold (one byte: distance + 1, 0 for a draw).
const MAX_DISTANCE: usize = 254;

/// Why a build failed.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum BuildError {
    /// More pieces than the index supports.
    TooManyPieces(u32),
    /// A distance beyond what one byte holds.
    TooDeep(Material),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::TooManyPieces(n) => write!(
                f,
                "at most {} pieces are supported, not {n}",
                super::MAX_PIECES
            ),
            BuildError::TooDeep(m) => write!(f, "{m}: a distance exceeds {MAX_DISTANCE} plies"),
        }
    }
}

impl Tables {
    /// Solves every material with at most `pieces` pieces. `progress` hears of each material
    /// before it is solved.
    pub fn build(
        variant: Variant,
        pieces: u32,
        progress: impl FnMut(&Material),
    ) -> Result<Tables, BuildError> {
        if pieces > super::MAX_PIECES {
            return Err(BuildError::TooManyPieces(pieces));
        }
        let mut t = Tables::build_for(variant, &Material::all(pieces), progress)?;
        t.complete_to = pieces;
        Ok(t)
    }

    /// Solves `targets` and every material they can turn into (by captures and crowning).
    pub fn build_for(
        variant: Variant,
        targets: &[Material],
        mut progress: impl FnMut(&Material),
    ) -> Result<Tables, BuildError> {
        let max = targets.iter().map(Material::pieces).max().unwrap_or(0);
        if max > super::MAX_PIECES {
            return Err(BuildError::TooManyPieces(max));
        }
        let mut t = Tables::empty(variant);
        let needed = |m: &Material| {
            targets
                .iter()
                .any(|t| t.reaches(m) || t.reaches(&m.mirror()))
        };
        for m in Material::all(max) {
            if needed(&m) && t.data[m.code()].is_none() {
                progress(&m);
                t.solve_pair(m)?;
            }
        }
        t.complete_to = (2..=max)
            .take_while(|&n| Material::all(n).iter().all(|m| t.data[m.code()].is_some()))
            .last()
            .unwrap_or(0);
        Ok(t)
    }

    /// Solves `a` and its mirror together.
    fn solve_pair(&mut self, a: Material) -> Result<(), BuildError> {
        let rules = self.rules();
        let members: Vec<Material> = if a == a.mirror() {
            vec![a]
        } else {
            vec![a, a.mirror()]
        };
        let offsets: Vec<usize> = vec![0, a.size()];
        let total: usize = members.iter().map(Material::size).sum();
        // Per position: the value byte; the quiet moves inside the pair not yet known to lose;
        // the loss distance the exits force (or CANNOT_LOSE when an exit draws or wins).
        const CANNOT_LOSE: u8 = u8::MAX;
        let mut val = vec![0u8; total];
        let mut open = vec![0u8; total];
        let mut exit_loss = vec![0u8; total];
        let mut seeds: Vec<Vec<u32>> = vec![Vec::new(); MAX_DISTANCE + 2];
        let mut moves = Vec::new();
        for (mi, m) in members.iter().enumerate() {
            for i in 0..m.size() {
                let id = offsets[mi] + i;
                let o = Oriented::from_index(m, i);
                if !o.is_valid(m) {
                    exit_loss[id] = CANNOT_LOSE;
                    continue;
                }
                let pos = o.position();
                legal_moves(&pos, rules, &mut moves);
                let mut inside = 0u32;
                let mut win: Option<u32> = None;
                let mut hold = false;
                let mut loss = 0u32;
                for mv in &moves {
                    if !mv.is_capture() && !mv.promotes() {
                        inside += 1;
                        continue;
                    }
                    match self.value_after(&pos, mv).expect("exits are solved first") {
                        Value::Win(d) => win = Some(win.map_or(d, |w| w.min(d))),
                        Value::Draw => hold = true,
                        Value::Loss(d) => loss = loss.max(d),
                    }
                }
                open[id] = inside as u8;
                if let Some(w) = win {
                    if w as usize > MAX_DISTANCE {
                        return Err(BuildError::TooDeep(a));
                    }
                    exit_loss[id] = CANNOT_LOSE;
                    seeds[w as usize].push(id as u32);
                } else if hold {
                    exit_loss[id] = CANNOT_LOSE;
                } else {
                    if loss as usize > MAX_DISTANCE {
                        return Err(BuildError::TooDeep(a));
                    }
                    exit_loss[id] = loss as u8;
                    if inside == 0 {
                        // No moves at all (loss in 0), or every exit loses.
                        seeds[loss as usize].push(id as u32);
                    }
                }
            }
        }
        let mut next: Vec<u32> = Vec::new();
        let mut preds: Vec<u32> = Vec::new();
        for d in 0..=MAX_DISTANCE {
            let mut level = core::mem::take(&mut next);
            for id in core::mem::take(&mut seeds[d]) {
                if val[id as usize] == 0 {
                    val[id as usize] = d as u8 + 1;
                    level.push(id);
                }
            }
            if level.is_empty() {
                if seeds[d + 1..].iter().all(Vec::is_empty) {
                    break;
                }
                continue;
            }
            if d == MAX_DISTANCE {
                return Err(BuildError::TooDeep(a));
            }
            let lost = d % 2 == 0;
            for &id in &level {
                let mi = usize::from(id as usize >= offsets[1]);
                let o = Oriented::from_index(&members[mi], id as usize - offsets[mi]);
                let pi = if members.len() == 1 { 0 } else { 1 - mi };
                self.predecessors(&o, &members[pi], &mut preds);
                for &p in &preds {
                    let q = offsets[pi] + p as usize;
                    if val[q] != 0 {
                        continue;
                    }
                    if lost {
                        val[q] = d as u8 + 2;
                        next.push(q as u32);
                    } else {
                        open[q] -= 1;
                        if open[q] == 0 && exit_loss[q] != CANNOT_LOSE {
                            let at = (d + 1).max(exit_loss[q] as usize);
                            if at == d + 1 {
                                val[q] = d as u8 + 2;
                                next.push(q as u32);
                            } else {
                                seeds[at].push(q as u32);
                            }
                        }
                    }
                }
            }
        }
        let second = val.split_off(offsets[1].min(total));
        self.insert(&a, val);
        if members.len() == 2 {
            self.insert(&a.mirror(), second);
        }
        Ok(())
    }

    /// The indexes (in `into`'s table) of the positions from which the opponent of `o`'s side
    /// to move reached `o` by a legal quiet move that crowned nothing.
    fn predecessors(&self, o: &Oriented, into: &Material, out: &mut Vec<u32>) {
        out.clear();
        let rules = self.rules();
        let occupied = o.us | o.them;
        for s in o.them {
            let king = o.kings.contains(s);
            let mut origins = Bitboard::EMPTY;
            if king {
                for d in Dir::ALL {
                    origins |= match rules.king_range {
                        KingRange::Flying => slide(s, d, occupied).0,
                        KingRange::Short => {
                            neighbour(s, d).map_or(Bitboard::EMPTY, Bitboard::from_square)
                                & !occupied
                        }
                    };
                }
            } else {
                // The opponent's men move down the board: they came from above.
                for d in [Dir::UpLeft, Dir::UpRight] {
                    if let Some(f) = neighbour(s, d) {
                        if !occupied.contains(f) {
                            origins = origins.with(f);
                        }
                    }
                }
            }
            for f in origins {
                let them = o.them.without(s).with(f);
                let kings = if king {
                    o.kings.without(s).with(f)
                } else {
                    o.kings
                };
                // Seen from the mover: turn the board.
                let before = Oriented {
                    us: Bitboard(them.0.reverse_bits()),
                    them: Bitboard(o.us.0.reverse_bits()),
                    kings: Bitboard(kings.0.reverse_bits()),
                };
                if has_capture(&before.position(), rules) {
                    continue;
                }
                out.push(before.index(into) as u32);
            }
        }
    }
}
