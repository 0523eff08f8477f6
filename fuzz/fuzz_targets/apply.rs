//! Plays a game chosen by the input, checking invariants every ply.
//!
//! Input layout: the first byte picks the variant (`b % 3`); if its high bit is set, the next 13
//! bytes build an arbitrary start position (see `position_from_bytes`), otherwise the game starts
//! from the variant's start position. Each following byte is an operation:
//! - `0xFF len bytes…` — feed `len` bytes (lossy UTF-8) to `play_text`;
//! - `0xFE` — undo;
//! - `0xFD from to c0 c1 c2 c3 p` — `play` a hand-made `Move` (legal or not);
//! - anything else — play legal move number `b % n`.
//!
//! Checked: `hash_after` equals the hash of the new position, the FEN round-trips, undo restores the
//! previous FEN, move count and outcome (and replaying gives the same position), a failed
//! `play`/`play_text` leaves `fen()` and the move count unchanged, `play` accepts exactly the
//! legal moves, the outcome agrees with the legal move list, and every legal move's text parses
//! back to the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shashki::bitboard::Bitboard;
use shashki::{fen, notation, Game, Move, PlayError};
use shashki_fuzz::{check_fen_round_trip, check_moves, position_from_bytes, square_of, variant_of};

struct Run {
    game: Game,
    log: Vec<String>,
}

impl Run {
    fn ctx(&self) -> String {
        format!(
            "{:?} from {} after {:?}",
            self.game.variant(),
            fen::to_fen(self.game.start_position()),
            self.log
        )
    }

    /// Checks the current state and returns its legal moves.
    fn check_state(&self) -> Vec<Move> {
        let g = &self.game;
        let pos = *g.position();
        let ctx = || self.ctx();
        check_fen_round_trip(&pos, &ctx);
        assert_eq!(
            fen::parse(&g.fen()).ok(),
            Some(pos),
            "game.fen() does not parse to game.position() ({})",
            ctx()
        );
        assert_eq!(
            g.is_over(),
            g.outcome().is_some(),
            "is_over disagrees with outcome ({})",
            ctx()
        );
        let legal = g.legal_moves();
        if g.is_over() {
            assert!(
                legal.is_empty(),
                "legal moves after the game ended ({})",
                ctx()
            );
        } else {
            assert!(
                !legal.is_empty(),
                "no legal move but the game is not over ({})",
                ctx()
            );
            let all = check_moves(&pos, g.rules(), &ctx);
            assert_eq!(
                all,
                legal,
                "Game::legal_moves disagrees with legal_moves ({})",
                ctx()
            );
        }
        assert_eq!(
            g.position_at(g.moves().len()),
            Some(&pos),
            "position_at(len) ({})",
            ctx()
        );
        legal
    }

    /// After `m` was just played from `before` (with `before_fen`, `before_len` moves and
    /// `before_outcome`): hash, move list, move text, undo and replay.
    fn check_played(
        &mut self,
        m: Move,
        before: shashki::Position,
        before_len: usize,
        before_outcome: Option<shashki::Outcome>,
    ) {
        let before_fen = fen::to_fen(&before);
        let g = &self.game;
        let ctx = self.ctx();
        let after = *g.position();
        assert_eq!(
            g.moves().len(),
            before_len + 1,
            "move count after play ({ctx})"
        );
        assert_eq!(g.moves().last(), Some(&m), "last move ({ctx})");
        assert_eq!(
            after,
            before.play(&m),
            "game position != Position::play ({ctx})"
        );
        assert_eq!(
            before.hash_after(before.hash(), &m),
            after.hash(),
            "hash_after {m:?} from {before_fen} != hash of {} ({ctx})",
            fen::to_fen(&after)
        );
        let text = g.move_text(before_len).expect("move_text of the last move");
        assert_eq!(
            notation::parse_move(&before, g.rules(), &text),
            Ok(m),
            "move_text {text:?} does not parse back at {before_fen} ({ctx})"
        );
        let outcome_after = g.outcome();
        // Undo restores the previous state exactly, and replaying gives the same state again.
        assert_eq!(
            self.game.undo(),
            Some(m),
            "undo returned another move ({ctx})"
        );
        assert_eq!(
            self.game.fen(),
            before_fen,
            "undo did not restore the FEN ({ctx})"
        );
        assert_eq!(
            self.game.moves().len(),
            before_len,
            "undo did not restore the move count ({ctx})"
        );
        assert_eq!(
            self.game.outcome(),
            before_outcome,
            "undo did not restore the outcome ({ctx})"
        );
        self.game
            .play(m)
            .unwrap_or_else(|e| panic!("replaying {m:?} after undo failed: {e:?} ({ctx})"));
        assert_eq!(
            *self.game.position(),
            after,
            "replay after undo differs ({ctx})"
        );
        assert_eq!(
            self.game.outcome(),
            outcome_after,
            "replay changed the outcome ({ctx})"
        );
    }

