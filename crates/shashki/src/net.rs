//! A small neural network evaluation, as GuiNN plays 8×8 checkers: the board seen from the side
//! to move (its men, its kings, the opponent's men, the opponent's kings: 4 × 32 inputs), two
//! hidden layers with clipped ReLU, and one output, the logit of the side to move's expected
//! score. Where the pattern tables of [`crate::learned`] add up what each 4×4 window is worth on
//! its own, the hidden layers see the whole board at once (a man weak only when a king stands
//! behind it, a tempo count that matters only with the centre closed). On the same Czech data
//! a network predicts results better than the pattern tables and wins at equal nodes, but it
//! costs search speed, so Czech plays it below 14 pieces only (the file says where) and the
//! pattern tables above (`shashki train --net` makes one, `--weights` plays it, alone, beside
//! pattern tables or beside a second network for the positions it leaves).
//!
//! All arithmetic is integer: weights are stored in 1/1024 and activations run 0..=128, so the
//! value is the same natively and in WebAssembly.
//!
//! File layout (little-endian): `SHKN`, version u16, variant u8, below u8 (the network plays
//! positions with fewer pieces than this, the pattern tables or another network the others;
//! 0: all), inputs u16, hidden1 u16,
//! hidden2 u16, scale u16 (centi-men per unit of logit); then W1 as i16 `[inputs][hidden1]`
//! (one row per input, so a piece adds a row), b1 i16 `[hidden1]`, W2 i16 `[hidden2][hidden1]`,
//! b2 i32 `[hidden2]` (in 1/(128·1024)), W3 i16 `[hidden2]`, b3 i32 (in 1/(128·1024)); then the
//! FNV-1a hash (u32) of everything before it.

use alloc::vec::Vec;

use crate::learned::{fnv1a, variant_code, variant_from_code, WeightsError};
use crate::position::{Color, Position};
use crate::variant::{KingRange, Rules, Variant};

const MAGIC: &[u8; 4] = b"SHKN";
const VERSION: u16 = 1;
const HEADER: usize = 16;
/// Inputs: own men, own kings, opponent's men, opponent's kings, 32 squares each.
pub const INPUTS: usize = 128;
/// Fixed-point unit of activations (an activation of 1.0 is 128).
pub const ONE: i32 = 128;
/// Fixed-point unit of weights (a weight of 1.0 is 1024).
pub const WEIGHT_ONE: i32 = 1024;
/// The first layer's weights and biases stay within ±this (in 1/1024), so that its 16-bit
/// sums over 25 rows (24 pieces and the bias) never overflow.
pub const W1_LIMIT: i16 = 1300;
/// log2 of [`WEIGHT_ONE`] and of `ONE * WEIGHT_ONE`.
const WEIGHT_BITS: u32 = 10;
const OUT_BITS: u32 = 17;
/// Hidden layers are at most this wide (the accumulators live on the stack).
pub const MAX_HIDDEN: usize = 256;
/// The first hidden layer's width is a multiple of this, so its loops run in fixed-size chunks
/// the compiler turns into SIMD.
pub const LANES: usize = 8;

/// A network evaluation for one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetEval {
    variant: Variant,
    below: u32,
    h1: usize,
    h2: usize,
    scale: i32,
    w1: Vec<i16>,
    b1: Vec<i16>,
    w2: Vec<i16>,
    b2: Vec<i32>,
    w3: Vec<i16>,
    b3: i32,
}

/// A network's integer weights (units as in the module docs): W1 `[inputs][h1]`, W2 `[h2][h1]`.
#[derive(Clone, Copy, Debug)]
pub struct Layers<'a> {
    pub w1: &'a [i16],
    pub b1: &'a [i16],
    pub w2: &'a [i16],
    pub b2: &'a [i32],
    pub w3: &'a [i16],
    pub b3: i32,
}

/// Reads little-endian values off the front of a byte slice.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn u16(&mut self) -> u16 {
        let v = u16::from_le_bytes([self.0[0], self.0[1]]);
        self.0 = &self.0[2..];
        v
    }
    fn i16s(&mut self, n: usize) -> Vec<i16> {
        let v = self.0[..2 * n]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        self.0 = &self.0[2 * n..];
        v
    }
    fn i32s(&mut self, n: usize) -> Vec<i32> {
        let v = self.0[..4 * n]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        self.0 = &self.0[4 * n..];
        v
    }
}

