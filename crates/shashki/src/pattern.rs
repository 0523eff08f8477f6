//! The features of the learned evaluation: patterns of men and of kings in overlapping 4×4
//! windows, plus a few counts (material, kings, runaway men, king activity).
//!
//! Each of the 25 windows (4 rows × 4 files, at every offset) holds exactly 8 dark squares; the
//! configuration of men on them (empty, white man, black man) is one of 3^8 = 6561 indexes, and
//! the evaluation adds one learned weight per window. That is Scan's idea for 10×10: local
//! structures (a weak back rank, a hanging man, a bridge, a strong centre) are learned from
//! games rather than guessed. The kings get windows of their own, read the same way (empty,
//! white king, black king): a king's worth depends on where it stands (a trapped corner, the
//! double corner, a guard of the centre) as much as a man's does, and the counts alone cannot say
//! so. A window mixing both (5^8 configurations) would be too big to learn.
//!
//! Bands (two neighbouring rows across the board, again 8 dark squares) see the men the other
//! way: what the two flanks look like together, which overlapping 4×4 windows add up but never
//! combine. A variant's weights may leave them out (`train --bands` learns them).
//!
//! Flying kings need more than windows: a king's reach is a whole diagonal. The counts say whether
//! a side has a king at all (the first king against men decides more than any later one), how many
//! men face an enemy king, and whether a king stands on the roads players name — the main road
//! a1–h8 (and holds it alone), the double road and the triple road.
//!
//! Everything is computed from White's side; the trainer (`shashki train`) and the engine use this
//! same function, so what is learned is what is played.

use crate::bitboard::{neighbour, slide, Bitboard, Dir, DOUBLE_ROAD, LONG_DIAGONAL, TRIPLE_ROAD};
use crate::eval::{CONE_DOWN, CONE_UP};
use crate::position::{Color, Position};
use crate::variant::{KingRange, Rules};

/// Windows per position (5 row offsets × 5 file offsets).
pub const WINDOWS: usize = 25;
/// Bands per position: two neighbouring rows across the whole board (8 dark squares), rows
/// 1–2, 2–3, … 7–8.
pub const BANDS: usize = 7;
/// Pattern slots: every window twice, once for the men and once for the kings, then the men's
/// bands. A weight file of an older layout (windows only) reads with zero weights for the bands.
pub const PATTERNS: usize = 2 * WINDOWS + BANDS;
/// Configurations of one window: 3^8.
pub const CONFIGS: usize = 6561;
/// The counted features, White minus Black (see [`Features::dense`]). New ones are only ever
/// appended, so an older weight file reads with zero weights for them.
pub const DENSE: usize = 11;
/// Pieces on the board at which the opening weights apply fully; with fewer, the ending weights
/// take over linearly.
pub const PHASE_MAX: i32 = 24;

/// Names of the counted features, in order (for the trainer's report).
pub const DENSE_NAMES: [&str; DENSE] = [
    "men",
    "kings",
    "runaway",
    "king_long_diagonal",
    "king_mobility",
    "tempo",
    "has_king",
    "king_double_road",
    "king_triple_road",
    "long_road_held",
    "men_facing_king",
];

/// A position as the learned evaluation sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// Per window, the configuration index in `0..CONFIGS` of the men, then of the kings; then
    /// per band, of the men.
    pub windows: [u16; PATTERNS],
    /// White minus Black: men, kings, runaway men, kings on the long diagonal (flying kings),
    /// king mobility, +1/−1 for White/Black to move, having a king, a king on the double and
    /// on the triple road (flying), the long diagonal held (a king on it and no enemy piece),
    /// and own men facing an enemy king.
    pub dense: [i32; DENSE],
    /// Pieces on the board, capped at [`PHASE_MAX`]: the weight of the opening set.
    pub phase: i32,
}

/// Where each window row's two squares sit in the row's 4 bits, by row parity and file offset:
/// even rows hold files b, d, f, h, odd rows a, c, e, g.
const SHIFT: [[u32; 5]; 2] = [[0, 0, 1, 1, 2], [0, 1, 1, 2, 2]];

/// A binary byte read as base-3 digits (bit i → 3^i), for packing two colours into one index.
const TERNARY: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let (mut v, mut p, mut i) = (0u16, 1u16, 0);
        while i < 8 {
            if b & (1 << i) != 0 {
                v += p;
            }
            p *= 3;
            i += 1;
        }
        t[b] = v;
        b += 1;
    }
    t
};

/// For file offset `c`, the two squares of every row in the window columns, packed as 16 bits
/// (row r at bits 2r, 2r+1): shift even and odd rows into place, keep each row's two bits, then
/// squeeze the 2-bit fields together.
#[inline(always)]
fn band(bb: u32, c: usize) -> u32 {
    let y = ((bb >> SHIFT[0][c]) & 0x0303_0303) | ((bb >> SHIFT[1][c]) & 0x3030_3030);
    let y = (y | (y >> 2)) & 0x0F0F_0F0F;
    let y = (y | (y >> 4)) & 0x00FF_00FF;
    (y | (y >> 8)) & 0xFFFF
}

