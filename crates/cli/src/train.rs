//! `train`: fits the learned evaluation to self-play data and writes its weight file.
//!
//! Logistic regression on the features of [`shashki::pattern`]: the evaluation `z` (centi-men
//! for White) predicts White's expected score as `sigmoid(z / S)`. The target mixes the game's
//! result with the search score seen through the same curve (`--lambda` is the result's share),
//! which keeps the scale in centi-men so the search's margins keep their meaning. `S` is fitted
//! first, from the data's own scores against results. Every position is used twice, as played
//! and turned (board turned half a turn, colours swapped, target flipped), so the weights are
//! symmetric. Mini-batch Adam with decoupled weight decay; a fixed seed makes a run repeatable.
//! One block in ten of the input is held out to report the validation loss, next to the hand
//! table's.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::time::Instant;

use shashki::eval::evaluate_with;
use shashki::learned::{LearnedEval, QUANT};
use shashki::level::Rng;
use shashki::pattern::{features, CONFIGS, DENSE, DENSE_NAMES, PATTERNS, PHASE_MAX, WINDOWS};
use shashki::{fen, Color, Variant};

use crate::args::{number, Args, Fail};
use crate::selfplay::DECISIVE;

const TABLE: usize = PATTERNS * CONFIGS;
/// Parameter layout: opening windows, ending windows, opening dense, ending dense.
const PARAMS: usize = 2 * TABLE + 2 * DENSE;

struct Sample {
    windows: [u16; PATTERNS],
    dense: [i8; DENSE],
    phase: u8,
    target: f32,
}

/// One position of the data file with White's search score and result.
pub(crate) struct Raw {
    pub(crate) pos: shashki::Position,
    pub(crate) score: f64,
    pub(crate) result: f64,
}

fn read_data(paths: &str, max: usize) -> Result<Vec<Raw>, Fail> {
    let mut out = Vec::new();
    for path in paths.split(',').filter(|p| !p.is_empty()) {
        let file = File::open(path).map_err(|e| Fail(format!("{path}: {e}")))?;
        for (n, line) in BufReader::new(file).lines().enumerate() {
            if out.len() >= max {
                return Ok(out);
            }
            let line = line?;
            let bad = |why: &str| Fail(format!("{path}:{}: {why}", n + 1));
            let mut parts = line.split_whitespace();
            let (Some(f), Some(s), Some(r)) = (parts.next(), parts.next(), parts.next()) else {
                return Err(bad("expected FEN SCORE RESULT [PLY]"));
            };
            let pos = fen::parse(f).map_err(|e| bad(&e.to_string()))?;
            let score: f64 = s.parse().map_err(|_| bad("bad score"))?;
            let result: f64 = r.parse().map_err(|_| bad("bad result"))?;
            if !(0.0..=1.0).contains(&result) {
                return Err(bad("result must be 0, 0.5 or 1"));
            }
            let score = if pos.side_to_move() == Color::White {
                score
            } else {
                -score
            };
            out.push(Raw { pos, score, result });
        }
    }
    Ok(out)
}

/// [`training_data`] keeping only the positions with `from` pieces or more (the scale is fitted
/// to all of them first).
pub(crate) fn training_data_from(
    paths: &str,
    max: usize,
    from: u32,
) -> Result<(Vec<Raw>, f64), Fail> {
    let (mut raw, scale) = training_data(paths, max)?;
    raw.retain(|r| r.pos.occupied().count() >= from);
    if raw.len() < 10 {
        return Err(Fail(format!(
            "{paths}: too little data with {from} pieces or more ({} positions)",
            raw.len()
        )));
    }
    Ok((raw, scale))
}

/// How the training log names a `--from` limit.
pub(crate) fn pieces_note(from: u32) -> String {
    match from {
        0 => String::new(),
        _ => format!(" with {from} pieces or more"),
    }
}

/// The data of `paths` (at most `max` positions) and the scale S fitted to it, refusing a file
/// too small to learn from.
pub(crate) fn training_data(paths: &str, max: usize) -> Result<(Vec<Raw>, f64), Fail> {
    let raw = read_data(paths, max)?;
    if raw.len() < 10 {
        return Err(Fail(format!(
            "{paths}: too little data ({} positions)",
            raw.len()
        )));
    }
    let scale = fit_scale(&raw);
    Ok((raw, scale))
}

