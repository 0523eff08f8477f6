//! A variant and a position reached by a few legal moves chosen by the input, then an arbitrary
//! string parsed as a move. On success the move must be legal and its printed form must parse back
//! to the same move. Every legal move of each visited position is also printed and parsed back.
//!
//! Input layout: `[variant] [n] [n move choices] [move text...]`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shashki::{fen, legal_moves, notation, Position};
use shashki_fuzz::{check_moves, variant_of};

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let variant = variant_of(data[0]);
    let rules = variant.rules();
    let n = (data[1] as usize).min(data.len() - 2);
    let (choices, text) = data[2..].split_at(n);
    let text = String::from_utf8_lossy(text);

    let mut pos = Position::start(rules.first_to_move);
    let mut played = Vec::new();
    let mut moves = Vec::new();
    for &c in choices {
        legal_moves(&pos, rules, &mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[c as usize % moves.len()];
        played.push(notation::move_to_string(&pos, rules, &m));
        pos = pos.play(&m);
    }
    let ctx = || format!("{variant:?} after {played:?}, text {text:?}");
    let legal = check_moves(&pos, rules, &ctx);

    if let Ok(m) = notation::parse_move(&pos, rules, &text) {
        assert!(
            legal.contains(&m),
            "parse_move returned an illegal move {m:?} at {} ({})",
            fen::to_fen(&pos),
            ctx()
        );
        let printed = notation::move_to_string(&pos, rules, &m);
        assert_eq!(
            notation::parse_move(&pos, rules, &printed),
            Ok(m),
            "printed form {printed:?} does not parse back at {} ({})",
            fen::to_fen(&pos),
            ctx()
        );
    }
});
