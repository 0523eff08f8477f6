//! Command-line options: `--name value` (or `--name=value`), switches and positional arguments.

use shashki::{fen, Position, Variant};

/// A usage or input error: printed on stderr with exit status 2.
pub struct Fail(pub String);

impl<E: std::fmt::Display> From<E> for Fail {
    fn from(e: E) -> Fail {
        Fail(e.to_string())
    }
}

/// Command-line options in `--name value` form plus positional arguments.
pub struct Args {
    pub flags: Vec<(String, Option<String>)>,
    pub positional: Vec<String>,
}

const SWITCHES: &[&str] = &[
    "--dups",
    "--divide",
    "--verbose",
    "--check",
    "--no-king-windows",
    "--bands",
    "--only-bands",
];

/// A numeric option with a range check.
pub fn number<T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy>(
    args: &Args,
    name: &str,
    min: T,
    max: T,
) -> Result<Option<T>, Fail> {
    let Some(v) = args.value(name) else {
        return Ok(None);
    };
    let n: T = v
        .parse()
        .map_err(|_| Fail(format!("{name} must be a number, got {v:?}")))?;
    if n < min || n > max {
        return Err(Fail(format!("{name} must be between {min} and {max}")));
    }
    Ok(Some(n))
}

impl Args {
    pub fn parse(raw: impl Iterator<Item = String>) -> Result<Args, Fail> {
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

    pub fn value(&self, name: &str) -> Option<&str> {
        self.flags
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .and_then(|(_, v)| v.as_deref())
    }

    pub fn switch(&self, name: &str) -> bool {
        self.flags.iter().any(|(k, _)| k == name)
    }

    pub fn check_known(&self, known: &[&str]) -> Result<(), Fail> {
        for (k, _) in &self.flags {
            if !known.contains(&k.as_str()) {
                return Err(Fail(format!("unknown option {k}")));
            }
        }
        Ok(())
    }

    pub fn variant(&self) -> Result<Variant, Fail> {
        let v = self
            .value("--variant")
            .ok_or_else(|| Fail("--variant czech|russian|english is required".into()))?;
        Ok(v.parse::<Variant>()?)
    }

    pub fn position(&self, variant: Variant) -> Result<Position, Fail> {
        match self.value("--fen") {
            Some(f) => Ok(fen::parse(f)?),
            None => Ok(Position::start(variant.rules().first_to_move)),
        }
    }
}
