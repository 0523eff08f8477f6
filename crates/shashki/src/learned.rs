//! The learned evaluation: integer weights for the features of [`crate::pattern`], read from a
//! versioned, checksummed file made by `shashki train`.
//!
//! Two weight sets, for the opening (24 pieces) and the ending (none), blended by the number of
//! pieces on the board, as Scan does. All arithmetic is integer, so the value is the same
//! natively and in WebAssembly.
//!
//! File layout (little-endian): `SHKE`, version u16, variant u8, 0u8, patterns u16, configs u16,
//! dense u16, quant u16, phase_max u16; the dense weights as i32 `[opening, ending][DENSE]`; the
//! window weights as i16 `[patterns][CONFIGS][opening, ending]` (the two phases side by side, so
//! one memory access serves both); then the FNV-1a hash (u32) of everything before it. Weights
//! are in 1/[`QUANT`] of a centi-man. `patterns` is [`PATTERNS`] with the bands, or the windows
//! alone (2 × 25) in a file without them, which every file from before the bands is.

use alloc::vec::Vec;

use crate::pattern::{features_with, Features, CONFIGS, DENSE, PATTERNS, PHASE_MAX, WINDOWS};
use crate::position::{Color, Position};
use crate::variant::{Rules, Variant};

/// Weights are stored in this fraction of a centi-man.
pub const QUANT: i32 = 16;
const MAGIC: &[u8; 4] = b"SHKE";
const VERSION: u16 = 2;
const HEADER: usize = 18;
const TABLE: usize = PATTERNS * CONFIGS;
/// The pattern slots of the layout before the bands (windows of men and of kings): such a file
/// reads with zero band weights, and weights without bands are written that way.
const WINDOW_PATTERNS: usize = 2 * WINDOWS;

/// Why a weight file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// Not a weight file (wrong magic bytes) or too short.
    NotWeights,
    /// Made by another version of the trainer.
    Version(u16),
    /// The shape (windows, configurations, features, scale) differs from this engine's.
    Shape,
    /// Weights for a variant this engine does not know.
    UnknownVariant(u8),
    /// The length is wrong for the shape.
    Length,
    /// The checksum does not match: the file is damaged.
    Checksum,
}

impl core::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            WeightsError::NotWeights => f.write_str("not an evaluation weight file"),
            WeightsError::Version(v) => write!(f, "weight file version {v}, expected {VERSION}"),
            WeightsError::Shape => f.write_str("weight file made for another feature layout"),
            WeightsError::UnknownVariant(v) => write!(f, "weight file for unknown variant {v}"),
            WeightsError::Length => f.write_str("weight file has the wrong length"),
            WeightsError::Checksum => f.write_str("weight file is damaged (checksum)"),
        }
    }
}

