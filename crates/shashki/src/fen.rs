//! FEN in its PDN form: `W:W21,22,K30:B1,2` — side to move, then each colour's squares, `K` for
//! kings. Ranges (`W21-32`) and algebraic squares (`Wc3`) are accepted; printing uses numbers in
//! ascending order. PDN's optional `H…`/`F…` move-counter fields are accepted and ignored.

use alloc::string::{String, ToString};
use core::fmt::{self, Write};

use crate::bitboard::Bitboard;
use crate::position::{Color, Piece, Position, Role};
use crate::square::{ParseSquareError, Square};

/// Why a FEN was rejected. Each variant names what is wrong and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FenError {
    Empty,
    /// The first field is not `W` or `B`.
    MissingSide {
        found: String,
    },
    /// No field lists this colour's pieces.
    MissingColor(Color),
    /// This colour's pieces are listed in two fields.
    ColorTwice(Color),
    /// A field that is neither a colour list nor a known counter.
    UnknownField {
        field: String,
    },
    /// A token that is not a square.
    BadSquare {
        token: String,
        reason: ParseSquareError,
    },
    /// A range whose ends are not numbers in ascending order.
    BadRange {
        token: String,
    },
    /// The same square given twice (in one or both colours).
    SquareTwice {
        square: Square,
    },
    /// A man standing where it would already have been crowned.
    ManOnCrowningRow {
        square: Square,
        color: Color,
    },
    /// More than 12 pieces of one colour.
    TooManyPieces {
        color: Color,
        count: u32,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("empty FEN"),
            FenError::MissingSide { found } => {
                write!(
                    f,
                    "FEN must start with the side to move, W or B (found {found:?})"
                )
            }
            FenError::MissingColor(c) => write!(f, "FEN lists no {c} pieces field"),
            FenError::ColorTwice(c) => write!(f, "FEN lists the {c} pieces twice"),
            FenError::UnknownField { field } => write!(f, "unknown FEN field {field:?}"),
            FenError::BadSquare { token, reason } => {
                write!(f, "bad square {token:?} in FEN: {reason}")
            }
            FenError::BadRange { token } => {
                write!(
                    f,
                    "bad range {token:?} in FEN (expected two ascending numbers like 21-32)"
                )
            }
            FenError::SquareTwice { square } => write!(f, "square {square} listed twice in FEN"),
            FenError::ManOnCrowningRow { square, color } => {
                write!(f, "{color} man on square {square}, its crowning row")
            }
            FenError::TooManyPieces { color, count } => {
                write!(f, "{count} {color} pieces in FEN (at most 12)")
            }
        }
    }
}

fn parse_side(s: &str) -> Option<Color> {
    match s {
        "W" | "w" => Some(Color::White),
        "B" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// Squares named by one list item: `12`, `c3` or `21-32`.
fn item_squares(item: &str) -> Result<Bitboard, FenError> {
    let bad = |reason| FenError::BadSquare {
        token: item.to_string(),
        reason,
    };
    if let Some((a, b)) = item.split_once('-') {
        let range_err = || FenError::BadRange {
            token: item.to_string(),
        };
        let a = a.trim().parse::<u8>().map_err(|_| range_err())?;
        let b = b.trim().parse::<u8>().map_err(|_| range_err())?;
        let (Some(a), Some(b)) = (Square::from_number(a), Square::from_number(b)) else {
            return Err(range_err());
        };
        if a > b {
            return Err(range_err());
        }
        return Ok((a.index()..=b.index()).fold(Bitboard::EMPTY, |acc, i| acc.with(Square::ALL[i])));
    }
    Square::parse(item.trim())
        .map(Bitboard::from_square)
        .map_err(bad)
}

/// Parses a FEN into a position. Validation: squares exist and appear once, at most 12 pieces a
/// side, no man on its own crowning row.
pub fn parse(fen: &str) -> Result<Position, FenError> {
    let fen = fen.trim();
    let fen = fen.strip_suffix('.').unwrap_or(fen).trim();
    if fen.is_empty() {
        return Err(FenError::Empty);
    }
    let mut fields = fen.split(':');
    let side_field = fields.next().unwrap_or("").trim();
    let side = parse_side(side_field).ok_or_else(|| FenError::MissingSide {
        found: side_field.to_string(),
    })?;
    let mut pos = Position::empty(side);
    let mut seen = [false; 2];
    let mut all = Bitboard::EMPTY;
    for field in fields {
        let field = field.trim();
        let (head, rest) = field.split_at(field.chars().next().map_or(0, char::len_utf8));
        let color = match head {
            "W" | "w" => Color::White,
            "B" | "b" => Color::Black,
            "H" | "F" if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) => continue,
            _ => {
                return Err(FenError::UnknownField {
                    field: field.to_string(),
                })
            }
        };
        let ci = color as usize;
        if seen[ci] {
            return Err(FenError::ColorTwice(color));
        }
        seen[ci] = true;
        for item in rest.split(',') {
            let item = item.trim();
            if item.is_empty() {
                continue;
            }
            let (role, body) = match item.strip_prefix(['K', 'k']) {
                Some(body) => (Role::King, body),
                None => (Role::Man, item),
            };
            let squares = item_squares(body)?;
            for sq in squares {
                if all.contains(sq) {
                    return Err(FenError::SquareTwice { square: sq });
                }
                all = all.with(sq);
                if role == Role::Man && color.crowning_row().contains(sq) {
                    return Err(FenError::ManOnCrowningRow { square: sq, color });
                }
                pos = pos.with_piece(sq, Some(Piece { color, role }));
            }
        }
    }
    for color in [Color::White, Color::Black] {
        if !seen[color as usize] {
            return Err(FenError::MissingColor(color));
        }
        let count = pos.pieces(color).count();
        if count > 12 {
            return Err(FenError::TooManyPieces { color, count });
        }
    }
    Ok(pos)
}

/// Prints the FEN with square numbers: `W:W21,22,K30:B1,2`.
pub fn to_fen(pos: &Position) -> String {
    let mut s = String::new();
    s.push(side_char(pos.side_to_move()));
    for color in [Color::White, Color::Black] {
        s.push(':');
        s.push(side_char(color));
        for (i, sq) in pos.pieces(color).into_iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            if pos.kings(color).contains(sq) {
                s.push('K');
            }
            let _ = write!(s, "{}", sq.number());
        }
    }
    s
}