impl NetEval {
    /// A network from its integer weights (the layout of the file, see the module docs).
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        variant: Variant,
        scale: i32,
        w1: Vec<i16>,
        b1: Vec<i16>,
        w2: Vec<i16>,
        b2: Vec<i32>,
        w3: Vec<i16>,
        b3: i32,
    ) -> Result<NetEval, WeightsError> {
        let (h1, h2) = (b1.len(), b2.len());
        if h1 == 0
            || h1 % LANES != 0
            || h2 == 0
            || h1 > MAX_HIDDEN
            || h2 > MAX_HIDDEN
            || w1.len() != INPUTS * h1
            || w2.len() != h2 * h1
            || w3.len() != h2
            || !(1..=10_000).contains(&scale)
            || w1.iter().chain(&b1).any(|w| w.abs() > W1_LIMIT)
        {
            return Err(WeightsError::Shape);
        }
        Ok(NetEval {
            variant,
            below: 0,
            h1,
            h2,
            scale,
            w1,
            b1,
            w2,
            b2,
            w3,
            b3,
        })
    }

    /// Reads a network file, checking its magic, version, shape and checksum.
    pub fn from_bytes(b: &[u8]) -> Result<NetEval, WeightsError> {
        if b.len() < HEADER + 4 || &b[..4] != MAGIC {
            return Err(WeightsError::NotWeights);
        }
        let (body, sum) = b.split_at(b.len() - 4);
        let mut r = Reader(&body[4..]);
        let version = r.u16();
        if version != VERSION {
            return Err(WeightsError::Version(version));
        }
        let code = body[6];
        let variant = variant_from_code(code).ok_or(WeightsError::UnknownVariant(code))?;
        let below = body[7] as u32;
        r.0 = &body[8..];
        let (inputs, h1, h2, scale) = (
            r.u16() as usize,
            r.u16() as usize,
            r.u16() as usize,
            r.u16() as i32,
        );
        if inputs != INPUTS
            || h1 == 0
            || h1 % LANES != 0
            || h2 == 0
            || h1 > MAX_HIDDEN
            || h2 > MAX_HIDDEN
        {
            return Err(WeightsError::Shape);
        }
        let need = HEADER + 2 * (INPUTS * h1 + h1 + h2 * h1 + h2) + 4 * (h2 + 1);
        if body.len() != need {
            return Err(WeightsError::Length);
        }
        if fnv1a(body).to_le_bytes() != sum {
            return Err(WeightsError::Checksum);
        }
        let w1 = r.i16s(INPUTS * h1);
        let b1 = r.i16s(h1);
        let w2 = r.i16s(h2 * h1);
        let b2 = r.i32s(h2);
        let w3 = r.i16s(h2);
        let b3 = r.i32s(1)[0];
        Ok(NetEval::from_parts(variant, scale, w1, b1, w2, b2, w3, b3)?.with_below(below))
    }

    /// The same network, to play only positions with fewer than `below` pieces (0: all; more
    /// than 24 is the same as all).
    pub fn with_below(self, below: u32) -> NetEval {
        NetEval {
            below: below.min(u8::MAX as u32),
            ..self
        }
    }

    /// The network plays positions with fewer pieces than this, the pattern tables the others
    /// (0: the network plays all).
    pub fn below(&self) -> u32 {
        self.below
    }

    /// The file form of these weights.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(HEADER + 2 * self.w1.len() + 2 * self.w2.len() + 64);
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        b.push(variant_code(self.variant));
        b.push(self.below as u8);
        for v in [INPUTS, self.h1, self.h2, self.scale as usize] {
            b.extend_from_slice(&(v as u16).to_le_bytes());
        }
        for v in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            b.extend_from_slice(&v.to_le_bytes());
        }
        for v in &self.b2 {
            b.extend_from_slice(&v.to_le_bytes());
        }
        for v in &self.w3 {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&self.b3.to_le_bytes());
        let sum = fnv1a(&b);
        b.extend_from_slice(&sum.to_le_bytes());
        b
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The integer weights layer by layer, as the file holds them: what a trainer starts from
    /// to refine this network with new data (`shashki train --net … --init`).
    pub fn layers(&self) -> Layers<'_> {
        Layers {
            w1: &self.w1,
            b1: &self.b1,
            w2: &self.w2,
            b2: &self.b2,
            w3: &self.w3,
            b3: self.b3,
        }
    }

    /// The input indexes set by a position, from the side to move's view: the board is turned
    /// half a turn for Black (bit i becomes bit 31 − i), so "own" men always move up.
    pub fn inputs(pos: &Position) -> [u32; 4] {
        let (us, them) = (pos.side_to_move(), !pos.side_to_move());
        let planes = [
            pos.men(us).0,
            pos.kings(us).0,
            pos.men(them).0,
            pos.kings(them).0,
        ];
        if us == Color::White {
            planes
        } else {
            planes.map(u32::reverse_bits)
        }
    }

    /// The output logit for the side to move, in 1/(128·1024) units.
    #[cfg(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    ))]
    pub fn logit(&self, pos: &Position) -> i32 {
        simd::logit::<simd::Vector>(self, pos)
    }

    /// The output logit for the side to move, in 1/(128·1024) units.
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    pub fn logit(&self, pos: &Position) -> i32 {
        self.logit_portable(pos)
    }

    /// The network in plain Rust: for targets without the vectors of [`simd`], and the sums the
    /// tests hold the vector code to.
    #[cfg_attr(
        any(
            target_arch = "x86_64",
            all(target_arch = "wasm32", target_feature = "simd128")
        ),
        allow(dead_code)
    )]
    pub(crate) fn logit_portable(&self, pos: &Position) -> i32 {
        let (h1, h2) = (self.h1, self.h2);
        // The first layer sums in 16 bits (wrapping, so the same everywhere): a row per piece
        // on the board, each weight within ±[`W1_LIMIT`], cannot leave the i16 range with the
        // 24 pieces a game can have.
        let mut acc = [0i16; MAX_HIDDEN];
        let acc = &mut acc[..h1];
        acc.copy_from_slice(&self.b1);
        for (plane, bits) in Self::inputs(pos).into_iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let i = plane * 32 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let row = &self.w1[i * h1..(i + 1) * h1];
                for (a, &w) in acc.iter_mut().zip(row) {
                    *a = a.wrapping_add(w);
                }
            }
        }
        // Activations 0..=128, as i16, so the dot products below run as 16-bit multiplies with
        // 32-bit sums (one SIMD instruction per 8 or 16 pairs where the target has it).
        for a in acc.iter_mut() {
            *a = (*a >> (WEIGHT_BITS - 7)).clamp(0, ONE as i16);
        }
        let act = &*acc;
        let mut out = self.b3;
        for k in 0..h2 {
            let row = &self.w2[k * h1..(k + 1) * h1];
            let mut sums = [0i32; LANES];
            for (a, w) in act.chunks_exact(LANES).zip(row.chunks_exact(LANES)) {
                let a: &[i16; LANES] = a.try_into().expect("LANES wide");
                let w: &[i16; LANES] = w.try_into().expect("LANES wide");
                for l in 0..LANES {
                    sums[l] += a[l] as i32 * w[l] as i32;
                }
            }
            let dot: i32 = sums.iter().sum();
            let a2 = ((dot + self.b2[k]) >> WEIGHT_BITS).clamp(0, ONE);
            out += a2 * self.w3[k] as i32;
        }
        out
    }

    /// The evaluation for the side to move, in centi-men. As with the pattern tables, positions
    /// of kings alone under flying kings go to the hand table (the tables, where loaded, come
    /// first), and drawn material is scored near zero.
    pub fn evaluate(&self, pos: &Position, rules: &Rules) -> i32 {
        if rules.king_range == KingRange::Flying
            && (pos.men(Color::White) | pos.men(Color::Black)).is_empty()
        {
            return crate::eval::evaluate_with(pos, rules, crate::eval::weights(self.variant));
        }
        let cm = (self.logit(pos) as i64 * self.scale as i64) >> OUT_BITS;
        let mut s = cm.clamp(-5_000, 5_000) as i32;
        if crate::eval::drawish(pos, rules) {
            s /= 16;
        }
        s
    }
}

