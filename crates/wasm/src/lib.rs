//! WebAssembly bindings: the page's only way into the engine. No game logic lives here — each
//! export turns plain JS values into engine calls and back, and every bad input becomes a JS
//! `Error` with a readable message rather than a trap.
//!
//! A game crosses the boundary as a plain value `{ variant, start, moves }` (start FEN and move
//! texts), so the page can store it; every call replays and so re-validates it.

use std::cell::RefCell;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use shashki::contempt::Contempt;
use shashki::egtb::Tables;
use shashki::level::{choose_move, Level};
use shashki::notation::{capture_paths, move_squares, move_to_string, square_name};
use shashki::search::{Clock, Engine, Limits, Score};
use shashki::{fen, Color, Game, Move, Outcome, Position, Variant};

#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The stored form of a game.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct GameState {
    pub variant: String,
    pub start: String,
    pub moves: Vec<String>,
}

fn err(msg: impl std::fmt::Display) -> JsError {
    JsError::new(&msg.to_string())
}

fn parse_variant(v: &str) -> Result<Variant, JsError> {
    v.parse::<Variant>().map_err(err)
}

fn load(state: JsValue) -> Result<Game, JsError> {
    let s: GameState =
        serde_wasm_bindgen::from_value(state).map_err(|e| err(format!("not a game value: {e}")))?;
    load_state(&s).map_err(err)
}

/// Replays a stored game; the error says which part is wrong.
fn load_state(s: &GameState) -> Result<Game, String> {
    let err = |m: String| m;
    let variant = s.variant.parse::<Variant>().map_err(|e| e.to_string())?;
    let mut game =
        Game::from_fen(variant, &s.start).map_err(|e| err(format!("start position: {e}")))?;
    if s.moves.len() > 10_000 {
        return Err("too many moves in the game value".into());
    }
    for (i, m) in s.moves.iter().enumerate() {
        game.play_text(m)
            .map_err(|e| err(format!("move {} ({m}): {e}", i + 1)))?;
    }
    Ok(game)
}

fn save(game: &Game) -> GameState {
    GameState {
        variant: game.variant().name().to_string(),
        start: fen::to_fen(game.start_position()),
        moves: (0..game.moves().len())
            .map(|i| game.move_text(i).expect("played move"))
            .collect(),
    }
}

fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsError> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(err)
}

/// A new game from the variant's start position.
#[wasm_bindgen]
pub fn new_game(variant: &str) -> Result<JsValue, JsError> {
    to_js(&save(&Game::new(parse_variant(variant)?)))
}

/// A new game from a FEN (a position set up in the editor).
#[wasm_bindgen]
pub fn game_from_fen(variant: &str, fen_text: &str) -> Result<JsValue, JsError> {
    let game = Game::from_fen(parse_variant(variant)?, fen_text).map_err(err)?;
    to_js(&save(&game))
}

/// One legal move as the page uses it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoveView {
    /// In the variant's notation with the full path.
    pub text: String,
    pub from: String,
    pub to: String,
    /// Every way to play it, as the squares visited (from, landing squares…); algebraic.
    pub paths: Vec<Vec<String>>,
    pub captured: Vec<String>,
    pub promotes: bool,
}

fn alg(sq: shashki::Square) -> String {
    sq.algebraic().to_string()
}

