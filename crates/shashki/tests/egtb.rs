//! Endgame tables: every entry follows from its successors, small tables agree with a plain
//! search, the file format refuses what it does not understand, and the tables know what players
//! know about the classic endings.

mod common;

use common::pos;
use shashki::bitboard::LONG_DIAGONAL;
use shashki::egtb::{LoadError, Material, Oriented, Tables, Value};
use shashki::level::Rng;
use shashki::search::{Engine, Limits, NoClock};
use shashki::Variant::{self, Czech, English, Russian};
use shashki::{
    has_capture, legal_moves, Bitboard, Color, Game, Move, Outcome, Position, WinReason,
};
use std::sync::Arc;

fn kings(us: u8, them: u8) -> Material {
    Material {
        men: [0, 0],
        kings: [us, them],
    }
}

/// Every real position of `m` with its side to move playing up the board.
fn positions(m: &Material) -> impl Iterator<Item = Oriented> + '_ {
    (0..m.size())
        .map(|i| Oriented::from_index(m, i))
        .filter(|o| o.is_valid(m))
}

fn value(t: &Tables, o: &Oriented) -> Value {
    t.probe(&o.position()).expect("in the tables")
}

fn on_diagonal(b: Bitboard) -> bool {
    (b & LONG_DIAGONAL).any()
}

#[test]
fn three_piece_tables_agree_with_their_successors() {
    for v in Variant::ALL {
        let t = Tables::build(v, 3, |_| {}).unwrap();
        assert_eq!(t.pieces(), 3);
        assert_eq!(t.materials().len(), 16);
        let mut checked = 0;
        for m in t.materials() {
            checked += t.check(&m).unwrap_or_else(|e| panic!("{v} {m}: {e}"));
        }
        assert!(checked > 150_000, "{v}: {checked}");
    }
}

#[test]
fn four_king_tables_agree_with_their_successors() {
    for v in Variant::ALL {
        let t = Tables::build_for(v, &[kings(3, 1), kings(2, 2)], |_| {}).unwrap();
        for m in [kings(3, 1), kings(1, 3), kings(2, 2)] {
            t.check(&m).unwrap_or_else(|e| panic!("{v} {m}: {e}"));
        }
    }
}

/// The value by brute force to `depth` plies, with no tables: `None` when neither side forces
/// the end of the game within the horizon.
fn solve(p: &Position, v: Variant, depth: u32) -> Option<Value> {
    let mut moves = Vec::new();
    legal_moves(p, v.rules(), &mut moves);
    if moves.is_empty() {
        return Some(Value::Loss(0));
    }
    if depth == 0 {
        return None;
    }
    let mut best: Option<Value> = None;
    let mut all_known = true;
    for m in &moves {
        match solve(&p.play(m), v, depth - 1).map(Value::parent) {
            Some(val) if best.is_none_or(|b| val.rank() > b.rank()) => best = Some(val),
            Some(_) => {}
            None => all_known = false,
        }
    }
    match best {
        Some(Value::Win(d)) => Some(Value::Win(d)),
        Some(b) if all_known => Some(b),
        _ => None,
    }
}

#[test]
fn tables_agree_with_a_plain_search() {
    for (v, depth) in [(Russian, 5), (Czech, 5), (English, 7)] {
        let t = Tables::build(v, 3, |_| {}).unwrap();
        let mut rng = Rng::new(9);
        let (mut decisive, mut draws) = (0, 0);
        for m in t.materials() {
            let all: Vec<Oriented> = positions(&m).collect();
            for _ in 0..40 {
                let o = all[rng.below(all.len() as u64) as usize];
                let p = o.position();
                let table = value(&t, &o);
                let searched = solve(&p, v, depth);
                let fen = shashki::fen::to_fen(&p);
                match table {
                    Value::Win(d) | Value::Loss(d) if d <= depth => {
                        decisive += 1;
                        assert_eq!(searched, Some(table), "{v} {fen}");
                    }
                    _ => {
                        draws += 1;
                        assert_eq!(searched, None, "{v} {fen}: table {table}");
                    }
                }
            }
        }
        assert!(decisive > 50 && draws > 50, "{v}: {decisive} {draws}");
    }
}