/// The network's sums on 128-bit vectors, written once for the vector instructions of both
/// targets ([`Lanes`]): WebAssembly SIMD in the page, SSE2 (part of every x86-64 processor)
/// natively. Eight 16-bit lanes per add in the first layer; in the second, 16-bit products
/// summed in pairs into 32 bits (`i32x4.dot_i16x8_s`, `pmaddwd`), four units at a time so that
/// each load of the activations serves four rows and the four sums run side by side (the
/// compiler, left to the portable code, sums one unit at a time at half the speed). The sums
/// are exact integers, so the order does not change the value: it is the same natively and in
/// the page.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
mod simd {
    use super::*;

    /// This target's 128-bit vector.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    pub(super) type Vector = core::arch::wasm32::v128;
    #[cfg(target_arch = "x86_64")]
    pub(super) type Vector = core::arch::x86_64::__m128i;

    /// The vector operations the network needs, on eight 16-bit or four 32-bit lanes.
    pub(super) trait Lanes: Copy {
        fn zero() -> Self;
        /// Eight 16-bit lanes from memory.
        fn load(s: &[i16; 8]) -> Self;
        fn add16(a: Self, b: Self) -> Self;
        /// The first layer's activation: each 16-bit lane shifted to 0..=[`ONE`] and clipped.
        fn activate(a: Self) -> Self;
        fn add32(a: Self, b: Self) -> Self;
        /// 16-bit products, adjacent pairs summed into four 32-bit lanes.
        fn dot(a: Self, b: Self) -> Self;
        /// The four 32-bit lanes of each of four vectors summed: `[Σa, Σb, Σc, Σd]`.
        fn sum4(a: Self, b: Self, c: Self, d: Self) -> [i32; 4];
    }

