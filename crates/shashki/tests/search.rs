//! The engine: shots it must find, traps it must avoid, limits it must respect, determinism.
//!
//! Expected moves are not hard-coded: each composed position is solved at test time by a plain
//! material minimax (full-width alpha-beta with captures played out, no tables, no pruning
//! heuristics), independent of the engine's search, and the engine must agree with it.

mod common;

use common::pos;
use shashki::level::{choose_move, Level, Rng};
use shashki::search::{Clock, Engine, Limits, NoClock, Score};
use shashki::Variant::{self, Czech, English, Russian};
use shashki::{legal_moves, Color, Game, Move, Position};

fn material(p: &Position, v: Variant) -> i32 {
    let king = if v == English { 3 } else { 5 };
    let side = |c: Color| p.men(c).count() as i32 * 2 + p.kings(c).count() as i32 * king;
    side(p.side_to_move()) - side(!p.side_to_move())
}

/// Plain alpha-beta on material; a side without moves has lost; captures are played out.
fn minimax(p: &Position, v: Variant, depth: i32, mut alpha: i32, beta: i32) -> i32 {
    let mut moves = Vec::new();
    legal_moves(p, v.rules(), &mut moves);
    if moves.is_empty() {
        return -1000 - depth.max(0);
    }
    if depth <= 0 && !moves[0].is_capture() {
        return material(p, v);
    }
    let mut best = -10_000;
    for m in &moves {
        let s = -minimax(&p.play(m), v, depth - 1, -beta, -alpha);
        best = best.max(s);
        alpha = alpha.max(s);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// Each root move with its exact minimax value.
fn root_values(p: &Position, v: Variant, depth: i32) -> Vec<(Move, i32)> {
    let mut moves = Vec::new();
    legal_moves(p, v.rules(), &mut moves);
    moves
        .into_iter()
        .map(|m| (m, -minimax(&p.play(&m), v, depth - 1, -10_000, 10_000)))
        .collect()
}

fn engine_move(v: Variant, p: &Position, depth: u32) -> (Move, i32) {
    let game = Game::from_position(v, *p);
    let r = Engine::new(8).search(
        &game,
        Limits {
            depth,
            nodes: u64::MAX,
        },
        &mut NoClock,
    );
    (r.best.unwrap(), r.score)
}

/// Composed shots: a quiet move that gives material away and wins more back.
/// Found in random games by `find_shots_and_traps` below.
const SHOTS: &[(Variant, &str)] = &[
    (
        Czech,
        "B:W18,19,20,21,23,25,27,28,29,30,32:B1,2,4,5,6,7,8,10,11,12,13",
    ),
    (Czech, "W:W20,24,26,28,30:B1,5,6,7,8,11,K15,16"),
    (
        Russian,
        "W:W18,20,21,23,25,26,27,28,29,30,31:B1,2,4,6,7,8,9,11,16",
    ),
    (Russian, "B:W5,12,18,19,25,26,29,32:B1,3,4,6,8,11"),
    (
        English,
        "W:W20,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,11,14,16",
    ),
    (
        English,
        "B:W10,21,22,24,26,27,28,29,30,31,32:B1,3,4,5,7,8,9,11,12,14",
    ),
];

/// Positions where taking the most pieces loses material to a reply shot.
const TRAPS: &[(Variant, &str)] = &[(Russian, "W:W6,23,24,25,27,28,31,32:B3,4,5,8,11,12,19")];

#[test]
fn the_engine_avoids_a_losing_capture() {
    for &(v, fen) in TRAPS {
        let p = pos(fen);
        let values = root_values(&p, v, 7);
        let best = values.iter().map(|&(_, s)| s).max().unwrap();
        let greedy = values
            .iter()
            .max_by_key(|(m, _)| m.captured().count())
            .unwrap();
        assert!(
            greedy.1 + 4 <= best,
            "{fen}: the greedy capture should lose material"
        );
        let (m, _) = engine_move(v, &p, 12);
        assert_ne!(m, greedy.0, "{v} {fen}: fell for the greedy capture");
        let chosen = values.iter().find(|(x, _)| *x == m).unwrap().1;
        assert_eq!(chosen, best, "{v} {fen}");
    }
}

#[test]
fn the_engine_finds_the_shot_the_minimax_proves() {
    for &(v, fen) in SHOTS {
        let p = pos(fen);
        let values = root_values(&p, v, 7);
        let best = values.iter().map(|&(_, s)| s).max().unwrap();
        let winners: Vec<Move> = values
            .iter()
            .filter(|&&(_, s)| s == best)
            .map(|&(m, _)| m)
            .collect();
        assert_eq!(winners.len(), 1, "{fen}: one winning move");
        assert!(
            is_sacrifice(&p, v, &winners[0]),
            "{fen}: the shot starts with a sacrifice"
        );
        let (m, _) = engine_move(v, &p, 12);
        assert_eq!(
            m, winners[0],
            "{v} {fen}: engine {m:?}, minimax {winners:?}"
        );
    }
}

#[test]
fn no_legal_move_means_no_best_move() {
    let game = Game::from_position(Czech, pos("W:Wa7:Bb8"));
    let r = Engine::new(1).search(&game, Limits::default(), &mut NoClock);
    assert_eq!(r.best, None);
}

#[test]
fn a_won_ending_is_scored_as_a_win_with_its_distance() {
    // White to move takes the last black piece: a win in 1 ply.
    let (m, score) = engine_move(Russian, &pos("W:Wc3:Bd4"), 6);
    assert_eq!(m.captured().count(), 1);
    assert_eq!(Score::from_internal(score), Score::Win(1));
    // Black to move has one man left that must be taken: a loss in 2 plies.
    let game = Game::from_position(English, pos("B:W22,K30:B14"));
    let r = Engine::new(1).search(
        &game,
        Limits {
            depth: 8,
            nodes: u64::MAX,
        },
        &mut NoClock,
    );
    assert_eq!(Score::from_internal(r.score), Score::Loss(2));
}

/// Positions reached by random play, for properties that must hold everywhere.
fn random_games(v: Variant, games: usize, seed: u64) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut g = Game::new(v);
        let plies = rng.below(60) as usize;
        while !g.is_over() && g.moves().len() < plies {
            let moves = g.legal_moves();
            g.play(moves[rng.below(moves.len() as u64) as usize])
                .unwrap();
        }
        if !g.is_over() {
            out.push(g);
        }
    }
    out
}

