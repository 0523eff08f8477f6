//! Sets of squares as `u32` bitboards (bit `i` = square number `i + 1`) and the geometry tables.
//!
//! The 32-square layout needs two shift amounts per direction (rows alternate between files
//! b,d,f,h and a,c,e,g), so single steps are done with per-parity masks, while rays and jumps come
//! from `const` tables built at compile time: no build script and no runtime initialisation.

use crate::square::Square;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// A set of squares.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub u32);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard(u32::MAX);

    #[inline(always)]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(sq.bit())
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline(always)]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }

    #[inline(always)]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | sq.bit())
    }

    #[inline(always)]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !sq.bit())
    }

    /// Lowest-numbered square.
    #[inline(always)]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros()))
        }
    }
}

/// Iterates squares in ascending order.
#[derive(Clone, Debug)]
pub struct Squares(u32);

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline(always)]
    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

impl Iterator for Squares {
    type Item = Square;
    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index_unchecked(self.0.trailing_zeros());
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

macro_rules! bitop {
    ($tr:ident, $f:ident, $op:tt, $tra:ident, $fa:ident) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline(always)]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, &, BitAndAssign, bitand_assign);
bitop!(BitOr, bitor, |, BitOrAssign, bitor_assign);

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// The four diagonal directions. "Up" is toward rank 8 (lower square numbers), White's forward.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Dir {
    UpLeft = 0,
    UpRight = 1,
    DownLeft = 2,
    DownRight = 3,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight];

    #[inline(always)]
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::UpLeft => Dir::DownRight,
            Dir::UpRight => Dir::DownLeft,
            Dir::DownLeft => Dir::UpRight,
            Dir::DownRight => Dir::UpLeft,
        }
    }

    /// Up directions walk toward lower indices, so the nearest square on a ray is its highest bit.
    #[inline(always)]
    pub const fn is_up(self) -> bool {
        (self as u8) < 2
    }

    const fn delta(self) -> (i8, i8) {
        // (file, rank)
        match self {
            Dir::UpLeft => (-1, 1),
            Dir::UpRight => (1, 1),
            Dir::DownLeft => (-1, -1),
            Dir::DownRight => (1, -1),
        }
    }
}

const EVEN_ROWS: u32 = 0x0F0F_0F0F; // rows 0, 2, 4, 6: files b, d, f, h
const ODD_ROWS: u32 = 0xF0F0_F0F0; // rows 1, 3, 5, 7: files a, c, e, g
const FILE_A: u32 = 0x1111_1111 & ODD_ROWS;
const FILE_H: u32 = 0x8888_8888 & EVEN_ROWS;

/// Per direction, the two halves of a step: (source squares, right rotation). Rows alternate
/// between two shift amounts; the masks drop squares whose step leaves the board, so rotating
/// never wraps a piece around. No branch on the direction: a step in a direction known only at
/// run time is two table reads, not a jump table.
const STEP: [[(u32, u32); 2]; 4] = [
    [(EVEN_ROWS & !TOP, 4), (ODD_ROWS & !FILE_A, 5)], // UpLeft: >> 4, >> 5
    [(EVEN_ROWS & !FILE_H & !TOP, 3), (ODD_ROWS, 4)], // UpRight: >> 3, >> 4
    [(EVEN_ROWS, 28), (ODD_ROWS & !FILE_A & !BOTTOM, 29)], // DownLeft: << 4, << 3
    [(EVEN_ROWS & !FILE_H, 27), (ODD_ROWS & !BOTTOM, 28)], // DownRight: << 5, << 4
];
const TOP: u32 = 0x0000_000F;
const BOTTOM: u32 = 0xF000_0000;

/// Every piece in `b` stepped one square in `dir`; pieces that would leave the board vanish.
#[inline(always)]
pub const fn step(b: Bitboard, dir: Dir) -> Bitboard {
    let [(m0, r0), (m1, r1)] = STEP[dir as usize];
    Bitboard((b.0 & m0).rotate_right(r0) | (b.0 & m1).rotate_right(r1))
}

/// Rows where each colour's men are crowned: White on row 0 (1–4), Black on row 7 (29–32).
pub const TOP_ROW: Bitboard = Bitboard(TOP);
pub const BOTTOM_ROW: Bitboard = Bitboard(BOTTOM);

