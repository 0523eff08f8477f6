//! `selfplay`: engine games that become training data for the evaluation.
//!
//! Each game starts with 4–9 random plies (so the data covers many openings), then the engine
//! plays both sides at a fixed depth or node budget. Every quiet position (no capture for the
//! side to move) after the opening is written as one line:
//!
//! ```text
//! FEN SCORE RESULT PLY
//! ```
//!
//! SCORE is the search score in centi-men for the side to move (wins and losses clamped to
//! ±`DECISIVE`), RESULT the game's result for White (`1`, `0.5`, `0`), PLY the ply number.
//! Games are written in index order as they finish, so an interrupted run keeps what it made
//! and a run is the same for the same seed whatever the thread count.
//!
//! With endgame tables (`--egtb`) the engine probes them, and a game ends as soon as the tables
//! settle its position (under the draw rules): the result is the tables', and the long king
//! endings that follow, about half the positions of a Czech game, cost no more time. Positions
//! in the tables are not written; the search never evaluates them.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use shashki::egtb::Tables;
use shashki::eval::Evaluator;
use shashki::level::Rng;
use shashki::search::{Engine, Limits, NoClock, Score};
use shashki::{fen, has_capture, Color, Game, Outcome, Variant};

use crate::args::{number, Args, Fail};

/// Search scores beyond this are written as ±this (a won or lost position).
pub const DECISIVE: i32 = 2000;
/// Games longer than this are scored as draws (the draw rules end nearly all games sooner).
const MAX_PLIES: usize = 400;

/// A search score as a data line writes it: centi-men for the side to move, a win or loss
/// (or anything beyond) as ±[`DECISIVE`].
pub fn data_score(internal: i32) -> i32 {
    match Score::from_internal(internal) {
        Score::Centi(c) => c.clamp(-DECISIVE, DECISIVE),
        Score::Win(_) => DECISIVE,
        Score::Loss(_) => -DECISIVE,
    }
}

/// One finished game: its data lines and White's result.
struct Record {
    lines: String,
    white_score: f64,
    positions: usize,
}

fn play_game(
    variant: Variant,
    limits: Limits,
    evaluator: &Option<Evaluator>,
    tables: &Option<Arc<Tables>>,
    seed: u64,
    index: u64,
) -> Record {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut game = Game::new(variant);
    // 4..=9 random plies; start again if that already ended the game.
    loop {
        let plies = 4 + rng.below(6);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.below(moves.len() as u64) as usize])
                .expect("a legal move");
        }
        if !game.is_over() {
            break;
        }
        game = Game::new(variant);
    }
    let mut engine = Engine::new(16);
    engine.set_evaluator(evaluator.clone());
    engine.set_tables(tables.clone());
    let mut samples = Vec::new();
    // White's result when the tables settle the game before its end.
    let mut settled = None;
    while !game.is_over() && game.moves().len() < MAX_PLIES {
        if let Some(t) = tables {
            if let Some(s) = t.search_score(game.position(), game.counters(), 0) {
                let mover = match s.signum() {
                    1 => 1.0,
                    -1 => 0.0,
                    _ => 0.5,
                };
                settled = Some(match game.position().side_to_move() {
                    Color::White => mover,
                    Color::Black => 1.0 - mover,
                });
                break;
            }
        }
        let r = engine.search(&game, limits, &mut NoClock);
        let pos = *game.position();
        let in_tables = tables.as_ref().is_some_and(|t| t.probe(&pos).is_some());
        if !has_capture(&pos, variant.rules()) && !in_tables {
            samples.push((fen::to_fen(&pos), data_score(r.score), game.moves().len()));
        }
        game.play(r.best.expect("the game is not over"))
            .expect("the engine plays legal moves");
    }
    let white_score = match game.outcome() {
        _ if settled.is_some() => settled.expect("checked"),
        Some(Outcome::Win { winner, .. }) => {
            if winner == Color::White {
                1.0
            } else {
                0.0
            }
        }
        _ => 0.5,
    };
    let mut lines = String::new();
    for (f, s, ply) in &samples {
        lines.push_str(&format!("{f} {s} {white_score} {ply}\n"));
    }
    Record {
        lines,
        white_score,
        positions: samples.len(),
    }
}

pub fn selfplay(args: &Args) -> Result<(), Fail> {
    args.check_known(&[
        "--variant",
        "--games",
        "--seed",
        "--depth",
        "--nodes",
        "--threads",
        "--out",
        "--weights",
        "--egtb",
    ])?;
    let variant = args.variant()?;
    let games = number::<usize>(args, "--games", 1, 100_000_000)?
        .ok_or_else(|| Fail("--games is required".into()))?;
    let seed = number::<u64>(args, "--seed", 0, u64::MAX)?.unwrap_or(1);
    let depth = number::<u32>(args, "--depth", 1, 100)?;
    let nodes = number::<u64>(args, "--nodes", 1, u64::MAX)?;
    let threads = number::<usize>(args, "--threads", 1, 64)?.unwrap_or(1);
    let out = args
        .value("--out")
        .ok_or_else(|| Fail("--out FILE is required".into()))?;
    let limits = match (depth, nodes) {
        (Some(d), None) => Limits {
            depth: d,
            nodes: u64::MAX,
        },
        (None, Some(n)) => Limits {
            depth: 100,
            nodes: n,
        },
        (None, None) => Limits {
            depth: 6,
            nodes: u64::MAX,
        },
        _ => return Err(Fail("give --depth or --nodes, not both".into())),
    };
    let evaluator = crate::engine::load_weights(variant, args.value("--weights"))?;
    let tables = args
        .value("--egtb")
        .map(|spec| crate::egtb::from_spec(variant, spec))
        .transpose()?;
    let file = File::create(out).map_err(|e| Fail(format!("{out}: {e}")))?;
    let writer = Mutex::new((BufWriter::new(file), BTreeMap::new(), 0usize, [0usize; 4]));
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let record = play_game(variant, limits, &evaluator, &tables, seed, i as u64);
                let mut guard = writer.lock().unwrap();
                let (w, pending, written, stats) = &mut *guard;
                pending.insert(i, record);
                // Write finished games in index order, so the file does not depend on timing.
                while let Some(r) = pending.remove(written) {
                    w.write_all(r.lines.as_bytes()).expect("write selfplay data");
                    *written += 1;
                    stats[0] += r.positions;
                    stats[1 + (r.white_score * 2.0) as usize] += 1;
                    if *written % 100 == 0 || *written == games {
                        w.flush().expect("write selfplay data");
                        eprintln!(
                            "selfplay {variant}: {written}/{games} games, {} positions, White +{} ={} -{}, {:.0}s",
                            stats[0],
                            stats[3],
                            stats[2],
                            stats[1],
                            start.elapsed().as_secs_f64()
                        );
                    }
                }
            });
        }
    });
    let (mut w, _, _, _) = writer.into_inner().unwrap();
    w.flush()?;
    Ok(())
}