fn side_char(c: Color) -> char {
    match c {
        Color::White => 'W',
        Color::Black => 'B',
    }
}

impl core::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn start_position_round_trips() {
        let fen = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
        let p = parse(fen).unwrap();
        assert_eq!(p, Position::start(Color::White));
        assert_eq!(to_fen(&p), fen);
        assert_eq!(parse("W:W21-32:B1-12").unwrap(), p);
    }

    #[test]
    fn kings_algebraic_and_counters() {
        let p = parse("B:WK30,c3:Bk1,b6:H0:F1").unwrap();
        assert_eq!(p.side_to_move(), Color::Black);
        assert_eq!(p.kings(Color::White), Bitboard::from_square(sq("30")));
        assert!(p.men(Color::White).contains(sq("c3")));
        assert_eq!(p.kings(Color::Black), Bitboard::from_square(sq("1")));
        assert!(p.men(Color::Black).contains(sq("b6")));
        assert_eq!(to_fen(&p), "B:W22,K30:BK1,9");
        assert_eq!(parse(&to_fen(&p)).unwrap(), p);
        // Empty lists are allowed: a side with no pieces has simply lost.
        assert_eq!(to_fen(&parse("W:W:B1").unwrap()), "W:W:B1");
    }

    #[test]
    fn every_malformed_fen_is_a_typed_error() {
        use FenError::*;
        assert_eq!(parse("  "), Err(Empty));
        assert!(matches!(parse("X:W1:B2"), Err(MissingSide { .. })));
        assert!(matches!(parse(":W21:B1"), Err(MissingSide { .. })));
        assert_eq!(parse("W:W21"), Err(MissingColor(Color::Black)));
        assert_eq!(parse("W:W21:W22:B1"), Err(ColorTwice(Color::White)));
        assert!(matches!(parse("W:W21:B1:Q7"), Err(UnknownField { .. })));
        assert!(matches!(
            parse("W:W33:B1"),
            Err(BadSquare {
                reason: ParseSquareError::OutOfRange,
                ..
            })
        ));
        assert!(matches!(
            parse("W:Wa2:B1"),
            Err(BadSquare {
                reason: ParseSquareError::LightSquare,
                ..
            })
        ));
        assert!(matches!(parse("W:Wzz:B1"), Err(BadSquare { .. })));
        assert!(matches!(parse("W:W30-21:B1"), Err(BadRange { .. })));
        assert!(matches!(parse("W:W21-40:B1"), Err(BadRange { .. })));
        assert_eq!(parse("W:W21,21:B1"), Err(SquareTwice { square: sq("21") }));
        assert_eq!(parse("W:W21:B21"), Err(SquareTwice { square: sq("21") }));
        assert_eq!(
            parse("W:W3:B12"),
            Err(ManOnCrowningRow {
                square: sq("3"),
                color: Color::White
            })
        );
        assert_eq!(
            parse("W:W21:B30"),
            Err(ManOnCrowningRow {
                square: sq("30"),
                color: Color::Black
            })
        );
        assert_eq!(
            parse("W:W13-25:B1"),
            Err(TooManyPieces {
                color: Color::White,
                count: 13
            })
        );
        // Kings may stand on any row.
        assert!(parse("W:WK3:BK30").is_ok());
    }
}