#[test]
fn every_level_returns_a_legal_move() {
    let mut engine = Engine::new(4);
    for v in Variant::ALL {
        for g in random_games(v, 12, 7 + v as u64) {
            let legal = g.legal_moves();
            for level in Level::ALL {
                let limits = Limits {
                    depth: 6,
                    nodes: 20_000,
                };
                let r = choose_move(&mut engine, &g, level, 1, limits, &mut NoClock);
                let m = r.best.expect("a move");
                assert!(legal.contains(&m), "{v} {level} {}", g.fen());
            }
        }
    }
}

/// Expires after a number of polls: a deadline without a clock.
struct Polls(u32);

impl Clock for Polls {
    fn expired(&mut self) -> bool {
        if self.0 == 0 {
            return true;
        }
        self.0 -= 1;
        false
    }
}

#[test]
fn the_search_stops_when_the_clock_says_so_and_still_answers() {
    let game = Game::new(Russian);
    let mut engine = Engine::new(4);
    let r = engine.search(&game, Limits::default(), &mut Polls(3));
    // Polled every 1024 nodes: it stops right after the fourth poll.
    assert!(r.nodes <= 4 * 1024 + 1, "{} nodes", r.nodes);
    assert!(game.legal_moves().contains(&r.best.unwrap()));
    // A node limit works the same way.
    let r = engine.search(
        &game,
        Limits {
            depth: 100,
            nodes: 5000,
        },
        &mut NoClock,
    );
    assert!(r.nodes <= 5001, "{} nodes", r.nodes);
    assert!(game.legal_moves().contains(&r.best.unwrap()));
}

/// A search stopped inside an iteration plays the root move that iteration has already proved
/// better than the last completed one's best; otherwise that best. Searches are deterministic for
/// a fresh engine, so every node limit between two iterations that chose different moves is a
/// moment of the second one.
#[test]
fn an_unfinished_iteration_keeps_the_better_root_move_it_found() {
    let (mut changes, mut kept) = (0, 0);
    for game in random_games(Russian, 20, 23) {
        let mut iterations = Vec::new();
        let limits = Limits {
            depth: 9,
            nodes: u64::MAX,
        };
        Engine::new(4).search_with(&game, limits, &mut NoClock, |r| {
            iterations.push((r.depth, r.best, r.nodes));
        });
        for w in iterations.windows(2) {
            let ((d, before, from), (_, after, to)) = (w[0], w[1]);
            if d < 2 || before == after {
                continue;
            }
            changes += 1;
            let mut seen_after = false;
            for k in 1..48 {
                let nodes = from + (to - from) * k / 48;
                let limits = Limits { depth: 9, nodes };
                let r = Engine::new(4).search(&game, limits, &mut NoClock);
                assert_eq!(r.depth, d, "stopped at {nodes} nodes");
                assert_eq!(r.pv.first().copied(), r.best);
                let mut line = game.clone();
                for m in &r.pv {
                    line.play(*m).expect("the line is legal");
                }
                seen_after |= r.best == after;
            }
            kept += seen_after as u32;
        }
    }
    println!("{kept} of {changes} changes of mind kept before their iteration ended");
    assert!(changes >= 3 && kept >= 1, "{kept} of {changes}");
}

