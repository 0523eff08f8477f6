//! Static evaluation in centi-men (a man = 100) from the side to move's point of view.
//!
//! One weight table per variant; the terms are the classical ones: material (a flying king is
//! worth far more than an English king), advancement, back-rank guard, centre, runaway men, king
//! mobility and the long diagonal, with a little endgame knowledge (trade down when ahead; endings
//! the rules or theory make drawn are scored as draws).

use alloc::sync::Arc;

use crate::bitboard::{slide, Bitboard, Dir, LONG_DIAGONAL};
use crate::learned::{builtin_bytes, LearnedEval};
use crate::net::NetEval;
use crate::position::{Color, Position};
use crate::square::Square;
use crate::variant::{KingRange, Rules, Variant};

/// The tunable weights of one variant.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    pub man: i32,
    pub king: i32,
    /// Bonus per man by rows advanced from its own back row (0..=6), opening/middlegame.
    pub advance: [i32; 7],
    /// The same in the ending (few pieces left), where running to the crown matters more.
    pub advance_end: [i32; 7],
    /// Per man still on its own back row, while the opponent has men to crown.
    pub back_rank: i32,
    /// Per man on the four centre squares (c5, e5, d4, f4 and their mirror).
    pub centre: i32,
    /// A man with no enemy piece in its path to the crown, and no enemy king on the board.
    pub runaway: i32,
    /// Per square a king can move to (flying kings only).
    pub king_mobility: i32,
    /// A flying king on the long diagonal a1–h8.
    pub long_diagonal: i32,
    /// Per piece traded off while ahead, scaled by the lead (in 1/64 of the lead).
    pub trade_down: i32,
}

/// Self-play at depth 6 (400 games each, the changed side's score): king 250 47.6 %, trade_down 8
/// 49.1 %; Russian (200–400 games) king 250 49.3 %, 350 51.0 %, advance ×1.5 with runaway 80
/// 47.1 %, advance ×2 51.9 % — all within noise of this table, which is kept.
pub const CZECH: Weights = Weights {
    man: 100,
    king: 300,
    advance: [0, 2, 4, 7, 10, 14, 18],
    advance_end: [0, 6, 12, 20, 30, 42, 56],
    back_rank: 8,
    centre: 6,
    runaway: 40,
    king_mobility: 2,
    long_diagonal: 20,
    trade_down: 4,
};

pub const RUSSIAN: Weights = CZECH;

/// Self-play (`shashki match --b-set king=N`, depth 6, 400 games): against king = 140, 170 scored
/// 59.9 %, 200 55.8 %, 240 52.6 %; 180 then scored 62.8 % over 300 games at depth 8.
pub const ENGLISH: Weights = Weights {
    man: 100,
    king: 180,
    advance: [0, 1, 3, 5, 8, 12, 16],
    advance_end: [0, 4, 8, 14, 22, 32, 44],
    back_rank: 10,
    centre: 6,
    runaway: 30,
    king_mobility: 0,
    long_diagonal: 0,
    trade_down: 6,
};

impl Weights {
    /// Sets one weight by name (`man`, `king`, `back_rank`, `centre`, `runaway`, `king_mobility`,
    /// `long_diagonal`, `trade_down`, or `advance`/`advance_end` scaled in percent).
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), UnknownWeight> {
        match name {
            "man" => self.man = value,
            "king" => self.king = value,
            "back_rank" => self.back_rank = value,
            "centre" => self.centre = value,
            "runaway" => self.runaway = value,
            "king_mobility" => self.king_mobility = value,
            "long_diagonal" => self.long_diagonal = value,
            "trade_down" => self.trade_down = value,
            "advance" => self.advance.iter_mut().for_each(|a| *a = *a * value / 100),
            "advance_end" => self
                .advance_end
                .iter_mut()
                .for_each(|a| *a = *a * value / 100),
            _ => return Err(UnknownWeight),
        }
        Ok(())
    }
}

/// A weight name [`Weights::set`] does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownWeight;

impl core::fmt::Display for UnknownWeight {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("unknown evaluation weight")
    }
}

pub const fn weights(v: Variant) -> &'static Weights {
    match v {
        Variant::Czech => &CZECH,
        Variant::Russian => &RUSSIAN,
        Variant::English => &ENGLISH,
    }
}

/// Centre squares c5, e5, d4, f4 (numbers 14, 15, 18, 19).
const CENTRE: Bitboard = Bitboard((1 << 13) | (1 << 14) | (1 << 17) | (1 << 18));

