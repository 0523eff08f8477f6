//! Shashki: the rules of Czech, Russian and English (American) checkers.
//!
//! `#![no_std]` with `alloc`, no dependencies, so the same code runs natively (the `shashki` CLI)
//! and in the browser (WebAssembly). Variants are data ([`Rules`]), the board is a set of `u32`
//! bitboards over the 32 dark squares, and positions are small `Copy` values.
//!
//! - [`Position`], [`Move`], [`legal_moves`] — the rules;
//! - [`Game`] — a game with its history, checked moves and the draw rules of each variant;
//! - [`fen`] and [`notation`] — text in and out, with typed errors;
//! - [`perft`] — move-tree counts that prove the generator;
//! - [`review`] and [`shot`] — judging the moves of a game, and finding shots for puzzles.

#![no_std]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod bitboard;
pub mod contempt;
pub mod draw;
pub mod egtb;
pub mod eval;
pub mod eval_cache;
pub mod fen;
pub mod game;
pub mod hash;
pub mod learned;
pub mod level;
pub mod movegen;
pub mod moves;
pub mod net;
pub mod notation;
pub mod pattern;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod review;
pub mod search;
pub mod shot;
pub mod square;
pub mod tt;
pub mod variant;

pub use bitboard::Bitboard;
pub use fen::FenError;
pub use game::{DrawReason, Game, Outcome, PlayError, WinReason};
pub use movegen::{has_capture, legal_moves};
pub use moves::Move;
pub use notation::NotationError;
pub use perft::{perft, Counting};
pub use position::{Color, Piece, Position, Role};
pub use square::Square;
pub use variant::{Rules, Variant};