fn move_views(game: &Game) -> Vec<MoveView> {
    let pos = game.position();
    let rules = game.rules();
    let paths = if game.is_over() {
        Vec::new()
    } else {
        capture_paths(pos, rules)
    };
    game.legal_moves()
        .iter()
        .map(|m| {
            let mut all: Vec<Vec<String>> = paths
                .iter()
                .filter(|p| p.mv == *m)
                .map(|p| {
                    std::iter::once(m.from())
                        .chain(p.landings.iter().copied())
                        .map(alg)
                        .collect()
                })
                .collect();
            if all.is_empty() {
                all.push(move_squares(pos, rules, m).into_iter().map(alg).collect());
            }
            all.dedup();
            MoveView {
                text: move_to_string(pos, rules, m),
                from: alg(m.from()),
                to: alg(m.to()),
                paths: all,
                captured: m.captured().into_iter().map(alg).collect(),
                promotes: m.promotes(),
            }
        })
        .collect()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PieceView {
    pub square: String,
    /// The square's number 1–32.
    pub number: u8,
    pub color: &'static str,
    pub king: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OutcomeView {
    /// "white", "black" or "draw".
    pub result: &'static str,
    /// A stable code: no-pieces, no-moves, repetition, forty-quiet-moves, …
    pub reason: &'static str,
    pub text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    pub variant: &'static str,
    pub fen: String,
    pub turn: &'static str,
    pub pieces: Vec<PieceView>,
    pub moves: Vec<MoveView>,
    pub history: Vec<String>,
    pub must_capture: bool,
    /// Czech: a king can capture, so a king must.
    pub king_must_capture: bool,
    pub outcome: Option<OutcomeView>,
    /// Square names as the variant writes them, indexed by number - 1.
    pub square_names: Vec<String>,
    /// The variant's PDN result tokens, for a finished game or one ended by resignation or
    /// agreement.
    pub result_tokens: ResultTokens,
}

#[derive(Serialize)]
pub struct ResultTokens {
    pub white: &'static str,
    pub black: &'static str,
    pub draw: &'static str,
}

fn result_tokens(v: Variant) -> ResultTokens {
    use shashki::pdn::result_token;
    use shashki::{DrawReason, WinReason};
    let win = |winner| {
        result_token(
            v,
            Some(Outcome::Win {
                winner,
                reason: WinReason::NoPieces,
            }),
        )
    };
    ResultTokens {
        white: win(Color::White),
        black: win(Color::Black),
        draw: result_token(v, Some(Outcome::Draw(DrawReason::Repetition))),
    }
}

fn outcome_view(o: Outcome) -> OutcomeView {
    use shashki::{DrawReason as D, WinReason as W};
    let (result, reason) = match o {
        Outcome::Win { winner, reason } => (
            winner.name(),
            match reason {
                W::NoPieces => "no-pieces",
                W::NoMoves => "no-moves",
            },
        ),
        Outcome::Draw(r) => (
            "draw",
            match r {
                D::Repetition => "repetition",
                D::FortyQuietMoves => "forty-quiet-moves",
                D::FortyKingMoves => "forty-king-moves",
                D::FifteenKingMoves => "fifteen-king-moves",
                D::ThreeKingsAgainstKing => "three-kings",
                D::LongDiagonal => "long-diagonal",
                D::SmallEnding => "small-ending",
                D::KingEndingNoProgress => "king-ending",
            },
        ),
    };
    OutcomeView {
        result,
        reason,
        text: o.to_string(),
    }
}

fn pieces(pos: &Position) -> Vec<PieceView> {
    let mut v = Vec::new();
    for color in [Color::White, Color::Black] {
        for sq in pos.pieces(color) {
            v.push(PieceView {
                square: alg(sq),
                number: sq.number(),
                color: color.name(),
                king: pos.kings(color).contains(sq),
            });
        }
    }
    v
}

/// Everything the page draws: pieces, legal moves with their paths, history, status.
#[wasm_bindgen]
pub fn view(state: JsValue) -> Result<JsValue, JsError> {
    let game = load(state)?;
    let pos = game.position();
    let moves = move_views(&game);
    let must_capture = moves.iter().any(|m| !m.captured.is_empty());
    // Czech: say so when the king rule is what stops a man from capturing.
    // That is so only when a king's capture is what is required: a king can capture now, and
    // without the rule a man could capture too.
    let side = pos.side_to_move();
    let king_must_capture = must_capture
        && game.rules().king_capture_priority
        && game
            .legal_moves()
            .iter()
            .any(|m| m.is_capture() && pos.kings(side).contains(m.from()))
        && {
            let mut free = *game.rules();
            free.king_capture_priority = false;
            let mut all = Vec::new();
            shashki::legal_moves(pos, &free, &mut all);
            all.iter()
                .any(|m| m.is_capture() && pos.men(side).contains(m.from()))
        };
    let v = View {
        variant: game.variant().name(),
        fen: game.fen(),
        turn: pos.side_to_move().name(),
        pieces: pieces(pos),
        history: (0..game.moves().len())
            .filter_map(|i| game.move_text(i))
            .collect(),
        moves,
        must_capture,
        king_must_capture,
        outcome: game.outcome().map(outcome_view),
        square_names: shashki::Square::ALL
            .iter()
            .map(|&s| square_name(game.rules(), s))
            .collect(),
        result_tokens: result_tokens(game.variant()),
    };
    to_js(&v)
}

/// The legal moves of the current position.
#[wasm_bindgen]
pub fn legal_moves(state: JsValue) -> Result<JsValue, JsError> {
    to_js(&move_views(&load(state)?))
}

/// The game after a move given in any accepted notation (or as squares joined by `-`/`:`).
#[wasm_bindgen]
pub fn apply(state: JsValue, mv: &str) -> Result<JsValue, JsError> {
    let mut game = load(state)?;
    game.play_text(mv).map_err(err)?;
    to_js(&save(&game))
}

/// The game with its last move taken back (unchanged if there is none).
#[wasm_bindgen]
pub fn undo(state: JsValue) -> Result<JsValue, JsError> {
    let mut game = load(state)?;
    game.undo();
    to_js(&save(&game))
}

/// The game as PDN text; `tags` is an object of extra header tags (`{ White: "Ann" }`).
#[wasm_bindgen]
pub fn to_pdn(state: JsValue, tags: JsValue) -> Result<String, JsError> {
    let game = load(state)?;
    Ok(shashki::pdn::write(&game, &pdn_tags(tags)?))
}

/// Extra PDN header tags from a JS object; names that are not plain words are dropped.
fn pdn_tags(tags: JsValue) -> Result<shashki::pdn::Tags, JsError> {
    let mut t = shashki::pdn::Tags::default();
    if !tags.is_undefined() && !tags.is_null() {
        let map: std::collections::BTreeMap<String, String> =
            serde_wasm_bindgen::from_value(tags).map_err(|e| err(format!("PDN tags: {e}")))?;
        for (k, v) in map {
            if k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !k.is_empty() {
                t.set(&k, &v);
            }
        }
    }
    Ok(t)
}

/// A game read from PDN text (the first game in it). `variant` applies when the text has no
/// GameType tag. The error names the line and the reason.
#[wasm_bindgen]
pub fn from_pdn(text: &str, variant: &str) -> Result<JsValue, JsError> {
    if text.len() > 1 << 20 {
        return Err(err("PDN text too long (over 1 MB)"));
    }
    let g = shashki::pdn::read(text, parse_variant(variant)?).map_err(err)?;
    to_js(&save(&g.game))
}

/// Perft (distinct moves) from a FEN — for the speed comparison page (bench.html).
#[wasm_bindgen]
pub fn perft(variant: &str, fen_text: &str, depth: u32) -> Result<f64, JsError> {
    if depth > 12 {
        return Err(err("perft depth must be at most 12"));
    }
    let pos = fen::parse(fen_text).map_err(err)?;
    let rules = parse_variant(variant)?.rules();
    Ok(shashki::perft::perft(&pos, rules, depth, shashki::perft::Counting::Distinct) as f64)
}

/// A fixed-depth search from a FEN with a fresh 16 MB table; returns the node count (bench.html).
#[wasm_bindgen]
pub fn search_nodes(variant: &str, fen_text: &str, depth: u32) -> Result<f64, JsError> {
    if !(1..=30).contains(&depth) {
        return Err(err("search depth must be 1..30"));
    }
    let game = Game::from_fen(parse_variant(variant)?, fen_text).map_err(err)?;
    let mut engine = Engine::new(16);
    let r = engine.search(
        &game,
        Limits {
            depth,
            nodes: u64::MAX,
        },
        &mut shashki::search::NoClock,
    );
    Ok(r.nodes as f64)
}

/// The engine's static evaluation (centi-men for the side to move) of each FEN, one per line:
/// the browser test compares it with the native values, which must be bit-identical.
#[wasm_bindgen]
pub fn static_eval(variant: &str, fens: &str) -> Result<Vec<i32>, JsError> {
    let variant = parse_variant(variant)?;
    let evaluator = shashki::eval::Evaluator::default_for(variant);
    fens.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let pos = fen::parse(l.trim()).map_err(err)?;
            Ok(evaluator.evaluate(&pos, variant.rules()))
        })
        .collect()
}