    fn check_unchanged(&self, what: &str, err: &PlayError, fen_before: &str, len_before: usize) {
        assert_eq!(
            self.game.fen(),
            fen_before,
            "{what} failed with {err:?} but changed the FEN ({})",
            self.ctx()
        );
        assert_eq!(
            self.game.moves().len(),
            len_before,
            "{what} failed with {err:?} but changed the move count ({})",
            self.ctx()
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, mut rest)) = data.split_first() else {
        return;
    };
    let variant = variant_of(first);
    let game = if first & 0x80 != 0 {
        let Some(pos) = position_from_bytes(rest) else {
            return;
        };
        rest = &rest[13..];
        // The FEN path must give the same game as the position path.
        let from_fen = Game::from_fen(variant, &fen::to_fen(&pos)).expect("to_fen output parses");
        assert_eq!(*from_fen.start_position(), pos);
        Game::from_position(variant, pos)
    } else {
        Game::new(variant)
    };
    let mut run = Run {
        game,
        log: Vec::new(),
    };
    let mut legal = run.check_state();
    let mut i = 0;
    let mut plies = 0;
    while i < rest.len() && plies < 400 {
        let op = rest[i];
        i += 1;
        let before = *run.game.position();
        let before_fen = run.game.fen();
        let before_len = run.game.moves().len();
        let before_outcome = run.game.outcome();
        match op {
            0xFF => {
                let len = rest.get(i).copied().unwrap_or(0) as usize;
                i += 1;
                let end = (i + len).min(rest.len());
                let text = String::from_utf8_lossy(rest.get(i..end).unwrap_or(&[])).into_owned();
                i = end;
                run.log.push(format!("play_text {text:?}"));
                match run.game.play_text(&text) {
                    Ok(m) => {
                        assert!(
                            legal.contains(&m),
                            "play_text {text:?} played an illegal move {m:?} ({})",
                            run.ctx()
                        );
                        run.check_played(m, before, before_len, before_outcome);
                        plies += 1;
                    }
                    Err(e) => {
                        if before_outcome.is_some() {
                            assert!(
                                matches!(e, PlayError::GameOver(_)),
                                "expected GameOver, got {e:?} ({})",
                                run.ctx()
                            );
                        }
                        run.check_unchanged("play_text", &e, &before_fen, before_len);
                    }
                }
            }
            0xFE => {
                run.log.push("undo".into());
                match run.game.undo() {
                    Some(m) => {
                        let prev = *run.game.position();
                        assert_eq!(
                            prev.play(&m),
                            before,
                            "undo did not go back to the position before {m:?} ({})",
                            run.ctx()
                        );
                    }
                    None => {
                        assert_eq!(
                            before_len,
                            0,
                            "undo returned None with moves played ({})",
                            run.ctx()
                        );
                        assert_eq!(
                            run.game.fen(),
                            before_fen,
                            "failed undo changed the FEN ({})",
                            run.ctx()
                        );
                    }
                }
            }
            0xFD => {
                let b = |k: usize| rest.get(i + k).copied().unwrap_or(0);
                let m = Move::new(
                    square_of(b(0)),
                    square_of(b(1)),
                    Bitboard(u32::from_le_bytes([b(2), b(3), b(4), b(5)])),
                    b(6) & 1 != 0,
                );
                i += 7;
                run.log.push(format!("play {m:?}"));
                match run.game.play(m) {
                    Ok(()) => {
                        assert!(
                            legal.contains(&m),
                            "play accepted an illegal move {m:?} ({})",
                            run.ctx()
                        );
                        run.check_played(m, before, before_len, before_outcome);
                        plies += 1;
                    }
                    Err(e) => {
                        assert!(
                            !legal.contains(&m),
                            "play rejected a legal move {m:?}: {e:?} ({})",
                            run.ctx()
                        );
                        run.check_unchanged("play", &e, &before_fen, before_len);
                    }
                }
            }
            c => {
                if legal.is_empty() {
                    // Game over: nothing can be played; step back instead.
                    if end_of_game_undo(&mut run).is_none() {
                        break;
                    }
                } else {
                    let m = legal[c as usize % legal.len()];
                    run.log
                        .push(notation::move_to_string(&before, run.game.rules(), &m));
                    run.game.play(m).unwrap_or_else(|e| {
                        panic!("legal move {m:?} rejected: {e:?} ({})", run.ctx())
                    });
                    run.check_played(m, before, before_len, before_outcome);
                    plies += 1;
                }
            }
        }
        legal = run.check_state();
    }
});

/// When the game is over: checks that nothing can be played, then undoes one move.
fn end_of_game_undo(run: &mut Run) -> Option<Move> {
    let outcome = run.game.outcome()?;
    let fen_before = run.game.fen();
    let len = run.game.moves().len();
    let e = run.game.play_text("1-2").unwrap_err();
    assert_eq!(
        e,
        PlayError::GameOver(outcome),
        "play_text after the end ({})",
        run.ctx()
    );
    run.check_unchanged("play_text", &e, &fen_before, len);
    run.log.push("undo (game over)".into());
    run.game.undo()
}
