//! Endgame tables: the exact value of every position with a few pieces, with the distance to
//! the end of the game, built by retrograde analysis over this crate's own move generator (so
//! every rule — capture obligation, Czech king priority, crowning, flying or short kings — is
//! exactly the engine's).
//!
//! - [`Tables::build`] solves every material up to a piece count in memory;
//! - [`Tables::to_bytes`] / [`Tables::from_bytes`] store them with a version and a checksum, so a
//!   wrong or damaged file is refused rather than misread;
//! - [`Tables::probe`] answers [`Value::Win`], [`Value::Loss`] (plies to the end of the game with
//!   best play: the winner hurries, the loser resists) or [`Value::Draw`];
//! - [`Tables::check`] re-derives every entry from its successors (the retrograde self-check).
//!
//! Values ignore the move-count draw rules (they are the game without counters); the search
//! compares the distance with the moves the rules still allow. Repetition is a draw, as in play.

mod build;
mod file;
mod index;
mod score;

use alloc::vec::Vec;
use core::fmt;

use crate::movegen::legal_moves;
use crate::position::Position;
use crate::variant::{Rules, Variant};

pub use build::BuildError;
pub use file::LoadError;
pub use index::{Material, Oriented, MAX_PIECES};

/// A position's value for the side to move, in plies to the end of the game with best play.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Value {
    /// The side to move wins in this many plies (odd).
    Win(u32),
    Draw,
    /// The side to move loses in this many plies (even; 0 = no legal move now).
    Loss(u32),
}

impl Value {
    /// One byte per entry: 0 = draw, otherwise the distance plus one (its parity says who wins).
    #[inline(always)]
    const fn from_byte(b: u8) -> Value {
        match b {
            0 => Value::Draw,
            b if b % 2 == 0 => Value::Win(b as u32 - 1),
            b => Value::Loss(b as u32 - 1),
        }
    }

    /// The value of the position before a move that led to a position worth `self`.
    #[inline]
    pub const fn parent(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d + 1),
            Value::Draw => Value::Draw,
            Value::Loss(d) => Value::Win(d + 1),
        }
    }

    /// An order for the side to move: a quicker win, then a draw, then a slower loss is better.
    pub const fn rank(self) -> i64 {
        match self {
            Value::Win(d) => 1_000 - d as i64,
            Value::Draw => 0,
            Value::Loss(d) => -1_000 + d as i64,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(d) => write!(f, "win {d}"),
            Value::Draw => f.write_str("draw"),
            Value::Loss(d) => write!(f, "loss {d}"),
        }
    }
}

/// The solved tables of one variant: one byte per position for each material present.
#[derive(Clone)]
pub struct Tables {
    variant: Variant,
    /// Every material with at most this many pieces is present (more may be, for a partial build).
    complete_to: u32,
    /// The most pieces of any table present (a cheap first test for the search's probes).
    most: u32,
    /// Indexed by [`Material::code`].
    data: Vec<Option<Vec<u8>>>,
}

impl fmt::Debug for Tables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Tables({}, {} pieces, {} bytes)",
            self.variant,
            self.complete_to,
            self.bytes()
        )
    }
}

impl Tables {
    fn empty(variant: Variant) -> Tables {
        Tables {
            variant,
            complete_to: 0,
            most: 0,
            data: (0..index::CODES).map(|_| None).collect(),
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Stores the table of `m`.
    fn insert(&mut self, m: &Material, table: Vec<u8>) {
        self.most = self.most.max(m.pieces());
        self.data[m.code()] = Some(table);
    }

    fn rules(&self) -> &'static Rules {
        self.variant.rules()
    }

    /// Every position with at most this many pieces is in the tables.
    pub fn pieces(&self) -> u32 {
        self.complete_to
    }

    /// The materials present, fewest pieces first.
    pub fn materials(&self) -> Vec<Material> {
        let mut v: Vec<Material> = Material::all(MAX_PIECES)
            .into_iter()
            .filter(|m| self.data[m.code()].is_some())
            .collect();
        v.sort_by_key(|m| (m.pieces(), m.men[0] + m.men[1], *m));
        v
    }

    /// Total size of the entries in bytes.
    pub fn bytes(&self) -> usize {
        self.data.iter().flatten().map(Vec::len).sum()
    }

    /// The table of one material, if present.
    pub fn table(&self, m: &Material) -> Option<&[u8]> {
        self.data.get(m.code())?.as_deref()
    }

    /// The value of `pos` for its side to move, or `None` when its material is not in the tables.
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        if pos.pieces(pos.side_to_move()).is_empty() {
            return Some(Value::Loss(0));
        }
        if pos.occupied().count() > self.most {
            return None;
        }
        let o = Oriented::of(pos);
        if o.them.is_empty() {
            return None;
        }
        let m = Material::of(&o);
        let table = self.data[m.code()].as_deref()?;
        Some(Value::from_byte(table[o.index(&m)]))
    }

    /// The value a move's result has for the side making it, and whether it is in the tables.
    fn value_after(&self, pos: &Position, m: &crate::moves::Move) -> Option<Value> {
        self.probe(&pos.play(m)).map(Value::parent)
    }

    /// Re-derives the value of every position of `m`'s table from its successors and returns the
    /// first entry that disagrees (as a FEN with the stored and the derived value), if any.
    pub fn check(&self, m: &Material) -> Result<usize, CheckError> {
        let table = self.table(m).ok_or(CheckError::Missing(*m))?;
        let rules = self.rules();
        let mut moves = Vec::new();
        let mut checked = 0;
        for (i, &b) in table.iter().enumerate() {
            let o = Oriented::from_index(m, i);
            if !o.is_valid(m) {
                continue;
            }
            let pos = o.position();
            legal_moves(&pos, rules, &mut moves);
            let mut best = Value::Loss(0);
            for mv in &moves {
                let v = self
                    .value_after(&pos, mv)
                    .ok_or(CheckError::Missing(Material::of(&Oriented::of(
                        &pos.play(mv),
                    ))))?;
                if v.rank() > best.rank() {
                    best = v;
                }
            }
            let stored = Value::from_byte(b);
            if stored != best {
                return Err(CheckError::Mismatch {
                    fen: crate::fen::to_fen(&pos),
                    stored,
                    derived: best,
                });
            }
            checked += 1;
        }
        Ok(checked)
    }
}

/// Why [`Tables::check`] failed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CheckError {
    /// A table the check needs is not loaded.
    Missing(Material),
    /// An entry that does not follow from its successors.
    Mismatch {
        fen: alloc::string::String,
        stored: Value,
        derived: Value,
    },
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Missing(m) => write!(f, "table {m} is missing"),
            CheckError::Mismatch {
                fen,
                stored,
                derived,
            } => write!(f, "{fen}: stored {stored}, successors give {derived}"),
        }
    }
}

/// Prints as `KKM-KM` style counts: men and kings of the side to move, then the opponent's.
impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in 0..2 {
            if s == 1 {
                f.write_str("v")?;
            }
            for _ in 0..self.kings[s] {
                f.write_str("K")?;
            }
            for _ in 0..self.men[s] {
                f.write_str("M")?;
            }
        }
        Ok(())
    }
}