/// The window configuration indexes of two sets of pieces (White's and Black's men, or kings).
#[inline]
pub fn window_indexes(white_men: Bitboard, black_men: Bitboard) -> [u16; WINDOWS] {
    let mut out = [0u16; WINDOWS];
    for c in 0..5 {
        let w = band(white_men.0, c);
        let b = band(black_men.0, c);
        for r in 0..5 {
            let wi = ((w >> (2 * r)) & 0xFF) as usize;
            let bi = ((b >> (2 * r)) & 0xFF) as usize;
            out[r * 5 + c] = TERNARY[wi] + 2 * TERNARY[bi];
        }
    }
    out
}

/// The band configuration indexes of the men: what a 4×4 window cannot see, how the two flanks
/// stand together (a wing left bare while the other is crowded, a row locked across the board).
/// Two neighbouring rows are one byte of the board, so a band is a table read per colour.
#[inline]
pub fn band_indexes(white_men: Bitboard, black_men: Bitboard) -> [u16; BANDS] {
    let mut out = [0u16; BANDS];
    for (r, slot) in out.iter_mut().enumerate() {
        let wi = ((white_men.0 >> (4 * r)) & 0xFF) as usize;
        let bi = ((black_men.0 >> (4 * r)) & 0xFF) as usize;
        *slot = TERNARY[wi] + 2 * TERNARY[bi];
    }
    out
}

/// Men past the middle with no enemy piece anywhere in their path, while the enemy has no king.
fn runaways(pos: &Position, color: Color) -> i32 {
    let them = !color;
    if pos.kings(them).any() {
        return 0;
    }
    let (far, cone) = match color {
        Color::White => (0x0000_FFFFu32, &CONE_UP),
        Color::Black => (0xFFFF_0000u32, &CONE_DOWN),
    };
    let theirs = pos.pieces(them).0;
    let mut n = 0;
    for sq in pos.men(color) & Bitboard(far) {
        if cone[sq.index()] & theirs == 0 {
            n += 1;
        }
    }
    n
}

/// Squares the kings of `color` can move to (a flying king's whole rays, a short king's steps).
fn king_mobility(pos: &Position, rules: &Rules, color: Color) -> i32 {
    let occupied = pos.occupied();
    let mut n = 0;
    for k in pos.kings(color) {
        for d in Dir::ALL {
            n += match rules.king_range {
                KingRange::Flying => slide(k, d, occupied).0.count() as i32,
                KingRange::Short => neighbour(k, d).is_some_and(|s| !occupied.contains(s)) as i32,
            };
        }
    }
    n
}

/// The features of a position, from White's side.
pub fn features(pos: &Position, rules: &Rules) -> Features {
    features_with(pos, rules, true)
}