#[test]
fn black_to_move_probes_as_the_board_turned() {
    let t = Tables::build(Russian, 3, |_| {}).unwrap();
    let white = pos("W:WKc1,e3:BKh8");
    let black = pos("B:WKa1:BKf8,d6");
    let v = t.probe(&white).unwrap();
    assert_eq!(t.probe(&black), Some(v));
    assert!(t.probe(&pos("W:WKc1,e3,g1,a1:BKh8")).is_none());
}

#[test]
fn table_files_round_trip_and_refuse_what_they_do_not_understand() {
    let t = Tables::build(English, 2, |_| {}).unwrap();
    let bytes = t.to_bytes();
    let back = Tables::from_bytes(English, &bytes).unwrap();
    assert_eq!(back.pieces(), 2);
    for m in t.materials() {
        assert_eq!(back.table(&m), t.table(&m));
    }
    assert_eq!(
        Tables::from_bytes(Russian, &bytes).unwrap_err(),
        LoadError::Variant(English)
    );
    let mut damaged = bytes.clone();
    damaged[40] ^= 1;
    assert_eq!(
        Tables::from_bytes(English, &damaged).unwrap_err(),
        LoadError::Checksum
    );
    let mut old = bytes.clone();
    old[8] = 0;
    assert_eq!(
        Tables::from_bytes(English, &old).unwrap_err(),
        LoadError::Version(0)
    );
    assert!(Tables::from_bytes(English, &bytes[..bytes.len() - 9]).is_err());
    assert_eq!(
        Tables::from_bytes(English, b"PK\x03\x04").unwrap_err(),
        LoadError::NotTables
    );
}

#[test]
fn english_two_kings_beat_one_king() {
    let t = Tables::build(English, 3, |_| {}).unwrap();
    let (mut wins, mut other) = (0, 0);
    let mut longest = 0;
    for o in positions(&kings(2, 1)) {
        match value(&t, &o) {
            Value::Win(d) => {
                wins += 1;
                longest = longest.max(d);
            }
            Value::Draw => other += 1,
            Value::Loss(_) => panic!("two kings lose: {}", shashki::fen::to_fen(&o.position())),
        }
    }
    // The few draws are kings boxed in a corner that must give one of themselves up.
    assert!(other * 200 < wins, "{wins} wins, {other} draws");
    // Always within the 40-move rule.
    assert!(longest < 80, "{longest}");
    // The lone king in the double corner, to move: it is lost all the same.
    assert!(matches!(
        t.probe(&pos("B:WK10,K15:BK1")),
        Some(Value::Loss(_))
    ));
    assert!(matches!(
        t.probe(&pos("W:WK22,K23:BK5")),
        Some(Value::Win(_))
    ));
}

#[test]
fn one_king_against_one_king_is_a_draw() {
    for v in [Russian, Czech] {
        let t = Tables::build(v, 2, |_| {}).unwrap();
        for o in positions(&kings(1, 1)) {
            let p = o.position();
            // A capture, or the corner trap on the long diagonal, decide; nothing else does.
            let trap = on_diagonal(o.us) && on_diagonal(o.them);
            if !has_capture(&p, v.rules()) && !trap {
                assert_eq!(
                    value(&t, &o),
                    Value::Draw,
                    "{v} {}",
                    shashki::fen::to_fen(&p)
                );
            }
        }
    }
    // Short kings: a king can be driven to the edge and caught from some squares (the opposition
    // decides), but most positions are draws, the middle of the board among them.
    let t = Tables::build(English, 2, |_| {}).unwrap();
    let mut draws = 0;
    for o in positions(&kings(1, 1)) {
        let p = o.position();
        match value(&t, &o) {
            Value::Draw => draws += 1,
            Value::Win(d) | Value::Loss(d) => assert!(d < 20, "{}", shashki::fen::to_fen(&p)),
        }
    }
    assert!(draws > 600, "{draws}");
    assert_eq!(t.probe(&pos("W:WK14:BK19")), Some(Value::Draw));
}

