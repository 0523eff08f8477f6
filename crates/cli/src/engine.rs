//! The engine commands: `bestmove` (one search), `match` (engine against engine, many games) and
//! `bench` (fixed searches and perft for speed comparisons).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use shashki::egtb::Tables;
use shashki::eval::{weights, Weights};
use shashki::level::{choose_move, Level, Rng};
use shashki::notation::move_to_string;
use shashki::perft::{perft, Counting};
use shashki::search::{Clock, Engine, Limits, Score, SearchResult};
use shashki::{Color, Game, Outcome, Position, Variant};

use crate::args::{number, Args, Fail};

/// A wall-clock deadline for the search.
struct Deadline(Option<Instant>);

impl Clock for Deadline {
    fn expired(&mut self) -> bool {
        self.0.is_some_and(|d| Instant::now() >= d)
    }
}

/// Who plays: a level, or a plain search to a depth or node count.
#[derive(Copy, Clone, Debug)]
enum Player {
    Level(Level),
    Depth(u32),
    Nodes(u64),
}

impl Player {
    fn parse(s: &str) -> Result<Player, Fail> {
        let bad = || {
            Fail(format!(
                "bad player {s:?} (easy, medium, hard, depth=N or nodes=N)"
            ))
        };
        if let Some(d) = s.strip_prefix("depth=") {
            let d: u32 = d.parse().map_err(|_| bad())?;
            return if (1..=100).contains(&d) {
                Ok(Player::Depth(d))
            } else {
                Err(bad())
            };
        }
        if let Some(n) = s.strip_prefix("nodes=") {
            let n: u64 = n.parse().map_err(|_| bad())?;
            return if n >= 1 {
                Ok(Player::Nodes(n))
            } else {
                Err(bad())
            };
        }
        s.parse::<Level>().map(Player::Level).map_err(|_| bad())
    }

    fn think(
        self,
        engine: &mut Engine,
        game: &Game,
        movetime: Option<u64>,
        seed: u64,
    ) -> SearchResult {
        let mut clock = Deadline(movetime.map(|ms| Instant::now() + Duration::from_millis(ms)));
        match self {
            Player::Level(level) => {
                choose_move(engine, game, level, seed, Limits::default(), &mut clock)
            }
            Player::Depth(depth) => engine.search(
                game,
                Limits {
                    depth,
                    nodes: u64::MAX,
                },
                &mut clock,
            ),
            Player::Nodes(nodes) => engine.search(game, Limits { depth: 100, nodes }, &mut clock),
        }
    }
}

/// The principal variation in notation, each move printed from the position before it.
fn pv_text(variant: Variant, pos: &Position, pv: &[shashki::Move]) -> String {
    let mut p = *pos;
    let mut out = Vec::new();
    for m in pv {
        out.push(move_to_string(&p, variant.rules(), m));
        p = p.play(m);
    }
    out.join(" ")
}

fn game_from_args(args: &Args, variant: Variant) -> Result<Game, Fail> {
    let mut game = Game::from_position(variant, args.position(variant)?);
    if let Some(moves) = args.value("--moves") {
        for m in moves.split_whitespace() {
            game.play_text(m)
                .map_err(|e| Fail(format!("--moves: {m}: {e}")))?;
        }
    }
    Ok(game)
}

pub fn bestmove(args: &Args) -> Result<(), Fail> {
    args.check_known(&[
        "--variant",
        "--fen",
        "--moves",
        "--level",
        "--depth",
        "--nodes",
        "--movetime",
        "--seed",
        "--hash",
        "--egtb",
    ])?;
    let variant = args.variant()?;
    let game = game_from_args(args, variant)?;
    let tables = args
        .value("--egtb")
        .map(|spec| crate::egtb::from_spec(variant, spec))
        .transpose()?;
    let depth = number::<u32>(args, "--depth", 1, 100)?;
    let nodes = number::<u64>(args, "--nodes", 1, u64::MAX)?;
    let mut movetime = number::<u64>(args, "--movetime", 1, 86_400_000)?;
    let seed = number::<u64>(args, "--seed", 0, u64::MAX)?.unwrap_or(0);
    let hash = number::<usize>(args, "--hash", 1, 4096)?.unwrap_or(64);
    let player = match (args.value("--level"), depth, nodes) {
        (Some(l), None, None) => Player::Level(l.parse()?),
        (None, Some(d), None) => Player::Depth(d),
        (None, None, Some(n)) => Player::Nodes(n),
        (None, None, None) => Player::Level(Level::Hard),
        _ => return Err(Fail("give one of --level, --depth, --nodes".into())),
    };
    if matches!(player, Player::Level(Level::Hard)) && movetime.is_none() {
        movetime = Some(1000);
    }
    if game.is_over() {
        return Err(Fail(format!(
            "the game is over: {}",
            game.outcome().unwrap()
        )));
    }
    let mut engine = Engine::new(hash);
    engine.set_tables(tables);
    let start = Instant::now();
    let r = player.think(&mut engine, &game, movetime, seed);
    let elapsed = start.elapsed().as_secs_f64();
    let pos = game.position();
    let best = r.best.expect("the game is not over");
    println!(
        "bestmove {} score {} depth {} nodes {} pv {}",
        move_to_string(pos, variant.rules(), &best),
        Score::from_internal(r.score),
        r.depth,
        r.nodes,
        pv_text(variant, pos, &r.pv),
    );
    eprintln!(
        "info time {:.0}ms nps {:.0}",
        elapsed * 1000.0,
        r.nodes as f64 / elapsed.max(1e-9)
    );
    Ok(())
}

