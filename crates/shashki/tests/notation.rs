//! Move notation and FEN: printing, parsing, round-trips over many real games, and errors.

mod common;

use common::pos;
use shashki::notation::{capture_paths, move_to_string, parse_move};
use shashki::Variant::{self, Czech, English, Russian};
use shashki::{fen, legal_moves, Game, NotationError, Position};

/// A small deterministic generator for reproducible random games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Positions from random games of each variant (captures and kings included).
fn random_positions(v: Variant, games: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut g = Game::new(v);
        while !g.is_over() && g.moves().len() < 300 {
            out.push(*g.position());
            let moves = g.legal_moves();
            let m = moves[rng.below(moves.len())];
            g.play(m).unwrap();
        }
    }
    out
}

#[test]
fn every_legal_move_prints_and_parses_back() {
    for v in Variant::ALL {
        let rules = v.rules();
        let mut captures = 0;
        for p in random_positions(v, 40, 0x5EED + v as u64) {
            let mut list = Vec::new();
            legal_moves(&p, rules, &mut list);
            for m in &list {
                let text = move_to_string(&p, rules, m);
                assert_eq!(
                    parse_move(&p, rules, &text),
                    Ok(*m),
                    "{v} {} {text}",
                    fen::to_fen(&p)
                );
                if m.is_capture() {
                    captures += 1;
                }
            }
        }
        assert!(captures > 100, "{v}: random games should capture");
    }
}

#[test]
fn capture_paths_agree_with_the_move_list() {
    // Two views of one search: every path belongs to a listed move, and every listed capture
    // has at least one path that ends where it ends and takes what it takes.
    for v in Variant::ALL {
        let rules = v.rules();
        for p in random_positions(v, 40, 77 + v as u64) {
            let mut list = Vec::new();
            legal_moves(&p, rules, &mut list);
            let paths = capture_paths(&p, rules);
            for path in &paths {
                assert!(list.contains(&path.mv));
                assert_eq!(path.landings.len() as u32, path.mv.captured().count());
                assert_eq!(*path.landings.last().unwrap(), path.mv.to());
            }
            for m in list.iter().filter(|m| m.is_capture()) {
                assert!(paths.iter().any(|path| path.mv == *m));
            }
            // No duplicates in the list.
            for (i, a) in list.iter().enumerate() {
                assert!(!list[i + 1..].contains(a));
            }
        }
    }
}

#[test]
fn fen_round_trips_over_random_games() {
    for v in Variant::ALL {
        for p in random_positions(v, 20, 99 + v as u64) {
            assert_eq!(fen::parse(&fen::to_fen(&p)), Ok(p));
        }
    }
}

#[test]
fn notation_accepts_numbers_algebraic_and_any_separator() {
    let p = Position::start(shashki::Color::White);
    let r = Russian.rules();
    let expected = parse_move(&p, r, "c3-d4").unwrap();
    for text in [
        "c3-d4",
        "C3-D4",
        "22-18",
        "c3:d4",
        "22x18",
        " c3 - d4 ",
        "c3×d4",
        "22-d4",
    ] {
        assert_eq!(parse_move(&p, r, text), Ok(expected), "{text}");
    }
    // Full capture paths in either style.
    let p = pos("W:Wa3:Bb4,b6");
    for text in ["a3:c5:a7", "a3-a7", "21x14x5", "a3xa7", "21-5"] {
        assert!(parse_move(&p, Czech.rules(), text).is_ok(), "{text}");
    }
    assert!(matches!(
        parse_move(&p, Czech.rules(), "a3:c5"),
        Err(NotationError::NoSuchMove { .. })
    ));
    assert!(matches!(
        parse_move(&p, Czech.rules(), "a3:b6:a7"),
        Err(NotationError::NoSuchMove { .. })
    ));
}

#[test]
fn english_notation_prints_numbers() {
    let p = pos("W:W21:B17,9");
    let mut list = Vec::new();
    legal_moves(&p, English.rules(), &mut list);
    assert_eq!(move_to_string(&p, English.rules(), &list[0]), "21x14x5");
    let p = Position::start(shashki::Color::Black);
    let m = parse_move(&p, English.rules(), "9-14").unwrap();
    assert_eq!(move_to_string(&p, English.rules(), &m), "9-14");
}

#[test]
fn ambiguous_short_form_lists_the_candidates() {
    // From c1 the king can reach h6 over e3+g5 or over b2+c5+e5+g5.
    let p = pos("W:WKc1:Bb2,c5,e3,e5,g5");
    match parse_move(&p, Russian.rules(), "c1-h6") {
        Err(NotationError::Ambiguous { candidates, .. }) => {
            let mut c = candidates;
            c.sort();
            assert_eq!(c, ["c1:a3:d6:f4:h6", "c1:f4:h6"]);
        }
        other => panic!("expected ambiguity, got {other:?}"),
    }
    let m = parse_move(&p, Russian.rules(), "c1:f4:h6").unwrap();
    assert_eq!(m.captured().count(), 2);
    let m = parse_move(&p, Russian.rules(), "30x21x10x19x26").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.captured().count(), 4);
}

#[test]
fn malformed_moves_are_typed_errors() {
    let p = Position::start(shashki::Color::White);
    let r = Czech.rules();
    assert_eq!(parse_move(&p, r, "  "), Err(NotationError::Empty));
    assert!(matches!(
        parse_move(&p, r, "c3"),
        Err(NotationError::NeedTwoSquares { .. })
    ));
    assert!(matches!(
        parse_move(&p, r, "c3-"),
        Err(NotationError::BadSquare { .. })
    ));
    assert!(matches!(
        parse_move(&p, r, "c3-z9"),
        Err(NotationError::BadSquare { .. })
    ));
    assert!(matches!(
        parse_move(&p, r, "0-1"),
        Err(NotationError::BadSquare { .. })
    ));
    assert!(matches!(
        parse_move(&p, r, "c3-c4"),
        Err(NotationError::BadSquare { .. })
    ));
    assert!(matches!(
        parse_move(&p, r, "c3-e5"),
        Err(NotationError::NoSuchMove { .. })
    ));
    // Errors print a reason a player can read.
    let e = parse_move(&p, r, "c3-e5").unwrap_err().to_string();
    assert!(e.contains("not a legal move"), "{e}");
}

#[test]
fn a_full_path_wins_over_a_longer_capture_with_the_same_ends() {
    // Found by `shashki soak`: from e1 the king can take b4 and land on a5, or go round
    // e1:h4:f6:c3:a5 and also land on a5. "e1:a5" is the first move's full path.
    let p = pos("B:W16,17,18,23,24:B4,K31,K32");
    let short = parse_move(&p, Czech.rules(), "e1:a5").unwrap();
    assert_eq!(short.captured().count(), 1);
    let long = parse_move(&p, Czech.rules(), "e1:h4:f6:c3:a5").unwrap();
    assert_eq!(long.captured().count(), 4);
    // Russian, the same shape: c5:g1 is a single capture.
    let p = pos("B:W13,17,20,25,26,27,28:B4,5,6,7,8,9,10,K14,15");
    assert_eq!(
        parse_move(&p, Russian.rules(), "c5:g1")
            .unwrap()
            .captured()
            .count(),
        1
    );
}