/// 32-bit FNV-1a.
pub(crate) fn fnv1a(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811C_9DC5;
    for &b in bytes {
        h ^= b as u32;
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// The variant of a code in a weight file's header.
pub(crate) const fn variant_from_code(code: u8) -> Option<Variant> {
    match code {
        0 => Some(Variant::Czech),
        1 => Some(Variant::Russian),
        2 => Some(Variant::English),
        _ => None,
    }
}

pub(crate) const fn variant_code(v: Variant) -> u8 {
    match v {
        Variant::Czech => 0,
        Variant::Russian => 1,
        Variant::English => 2,
    }
}

/// A learned evaluation for one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LearnedEval {
    variant: Variant,
    /// `[opening, ending]`, per counted feature, in 1/QUANT centi-men.
    dense: [[i32; DENSE]; 2],
    /// `[window][config][opening, ending]`, in 1/QUANT centi-men.
    windows: Vec<i16>,
    /// Whether any king window weight is non-zero (a variant may train without them).
    king_windows: bool,
    /// What the king windows add with no king on the board (each window at configuration 0).
    /// With it, and with `king_windows`, most positions skip the 25 king lookups.
    kingless: (i32, i32),
    /// Whether any band weight is non-zero (only a variant trained with them pays the lookups).
    bands: bool,
}

impl LearnedEval {
    /// Weights from their parts (the trainer's output); `windows` holds `PATTERNS × CONFIGS`
    /// pairs of (opening, ending) weights.
    pub fn from_parts(variant: Variant, dense: [[i32; DENSE]; 2], windows: Vec<i16>) -> Self {
        assert_eq!(windows.len(), 2 * TABLE, "window table size");
        let kings = &windows[2 * WINDOWS * CONFIGS..2 * WINDOW_PATTERNS * CONFIGS];
        let kingless = (0..WINDOWS).fold((0, 0), |(o, e), w| {
            let k = 2 * w * CONFIGS;
            (o + kings[k] as i32, e + kings[k + 1] as i32)
        });
        LearnedEval {
            variant,
            dense,
            king_windows: kings.iter().any(|&w| w != 0),
            kingless,
            bands: windows[2 * WINDOW_PATTERNS * CONFIGS..]
                .iter()
                .any(|&w| w != 0),
            windows,
        }
    }

    /// Reads a weight file, refusing anything this engine would misread.
    pub fn from_bytes(b: &[u8]) -> Result<LearnedEval, WeightsError> {
        if b.len() < HEADER + 4 || &b[..4] != MAGIC {
            return Err(WeightsError::NotWeights);
        }
        let u16_at = |i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
        let version = u16_at(4);
        if version != VERSION {
            return Err(WeightsError::Version(version));
        }
        let variant = variant_from_code(b[6]).ok_or(WeightsError::UnknownVariant(b[6]))?;
        // Counted features are only ever appended: a file with fewer has zero weights for the
        // newer ones (a variant may keep an older file).
        let counted = u16_at(12) as usize;
        let patterns = u16_at(8) as usize;
        if (patterns != PATTERNS && patterns != WINDOW_PATTERNS)
            || u16_at(10) as usize != CONFIGS
            || counted == 0
            || counted > DENSE
            || u16_at(14) as i32 != QUANT
            || u16_at(16) as i32 != PHASE_MAX
        {
            return Err(WeightsError::Shape);
        }
        let body = HEADER + 2 * counted * 4 + 2 * patterns * CONFIGS * 2;
        if b.len() != body + 4 {
            return Err(WeightsError::Length);
        }
        let sum = u32::from_le_bytes([b[body], b[body + 1], b[body + 2], b[body + 3]]);
        if fnv1a(&b[..body]) != sum {
            return Err(WeightsError::Checksum);
        }
        let mut dense = [[0i32; DENSE]; 2];
        let mut at = HEADER;
        for set in dense.iter_mut() {
            for w in set[..counted].iter_mut() {
                *w = i32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]);
                at += 4;
            }
        }
        let mut windows: Vec<i16> = b[at..body]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        windows.resize(2 * TABLE, 0);
        Ok(LearnedEval::from_parts(variant, dense, windows))
    }

    /// The weight file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let patterns = if self.bands {
            PATTERNS
        } else {
            WINDOW_PATTERNS
        };
        let mut b = Vec::with_capacity(HEADER + 2 * DENSE * 4 + 2 * patterns * CONFIGS * 2 + 4);
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        b.push(variant_code(self.variant));
        b.push(0);
        for v in [patterns, CONFIGS, DENSE, QUANT as usize, PHASE_MAX as usize] {
            b.extend_from_slice(&(v as u16).to_le_bytes());
        }
        for set in &self.dense {
            for w in set {
                b.extend_from_slice(&w.to_le_bytes());
            }
        }
        for w in &self.windows[..2 * patterns * CONFIGS] {
            b.extend_from_slice(&w.to_le_bytes());
        }
        let sum = fnv1a(&b);
        b.extend_from_slice(&sum.to_le_bytes());
        b
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The counted features' weights, `[opening, ending]`, in 1/[`QUANT`] centi-men (a trainer
    /// starting from this file reads them).
    pub fn dense(&self) -> &[[i32; DENSE]; 2] {
        &self.dense
    }

    /// The window weights, `[pattern][config][opening, ending]`, in 1/[`QUANT`] centi-men.
    pub fn windows(&self) -> &[i16] {
        &self.windows
    }

    /// The value for White in centi-men, before any rule knowledge.
    pub fn white_value(&self, f: &Features) -> i32 {
        let (mut o, mut e) = (0i32, 0i32);
        let (men, rest) = f.windows.split_at(WINDOWS);
        let (kings, bands) = rest.split_at(WINDOWS);
        for (w, &i) in men.iter().enumerate() {
            let k = 2 * (w * CONFIGS + i as usize);
            o += self.windows[k] as i32;
            e += self.windows[k + 1] as i32;
        }
        if self.king_windows {
            if kings.iter().all(|&i| i == 0) {
                o += self.kingless.0;
                e += self.kingless.1;
            } else {
                for (w, &i) in kings.iter().enumerate() {
                    let k = 2 * ((WINDOWS + w) * CONFIGS + i as usize);
                    o += self.windows[k] as i32;
                    e += self.windows[k + 1] as i32;
                }
            }
        }
        if self.bands {
            for (w, &i) in bands.iter().enumerate() {
                let k = 2 * ((WINDOW_PATTERNS + w) * CONFIGS + i as usize);
                o += self.windows[k] as i32;
                e += self.windows[k + 1] as i32;
            }
        }
        for (d, &x) in f.dense.iter().enumerate() {
            o += self.dense[0][d] * x;
            e += self.dense[1][d] * x;
        }
        let p = f.phase;
        (o * p + e * (PHASE_MAX - p)) / (PHASE_MAX * QUANT)
    }

    /// The evaluation for the side to move, in centi-men. With flying kings and no man left the
    /// windows see nothing and self-play rarely gets there: the hand table's king knowledge
    /// (mobility, the long diagonal, drawn material) plays such endings, so that three kings
    /// catch a lone one in time (the endgame tables, where loaded, come first anyway).
    pub fn evaluate(&self, pos: &Position, rules: &Rules) -> i32 {
        if rules.king_range == crate::variant::KingRange::Flying
            && (pos.men(Color::White) | pos.men(Color::Black)).is_empty()
        {
            return crate::eval::evaluate_with(pos, rules, crate::eval::weights(self.variant));
        }
        let mut s = self.white_value(&features_with(pos, rules, self.bands));
        if crate::eval::drawish(pos, rules) {
            s /= 16;
        }
        match pos.side_to_move() {
            Color::White => s,
            Color::Black => -s,
        }
    }
}

