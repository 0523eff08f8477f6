//! The table file: a header naming the format version and the variant, one block per material,
//! and a checksum of everything before it. Loading checks all of it, so a file of another
//! version, another variant or with a damaged byte is refused, never misread.
//!
//! Layout (integers little-endian): `SHKEGTB\0`, version `u16`, variant `u8` (0 Czech,
//! 1 Russian, 2 English), complete-to piece count `u8`, block count `u32`; per block the four
//! counts (men and kings of the side to move, then of the opponent) as bytes, the length `u32`
//! and the entries; then the FNV-1a 64-bit hash of all preceding bytes as `u64`.

use alloc::vec::Vec;
use core::fmt;

use super::index::{Material, MAX_PIECES};
use super::Tables;
use crate::variant::Variant;

const MAGIC: &[u8; 8] = b"SHKEGTB\0";
/// Bump when the index or the entry encoding changes.
pub const VERSION: u16 = 1;

/// Why a table file was refused.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum LoadError {
    /// Not a table file.
    NotTables,
    /// Written by another version of the format.
    Version(u16),
    /// Tables of another variant.
    Variant(Variant),
    /// Shorter than its header says, or a block of the wrong size.
    Truncated,
    /// A block names a material that cannot exist.
    BadMaterial,
    /// The checksum does not match: the file is damaged.
    Checksum,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotTables => f.write_str("not an endgame table file"),
            LoadError::Version(v) => {
                write!(
                    f,
                    "table format version {v}, expected {VERSION}: rebuild the tables"
                )
            }
            LoadError::Variant(v) => write!(f, "tables for {v}, not for this variant"),
            LoadError::Truncated => f.write_str("table file is truncated or malformed"),
            LoadError::BadMaterial => f.write_str("table file names an impossible material"),
            LoadError::Checksum => f.write_str("table file checksum mismatch (damaged file)"),
        }
    }
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn variant_code(v: Variant) -> u8 {
    match v {
        Variant::Czech => 0,
        Variant::Russian => 1,
        Variant::English => 2,
    }
}

/// Reads little-endian fields in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], LoadError> {
        let end = self.at.checked_add(n).ok_or(LoadError::Truncated)?;
        let s = self.bytes.get(self.at..end).ok_or(LoadError::Truncated)?;
        self.at = end;
        Ok(s)
    }

    fn u8(&mut self) -> Result<u8, LoadError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, LoadError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Result<u32, LoadError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
}

impl Tables {
    /// The tables as a file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let materials = self.materials();
        let mut out = Vec::with_capacity(self.bytes() + 32 + 8 * materials.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.push(variant_code(self.variant));
        out.push(self.complete_to as u8);
        out.extend_from_slice(&(materials.len() as u32).to_le_bytes());
        for m in &materials {
            let t = self.table(m).expect("listed");
            out.extend_from_slice(&[m.men[0], m.kings[0], m.men[1], m.kings[1]]);
            out.extend_from_slice(&(t.len() as u32).to_le_bytes());
            out.extend_from_slice(t);
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Tables read from a file made by [`Tables::to_bytes`] for `variant`.
    pub fn from_bytes(variant: Variant, bytes: &[u8]) -> Result<Tables, LoadError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(LoadError::NotTables);
        }
        let mut r = Reader { bytes, at: 8 };
        let version = r.u16()?;
        if version != VERSION {
            return Err(LoadError::Version(version));
        }
        let found = match r.u8()? {
            0 => Variant::Czech,
            1 => Variant::Russian,
            2 => Variant::English,
            _ => return Err(LoadError::NotTables),
        };
        if found != variant {
            return Err(LoadError::Variant(found));
        }
        if bytes.len() < 8 + 8 {
            return Err(LoadError::Truncated);
        }
        let body = bytes.len() - 8;
        let stored = u64::from_le_bytes(bytes[body..].try_into().expect("8 bytes"));
        if fnv1a(&bytes[..body]) != stored {
            return Err(LoadError::Checksum);
        }
        let r = &mut Reader {
            bytes: &bytes[..body],
            at: r.at,
        };
        let complete_to = r.u8()? as u32;
        let count = r.u32()?;
        let mut t = Tables::empty(variant);
        for _ in 0..count {
            let c = r.take(4)?;
            let m = Material {
                men: [c[0], c[2]],
                kings: [c[1], c[3]],
            };
            if m.pieces() > MAX_PIECES || m.men[0] + m.kings[0] == 0 || m.men[1] + m.kings[1] == 0 {
                return Err(LoadError::BadMaterial);
            }
            let len = r.u32()? as usize;
            if len != m.size() {
                return Err(LoadError::Truncated);
            }
            t.insert(&m, r.take(len)?.to_vec());
        }
        if r.at != body || complete_to > MAX_PIECES {
            return Err(LoadError::Truncated);
        }
        t.complete_to = complete_to;
        Ok(t)
    }
}