#[test]
fn levels_are_deterministic_for_a_seed() {
    for v in Variant::ALL {
        for g in random_games(v, 6, 99 + v as u64) {
            for level in Level::ALL {
                let limits = Limits {
                    depth: 8,
                    nodes: 50_000,
                };
                let a = choose_move(&mut Engine::new(2), &g, level, 42, limits, &mut NoClock);
                let b = choose_move(&mut Engine::new(2), &g, level, 42, limits, &mut NoClock);
                assert_eq!(a.best, b.best, "{v} {level}");
                assert_eq!(a.score, b.score, "{v} {level}");
            }
        }
    }
}

#[test]
fn easy_varies_its_moves_with_the_seed() {
    let g = Game::new(Russian);
    let mut seen = std::collections::HashSet::new();
    for seed in 0..20 {
        let r = choose_move(
            &mut Engine::new(1),
            &g,
            Level::Easy,
            seed,
            Limits::default(),
            &mut NoClock,
        );
        seen.insert(r.best.unwrap());
    }
    assert!(seen.len() >= 3, "easy played only {seen:?}");
}

/// Is `m` a sacrifice: quiet, and the opponent must capture in reply?
fn is_sacrifice(p: &Position, v: Variant, m: &Move) -> bool {
    let mut replies = Vec::new();
    legal_moves(&p.play(m), v.rules(), &mut replies);
    !m.is_capture() && replies.first().is_some_and(Move::is_capture)
}

/// Finds shots and traps in random games (for composing the tables above):
/// `cargo test --release -p shashki --test search -- --ignored find --nocapture`
#[test]
#[ignore = "a tool: prints candidate positions"]
fn find_shots_and_traps() {
    for v in Variant::ALL {
        let (mut shots, mut traps) = (0, 0);
        for g in random_games(v, 3000, 1234 + v as u64) {
            let p = *g.position();
            if p.occupied().count() < 8 || shots >= 3 && traps >= 3 {
                continue;
            }
            let values = root_values(&p, v, 7);
            if values.len() < 2 {
                continue;
            }
            let best = values.iter().map(|&(_, s)| s).max().unwrap();
            let winners: Vec<_> = values.iter().filter(|&&(_, s)| s == best).collect();
            let second = values.iter().map(|&(_, s)| s).filter(|&s| s < best).max();
            let fen = shashki::fen::to_fen(&p);
            if shots < 3
                && winners.len() == 1
                && best >= material(&p, v) + 2
                && second.is_some_and(|s| s + 2 <= best)
                && is_sacrifice(&p, v, &winners[0].0)
            {
                shots += 1;
                println!("shot {v} {fen} best {best} second {second:?}");
            }
            let greedy = values
                .iter()
                .max_by_key(|(m, _)| m.captured().count())
                .unwrap();
            if traps < 3
                && greedy.0.captured().count() >= 1
                && values
                    .iter()
                    .filter(|(m, _)| m.captured().count() == greedy.0.captured().count())
                    .count()
                    == 1
                && greedy.1 + 4 <= best
                && best >= 0
            {
                traps += 1;
                println!("trap {v} {fen} best {best} greedy {}", greedy.1);
            }
        }
    }
}

/// Hard against Hard from a 3-kings-against-1 ending: the stronger side must win before the
/// draw rules (Russian: 15 moves; Czech: 40 moves) end the game. Without tables the Russian
/// win takes most of the 15 moves, and at 400,000 nodes a move whether it came in time was a
/// matter of which path the search happened to take: the same build lost the first ending at
/// 250, 300, 450 and 500 thousand nodes and won it at 350, 400 and 600. From 600,000 up every
/// build tried wins all three, so the test plays 800,000 (about what Hard searches in 300 ms;
/// in the page it has a second and the tables).
#[test]
fn three_kings_beat_a_king_off_the_long_diagonal_in_time() {
    for (v, fen) in [
        (Russian, "W:WKa1,Kb4,Kd8:BKg1"),
        (Czech, "W:WKa1,Kb4,Kd8:BKg1"),
        (Russian, "B:WKa1,Kc1,Ke1:BKh4"),
    ] {
        let mut game = Game::from_fen(v, fen).unwrap();
        // One engine a side, as two players: with contempt their searches share no entries.
        let mut engines = [Engine::new(16), Engine::new(16)];
        while !game.is_over() {
            let limits = Limits {
                depth: 100,
                nodes: 800_000,
            };
            let engine = &mut engines[game.position().side_to_move() as usize];
            let r = choose_move(engine, &game, Level::Hard, 0, limits, &mut NoClock);
            game.play(r.best.unwrap()).unwrap();
        }
        assert!(
            matches!(
                game.outcome(),
                Some(shashki::Outcome::Win {
                    winner: Color::White,
                    ..
                })
            ),
            "{v} {fen}: {:?} after {} plies",
            game.outcome(),
            game.moves().len()
        );
    }
}
