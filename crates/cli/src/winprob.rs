//! `shashki winprob` fits the review's win-probability curve to the engine's own games, and
//! `shashki review` judges every move of a PDN game with it (the same judgement the page shows).
//!
//! The games: Medium against Medium from varied openings, so both sides err now and then and the
//! results spread. Every few plies the position is searched at the review's node budget and the
//! score (White's view) is paired with the game's result for White. The curve
//! 1 / (1 + e^(−score/scale)) is fitted by maximum likelihood over `scale`.

use std::fmt::Write as _;

use shashki::level::{choose_move, Level, Rng};
use shashki::notation::move_to_string;
use shashki::review::{self, Judgement};
use shashki::search::{Engine, Limits, NoClock, Score};
use shashki::{pdn, Color, Game, Outcome, Variant};

use crate::args::{number, Args, Fail};

/// The review's default search per position (the page uses the same).
pub const REVIEW_NODES: u64 = 100_000;

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

/// Negative log-likelihood of the samples under a scale (draws count as half a win).
fn cost(samples: &[(i32, f64)], scale: f64) -> f64 {
    samples
        .iter()
        .map(|&(s, y)| {
            let p = (1.0 / (1.0 + (-(s as f64) / scale).exp())).clamp(1e-9, 1.0 - 1e-9);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum()
}

pub fn winprob(args: &Args) -> Result<(), Fail> {
    args.check_known(&["--variant", "--games", "--seed", "--nodes", "--every"])?;
    let variant = args.variant()?;
    let games = number::<usize>(args, "--games", 1, 100_000)?
        .ok_or_else(|| Fail("--games is required".into()))?;
    let seed = number::<u64>(args, "--seed", 0, u64::MAX)?.unwrap_or(1);
    let nodes = number::<u64>(args, "--nodes", 1, u64::MAX)?.unwrap_or(REVIEW_NODES);
    let every = number::<usize>(args, "--every", 1, 100)?.unwrap_or(4);
    let mut players = Engine::new(16);
    let mut judge = Engine::new(16);
    let mut samples: Vec<(i32, f64)> = Vec::new();
    let (mut white, mut draws, mut black) = (0, 0, 0);
    for index in 0..games {
        let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index as u64);
        let mut game = opening(variant, &mut rng);
        let game_seed = rng.next_u64();
        players.clear();
        judge.clear();
        let mut scores = Vec::new();
        while !game.is_over() && game.moves().len() < 300 {
            let ply = game.moves().len();
            if ply >= 6 && ply % every == 0 {
                let r = judge.search(&game, Limits { depth: 100, nodes }, &mut NoClock);
                if let Score::Centi(c) = Score::from_internal(r.score) {
                    let white_view = if game.position().side_to_move() == Color::White {
                        c
                    } else {
                        -c
                    };
                    scores.push(white_view);
                }
            }
            let r = choose_move(
                &mut players,
                &game,
                Level::Medium,
                game_seed,
                Limits::default(),
                &mut NoClock,
            );
            game.play(r.best.expect("the game is not over"))
                .expect("legal");
        }
        let y = match game.outcome() {
            Some(Outcome::Win {
                winner: Color::White,
                ..
            }) => {
                white += 1;
                1.0
            }
            Some(Outcome::Win { .. }) => {
                black += 1;
                0.0
            }
            _ => {
                draws += 1;
                0.5
            }
        };
        samples.extend(scores.into_iter().map(|s| (s, y)));
    }
    // A coarse then a fine scan: the likelihood has one minimum in the scale.
    let mut best = (f64::INFINITY, 0.0);
    for s in (20..=2000).step_by(10) {
        let c = cost(&samples, s as f64);
        if c < best.0 {
            best = (c, s as f64);
        }
    }
    let (lo, hi) = ((best.1 - 10.0).max(1.0) as i32, (best.1 + 10.0) as i32);
    for s in lo..=hi {
        let c = cost(&samples, s as f64);
        if c < best.0 {
            best = (c, s as f64);
        }
    }
    let scale = best.1;
    println!(
        "{variant}: {games} games (White {white}, draws {draws}, Black {black}), {} positions at {nodes} nodes: scale {scale:.0}",
        samples.len()
    );
    println!("  score      n  observed  fitted");
    for lo in (-500..500).step_by(100) {
        let bucket: Vec<f64> = samples
            .iter()
            .filter(|&&(s, _)| s >= lo && s < lo + 100)
            .map(|&(_, y)| y)
            .collect();
        if bucket.is_empty() {
            continue;
        }
        let mid = lo as f64 + 50.0;
        println!(
            "  {lo:>5}  {:>5}  {:>7.3}  {:>6.3}",
            bucket.len(),
            bucket.iter().sum::<f64>() / bucket.len() as f64,
            1.0 / (1.0 + (-mid / scale).exp())
        );
    }
    Ok(())
}

/// `shashki review --pdn FILE [--nodes N] [--variant V]`: every move judged as the page does, and
/// the game written back as PDN with marks and comments.
pub fn review_pdn(args: &Args) -> Result<(), Fail> {
    args.check_known(&["--pdn", "--nodes", "--variant"])?;
    let path = args
        .value("--pdn")
        .ok_or_else(|| Fail("--pdn FILE is required".into()))?;
    let text = std::fs::read_to_string(path)?;
    let default = match args.value("--variant") {
        Some(v) => v.parse::<Variant>()?,
        None => Variant::Russian,
    };
    let nodes = number::<u64>(args, "--nodes", 1, u64::MAX)?.unwrap_or(REVIEW_NODES);
    let read = pdn::read(&text, default)?;
    let played = read.game;
    let variant = played.variant();
    let rules = variant.rules();
    let mut engine = Engine::new(32);
    // Backwards from the end, as the page does: the table then carries what later positions
    // showed, so a combination is judged by where it leads rather than by its first sacrifice.
    let mut game = played.clone();
    let mut values = Vec::new();
    loop {
        let r = engine.search(&game, Limits { depth: 100, nodes }, &mut NoClock);
        let score = if game.is_over() {
            match game.outcome() {
                Some(Outcome::Win { .. }) => Score::Loss(0),
                _ => Score::Centi(0),
            }
        } else {
            Score::from_internal(r.score)
        };
        values.push((score, r.best, r.pv));
        if game.undo().is_none() {
            break;
        }
    }
    values.reverse();
    let movers: Vec<(Color, bool)> = (0..played.moves().len())
        .map(|i| {
            let side = played.position_at(i).expect("in range").side_to_move();
            (side, values[i].1 == Some(played.moves()[i]))
        })
        .collect();
    let scores: Vec<Score> = values.iter().map(|v| v.0).collect();
    let (verdicts, sides) = review::summarize(variant, &movers, &scores);
    let mut notes = Vec::new();
    let mut out = String::new();
    for (i, m) in played.moves().iter().enumerate() {
        let pos = played.position_at(i).expect("in range");
        let verdict = verdicts[i];
        let e = review::expected(variant, values[i + 1].0);
        let mover_view = 1000 - e;
        let mut comment = String::new();
        if verdict.judgement.is_some() {
            if let Some(b) = values[i].1.filter(|b| b != m) {
                let mut p = *pos;
                let line: Vec<String> = values[i]
                    .2
                    .iter()
                    .take(6)
                    .map(|x| {
                        let t = move_to_string(&p, rules, x);
                        p = p.play(x);
                        t
                    })
                    .collect();
                write!(
                    comment,
                    "Better {} ({})",
                    move_to_string(pos, rules, &b),
                    line.join(" ")
                )
                .expect("string");
            }
        }
        println!(
            "{:>3}. {:<14} {:>8} -> {:>8}  expected {:>5.1}%  lost {:>5.1}%  {}  {}",
            i + 1,
            move_to_string(pos, rules, m),
            values[i].0.to_string(),
            values[i + 1].0.to_string(),
            mover_view as f64 / 10.0,
            verdict.loss as f64 / 10.0,
            verdict.judgement.map_or("", Judgement::name),
            comment
        );
        notes.push(pdn::Annotation {
            mark: verdict
                .judgement
                .map_or(String::new(), |j| j.mark().to_string()),
            comment,
        });
    }
    for (side, s) in [Color::White, Color::Black].iter().zip(sides) {
        println!(
            "{side}: accuracy {}%, inaccuracies {}, mistakes {}, blunders {}",
            s.accuracy, s.inaccuracies, s.mistakes, s.blunders
        );
    }
    write!(out, "{}", pdn::write_annotated(&played, &read.tags, &notes)).expect("string");
    println!("\n{out}");
    Ok(())
}
