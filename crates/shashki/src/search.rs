//! The search: iterative deepening principal-variation alpha-beta with a transposition table,
//! move ordering (hash move, captures, killers, history), late-move reductions, pruning of shallow
//! quiet nodes (`RFP_*`, `FUTILITY_*`, `LMP_*`), enhanced transposition cutoffs, a capture
//! search at the leaves (in English extended by a ply where the opponent threatens a capture)
//! and full knowledge of the draw rules.
//!
//! There is no clock in here: the caller passes depth and node limits and a [`Clock`] that the
//! search polls, and it always answers with the best move found so far.

use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::contempt::Contempt;
use crate::draw::{next_counters, rule_draw, Counters};
use crate::egtb::Tables;
use crate::eval::{Evaluator, Weights};
use crate::eval_cache::EvalCache;
use crate::game::Game;
use crate::movegen::{has_capture, has_quiet_move, legal_moves};
use crate::moves::Move;
use crate::position::{Color, Position};
use crate::tt::{Bound, Tt};
use crate::variant::{KingRange, Rules};

/// Scores beyond this are wins or losses: `WIN - n` is a win in `n` plies.
pub const WIN: i32 = 30_000;
const INF: i32 = 32_000;
const WIN_THRESHOLD: i32 = WIN - 1_000;
pub const MAX_PLY: usize = 128;
/// The salt of a search for Black with contempt (see `Engine::salt`).
const BLACK_ROOT_SALT: u64 = 0x5C0F_F1E5_D2A7_3B49;
/// Moves beyond this many in one position are not searched (no legal position comes close).
const MAX_ORDERED: usize = 256;

// Pruning
// -------
// A quiet node off the principal variation, close to the leaves, where neither bound is a won or
// lost score, is judged by its static value first (checkers' shots are captures, which these
// rules never prune, and a position with a capture pending is never judged statically):
// - at depth <= RFP_DEPTH, a static value that beats beta by RFP_MARGIN a ply is returned as is;
// - at depth <= FUTILITY_DEPTH, a static value FUTILITY_MARGIN a ply below alpha leaves only the
//   first move and the captures and crownings to search;
// - at depth <= LMP_DEPTH, quiet moves after the first LMP_BASE + depth² are not searched.
// Together they cut the nodes of a 16-ply Czech search from the start from 1.84 M to 0.50 M;
// measured at 100 ms/move, Czech self-play against the build without them: +38 =308 −19,
// +18 Elo (+4..+32), SPRT [0, 15] H1. Russian prunes more cautiously (`prunes_cautiously`).
const RFP_DEPTH: i32 = 2;
/// At most this many pieces: an ending where one quiet king move can decide the game, so late
/// moves are not reduced and Russian does not prune.
const SPARSE_ENDING: u32 = 6;
const RFP_MARGIN: i32 = 60;
const FUTILITY_DEPTH: i32 = 2;
const FUTILITY_MARGIN: i32 = 80;
const LMP_DEPTH: i32 = 3;
const LMP_BASE: i32 = 3;
/// Enhanced transposition cutoffs from this depth up (see `Engine::transposition_cutoff` and
/// `cuts_by_transposition`).
const ETC_DEPTH: i32 = 3;
/// Children whose table buckets a transposition cutoff requests all at once.
const ETC_PREFETCH: usize = 32;

/// Tells the search when to stop (a deadline, a stop button). Polled every 1024 nodes.
pub trait Clock {
    fn expired(&mut self) -> bool;
}

/// A clock that never runs out: only the depth and node limits apply.
pub struct NoClock;

impl Clock for NoClock {
    fn expired(&mut self) -> bool {
        false
    }
}

/// How much to search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies (1..=100).
    pub depth: u32,
    /// Stop after about this many nodes.
    pub nodes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            depth: 100,
            nodes: u64::MAX,
        }
    }
}

/// A score as players read it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centi-men from the side to move's point of view.
    Centi(i32),
    /// The side to move wins in this many plies.
    Win(u32),
    /// The side to move loses in this many plies.
    Loss(u32),
}

impl Score {
    pub fn from_internal(s: i32) -> Score {
        if s >= WIN_THRESHOLD {
            Score::Win((WIN - s) as u32)
        } else if s <= -WIN_THRESHOLD {
            Score::Loss((WIN + s) as u32)
        } else {
            Score::Centi(s)
        }
    }
}

