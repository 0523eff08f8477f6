//! The three rule sets as data: one [`Rules`] table per variant drives the single generator and
//! the game's draw rules, so a rule difference is a field here, never a second code path.

use core::fmt;
use core::str::FromStr;

use crate::position::Color;

/// A supported rule set.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    Czech,
    Russian,
    English,
}

/// How far a king travels.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum KingRange {
    /// Any distance over empty squares; captures at a distance and lands anywhere beyond.
    Flying,
    /// One square; captures by jumping an adjacent piece.
    Short,
}

/// How the game counts moves toward a draw (beyond threefold repetition, common to all).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum DrawRules {
    /// Czech: 40 moves of each side with no capture and no promotion.
    Czech,
    /// Russian federation rules 7.2.4–7.2.8 (king-only moves, small endings).
    Russian,
    /// English: 40 moves of each side with no capture and no man moved.
    English,
}

/// Everything that differs between variants.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Rules {
    pub variant: Variant,
    pub first_to_move: Color,
    pub king_range: KingRange,
    /// Men capture backward as well as forward.
    pub men_capture_backward: bool,
    /// If any king can capture, a king must capture (Czech).
    pub king_capture_priority: bool,
    /// A man crowned during a capture goes on capturing as a king (Russian); otherwise the move ends.
    pub crowned_man_continues: bool,
    pub draws: DrawRules,
    /// Notation prints algebraic squares (`c3-d4`, `c3:e5`) rather than numbers (`9-14`, `14x23`).
    pub algebraic_notation: bool,
    /// The PDN `GameType` number.
    pub pdn_game_type: u8,
}

pub const CZECH: Rules = Rules {
    variant: Variant::Czech,
    first_to_move: Color::White,
    king_range: KingRange::Flying,
    men_capture_backward: false,
    king_capture_priority: true,
    crowned_man_continues: false,
    draws: DrawRules::Czech,
    algebraic_notation: true,
    pdn_game_type: 29,
};

pub const RUSSIAN: Rules = Rules {
    variant: Variant::Russian,
    first_to_move: Color::White,
    king_range: KingRange::Flying,
    men_capture_backward: true,
    king_capture_priority: false,
    crowned_man_continues: true,
    draws: DrawRules::Russian,
    algebraic_notation: true,
    pdn_game_type: 25,
};

pub const ENGLISH: Rules = Rules {
    variant: Variant::English,
    first_to_move: Color::Black,
    king_range: KingRange::Short,
    men_capture_backward: false,
    king_capture_priority: false,
    crowned_man_continues: false,
    draws: DrawRules::English,
    algebraic_notation: false,
    pdn_game_type: 21,
};

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::Czech, Variant::Russian, Variant::English];

    #[inline(always)]
    pub const fn rules(self) -> &'static Rules {
        match self {
            Variant::Czech => &CZECH,
            Variant::Russian => &RUSSIAN,
            Variant::English => &ENGLISH,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Variant::Czech => "czech",
            Variant::Russian => "russian",
            Variant::English => "english",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown variant name.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownVariant;

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown variant (expected czech, russian or english)")
    }
}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s.trim()))
            .or_else(|| match s.trim().to_ascii_lowercase().as_str() {
                "american" | "checkers" => Some(Variant::English),
                _ => None,
            })
            .ok_or(UnknownVariant)
    }
}
