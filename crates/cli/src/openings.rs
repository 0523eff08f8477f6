//! `openings`: a book of balanced openings for `match --openings`.
//!
//! The match's own openings are 2–4 random plies, and in Russian and Czech about one pair in four
//! of them is decided before the engines start: the same colour wins both games whoever plays
//! it, so the pair scores 50 % for any two engines and only dilutes the measurement. A book
//! keeps the random openings whose score after a fixed-depth search is within a margin of level,
//! as engine testers filter their books, so every game measures play. `--min` keeps instead the
//! openings with an edge for one side (as chess testers' unbalanced books): between two engines
//! that draw most level games, each opening played with both colours then asks whether the
//! stronger converts the better side and holds the worse, which shows a difference in fewer
//! games. One opening per line, as
//! its moves from the start position; the search is node- and clock-free, so a seed always
//! gives the same book.

use std::collections::HashSet;
use std::io::Write;

use shashki::level::Rng;
use shashki::search::{Engine, Limits, NoClock, Score};
use shashki::{Game, Variant};

use crate::args::{number, Args, Fail};

/// 2–4 random plies from the seed (never a finished game).
pub fn random_opening(variant: Variant, seed: u64) -> Game {
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

/// The moves of a game as one line of a book.
pub fn book_line(game: &Game) -> String {
    (0..game.moves().len())
        .map(|i| game.move_text(i).expect("in range"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a book: one opening per line (moves from the start), `#` comments and blank lines
/// skipped. Every line must be legal, or the book is refused with its line number.
pub fn read_book(variant: Variant, path: &str) -> Result<Vec<Game>, Fail> {
    let text = std::fs::read_to_string(path).map_err(|e| Fail(format!("{path}: {e}")))?;
    let mut out = Vec::new();
    for (n, l) in text.lines().enumerate() {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let mut g = Game::new(variant);
        for mv in l.split_whitespace() {
            g.play_text(mv)
                .map_err(|e| Fail(format!("{path}:{}: {mv}: {e}", n + 1)))?;
        }
        if g.is_over() {
            return Err(Fail(format!("{path}:{}: the game is already over", n + 1)));
        }
        out.push(g);
    }
    if out.is_empty() {
        return Err(Fail(format!("{path}: no openings")));
    }
    Ok(out)
}

pub fn openings(args: &Args) -> Result<(), Fail> {
    args.check_known(&[
        "--variant",
        "--count",
        "--seed",
        "--depth",
        "--margin",
        "--min",
        "--out",
    ])?;
    let variant = args.variant()?;
    let count = number::<usize>(args, "--count", 1, 100_000)?
        .ok_or_else(|| Fail("--count is required".into()))?;
    let seed = number::<u64>(args, "--seed", 0, u64::MAX)?.unwrap_or(1);
    let depth = number::<u32>(args, "--depth", 1, 30)?.unwrap_or(12);
    let margin = number::<i32>(args, "--margin", 0, 10_000)?.unwrap_or(40);
    let min = number::<i32>(args, "--min", 0, 10_000)?.unwrap_or(0);
    if min > margin {
        return Err(Fail(format!("--min {min} is above --margin {margin}")));
    }
    let out = args
        .value("--out")
        .ok_or_else(|| Fail("--out FILE is required".into()))?;
    let mut engine = Engine::new(16);
    let (mut seen, mut kept, mut tried) = (HashSet::new(), Vec::new(), 0u64);
    while kept.len() < count {
        if tried > 1000 * count as u64 + 10_000 {
            return Err(Fail(format!(
                "only {} openings in {tried} tries; widen --margin",
                kept.len()
            )));
        }
        // Seeds draw from disjoint runs of 2^32 openings (seed 1 from 1, 2, 3, …), so books of
        // different seeds share no more than chance allows.
        let game = random_opening(
            variant,
            seed.wrapping_sub(1)
                .wrapping_mul(1 << 32)
                .wrapping_add(1 + tried),
        );
        tried += 1;
        let text = book_line(&game);
        if !seen.insert(text.clone()) {
            continue;
        }
        engine.clear();
        let limits = Limits {
            depth,
            nodes: u64::MAX,
        };
        let r = engine.search(&game, limits, &mut NoClock);
        if matches!(Score::from_internal(r.score), Score::Centi(c) if (min..=margin).contains(&c.abs()))
        {
            kept.push(format!("{text}\n"));
        }
    }
    let mut f = std::fs::File::create(out).map_err(|e| Fail(format!("{out}: {e}")))?;
    let within = match min {
        0 => format!("within {margin}"),
        _ => format!("between {min} and {margin}"),
    };
    writeln!(
        f,
        "# {variant}: {count} openings {within} centi-men at depth {depth} \
         (seed {seed}, {} of {tried} random openings kept)",
        kept.len()
    )?;
    for l in kept {
        f.write_all(l.as_bytes())?;
    }
    eprintln!("openings {variant}: {count} of {tried} random openings kept, wrote {out}");
    Ok(())
}
