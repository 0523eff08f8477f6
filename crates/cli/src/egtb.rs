//! The endgame table commands: `egtb` builds (and optionally checks) a variant's tables and
//! writes them to a file; `probe` reads a position's value from them.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use shashki::egtb::Tables;
use shashki::{fen, Variant};

use crate::args::{number, Args, Fail};

/// Where table files live unless `--dir`/`--out` says otherwise (ignored by git).
pub const DEFAULT_DIR: &str = "data/egtb";

/// The file holding `variant`'s tables complete to `pieces` pieces.
pub fn file_name(dir: &Path, variant: Variant, pieces: u32) -> PathBuf {
    dir.join(format!("{variant}-{pieces}.egtb"))
}

/// The most complete table file of `variant` in `dir`, loaded and verified.
pub fn load(dir: &Path, variant: Variant) -> Result<Tables, Fail> {
    let found = (2..=shashki::egtb::MAX_PIECES)
        .rev()
        .map(|n| file_name(dir, variant, n))
        .find(|p| p.exists())
        .ok_or_else(|| {
            Fail(format!(
                "no {variant} tables in {} (build them: shashki egtb --variant {variant} \
                 --pieces 4)",
                dir.display()
            ))
        })?;
    let bytes = std::fs::read(&found).map_err(|e| Fail(format!("{}: {e}", found.display())))?;
    Tables::from_bytes(variant, &bytes).map_err(|e| Fail(format!("{}: {e}", found.display())))
}

/// Tables for the engine from an `--egtb` value: a piece count (built in memory: about 0.1 s
/// for 3, several seconds for 4), a table file, or a folder holding the variant's file.
pub fn from_spec(variant: Variant, spec: &str) -> Result<Arc<Tables>, Fail> {
    if let Ok(n) = spec.parse::<u32>() {
        if !(2..=5).contains(&n) {
            return Err(Fail("--egtb N: build in memory needs 2 to 5 pieces".into()));
        }
        return Ok(Arc::new(Tables::build(variant, n, |_| {})?));
    }
    let path = Path::new(spec);
    if path.is_dir() {
        return load(path, variant).map(Arc::new);
    }
    let bytes = std::fs::read(path).map_err(|e| Fail(format!("--egtb {spec}: {e}")))?;
    Tables::from_bytes(variant, &bytes)
        .map(Arc::new)
        .map_err(|e| Fail(format!("--egtb {spec}: {e}")))
}

pub fn build(args: &Args) -> Result<(), Fail> {
    args.check_known(&["--variant", "--pieces", "--out", "--check"])?;
    let variant = args.variant()?;
    let pieces = number::<u32>(args, "--pieces", 2, shashki::egtb::MAX_PIECES)?
        .ok_or_else(|| Fail("--pieces N is required".into()))?;
    let dir = PathBuf::from(args.value("--out").unwrap_or(DEFAULT_DIR));
    let start = Instant::now();
    let mut last = start;
    let mut current = String::new();
    let tables = Tables::build(variant, pieces, |m| {
        if !current.is_empty() {
            eprintln!("{current} {:.2}s", last.elapsed().as_secs_f64());
        }
        last = Instant::now();
        current = format!("{m} {m_mirror}", m_mirror = m.mirror());
    })?;
    eprintln!("{current} {:.2}s", last.elapsed().as_secs_f64());
    let build_secs = start.elapsed().as_secs_f64();
    if args.switch("--check") {
        let t = Instant::now();
        let mut n = 0;
        for m in tables.materials() {
            n += tables
                .check(&m)
                .map_err(|e| Fail(format!("check failed: {e}")))?;
        }
        println!(
            "checked {n} positions against their successors in {:.1}s",
            t.elapsed().as_secs_f64()
        );
    }
    std::fs::create_dir_all(&dir).map_err(|e| Fail(format!("{}: {e}", dir.display())))?;
    let path = file_name(&dir, variant, pieces);
    let bytes = tables.to_bytes();
    std::fs::write(&path, &bytes).map_err(|e| Fail(format!("{}: {e}", path.display())))?;
    println!(
        "{variant} {pieces} pieces: {} tables, {} bytes, built in {build_secs:.1}s -> {}",
        tables.materials().len(),
        bytes.len(),
        path.display()
    );
    Ok(())
}

/// Prints one line: `win N`, `loss N`, `draw`, or `error: …` (with exit status 2) when the
/// position cannot be answered.
pub fn probe(args: &Args) -> Result<(), Fail> {
    probe_value(args)
        .map(|v| println!("{v}"))
        .inspect_err(|Fail(e)| println!("error: {e}"))
}

fn probe_value(args: &Args) -> Result<shashki::egtb::Value, Fail> {
    args.check_known(&["--variant", "--fen", "--dir"])?;
    let variant = args.variant()?;
    let pos = fen::parse(
        args.value("--fen")
            .ok_or_else(|| Fail("--fen FEN is required".into()))?,
    )?;
    let dir = PathBuf::from(args.value("--dir").unwrap_or(DEFAULT_DIR));
    let tables = load(&dir, variant)?;
    tables.probe(&pos).ok_or_else(|| {
        Fail(format!(
            "the position has {} pieces; the tables hold up to {}",
            pos.occupied().count(),
            tables.pieces()
        ))
    })
}