/// The squares of diagonals, each given by its lowest square (file, rank), its file step per rank
/// up (+1 right, −1 left) and its length.
const fn diagonals(runs: &[(u8, u8, i8, u8)]) -> Bitboard {
    let mut b = 0u32;
    let mut r = 0;
    while r < runs.len() {
        let (file, rank, step, len) = runs[r];
        let mut i = 0;
        while i < len {
            let f = (file as i8 + step * i as i8) as u8;
            if let Some(sq) = Square::from_coords(f, rank + i) {
                b |= sq.bit();
            }
            i += 1;
        }
        r += 1;
    }
    Bitboard(b)
}

/// The long diagonal a1–h8 (the "main road" of Russian draw rules).
pub const LONG_DIAGONAL: Bitboard = diagonals(&[(0, 0, 1, 8)]);
/// The double road: the two diagonals g1–a7 and h2–b8 beside the main road's ends.
pub const DOUBLE_ROAD: Bitboard = diagonals(&[(6, 0, -1, 7), (7, 1, -1, 7)]);
/// The triple road: the rectangle of diagonals c1–h6, h6–f8, f8–a3 and a3–c1.
pub const TRIPLE_ROAD: Bitboard =
    diagonals(&[(2, 0, 1, 6), (7, 5, -1, 3), (0, 2, 1, 6), (2, 0, -1, 3)]);

const fn offset(sq: Square, dir: Dir, n: i8) -> Option<Square> {
    let (df, dr) = dir.delta();
    let f = sq.file() as i8 + df * n;
    let r = sq.rank() as i8 + dr * n;
    if f < 0 || f > 7 || r < 0 || r > 7 {
        None
    } else {
        Square::from_coords(f as u8, r as u8)
    }
}

const NONE: u8 = 255;

const fn build_step_table(n: i8) -> [[u8; 4]; 32] {
    let mut t = [[NONE; 4]; 32];
    let mut i = 0;
    while i < 32 {
        let mut d = 0;
        while d < 4 {
            if let Some(s) = offset(Square::ALL[i], Dir::ALL[d], n) {
                t[i][d] = s.index() as u8;
            }
            d += 1;
        }
        i += 1;
    }
    t
}

const fn build_rays() -> [[u32; 4]; 32] {
    let mut t = [[0u32; 4]; 32];
    let mut i = 0;
    while i < 32 {
        let mut d = 0;
        while d < 4 {
            let mut n = 1;
            while let Some(s) = offset(Square::ALL[i], Dir::ALL[d], n) {
                t[i][d] |= s.bit();
                n += 1;
            }
            d += 1;
        }
        i += 1;
    }
    t
}

const fn build_jump_bits() -> [[[u32; 2]; 4]; 32] {
    let mut t = [[[0u32; 2]; 4]; 32];
    let mut i = 0;
    while i < 32 {
        let mut d = 0;
        while d < 4 {
            let sq = Square::ALL[i];
            if let (Some(v), Some(l)) = (offset(sq, Dir::ALL[d], 1), offset(sq, Dir::ALL[d], 2)) {
                t[i][d] = [v.bit(), l.bit()];
            }
            d += 1;
        }
        i += 1;
    }
    t
}

static NEIGHBOUR: [[u8; 4]; 32] = build_step_table(1);
static JUMP: [[u8; 4]; 32] = build_step_table(2);
static RAY: [[u32; 4]; 32] = build_rays();

/// Per square and direction: `[bit of the adjacent square, bit of the square beyond it]`, both 0
/// when the jump would leave the board. A short jump over `victims` into `free` squares exists
/// exactly when `v & victims != 0 && l & free != 0`, with no edge test.
pub(crate) static JUMP_BITS: [[[u32; 2]; 4]; 32] = build_jump_bits();

/// The adjacent square in `dir`.
#[inline(always)]
pub fn neighbour(sq: Square, dir: Dir) -> Option<Square> {
    let s = NEIGHBOUR[sq.index()][dir as usize];
    if s == NONE {
        None
    } else {
        Some(Square::from_index_unchecked(s as u32))
    }
}

/// The square a step in `dir` to `sq` came from; the caller knows it is on the board.
#[inline(always)]
pub(crate) fn origin(sq: Square, dir: Dir) -> Square {
    let s = NEIGHBOUR[sq.index()][dir.opposite() as usize];
    debug_assert!(s != NONE);
    Square::from_index_unchecked(s as u32)
}

