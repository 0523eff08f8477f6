//! `train --net H1,H2`: fits the network evaluation of [`shashki::net`] to self-play data and
//! writes its file.
//!
//! The same data and target as the pattern tables (`train`): the game's result mixed with the
//! search score through `sigmoid(score / S)`, S fitted to the data. Here everything is seen from
//! the side to move, so no turned copy is needed. The network (128 inputs, two clipped-ReLU
//! layers, one output logit) is trained in floating point by mini-batch Adam, the rate halved
//! every epoch, then rounded to the integer file. One block in ten is held out; the validation
//! loss is reported for the float network, for the rounded one the engine will play, and for
//! the network and pattern tables shipped for the variant, over all held-out positions and
//! over those with fewer pieces than `--below` (where the network will play), so a new network
//! is judged against what it would replace where it replaces it. `--init` starts from a network
//! file instead of random weights: a new generation's games refine the network that played
//! them.

use std::time::Instant;

use shashki::level::Rng;
use shashki::net::{NetEval, INPUTS, LANES, MAX_HIDDEN, W1_LIMIT};
use shashki::{Color, Position, Variant};

use crate::args::{number, Args, Fail};
use crate::train::{held_out, init_bytes, log_loss, pieces_note, sigmoid, training_data_from};

/// One training position: the four input planes (side to move's view) and the target.
struct Sample {
    planes: [u32; 4],
    target: f32,
}

/// The network in floating point. W2 is stored `[h2][h1]`, as in the file.
struct Net {
    h1: usize,
    h2: usize,
    /// W1 `[INPUTS][h1]`, b1, W2 `[h2][h1]`, b2, W3 `[h2]`, b3: one flat vector for Adam.
    p: Vec<f32>,
}

impl Net {
    fn offsets(&self) -> [usize; 6] {
        let (h1, h2) = (self.h1, self.h2);
        let w1 = 0;
        let b1 = w1 + INPUTS * h1;
        let w2 = b1 + h1;
        let b2 = w2 + h2 * h1;
        let w3 = b2 + h2;
        let b3 = w3 + h2;
        [w1, b1, w2, b2, w3, b3]
    }

    fn new(h1: usize, h2: usize, rng: &mut Rng) -> Net {
        let mut net = Net {
            h1,
            h2,
            p: Vec::new(),
        };
        let [_, b1, w2, b2, w3, b3] = net.offsets();
        net.p = vec![0.0; b3 + 1];
        // He initialisation; a position sets about 20 inputs.
        let mut gauss = || {
            let u = (rng.below(1 << 24) as f32 + 0.5) / (1 << 24) as f32;
            let v = rng.below(1 << 24) as f32 / (1 << 24) as f32;
            (-2.0 * u.ln()).sqrt() * (core::f32::consts::TAU * v).cos()
        };
        for (j, x) in net.p.iter_mut().enumerate() {
            let sd = if j < b1 {
                (2.0f32 / 20.0).sqrt()
            } else if (w2..b2).contains(&j) {
                (2.0 / h1 as f32).sqrt()
            } else if (w3..b3).contains(&j) {
                (1.0 / h2 as f32).sqrt()
            } else {
                0.0
            };
            *x = sd * gauss();
        }
        net
    }

    /// The float form of an integer network (the inverse of [`Net::quantize`]), to train on
    /// from where it stands.
    fn from_eval(e: &NetEval) -> Net {
        let l = e.layers();
        let w = |x: &i16| *x as f32 / 1024.0;
        let b = |x: &i32| *x as f32 / 131_072.0;
        let mut p: Vec<f32> = l.w1.iter().chain(l.b1).chain(l.w2).map(w).collect();
        p.extend(l.b2.iter().map(b));
        p.extend(l.w3.iter().map(w));
        p.push(b(&l.b3));
        Net {
            h1: l.b1.len(),
            h2: l.b2.len(),
            p,
        }
    }