/// Squares ahead of a man (toward its crowning row) that it could ever reach: a widening cone.
const fn cones(up: bool) -> [u32; 32] {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 32 {
        let sq = Square::ALL[i];
        let (f0, r0) = (sq.file() as i32, sq.rank() as i32);
        let mut j = 0;
        while j < 32 {
            let s = Square::ALL[j];
            let (f, r) = (s.file() as i32, s.rank() as i32);
            let dr = if up { r - r0 } else { r0 - r };
            let df = if f > f0 { f - f0 } else { f0 - f };
            if dr > 0 && df <= dr {
                t[i] |= s.bit();
            }
            j += 1;
        }
        i += 1;
    }
    t
}

pub(crate) static CONE_UP: [u32; 32] = cones(true);
pub(crate) static CONE_DOWN: [u32; 32] = cones(false);

/// The eight rows, top (rank 8) first.
const ROWS: [Bitboard; 8] = {
    let mut r = [Bitboard(0); 8];
    let mut i = 0;
    while i < 8 {
        r[i] = Bitboard(0xF << (4 * i));
        i += 1;
    }
    r
};

/// Rows advanced from `color`'s own back row.
#[inline(always)]
fn advanced(color: Color, sq: Square) -> usize {
    match color {
        Color::White => 7 - sq.row() as usize,
        Color::Black => sq.row() as usize,
    }
}

fn side_score(pos: &Position, rules: &Rules, w: &Weights, color: Color, endgame: i32) -> i32 {
    let men = pos.men(color);
    let kings = pos.kings(color);
    let them = !color;
    let mut s = men.count() as i32 * w.man + kings.count() as i32 * w.king;
    let their_pieces = pos.pieces(them);
    let their_kings = pos.kings(them);
    let cone = match color {
        Color::White => &CONE_UP,
        Color::Black => &CONE_DOWN,
    };
    let mut advance = 0;
    for (r, row) in ROWS.iter().enumerate() {
        let n = (men & *row).count() as i32;
        if n != 0 {
            let a = match color {
                Color::White => 7 - r,
                Color::Black => r,
            }
            .min(6);
            advance += n * (w.advance[a] * (16 - endgame) + w.advance_end[a] * endgame);
        }
    }
    s += advance / 16;
    if their_kings.is_empty() {
        // Only men past the middle can be out of reach.
        let far = match color {
            Color::White => Bitboard(0x0000_FFFF),
            Color::Black => Bitboard(0xFFFF_0000),
        };
        for sq in men & far {
            if cone[sq.index()] & their_pieces.0 == 0 {
                s += w.runaway + 4 * advanced(color, sq) as i32;
            }
        }
    }
    if pos.men(them).any() {
        let back = match color {
            Color::White => crate::bitboard::BOTTOM_ROW,
            Color::Black => crate::bitboard::TOP_ROW,
        };
        s += (men & back).count() as i32 * w.back_rank * (16 - endgame) / 16;
    }
    s += (men & CENTRE).count() as i32 * w.centre;
    if rules.king_range == KingRange::Flying && kings.any() {
        let occupied = pos.occupied();
        for k in kings {
            let mut mobility = 0;
            for d in Dir::ALL {
                mobility += slide(k, d, occupied).0.count() as i32;
            }
            s += mobility * w.king_mobility;
        }
        if (kings & LONG_DIAGONAL).any() {
            s += w.long_diagonal;
        }
    }
    s
}

/// Flying-king endings that are drawn in theory (and by the Russian rules): a lone king against
/// two pieces, or against three while it holds the long diagonal.
pub(crate) fn drawish(pos: &Position, rules: &Rules) -> bool {
    if rules.king_range != KingRange::Flying {
        return false;
    }
    [Color::White, Color::Black].into_iter().any(|weak| {
        let strong = !weak;
        let lone = pos.pieces(weak).count() == 1 && pos.kings(weak).count() == 1;
        let n = pos.pieces(strong).count();
        lone && (n <= 2
            || (n == 3
                && (pos.pieces(weak) & LONG_DIAGONAL).any()
                && (pos.kings(strong) & LONG_DIAGONAL).is_empty()))
    })
}

