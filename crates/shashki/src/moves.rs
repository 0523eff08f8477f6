//! A move as the position change it makes: from, to, the captured set and whether the piece is
//! crowned. Paths are not stored — moves that differ only in path give the same position and are
//! one move; the notation module recovers a path when a move is printed.

use crate::bitboard::Bitboard;
use crate::square::Square;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    from: Square,
    to: Square,
    promotes: bool,
    captured: Bitboard,
}

impl Move {
    #[inline(always)]
    pub const fn new(from: Square, to: Square, captured: Bitboard, promotes: bool) -> Move {
        Move {
            from,
            to,
            promotes,
            captured,
        }
    }

    #[inline(always)]
    pub const fn from(&self) -> Square {
        self.from
    }

    #[inline(always)]
    pub const fn to(&self) -> Square {
        self.to
    }

    /// The pieces removed when the move ends.
    #[inline(always)]
    pub const fn captured(&self) -> Bitboard {
        self.captured
    }

    #[inline(always)]
    pub const fn is_capture(&self) -> bool {
        self.captured.0 != 0
    }

    /// A man is crowned by this move (on arrival, or during a Russian capture).
    #[inline(always)]
    pub const fn promotes(&self) -> bool {
        self.promotes
    }
}
