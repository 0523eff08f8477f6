//! `shashki puzzles`: mines shots from engine games for the page's Puzzles mode.
//!
//! Easy and Medium play each other from varied openings (they miss shots, so shots appear); every
//! position is searched for a move that wins material or the game when no other move does
//! ([`shashki::shot`], material only, so the files stay valid whatever the evaluation becomes).
//! A candidate is kept when a material search two plies deeper finds the same single winning
//! move and the engine's own search (a node limit, never time) plays it too. Everything is
//! limited by depth and nodes, so the output depends only on the arguments.

use std::fmt::Write as _;
use std::io::Write as _;
use std::time::Instant;

use shashki::level::{choose_move, Level, Rng};
use shashki::search::{Engine, Limits, NoClock};
use shashki::shot::{self, MaterialSearch, Shot};
use shashki::{fen, Game, Position, Variant};

use crate::args::{number, Args, Fail};

/// One mined puzzle.
struct Puzzle {
    fen: String,
    line: Vec<String>,
    rating: i32,
    gain: i32,
    game: usize,
    ply: usize,
}

/// A varied game start: 2–4 random plies.
fn opening(variant: Variant, rng: &mut Rng) -> Game {
    loop {
        let mut g = Game::new(variant);
        for _ in 0..2 + rng.below(3) {
            let moves = g.legal_moves();
            g.play(moves[rng.below(moves.len() as u64) as usize])
                .expect("a legal move");
        }
        if !g.is_over() {
            return g;
        }
    }
}

/// Nodes the engine may spend confirming the shot with its own evaluation.
const CONFIRM_NODES: u64 = 300_000;
/// Longest game played, in plies (shots live in the middlegame).
const MAX_PLIES: usize = 160;
/// At most this many puzzles from one game, so the set is varied.
const PER_GAME: usize = 3;

/// Difficulty on a rating scale (about 800 for a one-move shot in plain sight, up to 2400):
/// longer lines, a sacrifice first, and a key move that a shallow look ranks low are harder.
fn rating(engine: &mut Engine, game: &Game, shot: &Shot) -> i32 {
    let pos = game.position();
    let rules = game.rules();
    let solver_moves = shot.line.len().div_ceil(2) as i32;
    let key = shot.line[0];
    // A sacrifice: after the key move and the reply the solver is behind what it had.
    let after_reply = shot
        .line
        .get(1)
        .map(|r| pos.play(&key).play(r))
        .unwrap_or_else(|| pos.play(&key));
    let sacrifice = shot::material(&after_reply, rules, pos.side_to_move())
        < shot::material(pos, rules, pos.side_to_move());
    // How tempting the alternatives are: the key move's rank among all moves at depth 2.
    let mut scored = engine.score_root_moves(game, 2, &mut NoClock);
    scored.sort_by_key(|&(_, s)| -s);
    let rank = scored.iter().position(|&(m, _)| m == key).unwrap_or(0) as i32;
    let legal = scored.len() as i32;
    let r = 800
        + 200 * (solver_moves - 1)
        + if sacrifice { 250 } else { 0 }
        + 120 * rank.min(4)
        + 15 * (legal - 2).clamp(0, 10);
    (r.clamp(600, 2400) + 5) / 10 * 10
}

