//! A game: the start position, the moves played, the move counters and the result, with every
//! draw rule of the variant applied automatically after each move.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::draw;
pub use crate::draw::{Counters, DrawReason};
use crate::fen::{self, FenError};
use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::notation::{self, NotationError};
use crate::position::{Color, Position};
use crate::variant::{Rules, Variant};

/// Why a side lost.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum WinReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser's pieces are all blocked.
    NoMoves,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    Win { winner: Color, reason: WinReason },
    Draw(DrawReason),
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::NoPieces => "the opponent has no pieces left",
            WinReason::NoMoves => "the opponent has no legal move",
        })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{winner} wins: {reason}"),
            Outcome::Draw(reason) => write!(f, "draw: {reason}"),
        }
    }
}

/// Why a move was not played. The game is unchanged.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlayError {
    /// The game is already over.
    GameOver(Outcome),
    /// The move is not in the legal move list.
    Illegal(Move),
    /// The move text does not name a legal move.
    Notation(NotationError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(o) => write!(f, "the game is over ({o})"),
            PlayError::Illegal(m) => write!(
                f,
                "illegal move {}-{} (captures {})",
                m.from(),
                m.to(),
                m.captured().count()
            ),
            PlayError::Notation(e) => write!(f, "{e}"),
        }
    }
}

impl From<NotationError> for PlayError {
    fn from(e: NotationError) -> PlayError {
        PlayError::Notation(e)
    }
}

#[derive(Copy, Clone, Debug)]
struct Ply {
    pos: Position,
    counters: Counters,
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Variant,
    /// `history[0]` is the start; `history[i + 1]` follows `moves[i]`.
    history: Vec<Ply>,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game from the variant's start position.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(variant, Position::start(variant.rules().first_to_move))
    }

    /// A game from any position, with the counters at zero.
    pub fn from_position(variant: Variant, pos: Position) -> Game {
        Game::from_position_with_counters(variant, pos, Counters::default())
    }

    pub fn from_position_with_counters(
        variant: Variant,
        pos: Position,
        counters: Counters,
    ) -> Game {
        let mut g = Game {
            variant,
            history: alloc::vec![Ply { pos, counters }],
            moves: Vec::new(),
            outcome: None,
        };
        g.outcome = g.compute_outcome();
        g
    }

    pub fn from_fen(variant: Variant, fen: &str) -> Result<Game, FenError> {
        Ok(Game::from_position(variant, fen::parse(fen)?))
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn rules(&self) -> &'static Rules {
        self.variant.rules()
    }

    pub fn position(&self) -> &Position {
        &self.history[self.history.len() - 1].pos
    }

    pub fn start_position(&self) -> &Position {
        &self.history[0].pos
    }

    /// The position before move `i` (`i == moves().len()` gives the current one).
    pub fn position_at(&self, i: usize) -> Option<&Position> {
        self.history.get(i).map(|p| &p.pos)
    }

    pub fn counters(&self) -> Counters {
        self.history[self.history.len() - 1].counters
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    pub fn fen(&self) -> String {
        fen::to_fen(self.position())
    }

    /// The legal moves now (empty once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        if self.outcome.is_none() {
            legal_moves(self.position(), self.rules(), &mut v);
        }
        v
    }

    /// Plays a legal move; on error the game is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(o));
        }
        if !self.legal_moves().contains(&m) {
            return Err(PlayError::Illegal(m));
        }
        self.push(m);
        Ok(())
    }

    /// Parses `text` in any accepted notation and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(o));
        }
        let m = notation::parse_move(self.position(), self.rules(), text)?;
        self.push(m);
        Ok(m)
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.history.pop();
        self.outcome = self.compute_outcome();
        Some(m)
    }

    /// The move in the variant's notation, as played from the position before it.
    pub fn move_text(&self, i: usize) -> Option<String> {
        let m = self.moves.get(i)?;
        Some(notation::move_to_string(
            &self.history[i].pos,
            self.rules(),
            m,
        ))
    }

    fn push(&mut self, m: Move) {
        let before = self.history[self.history.len() - 1];
        let pos = before.pos.play(&m);
        let counters = draw::next_counters(self.rules(), &before.pos, &m, &pos, before.counters);
        self.history.push(Ply { pos, counters });
        self.moves.push(m);
        self.outcome = self.compute_outcome();
    }

    fn compute_outcome(&self) -> Option<Outcome> {
        let ply = &self.history[self.history.len() - 1];
        let pos = &ply.pos;
        let us = pos.side_to_move();
        let mut moves = Vec::new();
        legal_moves(pos, self.rules(), &mut moves);
        if moves.is_empty() {
            let reason = if pos.pieces(us).is_empty() {
                WinReason::NoPieces
            } else {
                WinReason::NoMoves
            };
            return Some(Outcome::Win {
                winner: !us,
                reason,
            });
        }
        if self.repetitions() >= 3 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        draw::rule_draw(self.rules(), pos, ply.counters).map(Outcome::Draw)
    }

    /// How many times the current position (with the side to move) has occurred. Only positions
    /// since the last capture or man move can be equal to it.
    fn repetitions(&self) -> usize {
        let last = &self.history[self.history.len() - 1];
        let window = last.counters.king_plies as usize + 1;
        self.history
            .iter()
            .rev()
            .take(window)
            .step_by(2)
            .filter(|p| p.pos == last.pos)
            .count()
    }
}
