//! Playing levels. Easy and Medium choose among the moves a shallow search scores close to the
//! best, so they err the way people do (missing deeper shots), and a beginner wins sometimes;
//! Hard plays the full search within the time given, in Czech and Russian with contempt (it plays
//! for a win: see [`crate::contempt`]). The hint is Hard's search without contempt.
//!
//! Randomness comes from a seed mixed with the position, so a level given the same seed and the
//! same game always plays the same move (Hard also needs a node rather than a time limit).

use core::fmt;
use core::str::FromStr;

use alloc::vec::Vec;

use crate::contempt::Contempt;
use crate::game::Game;
use crate::search::{Clock, Engine, Limits, SearchResult};
use crate::variant::Variant;

#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

/// How a level picks its move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Style {
    /// Depth of the search that scores each root move.
    depth: u32,
    /// Moves within this many centi-men of the best are candidates ...
    margin: i32,
    /// ... chosen with weight falling by half every `softness` centi-men below the best.
    softness: i32,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    fn style(self) -> Option<Style> {
        match self {
            Level::Easy => Some(Style {
                depth: 2,
                margin: 250,
                softness: 60,
            }),
            Level::Medium => Some(Style {
                depth: 6,
                margin: 15,
                softness: 10,
            }),
            Level::Hard => None,
        }
    }

    /// The stake the level plays its games of `variant` for: Hard's contempt where a match
    /// measured it (Czech and Russian); elsewhere none until one does.
    pub const fn contempt(self, variant: Variant) -> Contempt {
        match (self, variant) {
            (Level::Hard, Variant::Czech) => Contempt::HARD,
            (Level::Hard, Variant::Russian) => Contempt::HARD_RUSSIAN,
            _ => Contempt::NONE,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown level name.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownLevel;

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown level (expected easy, medium or hard)")
    }
}

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or(UnknownLevel)
    }
}

/// SplitMix64: tiny, good enough to pick among moves, identical on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// The level's move for the side to move, played with the level's contempt (left set on the
/// engine). `hard_limits` bound Hard's search (the clock bounds every level).
pub fn choose_move(
    engine: &mut Engine,
    game: &Game,
    level: Level,
    seed: u64,
    hard_limits: Limits,
    clock: &mut dyn Clock,
) -> SearchResult {
    engine.set_contempt(level.contempt(game.variant()));
    let Some(style) = level.style() else {
        return engine.search(game, hard_limits, clock);
    };
    let mut scored = engine.score_root_moves(game, style.depth, clock);
    let nodes = engine.nodes();
    if scored.is_empty() {
        return SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes,
            pv: Vec::new(),
        };
    }
    scored.sort_by_key(|&(_, s)| -s);
    let best = scored[0].1;
    let candidates: Vec<(crate::moves::Move, i32)> = scored
        .iter()
        .copied()
        .filter(|&(_, s)| s >= best - style.margin)
        .collect();
    // Weight 1024 for the best, halving every `softness` centi-men below it.
    let weight = |s: i32| -> u64 {
        let drop = ((best - s) * 8 / style.softness.max(1)).clamp(0, 80);
        (1024u64 >> (drop / 8)) * (16 - (drop % 8) as u64) / 16 + 1
    };
    let total: u64 = candidates.iter().map(|&(_, s)| weight(s)).sum();
    let mut rng = Rng::new(seed ^ game.position().hash() ^ (game.moves().len() as u64) << 56);
    let mut pick = rng.below(total);
    let mut chosen = candidates[0];
    for &(m, s) in &candidates {
        let w = weight(s);
        if pick < w {
            chosen = (m, s);
            break;
        }
        pick -= w;
    }
    SearchResult {
        best: Some(chosen.0),
        score: chosen.1,
        depth: style.depth,
        nodes,
        pv: alloc::vec![chosen.0],
    }
}