#[test]
fn russian_two_kings_against_one_on_the_long_diagonal_is_a_draw() {
    let t = Tables::build(Russian, 3, |_| {}).unwrap();
    let mut n = 0;
    for m in [kings(2, 1), kings(1, 2)] {
        for o in positions(&m) {
            let (strong, lone) = if m.kings[0] == 2 {
                (o.us, o.them)
            } else {
                (o.them, o.us)
            };
            let p = o.position();
            if on_diagonal(lone) && !on_diagonal(strong) && !has_capture(&p, Russian.rules()) {
                assert_eq!(value(&t, &o), Value::Draw, "{}", shashki::fen::to_fen(&p));
                n += 1;
            }
        }
    }
    assert!(n > 3000, "{n}");
    // Off the diagonal too, two kings do not win in general.
    assert_eq!(t.probe(&pos("W:WKe1,Kg1:BKf4")), Some(Value::Draw));
    assert_eq!(t.probe(&pos("B:WKe1,Kg1:BKf4")), Some(Value::Draw));
}

#[test]
fn russian_three_kings_against_one_petrovs_triangle() {
    let t = Tables::build_for(Russian, &[kings(3, 1)], |_| {}).unwrap();
    let rules = Russian.rules();
    // The lone king on the main road, to move: a draw, whatever the three kings do.
    let mut held = 0;
    for o in positions(&kings(1, 3)) {
        let p = o.position();
        if on_diagonal(o.us) && !on_diagonal(o.them) && !has_capture(&p, rules) {
            assert_eq!(value(&t, &o), Value::Draw, "{}", shashki::fen::to_fen(&p));
            held += 1;
        }
    }
    assert!(held > 10_000, "{held}");
    // Off it, with the main road taken: lost, nearly always.
    let (mut lost, mut other) = (0, 0);
    for o in positions(&kings(1, 3)) {
        let p = o.position();
        if !on_diagonal(o.us) && on_diagonal(o.them) && !has_capture(&p, rules) {
            match value(&t, &o) {
                Value::Loss(_) => lost += 1,
                _ => other += 1,
            }
        }
    }
    assert!(other * 100 < lost, "{lost} lost, {other} not");
    // Every win comes within the 15-move rule: at most 15 moves of the stronger side, so 29
    // plies when it is to move, 30 when the lone king is.
    for (m, limit) in [(kings(3, 1), 29), (kings(1, 3), 30)] {
        for o in positions(&m) {
            if let Value::Win(d) | Value::Loss(d) = value(&t, &o) {
                if m.kings[0] == 3 {
                    assert!(matches!(value(&t, &o), Value::Win(_)));
                }
                assert!(d <= limit, "{} {d}", shashki::fen::to_fen(&o.position()));
            }
        }
    }
    assert_eq!(t.probe(&pos("B:WKc1,Ke1,Kg1:BKd4")), Some(Value::Draw));
    assert!(matches!(
        t.probe(&pos("W:WKa1,Kc1,Ke1:BKh4")),
        Some(Value::Win(d)) if d <= 29
    ));
}