/// The square two steps away in `dir` (where a short jump lands).
#[inline(always)]
pub fn jump(sq: Square, dir: Dir) -> Option<Square> {
    let s = JUMP[sq.index()][dir as usize];
    if s == NONE {
        None
    } else {
        Some(Square::from_index_unchecked(s as u32))
    }
}

/// All squares from `sq` (exclusive) to the edge in `dir`.
#[inline(always)]
pub fn ray(sq: Square, dir: Dir) -> Bitboard {
    Bitboard(RAY[sq.index()][dir as usize])
}

/// The nearest square of `b` along `dir`; `b` must be a subset of one ray in that direction.
#[inline(always)]
pub fn nearest(b: Bitboard, dir: Dir) -> Option<Square> {
    if b.0 == 0 {
        None
    } else if dir.is_up() {
        Some(Square::from_index_unchecked(31 - b.0.leading_zeros()))
    } else {
        Some(Square::from_index_unchecked(b.0.trailing_zeros()))
    }
}

/// Squares a flying piece on `sq` sees in `dir` before the first piece of `occupied`, and that
/// piece (the blocker), if any.
#[inline(always)]
pub fn slide(sq: Square, dir: Dir, occupied: Bitboard) -> (Bitboard, Option<Square>) {
    let r = ray(sq, dir);
    match nearest(r & occupied, dir) {
        None => (r, None),
        Some(b) => (Bitboard(r.0 & !(ray(b, dir).0 | b.bit())), Some(b)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn step_agrees_with_the_neighbour_table() {
        for s in Square::ALL {
            for d in Dir::ALL {
                let expected = neighbour(s, d).map_or(Bitboard::EMPTY, Bitboard::from_square);
                assert_eq!(step(Bitboard::from_square(s), d), expected, "{s:?} {d:?}");
            }
        }
    }

    #[test]
    fn geometry_by_name() {
        assert_eq!(neighbour(sq("c3"), Dir::UpRight), Some(sq("d4")));
        assert_eq!(neighbour(sq("a1"), Dir::UpLeft), None);
        assert_eq!(jump(sq("c3"), Dir::UpLeft), Some(sq("a5")));
        assert_eq!(ray(sq("a1"), Dir::UpRight).count(), 7);
        assert_eq!(ray(sq("a1"), Dir::UpRight), LONG_DIAGONAL.without(sq("a1")));
        let occ = Bitboard::from_square(sq("e5"));
        let (free, blocker) = slide(sq("b2"), Dir::UpRight, occ);
        assert_eq!(free, Bitboard::from_square(sq("c3")).with(sq("d4")));
        assert_eq!(blocker, Some(sq("e5")));
        let (free, blocker) = slide(sq("h8"), Dir::DownLeft, occ);
        assert_eq!(free, Bitboard::from_square(sq("g7")).with(sq("f6")));
        assert_eq!(blocker, Some(sq("e5")));
    }

    #[test]
    fn the_roads_are_the_diagonals_players_name() {
        // A diagonal from its end square: that square and its ray.
        let line = |from: &str, d: Dir| ray(sq(from), d).with(sq(from));
        assert_eq!(line("a1", Dir::UpRight), LONG_DIAGONAL);
        assert_eq!(
            line("g1", Dir::UpLeft) | line("h2", Dir::UpLeft),
            DOUBLE_ROAD
        );
        let triple = line("c1", Dir::UpRight)
            | line("c1", Dir::UpLeft)
            | line("a3", Dir::UpRight)
            | line("h6", Dir::UpLeft);
        assert_eq!(triple, TRIPLE_ROAD);
        assert_eq!(
            (
                LONG_DIAGONAL.count(),
                DOUBLE_ROAD.count(),
                TRIPLE_ROAD.count()
            ),
            (8, 14, 14)
        );
        assert!(DOUBLE_ROAD.contains(sq("d4")) && TRIPLE_ROAD.contains(sq("e3")));
        // The double road crosses the main road in the centre.
        assert_eq!(
            LONG_DIAGONAL & DOUBLE_ROAD,
            Bitboard::from_square(sq("d4")).with(sq("e5"))
        );
    }
}
