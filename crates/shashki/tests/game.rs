//! The game: checked moves, results, and each variant's draw rules.

mod common;

use common::pos;
use shashki::game::Counters;
use shashki::Variant::{self, Czech, English, Russian};
use shashki::{Color, DrawReason, Game, NotationError, Outcome, PlayError, WinReason};

fn game(v: Variant, fen: &str) -> Game {
    Game::from_fen(v, fen).unwrap()
}

fn with_counters(v: Variant, fen: &str, quiet_plies: u32, king_plies: u32) -> Game {
    Game::from_position_with_counters(
        v,
        pos(fen),
        Counters {
            quiet_plies,
            king_plies,
            long_diagonal_moves: 0,
        },
    )
}

/// Plays the moves; every move but the last leaves the game running.
fn play_all(g: &mut Game, moves: &[&str]) {
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(g.outcome(), None, "game ended before move {i} ({m})");
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn taking_the_last_piece_wins() {
    let mut g = game(Czech, "W:Wc3:Bd4");
    g.play_text("c3:e5").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoPieces
        })
    );
}

#[test]
fn a_blocked_side_loses() {
    for v in Variant::ALL {
        assert_eq!(
            game(v, "W:Wa7:Bb8").outcome(),
            Some(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::NoMoves
            })
        );
    }
}

#[test]
fn illegal_and_unknown_moves_are_typed_errors_and_change_nothing() {
    let mut g = Game::new(Russian);
    let before = (g.fen(), g.moves().len());
    assert!(matches!(
        g.play_text("c3-c4"),
        Err(PlayError::Notation(NotationError::BadSquare { .. }))
    ));
    assert!(matches!(
        g.play_text("c3-e5"),
        Err(PlayError::Notation(NotationError::NoSuchMove { .. }))
    ));
    assert!(matches!(
        g.play_text("b6-a5"),
        Err(PlayError::Notation(NotationError::NoSuchMove { .. }))
    ));
    assert!(matches!(
        g.play_text(""),
        Err(PlayError::Notation(NotationError::Empty))
    ));
    assert!(matches!(
        g.play_text("c3"),
        Err(PlayError::Notation(NotationError::NeedTwoSquares { .. }))
    ));
    // A move from another position is rejected by value too.
    let mut other = Game::new(Russian);
    other.play_text("c3-d4").unwrap();
    let foreign = other.legal_moves()[0];
    assert_eq!(g.play(foreign), Err(PlayError::Illegal(foreign)));
    assert_eq!((g.fen(), g.moves().len()), before);
    // English: Black moves first, so a white move is illegal at the start.
    let mut e = Game::new(English);
    assert!(e.play_text("22-18").is_err());
    assert_eq!(e.play_text("9-14").map(|m| m.to().number()), Ok(14));
}

#[test]
fn no_move_after_the_game_is_over() {
    let mut g = game(Czech, "W:Wc3:Bd4");
    g.play_text("c3:e5").unwrap();
    let over = g.outcome().unwrap();
    assert_eq!(g.play_text("e5-d6"), Err(PlayError::GameOver(over)));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn undo_restores_position_counters_and_result() {
    let mut g = game(Czech, "W:Wc3:Bd4");
    let before = (g.fen(), g.counters());
    g.play_text("c3:e5").unwrap();
    assert!(g.is_over());
    g.undo().unwrap();
    assert_eq!((g.fen(), g.counters()), before);
    assert_eq!(g.outcome(), None);
    assert_eq!(Game::new(English).undo(), None);
}

const SHUFFLE: [&str; 8] = [
    "c1-d2", "f8-g7", "d2-c1", "g7-f8", "c1-d2", "f8-g7", "d2-c1", "g7-f8",
];

#[test]
fn third_repetition_is_a_draw_in_every_variant() {
    for v in [Czech, Russian] {
        let mut g = game(v, "W:WKc1:BKf8");
        play_all(&mut g, &SHUFFLE);
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw(DrawReason::Repetition)),
            "{v}"
        );
    }
    let mut g = game(English, "W:WK30:BK3");
    play_all(
        &mut g,
        &[
            "30-26", "3-8", "26-30", "8-3", "30-26", "3-8", "26-30", "8-3",
        ],
    );
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn czech_forty_moves_without_capture_or_promotion() {
    let fen = "W:Wh2,Kc1:Bh6,Kf8";
    let mut g = with_counters(Czech, fen, 78, 0);
    play_all(&mut g, &["h2-g3"]);
    assert_eq!(g.outcome(), None, "79 plies");
    g.play_text("f8-g7").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw(DrawReason::FortyQuietMoves))
    );
    // A man move does not reset the count, a capture does.
    let mut g = with_counters(Czech, "W:Wa3,Kc1:Bb4,Kf8", 79, 0);
    g.play_text("a3:c5").unwrap();
    assert_eq!(g.counters().quiet_plies, 0);
    assert_eq!(g.outcome(), None);
}

