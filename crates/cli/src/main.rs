//! `shashki`: the engine on the command line — how it is tested, benchmarked and compared with
//! other programs. Exit status 0 on success, 2 on bad arguments or input (reason on stderr).

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use shashki::notation::move_to_string;
use shashki::perft::{divide, perft, Counting};
use shashki::{fen, legal_moves, Position, Variant};

mod args;
mod egtb;
mod engine;
mod openings;
mod puzzles;
mod rescore;
mod selfplay;
mod soak;
mod stats;
mod train;
mod train_net;
mod winprob;

use args::{Args, Fail};

const USAGE: &str = "\
usage:
  shashki perft --variant czech|russian|english [--fen FEN] [--dups] [--divide] DEPTH
  shashki moves --variant V [--fen FEN]   (without --fen: one FEN per line on stdin)
  shashki eval --variant V [--fen FEN] [--weights FILE|hand]
                                          (static evaluation; without --fen: FENs on stdin)
  shashki bestmove --variant V [--fen FEN] [--moves \"m1 m2 ..\"] [--level easy|medium|hard
                   | --depth N | --nodes N | --movetime MS] [--seed S] [--hash MB] [--egtb SPEC]
                   [--weights FILE|hand]
  shashki match --variant V --a SPEC --b SPEC --games N [--movetime MS] [--seed S] [--threads T]
                [--a-set name=v,.. | --a-weights FILE] [--b-set .. | --b-weights FILE]
                [--a-egtb SPEC] [--b-egtb SPEC] [--a-bin PATH] [--b-bin PATH]
                [--sprt ELO0,ELO1] [--openings FILE] [--pdn FILE] [--verbose]
                SPEC: easy | medium | hard | depth=N | nodes=N
                --egtb SPEC: N (build N-piece endgame tables in memory), a table file or folder
  shashki openings --variant V --count N --out FILE [--seed S] [--depth D] [--margin CM] [--min CM]
  shashki bench [--depth N]
  shashki soak --variant V [--games N] [--seed S]
  shashki egtb --variant V --pieces N [--out DIR] [--check]
  shashki probe --variant V --fen FEN [--dir DIR]
  shashki puzzles --variant V --games N [--seed S] [--depth D] [--out FILE]
  shashki winprob --variant V --games N [--seed S] [--nodes N] [--every K]
  shashki review --pdn FILE [--nodes N] [--variant V]
  shashki selfplay --variant V --games N --out FILE [--seed S] [--depth D | --nodes N]
                   [--threads T] [--weights FILE|hand] [--egtb SPEC]
  shashki rescore --variant V --data FILE --out FILE [--depth D] [--from N] [--every K]
                  [--threads T] [--weights FILE|hand] [--egtb SPEC]
  shashki train --variant V --data FILE[,FILE..] --out FILE [--epochs N] [--lambda L]
                [--lr X] [--decay X] [--batch N] [--seed S] [--max N] [--no-king-windows]
                [--bands | --only-bands] [--init FILE|builtin] [--from N] [--net H1,H2 [--below N]]

perft prints one line per depth: depth, nodes, milliseconds, nodes per second.
--dups counts every capture path; by default moves with the same from, to and
captured set count once.";

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

/// `eval`: the engine's static evaluation of each FEN (stdin, one per line, or `--fen`).
fn cmd_eval(args: &Args) -> Result<(), Fail> {
    args.check_known(&["--variant", "--fen", "--weights"])?;
    let variant = args.variant()?;
    let evaluator = engine::load_weights(variant, args.value("--weights"))?
        .unwrap_or_else(|| shashki::eval::Evaluator::default_for(variant));
    let mut out = io::stdout().lock();
    if args.value("--fen").is_some() {
        let pos = args.position(variant)?;
        writeln!(out, "{}", evaluator.evaluate(&pos, variant.rules()))?;
        return Ok(());
    }
    for line in io::stdin().lock().lines() {
        let line = line?;
        match fen::parse(&line) {
            Ok(pos) => writeln!(out, "{}", evaluator.evaluate(&pos, variant.rules()))?,
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
        "eval" => cmd_eval(&args),
        "bestmove" => engine::bestmove(&args),
        "match" => engine::play_match(&args),
        "bench" => engine::bench(&args),
        "soak" => soak::soak(&args),
        "egtb" => egtb::build(&args),
        "probe" => egtb::probe(&args),
        "puzzles" => puzzles::puzzles(&args),
        "winprob" => winprob::winprob(&args),
        "review" => winprob::review_pdn(&args),
        "selfplay" => selfplay::selfplay(&args),
        "rescore" => rescore::rescore(&args),
        "openings" => openings::openings(&args),
        "train" => train::train(&args),
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