impl core::fmt::Display for Score {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Score::Centi(c) => write!(f, "{c}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
        }
    }
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when the side to move has no legal move (the game is over).
    pub best: Option<Move>,
    /// Internal score (see [`Score::from_internal`]).
    pub score: i32,
    /// Last completed iteration.
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// A searcher with its tables; keep one per game (or per worker) to reuse the hash table.
pub struct Engine {
    tt: Tt,
    rules: &'static Rules,
    /// The evaluation in use, and the variant it was loaded for (`None`: an override).
    evaluator: Evaluator,
    evaluator_variant: Option<crate::variant::Variant>,
    /// An evaluation to use instead of the variant's own (tuning, matches between weights).
    evaluator_override: Option<Evaluator>,
    /// Static values already computed by `evaluator` (emptied whenever it is replaced).
    eval_cache: EvalCache,
    history: [[[i32; 32]; 32]; 2],
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Hashes of the positions before the current one (game history, then search path).
    keys: Vec<u64>,
    buffers: Vec<Vec<Move>>,
    /// Per ply: (ordering key, index into the move list).
    order: Vec<Vec<(i32, u8)>>,
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    nodes: u64,
    node_limit: u64,
    stopped: bool,
    root_depth: i32,
    /// The root move the current iteration searched first, and the score of the root move
    /// that last raised alpha (see the stopped iteration in [`Engine::search_with`]).
    root_first: Option<Move>,
    root_score: i32,
    /// Endgame tables, probed by [`Engine::search`] (not by the weaker levels' root scoring).
    tables: Option<Arc<Tables>>,
    probing: bool,
    /// The stake in the game (see [`Engine::set_contempt`]), and the side it is for.
    contempt: Contempt,
    root_side: Color,
    /// Mixed into every hash key of a search for Black with contempt: its scores differ from a
    /// search for White's, and both kinds share the table (one engine can play both sides).
    salt: u64,
}

const NULL_MOVE: Move = Move::new(
    crate::square::Square::ALL[0],
    crate::square::Square::ALL[0],
    crate::bitboard::Bitboard::EMPTY,
    false,
);

