//! Contempt: how Hard plays for a win against a person rather than for the objective value.
//!
//! A draw scores a little below level for the side the engine plays (and as much above for its
//! opponent), so it avoids a draw it can escape at a small cost; and every piece on the board is
//! worth a few centi-men to that side, so it keeps material on and the game complicated, where a
//! weaker opponent has more chances to go wrong. Analysis, hints and review search without it:
//! their scores are the position's value, not the engine's wishes.

/// The engine's stake in a game, from the point of view of the side to move at the root.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Contempt {
    /// What a draw costs the root side, in centi-men.
    pub draw: i32,
    /// What each piece on the board is worth to the root side, in centi-men.
    pub per_piece: i32,
}

impl Contempt {
    /// The objective search: a draw is 0.
    pub const NONE: Contempt = Contempt {
        draw: 0,
        per_piece: 0,
    };

    /// Hard's stake against a person in Czech (measured against e42610c's Hard at 300 ms a
    /// move).
    pub const HARD: Contempt = Contempt {
        draw: 40,
        per_piece: 3,
    };

    /// Hard's stake in Russian: the pieces on the board count twice as much as in Czech. Its
    /// draws end in a king against a king after the men are traded off; against e42610c at
    /// 300 ms, 400 games, Hard with this stake scored 84.9 % where it scored 84.1 % with Czech's
    /// (+0.8 %, −2.5..+4.0, paired by opening: within the noise; `docs/strength.md`).
    pub const HARD_RUSSIAN: Contempt = Contempt {
        draw: 40,
        per_piece: 6,
    };

    /// A draw's score `ply` plies below the root, for the side to move there.
    #[inline]
    pub fn draw_score(self, ply: usize) -> i32 {
        if ply % 2 == 0 {
            -self.draw
        } else {
            self.draw
        }
    }

    /// A static value (for the side to move) with the pieces on the board counted in the root
    /// side's favour; `root_to_move` tells whether the side to move is the root's.
    #[inline]
    pub fn adjust(self, value: i32, pieces: u32, root_to_move: bool) -> i32 {
        let k = self.per_piece * pieces as i32;
        if root_to_move {
            value + k
        } else {
            value - k
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_costs_the_root_side_and_pays_its_opponent() {
        let c = Contempt::HARD;
        assert_eq!(c.draw_score(0), -40);
        assert_eq!(c.draw_score(1), 40);
        assert_eq!(c.draw_score(6), -40);
        assert_eq!(Contempt::NONE.draw_score(3), 0);
    }

    #[test]
    fn pieces_count_for_the_root_side_whoever_is_to_move() {
        let c = Contempt::HARD;
        assert_eq!(c.adjust(10, 20, true), 70);
        assert_eq!(c.adjust(10, 20, false), -50);
        assert_eq!(Contempt::NONE.adjust(10, 20, false), 10);
    }
}
