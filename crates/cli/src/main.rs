//! `shashki`: the engine on the command line — how it is tested, benchmarked and compared with
//! other programs. Exit status 0 on success, 2 on bad arguments or input (reason on stderr).

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use shashki::notation::move_to_string;
use shashki::perft::{divide, perft, Counting};
use shashki::{fen, legal_moves, Position, Variant};

const USAGE: &str = "\
usage:
  shashki perft --variant czech|russian|english [--fen FEN] [--dups] [--divide] DEPTH
  shashki moves --variant V [--fen FEN]   (without --fen: one FEN per line on stdin)

perft prints one line per depth: depth, nodes, milliseconds, nodes per second.
--dups counts every capture path; by default moves with the same from, to and
captured set count once.";

/// A usage or input error: printed on stderr with exit status 2.
struct Fail(String);

impl<E: std::fmt::Display> From<E> for Fail {
    fn from(e: E) -> Fail {
        Fail(e.to_string())
    }
}

/// Command-line options in `--name value` form plus positional arguments.
struct Args {
    flags: Vec<(String, Option<String>)>,
    positional: Vec<String>,
}

const SWITCHES: &[&str] = &["--dups", "--divide"];

impl Args {
    fn parse(raw: impl Iterator<Item = String>) -> Result<Args, Fail> {
        let mut flags = Vec::new();
        let mut positional = Vec::new();
        let mut raw = raw.peekable();
        while let Some(a) = raw.next() {
            if let Some(name) = a.strip_prefix("--") {
                if let Some((k, v)) = name.split_once('=') {
                    flags.push((format!("--{k}"), Some(v.to_string())));
                } else if SWITCHES.contains(&a.as_str()) {
                    flags.push((a, None));
                } else {
                    let v = raw
                        .next()
                        .ok_or_else(|| Fail(format!("{a} needs a value")))?;
                    flags.push((a, Some(v)));
                }
            } else {
                positional.push(a);
            }
        }
        Ok(Args { flags, positional })
    }

    fn value(&self, name: &str) -> Option<&str> {
        self.flags
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .and_then(|(_, v)| v.as_deref())
    }

    fn switch(&self, name: &str) -> bool {
        self.flags.iter().any(|(k, _)| k == name)
    }

    fn check_known(&self, known: &[&str]) -> Result<(), Fail> {
        for (k, _) in &self.flags {
            if !known.contains(&k.as_str()) {
                return Err(Fail(format!("unknown option {k}")));
            }
        }
        Ok(())
    }

    fn variant(&self) -> Result<Variant, Fail> {
        let v = self
            .value("--variant")
            .ok_or_else(|| Fail("--variant czech|russian|english is required".into()))?;
        Ok(v.parse::<Variant>()?)
    }

    fn position(&self, variant: Variant) -> Result<Position, Fail> {
        match self.value("--fen") {
            Some(f) => Ok(fen::parse(f)?),
            None => Ok(Position::start(variant.rules().first_to_move)),
        }
    }
}

fn cmd_perft(args: &Args) -> Result<(), Fail> {
    args.check_known(&["--variant", "--fen", "--dups", "--divide"])?;
    let variant = args.variant()?;
    let pos = args.position(variant)?;
    let rules = variant.rules();
    let depth: u32 = match args.positional.as_slice() {
        [d] => d
            .parse()
            .map_err(|_| Fail(format!("depth must be a number, got {d:?}")))?,
        _ => return Err(Fail("perft needs one DEPTH".into())),
    };
    if depth > 30 {
        return Err(Fail("depth must be at most 30".into()));
    }
    let counting = if args.switch("--dups") {
        Counting::AllPaths
    } else {
        Counting::Distinct
    };
    let mut out = io::stdout().lock();
    if args.switch("--divide") {
        let mut total = 0;
        for (m, n) in divide(&pos, rules, depth, counting) {
            writeln!(out, "{} {n}", move_to_string(&pos, rules, &m))?;
            total += n;
        }
        writeln!(out, "total {total}")?;
        return Ok(());
    }
    for d in 1..=depth {
        let t = Instant::now();
        let nodes = perft(&pos, rules, d, counting);
        let secs = t.elapsed().as_secs_f64();
        let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
        writeln!(
            out,
            "{d} {nodes} {:.0}ms {:.1}M/s",
            secs * 1000.0,
            nps / 1e6
        )?;
        out.flush()?;
    }
    Ok(())
}

/// The legal moves in notation, ordered by from square, then to square, then text.
fn move_texts(variant: Variant, pos: &Position) -> Vec<String> {
    let rules = variant.rules();
    let mut moves = Vec::new();
    legal_moves(pos, rules, &mut moves);
    let mut texts: Vec<(u8, u8, String)> = moves
        .iter()
        .map(|m| {
            (
                m.from().number(),
                m.to().number(),
                move_to_string(pos, rules, m),
            )
        })
        .collect();
    texts.sort();
    texts.into_iter().map(|(_, _, t)| t).collect()
}

fn cmd_moves(args: &Args) -> Result<(), Fail> {
    args.check_known(&["--variant", "--fen"])?;
    let variant = args.variant()?;
    let mut out = io::stdout().lock();
    if args.value("--fen").is_some() {
        let pos = args.position(variant)?;
        for t in move_texts(variant, &pos) {
            writeln!(out, "{t}")?;
        }
        return Ok(());
    }
    for line in io::stdin().lock().lines() {
        let line = line?;
        match fen::parse(&line) {
            Ok(pos) => writeln!(out, "{}", move_texts(variant, &pos).join(" "))?,
            Err(e) => writeln!(out, "error: {e}")?,
        }
    }
    Ok(())
}

fn run() -> Result<(), Fail> {
    let mut raw = std::env::args().skip(1);
    let cmd = raw.next().ok_or_else(|| Fail(USAGE.into()))?;
    let args = Args::parse(raw)?;
    match cmd.as_str() {
        "perft" => cmd_perft(&args),
        "moves" => cmd_moves(&args),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(Fail(format!("unknown command {other:?}\n{USAGE}"))),
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(msg)) => {
            eprintln!("shashki: {msg}");
            ExitCode::from(2)
        }
    }
}