    /// Forward pass: fills the pre-activations and returns the output logit.
    fn forward(&self, planes: &[u32; 4], a1: &mut [f32], a2: &mut [f32]) -> f32 {
        let (h1, h2) = (self.h1, self.h2);
        let [w1, b1, w2, b2, w3, b3] = self.offsets();
        a1.copy_from_slice(&self.p[b1..b1 + h1]);
        for_each_input(planes, |i| {
            let row = &self.p[w1 + i * h1..w1 + (i + 1) * h1];
            for (a, w) in a1.iter_mut().zip(row) {
                *a += w;
            }
        });
        let mut z = self.p[b3];
        for (k, out) in a2.iter_mut().enumerate().take(h2) {
            let row = &self.p[w2 + k * h1..w2 + (k + 1) * h1];
            let dot: f32 = a1
                .iter()
                .zip(row)
                .map(|(&a, w)| a.clamp(0.0, 1.0) * w)
                .sum();
            *out = dot + self.p[b2 + k];
            z += out.clamp(0.0, 1.0) * self.p[w3 + k];
        }
        z
    }

    /// The integer network the engine plays: weights in 1/1024, the output's biases in
    /// 1/(128·1024), as [`shashki::net`] reads them.
    fn quantize(&self, variant: Variant, scale: f64) -> Result<NetEval, Fail> {
        let [w1, b1, w2, b2, w3, b3] = self.offsets();
        let q16 = |x: &f32| (x * 1024.0).round().clamp(-32767.0, 32767.0) as i16;
        let limit = W1_LIMIT as f32;
        let q1 = |x: &f32| (x * 1024.0).round().clamp(-limit, limit) as i16;
        let q32 = |x: &f32| (x * 131_072.0).round() as i32;
        NetEval::from_parts(
            variant,
            scale.round() as i32,
            self.p[w1..b1].iter().map(q1).collect(),
            self.p[b1..w2].iter().map(q1).collect(),
            self.p[w2..b2].iter().map(q16).collect(),
            self.p[b2..w3].iter().map(q32).collect(),
            self.p[w3..b3].iter().map(q16).collect(),
            q32(&self.p[b3]),
        )
        .map_err(|e| Fail(format!("network: {e}")))
    }
}

/// `--init FILE|builtin`: a network file of the variant to start from.
fn read_net(variant: Variant, path: &str) -> Result<NetEval, Fail> {
    let bytes = init_bytes(path, shashki::net::builtin_bytes(variant), variant)?;
    let net = NetEval::from_bytes(&bytes).map_err(|e| Fail(format!("{path}: {e}")))?;
    if net.variant() != variant {
        return Err(Fail(format!(
            "{path}: a network for {}, not {variant}",
            net.variant()
        )));
    }
    Ok(net)
}