    /// `s` as chunks of eight (the rest, if any, left out), so that the loops read whole chunks
    /// with no bounds check per chunk. (`slice::as_chunks` once the minimum Rust reaches 1.88.)
    fn eight_lanes(s: &[i16]) -> &[[i16; 8]] {
        // SAFETY: `[i16; 8]` has the alignment of `i16` and no padding, and `len / 8` chunks
        // lie within `s`.
        unsafe { core::slice::from_raw_parts(s.as_ptr() as *const [i16; 8], s.len() / 8) }
    }

    #[inline(always)]
    pub(super) fn logit<V: Lanes>(n: &NetEval, pos: &Position) -> i32 {
        let chunks = n.h1 / 8;
        let (w1, w2, b1) = (eight_lanes(&n.w1), eight_lanes(&n.w2), eight_lanes(&n.b1));
        let mut acc = [V::zero(); MAX_HIDDEN / 8];
        let acc = &mut acc[..chunks];
        for (a, b) in acc.iter_mut().zip(b1) {
            *a = V::load(b);
        }
        for (plane, bits) in NetEval::inputs(pos).into_iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let i = plane * 32 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                for (a, w) in acc.iter_mut().zip(&w1[i * chunks..(i + 1) * chunks]) {
                    *a = V::add16(*a, V::load(w));
                }
            }
        }
        for a in acc.iter_mut() {
            *a = V::activate(*a);
        }
        let acc = &*acc;
        let mut out = n.b3;
        let mut unit = |k: usize, dot: i32| {
            let a2 = ((dot + n.b2[k]) >> WEIGHT_BITS).clamp(0, ONE);
            out += a2 * n.w3[k] as i32;
        };
        let mut k = 0;
        while k + 4 <= n.h2 {
            let rows = &w2[k * chunks..(k + 4) * chunks];
            let mut s = [V::zero(); 4];
            for (c, &a) in acc.iter().enumerate() {
                // SAFETY: `rows` holds four rows of `chunks` chunks and `c < chunks`.
                let w = |r: usize| V::load(unsafe { rows.get_unchecked(r * chunks + c) });
                s[0] = V::add32(s[0], V::dot(a, w(0)));
                s[1] = V::add32(s[1], V::dot(a, w(1)));
                s[2] = V::add32(s[2], V::dot(a, w(2)));
                s[3] = V::add32(s[3], V::dot(a, w(3)));
            }
            for (r, dot) in V::sum4(s[0], s[1], s[2], s[3]).into_iter().enumerate() {
                unit(k + r, dot);
            }
            k += 4;
        }
        for k in k..n.h2 {
            let mut s = V::zero();
            for (&a, w) in acc.iter().zip(&w2[k * chunks..(k + 1) * chunks]) {
                s = V::add32(s, V::dot(a, V::load(w)));
            }
            let z = V::zero();
            unit(k, V::sum4(s, z, z, z)[0]);
        }
        out
    }

    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    impl Lanes for core::arch::wasm32::v128 {
        #[inline(always)]
        fn zero() -> Self {
            core::arch::wasm32::i16x8_splat(0)
        }
        #[inline(always)]
        fn load(s: &[i16; 8]) -> Self {
            // SAFETY: `s` is 16 readable bytes, and `v128.load` needs no alignment.
            unsafe { core::arch::wasm32::v128_load(s.as_ptr() as *const Self) }
        }
        #[inline(always)]
        fn add16(a: Self, b: Self) -> Self {
            core::arch::wasm32::i16x8_add(a, b)
        }
        #[inline(always)]
        fn activate(a: Self) -> Self {
            use core::arch::wasm32::*;
            let shifted = i16x8_shr(a, WEIGHT_BITS - 7);
            i16x8_max(i16x8_min(shifted, i16x8_splat(ONE as i16)), i16x8_splat(0))
        }
        #[inline(always)]
        fn add32(a: Self, b: Self) -> Self {
            core::arch::wasm32::i32x4_add(a, b)
        }
        #[inline(always)]
        fn dot(a: Self, b: Self) -> Self {
            core::arch::wasm32::i32x4_dot_i16x8(a, b)
        }
        #[inline(always)]
        fn sum4(a: Self, b: Self, c: Self, d: Self) -> [i32; 4] {
            use core::arch::wasm32::*;
            let ab = i32x4_add(
                i32x4_shuffle::<0, 4, 1, 5>(a, b),
                i32x4_shuffle::<2, 6, 3, 7>(a, b),
            );
            let cd = i32x4_add(
                i32x4_shuffle::<0, 4, 1, 5>(c, d),
                i32x4_shuffle::<2, 6, 3, 7>(c, d),
            );
            let v = i32x4_add(i64x2_shuffle::<0, 2>(ab, cd), i64x2_shuffle::<1, 3>(ab, cd));
            [
                i32x4_extract_lane::<0>(v),
                i32x4_extract_lane::<1>(v),
                i32x4_extract_lane::<2>(v),
                i32x4_extract_lane::<3>(v),
            ]
        }
    }

    // SAFETY (every `unsafe` below): SSE2 is part of x86-64, so its instructions are always
    // there; loads and stores are unaligned ones of 16 bytes within the arrays given.
    #[cfg(target_arch = "x86_64")]
    impl Lanes for core::arch::x86_64::__m128i {
        #[inline(always)]
        fn zero() -> Self {
            unsafe { core::arch::x86_64::_mm_setzero_si128() }
        }
        #[inline(always)]
        fn load(s: &[i16; 8]) -> Self {
            unsafe { core::arch::x86_64::_mm_loadu_si128(s.as_ptr() as *const Self) }
        }
        #[inline(always)]
        fn add16(a: Self, b: Self) -> Self {
            unsafe { core::arch::x86_64::_mm_add_epi16(a, b) }
        }
        #[inline(always)]
        fn activate(a: Self) -> Self {
            use core::arch::x86_64::*;
            unsafe {
                let shifted = _mm_srai_epi16::<{ (WEIGHT_BITS - 7) as i32 }>(a);
                let one = _mm_set1_epi16(ONE as i16);
                _mm_max_epi16(_mm_min_epi16(shifted, one), _mm_setzero_si128())
            }
        }
        #[inline(always)]
        fn add32(a: Self, b: Self) -> Self {
            unsafe { core::arch::x86_64::_mm_add_epi32(a, b) }
        }
        #[inline(always)]
        fn dot(a: Self, b: Self) -> Self {
            unsafe { core::arch::x86_64::_mm_madd_epi16(a, b) }
        }
        #[inline(always)]
        fn sum4(a: Self, b: Self, c: Self, d: Self) -> [i32; 4] {
            use core::arch::x86_64::*;
            let mut out = [0i32; 4];
            unsafe {
                let ab = _mm_add_epi32(_mm_unpacklo_epi32(a, b), _mm_unpackhi_epi32(a, b));
                let cd = _mm_add_epi32(_mm_unpacklo_epi32(c, d), _mm_unpackhi_epi32(c, d));
                let v = _mm_add_epi32(_mm_unpacklo_epi64(ab, cd), _mm_unpackhi_epi64(ab, cd));
                _mm_storeu_si128(out.as_mut_ptr() as *mut Self, v);
            }
            out
        }
    }
}