/// How a position is scored: the learned evaluation shipped for the variant, or the hand-set
/// weight table (the fallback, and the reference the learned one is measured against).
#[derive(Clone, Debug)]
pub enum Evaluator {
    Hand(Weights),
    Learned(Arc<LearnedEval>),
    Net(Arc<NetEval>),
    /// The pattern tables with many pieces on the board, the network with fewer than its
    /// [`NetEval::below`]: where the network beats the tables (the endings) without paying its
    /// cost where it does not (the middlegame, as fast as the tables alone).
    Phased {
        tables: Arc<LearnedEval>,
        net: Arc<NetEval>,
    },
    /// Two networks: `low` with fewer pieces than its [`NetEval::below`], `high` from there
    /// up (`--weights high.bin,low.bin`). A small network in the pattern tables' place costs
    /// little more than they do and sees the whole board at once, as the bigger one does in
    /// the endings; measured, none has beaten them yet (see the README).
    Nets {
        high: Arc<NetEval>,
        low: Arc<NetEval>,
    },
}

impl Evaluator {
    /// The engine's own evaluation for a variant: its built-in network and pattern tables (as
    /// the network's file says to combine them), else either alone, else the hand table.
    pub fn default_for(variant: Variant) -> Evaluator {
        let tables = builtin_bytes(variant).and_then(|b| LearnedEval::from_bytes(b).ok());
        let net = crate::net::builtin_bytes(variant).and_then(|b| NetEval::from_bytes(b).ok());
        Evaluator::combine(tables, net).unwrap_or(Evaluator::Hand(*weights(variant)))
    }

    /// Pattern tables and a network as the network's [`NetEval::below`] says: together, or
    /// whichever there is.
    pub fn combine(tables: Option<LearnedEval>, net: Option<NetEval>) -> Option<Evaluator> {
        Some(match (tables, net) {
            (Some(t), Some(n)) if n.below() > 0 => Evaluator::Phased {
                tables: Arc::new(t),
                net: Arc::new(n),
            },
            (_, Some(n)) => Evaluator::Net(Arc::new(n)),
            (Some(t), None) => Evaluator::Learned(Arc::new(t)),
            (None, None) => return None,
        })
    }

    /// The evaluation for the side to move, in centi-men.
    #[inline]
    pub fn evaluate(&self, pos: &Position, rules: &Rules) -> i32 {
        match self {
            Evaluator::Hand(w) => evaluate_with(pos, rules, w),
            Evaluator::Learned(e) => e.evaluate(pos, rules),
            Evaluator::Net(n) => n.evaluate(pos, rules),
            Evaluator::Phased { tables, net } => {
                if pos.occupied().count() >= net.below() {
                    tables.evaluate(pos, rules)
                } else {
                    net.evaluate(pos, rules)
                }
            }
            Evaluator::Nets { high, low } => {
                if pos.occupied().count() >= low.below() {
                    high.evaluate(pos, rules)
                } else {
                    low.evaluate(pos, rules)
                }
            }
        }
    }

    /// Whether this evaluation was made for `variant` (the hand table fits any).
    pub fn fits(&self, variant: Variant) -> bool {
        match self {
            Evaluator::Hand(_) => true,
            Evaluator::Learned(e) => e.variant() == variant,
            Evaluator::Net(n) => n.variant() == variant,
            Evaluator::Phased { net, .. } => net.variant() == variant,
            Evaluator::Nets { low, .. } => low.variant() == variant,
        }
    }
}

/// The evaluation for the side to move with the variant's own evaluator.
pub fn evaluate(pos: &Position, rules: &Rules) -> i32 {
    Evaluator::default_for(rules.variant).evaluate(pos, rules)
}

/// The evaluation with explicit weights (for tuning by self-play).
pub fn evaluate_with(pos: &Position, rules: &Rules, w: &Weights) -> i32 {
    let total = pos.occupied().count() as i32;
    // 0 in the opening (24 pieces) .. 16 with 8 or fewer pieces.
    let endgame = (24 - total).clamp(0, 16);
    let white = side_score(pos, rules, w, Color::White, endgame);
    let black = side_score(pos, rules, w, Color::Black, endgame);
    let mut s = white - black;
    // Trade down when ahead: the same lead is worth more with fewer pieces left.
    s += s.signum() * (s.abs().min(400) * (24 - total).max(0) * w.trade_down) / 64 / 24;
    if drawish(pos, rules) {
        s /= 16;
    }
    match pos.side_to_move() {
        Color::White => s,
        Color::Black => -s,
    }
}