fn for_each_input(planes: &[u32; 4], mut f: impl FnMut(usize)) {
    for (plane, &bits) in planes.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            f(plane * 32 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

fn mean_loss(net: &Net, samples: &[Sample]) -> f64 {
    let (mut a1, mut a2) = (vec![0.0; net.h1], vec![0.0; net.h2]);
    let total: f64 = samples
        .iter()
        .map(|s| {
            let z = net.forward(&s.planes, &mut a1, &mut a2);
            log_loss(s.target as f64, sigmoid(z as f64))
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// `--net H1,H2`: the two hidden layers' widths.
fn parse_shape(spec: &str) -> Result<(usize, usize), Fail> {
    let bad = || {
        Fail(format!(
            "--net {spec}: expected H1,H2 (H1 a multiple of {LANES}, both 1..={MAX_HIDDEN})"
        ))
    };
    let (a, b) = spec.split_once(',').ok_or_else(bad)?;
    let (h1, h2): (usize, usize) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    if h1 == 0 || h1 % LANES != 0 || h1 > MAX_HIDDEN || h2 == 0 || h2 > MAX_HIDDEN {
        return Err(bad());
    }
    Ok((h1, h2))
}

// Backpropagation reads as the textbook's sums over unit indexes.
#[allow(clippy::needless_range_loop)]
pub fn train_net(args: &Args, spec: &str) -> Result<(), Fail> {
    let (h1, h2) = parse_shape(spec)?;
    let variant = args.variant()?;
    let data = args
        .value("--data")
        .ok_or_else(|| Fail("--data FILE[,FILE…] is required".into()))?;
    let out = args
        .value("--out")
        .ok_or_else(|| Fail("--out FILE is required".into()))?;
    let epochs = number::<usize>(args, "--epochs", 1, 1000)?.unwrap_or(6);
    let lambda = number::<f64>(args, "--lambda", 0.0, 1.0)?.unwrap_or(0.5);
    let lr = number::<f64>(args, "--lr", 1e-6, 1e3)?.unwrap_or(2e-3) as f32;
    let batch = number::<usize>(args, "--batch", 1, 1 << 24)?.unwrap_or(1024);
    let seed = number::<u64>(args, "--seed", 0, u64::MAX)?.unwrap_or(1);
    let max = number::<usize>(args, "--max", 1, usize::MAX)?.unwrap_or(usize::MAX);
    // Written into the file: the engine plays the network below this many pieces and the
    // variant's pattern tables from there up (0: the network everywhere).
    let below = number::<u32>(args, "--below", 0, 255)?.unwrap_or(0);
    // A network for the many-piece positions alone (beside one for the endings) learns only
    // those, as the pattern tables do with `--from`.
    let from = number::<u32>(args, "--from", 0, 32)?.unwrap_or(0);

    let start = Instant::now();
    let (raw, scale) = training_data_from(data, max, from)?;
    eprintln!(
        "train {variant}: {} positions{}, scale S = {scale:.1} centi-men, network 128-{h1}-{h2}-1",
        raw.len(),
        pieces_note(from),
    );
    let (mut train, mut valid, mut valid_pos) = (Vec::new(), Vec::new(), Vec::new());
    for (i, r) in raw.iter().enumerate() {
        // Data scores and results are White's; the network sees the side to move.
        let t = lambda * r.result + (1.0 - lambda) * sigmoid(r.score / scale);
        let white = r.pos.side_to_move() == shashki::Color::White;
        let target = if white { t } else { 1.0 - t } as f32;
        let s = Sample {
            planes: NetEval::inputs(&r.pos),
            target,
        };
        if held_out(i) {
            valid.push(s);
            valid_pos.push(r.pos);
        } else {
            train.push(s);
        }
    }
    drop(raw);

    let mut rng = Rng::new(seed);
    let mut net = match args.value("--init") {
        Some(init) => {
            let net = Net::from_eval(&read_net(variant, init)?);
            if (net.h1, net.h2) != (h1, h2) {
                return Err(Fail(format!(
                    "--init {init}: a 128-{}-{} network, not 128-{h1}-{h2}",
                    net.h1, net.h2
                )));
            }
            eprintln!(
                "train {variant}: starting from {init}: loss {:.5} validation {:.5}",
                mean_loss(&net, &train),
                mean_loss(&net, &valid)
            );
            net
        }
        None => Net::new(h1, h2, &mut rng),
    };
    let n = net.p.len();
    let [w1_at, b1_at, w2_at, b2_at, w3_at, b3_at] = net.offsets();
    let (mut m, mut v, mut grad) = (vec![0f32; n], vec![0f32; n], vec![0f32; n]);
    let (beta1, beta2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let (mut a1, mut a2) = (vec![0f32; h1], vec![0f32; h2]);
    let (mut d1, mut d2) = (vec![0f32; h1], vec![0f32; h2]);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut rate = lr;
    let mut step = 0i32;
    let w1_max = W1_LIMIT as f32 / 1024.0;
    for epoch in 1..=epochs {
        for i in (1..order.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        for chunk in order.chunks(batch) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            let inv = 1.0 / chunk.len() as f32;
            for &i in chunk {
                let s = &train[i as usize];
                let z = net.forward(&s.planes, &mut a1, &mut a2);
                let g = (1.0 / (1.0 + (-z).exp()) - s.target) * inv;
                grad[b3_at] += g;
                for k in 0..h2 {
                    let live = a2[k] > 0.0 && a2[k] < 1.0;
                    grad[w3_at + k] += g * a2[k].clamp(0.0, 1.0);
                    d2[k] = if live { g * net.p[w3_at + k] } else { 0.0 };
                }
                d1.iter_mut().for_each(|d| *d = 0.0);
                for k in 0..h2 {
                    if d2[k] == 0.0 {
                        continue;
                    }
                    grad[b2_at + k] += d2[k];
                    let row = w2_at + k * h1;
                    for j in 0..h1 {
                        grad[row + j] += d2[k] * a1[j].clamp(0.0, 1.0);
                        d1[j] += d2[k] * net.p[row + j];
                    }
                }
                for j in 0..h1 {
                    if !(a1[j] > 0.0 && a1[j] < 1.0) {
                        d1[j] = 0.0;
                    }
                    grad[b1_at + j] += d1[j];
                }
                for_each_input(&s.planes, |i| {
                    let row = &mut grad[w1_at + i * h1..w1_at + (i + 1) * h1];
                    for (g, d) in row.iter_mut().zip(&d1) {
                        *g += d;
                    }
                });
            }
            step += 1;
            let (c1, c2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            for j in 0..n {
                let g = grad[j];
                m[j] = beta1 * m[j] + (1.0 - beta1) * g;
                v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
                net.p[j] -= rate * (m[j] / c1) / ((v[j] / c2).sqrt() + eps);
            }
            // The first layer stays within what the engine's 16-bit sums can hold.
            for x in &mut net.p[..w2_at] {
                *x = x.clamp(-w1_max, w1_max);
            }
        }
        rate *= 0.5;
        eprintln!(
            "train {variant}: epoch {epoch}/{epochs} loss {:.5} validation {:.5} ({:.0}s)",
            mean_loss(&net, &train),
            mean_loss(&net, &valid),
            start.elapsed().as_secs_f64()
        );
    }

    let eval = net.quantize(variant, scale)?.with_below(below);
    // What the engine will play, and what it would replace, on the held-out positions: all of
    // them, those the network is to play (fewer pieces than `below`), where it counts, and the
    // rest, where the pattern tables play on.
    let shipped = shashki::net::builtin_bytes(variant).and_then(|b| NetEval::from_bytes(b).ok());
    let tables = shashki::learned::builtin_bytes(variant)
        .and_then(|b| shashki::learned::LearnedEval::from_bytes(b).ok());
    // Piece counts as half-open ranges: all, then below and from `below` up where it splits.
    // A network for every position (`--below 0`, the one for many pieces) is split where the
    // shipped endings' network takes over.
    let split = match below {
        0 => shipped.as_ref().map_or(0, |n| n.below()),
        _ => below,
    };
    let mut bands = vec![(0, u32::MAX)];
    if split > 0 {
        bands.extend([(0, split), (split, u32::MAX)]);
    }
    for (low, limit) in bands {
        let held: Vec<(&Sample, &Position)> = valid
            .iter()
            .zip(&valid_pos)
            .filter(|(_, p)| (low..limit).contains(&p.occupied().count()))
            .collect();
        let loss = |value: &dyn Fn(&Position) -> f64| -> f64 {
            held.iter()
                .map(|(s, p)| log_loss(s.target as f64, sigmoid(value(p))))
                .sum::<f64>()
                / held.len().max(1) as f64
        };
        let mut line = format!(
            "rounded network {:.5}",
            loss(&|p| eval.logit(p) as f64 / 131_072.0)
        );
        if let Some(n) = &shipped {
            let l = loss(&|p| n.logit(p) as f64 / 131_072.0);
            line += &format!(", shipped network {l:.5}");
        }
        if let Some(tables) = &tables {
            // The pattern tables' own value, without the hand-table fallbacks both share.
            let l = loss(&|p| {
                let z = tables.white_value(&shashki::pattern::features(p, variant.rules())) as f64;
                let z = if p.side_to_move() == Color::White {
                    z
                } else {
                    -z
                };
                z / scale
            });
            line += &format!(", shipped pattern tables {l:.5}");
        }
        let which = match (low, limit) {
            (0, u32::MAX) => String::from("all"),
            (0, _) => format!("fewer than {limit} pieces:"),
            _ => format!("{low} pieces or more:"),
        };
        eprintln!(
            "train {variant}: validation loss ({which} {} positions) {line}",
            held.len()
        );
    }
    std::fs::write(out, eval.to_bytes()).map_err(|e| Fail(format!("{out}: {e}")))?;
    eprintln!(
        "train {variant}: wrote {out} ({} bytes, {:.0}s)",
        eval.to_bytes().len(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