/// The features, the bands left at configuration 0 unless `bands`: weights without them need
/// not pay for reading them.
#[inline]
pub(crate) fn features_with(pos: &Position, rules: &Rules, bands: bool) -> Features {
    let (w, b) = (Color::White, Color::Black);
    let flying = rules.king_range == KingRange::Flying;
    let has_king = |c: Color| pos.kings(c).any() as i32;
    // A flying king of `c` on the road `d`.
    let on = |c: Color, d: Bitboard| (flying && (pos.kings(c) & d).any()) as i32;
    let held = |c: Color| on(c, LONG_DIAGONAL) * !(pos.pieces(!c) & LONG_DIAGONAL).any() as i32;
    let mobility = if (pos.kings(w) | pos.kings(b)).any() {
        king_mobility(pos, rules, w) - king_mobility(pos, rules, b)
    } else {
        0
    };
    Features {
        windows: {
            let mut all = [0u16; PATTERNS];
            all[..WINDOWS].copy_from_slice(&window_indexes(pos.men(w), pos.men(b)));
            if (pos.kings(w) | pos.kings(b)).any() {
                all[WINDOWS..2 * WINDOWS]
                    .copy_from_slice(&window_indexes(pos.kings(w), pos.kings(b)));
            }
            if bands {
                all[2 * WINDOWS..].copy_from_slice(&band_indexes(pos.men(w), pos.men(b)));
            }
            all
        },
        dense: [
            pos.men(w).count() as i32 - pos.men(b).count() as i32,
            pos.kings(w).count() as i32 - pos.kings(b).count() as i32,
            runaways(pos, w) - runaways(pos, b),
            on(w, LONG_DIAGONAL) - on(b, LONG_DIAGONAL),
            mobility,
            if pos.side_to_move() == w { 1 } else { -1 },
            has_king(w) - has_king(b),
            on(w, DOUBLE_ROAD) - on(b, DOUBLE_ROAD),
            on(w, TRIPLE_ROAD) - on(b, TRIPLE_ROAD),
            held(w) - held(b),
            pos.men(w).count() as i32 * has_king(b) - pos.men(b).count() as i32 * has_king(w),
        ],
        phase: (pos.occupied().count() as i32).min(PHASE_MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;
    use crate::position::Role;
    use crate::square::Square;
    use crate::variant::Variant;
    use core::ops::Range;

    /// A window's or a band's index straight from the definition: the squares of `rows` (from
    /// the top) × `files` in reading order, 3^k per square, counting the pieces of one role.
    fn slow_index(pos: &Position, role: Role, rows: Range<usize>, files: Range<usize>) -> u16 {
        let mut v = 0u16;
        let mut p = 1u16;
        for r in rows {
            for c in files.clone() {
                if (r + c) % 2 == 0 {
                    continue; // a light square
                }
                let sq = Square::from_coords(c as u8, 7 - r as u8).expect("dark square");
                let digit = match pos.piece_at(sq) {
                    Some(pc) if pc.role == role => {
                        if pc.color == Color::White {
                            1
                        } else {
                            2
                        }
                    }
                    _ => 0,
                };
                v += digit * p;
                p *= 3;
            }
        }
        v
    }

    const SAMPLES: [&str; 4] = [
        "W:W21-32:B1-12",
        "B:W18,21,22,23,24,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,14",
        "W:W5,K10,13,20,28:B3,K17,22,K29,K32",
        "B:WK1,K3,5,6,8,9,10,11,12,14,15,16:B17,18,19,21,22,23,25,26,27,28,K29,K32",
    ];

    #[test]
    fn windows_and_bands_match_their_definition() {
        for f in SAMPLES {
            let pos = fen::parse(f).unwrap();
            let feats = features(&pos, Variant::Russian.rules());
            for r in 0..5 {
                for c in 0..5 {
                    let w = r * 5 + c;
                    assert_eq!(
                        feats.windows[w],
                        slow_index(&pos, Role::Man, r..r + 4, c..c + 4),
                        "{f} {w}"
                    );
                    assert_eq!(
                        feats.windows[WINDOWS + w],
                        slow_index(&pos, Role::King, r..r + 4, c..c + 4),
                        "{f} kings {w}"
                    );
                }
            }
            for r in 0..BANDS {
                assert_eq!(
                    feats.windows[2 * WINDOWS + r],
                    slow_index(&pos, Role::Man, r..r + 2, 0..8),
                    "{f} band {r}"
                );
            }
        }
    }

    #[test]
    fn every_window_has_eight_squares() {
        for r in 0..5 {
            for c in 0..5 {
                let all = Bitboard(u32::MAX);
                let idx = window_indexes(all, Bitboard(0))[r * 5 + c];
                assert_eq!(idx as usize, (CONFIGS - 1) / 2, "window {r},{c}");
            }
        }
    }

    #[test]
    fn the_turned_board_swaps_the_sides() {
        let pos = fen::parse("W:W5,K10,13,20,28:B3,K17,22,K29,K32").unwrap();
        let turned = pos.flipped();
        assert_eq!(fen::to_fen(&turned), "B:WK1,K4,11,K16,30:B5,13,20,K23,28");
        assert_eq!(turned.flipped(), pos);
        for v in Variant::ALL {
            let (a, b) = (features(&pos, v.rules()), features(&turned, v.rules()));
            for (i, name) in DENSE_NAMES.iter().enumerate() {
                assert_eq!(a.dense[i], -b.dense[i], "{v} {name}");
            }
            assert_eq!(a.phase, b.phase);
        }
    }

    #[test]
    fn king_counts_by_the_roads() {
        // White kings on a3 (triple road) and d4 (main and double road), a man on e1; Black has
        // men on h6 and f8, none on the main road — until one comes to g7.
        let index = |name: &str| DENSE_NAMES.iter().position(|n| *n == name).unwrap();
        let names = [
            "king_long_diagonal",
            "has_king",
            "king_double_road",
            "king_triple_road",
            "long_road_held",
            "men_facing_king",
        ];
        let counts = |fen_text: &str, v: Variant| {
            let f = features(&fen::parse(fen_text).unwrap(), v.rules());
            names.map(|name| f.dense[index(name)])
        };
        let open_road = "W:WKa3,Kd4,e1:Bh6,f8";
        let blocked = "W:WKa3,Kd4,e1:Bh6,f8,g7";
        assert_eq!(counts(open_road, Variant::Russian), [1, 1, 1, 1, 1, -2]);
        assert_eq!(counts(blocked, Variant::Russian), [1, 1, 1, 1, 0, -3]);
        assert_eq!(counts(open_road, Variant::Czech), [1, 1, 1, 1, 1, -2]);
        // Short kings reach no road: only having a king and the men facing it count.
        assert_eq!(counts(open_road, Variant::English), [0, 1, 0, 0, 0, -2]);
    }
}