/// The tables' own choice: the move best for the mover (a quicker win, a draw, a slower loss).
/// Among equals, the one that leaves the opponent the fewest replies that keep its value, so a
/// defender has to find its way.
fn table_move(t: &Tables, game: &Game) -> Move {
    let p = *game.position();
    let after = |m: &Move| t.probe(&p.play(m)).unwrap().parent();
    let moves = game.legal_moves();
    let best = moves.iter().map(|m| after(m).rank()).max().unwrap();
    let mut choices: Vec<(usize, Move)> = moves
        .iter()
        .filter(|m| after(m).rank() == best)
        .map(|m| {
            let q = p.play(m);
            let mut replies = Vec::new();
            legal_moves(&q, game.rules(), &mut replies);
            let keep = t.probe(&q).unwrap();
            let good = replies
                .iter()
                .filter(|r| t.probe(&q.play(r)).unwrap().parent() == keep)
                .count();
            (good, *m)
        })
        .collect();
    choices.sort_by_key(|&(good, _)| good);
    choices[0].1
}

/// Hard (node-limited, with the tables) plays `hard` against the tables' own moves.
fn play_out(t: &Arc<Tables>, fen: &str, hard: Color) -> Game {
    let mut game = Game::from_fen(t.variant(), fen).unwrap();
    let mut engine = Engine::new(4);
    engine.set_tables(Some(t.clone()));
    while !game.is_over() && game.moves().len() < 400 {
        let m = if game.position().side_to_move() == hard {
            let limits = Limits {
                depth: 100,
                nodes: 20_000,
            };
            engine.search(&game, limits, &mut NoClock).best.unwrap()
        } else {
            table_move(t, &game)
        };
        game.play(m).unwrap();
    }
    game
}

/// The longest win of the side to move in `m`'s table.
fn longest_win(t: &Tables, m: &Material) -> (String, u32) {
    positions(m)
        .filter_map(|o| match value(t, &o) {
            Value::Win(d) => Some((shashki::fen::to_fen(&o.position()), d)),
            _ => None,
        })
        .max_by_key(|&(_, d)| d)
        .unwrap()
}

#[test]
fn hard_converts_the_longest_table_wins_within_the_move_count_rules() {
    for (v, m) in [
        (English, kings(2, 1)),
        (Russian, kings(3, 1)),
        (Czech, kings(3, 1)),
    ] {
        let t = Arc::new(Tables::build_for(v, &[m], |_| {}).unwrap());
        let (fen, d) = longest_win(&t, &m);
        let game = play_out(&t, &fen, Color::White);
        assert_eq!(
            game.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::NoPieces
            }),
            "{v} {fen}"
        );
        // The fastest way: exactly the table's distance, inside the 15- or 40-move rule.
        assert_eq!(game.moves().len() as u32, d, "{v} {fen}");
        // The principal variation goes on as the tables play, to the end of the game.
        let mut engine = Engine::new(4);
        engine.set_tables(Some(t.clone()));
        let start = Game::from_fen(v, &fen).unwrap();
        let r = engine.search(
            &start,
            Limits {
                depth: 100,
                nodes: 20_000,
            },
            &mut NoClock,
        );
        assert_eq!(r.pv.len() as u32, d, "{v} {fen}");
        let mut line = start;
        for m in r.pv {
            line.play(m).unwrap();
        }
        assert!(matches!(
            line.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                ..
            })
        ));
    }
}

#[test]
fn hard_holds_a_drawn_table_ending() {
    // The lone king on the main road against three kings (Russian and Czech), and two kings
    // against one in Russian; the tables attack as hard as they can.
    for (v, m, fen) in [
        (Russian, kings(3, 1), "B:WKc1,Ke1,Kg1:BKd4"),
        (Czech, kings(3, 1), "B:WKc1,Ke1,Kg1:BKd4"),
        (Russian, kings(2, 1), "B:WKc1,Kg1:BKf6"),
    ] {
        let t = Arc::new(Tables::build_for(v, &[m], |_| {}).unwrap());
        assert_eq!(t.probe(&pos(fen)), Some(Value::Draw), "{v} {fen}");
        let game = play_out(&t, fen, Color::Black);
        assert!(
            matches!(game.outcome(), Some(Outcome::Draw(_))),
            "{v} {fen}: {:?}",
            game.outcome()
        );
    }
}