/// Result of one match game from A's point of view: 1, 0.5 or 0.
#[derive(Copy, Clone, Debug)]
struct GameRecord {
    index: usize,
    a_color: Color,
    outcome: Outcome,
    plies: usize,
}

/// A varied opening: 2–4 random plies from the seed.
fn opening(variant: Variant, seed: u64) -> Game {
    let mut rng = Rng::new(seed);
    loop {
        let mut g = Game::new(variant);
        let plies = 2 + rng.below(3) as usize;
        for _ in 0..plies {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            g.play(m).expect("a legal move");
        }
        if !g.is_over() {
            return g;
        }
    }
}

const MAX_PLIES: usize = 600;

/// `name=value,…` weight changes on top of the variant's table (`--a-set`, `--b-set`).
fn parse_weights(variant: Variant, spec: Option<&str>) -> Result<Option<Weights>, Fail> {
    let Some(spec) = spec else { return Ok(None) };
    let mut w = *weights(variant);
    for item in spec.split(',').filter(|s| !s.is_empty()) {
        let (k, v) = item
            .split_once('=')
            .ok_or_else(|| Fail(format!("bad weight {item:?} (name=value)")))?;
        let v: i32 = v
            .parse()
            .map_err(|_| Fail(format!("bad weight value in {item:?}")))?;
        w.set(k, v).map_err(|e| Fail(format!("{k}: {e}")))?;
    }
    Ok(Some(w))
}

fn play_one(
    variant: Variant,
    players: [Player; 2],
    tuned: [Option<Weights>; 2],
    tables: &[Option<Arc<Tables>>; 2],
    index: usize,
    movetime: Option<u64>,
    seed: u64,
) -> GameRecord {
    let mut game = opening(variant, seed.wrapping_add((index / 2) as u64));
    // Each opening twice: A moves first in even games, second in odd ones.
    let first = game.position().side_to_move();
    let a_color = if index % 2 == 0 { first } else { !first };
    let mut engines = [Engine::new(16), Engine::new(16)];
    for ((e, w), t) in engines.iter_mut().zip(tuned).zip(tables) {
        e.set_weights(w);
        e.set_tables(t.clone());
    }
    while !game.is_over() && game.moves().len() < MAX_PLIES {
        let side = game.position().side_to_move();
        let who = usize::from(side != a_color); // 0 = A, 1 = B
        let s = seed ^ (index as u64).wrapping_mul(0x9E37_79B9) ^ who as u64;
        let r = players[who].think(&mut engines[who], &game, movetime, s);
        let m = r.best.expect("the game is not over");
        game.play(m).expect("the engine plays legal moves");
    }
    let outcome = game
        .outcome()
        .unwrap_or(Outcome::Draw(shashki::DrawReason::Repetition));
    GameRecord {
        index,
        a_color,
        outcome,
        plies: game.moves().len(),
    }
}