/// The normalised FEN of a position, or an error saying what is wrong.
#[wasm_bindgen]
pub fn check_fen(fen_text: &str) -> Result<String, JsError> {
    fen::parse(fen_text).map(|p| fen::to_fen(&p)).map_err(err)
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct SearchOptions {
    pub level: Option<String>,
    /// Hard's search without contempt, for a score that is the position's value (hint,
    /// analysis, draw offers) rather than a move played for a win.
    pub analysis: Option<bool>,
    /// Milliseconds; Hard's time per move (default 1000).
    pub movetime: Option<f64>,
    pub seed: Option<f64>,
    pub nodes: Option<f64>,
    pub depth: Option<f64>,
    pub hash_mb: Option<f64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchView {
    /// `None` when the game is over.
    pub r#move: Option<MoveView>,
    /// "cp", "win" or "loss".
    pub score_kind: &'static str,
    /// Centi-men for "cp", plies for "win"/"loss"; from the side to move's point of view.
    pub score: i32,
    pub depth: u32,
    pub nodes: f64,
    pub pv: Vec<String>,
}

struct Deadline(f64);

impl Clock for Deadline {
    fn expired(&mut self) -> bool {
        js_sys::Date::now() >= self.0
    }
}

thread_local! {
    static ENGINE: RefCell<Option<(usize, Engine)>> = const { RefCell::new(None) };
    /// Endgame tables loaded into this worker, at most one set per variant.
    static TABLES: RefCell<Vec<Arc<Tables>>> = const { RefCell::new(Vec::new()) };
}

/// Builds `variant`'s endgame tables up to `pieces` (2–4) and returns them as a table file, for
/// the page to cache and hand to its AI workers (4 pieces: several seconds, 7.5 MB).
#[wasm_bindgen]
pub fn egtb_build(variant: &str, pieces: u32) -> Result<Vec<u8>, JsError> {
    let variant = parse_variant(variant)?;
    if !(2..=4).contains(&pieces) {
        return Err(err(format!("endgame tables: 2 to 4 pieces, not {pieces}")));
    }
    Ok(Tables::build(variant, pieces, |_| {})
        .map_err(err)?
        .to_bytes())
}

/// Loads a table file (from [`egtb_build`]) for `variant` into this worker's searches and returns
/// the piece count it covers; a file of another variant or version, or a damaged one, is an Error.
#[wasm_bindgen]
pub fn egtb_load(variant: &str, bytes: &[u8]) -> Result<u32, JsError> {
    let variant = parse_variant(variant)?;
    let t = Tables::from_bytes(variant, bytes).map_err(err)?;
    let pieces = t.pieces();
    TABLES.with(|cell| {
        let mut v = cell.borrow_mut();
        v.retain(|t| t.variant() != variant);
        v.push(Arc::new(t));
    });
    Ok(pieces)
}

fn tables_for(variant: Variant) -> Option<Arc<Tables>> {
    TABLES.with(|cell| {
        cell.borrow()
            .iter()
            .find(|t| t.variant() == variant)
            .cloned()
    })
}

fn number(name: &str, v: Option<f64>, min: f64, max: f64, default: f64) -> Result<f64, JsError> {
    match v {
        None => Ok(default),
        Some(x) if x.is_finite() && x >= min && x <= max => Ok(x),
        Some(x) => Err(err(format!("option {name} = {x} is outside {min}..{max}"))),
    }
}

/// The engine's move for the side to move: `options = { level, movetime, seed, nodes, depth,
/// hashMb, analysis }`. The computer's move = its level; hint and analysis = `analysis: true`
/// (Hard's search, no contempt).
#[wasm_bindgen]
pub fn best_move(state: JsValue, options: JsValue) -> Result<JsValue, JsError> {
    let game = load(state)?;
    let o: SearchOptions = if options.is_undefined() || options.is_null() {
        SearchOptions::default()
    } else {
        serde_wasm_bindgen::from_value(options).map_err(|e| err(format!("search options: {e}")))?
    };
    let level = match o.level.as_deref() {
        None => Level::Hard,
        Some(l) => l.parse::<Level>().map_err(err)?,
    };
    let analysis = o.analysis.unwrap_or(false);
    if analysis && level != Level::Hard {
        return Err(err("analysis searches at level hard"));
    }
    let movetime = number("movetime", o.movetime, 1.0, 600_000.0, 1000.0)?;
    let seed = number("seed", o.seed, 0.0, 9.0e15, 0.0)? as u64;
    let nodes = number("nodes", o.nodes, 1.0, 1.0e12, 1.0e12)? as u64;
    let depth = number("depth", o.depth, 1.0, 100.0, 100.0)? as u32;
    let hash_mb = number("hashMb", o.hash_mb, 1.0, 512.0, 32.0)? as usize;
    let mut clock = Deadline(js_sys::Date::now() + movetime);
    let result = ENGINE.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().is_none_or(|(mb, _)| *mb != hash_mb) {
            *slot = Some((hash_mb, Engine::new(hash_mb)));
        }
        let engine = &mut slot.as_mut().expect("just set").1;
        engine.set_tables(tables_for(game.variant()));
        let limits = Limits { depth, nodes };
        if analysis {
            engine.set_contempt(Contempt::NONE);
            engine.search(&game, limits, &mut clock)
        } else {
            choose_move(engine, &game, level, seed, limits, &mut clock)
        }
    });
    let pos = *game.position();
    let views = move_views(&game);
    let chosen = result.best.and_then(|b| {
        let text = move_to_string(&pos, game.rules(), &b);
        views.into_iter().find(|v| v.text == text)
    });
    let (score_kind, score) = match Score::from_internal(result.score) {
        Score::Centi(c) => ("cp", c),
        Score::Win(n) => ("win", n as i32),
        Score::Loss(n) => ("loss", n as i32),
    };
    let mut p = pos;
    let pv = result
        .pv
        .iter()
        .map(|m: &Move| {
            let t = move_to_string(&p, game.rules(), m);
            p = p.play(m);
            t
        })
        .collect();
    to_js(&SearchView {
        r#move: chosen,
        score_kind,
        score,
        depth: result.depth,
        nodes: result.nodes as f64,
        pv,
    })
}