/// Whether the data's `i`-th position is held out for validation: one block of 1000 positions
/// (whole stretches of games) in ten.
pub(crate) fn held_out(i: usize) -> bool {
    (i / 1000) % 10 == 9
}

pub(crate) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

pub(crate) fn log_loss(t: f64, p: f64) -> f64 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

/// The scale S that best predicts results from the data's search scores (golden-section search).
fn fit_scale(data: &[Raw]) -> f64 {
    let loss = |s: f64| -> f64 {
        data.iter()
            .filter(|r| r.score.abs() < DECISIVE as f64)
            .map(|r| log_loss(r.result, sigmoid(r.score / s)))
            .sum()
    };
    let (mut a, mut b) = (20.0f64, 2000.0f64);
    let g = 0.618_033_988_75;
    for _ in 0..60 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if loss(c) < loss(d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

fn sample(pos: &shashki::Position, variant: Variant, target: f64) -> Sample {
    let f = features(pos, variant.rules());
    Sample {
        windows: f.windows,
        dense: f.dense.map(|x| x.clamp(-127, 127) as i8),
        phase: f.phase as u8,
        target: target as f32,
    }
}

/// White's value in centi-men and the two phase weights of a sample.
#[inline]
fn forward(w: &[f32], s: &Sample) -> (f32, f32, f32) {
    let a = s.phase as f32 / PHASE_MAX as f32;
    let b = 1.0 - a;
    let (mut o, mut e) = (0f32, 0f32);
    for (k, &i) in s.windows.iter().enumerate() {
        let j = k * CONFIGS + i as usize;
        o += w[j];
        e += w[TABLE + j];
    }
    for d in 0..DENSE {
        let x = s.dense[d] as f32;
        o += w[2 * TABLE + d] * x;
        e += w[2 * TABLE + DENSE + d] * x;
    }
    (a * o + b * e, a, b)
}

fn mean_loss(w: &[f32], samples: &[Sample], scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    samples
        .iter()
        .map(|s| log_loss(s.target as f64, sigmoid(forward(w, s).0 as f64 / scale)))
        .sum::<f64>()
        / samples.len() as f64
}

pub fn train(args: &Args) -> Result<(), Fail> {
    args.check_known(&[
        "--variant",
        "--data",
        "--out",
        "--epochs",
        "--lambda",
        "--lr",
        "--decay",
        "--batch",
        "--seed",
        "--max",
        "--no-king-windows",
        "--bands",
        "--only-bands",
        "--init",
        "--net",
        "--below",
        "--from",
    ])?;
    if let Some(spec) = args.value("--net") {
        return crate::train_net::train_net(args, spec);
    }
    let variant = args.variant()?;
    let data = args
        .value("--data")
        .ok_or_else(|| Fail("--data FILE[,FILE…] is required".into()))?;
    let out = args
        .value("--out")
        .ok_or_else(|| Fail("--out FILE is required".into()))?;
    let epochs = number::<usize>(args, "--epochs", 1, 1000)?.unwrap_or(6);
    let lambda = number::<f64>(args, "--lambda", 0.0, 1.0)?.unwrap_or(0.5);
    let lr = number::<f64>(args, "--lr", 1e-6, 1e3)?.unwrap_or(1.0) as f32;
    let decay = number::<f64>(args, "--decay", 0.0, 1.0)?.unwrap_or(1e-4) as f32;
    let batch = number::<usize>(args, "--batch", 1, 1 << 24)?.unwrap_or(4096);
    let seed = number::<u64>(args, "--seed", 0, u64::MAX)?.unwrap_or(1);
    let max = number::<usize>(args, "--max", 1, usize::MAX)?.unwrap_or(usize::MAX);
    // Where a network plays the endings, the tables play only from its `below` up: fitted
    // there alone, they spend what they can learn on the positions they will score.
    let from = number::<u32>(args, "--from", 0, 32)?.unwrap_or(0);
    // The pattern slots to learn. Without king windows the king slots stay zero (a variant where
    // they do not pay keeps the file format and the engine's one path). The bands are learned
    // only when asked for, so a file trained without them keeps the older, smaller layout (see
    // `shashki::learned`). `--only-bands` learns the bands alone, every other weight held where
    // `--init` put it: the bands take from plentiful shallow data what the windows cannot see,
    // and the windows keep what deeper data taught them.
    let kings = !args.switch("--no-king-windows");
    let only_bands = args.switch("--only-bands");
    let bands = only_bands || args.switch("--bands");
    let slots: Vec<usize> = (0..PATTERNS)
        .filter(|&k| match k {
            _ if k >= 2 * WINDOWS => bands,
            _ if only_bands => false,
            _ => k < WINDOWS || kings,
        })
        .collect();

    let start = Instant::now();
    let (raw, scale) = training_data_from(data, max, from)?;
    eprintln!(
        "train {variant}: {} positions{}, scale S = {scale:.1} centi-men ({:.1}s)",
        raw.len(),
        pieces_note(from),
        start.elapsed().as_secs_f64()
    );

    // The hand table's loss on the held-out positions as the reference.
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    let (mut hand_loss, mut n_valid) = (0.0, 0usize);
    let hand = shashki::eval::weights(variant);
    for (i, r) in raw.iter().enumerate() {
        let t = lambda * r.result + (1.0 - lambda) * sigmoid(r.score / scale);
        let set = if held_out(i) { &mut valid } else { &mut train };
        set.push(sample(&r.pos, variant, t));
        set.push(sample(&r.pos.flipped(), variant, 1.0 - t));
        if held_out(i) {
            let mut z = evaluate_with(&r.pos, variant.rules(), hand) as f64;
            if r.pos.side_to_move() == Color::Black {
                z = -z;
            }
            hand_loss += log_loss(t, sigmoid(z / scale));
            n_valid += 1;
        }
    }
    drop(raw);
    if n_valid > 0 {
        eprintln!(
            "train {variant}: hand table validation loss {:.5}",
            hand_loss / n_valid as f64
        );
    }

    let mut w = vec![0f32; PARAMS];
    let king = hand.king as f32;
    for phase in 0..2 {
        w[2 * TABLE + phase * DENSE] = 100.0;
        w[2 * TABLE + phase * DENSE + 1] = king;
    }
    if let Some(init) = args.value("--init") {
        start_from(&mut w, variant, init)?;
        eprintln!(
            "train {variant}: starting from {init}: loss {:.5} validation {:.5}",
            mean_loss(&w, &train, scale),
            mean_loss(&w, &valid, scale)
        );
    }
    // Weight decay pulls each window weight back to where it started: zero from scratch, the
    // earlier weights with --init, so new data refine what older data taught instead of
    // erasing it where they are thin.
    let prior = w[..2 * TABLE].to_vec();
    let (mut m, mut v) = (vec![0f32; PARAMS], vec![0f32; PARAMS]);
    let mut grad = vec![0f32; PARAMS];
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut rng = Rng::new(seed);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let steps_per_epoch = train.len().div_ceil(batch);
    let total_steps = (epochs * steps_per_epoch) as f32;
    let mut step = 0f32;
    for epoch in 1..=epochs {
        // Fisher–Yates with the engine's own generator: the same seed, the same run.
        for i in (1..order.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        for chunk in order.chunks(batch) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            let inv = 1.0 / chunk.len() as f32;
            for &i in chunk {
                let s = &train[i as usize];
                let (z, a, b) = forward(&w, s);
                let p = 1.0 / (1.0 + (-z / scale as f32).exp());
                let g = (p - s.target) / scale as f32 * inv;
                for &k in &slots {
                    let j = k * CONFIGS + s.windows[k] as usize;
                    grad[j] += g * a;
                    grad[TABLE + j] += g * b;
                }
                for d in (0..DENSE).filter(|_| !only_bands) {
                    let x = s.dense[d] as f32;
                    grad[2 * TABLE + d] += g * a * x;
                    grad[2 * TABLE + DENSE + d] += g * b * x;
                }
            }
            step += 1.0;
            // Linear decay to a tenth of the rate by the end.
            let rate = lr * (1.0 - 0.9 * step / total_steps);
            let (c1, c2) = (1.0 - b1.powf(step), 1.0 - b2.powf(step));
            for j in 0..PARAMS {
                let g = grad[j];
                m[j] = b1 * m[j] + (1.0 - b1) * g;
                v[j] = b2 * v[j] + (1.0 - b2) * g * g;
                let update = rate * (m[j] / c1) / ((v[j] / c2).sqrt() + eps);
                // Weight decay pulls rarely seen window weights back to zero.
                let shrink = if j < 2 * TABLE {
                    decay * rate * (w[j] - prior[j])
                } else {
                    0.0
                };
                w[j] -= update + shrink;
            }
        }
        eprintln!(
            "train {variant}: epoch {epoch}/{epochs} loss {:.5} validation {:.5} ({:.0}s)",
            mean_loss(&w, &train, scale),
            mean_loss(&w, &valid, scale),
            start.elapsed().as_secs_f64()
        );
    }
    let q = |x: f32| (x * QUANT as f32).round();
    let q16 = |x: f32| q(x).clamp(i16::MIN as f32, i16::MAX as f32) as i16;
    let windows: Vec<i16> = (0..TABLE)
        .flat_map(|j| [q16(w[j]), q16(w[TABLE + j])])
        .collect();
    let mut dense = [[0i32; DENSE]; 2];
    for (phase, set) in dense.iter_mut().enumerate() {
        for (d, x) in set.iter_mut().enumerate() {
            *x = q(w[2 * TABLE + phase * DENSE + d]) as i32;
        }
    }
    for (d, name) in DENSE_NAMES.iter().enumerate() {
        eprintln!(
            "train {variant}: {name:20} opening {:8.1} ending {:8.1}",
            w[2 * TABLE + d],
            w[2 * TABLE + DENSE + d]
        );
    }
    let eval = LearnedEval::from_parts(variant, dense, windows);
    std::fs::write(out, eval.to_bytes()).map_err(|e| Fail(format!("{out}: {e}")))?;
    let nonzero = eval_nonzero(&w);
    eprintln!(
        "train {variant}: wrote {out} ({nonzero} non-zero window weights, {:.0}s)",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The bytes `--init PATH` names: the file, or for `builtin` the shipped weights of its kind.
pub(crate) fn init_bytes(
    path: &str,
    builtin: Option<&'static [u8]>,
    variant: Variant,
) -> Result<Vec<u8>, Fail> {
    if path == "builtin" {
        builtin
            .map(<[u8]>::to_vec)
            .ok_or_else(|| Fail(format!("no built-in weights of that kind for {variant}")))
    } else {
        std::fs::read(path).map_err(|e| Fail(format!("{path}: {e}")))
    }
}

/// Sets the parameters to a weight file's (`builtin`: the variant's shipped weights).
fn start_from(w: &mut [f32], variant: Variant, path: &str) -> Result<(), Fail> {
    let bytes = init_bytes(path, shashki::learned::builtin_bytes(variant), variant)?;
    let e = LearnedEval::from_bytes(&bytes).map_err(|e| Fail(format!("{path}: {e}")))?;
    if e.variant() != variant {
        return Err(Fail(format!(
            "{path}: weights for {}, not {variant}",
            e.variant()
        )));
    }
    let unq = |x: i32| x as f32 / QUANT as f32;
    for (j, pair) in e.windows().chunks_exact(2).enumerate() {
        w[j] = unq(pair[0] as i32);
        w[TABLE + j] = unq(pair[1] as i32);
    }
    for (phase, set) in e.dense().iter().enumerate() {
        for (d, &x) in set.iter().enumerate() {
            w[2 * TABLE + phase * DENSE + d] = unq(x);
        }
    }
    Ok(())
}

fn eval_nonzero(w: &[f32]) -> usize {
    w[..2 * TABLE]
        .iter()
        .filter(|&&x| (x * QUANT as f32).round() != 0.0)
        .count()
}
