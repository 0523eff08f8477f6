//! The engine commands: `bestmove` (one search), `match` (engine against engine, many games) and
//! `bench` (fixed searches and perft for speed comparisons).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use shashki::egtb::Tables;
use shashki::eval::{weights, Evaluator, Weights};
use shashki::learned::LearnedEval;
use shashki::level::{choose_move, Level};
use shashki::net::NetEval;
use shashki::notation::move_to_string;
use shashki::perft::{perft, Counting};
use shashki::search::{Clock, Engine, Limits, Score, SearchResult};
use shashki::{Color, Game, Outcome, Position, Variant};

use crate::args::{number, Args, Fail};
use crate::openings::{book_line, random_opening, read_book};
use crate::stats::{elo_estimate, pair_estimate, sprt_llr, sprt_llr_pairs};

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
        "--weights",
        "--egtb",
    ])?;
    let variant = args.variant()?;
    let game = game_from_args(args, variant)?;
    let tables = args
        .value("--egtb")
        .map(|spec| crate::egtb::from_spec(variant, spec))
        .transpose()?;
    let evaluator = load_weights(variant, args.value("--weights"))?;
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
    engine.set_evaluator(evaluator);
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
#[derive(Clone, Debug)]
struct GameRecord {
    index: usize,
    a_color: Color,
    outcome: Outcome,
    plies: usize,
    /// The opening's moves, as a book line.
    opening: String,
    /// The final position (FEN), to look at how a game ended.
    end: String,
    /// The game as PDN (for `--pdn`).
    pdn: String,
}

