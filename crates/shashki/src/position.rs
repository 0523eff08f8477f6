//! A board position: who stands where and whose turn it is. Positions are small `Copy` values and
//! [`Position::play`] returns the next one (copy-make), which keeps search and undo trivial.

use core::fmt;
use core::ops::Not;

use crate::bitboard::{Bitboard, BOTTOM_ROW, TOP_ROW};
use crate::moves::Move;
use crate::square::Square;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The row where this colour's men are crowned.
    #[inline(always)]
    pub const fn crowning_row(self) -> Bitboard {
        match self {
            Color::White => TOP_ROW,
            Color::Black => BOTTOM_ROW,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Role {
    Man,
    King,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

/// Pieces and side to move. Invariants (upheld by every constructor in this crate): `white` and
/// `black` are disjoint and `kings` is a subset of their union.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    white: Bitboard,
    black: Bitboard,
    kings: Bitboard,
    side: Color,
}

impl Position {
    /// The start position: White men on 21–32, Black men on 1–12.
    pub const fn start(side: Color) -> Position {
        Position {
            white: Bitboard(0xFFF0_0000),
            black: Bitboard(0x0000_0FFF),
            kings: Bitboard(0),
            side,
        }
    }

    /// An empty board (useful as a base for [`Position::with_piece`]).
    pub const fn empty(side: Color) -> Position {
        Position {
            white: Bitboard(0),
            black: Bitboard(0),
            kings: Bitboard(0),
            side,
        }
    }

    /// The same position with `sq` holding `piece` (replacing whatever was there).
    pub fn with_piece(mut self, sq: Square, piece: Option<Piece>) -> Position {
        self.white = self.white.without(sq);
        self.black = self.black.without(sq);
        self.kings = self.kings.without(sq);
        if let Some(p) = piece {
            match p.color {
                Color::White => self.white = self.white.with(sq),
                Color::Black => self.black = self.black.with(sq),
            }
            if p.role == Role::King {
                self.kings = self.kings.with(sq);
            }
        }
        self
    }

    /// The board turned half a turn with the colours swapped: square i becomes 31 − i (a bit
    /// reversal) and the other side moves. Every rule is symmetric under it, so a position and its
    /// flip have the same value for their side to move.
    pub const fn flipped(&self) -> Position {
        Position {
            white: Bitboard(self.black.0.reverse_bits()),
            black: Bitboard(self.white.0.reverse_bits()),
            kings: Bitboard(self.kings.0.reverse_bits()),
            side: match self.side {
                Color::White => Color::Black,
                Color::Black => Color::White,
            },
        }
    }

    pub const fn with_side(mut self, side: Color) -> Position {
        self.side = side;
        self
    }

    #[inline(always)]
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline(always)]
    pub const fn pieces(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    #[inline(always)]
    pub fn men(&self, color: Color) -> Bitboard {
        self.pieces(color) & !self.kings
    }

    #[inline(always)]
    pub fn kings(&self, color: Color) -> Bitboard {
        self.pieces(color) & self.kings
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.white | self.black
    }

    #[inline(always)]
    pub fn empty_squares(&self) -> Bitboard {
        !(self.white | self.black)
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.white.contains(sq) {
            Color::White
        } else if self.black.contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(sq) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece { color, role })
    }

    /// Plays `m` for the side to move. `m` must come from this position's legal move list; the
    /// checked entry point is [`crate::Game::play`].
    #[inline(always)]
    pub fn play(&self, m: &Move) -> Position {
        let from = m.from().bit();
        let to = m.to().bit();
        let cap = m.captured().0;
        let was_king = self.kings.0 & from != 0;
        let mut p = *self;
        let (own, opp) = match self.side {
            Color::White => (&mut p.white, &mut p.black),
            Color::Black => (&mut p.black, &mut p.white),
        };
        own.0 = (own.0 & !from) | to;
        opp.0 &= !cap;
        p.kings.0 &= !(from | cap);
        if was_king || m.promotes() {
            p.kings.0 |= to;
        }
        p.side = !self.side;
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_twelve_men_each() {
        let p = Position::start(Color::White);
        assert_eq!(p.men(Color::White).count(), 12);
        assert_eq!(p.men(Color::Black).count(), 12);
        assert_eq!(p.occupied().count(), 24);
        assert!(p
            .pieces(Color::White)
            .contains(Square::from_number(21).unwrap()));
        assert!(p
            .pieces(Color::Black)
            .contains(Square::from_number(12).unwrap()));
    }
}
