//! Arbitrary text → `pdn::read` with each variant as the default. On success: `pdn::write` then
//! `read` again gives the same variant, start position, moves and final position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shashki::{pdn, Variant};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for default in Variant::ALL {
        let Ok(first) = pdn::read(text, default) else {
            continue;
        };
        let out = pdn::write(&first.game, &first.tags);
        // GameType is always written, so the default must not matter on the way back.
        for default2 in [default, Variant::ALL[(default as usize + 1) % 3]] {
            let again = pdn::read(&out, default2).unwrap_or_else(|e| {
                panic!(
                    "written PDN does not read back (default {default2:?}): {e:?}\n--- input ---\n{text}\n--- written ---\n{out}"
                )
            });
            let ctx =
                || format!("default {default:?}\n--- input ---\n{text:?}\n--- written ---\n{out}");
            assert_eq!(
                again.game.variant(),
                first.game.variant(),
                "variant changed: {}",
                ctx()
            );
            assert_eq!(
                again.game.start_position(),
                first.game.start_position(),
                "start position changed: {}",
                ctx()
            );
            assert_eq!(
                again.game.moves(),
                first.game.moves(),
                "moves changed: {}",
                ctx()
            );
            assert_eq!(
                again.game.fen(),
                first.game.fen(),
                "final position changed: {}",
                ctx()
            );
            assert_eq!(
                again.game.outcome(),
                first.game.outcome(),
                "outcome changed: {}",
                ctx()
            );
        }
        // Writing is a fixed point after one round.
        let again = pdn::read(&out, default).expect("checked above");
        let out2 = pdn::write(&again.game, &again.tags);
        assert_eq!(
            out2, out,
            "write(read(write(g))) != write(g) (default {default:?}), input {text:?}"
        );
    }
});
