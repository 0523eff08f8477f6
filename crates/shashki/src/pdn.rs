//! PDN (Portable Draughts Notation): games in and out, with the tags players and programs use
//! (Event, Date, White, Black, Result, GameType, FEN) and movetext in the variant's notation.
//!
//! Import is lenient in form — comments `{…}`, variations `(…)`, move numbers, NAGs and
//! annotation marks, numbers or algebraic squares, any separator — and strict in meaning: every
//! move must be legal, and an error names the line and the reason.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::fen;
use crate::game::{Game, Outcome, PlayError};
use crate::position::{Color, Position};
use crate::variant::Variant;

/// Header tags of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    /// In file order; names as written.
    pub pairs: Vec<(String, String)>,
}

impl Tags {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn set(&mut self, name: &str, value: &str) {
        match self
            .pairs
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
        {
            Some(p) => p.1 = value.to_string(),
            None => self.pairs.push((name.to_string(), value.to_string())),
        }
    }
}

/// Why a PDN was rejected, with the 1-based line where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnError {
    pub line: usize,
    pub kind: PdnErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdnErrorKind {
    Empty,
    /// A `[Tag "value"]` line that does not parse.
    BadTag(String),
    /// `GameType` names a variant this program does not play.
    UnsupportedGameType(String),
    BadFen(fen::FenError),
    /// A move that is not legal (or not a move) at that point.
    BadMove {
        number: usize,
        text: String,
        error: PlayError,
    },
    /// A `{` comment or `(` variation that is never closed.
    Unclosed(char),
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            PdnErrorKind::Empty => f.write_str("no game found"),
            PdnErrorKind::BadTag(t) => write!(f, "bad tag {t:?}"),
            PdnErrorKind::UnsupportedGameType(t) => {
                write!(
                    f,
                    "GameType {t} is not Czech (29), Russian (25) or English (21)"
                )
            }
            PdnErrorKind::BadFen(e) => write!(f, "FEN: {e}"),
            PdnErrorKind::BadMove {
                number,
                text,
                error,
            } => {
                write!(f, "move {number} ({text}): {error}")
            }
            PdnErrorKind::Unclosed(c) => write!(f, "unclosed {c}"),
        }
    }
}

/// The PDN `GameType` number of a variant.
pub fn game_type(v: Variant) -> u8 {
    v.rules().pdn_game_type
}

fn variant_of_game_type(s: &str) -> Option<Variant> {
    // "25" or "25,W,8,8,A0,0": only the first number names the rules.
    let n: u8 = s.split(',').next()?.trim().parse().ok()?;
    Variant::ALL.into_iter().find(|v| game_type(*v) == n)
}

/// The result token for an outcome, in the variant's convention (`*` while the game goes on):
/// English `1-0`, `0-1`, `1/2-1/2`; Czech and Russian `2-0`, `0-2`, `1-1`.
pub fn result_token(v: Variant, o: Option<Outcome>) -> &'static str {
    let english = v == Variant::English;
    match o {
        None => "*",
        Some(Outcome::Win {
            winner: Color::White,
            ..
        }) => {
            if english {
                "1-0"
            } else {
                "2-0"
            }
        }
        Some(Outcome::Win {
            winner: Color::Black,
            ..
        }) => {
            if english {
                "0-1"
            } else {
                "0-2"
            }
        }
        Some(Outcome::Draw(_)) => {
            if english {
                "1/2-1/2"
            } else {
                "1-1"
            }
        }
    }
}

const RESULT_TOKENS: [&str; 8] = ["*", "1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0"];

/// What a reader or a review says about one move: a mark (`!`, `?`, `!?`, `?!`, `!!`, `??`) and
/// a comment. Both may be empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotation {
    pub mark: String,
    pub comment: String,
}

/// The marks PDN writes after a move, and the NAGs ($1–$6) that mean the same.
const MARKS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

fn mark_of_nag(nag: &str) -> Option<&'static str> {
    let n: usize = nag.parse().ok()?;
    MARKS.get(n.checked_sub(1)?).copied()
}

/// Writes a game as PDN. `tags` adds or overrides header tags (Event, Date, White, Black…);
/// Result, GameType and FEN are always written from the game itself.
pub fn write(game: &Game, tags: &Tags) -> String {
    write_annotated(game, tags, &[])
}

