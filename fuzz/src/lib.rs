//! Shared checks for the fuzz targets in `fuzz_targets/`.
//!
//! Every check panics with a message that names the position (as FEN), the variant and the move,
//! so a crash report is enough to reproduce the problem without the fuzzer.

use shashki::bitboard::Bitboard;
use shashki::fen;
use shashki::notation;
use shashki::{legal_moves, Color, Move, Piece, Position, Role, Rules, Square, Variant};

/// The variant a byte selects.
pub fn variant_of(b: u8) -> Variant {
    Variant::ALL[(b % 3) as usize]
}

/// Structural invariants of a position: colours disjoint, kings on occupied squares, at most 12
/// pieces a side.
pub fn check_position(pos: &Position, context: &dyn Fn() -> String) {
    let w = pos.pieces(Color::White);
    let b = pos.pieces(Color::Black);
    assert!(
        (w & b).is_empty(),
        "white and black overlap in {} ({})",
        fen::to_fen(pos),
        context()
    );
    assert_eq!(
        pos.kings(Color::White)
            | pos.kings(Color::Black)
            | pos.men(Color::White)
            | pos.men(Color::Black),
        w | b,
        "men and kings do not partition the pieces ({})",
        context()
    );
}

/// `to_fen` then `parse` gives back the same position, and printing is stable.
pub fn check_fen_round_trip(pos: &Position, context: &dyn Fn() -> String) {
    let text = fen::to_fen(pos);
    let back = fen::parse(&text).unwrap_or_else(|e| {
        panic!(
            "to_fen output {text:?} does not parse: {e:?} ({})",
            context()
        )
    });
    assert_eq!(
        back,
        *pos,
        "FEN {text:?} parses to a different position ({})",
        context()
    );
    assert_eq!(
        fen::to_fen(&back),
        text,
        "to_fen is not stable ({})",
        context()
    );
}

/// Every legal move of `pos` under `rules`:
/// - is played consistently (`hash_after` agrees with `hash`, the mover changes, the piece lands);
/// - prints to text that parses back to the same move (notation round trip).
///
/// Returns the legal moves.
pub fn check_moves(pos: &Position, rules: &Rules, context: &dyn Fn() -> String) -> Vec<Move> {
    let mut moves = Vec::new();
    legal_moves(pos, rules, &mut moves);
    let h = pos.hash();
    let us = pos.side_to_move();
    for m in &moves {
        let ctx = || {
            format!(
                "{:?} position {} move {:?} ({})",
                rules.variant,
                fen::to_fen(pos),
                m,
                context()
            )
        };
        assert!(
            pos.pieces(us).contains(m.from()),
            "move from a square without a piece of the side to move: {}",
            ctx()
        );
        assert!(
            (m.captured() & !pos.pieces(!us)).is_empty(),
            "move captures something that is not an enemy piece: {}",
            ctx()
        );
        let next = pos.play(m);
        check_position(&next, &ctx);
        assert_eq!(
            next.side_to_move(),
            !us,
            "side to move did not change: {}",
            ctx()
        );
        assert!(
            next.pieces(us).contains(m.to()),
            "the mover is not on its destination: {}",
            ctx()
        );
        assert_eq!(
            pos.hash_after(h, m),
            next.hash(),
            "hash_after disagrees with hash of the new position {}: {}",
            fen::to_fen(&next),
            ctx()
        );
        let text = notation::move_to_string(pos, rules, m);
        match notation::parse_move(pos, rules, &text) {
            Ok(back) => assert_eq!(
                back,
                *m,
                "move text {text:?} parses back to a different move {back:?}: {}",
                ctx()
            ),
            Err(e) => panic!(
                "move text {text:?} of a legal move does not parse back: {e:?}: {}",
                ctx()
            ),
        }
    }
    moves
}

/// Builds a position from 13 bytes (three bitboards and a side), repaired to satisfy what
/// `fen::parse` accepts: no man on its crowning row (it becomes a king), at most 12 pieces a side.
/// Returns `None` when fewer than 13 bytes are available.
pub fn position_from_bytes(data: &[u8]) -> Option<Position> {
    if data.len() < 13 {
        return None;
    }
    let word = |i: usize| u32::from_le_bytes([data[i], data[i + 1], data[i + 2], data[i + 3]]);
    let white = Bitboard(word(0));
    let black = Bitboard(word(4) & !white.0);
    let kings = Bitboard(word(8));
    let side = if data[12] & 1 == 0 {
        Color::White
    } else {
        Color::Black
    };
    let mut pos = Position::empty(side);
    for (color, set) in [(Color::White, white), (Color::Black, black)] {
        for (n, sq) in set.into_iter().enumerate() {
            if n >= 12 {
                break;
            }
            let role = if kings.contains(sq) || color.crowning_row().contains(sq) {
                Role::King
            } else {
                Role::Man
            };
            pos = pos.with_piece(sq, Some(Piece { color, role }));
        }
    }
    Some(pos)
}

/// A square from a byte.
pub fn square_of(b: u8) -> Square {
    Square::ALL[(b % 32) as usize]
}