#[test]
fn english_forty_moves_without_capture_or_man_move() {
    let fen = "W:W21,K30:B12,K3";
    let mut g = with_counters(English, fen, 200, 78);
    g.play_text("30-26").unwrap();
    assert_eq!(g.outcome(), None);
    g.play_text("3-8").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::FortyKingMoves)));
    // A man move resets it.
    let mut g = with_counters(English, fen, 200, 79);
    g.play_text("21-17").unwrap();
    assert_eq!(g.counters().king_plies, 0);
    assert_eq!(g.outcome(), None);
}

#[test]
fn russian_fifteen_moves_of_kings_only() {
    // Enough men on the board that no small-ending rule applies.
    let fen = "W:Wa3,e3,Kc1:Bh6,f6,Kf8";
    let mut g = with_counters(Russian, fen, 28, 28);
    g.play_text("c1-d2").unwrap();
    assert_eq!(g.outcome(), None);
    g.play_text("f8-g7").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw(DrawReason::FifteenKingMoves))
    );
    // The same in Czech is no draw.
    let mut g = with_counters(Czech, fen, 28, 28);
    play_all(&mut g, &["c1-d2", "f8-g7"]);
    assert_eq!(g.outcome(), None);
}

#[test]
fn russian_three_kings_against_a_king_fifteen_moves() {
    let fen = "W:WKc1,Ke1,Kg1:BKb8";
    let mut g = with_counters(Russian, fen, 27, 0);
    g.play_text("c1-d2").unwrap(); // White's 14th move in this material
    g.play_text("b8-c7").unwrap();
    assert_eq!(g.outcome(), None);
    g.play_text("d2-c1").unwrap(); // 15th
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw(DrawReason::ThreeKingsAgainstKing))
    );
}

#[test]
fn russian_lone_king_on_the_long_diagonal_five_moves() {
    let mut g = game(Russian, "W:Wa3,h2,Kc1:BKh8");
    play_all(
        &mut g,
        &[
            "a3-b4", "h8-g7", "b4-a5", "g7-h8", "h2-g3", "h8-g7", "g3-h4", "g7-h8",
        ],
    );
    assert_eq!(g.outcome(), None, "after four white moves");
    g.play_text("h4-g5").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::LongDiagonal)));
    // Off the long diagonal the rule does not apply.
    let mut g = game(Russian, "W:Wa3,h2,Kc1:BKh6");
    play_all(
        &mut g,
        &[
            "a3-b4", "h6-g7", "b4-a5", "g7-h6", "h2-g3", "h6-g7", "g3-h4", "g7-h6", "h4-g5",
        ],
    );
    assert_eq!(g.outcome(), None);
}

#[test]
fn russian_small_ending_five_moves() {
    let moves = [
        "a3-b4", "h8-g7", "b4-a5", "g7-h8", "c1-d2", "h8-g7", "d2-c1", "g7-h8",
    ];
    let mut g = game(Russian, "W:Wa3,Kc1:BKh8");
    play_all(&mut g, &moves);
    assert_eq!(g.outcome(), None, "after four white moves");
    g.play_text("c1-d2").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::SmallEnding)));
    // Czech has no such rule.
    let mut g = game(Czech, "W:Wa3,Kc1:BKh8");
    play_all(&mut g, &moves);
    g.play_text("c1-d2").unwrap();
    assert_eq!(g.outcome(), None);
}

#[test]
fn russian_king_ending_without_progress() {
    // Five pieces, kings on both sides: 30 moves each.
    let five = "W:Wh2,b2,Kc1:Bh6,Kf8";
    let mut g = with_counters(Russian, five, 58, 0);
    g.play_text("h2-g3").unwrap();
    assert_eq!(g.outcome(), None);
    g.play_text("f8-g7").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw(DrawReason::KingEndingNoProgress))
    );
    // Six pieces: 60 moves each.
    let six = "W:Wh2,b2,Kc1:Bh6,f6,Kf8";
    let mut g = with_counters(Russian, six, 58, 0);
    play_all(&mut g, &["h2-g3", "f8-g7"]);
    assert_eq!(g.outcome(), None);
    let mut g = with_counters(Russian, six, 118, 0);
    play_all(&mut g, &["h2-g3", "f8-g7"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw(DrawReason::KingEndingNoProgress))
    );
}

#[test]
fn move_texts_follow_the_variant() {
    let mut g = Game::new(English);
    g.play_text("9-14").unwrap();
    g.play_text("23-18").unwrap();
    g.play_text("14x23").unwrap();
    assert_eq!(g.move_text(2).as_deref(), Some("14x23"));
    let mut g = Game::new(Russian);
    g.play_text("22-18").unwrap(); // numbers work in every variant
    assert_eq!(g.move_text(0).as_deref(), Some("c3-d4"));
}
