//! `rescore`: training data scored again by a deeper search.
//!
//! `selfplay` writes the score of the search that played the game (depth 8 or 10, cheap enough
//! for hundreds of thousands of games). A deeper search sees tactics and plans the static
//! evaluation misses; fitted to its scores, the evaluation learns to see them coming. This reads
//! `selfplay` lines (`FEN SCORE RESULT PLY`), keeps every K-th line with at least N pieces, and
//! writes them with SCORE replaced by a search to depth D from the FEN alone (no game history:
//! repetitions and move counters start afresh). Lines go out in input order; the table is
//! cleared every [`CHUNK`] lines, so the file is the same whatever the thread count.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use shashki::egtb::Tables;
use shashki::eval::Evaluator;
use shashki::search::{Engine, Limits, NoClock};
use shashki::{fen, Game, Variant};

use crate::args::{number, Args, Fail};
use crate::selfplay::data_score;

/// Lines searched by one engine between clearings of its table (neighbouring lines of one game
/// share much of their trees).
const CHUNK: usize = 64;

/// One kept input line: its FEN and the rest of the line after the score.
struct Line {
    fen: String,
    tail: String,
}

/// Parses `FEN SCORE RESULT PLY`; `None` for a line of any other shape.
fn parse(line: &str) -> Option<(&str, &str)> {
    let mut parts = line.splitn(3, ' ');
    let fen = parts.next()?;
    parts.next()?.parse::<i32>().ok()?;
    let tail = parts.next()?;
    Some((fen, tail))
}

/// The pieces on the board of a FEN.
fn pieces(fen: &str) -> Result<usize, Fail> {
    let pos = fen::parse(fen).map_err(|e| Fail(format!("{fen}: {e}")))?;
    Ok(pos.occupied().count() as usize)
}

fn score_chunk(
    variant: Variant,
    limits: Limits,
    engine: &mut Engine,
    chunk: &[Line],
) -> Result<String, Fail> {
    engine.clear();
    let mut out = String::new();
    for l in chunk {
        let game = Game::from_fen(variant, &l.fen).map_err(|e| Fail(format!("{}: {e}", l.fen)))?;
        let r = engine.search(&game, limits, &mut NoClock);
        out.push_str(&format!("{} {} {}\n", l.fen, data_score(r.score), l.tail));
    }
    Ok(out)
}

pub fn rescore(args: &Args) -> Result<(), Fail> {
    args.check_known(&[
        "--variant",
        "--data",
        "--out",
        "--depth",
        "--from",
        "--every",
        "--threads",
        "--weights",
        "--egtb",
    ])?;
    let variant = args.variant()?;
    let data = args
        .value("--data")
        .ok_or_else(|| Fail("--data FILE is required".into()))?;
    let out = args
        .value("--out")
        .ok_or_else(|| Fail("--out FILE is required".into()))?;
    let depth = number::<u32>(args, "--depth", 1, 100)?.unwrap_or(12);
    let from = number::<usize>(args, "--from", 0, 32)?.unwrap_or(0);
    let every = number::<usize>(args, "--every", 1, 1_000_000)?.unwrap_or(1);
    let threads = number::<usize>(args, "--threads", 1, 64)?.unwrap_or(1);
    let evaluator: Option<Evaluator> =
        crate::engine::load_weights(variant, args.value("--weights"))?;
    let tables: Option<Arc<Tables>> = args
        .value("--egtb")
        .map(|spec| crate::egtb::from_spec(variant, spec))
        .transpose()?;
    let limits = Limits {
        depth,
        nodes: u64::MAX,
    };

    let reader = BufReader::new(File::open(data).map_err(|e| Fail(format!("{data}: {e}")))?);
    let mut lines = Vec::new();
    let mut eligible = 0usize;
    for (n, line) in reader.lines().enumerate() {
        let line = line?;
        let (fen, tail) =
            parse(&line).ok_or_else(|| Fail(format!("{data}:{}: not a data line", n + 1)))?;
        if pieces(fen)? < from {
            continue;
        }
        eligible += 1;
        if (eligible - 1) % every == 0 {
            lines.push(Line {
                fen: fen.to_string(),
                tail: tail.to_string(),
            });
        }
    }
    let chunks: Vec<&[Line]> = lines.chunks(CHUNK).collect();
    let file = File::create(out).map_err(|e| Fail(format!("{out}: {e}")))?;
    let writer = Mutex::new((BufWriter::new(file), BTreeMap::new(), 0usize));
    let next = AtomicUsize::new(0);
    let failure = Mutex::new(None);
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut engine = Engine::new(16);
                engine.set_evaluator(evaluator.clone());
                engine.set_tables(tables.clone());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= chunks.len() || failure.lock().unwrap().is_some() {
                        break;
                    }
                    let text = match score_chunk(variant, limits, &mut engine, chunks[i]) {
                        Ok(t) => t,
                        Err(e) => {
                            *failure.lock().unwrap() = Some(e);
                            break;
                        }
                    };
                    let mut guard = writer.lock().unwrap();
                    let (w, pending, written) = &mut *guard;
                    pending.insert(i, text);
                    // In input order, so the file does not depend on timing.
                    while let Some(t) = pending.remove(written) {
                        w.write_all(t.as_bytes()).expect("write rescored data");
                        *written += 1;
                        if *written % 50 == 0 || *written == chunks.len() {
                            w.flush().expect("write rescored data");
                            eprintln!(
                                "rescore {variant}: {}/{} positions, {:.0}s",
                                (*written * CHUNK).min(lines.len()),
                                lines.len(),
                                start.elapsed().as_secs_f64()
                            );
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap() {
        return Err(e);
    }
    let (mut w, _, _) = writer.into_inner().unwrap();
    w.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_pieces_of_a_fen() {
        assert_eq!(pieces("W:W21,5,K30:B1,K2").ok(), Some(5));
        assert_eq!(pieces("B:W21-32:B1").ok(), Some(13));
        assert!(pieces("W:W99:B1").is_err());
    }

    #[test]
    fn reads_data_lines_and_rejects_others() {
        assert_eq!(parse("W:W21:B1 -7 0.5 8"), Some(("W:W21:B1", "0.5 8")));
        assert_eq!(parse("W:W21:B1 x 0.5 8"), None);
        assert_eq!(parse("W:W21:B1"), None);
    }
}
