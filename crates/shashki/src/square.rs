//! The 32 playable squares and their two names.
//!
//! Index `i` (0..32) is square number `i + 1` in the standard checkers numbering: counted left to
//! right, top row first, with White at the bottom (1 = b8, 4 = h8, 5 = a7, 29 = a1, 32 = g1).
//! Keeping the index equal to the number minus one means the engine, the FEN and the English
//! notation all speak the same language, and algebraic names are a cheap table lookup.

use core::fmt;
use core::str::FromStr;

/// One of the 32 dark squares.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// All squares in numbering order.
    pub const ALL: [Square; 32] = {
        let mut all = [Square(0); 32];
        let mut i = 0;
        while i < 32 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with index `i` (number `i + 1`); `None` outside 0..32.
    pub const fn new(i: u8) -> Option<Square> {
        if i < 32 {
            Some(Square(i))
        } else {
            None
        }
    }

    /// Caller guarantees `i < 32` (used by tables and bit scans).
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(i: u32) -> Square {
        Square(i as u8)
    }

    /// From the standard number 1..=32.
    pub const fn from_number(n: u8) -> Option<Square> {
        if n >= 1 && n <= 32 {
            Some(Square(n - 1))
        } else {
            None
        }
    }

    /// From a board coordinate: `file` 0..8 = a..h, `rank` 0..8 = 1..8. Light squares give `None`.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file >= 8 || rank >= 8 || (file + rank) % 2 == 1 {
            return None;
        }
        let row = 7 - rank;
        Some(Square(row * 4 + file / 2))
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The standard number 1..=32.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// Row counted from the top (0 = rank 8, White's crowning row).
    pub const fn row(self) -> u8 {
        self.0 / 4
    }

    /// File 0..8 = a..h.
    pub const fn file(self) -> u8 {
        let row = self.0 / 4;
        let k = self.0 % 4;
        if row % 2 == 0 {
            2 * k + 1
        } else {
            2 * k
        }
    }

    /// Rank 0..8 = 1..8.
    pub const fn rank(self) -> u8 {
        7 - self.row()
    }

    #[inline(always)]
    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    /// Algebraic name, e.g. `c3`.
    pub fn algebraic(self) -> Algebraic {
        Algebraic(self)
    }

    /// Parses `"12"` or `"c3"` (case-insensitive). Whitespace is not trimmed.
    pub fn parse(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.is_empty() {
            return Err(ParseSquareError::Empty);
        }
        if b.iter().all(u8::is_ascii_digit) {
            if b.len() > 2 {
                return Err(ParseSquareError::OutOfRange);
            }
            let n = b.iter().fold(0u8, |acc, d| acc * 10 + (d - b'0'));
            return Square::from_number(n).ok_or(ParseSquareError::OutOfRange);
        }
        if b.len() == 2 {
            let f = b[0].to_ascii_lowercase();
            let r = b[1];
            if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r) {
                return Square::from_coords(f - b'a', r - b'1')
                    .ok_or(ParseSquareError::LightSquare);
            }
        }
        Err(ParseSquareError::Invalid)
    }
}

/// Why a square name was rejected.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ParseSquareError {
    Empty,
    /// A number outside 1..=32.
    OutOfRange,
    /// An algebraic name of a light (unplayable) square.
    LightSquare,
    /// Neither a number nor a coordinate.
    Invalid,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseSquareError::Empty => "empty square name",
            ParseSquareError::OutOfRange => "square number outside 1-32",
            ParseSquareError::LightSquare => "not a dark (playable) square",
            ParseSquareError::Invalid => "not a square (expected 1-32 or a1-h8)",
        })
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::parse(s)
    }
}

/// Prints the number.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// Display adapter for the algebraic name.
#[derive(Copy, Clone, Debug)]
pub struct Algebraic(Square);

impl fmt::Display for Algebraic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = (b'a' + self.0.file()) as char;
        let rank = (b'1' + self.0.rank()) as char;
        write!(f, "{file}{rank}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn numbering_matches_the_standard_corners() {
        let name = |n| Square::from_number(n).unwrap().algebraic().to_string();
        assert_eq!(name(1), "b8");
        assert_eq!(name(4), "h8");
        assert_eq!(name(5), "a7");
        assert_eq!(name(29), "a1");
        assert_eq!(name(32), "g1");
        assert_eq!(name(21), "a3");
        assert_eq!(name(12), "h6");
    }

    #[test]
    fn every_square_round_trips_both_names() {
        for sq in Square::ALL {
            let alg = sq.algebraic().to_string();
            assert_eq!(Square::parse(&alg), Ok(sq));
            assert_eq!(Square::parse(&alg.to_uppercase()), Ok(sq));
            assert_eq!(Square::parse(&sq.to_string()), Ok(sq));
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), Some(sq));
        }
    }

    #[test]
    fn bad_square_names_are_typed_errors() {
        assert_eq!(Square::parse(""), Err(ParseSquareError::Empty));
        assert_eq!(Square::parse("0"), Err(ParseSquareError::OutOfRange));
        assert_eq!(Square::parse("33"), Err(ParseSquareError::OutOfRange));
        assert_eq!(Square::parse("999"), Err(ParseSquareError::OutOfRange));
        assert_eq!(Square::parse("a2"), Err(ParseSquareError::LightSquare));
        assert_eq!(Square::parse("i1"), Err(ParseSquareError::Invalid));
        assert_eq!(Square::parse("c"), Err(ParseSquareError::Invalid));
        assert_eq!(Square::parse("+1"), Err(ParseSquareError::Invalid));
    }
}
