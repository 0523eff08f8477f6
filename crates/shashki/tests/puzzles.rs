//! The shipped puzzle files (`web/puzzles/*.json`, made by `shashki puzzles`): every solution is
//! legal, and at every solver move the solution is the only move that wins material, searched as
//! deep as the miner searched.

use shashki::shot::{self, MaterialSearch, Split};
use shashki::{fen, Variant};

fn file(v: Variant) -> serde_json::Value {
    let path = format!(
        "{}/../../web/puzzles/{}.json",
        env!("CARGO_MANIFEST_DIR"),
        v.name()
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_shipped_puzzle_is_legal_and_unique_at_the_miners_depth() {
    for v in Variant::ALL {
        let f = file(v);
        assert_eq!(f["variant"], v.name());
        let depth = f["depth"].as_u64().expect("depth") as u32;
        let puzzles = f["puzzles"].as_array().expect("puzzles");
        assert!(puzzles.len() >= 300, "{v}: only {} puzzles", puzzles.len());
        let mut ids = std::collections::HashSet::new();
        for p in puzzles {
            let id = p["id"].as_str().expect("id");
            assert!(ids.insert(id.to_string()), "{v}: duplicate id {id}");
            let pos = fen::parse(p["fen"].as_str().expect("fen")).expect("a valid FEN");
            let line: Vec<&str> = p["line"]
                .as_array()
                .expect("line")
                .iter()
                .map(|m| m.as_str().expect("a move"))
                .collect();
            if let Err(e) = shot::check(v.rules(), &pos, &line, depth) {
                panic!("{v} puzzle {id}: {e}");
            }
            let rating = p["rating"].as_i64().expect("rating");
            assert!((600..=2400).contains(&rating), "{v} {id}: rating {rating}");
        }
    }
}

#[test]
fn a_russian_shot_is_found_with_its_line() {
    // White gives a man on c5 so that the reply opens a double capture (from the miner's games).
    let pos = fen::parse("W:W17,K28:B12,16,20,K25").unwrap();
    let rules = Variant::Russian.rules();
    let mut search = MaterialSearch::new(rules);
    let s = shot::find(&mut search, &pos, 8).expect("a shot");
    let text = shot::line_text(rules, &pos, &s.line);
    assert_eq!(text[0], "b4-c5");
    assert!(s.gain >= shot::GAIN);
    let line: Vec<&str> = text.iter().map(String::as_str).collect();
    shot::check(rules, &pos, &line, 8).unwrap();
    // Any other first move is refused.
    assert!(shot::check(rules, &pos, &["b4-a5"], 8).is_err());
}

#[test]
fn the_start_position_has_no_shot() {
    for v in Variant::ALL {
        let pos = shashki::Position::start(v.rules().first_to_move);
        let mut search = MaterialSearch::new(v.rules());
        assert_eq!(
            shot::split(&mut search, &pos, 6, shot::GAIN).unwrap(),
            Split::None
        );
        assert!(shot::find(&mut search, &pos, 6).is_none());
    }
}
