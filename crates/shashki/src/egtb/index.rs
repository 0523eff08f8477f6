//! Positions of a few pieces as numbers: a material signature names one table, and a position's
//! index inside it ranks each group of pieces as a combination of squares.
//!
//! Every position is seen from the side to move, turned so that it moves "up" like White: a
//! position with Black to move is the board turned half a turn with the colours swapped, which is
//! the same position under every variant's rules. Men never stand on their own crowning row, so a
//! group of men ranks among 28 squares and a group of kings among 32. Groups may overlap in the
//! index (up to a fifth of the entries with men on both sides); such entries are never reached
//! and stay draws.

use crate::bitboard::{Bitboard, BOTTOM_ROW, TOP_ROW};
use crate::position::{Color, Piece, Position, Role};

/// The most pieces a table may hold (the index arithmetic and the file format allow this many).
pub const MAX_PIECES: u32 = 6;

/// Piece counts seen from the side to move: `[side to move, opponent]`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Material {
    pub men: [u8; 2],
    pub kings: [u8; 2],
}

/// A position turned so that the side to move plays up the board (as White).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Oriented {
    pub us: Bitboard,
    pub them: Bitboard,
    pub kings: Bitboard,
}

/// Binomial coefficients `C(n, k)` for `n <= 32`, `k <= MAX_PIECES`.
static BINOMIAL: [[u64; MAX_PIECES as usize + 1]; 33] = {
    let mut t = [[0u64; MAX_PIECES as usize + 1]; 33];
    let mut n = 0;
    while n <= 32 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_PIECES as usize {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

#[inline(always)]
fn binomial(n: u32, k: u32) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// Squares a group ranks among: men of the side to move (playing up) never stand on the top row,
/// the opponent's men never on the bottom row.
const US_MEN_SHIFT: u32 = 4;

impl Material {
    /// The signature of an oriented position.
    pub fn of(o: &Oriented) -> Material {
        let men = !o.kings.0;
        Material {
            men: [
                (o.us.0 & men).count_ones() as u8,
                (o.them.0 & men).count_ones() as u8,
            ],
            kings: [
                (o.us.0 & o.kings.0).count_ones() as u8,
                (o.them.0 & o.kings.0).count_ones() as u8,
            ],
        }
    }

    pub const fn pieces(&self) -> u32 {
        (self.men[0] + self.men[1] + self.kings[0] + self.kings[1]) as u32
    }

    /// The same material with the other side to move.
    pub const fn mirror(&self) -> Material {
        Material {
            men: [self.men[1], self.men[0]],
            kings: [self.kings[1], self.kings[0]],
        }
    }

    /// A dense number for lookup tables (`0..CODES`).
    pub const fn code(&self) -> usize {
        let b = MAX_PIECES as usize + 1;
        ((self.men[0] as usize * b + self.kings[0] as usize) * b + self.men[1] as usize) * b
            + self.kings[1] as usize
    }

    /// Entries in this material's table.
    pub fn size(&self) -> usize {
        (binomial(28, self.men[0] as u32)
            * binomial(32, self.kings[0] as u32)
            * binomial(28, self.men[1] as u32)
            * binomial(32, self.kings[1] as u32)) as usize
    }

    /// Whether every piece of `self` can turn into `other` by captures and crowning (so `other`'s
    /// table is needed to build `self`'s). Either side's pieces may be lost; a man may become a
    /// king; a king never becomes a man.
    pub fn reaches(&self, other: &Material) -> bool {
        (0..2).all(|s| {
            other.men[s] <= self.men[s]
                && other.kings[s] + other.men[s] <= self.kings[s] + self.men[s]
                && other.kings[s] <= self.kings[s] + (self.men[s] - other.men[s])
        })
    }

    /// Every signature with both sides present and `2..=max` pieces, fewest pieces first, then
    /// fewest men (a crowning leads to fewer men, so its table is built before).
    pub fn all(max: u32) -> alloc::vec::Vec<Material> {
        let mut v = alloc::vec::Vec::new();
        let max = max.min(MAX_PIECES) as u8;
        for m0 in 0..=max {
            for k0 in 0..=max - m0 {
                for m1 in 0..=max - m0 - k0 {
                    for k1 in 0..=max - m0 - k0 - m1 {
                        let m = Material {
                            men: [m0, m1],
                            kings: [k0, k1],
                        };
                        if m0 + k0 > 0 && m1 + k1 > 0 {
                            v.push(m);
                        }
                    }
                }
            }
        }
        v.sort_by_key(|m| (m.pieces(), m.men[0] + m.men[1], *m));
        v
    }
}

/// Number of distinct codes.
pub const CODES: usize = (MAX_PIECES as usize + 1).pow(4);

impl Oriented {
    /// The position seen from its side to move.
    #[inline]
    pub fn of(pos: &Position) -> Oriented {
        let w = pos.pieces(Color::White);
        let b = pos.pieces(Color::Black);
        let k = pos.kings(Color::White) | pos.kings(Color::Black);
        match pos.side_to_move() {
            Color::White => Oriented {
                us: w,
                them: b,
                kings: k,
            },
            Color::Black => Oriented {
                us: Bitboard(b.0.reverse_bits()),
                them: Bitboard(w.0.reverse_bits()),
                kings: Bitboard(k.0.reverse_bits()),
            },
        }
    }

    /// The position with White (the side to move) playing up.
    pub fn position(&self) -> Position {
        let mut p = Position::empty(Color::White);
        for (color, set) in [(Color::White, self.us), (Color::Black, self.them)] {
            for sq in set {
                let role = if self.kings.contains(sq) {
                    Role::King
                } else {
                    Role::Man
                };
                p = p.with_piece(sq, Some(Piece { color, role }));
            }
        }
        p
    }

    /// Whether this is a real position of material `m` (decoded groups may overlap).
    pub fn is_valid(&self, m: &Material) -> bool {
        let men = !self.kings.0;
        (self.us | self.them).count() == m.pieces()
            && self.us.0 & self.them.0 == 0
            && self.kings.0 & !(self.us.0 | self.them.0) == 0
            && self.us.0 & men & TOP_ROW.0 == 0
            && self.them.0 & men & BOTTOM_ROW.0 == 0
    }

    /// The index of this position in its material's table.
    #[inline]
    pub fn index(&self, m: &Material) -> usize {
        let men = !self.kings.0;
        let um = rank((self.us.0 & men) >> US_MEN_SHIFT);
        let uk = rank(self.us.0 & self.kings.0);
        let tm = rank(self.them.0 & men);
        let tk = rank(self.them.0 & self.kings.0);
        let i = ((um * binomial(32, m.kings[0] as u32) + uk) * binomial(28, m.men[1] as u32) + tm)
            * binomial(32, m.kings[1] as u32)
            + tk;
        i as usize
    }

    /// The position at `index` of `m`'s table (possibly with overlapping groups: check
    /// [`Oriented::is_valid`]).
    pub fn from_index(m: &Material, index: usize) -> Oriented {
        let mut i = index as u64;
        let n_tk = binomial(32, m.kings[1] as u32);
        let n_tm = binomial(28, m.men[1] as u32);
        let n_uk = binomial(32, m.kings[0] as u32);
        let tk = unrank(i % n_tk, m.kings[1] as u32);
        i /= n_tk;
        let tm = unrank(i % n_tm, m.men[1] as u32);
        i /= n_tm;
        let uk = unrank(i % n_uk, m.kings[0] as u32);
        i /= n_uk;
        let um = unrank(i, m.men[0] as u32) << US_MEN_SHIFT;
        Oriented {
            us: Bitboard(um | uk),
            them: Bitboard(tm | tk),
            kings: Bitboard(uk | tk),
        }
    }
}

/// Combinatorial rank of a set: `sum C(s_i, i)` over its squares in ascending order (`i` from 1).
#[inline(always)]
fn rank(mut set: u32) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while set != 0 {
        r += binomial(set.trailing_zeros(), i);
        set &= set - 1;
        i += 1;
    }
    r
}

/// The `k`-square set of rank `r`.
fn unrank(mut r: u64, k: u32) -> u32 {
    let mut set = 0;
    let mut n = 32;
    for i in (1..=k).rev() {
        // The largest square s with C(s, i) <= r.
        n -= 1;
        while binomial(n, i) > r {
            n -= 1;
        }
        set |= 1 << n;
        r -= binomial(n, i);
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse() {
        for k in 0..=4u32 {
            for r in (0..binomial(32, k)).step_by(97) {
                let set = unrank(r, k);
                assert_eq!(set.count_ones(), k);
                assert_eq!(rank(set), r);
            }
        }
    }

    #[test]
    fn every_index_round_trips() {
        let m = Material {
            men: [1, 1],
            kings: [1, 1],
        };
        let mut valid = 0;
        for i in 0..m.size() {
            let o = Oriented::from_index(&m, i);
            if o.is_valid(&m) {
                valid += 1;
                assert_eq!(Material::of(&o), m);
                assert_eq!(o.index(&m), i);
                assert_eq!(Oriented::of(&o.position()), o);
            }
        }
        // Counted directly: our man off the top row, their man off the bottom row, kings
        // anywhere, all on different squares.
        let mut direct = 0;
        for a in 4..32 {
            for b in 0..32 {
                for c in 0..28 {
                    for d in 0..32 {
                        let set: u32 = (1 << a) | (1 << b) | (1 << c) | (1 << d);
                        direct += usize::from(set.count_ones() == 4);
                    }
                }
            }
        }
        assert_eq!(valid, direct);
    }

    #[test]
    fn black_to_move_is_the_board_turned() {
        let p = crate::fen::parse("B:WK1,28:B5,K30").unwrap();
        let o = Oriented::of(&p);
        let q = crate::fen::parse("W:W28,K3:BK32,5").unwrap();
        assert_eq!(o, Oriented::of(&q));
    }
}