/// The weight file shipped for each variant, built into the engine (`crates/shashki/weights/`,
/// made by `shashki train` as the README describes).
pub fn builtin_bytes(variant: Variant) -> Option<&'static [u8]> {
    match variant {
        Variant::Czech => Some(include_bytes!("../weights/czech.bin")),
        Variant::Russian => Some(include_bytes!("../weights/russian.bin")),
        Variant::English => Some(include_bytes!("../weights/english.bin")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::{features, BANDS};

    fn sample() -> LearnedEval {
        let windows = (0..2 * TABLE).map(|i| (i % 97) as i16 - 48).collect();
        let mut dense = [[0; DENSE]; 2];
        dense[0][0] = 100 * QUANT;
        dense[1][0] = 120 * QUANT;
        dense[1][5] = -7;
        LearnedEval::from_parts(Variant::Czech, dense, windows)
    }

    #[test]
    fn a_weight_file_reads_back() {
        let e = sample();
        assert_eq!(LearnedEval::from_bytes(&e.to_bytes()), Ok(e));
    }

    #[test]
    fn a_damaged_or_foreign_file_is_refused() {
        let good = sample().to_bytes();
        let mut bad = good.clone();
        bad[HEADER + 100] ^= 1;
        assert_eq!(LearnedEval::from_bytes(&bad), Err(WeightsError::Checksum));
        let mut bad = good.clone();
        bad[4] = 9;
        assert_eq!(LearnedEval::from_bytes(&bad), Err(WeightsError::Version(9)));
        assert_eq!(
            LearnedEval::from_bytes(&good[..good.len() - 2]),
            Err(WeightsError::Length)
        );
        assert_eq!(
            LearnedEval::from_bytes(b"PK\x03\x04 not weights at all"),
            Err(WeightsError::NotWeights)
        );
        let mut bad = good;
        bad[8] = 24;
        assert_eq!(LearnedEval::from_bytes(&bad), Err(WeightsError::Shape));
    }

    #[test]
    fn an_older_file_with_fewer_counted_features_reads_with_zeros_for_the_rest() {
        let e = sample();
        let full = e.to_bytes();
        // The same weights as a file from before the last counted features were appended.
        let old = 6;
        let mut b = full[..HEADER].to_vec();
        b[12..14].copy_from_slice(&(old as u16).to_le_bytes());
        for set in 0..2 {
            let at = HEADER + set * DENSE * 4;
            b.extend_from_slice(&full[at..at + old * 4]);
        }
        b.extend_from_slice(&full[HEADER + 2 * DENSE * 4..full.len() - 4]);
        b.extend_from_slice(&fnv1a(&b).to_le_bytes());
        assert_eq!(LearnedEval::from_bytes(&b), Ok(e));
        // One more than the engine knows is another layout.
        let mut newer = full.clone();
        newer[12..14].copy_from_slice(&(DENSE as u16 + 1).to_le_bytes());
        assert_eq!(LearnedEval::from_bytes(&newer), Err(WeightsError::Shape));
    }

    /// The same weights with every band weight zero.
    fn without_bands(e: &LearnedEval) -> LearnedEval {
        let mut windows = e.windows.clone();
        windows[2 * WINDOW_PATTERNS * CONFIGS..].fill(0);
        LearnedEval::from_parts(e.variant, e.dense, windows)
    }

    #[test]
    fn a_file_without_bands_is_the_older_layout_and_reads_with_zero_band_weights() {
        let with_bands = sample();
        assert!(with_bands.bands);
        let full = with_bands.to_bytes();
        assert_eq!(full[8..10], (PATTERNS as u16).to_le_bytes());
        let e = without_bands(&with_bands);
        assert!(!e.bands);
        let old = e.to_bytes();
        assert_eq!(old[8..10], (WINDOW_PATTERNS as u16).to_le_bytes());
        assert_eq!(full.len() - old.len(), 2 * BANDS * CONFIGS * 2);
        assert_eq!(LearnedEval::from_bytes(&old), Ok(e));
    }

    #[test]
    fn the_bands_count_in_play_exactly_where_the_weights_have_them() {
        let rules = Variant::Czech.rules();
        let with_bands = sample();
        let without = without_bands(&with_bands);
        let pos = crate::fen::parse("W:W17,21-31:B1-12").unwrap();
        let f = features(&pos, rules);
        assert_eq!(with_bands.evaluate(&pos, rules), with_bands.white_value(&f));
        assert_eq!(without.evaluate(&pos, rules), without.white_value(&f));
        assert_ne!(
            with_bands.evaluate(&pos, rules),
            without.evaluate(&pos, rules)
        );
    }

    /// Every window looked up, the plain definition of the value.
    fn slow_value(e: &LearnedEval, f: &Features) -> i32 {
        let (mut o, mut e_) = (0i32, 0i32);
        for (w, &i) in f.windows.iter().enumerate() {
            let k = 2 * (w * CONFIGS + i as usize);
            o += e.windows[k] as i32;
            e_ += e.windows[k + 1] as i32;
        }
        for (d, &x) in f.dense.iter().enumerate() {
            o += e.dense[0][d] * x;
            e_ += e.dense[1][d] * x;
        }
        (o * f.phase + e_ * (PHASE_MAX - f.phase)) / (PHASE_MAX * QUANT)
    }

    #[test]
    fn skipping_the_king_windows_changes_no_value() {
        let rules = Variant::Czech.rules();
        let e = sample();
        assert!(e.king_windows);
        let mut men_only = e.clone();
        men_only.windows[2 * WINDOWS * CONFIGS..2 * WINDOW_PATTERNS * CONFIGS]
            .iter_mut()
            .for_each(|w| *w = 0);
        let men_only = LearnedEval::from_parts(Variant::Czech, men_only.dense, men_only.windows);
        assert!(!men_only.king_windows);
        for f in ["W:W21-32:B1-12", "W:W5,K10,13,20,28:B3,K17,22,K29,K32"] {
            let f = features(&crate::fen::parse(f).unwrap(), rules);
            assert_eq!(e.white_value(&f), slow_value(&e, &f));
            assert_eq!(men_only.white_value(&f), slow_value(&men_only, &f));
        }
    }

    #[test]
    fn material_counts_by_phase() {
        let mut e = sample();
        e.windows.iter_mut().for_each(|w| *w = 0);
        e.dense[1][5] = 0;
        // One extra white man and nothing else: 100 cm at 24 pieces, 120 with none.
        let rules = Variant::Czech.rules();
        let a = crate::fen::parse("W:W21-32:B1-12").unwrap();
        let b = crate::fen::parse("W:W21-32:B2-12").unwrap();
        let fa = features(&a, rules);
        let mut fb = features(&b, rules);
        fb.windows = fa.windows;
        fb.phase = fa.phase;
        assert_eq!(e.white_value(&fb) - e.white_value(&fa), 100);
        let (mut ea, mut eb) = (fa.clone(), fb.clone());
        ea.phase = 0;
        eb.phase = 0;
        assert_eq!(e.white_value(&eb) - e.white_value(&ea), 120);
    }
}
