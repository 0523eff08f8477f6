//! Move notation. Czech and Russian print algebraic squares (`c3-d4`, captures `c3:e5:c7` with
//! every landing square); English prints numbers (`9-14`, `14x23`, `1x10x19`).
//!
//! Parsing is forgiving in form and strict in meaning: any separator (`-`, `:`, `x`, `×`),
//! numbers or algebraic squares in every variant, the short from–to form or the full path — as
//! long as the text names exactly one legal move.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::bitboard::Bitboard;
use crate::movegen::{capture_sequences, legal_moves, CaptureSink};
use crate::moves::Move;
use crate::position::Position;
use crate::square::{ParseSquareError, Square};
use crate::variant::Rules;

/// Why a move text was rejected.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NotationError {
    Empty,
    /// A token that is not a square.
    BadSquare {
        token: String,
        reason: ParseSquareError,
    },
    /// Only one square given.
    NeedTwoSquares {
        text: String,
    },
    /// Well-formed, but no legal move matches.
    NoSuchMove {
        text: String,
    },
    /// Several legal moves match; the candidates are printed in full.
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Empty => f.write_str("empty move"),
            NotationError::BadSquare { token, reason } => {
                write!(f, "bad square {token:?} in move: {reason}")
            }
            NotationError::NeedTwoSquares { text } => {
                write!(f, "move {text:?} needs at least two squares")
            }
            NotationError::NoSuchMove { text } => write!(f, "{text} is not a legal move here"),
            NotationError::Ambiguous { text, candidates } => {
                write!(f, "{text} is ambiguous: it could be ")?;
                for (i, c) in candidates.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" or ")?;
                    }
                    f.write_str(c)?;
                }
                Ok(())
            }
        }
    }
}

/// One complete capture sequence with its landing squares.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CapturePath {
    pub mv: Move,
    /// Landing squares in order; the last is the destination.
    pub landings: Vec<Square>,
}

struct PathSink(Vec<CapturePath>);

impl CaptureSink for PathSink {
    fn capture(&mut self, from: Square, path: &[Square], captured: Bitboard, promotes: bool) {
        self.0.push(CapturePath {
            mv: Move::new(from, path[path.len() - 1], captured, promotes),
            landings: path.to_vec(),
        });
    }
}

/// Every legal capture sequence of the side to move, path by path (empty when no capture).
pub fn capture_paths(pos: &Position, rules: &Rules) -> Vec<CapturePath> {
    let mut sink = PathSink(Vec::new());
    capture_sequences(pos, rules, &mut sink);
    sink.0
}

/// The squares a move visits: from, then each landing square (just from–to for a quiet move).
pub fn move_squares(pos: &Position, rules: &Rules, m: &Move) -> Vec<Square> {
    let mut squares = alloc::vec![m.from()];
    if m.is_capture() {
        if let Some(p) = capture_paths(pos, rules).into_iter().find(|p| p.mv == *m) {
            squares.extend(p.landings);
            return squares;
        }
    }
    squares.push(m.to());
    squares
}

/// Writes a square the way the variant names squares.
pub fn square_name(rules: &Rules, sq: Square) -> String {
    if rules.algebraic_notation {
        sq.algebraic().to_string()
    } else {
        sq.number().to_string()
    }
}

/// The move in the variant's notation with the full capture path.
pub fn move_to_string(pos: &Position, rules: &Rules, m: &Move) -> String {
    let sep = match (m.is_capture(), rules.algebraic_notation) {
        (false, _) => '-',
        (true, true) => ':',
        (true, false) => 'x',
    };
    let mut s = String::new();
    for (i, sq) in move_squares(pos, rules, m).into_iter().enumerate() {
        if i > 0 {
            s.push(sep);
        }
        let _ = write!(s, "{}", square_name(rules, sq));
    }
    s
}

fn is_separator(c: char) -> bool {
    matches!(c, '-' | ':' | 'x' | 'X' | '×')
}

/// Parses the squares of a move text.
pub fn parse_squares(text: &str) -> Result<Vec<Square>, NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(NotationError::Empty);
    }
    let squares = text
        .split(is_separator)
        .map(|t| {
            Square::parse(t.trim()).map_err(|reason| NotationError::BadSquare {
                token: t.to_string(),
                reason,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if squares.len() < 2 {
        return Err(NotationError::NeedTwoSquares {
            text: text.to_string(),
        });
    }
    Ok(squares)
}

/// The legal move the text names.
pub fn parse_move(pos: &Position, rules: &Rules, text: &str) -> Result<Move, NotationError> {
    let squares = parse_squares(text)?;
    let text = text.trim();
    let from = squares[0];
    let to = squares[squares.len() - 1];
    let mut legal = Vec::new();
    legal_moves(pos, rules, &mut legal);
    // A full path names its move exactly (this also settles `e1:a5` when another capture from
    // e1 ends on a5 by a longer way).
    let paths = capture_paths(pos, rules);
    let mut candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            m.from() == from
                && if m.is_capture() {
                    paths
                        .iter()
                        .any(|p| p.mv == *m && p.landings[..] == squares[1..])
                } else {
                    squares.len() == 2 && m.to() == to
                }
        })
        .collect();
    if candidates.is_empty() && squares.len() == 2 {
        // The short form: from and to only.
        candidates = legal
            .iter()
            .copied()
            .filter(|m| m.from() == from && m.to() == to)
            .collect();
    }
    match candidates.len() {
        0 => Err(NotationError::NoSuchMove {
            text: text.to_string(),
        }),
        1 => Ok(candidates[0]),
        _ => Err(NotationError::Ambiguous {
            text: text.to_string(),
            candidates: candidates
                .iter()
                .map(|m| move_to_string(pos, rules, m))
                .collect(),
        }),
    }
}
