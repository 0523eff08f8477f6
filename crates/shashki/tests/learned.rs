//! The learned evaluation as shipped: the built-in weights load, and their values on a fixed set
//! of positions (`tests/data/eval-check.txt`, which the browser test also reads to check the
//! WebAssembly build) are exactly these. After new weights, refresh the file with
//! `SHASHKI_BLESS=1 cargo test -p shashki --test learned` (new positions, today's values).

use shashki::eval::Evaluator;
use shashki::level::Rng;
use shashki::{fen, Game, Variant};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/eval-check.txt");

/// Positions from random games, 100 per variant, each with its value now.
fn current() -> String {
    let mut out = String::new();
    for variant in Variant::ALL {
        let evaluator = Evaluator::default_for(variant);
        let mut rng = Rng::new(2026);
        let mut n = 0;
        while n < 100 {
            let mut game = Game::new(variant);
            let plies = rng.below(80);
            for _ in 0..plies {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.below(moves.len() as u64) as usize])
                    .unwrap();
            }
            let pos = game.position();
            let value = evaluator.evaluate(pos, variant.rules());
            out.push_str(&format!("{variant} {} {value}\n", fen::to_fen(pos)));
            n += 1;
        }
    }
    out
}

#[test]
fn every_variant_ships_learned_weights_and_czech_a_network() {
    for variant in Variant::ALL {
        let bytes = shashki::learned::builtin_bytes(variant).expect("a weight file");
        let e = shashki::learned::LearnedEval::from_bytes(bytes).expect("built-in weights load");
        assert_eq!(e.variant(), variant);
        // Czech adds a network for the endings (pattern tables from 14 pieces up); the others
        // play their pattern tables alone.
        let own = Evaluator::default_for(variant);
        match variant {
            Variant::Czech => {
                let n = shashki::net::builtin_bytes(variant).expect("a network file");
                let n = shashki::net::NetEval::from_bytes(n).expect("the network loads");
                assert_eq!((n.variant(), n.below()), (variant, 14));
                assert!(matches!(own, Evaluator::Phased { .. }));
            }
            _ => assert!(matches!(own, Evaluator::Learned(_))),
        }
        assert!(own.fits(variant));
    }
}

#[test]
fn values_on_the_check_positions_are_unchanged() {
    if std::env::var_os("SHASHKI_BLESS").is_some() {
        std::fs::write(PATH, current()).unwrap();
    }
    let saved = std::fs::read_to_string(PATH).expect("tests/data/eval-check.txt");
    assert_eq!(saved.lines().count(), 300);
    for line in saved.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        let variant: Variant = f[0].parse().unwrap();
        let pos = fen::parse(f[1]).unwrap();
        let value = Evaluator::default_for(variant).evaluate(&pos, variant.rules());
        assert_eq!(
            value.to_string(),
            f[2],
            "{line}: the evaluation changed; see this file's header"
        );
    }
}