/// Writes a game as PDN with a mark and a comment after each move (`annotations[i]` belongs to
/// move `i`; missing or empty ones write nothing). Braces in a comment become parentheses, and
/// a mark PDN does not know is left out.
pub fn write_annotated(game: &Game, tags: &Tags, annotations: &[Annotation]) -> String {
    let v = game.variant();
    let result = result_token(v, game.outcome());
    let mut all = Tags::default();
    for name in ["Event", "Date", "White", "Black"] {
        all.set(name, tags.get(name).unwrap_or("?"));
    }
    for (k, val) in &tags.pairs {
        all.set(k, val);
    }
    // A finished game states its own result; an unfinished one may carry one from its source
    // (a resignation, an adjudication).
    let result = match (game.outcome(), tags.get("Result")) {
        (None, Some(r)) if RESULT_TOKENS.contains(&r) => r,
        _ => result,
    };
    all.set("Result", result);
    all.set("GameType", &game_type(v).to_string());
    let start = *game.start_position();
    if start != Position::start(v.rules().first_to_move) {
        all.set("FEN", &fen::to_fen(&start));
    }
    let mut out = String::new();
    for (k, val) in &all.pairs {
        let val = val.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{k} \"{val}\"]\n"));
    }
    out.push('\n');
    let mut line = String::new();
    let first = start.side_to_move();
    let mut number = 1;
    for i in 0..game.moves().len() {
        let side = game.position_at(i).map_or(first, |p| p.side_to_move());
        let mut token = String::new();
        if side == first {
            token.push_str(&format!("{number}. "));
        } else {
            number += 1;
        }
        token.push_str(&game.move_text(i).unwrap_or_default());
        let note = annotations.get(i);
        if let Some(mark) = note.map(|a| a.mark.as_str()).filter(|m| MARKS.contains(m)) {
            token.push_str(mark);
        }
        let mut words = alloc::vec![token];
        if let Some(comment) = note.map(|a| a.comment.trim()).filter(|c| !c.is_empty()) {
            let clean = comment.replace('{', "(").replace('}', ")");
            let n = words.len();
            words.extend(clean.split_whitespace().map(String::from));
            words[n].insert(0, '{');
            words.last_mut().expect("a word").push('}');
        }
        for word in words {
            if !line.is_empty() && line.len() + word.len() + 1 > 78 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
    }
    if !line.is_empty() && line.len() + result.len() + 1 > 78 {
        out.push_str(&line);
        out.push('\n');
        line.clear();
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(result);
    out.push_str(&line);
    out.push('\n');
    out
}

/// A parsed PDN game.
#[derive(Clone, Debug)]
pub struct PdnGame {
    pub tags: Tags,
    pub game: Game,
    /// The result tag or token as written (`*` when absent).
    pub result: String,
    /// One per move played: its mark and the comments after it (variations are skipped).
    pub annotations: Vec<Annotation>,
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(|c: char| c.is_whitespace())?;
    let rest = rest.trim();
    let value = rest.strip_prefix('"')?.strip_suffix('"')?;
    let mut v = String::new();
    let mut escaped = false;
    for c in value.chars() {
        if escaped {
            v.push(c);
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else {
            v.push(c);
        }
    }
    Some((name.to_string(), v))
}

/// Reads the first game of a PDN text. `default` is the variant when no GameType tag says.
pub fn read(text: &str, default: Variant) -> Result<PdnGame, PdnError> {
    let mut tags = Tags::default();
    let mut movetext: Vec<(usize, &str)> = Vec::new();
    let mut seen_moves = false;
    // Open `{` comments so far: a line starting with `[` inside one is comment text, not a tag.
    let mut open_braces = 0usize;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if open_braces > 0 {
            movetext.push((i + 1, line));
        } else if t.starts_with('[') && !seen_moves {
            let (k, v) = parse_tag(t).ok_or(PdnError {
                line: i + 1,
                kind: PdnErrorKind::BadTag(t.to_string()),
            })?;
            // A repeated tag keeps its first value, as `Tags::get` reads it.
            if tags.get(&k).is_none() {
                tags.pairs.push((k, v));
            }
            continue;
        } else if t.starts_with('[') {
            break; // the next game
        } else if !t.is_empty() {
            seen_moves = true;
            movetext.push((i + 1, line));
        } else {
            continue;
        }
        for c in line.chars() {
            match c {
                '{' => open_braces += 1,
                '}' => open_braces = open_braces.saturating_sub(1),
                _ => {}
            }
        }
    }
    let first_line = movetext.first().map_or(1, |(l, _)| *l);
    let variant = match tags.get("GameType") {
        None => default,
        Some(gt) => variant_of_game_type(gt).ok_or(PdnError {
            line: 1,
            kind: PdnErrorKind::UnsupportedGameType(gt.to_string()),
        })?,
    };
    if tags.pairs.is_empty() && movetext.is_empty() {
        return Err(PdnError {
            line: 1,
            kind: PdnErrorKind::Empty,
        });
    }
    let mut game = match tags.get("FEN") {
        Some(f) => Game::from_fen(variant, f).map_err(|e| PdnError {
            line: 1,
            kind: PdnErrorKind::BadFen(e),
        })?,
        None => Game::new(variant),
    };
    // Tokenise, dropping variations, numbers and results; comments, marks and NAGs annotate
    // the move before them.
    let mut depth_comment = 0usize;
    let mut depth_var = 0usize;
    let mut open_line = first_line;
    let mut result = tags.get("Result").unwrap_or("*").to_string();
    let mut number = 0;
    let mut annotations: Vec<Annotation> = Vec::new();
    // The comment being read (it may span lines) and whether it belongs to the main line.
    let mut comment = String::new();
    let mut comment_main = false;
    for (line_no, line) in movetext {
        let mut token = String::new();
        let mut tokens: Vec<Token> = Vec::new();
        for c in line.chars() {
            if depth_comment > 0 {
                match c {
                    '{' => depth_comment += 1,
                    '}' => depth_comment -= 1,
                    _ => {}
                }
                if depth_comment == 0 {
                    let text = core::mem::take(&mut comment);
                    if comment_main {
                        tokens.push(Token::Comment(text));
                    }
                } else {
                    comment.push(c);
                }
                continue;
            }
            match c {
                '{' => {
                    depth_comment += 1;
                    comment_main = depth_var == 0;
                    open_line = line_no;
                    tokens.push(Token::Text(core::mem::take(&mut token)));
                }
                '(' => {
                    depth_var += 1;
                    open_line = line_no;
                    tokens.push(Token::Text(core::mem::take(&mut token)));
                }
                ')' => {
                    depth_var = depth_var.saturating_sub(1);
                    tokens.push(Token::Text(core::mem::take(&mut token)));
                }
                ';' if depth_var == 0 => break, // comment to end of line
                c if c.is_whitespace() => tokens.push(Token::Text(core::mem::take(&mut token))),
                c if depth_var == 0 => token.push(c),
                _ => {}
            }
        }
        if depth_comment > 0 {
            comment.push(' ');
        }
        tokens.push(Token::Text(token));
        for tok in tokens {
            let tok = match tok {
                Token::Comment(text) => {
                    if let Some(a) = annotations.last_mut() {
                        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                        if !a.comment.is_empty() && !text.is_empty() {
                            a.comment.push(' ');
                        }
                        a.comment.push_str(&text);
                    }
                    continue;
                }
                Token::Text(t) => t,
            };
            let mut tok = tok.trim();
            if tok.is_empty() {
                continue;
            }
            if let Some(nag) = tok.strip_prefix('$') {
                if let (Some(a), Some(mark)) = (annotations.last_mut(), mark_of_nag(nag)) {
                    a.mark = mark.to_string();
                }
                continue;
            }
            if RESULT_TOKENS.contains(&tok) {
                result = tok.to_string();
                continue;
            }
            // "12." / "12..." / "12.c3-d4"
            if let Some(dot) = tok.find('.') {
                if tok[..dot].bytes().all(|b| b.is_ascii_digit()) {
                    tok = tok[dot..].trim_start_matches('.');
                    if tok.is_empty() {
                        continue;
                    }
                }
            }
            let body = tok.trim_end_matches(['!', '?', '+', '#', '*']);
            let mark: String = tok[body.len()..]
                .chars()
                .filter(|c| matches!(c, '!' | '?'))
                .collect();
            if body.is_empty() {
                // A mark written apart from its move.
                if let Some(a) = annotations.last_mut().filter(|_| MARKS.contains(&&*mark)) {
                    a.mark = mark;
                }
                continue;
            }
            number += 1;
            game.play_text(body).map_err(|error| PdnError {
                line: line_no,
                kind: PdnErrorKind::BadMove {
                    number,
                    text: body.to_string(),
                    error,
                },
            })?;
            annotations.push(Annotation {
                mark: if MARKS.contains(&&*mark) {
                    mark
                } else {
                    String::new()
                },
                comment: String::new(),
            });
        }
    }
    if depth_comment > 0 || depth_var > 0 {
        return Err(PdnError {
            line: open_line,
            kind: PdnErrorKind::Unclosed(if depth_comment > 0 { '{' } else { '(' }),
        });
    }
    Ok(PdnGame {
        tags,
        game,
        result,
        annotations,
    })
}

/// A piece of movetext: plain text (moves, numbers, marks, results) or a whole `{…}` comment.
enum Token {
    Text(String),
    Comment(String),
}