/// The network file shipped for a variant (`crates/shashki/weights/V-net.bin`, made by
/// `shashki train --net`), if any.
pub fn builtin_bytes(variant: Variant) -> Option<&'static [u8]> {
    match variant {
        Variant::Czech => Some(include_bytes!("../weights/czech-net.bin")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two chunks of first-layer units; six second-layer units, so that both the four-at-a-time
    /// loop and the one-at-a-time rest run.
    fn sample() -> NetEval {
        let (h1, h2) = (16, 6);
        let w1 = (0..INPUTS * h1)
            .map(|i| (((i * 37) % 61) as i16 - 30) * 20)
            .collect();
        let b1 = (0..h1).map(|i| i as i16 * 50).collect();
        let w2 = (0..h2 * h1)
            .map(|i| (((i * 11) % 23) as i16 - 11) * 60)
            .collect();
        let b2 = (0..h2).map(|i| i as i32 * 30_000 - 40_000).collect();
        let w3 = (0..h2).map(|i| 400 - 200 * i as i16).collect();
        NetEval::from_parts(Variant::Czech, 200, w1, b1, w2, b2, w3, 77).unwrap()
    }

    #[test]
    fn a_network_file_reads_back() {
        let n = sample();
        assert_eq!(NetEval::from_bytes(&n.to_bytes()), Ok(n.clone()));
        let ending = n.with_below(14);
        assert_eq!(ending.below(), 14);
        assert_eq!(NetEval::from_bytes(&ending.to_bytes()), Ok(ending));
    }

    #[test]
    fn a_damaged_or_foreign_file_is_refused() {
        let bytes = sample().to_bytes();
        let mut bad = bytes.clone();
        bad[40] ^= 1;
        assert_eq!(NetEval::from_bytes(&bad), Err(WeightsError::Checksum));
        assert_eq!(
            NetEval::from_bytes(&bytes[..bytes.len() - 6]),
            Err(WeightsError::Length)
        );
        assert_eq!(NetEval::from_bytes(b"SHKE"), Err(WeightsError::NotWeights));
        let mut version = bytes.clone();
        version[4] = 9;
        assert_eq!(NetEval::from_bytes(&version), Err(WeightsError::Version(9)));
    }

    /// The same network written out in floating point, term by term.
    fn slow_logit(n: &NetEval, pos: &Position) -> i32 {
        let ins = NetEval::inputs(pos);
        let mut a1 = Vec::new();
        for j in 0..n.h1 {
            let mut s = n.b1[j] as i32;
            for i in 0..INPUTS {
                if ins[i / 32] & (1 << (i % 32)) != 0 {
                    s += n.w1[i * n.h1 + j] as i32;
                }
            }
            a1.push(s.div_euclid(WEIGHT_ONE / ONE).clamp(0, ONE));
        }
        let mut out = n.b3;
        for k in 0..n.h2 {
            let mut s = n.b2[k];
            for (j, &a) in a1.iter().enumerate() {
                s += a * n.w2[k * n.h1 + j] as i32;
            }
            out += (s.div_euclid(WEIGHT_ONE)).clamp(0, ONE) * n.w3[k] as i32;
        }
        out
    }

    #[test]
    fn the_logit_is_the_networks_sum_and_the_same_for_either_colour() {
        let n = sample();
        let rules = Variant::Czech.rules();
        let mut rng = crate::level::Rng::new(7);
        let mut values = alloc::collections::BTreeSet::new();
        for _ in 0..200 {
            // A position from a random game, with kings where the game made them.
            let mut game = crate::Game::new(Variant::Czech);
            for _ in 0..rng.below(90) {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.below(moves.len() as u64) as usize])
                    .unwrap();
            }
            let pos = *game.position();
            assert_eq!(n.logit(&pos), slow_logit(&n, &pos), "{pos:?}");
            assert_eq!(n.logit_portable(&pos), slow_logit(&n, &pos), "{pos:?}");
            values.insert(n.logit(&pos));
            // The same position turned half a turn with colours swapped is the same for its
            // mover.
            let turned = pos.flipped();
            assert_eq!(n.logit(&turned), n.logit(&pos));
            assert_eq!(n.evaluate(&turned, rules), n.evaluate(&pos, rules));
        }
        assert!(values.len() > 50, "the hidden layers see the board");
    }

    #[test]
    fn a_first_layer_that_could_overflow_is_refused() {
        let n = sample();
        let mut w1 = n.w1.clone();
        w1[5] = W1_LIMIT + 1;
        let shape = NetEval::from_parts(
            Variant::Czech,
            200,
            w1,
            n.b1.clone(),
            n.w2.clone(),
            n.b2.clone(),
            n.w3.clone(),
            n.b3,
        );
        assert_eq!(shape, Err(WeightsError::Shape));
    }
}