/// A score as it crosses the boundary: `{ kind: "cp" | "win" | "loss", value }`, for the side to
/// move of its position.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct ScoreValue {
    pub kind: String,
    pub value: i32,
}

impl ScoreValue {
    fn of(s: Score) -> ScoreValue {
        let (kind, value) = match s {
            Score::Centi(c) => ("cp", c),
            Score::Win(n) => ("win", n as i32),
            Score::Loss(n) => ("loss", n as i32),
        };
        ScoreValue {
            kind: kind.into(),
            value,
        }
    }

    fn score(&self) -> Result<Score, JsError> {
        let plies = || u32::try_from(self.value).map_err(|_| err("plies must not be negative"));
        match self.kind.as_str() {
            "cp" if self.value.abs() < 100_000 => Ok(Score::Centi(self.value)),
            "win" => Ok(Score::Win(plies()?)),
            "loss" => Ok(Score::Loss(plies()?)),
            k => Err(err(format!("bad score {k:?} {}", self.value))),
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct ReviewOptions {
    /// Nodes searched per position (default 100 000).
    pub nodes: Option<f64>,
    pub hash_mb: Option<f64>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PositionReview {
    pub ply: usize,
    /// For the side to move there ("white"/"black"); a finished game scores as the rules say.
    pub turn: &'static str,
    pub score: ScoreValue,
    /// Expected score for the side to move, thousandths.
    pub expected: i32,
    /// The engine's move and line, in notation (none once the game is over).
    pub best: Option<String>,
    pub pv: Vec<String>,
    pub depth: u32,
}

thread_local! {
    static REVIEWER: RefCell<Option<(usize, Engine)>> = const { RefCell::new(None) };
}

fn review_options(options: JsValue) -> Result<(u64, usize), JsError> {
    let o: ReviewOptions = if options.is_undefined() || options.is_null() {
        ReviewOptions::default()
    } else {
        serde_wasm_bindgen::from_value(options).map_err(|e| err(format!("review options: {e}")))?
    };
    let nodes = number("nodes", o.nodes, 1.0, 1.0e9, 100_000.0)? as u64;
    let hash_mb = number("hashMb", o.hash_mb, 1.0, 512.0, 16.0)? as usize;
    Ok((nodes, hash_mb))
}

/// Searches `game` at a fixed node budget (no clock: the same answer every time).
fn review_search(game: &Game, nodes: u64, hash_mb: usize) -> shashki::search::SearchResult {
    REVIEWER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.as_ref().is_none_or(|(mb, _)| *mb != hash_mb) {
            *slot = Some((hash_mb, Engine::new(hash_mb)));
        }
        let engine = &mut slot.as_mut().expect("just set").1;
        engine.search(
            game,
            Limits { depth: 100, nodes },
            &mut shashki::search::NoClock,
        )
    })
}

fn line_texts(game: &Game, pv: &[Move]) -> Vec<String> {
    let mut p = *game.position();
    pv.iter()
        .map(|m| {
            let t = move_to_string(&p, game.rules(), m);
            p = p.play(m);
            t
        })
        .collect()
}

/// The review of one position: the game's position before move `ply` (`ply` = number of moves
/// gives the final one) searched with `options = { nodes, hashMb }`.
#[wasm_bindgen]
pub fn review_position(state: JsValue, ply: usize, options: JsValue) -> Result<JsValue, JsError> {
    let mut game = load(state)?;
    let (nodes, hash_mb) = review_options(options)?;
    let n = game.moves().len();
    if ply > n {
        return Err(err(format!("ply {ply} is beyond the game's {n} moves")));
    }
    while game.moves().len() > ply {
        game.undo();
    }
    let turn = game.position().side_to_move().name();
    let (score, best, pv, depth) = match game.outcome() {
        Some(Outcome::Win { .. }) => (Score::Loss(0), None, Vec::new(), 0),
        Some(Outcome::Draw(_)) => (Score::Centi(0), None, Vec::new(), 0),
        None => {
            let r = review_search(&game, nodes, hash_mb);
            let best = r
                .best
                .map(|b| move_to_string(game.position(), game.rules(), &b));
            (
                Score::from_internal(r.score),
                best,
                line_texts(&game, &r.pv),
                r.depth,
            )
        }
    };
    to_js(&PositionReview {
        ply,
        turn,
        score: ScoreValue::of(score),
        expected: shashki::review::expected(game.variant(), score),
        best,
        pv,
        depth,
    })
}

/// Expected score (thousandths) for the side a score belongs to, on the variant's curve.
#[wasm_bindgen]
pub fn expected_score(variant: &str, score: JsValue) -> Result<i32, JsError> {
    let s: ScoreValue =
        serde_wasm_bindgen::from_value(score).map_err(|e| err(format!("score: {e}")))?;
    Ok(shashki::review::expected(
        parse_variant(variant)?,
        s.score()?,
    ))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VerdictView {
    /// Expected score lost, thousandths.
    pub loss: i32,
    /// "inaccuracy", "mistake", "blunder" or none.
    pub judgement: Option<&'static str>,
    /// The PDN mark for the judgement ("?!", "?", "??") or "".
    pub mark: &'static str,
    pub accuracy: i32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SideView {
    pub moves: u32,
    pub accuracy: i32,
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameVerdicts {
    pub moves: Vec<VerdictView>,
    pub white: SideView,
    pub black: SideView,
}

fn verdict_view(v: shashki::review::Verdict) -> VerdictView {
    VerdictView {
        loss: v.loss,
        judgement: v.judgement.map(|j| j.name()),
        mark: v.judgement.map_or("", |j| j.mark()),
        accuracy: v.accuracy,
    }
}

/// A position as the review stored it: its score and the move the search chose there.
#[derive(Deserialize)]
pub struct ReviewedPosition {
    pub score: ScoreValue,
    #[serde(default)]
    pub best: Option<String>,
}

/// Every move of the game judged from its reviewed positions (`positions[i]` as
/// `review_position` gave it for ply `i`, one more than there are moves).
#[wasm_bindgen]
pub fn judge_game(state: JsValue, positions: JsValue) -> Result<JsValue, JsError> {
    let game = load(state)?;
    let values: Vec<ReviewedPosition> =
        serde_wasm_bindgen::from_value(positions).map_err(|e| err(format!("positions: {e}")))?;
    let n = game.moves().len();
    if values.len() != n + 1 {
        return Err(err(format!(
            "{} positions for a game of {n} moves (need {})",
            values.len(),
            n + 1
        )));
    }
    let scores = values
        .iter()
        .map(|p| p.score.score())
        .collect::<Result<Vec<_>, _>>()?;
    let movers: Vec<(Color, bool)> = (0..n)
        .map(|i| {
            let side = game.position_at(i).expect("in range").side_to_move();
            let played = game.move_text(i);
            (side, values[i].best.is_some() && values[i].best == played)
        })
        .collect();
    let (verdicts, sides) = shashki::review::summarize(game.variant(), &movers, &scores);
    let side = |s: shashki::review::SideSummary| SideView {
        moves: s.moves,
        accuracy: s.accuracy,
        inaccuracies: s.inaccuracies,
        mistakes: s.mistakes,
        blunders: s.blunders,
    };
    to_js(&GameVerdicts {
        moves: verdicts.into_iter().map(verdict_view).collect(),
        white: side(sides[0]),
        black: side(sides[1]),
    })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TryView {
    /// The move as the variant writes it.
    pub text: String,
    /// Close enough to the best to count as found.
    pub accepted: bool,
    pub verdict: VerdictView,
    /// The value after the move, for the opponent (as `review_position` reports it).
    pub after: ScoreValue,
}

/// Practice: judges `mv` played in the game's current position against `best` (the move the
/// review found), both searched the same way with `options`, so the best move itself always
/// counts and a move as good as it does too.
#[wasm_bindgen]
pub fn try_move(
    state: JsValue,
    mv: &str,
    best: &str,
    options: JsValue,
) -> Result<JsValue, JsError> {
    let game = load(state)?;
    let (nodes, hash_mb) = review_options(options)?;
    let after = |text: &str| -> Result<(Move, Score), JsError> {
        let mut g = game.clone();
        let m = g.play_text(text).map_err(err)?;
        let s = match g.outcome() {
            Some(Outcome::Win { .. }) => Score::Loss(0),
            Some(Outcome::Draw(_)) => Score::Centi(0),
            None => Score::from_internal(review_search(&g, nodes, hash_mb).score),
        };
        Ok((m, s))
    };
    let (m, tried) = after(mv)?;
    let (b, best_after) = after(best)?;
    // The mover's value of the best move, for `judge`'s "before".
    let before = match best_after {
        Score::Centi(c) => Score::Centi(-c),
        Score::Win(n) => Score::Loss(n),
        Score::Loss(n) => Score::Win(n),
    };
    let v = if m == b {
        shashki::review::judge(game.variant(), before, best_after)
    } else {
        shashki::review::judge(game.variant(), before, tried)
    };
    to_js(&TryView {
        text: move_to_string(game.position(), game.rules(), &m),
        accepted: shashki::review::close_to_best(v.loss),
        verdict: verdict_view(v),
        after: ScoreValue::of(tried),
    })
}

/// A mark and a comment for one move, as PDN carries them.
#[derive(Serialize, Deserialize, Default)]
#[serde(default)]
pub struct AnnotationValue {
    pub mark: String,
    pub comment: String,
}

/// The game as PDN with a mark and a comment after each move (`annotations[i]` for move `i`).
#[wasm_bindgen]
pub fn to_annotated_pdn(
    state: JsValue,
    tags: JsValue,
    annotations: JsValue,
) -> Result<String, JsError> {
    let game = load(state)?;
    let tags = pdn_tags(tags)?;
    let notes: Vec<AnnotationValue> = serde_wasm_bindgen::from_value(annotations)
        .map_err(|e| err(format!("annotations: {e}")))?;
    let notes: Vec<shashki::pdn::Annotation> = notes
        .into_iter()
        .map(|a| shashki::pdn::Annotation {
            mark: a.mark,
            comment: a.comment,
        })
        .collect();
    Ok(shashki::pdn::write_annotated(&game, &tags, &notes))
}

/// The marks and comments of each move of the first game in a PDN text (one per move).
#[wasm_bindgen]
pub fn pdn_annotations(text: &str, variant: &str) -> Result<JsValue, JsError> {
    if text.len() > 1 << 20 {
        return Err(err("PDN text too long (over 1 MB)"));
    }
    let g = shashki::pdn::read(text, parse_variant(variant)?).map_err(err)?;
    let notes: Vec<AnnotationValue> = g
        .annotations
        .into_iter()
        .map(|a| AnnotationValue {
            mark: a.mark,
            comment: a.comment,
        })
        .collect();
    to_js(&notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_games_replay_and_bad_ones_are_rejected() {
        let mut g = Game::new(Variant::Russian);
        g.play_text("c3-d4").unwrap();
        let s = save(&g);
        assert_eq!(s.moves, ["c3-d4"]);
        assert_eq!(load_state(&s).unwrap().fen(), g.fen());
        let bad = GameState {
            moves: vec!["c3-d4".into(), "c3-d4".into()],
            ..s.clone()
        };
        assert!(load_state(&bad).is_err());
        let bad = GameState {
            variant: "polish".into(),
            ..s.clone()
        };
        assert!(load_state(&bad).is_err());
        let bad = GameState {
            start: "W:W99".into(),
            ..s
        };
        assert!(load_state(&bad).is_err());
    }
}