pub fn play_match(args: &Args) -> Result<(), Fail> {
    args.check_known(&[
        "--variant",
        "--a",
        "--b",
        "--games",
        "--movetime",
        "--seed",
        "--threads",
        "--verbose",
        "--a-set",
        "--b-set",
        "--a-egtb",
        "--b-egtb",
    ])?;
    let variant = args.variant()?;
    let a = Player::parse(
        args.value("--a")
            .ok_or_else(|| Fail("--a is required".into()))?,
    )?;
    let b = Player::parse(
        args.value("--b")
            .ok_or_else(|| Fail("--b is required".into()))?,
    )?;
    let games = number::<usize>(args, "--games", 1, 1_000_000)?
        .ok_or_else(|| Fail("--games is required".into()))?;
    let movetime = Some(number::<u64>(args, "--movetime", 1, 3_600_000)?.unwrap_or(1000));
    let seed = number::<u64>(args, "--seed", 0, u64::MAX)?.unwrap_or(1);
    let threads = number::<usize>(args, "--threads", 1, 64)?.unwrap_or(2);
    let verbose = args.switch("--verbose");
    let tuned = [
        parse_weights(variant, args.value("--a-set"))?,
        parse_weights(variant, args.value("--b-set"))?,
    ];
    let tables = [
        args.value("--a-egtb")
            .map(|spec| crate::egtb::from_spec(variant, spec))
            .transpose()?,
        args.value("--b-egtb")
            .map(|spec| crate::egtb::from_spec(variant, spec))
            .transpose()?,
    ];
    let next = AtomicUsize::new(0);
    let records = Mutex::new(Vec::new());
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let r = play_one(variant, [a, b], tuned, &tables, i, movetime, seed);
                if verbose {
                    eprintln!(
                        "game {} A={} {:?} plies {}",
                        r.index, r.a_color, r.outcome, r.plies
                    );
                }
                records.lock().unwrap().push(r);
            });
        }
    });
    let records = records.into_inner().unwrap();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for r in &records {
        match r.outcome {
            Outcome::Win { winner, .. } if winner == r.a_color => wins += 1,
            Outcome::Win { .. } => losses += 1,
            Outcome::Draw(_) => draws += 1,
        }
    }
    let score = (wins as f64 + draws as f64 / 2.0) / records.len() as f64 * 100.0;
    println!(
        "{variant}: A {} vs B {}: A wins {wins} draws {draws} losses {losses} score {score:.1}% ({} games, {:.0}s)",
        args.value("--a").unwrap_or_default(),
        args.value("--b").unwrap_or_default(),
        records.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Positions for `bench`: the start and two middlegames per variant.
const BENCH: &[(Variant, &str)] = &[
    (Variant::Czech, "W:W21-32:B1-12"),
    (
        Variant::Czech,
        "W:W17,21,22,23,24,25,26,27,28,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,16",
    ),
    (Variant::Russian, "W:W21-32:B1-12"),
    (
        Variant::Russian,
        "W:W15,18,21,22,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,12,13",
    ),
    (Variant::English, "B:W21-32:B1-12"),
    (
        Variant::English,
        "B:W18,21,22,23,24,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,14",
    ),
];

pub fn bench(args: &Args) -> Result<(), Fail> {
    args.check_known(&["--depth"])?;
    let depth = number::<u32>(args, "--depth", 1, 100)?.unwrap_or(14);
    let mut engine = Engine::new(64);
    let (mut nodes, mut secs) = (0u64, 0f64);
    for (variant, fen) in BENCH {
        let pos = shashki::fen::parse(fen).expect("bench FEN");
        let game = Game::from_position(*variant, pos);
        engine.clear();
        let t = Instant::now();
        let r = engine.search(
            &game,
            Limits {
                depth,
                nodes: u64::MAX,
            },
            &mut Deadline(None),
        );
        let e = t.elapsed().as_secs_f64();
        nodes += r.nodes;
        secs += e;
        println!(
            "search {variant:8} depth {:2} nodes {:10} time {:6.0}ms nps {:5.2}M best {} score {}",
            r.depth,
            r.nodes,
            e * 1000.0,
            r.nodes as f64 / e.max(1e-9) / 1e6,
            move_to_string(&pos, variant.rules(), &r.best.expect("a move")),
            Score::from_internal(r.score)
        );
    }
    println!(
        "search total nodes {nodes} time {:.0}ms nps {:.2}M",
        secs * 1000.0,
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    for variant in Variant::ALL {
        let pos = Position::start(variant.rules().first_to_move);
        let t = Instant::now();
        let n = perft(&pos, variant.rules(), 9, Counting::Distinct);
        let e = t.elapsed().as_secs_f64();
        println!(
            "perft  {variant:8} depth  9 nodes {n:10} time {:6.0}ms nps {:5.1}M",
            e * 1000.0,
            n as f64 / e.max(1e-9) / 1e6
        );
    }
    Ok(())
}