impl Engine {
    /// An engine with a transposition table of about `tt_megabytes` MB.
    pub fn new(tt_megabytes: usize) -> Engine {
        Engine {
            tt: Tt::new(tt_megabytes),
            rules: crate::variant::Variant::Russian.rules(),
            evaluator: Evaluator::Hand(*crate::eval::weights(crate::variant::Variant::Russian)),
            evaluator_variant: None,
            evaluator_override: None,
            eval_cache: EvalCache::new(),
            history: [[[0; 32]; 32]; 2],
            killers: [[None; 2]; MAX_PLY],
            keys: Vec::with_capacity(512),
            buffers: (0..MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            order: (0..MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            pv: alloc::vec![[NULL_MOVE; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            nodes: 0,
            node_limit: u64::MAX,
            stopped: false,
            root_first: None,
            root_score: 0,
            root_depth: 0,
            tables: None,
            probing: false,
            contempt: Contempt::NONE,
            root_side: Color::White,
            salt: 0,
        }
    }

    /// Endgame tables for the searches of their variant (`None` to search without).
    pub fn set_tables(&mut self, tables: Option<Arc<Tables>>) {
        self.tables = tables;
    }

    /// The stake every following search plays for, on behalf of the side to move at its root
    /// ([`Contempt::NONE`] until set). Stored scores depend on it, so a change forgets them.
    pub fn set_contempt(&mut self, c: Contempt) {
        if c != self.contempt {
            self.contempt = c;
            self.tt.clear();
        }
    }

    pub fn contempt(&self) -> Contempt {
        self.contempt
    }

    /// A draw's score `ply` plies below the root, from the side to move's point of view.
    #[inline]
    fn draw_score(&self, ply: usize) -> i32 {
        self.contempt.draw_score(ply)
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history = [[[0; 32]; 32]; 2];
    }

    /// Searches the game's current position.
    pub fn search(&mut self, game: &Game, limits: Limits, clock: &mut dyn Clock) -> SearchResult {
        self.search_with(game, limits, clock, |_| {})
    }

    /// Like [`Engine::search`], reporting each completed iteration (for analysis display).
    pub fn search_with(
        &mut self,
        game: &Game,
        limits: Limits,
        clock: &mut dyn Clock,
        mut on_iteration: impl FnMut(&SearchResult),
    ) -> SearchResult {
        self.prepare(game, limits);
        self.probing = self
            .tables
            .as_ref()
            .is_some_and(|t| t.variant() == game.variant());
        let pos = *game.position();
        let counters = game.counters();
        let hash = pos.hash() ^ self.salt;
        let mut root_moves = Vec::new();
        if !game.is_over() {
            legal_moves(&pos, self.rules, &mut root_moves);
        }
        let mut result = SearchResult {
            best: root_moves.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: root_moves.first().copied().into_iter().collect(),
        };
        if root_moves.is_empty() {
            return result;
        }
        let max_depth = limits.depth.clamp(1, 100) as i32;
        let mut score: i32 = 0;
        for depth in 1..=max_depth {
            self.root_depth = depth;
            let s = if depth >= 4 && score.abs() < WIN_THRESHOLD {
                self.aspiration(&pos, hash, counters, depth, score, clock)
            } else {
                self.node(&pos, hash, counters, depth, 0, -INF, INF, clock)
            };
            if self.stopped && depth > 1 {
                // An unfinished iteration still proves something: a root move that raised
                // alpha after the last iteration's best was searched first (and completed) is
                // better than it at this depth. Anything else of the iteration is dropped.
                if self.pv_len[0] > 0
                    && self.root_first == result.best
                    && Some(self.pv[0][0]) != result.best
                {
                    result.pv = self.pv[0][..self.pv_len[0]].to_vec();
                    result.best = Some(self.pv[0][0]);
                    result.score = self.root_score;
                }
                break;
            }
            score = s;
            result.score = s;
            result.depth = depth as u32;
            result.pv = self.pv[0][..self.pv_len[0]].to_vec();
            if let Some(&m) = result.pv.first() {
                result.best = Some(m);
            }
            result.nodes = self.nodes;
            on_iteration(&result);
            if self.stopped || (s.abs() >= WIN_THRESHOLD && depth > (WIN - s.abs()) + 2) {
                break;
            }
            if root_moves.len() == 1 && depth >= 2 {
                break; // a forced move: no need to think
            }
        }
        result.nodes = self.nodes;
        // Endgame tables: where they settled the score, the line goes on as they play it.
        if let Some(t) = self.tables.as_ref().filter(|_| self.probing) {
            t.extend_line(&pos, &mut result.pv, 40);
        }
        result
    }

    /// Exact scores of every root move searched `depth` plies deep (for the levels that choose
    /// among good moves).
    pub fn score_root_moves(
        &mut self,
        game: &Game,
        depth: u32,
        clock: &mut dyn Clock,
    ) -> Vec<(Move, i32)> {
        self.prepare(game, Limits::default());
        self.probing = false;
        let pos = *game.position();
        let counters = game.counters();
        let hash = pos.hash() ^ self.salt;
        let mut moves = Vec::new();
        if !game.is_over() {
            legal_moves(&pos, self.rules, &mut moves);
        }
        let depth = depth.clamp(1, 100) as i32;
        self.root_depth = depth;
        let mut out = Vec::with_capacity(moves.len());
        for m in moves {
            let child = pos.play(&m);
            self.keys.push(hash);
            let c = next_counters(self.rules, &pos, &m, &child, counters);
            let h = pos.hash_after(hash, &m);
            let s = -self.node(&child, h, c, depth - 1, 1, -INF, INF, clock);
            self.keys.pop();
            out.push((m, s));
        }
        out
    }

    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Evaluates with these hand weights instead of the variant's own (for tuning matches).
    pub fn set_weights(&mut self, w: Option<Weights>) {
        self.set_evaluator(w.map(Evaluator::Hand));
    }

    /// Evaluates with this evaluator instead of the variant's own (`None`: back to the own).
    pub fn set_evaluator(&mut self, e: Option<Evaluator>) {
        self.evaluator_override = e;
        self.evaluator_variant = None;
        self.tt.clear();
    }

    /// The side the contempt is for, and the salt of its search's keys.
    fn set_root_side(&mut self, root: &Position) {
        self.root_side = root.side_to_move();
        self.salt = if self.contempt != Contempt::NONE && self.root_side == Color::Black {
            BLACK_ROOT_SALT
        } else {
            0
        };
    }

    #[inline]
    fn evaluate(&mut self, pos: &Position, hash: u64) -> i32 {
        let (evaluator, rules) = (&self.evaluator, self.rules);
        let e = self
            .eval_cache
            .get_or(hash, || evaluator.evaluate(pos, rules));
        if self.contempt.per_piece == 0 {
            return e;
        }
        self.contempt.adjust(
            e,
            pos.occupied().count(),
            pos.side_to_move() == self.root_side,
        )
    }

    fn prepare(&mut self, game: &Game, limits: Limits) {
        self.rules = game.rules();
        self.set_root_side(game.position());
        let variant = game.variant();
        if let Some(e) = &self.evaluator_override {
            self.evaluator = e.clone();
            self.eval_cache.clear();
        } else if self.evaluator_variant != Some(variant) {
            self.evaluator = Evaluator::default_for(variant);
            self.evaluator_variant = Some(variant);
            self.eval_cache.clear();
        }
        self.tt.new_search();
        self.nodes = 0;
        self.node_limit = limits.nodes.max(1);
        self.stopped = false;
        self.root_first = None;
        self.killers = [[None; 2]; MAX_PLY];
        for side in self.history.iter_mut() {
            for row in side.iter_mut() {
                for h in row.iter_mut() {
                    *h /= 8;
                }
            }
        }
        // Only positions since the last capture or man move can repeat.
        self.keys.clear();
        let n = game.moves().len();
        let window = (game.counters().king_plies as usize).min(n);
        for i in n - window..n {
            self.keys
                .push(game.position_at(i).expect("in range").hash() ^ self.salt);
        }
    }

    fn aspiration(
        &mut self,
        pos: &Position,
        hash: u64,
        counters: Counters,
        depth: i32,
        guess: i32,
        clock: &mut dyn Clock,
    ) -> i32 {
        let mut delta = 40;
        loop {
            let alpha = (guess - delta).max(-INF);
            let beta = (guess + delta).min(INF);
            let s = self.node(pos, hash, counters, depth, 0, alpha, beta, clock);
            if self.stopped || (s > alpha && s < beta) {
                return s;
            }
            if delta > 600 {
                return self.node(pos, hash, counters, depth, 0, -INF, INF, clock);
            }
            delta *= 4;
        }
    }

    #[inline]
    fn poll(&mut self, clock: &mut dyn Clock) {
        if self.nodes >= self.node_limit || (self.nodes & 1023 == 0 && clock.expired()) {
            self.stopped = true;
        }
    }

    /// Enhanced transposition cutoff: before searching any move, look each child up in the
    /// table; one already known, deeply enough, to be at most what refutes β for the opponent
    /// refutes this node too, with no search at all. In checkers many move orders reach the
    /// same position (quiet men moves commute), so the sibling subtrees of the late-move
    /// reductions' re-searches are often in the table already: a 17-ply Czech search visits two
    /// thirds of the nodes. A child that is a draw here (repetition, move counters) is skipped:
    /// its table score may come from another path.
    #[allow(clippy::too_many_arguments)]
    fn transposition_cutoff(
        &mut self,
        pos: &Position,
        hash: u64,
        counters: Counters,
        depth: i32,
        ply: usize,
        beta: i32,
        moves: &[Move],
    ) -> Option<i32> {
        // Every child's bucket is requested before the first is read, so the memory loads
        // overlap instead of queueing one behind another.
        let mut child_hashes = [0u64; ETC_PREFETCH];
        for (slot, m) in child_hashes.iter_mut().zip(moves) {
            *slot = pos.hash_after(hash, m);
            self.tt.prefetch(*slot);
        }
        for (i, m) in moves.iter().enumerate() {
            let child_hash = match child_hashes.get(i) {
                Some(&h) => h,
                None => pos.hash_after(hash, m),
            };
            let Some(h) = self.tt.probe(child_hash) else {
                continue;
            };
            if h.depth < depth - 1 || h.bound == Bound::Lower {
                continue;
            }
            let s = -score_from_tt(h.score, ply + 1);
            if s < beta || s.abs() >= WIN_THRESHOLD {
                continue;
            }
            let child = pos.play(m);
            let cc = next_counters(self.rules, pos, m, &child, counters);
            self.keys.push(hash);
            let repeated = self.is_repetition(child_hash, cc);
            self.keys.pop();
            if repeated || rule_draw(self.rules, &child, cc).is_some() {
                continue;
            }
            self.tt
                .store(hash, depth, score_to_tt(s, ply), Bound::Lower, Some(i));
            return Some(s);
        }
        None
    }

    fn is_repetition(&self, hash: u64, counters: Counters) -> bool {
        let n = self.keys.len();
        let back = (counters.king_plies as usize).min(n);
        let mut d = 2;
        while d <= back {
            if self.keys[n - d] == hash {
                return true;
            }
            d += 2;
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        pos: &Position,
        hash: u64,
        counters: Counters,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        clock: &mut dyn Clock,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if depth > 1 {
            self.tt.prefetch(hash); // probed after the move generation below
        }
        // Once stopped, nothing more is searched or counted (the root of a new iteration
        // included), so a node limit is never overshot.
        if self.stopped {
            return 0;
        }
        self.nodes += 1;
        self.poll(clock);
        if self.stopped && ply > 0 {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            if self.is_repetition(hash, counters) {
                return self.draw_score(ply);
            }
            alpha = alpha.max(-WIN + ply as i32);
            beta = beta.min(WIN - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
            // Endgame tables: an exact value ends the search here.
            if self.probing {
                if let Some(t) = &self.tables {
                    if let Some(s) = t.search_score(pos, counters, ply) {
                        return if s == 0 { self.draw_score(ply) } else { s };
                    }
                }
            }
        }
        // A quiet leaf is evaluated without generating its moves, unless the opponent threatens
        // a capture where threats are rare enough to be worth a ply (see `extends_threats`):
        // then one more ply shows whether the threat can be met (checkers' horizon is a shot
        // one move away, which no static evaluation sees).
        let mut depth = depth;
        if depth <= 0 && !has_capture(pos, self.rules) {
            if !has_quiet_move(pos) {
                return -(WIN - ply as i32);
            }
            if ply > 0 && rule_draw(self.rules, pos, counters).is_some() {
                return self.draw_score(ply);
            }
            if depth < 0
                || !extends_threats(self.rules)
                || ply >= 2 * self.root_depth as usize
                || !has_capture(&pos.with_side(!pos.side_to_move()), self.rules)
            {
                return self.evaluate(pos, hash);
            }
            depth = 1;
        }
        let mut moves = core::mem::take(&mut self.buffers[ply]);
        legal_moves(pos, self.rules, &mut moves);
        let result = self.node_moves(
            pos, hash, counters, depth, ply, alpha, beta, pv_node, &moves, clock,
        );
        self.buffers[ply] = moves;
        result
    }

    #[allow(clippy::too_many_arguments)]
    fn node_moves(
        &mut self,
        pos: &Position,
        hash: u64,
        counters: Counters,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        pv_node: bool,
        moves: &[Move],
        clock: &mut dyn Clock,
    ) -> i32 {
        if moves.is_empty() {
            return -(WIN - ply as i32);
        }
        if ply > 0 && rule_draw(self.rules, pos, counters).is_some() {
            return self.draw_score(ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos, hash);
        }
        let captures = moves[0].is_capture();
        // A forced reply costs nothing to look at: do not count it against the depth.
        if moves.len() == 1 && ply > 0 && depth > 0 && ply < 3 * self.root_depth as usize {
            depth += 1;
        }
        // The leaves: a quiet position is evaluated, a capture is always played out.
        if depth <= 0 && !captures {
            return self.evaluate(pos, hash);
        }
        let mut hash_move = None;
        // Capture resolution (depth <= 0) is cheap to redo; keep the table for real depth.
        let use_tt = depth > 1;
        if let Some(h) = if use_tt { self.tt.probe(hash) } else { None } {
            hash_move = h.mv.filter(|&i| i < moves.len());
            if !pv_node && h.depth >= depth && ply > 0 {
                let s = score_from_tt(h.score, ply);
                let cut = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        if !pv_node && ply > 0 && depth >= ETC_DEPTH && cuts_by_transposition(self.rules) {
            if let Some(s) = self.transposition_cutoff(pos, hash, counters, depth, ply, beta, moves)
            {
                return s;
            }
        }
        let pieces = pos.occupied().count();
        // Pruning of shallow quiet nodes (see the constants above).
        let prunable = !pv_node
            && ply > 0
            && !captures
            && beta.abs() < WIN_THRESHOLD
            && alpha.abs() < WIN_THRESHOLD
            && prunes_shallow_nodes(self.rules)
            && depth <= RFP_DEPTH.max(FUTILITY_DEPTH).max(LMP_DEPTH)
            && !(prunes_cautiously(self.rules)
                && (pieces <= SPARSE_ENDING
                    || has_capture(&pos.with_side(!pos.side_to_move()), self.rules)));
        let static_eval = if prunable && depth <= RFP_DEPTH.max(FUTILITY_DEPTH) {
            Some(self.evaluate(pos, hash))
        } else {
            None
        };
        if let Some(e) = static_eval {
            if depth <= RFP_DEPTH && e - RFP_MARGIN * depth >= beta {
                return e;
            }
        }
        let futile = static_eval
            .is_some_and(|e| depth <= FUTILITY_DEPTH && e + FUTILITY_MARGIN * depth <= alpha);
        let quiet_limit = if prunable && depth <= LMP_DEPTH {
            (LMP_BASE + depth * depth) as usize
        } else {
            usize::MAX
        };
        let us = pos.side_to_move() as usize;
        let their_kings = pos.kings(!pos.side_to_move());
        // Order: hash move, captures (more and bigger first), killers, history.
        let n = moves.len().min(MAX_ORDERED);
        let mut order = core::mem::take(&mut self.order[ply]);
        order.clear();
        for (i, m) in moves.iter().enumerate().take(n) {
            let key = if Some(i) == hash_move {
                1 << 30
            } else if m.is_capture() {
                (1 << 24)
                    + m.captured().count() as i32 * 1024
                    + (m.captured() & their_kings).count() as i32 * 512
                    + m.promotes() as i32 * 256
            } else if self.killers[ply][0] == Some(*m) {
                1 << 22
            } else if self.killers[ply][1] == Some(*m) {
                (1 << 22) - 1
            } else {
                self.history[us][m.from().index()][m.to().index()]
                    + if m.promotes() { 1 << 21 } else { 0 }
            };
            order.push((key, i as u8));
        }
        // Late-move reductions pay in the middlegame; in sparse endings one quiet king move can
        // decide the game, so everything is searched to full depth there.
        let reducible = pieces > SPARSE_ENDING;
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_index = None;
        for i in 0..n {
            // Selection sort over indices (the TT stores generator order): cheap, and most
            // nodes cut off after a move or two.
            let mut j = i;
            for k in i + 1..n {
                if order[k].0 > order[j].0 {
                    j = k;
                }
            }
            order.swap(i, j);
            let (key, idx) = order[i];
            let idx = idx as usize;
            let m = moves[idx];
            let quiet = !m.is_capture() && !m.promotes();
            // The first move is always searched; the rest of a pruned node's quiet moves are
            // skipped unless every move so far loses.
            if i > 0 && quiet && best > -WIN_THRESHOLD && (futile || i >= quiet_limit) {
                continue;
            }
            let child = pos.play(&m);
            let child_hash = pos.hash_after(hash, &m);
            let cc = next_counters(self.rules, pos, &m, &child, counters);
            self.keys.push(hash);
            let mut s;
            if i == 0 {
                if ply == 0 {
                    self.root_first = Some(m);
                }
                s = -self.node(
                    &child,
                    child_hash,
                    cc,
                    depth - 1,
                    ply + 1,
                    -beta,
                    -alpha,
                    clock,
                );
            } else {
                let late = i >= if pv_node { 4 } else { 2 };
                let mut reduction = 0;
                if depth >= 2 && quiet && late && key < (1 << 22) - 1 && reducible {
                    reduction = 1 + ((depth as u32).ilog2() * (i as u32).ilog2() / 3) as i32;
                    reduction = reduction.min(depth - 1);
                }
                let (a, d) = (-alpha - 1, depth - 1);
                s = -self.node(
                    &child,
                    child_hash,
                    cc,
                    d - reduction,
                    ply + 1,
                    a,
                    -alpha,
                    clock,
                );
                if s > alpha && reduction > 0 {
                    s = -self.node(&child, child_hash, cc, d, ply + 1, a, -alpha, clock);
                }
                if s > alpha && s < beta {
                    s = -self.node(&child, child_hash, cc, d, ply + 1, -beta, -alpha, clock);
                }
            }
            self.keys.pop();
            if self.stopped {
                self.order[ply] = order;
                return 0;
            }
            if s > best {
                best = s;
                best_index = Some(idx);
                if s > alpha {
                    alpha = s;
                    // Triangular PV: this move, then the child's line.
                    let child_len = self.pv_len[ply + 1];
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply][0] = m;
                    head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
                    self.pv_len[ply] = child_len + 1;
                    if ply == 0 {
                        self.root_score = s;
                    }
                    if s >= beta {
                        if quiet {
                            if self.killers[ply][0] != Some(m) {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = Some(m);
                            }
                            let h = &mut self.history[us][m.from().index()][m.to().index()];
                            *h = (*h + depth * depth).min(1 << 20);
                        }
                        break;
                    }
                }
            }
        }
        self.order[ply] = order;
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if use_tt {
            self.tt
                .store(hash, depth, score_to_tt(best, ply), bound, best_index);
        }
        best
    }
}

/// Whether a quiet leaf under a capture threat is searched a ply further: only where men capture
/// forward only and kings move one square (English). Where men also capture backward (Russian)
/// or kings fly (Czech, Russian), nearly every contact is a threat and the extra plies cost the
/// depth they would earn; measured at 100 ms/move: English +35 Elo, Czech ±0, Russian −20.
fn extends_threats(rules: &Rules) -> bool {
    !rules.men_capture_backward && rules.king_range == KingRange::Short
}

/// Whether shallow quiet nodes are pruned (see `RFP_DEPTH`): where kings fly (Czech, Russian).
/// Measured in self-play: Czech +18 Elo at 100 ms/move; English +8 in 306 games at 50 ms,
/// undecided. Russian, see [`prunes_cautiously`].
fn prunes_shallow_nodes(rules: &Rules) -> bool {
    rules.king_range == KingRange::Flying
}

/// Whether a node is pruned only while the opponent threatens no capture and more than six
/// pieces are on the board. Where men capture backward (Russian) nearly every contact is a shot
/// for one side or the other, which a static value cannot see: pruned everywhere, a Russian
/// search reaches 16 plies with 0.43 of the nodes but plays no better (self-play at 50 ms −10
/// Elo, −29..+8; against e42610c at 300 ms 82.0 % where the build without it scored 83.0 %).
/// Held to unthreatened nodes it needs 0.50 of the nodes (0.67 of the time), and Russian Hard,
/// which gains with time, scored 84.1 % against e42610c at 300 ms over 400 games where the
/// build without it scored 82.0 % (+2.1 %, −0.9..+5.1, paired by opening; `docs/strength.md`).
/// Sparse endings are spared as late-move reductions spare them: pruned there, Hard let three
/// kings against one run into the 15-move rule.
fn prunes_cautiously(rules: &Rules) -> bool {
    rules.men_capture_backward
}

/// Whether enhanced transposition cutoffs are made (see `Engine::transposition_cutoff`): where
/// kings fly (Czech, Russian). Nodes to the same depth: Czech 0.67 (17 plies), Russian 0.77 (15),
/// English 0.77 (19). Self-play at 100 ms against the search without them, 400 games each: Czech
/// +49 =314 −37 (+10 Elo, −5..+26), Russian +40 =333 −27 (+11, −3..+25), English +60 =289 −51
/// (+8, −10..+26); yet against e42610c at 300 ms English Hard with them scored +63 =37 −0
/// (81.5 %) and without them +73 =27 −0 (86.5 %) on the same 50 openings, +5.6 % (+0.2..+11.0)
/// paired by opening for the search without them.
fn cuts_by_transposition(rules: &Rules) -> bool {
    rules.king_range == KingRange::Flying
}

fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN_THRESHOLD {
        s + ply as i32
    } else if s <= -WIN_THRESHOLD {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= WIN_THRESHOLD {
        s - ply as i32
    } else if s <= -WIN_THRESHOLD {
        s + ply as i32
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// An engine set up to search the game's position, and that position's key and counters.
    fn ready(game: Game) -> (Engine, Game, u64, Counters) {
        let mut engine = Engine::new(1);
        engine.prepare(&game, Limits::default());
        let (hash, counters) = (game.position().hash(), game.counters());
        (engine, game, hash, counters)
    }

    /// Searches the game's position as a node off the principal variation, `depth` plies from the leaves,
    /// with the window (−1, 0): any score of 0 or more refutes it.
    fn null_window_node(
        engine: &mut Engine,
        game: &Game,
        hash: u64,
        c: Counters,
        depth: i32,
    ) -> i32 {
        engine.node(game.position(), hash, c, depth, 1, -1, 0, &mut NoClock)
    }

    #[test]
    fn a_child_known_to_refute_the_opponent_cuts_the_node_off_unsearched() {
        for variant in [Variant::Czech, Variant::Russian] {
            let (mut engine, game, hash, c) = ready(Game::new(variant));
            let pos = game.position();
            let m = game.legal_moves()[3];
            // The child is known, 8 plies deep, to be worth exactly −2 men to its mover: this
            // node (depth 4) is worth at least +2 men, above β = 0.
            engine
                .tt
                .store(pos.hash_after(hash, &m), 8, -200, Bound::Exact, None);
            assert_eq!(
                null_window_node(&mut engine, &game, hash, c, 4),
                200,
                "{variant:?}"
            );
            assert_eq!(engine.nodes, 1, "{variant:?}: no move was searched");
            // The cutoff is remembered for this node, with the move that made it.
            let hit = engine.tt.probe(hash).expect("stored");
            assert_eq!((hit.score, hit.bound, hit.mv), (200, Bound::Lower, Some(3)));
        }
    }

    #[test]
    fn english_does_not_look_the_children_up() {
        let (mut engine, game, hash, c) = ready(Game::new(Variant::English));
        let m = game.legal_moves()[3];
        let child = game.position().hash_after(hash, &m);
        engine.tt.store(child, 8, -200, Bound::Exact, None);
        null_window_node(&mut engine, &game, hash, c, 4);
        assert!(engine.nodes > 1, "searched");
    }

    #[test]
    fn a_shallow_or_lower_bound_child_or_a_shallow_node_is_searched() {
        let cases = [
            // (child depth, child bound, node depth)
            (2, Bound::Exact, 4), // known less deep than the node needs
            (8, Bound::Lower, 4), // a lower bound for the child says nothing about this node
            (8, Bound::Exact, 2), // too close to the leaves to look the children up
        ];
        for (child_depth, bound, depth) in cases {
            let (mut engine, game, hash, c) = ready(Game::new(Variant::Czech));
            let m = game.legal_moves()[3];
            let child = game.position().hash_after(hash, &m);
            engine.tt.store(child, child_depth, -200, bound, None);
            null_window_node(&mut engine, &game, hash, c, depth);
            assert!(
                engine.nodes > 1,
                "{child_depth} {bound:?} {depth}: searched"
            );
        }
    }

    #[test]
    fn a_child_that_repeats_the_line_is_searched() {
        // Two kings each: White goes there, Black goes there, White comes back; Black coming
        // back too would repeat the first position, a draw on this line whatever the table
        // says of it from another.
        let start = Game::from_position(
            Variant::Czech,
            crate::fen::parse("W:WK29,K32:BK1,K4").unwrap(),
        );
        let reverse = |g: &Game, m: Move| {
            g.legal_moves()
                .into_iter()
                .find(|r| r.from() == m.to() && r.to() == m.from())
        };
        // The first pair of moves both sides can take back in turn.
        let (game, home) = start
            .legal_moves()
            .into_iter()
            .flat_map(|there| {
                let mut g = start.clone();
                g.play(there).unwrap();
                g.legal_moves().into_iter().filter_map(move |black| {
                    let mut g = g.clone();
                    g.play(black).unwrap();
                    g.play(reverse(&g, there)?).unwrap();
                    let home = reverse(&g, black)?;
                    Some((g, home))
                })
            })
            .next()
            .unwrap();
        let (mut engine, game, hash, c) = ready(game);
        let pos = game.position();
        assert_eq!(pos.play(&home).hash(), game.position_at(0).unwrap().hash());
        engine
            .tt
            .store(pos.hash_after(hash, &home), 8, -200, Bound::Exact, None);
        null_window_node(&mut engine, &game, hash, c, 4);
        assert!(engine.nodes > 1, "searched");
    }
}
