//! The move counters behind the draw rules, shared by the game and the search so that the engine
//! sees exactly the draws the game will declare.

use core::fmt;

use crate::bitboard::LONG_DIAGONAL;
use crate::moves::Move;
use crate::position::{Color, Position};
use crate::variant::{DrawRules, Rules};

/// Which draw rule ended the game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum DrawReason {
    /// The same position with the same side to move for the third time.
    Repetition,
    /// Czech: 40 moves of each side with no capture and no promotion.
    FortyQuietMoves,
    /// English: 40 moves of each side with no capture and no man moved.
    FortyKingMoves,
    /// Russian 7.2.5: 15 moves of each side with only kings moving and nothing captured.
    FifteenKingMoves,
    /// Russian 7.2.4: three or more kings against a lone king, not won by the 15th move.
    ThreeKingsAgainstKing,
    /// Russian 7.2.7: three pieces with a king against a lone king on the long diagonal a1–h8,
    /// not won by the 5th move.
    LongDiagonal,
    /// Russian 7.2.8: two kings, king and man, or a king against a lone king, not won by the
    /// 5th move.
    SmallEnding,
    /// Russian 7.2.6: both sides with kings and the balance unchanged for 30 moves (4–5 pieces)
    /// or 60 moves (6–7 pieces).
    KingEndingNoProgress,
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Repetition => "the same position occurred three times",
            DrawReason::FortyQuietMoves => "40 moves each without a capture or a promotion",
            DrawReason::FortyKingMoves => "40 moves each without a capture or a man moving",
            DrawReason::FifteenKingMoves => "15 moves each with only kings moving and no capture",
            DrawReason::ThreeKingsAgainstKing => {
                "three kings could not catch a lone king in 15 moves"
            }
            DrawReason::LongDiagonal => {
                "a lone king held the long diagonal against three pieces for 5 moves"
            }
            DrawReason::SmallEnding => "a lone king against at most two pieces held for 5 moves",
            DrawReason::KingEndingNoProgress => "a king ending without progress (30/60 moves)",
        })
    }
}

/// The counters draw rules read, kept per ply so undo restores them exactly.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Counters {
    /// Plies since the last capture or promotion (the material balance is unchanged since).
    pub quiet_plies: u32,
    /// Plies since the last capture or man move.
    pub king_plies: u32,
    /// Russian 7.2.7: moves of the stronger side made while its three pieces faced a lone king
    /// on the long diagonal.
    pub long_diagonal_moves: u32,
}

/// The counters after `m` took `before` to `after`.
#[inline]
pub fn next_counters(
    rules: &Rules,
    before: &Position,
    m: &Move,
    after: &Position,
    c: Counters,
) -> Counters {
    let mover = before.side_to_move();
    let was_man = !before.kings(mover).contains(m.from());
    let material_changed = m.is_capture() || m.promotes();
    let mut next = Counters {
        quiet_plies: if material_changed {
            0
        } else {
            c.quiet_plies + 1
        },
        king_plies: if m.is_capture() || was_man {
            0
        } else {
            c.king_plies + 1
        },
        long_diagonal_moves: 0,
    };
    if rules.draws == DrawRules::Russian && !material_changed {
        if let Some((strong, _)) = lone_king_against_three(after) {
            next.long_diagonal_moves = c.long_diagonal_moves + u32::from(mover == strong);
        }
    }
    next
}

/// The variant's move-count draw that applies now, if any (repetition is checked separately).
#[inline]
pub fn rule_draw(rules: &Rules, pos: &Position, c: Counters) -> Option<DrawReason> {
    match rules.draws {
        DrawRules::Czech => (c.quiet_plies >= 80).then_some(DrawReason::FortyQuietMoves),
        DrawRules::English => (c.king_plies >= 80).then_some(DrawReason::FortyKingMoves),
        DrawRules::Russian => russian_draw(pos, c),
    }
}

/// For Russian 7.2.7: `(strong, weak)` when one side has exactly three pieces, at least one a
/// king, and the other a lone king standing on the long diagonal.
fn lone_king_against_three(pos: &Position) -> Option<(Color, Color)> {
    let (strong, weak) = lone_king(pos)?;
    (pos.pieces(strong).count() == 3 && (pos.pieces(weak) & LONG_DIAGONAL).any())
        .then_some((strong, weak))
}

/// `(strong, weak)` when `weak` has a single king and `strong` has at least one king.
fn lone_king(pos: &Position) -> Option<(Color, Color)> {
    [Color::White, Color::Black].into_iter().find_map(|weak| {
        let strong = !weak;
        (pos.pieces(weak).count() == 1 && pos.kings(weak).count() == 1 && pos.kings(strong).any())
            .then_some((strong, weak))
    })
}

fn russian_draw(pos: &Position, c: Counters) -> Option<DrawReason> {
    if let Some((strong, _)) = lone_king(pos) {
        // Moves of the stronger side since the material arose: the last ply was the side not
        // to move, and plies alternate.
        let q = c.quiet_plies;
        let strong_moves = if strong == pos.side_to_move() {
            q / 2
        } else {
            q.div_ceil(2)
        };
        let pieces = pos.pieces(strong).count();
        if pieces <= 2 && strong_moves >= 5 {
            return Some(DrawReason::SmallEnding);
        }
        if lone_king_against_three(pos).is_some() && c.long_diagonal_moves >= 5 {
            return Some(DrawReason::LongDiagonal);
        }
        if pieces >= 3 && pos.kings(strong).count() == pieces && strong_moves >= 15 {
            return Some(DrawReason::ThreeKingsAgainstKing);
        }
    }
    let total = pos.occupied().count();
    if pos.kings(Color::White).any() && pos.kings(Color::Black).any() {
        let limit = match total {
            4 | 5 => Some(60),
            6 | 7 => Some(120),
            _ => None,
        };
        if matches!(limit, Some(l) if c.quiet_plies >= l) {
            return Some(DrawReason::KingEndingNoProgress);
        }
    }
    (c.king_plies >= 30).then_some(DrawReason::FifteenKingMoves)
}