impl GameRecord {
    /// A's half-points: 2 for a win, 1 for a draw, 0 for a loss.
    fn a_half_points(&self) -> usize {
        match self.outcome {
            Outcome::Win { winner, .. } if winner == self.a_color => 2,
            Outcome::Win { .. } => 0,
            Outcome::Draw(_) => 1,
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

/// A weight file for the learned evaluation (`--weights`, `--a-weights`, `--b-weights`), or
/// `hand` for the hand-set table. Pattern tables (`SHKE`) alone play alone; a network (`SHKN`)
/// plays beside the variant's own pattern tables, or beside the tables of a second file
/// (`tables.bin,net.bin`, in either order), so new tables and a new network can play together.
pub fn load_weights(variant: Variant, path: Option<&str>) -> Result<Option<Evaluator>, Fail> {
    let Some(path) = path else { return Ok(None) };
    // The hand-set table: the engine that plays the first generation of training games.
    if path == "hand" {
        return Ok(Some(Evaluator::Hand(*shashki::eval::weights(variant))));
    }
    let (mut tables, mut nets) = (None, Vec::new());
    for file in path.split(',') {
        let bytes = std::fs::read(file).map_err(|e| Fail(format!("{file}: {e}")))?;
        let bad = |e: shashki::learned::WeightsError| Fail(format!("{file}: {e}"));
        let made_for = if bytes.starts_with(b"SHKN") {
            let n = NetEval::from_bytes(&bytes).map_err(bad)?;
            let v = n.variant();
            nets.push(n);
            v
        } else {
            let l = LearnedEval::from_bytes(&bytes).map_err(bad)?;
            let v = l.variant();
            if tables.replace(l).is_some() {
                return Err(Fail(format!("{path}: two pattern weight files")));
            }
            v
        };
        if made_for != variant {
            return Err(Fail(format!(
                "{file}: weights for {made_for}, not {variant}"
            )));
        }
    }
    if nets.len() > 2 {
        return Err(Fail(format!("{path}: more than two network files")));
    }
    // Two networks: the one that says below how many pieces it plays takes the endings, the
    // one for every position the rest.
    if nets.len() == 2 {
        if tables.is_some() {
            return Err(Fail(format!("{path}: two networks and pattern tables")));
        }
        nets.sort_by_key(|n| n.below());
        let low = nets.pop().expect("two");
        let high = nets.pop().expect("two");
        if high.below() != 0 || low.below() == 0 {
            return Err(Fail(format!(
                "{path}: of two networks, one plays every position (below 0) and one the endings"
            )));
        }
        return Ok(Some(Evaluator::Nets {
            high: Arc::new(high),
            low: Arc::new(low),
        }));
    }
    let net = nets.pop();
    let e = match (tables, net) {
        (Some(t), None) => Evaluator::Learned(Arc::new(t)),
        (tables, net) => {
            // A network without tables of its own plays beside the built-in ones.
            let tables = tables.or_else(|| {
                shashki::learned::builtin_bytes(variant)
                    .and_then(|b| LearnedEval::from_bytes(b).ok())
            });
            Evaluator::combine(tables, net).expect("a network")
        }
    };
    Ok(Some(e))
}

/// One side of a match: a player of this build (with optional other weights), or another
/// program driven through its `bestmove` command, one process per move.
#[derive(Clone, Debug)]
struct Contestant {
    player: Player,
    evaluator: Option<Evaluator>,
    tables: Option<Arc<Tables>>,
    /// The `--egtb` spec the tables came from, handed on to an external binary.
    tables_spec: Option<String>,
    /// The weight file, handed on to an external binary as its `--weights`.
    weights_spec: Option<String>,
    bin: Option<String>,
    /// How the PDN names this player: `A hard`, `B depth=6 (other-build)`.
    label: String,
}

impl Contestant {
    fn think(
        &self,
        engine: &mut Engine,
        game: &Game,
        movetime: Option<u64>,
        seed: u64,
    ) -> Result<shashki::Move, Fail> {
        let Some(bin) = &self.bin else {
            let r = self.player.think(engine, game, movetime, seed);
            return Ok(r.best.expect("the game is not over"));
        };
        let variant = game.variant();
        let moves: Vec<String> = (0..game.moves().len())
            .map(|i| game.move_text(i).expect("in range"))
            .collect();
        let mut cmd = std::process::Command::new(bin);
        cmd.args(["bestmove", "--variant", variant.name(), "--hash", "16"])
            .args(["--fen", &shashki::fen::to_fen(game.start_position())])
            .args(["--moves", &moves.join(" ")])
            .args(["--seed", &seed.to_string()]);
        if let Some(spec) = &self.tables_spec {
            cmd.args(["--egtb", spec]);
        }
        if let Some(path) = &self.weights_spec {
            cmd.args(["--weights", path]);
        }
        match self.player {
            Player::Level(l) => {
                cmd.args(["--level", l.name()]);
                if l == Level::Hard {
                    cmd.args(["--movetime", &movetime.unwrap_or(1000).to_string()]);
                }
            }
            Player::Depth(d) => {
                cmd.args(["--depth", &d.to_string()]);
            }
            Player::Nodes(n) => {
                cmd.args(["--nodes", &n.to_string()]);
            }
        }
        let out = cmd
            .stderr(std::process::Stdio::null())
            .output()
            .map_err(|e| Fail(format!("{bin}: {e}")))?;
        let text = String::from_utf8_lossy(&out.stdout);
        let mv = text
            .split_whitespace()
            .nth(1)
            .filter(|_| text.starts_with("bestmove "))
            .ok_or_else(|| Fail(format!("{bin}: no bestmove in {text:?}")))?;
        let mut probe = game.clone();
        probe
            .play_text(mv)
            .map_err(|e| Fail(format!("{bin}: illegal move {mv}: {e}")))
    }
}

fn play_one(
    variant: Variant,
    players: &[Contestant; 2],
    index: usize,
    movetime: Option<u64>,
    seed: u64,
    book: Option<&[Game]>,
) -> Result<GameRecord, Fail> {
    let mut game = match book {
        Some(b) => b[(index / 2) % b.len()].clone(),
        None => random_opening(variant, seed.wrapping_add((index / 2) as u64)),
    };
    // Each opening twice: A moves first in even games, second in odd ones.
    let opening = book_line(&game);
    let first = game.position().side_to_move();
    let a_color = if index % 2 == 0 { first } else { !first };
    let mut engines = [Engine::new(16), Engine::new(16)];
    for (e, p) in engines.iter_mut().zip(players) {
        e.set_evaluator(p.evaluator.clone());
        e.set_tables(p.tables.clone());
    }
    // Another build runs as a fresh process per move, with empty tables; a player of this build
    // then starts each move from empty tables too, or its warm hash table would be an edge that
    // no change to the engine earned. (Another build's side never uses its in-process engine.)
    let cold = players.iter().any(|p| p.bin.is_some());
    while !game.is_over() && game.moves().len() < MAX_PLIES {
        let side = game.position().side_to_move();
        let who = usize::from(side != a_color); // 0 = A, 1 = B
        if cold && players[who].bin.is_none() {
            engines[who].clear();
        }
        let s = seed ^ (index as u64).wrapping_mul(0x9E37_79B9) ^ who as u64;
        let m = players[who].think(&mut engines[who], &game, movetime, s)?;
        game.play(m).expect("the engine plays legal moves");
    }
    let outcome = game
        .outcome()
        .unwrap_or(Outcome::Draw(shashki::DrawReason::Repetition));
    Ok(GameRecord {
        index,
        a_color,
        outcome,
        plies: game.moves().len(),
        opening,
        end: shashki::fen::to_fen(game.position()),
        pdn: {
            let mut tags = shashki::pdn::Tags::default();
            let (a, b) = (&players[0].label, &players[1].label);
            let (white, black) = if a_color == Color::White {
                (a, b)
            } else {
                (b, a)
            };
            tags.set("Event", &format!("shashki match, game {}", index + 1));
            tags.set("White", white);
            tags.set("Black", black);
            shashki::pdn::write(&game, &tags)
        },
    })
}

/// A's half-points per opening pair (games `2k` and `2k + 1`), for the pairs both of whose
/// games were played, counted as [`pair_estimate`] takes them.
fn pair_counts(records: &[GameRecord]) -> [u32; 5] {
    let mut games: Vec<(usize, usize)> = records
        .iter()
        .map(|r| (r.index, r.a_half_points()))
        .collect();
    games.sort_unstable();
    let mut pairs = [0u32; 5];
    for w in games.windows(2) {
        if w[0].0 % 2 == 0 && w[1].0 == w[0].0 + 1 {
            pairs[w[0].1 + w[1].1] += 1;
        }
    }
    pairs
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
        "--a-weights",
        "--b-weights",
        "--a-bin",
        "--b-bin",
        "--a-egtb",
        "--b-egtb",
        "--sprt",
        "--openings",
        "--pdn",
    ])?;
    let variant = args.variant()?;
    let book = args
        .value("--openings")
        .map(|path| read_book(variant, path))
        .transpose()?;
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
    let side = |who: &str, set: &str, weights_file: &str, bin: &str, egtb: &str, player: Player| {
        let hand = parse_weights(variant, args.value(set))?.map(Evaluator::Hand);
        let learned = load_weights(variant, args.value(weights_file))?;
        if hand.is_some() && learned.is_some() {
            return Err(Fail(format!("give {set} or {weights_file}, not both")));
        }
        // Another build takes a weight file, not single hand weights.
        if hand.is_some() && args.value(bin).is_some() {
            return Err(Fail(format!(
                "{set} plays in this build only, not with {bin}"
            )));
        }
        Ok::<_, Fail>(Contestant {
            player,
            evaluator: hand.or(learned),
            tables: args
                .value(egtb)
                .map(|spec| crate::egtb::from_spec(variant, spec))
                .transpose()?,
            tables_spec: args.value(egtb).map(str::to_string),
            weights_spec: args.value(weights_file).map(str::to_string),
            bin: args.value(bin).map(str::to_string),
            label: {
                let spec = args
                    .value(&format!("--{}", who.to_lowercase()))
                    .unwrap_or_default();
                match args.value(bin) {
                    Some(path) => format!("{who} {spec} ({path})"),
                    None => format!("{who} {spec}"),
                }
            },
        })
    };
    let players = [
        side("A", "--a-set", "--a-weights", "--a-bin", "--a-egtb", a)?,
        side("B", "--b-set", "--b-weights", "--b-bin", "--b-egtb", b)?,
    ];
    let sprt = match args.value("--sprt") {
        None => None,
        Some(v) => {
            let bad = || Fail(format!("--sprt wants ELO0,ELO1 (e.g. 0,10), got {v:?}"));
            let (e0, e1) = v.split_once(',').ok_or_else(bad)?;
            let (e0, e1): (f64, f64) = (
                e0.trim().parse().map_err(|_| bad())?,
                e1.trim().parse().map_err(|_| bad())?,
            );
            if e0 >= e1 {
                return Err(bad());
            }
            Some((e0, e1))
        }
    };
    // α = β = 0.05.
    let bound = (0.95f64 / 0.05).ln();
    let next = AtomicUsize::new(0);
    // The SPRT verdict is taken where the log-likelihood ratio first crosses a bound: the games
    // still being played then are counted in the totals but cannot undo it.
    let state = Mutex::new((
        Vec::new(),
        [0f64; 3],
        None::<(&str, usize, [f64; 3], f64)>,
        None::<Fail>,
    ));
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                {
                    let st = state.lock().unwrap();
                    if st.2.is_some() || st.3.is_some() {
                        break;
                    }
                }
                let r = match play_one(variant, &players, i, movetime, seed, book.as_deref()) {
                    Ok(r) => r,
                    Err(e) => {
                        state.lock().unwrap().3 = Some(e);
                        break;
                    }
                };
                let mut st = state.lock().unwrap();
                let (records, wdl, verdict, _) = &mut *st;
                wdl[2 - r.a_half_points()] += 1.0;
                records.push(r);
                let r = records.last().expect("just pushed");
                // Decided by opening pairs: the ratio moves only when a pair is complete.
                let llr = sprt.map(|(e0, e1)| sprt_llr_pairs(&pair_counts(records), e0, e1));
                if verbose {
                    eprintln!(
                        "game {} A={} {:?} plies {} opening \"{}\" end {}  A +{} ={} -{}{}",
                        r.index,
                        r.a_color,
                        r.outcome,
                        r.plies,
                        r.opening,
                        r.end,
                        wdl[0],
                        wdl[1],
                        wdl[2],
                        llr.map(|l| format!(" llr {l:.2}")).unwrap_or_default()
                    );
                }
                if let (Some(l), None) = (llr, &verdict) {
                    if l.abs() >= bound {
                        let h = if l > 0.0 { "H1" } else { "H0" };
                        *verdict = Some((h, records.len(), *wdl, l));
                    }
                }
            });
        }
    });
    let (mut records, [wins, draws, losses], verdict, failure) = state.into_inner().unwrap();
    if let Some(e) = failure {
        return Err(e);
    }
    if let Some(path) = args.value("--pdn") {
        records.sort_by_key(|r| r.index);
        let text: String = records.iter().map(|r| format!("{}\n", r.pdn)).collect();
        std::fs::write(path, text).map_err(|e| Fail(format!("{path}: {e}")))?;
    }
    let score = (wins + draws / 2.0) / records.len() as f64 * 100.0;
    let (elo, lo, hi) = elo_estimate(wins, draws, losses);
    println!(
        "{variant}: A {} vs B {}: A wins {wins} draws {draws} losses {losses} score {score:.1}% elo {elo:+.0} ({lo:+.0}..{hi:+.0}) ({} games, {:.0}s)",
        args.value("--a").unwrap_or_default(),
        args.value("--b").unwrap_or_default(),
        records.len(),
        start.elapsed().as_secs_f64()
    );
    let pairs = pair_counts(&records);
    if let Some((s, elo, lo, hi)) = pair_estimate(&pairs) {
        println!(
            "by opening pairs: {} pairs, A's points 0/0.5/1/1.5/2 in {}/{}/{}/{}/{} of them: score {:.1}% elo {elo:+.0} ({lo:+.0}..{hi:+.0})",
            pairs.iter().sum::<u32>(),
            pairs[0],
            pairs[1],
            pairs[2],
            pairs[3],
            pairs[4],
            s * 100.0
        );
    }
    if let Some((e0, e1)) = sprt {
        let llr = sprt_llr_pairs(&pairs, e0, e1);
        let by_games = sprt_llr(wins, draws, losses, e0, e1);
        match verdict {
            Some((h, n, [w, d, l], at)) => println!(
                "sprt elo0 {e0} elo1 {e1} by opening pairs: {h} accepted after {n} games (A +{w} ={d} -{l}, llr {at:.2}, bounds ±{bound:.2}); all {} games: llr {llr:.2} (by games {by_games:.2})",
                records.len()
            ),
            None => println!(
                "sprt elo0 {e0} elo1 {e1} by opening pairs: llr {llr:.2} (bounds ±{bound:.2}) inconclusive (by games {by_games:.2})"
            ),
        }
    }
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