/// Looks for a puzzle in the game's current position.
fn examine(
    search: &mut MaterialSearch,
    engine: &mut Engine,
    game: &Game,
    depth: u32,
) -> Option<(Shot, i32)> {
    let pos: &Position = game.position();
    // A game already decided teaches nothing.
    if shot::material(pos, game.rules(), pos.side_to_move()).abs() >= 2 * shot::GAIN {
        return None;
    }
    let shot = shot::find(search, pos, depth)?;
    // Verified deeper: the same single winning move two plies further ...
    let deeper = shot::find(search, pos, depth + 2)?;
    if deeper.line[0] != shot.line[0] {
        return None;
    }
    // ... and the engine, with its own evaluation, plays it.
    engine.clear();
    let r = engine.search(
        game,
        Limits {
            depth: 100,
            nodes: CONFIRM_NODES,
        },
        &mut NoClock,
    );
    if r.best != Some(shot.line[0]) {
        return None;
    }
    let rating = rating(engine, game, &shot);
    Some((shot, rating))
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => write!(out, "\\u{:04x}", c as u32).expect("string"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub fn puzzles(args: &Args) -> Result<(), Fail> {
    args.check_known(&["--variant", "--games", "--seed", "--out", "--depth"])?;
    let variant = args.variant()?;
    let games = number::<usize>(args, "--games", 1, 100_000)?
        .ok_or_else(|| Fail("--games is required".into()))?;
    let seed = number::<u64>(args, "--seed", 0, u64::MAX)?.unwrap_or(1);
    let depth = number::<u32>(args, "--depth", 2, 20)?.unwrap_or(8);
    let rules = variant.rules();
    let mut search = MaterialSearch::new(rules);
    let mut engine = Engine::new(16);
    let mut players = Engine::new(16);
    let mut found: Vec<Puzzle> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let started = Instant::now();
    let mut positions = 0usize;
    for index in 0..games {
        let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index as u64);
        let levels = [Level::Easy, Level::Medium];
        let sides = [levels[rng.below(2) as usize], levels[rng.below(2) as usize]];
        let mut game = opening(variant, &mut rng);
        let game_seed = rng.next_u64();
        players.clear();
        let mut from_this_game = 0;
        let mut last_ply = 0;
        while !game.is_over() && game.moves().len() < MAX_PLIES {
            let ply = game.moves().len();
            if from_this_game < PER_GAME
                && ply > last_ply + 4
                && game.legal_moves().len() >= 2
                && seen.insert(game.position().hash())
            {
                positions += 1;
                if let Some((shot, rating)) = examine(&mut search, &mut engine, &game, depth) {
                    found.push(Puzzle {
                        fen: fen::to_fen(game.position()),
                        line: shot::line_text(rules, game.position(), &shot.line),
                        rating,
                        gain: shot.gain,
                        game: index,
                        ply,
                    });
                    from_this_game += 1;
                    last_ply = ply;
                }
            }
            let level =
                sides[usize::from(game.position().side_to_move() != game.rules().first_to_move)];
            let r = choose_move(
                &mut players,
                &game,
                level,
                game_seed,
                Limits::default(),
                &mut NoClock,
            );
            game.play(r.best.expect("the game is not over"))
                .expect("the engine plays legal moves");
        }
    }
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{variant}: {} puzzles from {games} games ({positions} positions examined) in {secs:.0} s, {:.0} per hour",
        found.len(),
        found.len() as f64 * 3600.0 / secs.max(1e-9)
    );
    let mut out = String::new();
    writeln!(out, "{{").expect("string");
    writeln!(out, "  \"variant\": {},", json_string(variant.name())).expect("string");
    writeln!(out, "  \"depth\": {depth},").expect("string");
    writeln!(
        out,
        "  \"command\": {},",
        json_string(&format!(
            "shashki puzzles --variant {variant} --games {games} --seed {seed} --depth {depth}"
        ))
    )
    .expect("string");
    writeln!(out, "  \"puzzles\": [").expect("string");
    for (i, p) in found.iter().enumerate() {
        let line: Vec<String> = p.line.iter().map(|m| json_string(m)).collect();
        writeln!(
            out,
            "    {{\"id\": {}, \"fen\": {}, \"line\": [{}], \"rating\": {}, \"gain\": {}, \"game\": {}, \"ply\": {}}}{}",
            json_string(&format!("{}-{}", variant.name(), i + 1)),
            json_string(&p.fen),
            line.join(", "),
            p.rating,
            p.gain,
            p.game,
            p.ply,
            if i + 1 < found.len() { "," } else { "" }
        )
        .expect("string");
    }
    writeln!(out, "  ]").expect("string");
    writeln!(out, "}}").expect("string");
    match args.value("--out") {
        Some(path) => std::fs::write(path, out)?,
        None => std::io::stdout().lock().write_all(out.as_bytes())?,
    }
    Ok(())
}
