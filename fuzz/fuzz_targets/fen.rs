//! Arbitrary text → `fen::parse`. On success: `to_fen` then `parse` gives the same position, the
//! position is well formed, and (for every variant) each legal move plays consistently and its
//! notation round-trips — FEN positions are far more varied than positions reached in play.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shashki::{fen, Position, Variant};
use shashki_fuzz::{check_fen_round_trip, check_moves, check_position};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = fen::parse(text) else {
        return;
    };
    let ctx = || format!("input FEN {text:?}");
    check_position(&pos, &ctx);
    check_fen_round_trip(&pos, &ctx);
    // FromStr is the same parser.
    assert_eq!(
        text.parse::<Position>().ok(),
        Some(pos),
        "FromStr disagrees ({})",
        ctx()
    );
    for v in Variant::ALL {
        check_moves(&pos, v.rules(), &ctx);
    }
});
