//! `shashki soak`: plays many random and engine-against-engine games and checks invariants at
//! every ply, so a rules or notation bug shows up as a reported position rather than a lost game.

use shashki::fen;
use shashki::level::{choose_move, Level, Rng};
use shashki::notation::{capture_paths, move_to_string, parse_move};
use shashki::search::{Engine, Limits, NoClock};
use shashki::{legal_moves, Game, Variant};

use crate::args::{number, Args, Fail};

/// The longest game the rules allow in practice: every variant's move-count rules end a game
/// without progress long before this.
const MAX_PLIES: usize = 3000;

/// Checks one position and its legal moves; returns what is wrong.
fn check_position(game: &Game) -> Result<(), String> {
    let pos = game.position();
    let rules = game.rules();
    let us = pos.side_to_move();
    let text = fen::to_fen(pos);
    if fen::parse(&text) != Ok(*pos) {
        return Err(format!("FEN does not round-trip: {text}"));
    }
    let mut moves = Vec::new();
    legal_moves(pos, rules, &mut moves);
    let paths = capture_paths(pos, rules);
    for (i, m) in moves.iter().enumerate() {
        if moves[i + 1..].contains(m) {
            return Err(format!("duplicate move {}", move_to_string(pos, rules, m)));
        }
        if i > 0 && m.is_capture() != moves[0].is_capture() {
            return Err("captures mixed with quiet moves".into());
        }
        let captured = m.captured();
        if (captured & pos.pieces(us)).any() || (captured & pos.pieces(!us)) != captured {
            return Err(format!(
                "move {m:?} captures a piece that is not the opponent's"
            ));
        }
        if m.is_capture() {
            // Complete: one landing per captured piece on some path of this very move.
            let ok = paths
                .iter()
                .any(|p| p.mv == *m && p.landings.len() as u32 == captured.count());
            if !ok {
                return Err(format!("capture {m:?} has no complete path"));
            }
        }
        let t = move_to_string(pos, rules, m);
        if parse_move(pos, rules, &t) != Ok(*m) {
            return Err(format!("notation does not round-trip: {t}"));
        }
        let after = pos.play(m);
        if after.hash() != pos.hash_after(pos.hash(), m) {
            return Err(format!("incremental hash differs after {t}"));
        }
        let lost = pos.pieces(!us).count() - after.pieces(!us).count();
        if lost != captured.count() || after.pieces(us).count() != pos.pieces(us).count() {
            return Err(format!("piece counts disagree after {t}"));
        }
    }
    if moves.is_empty() != game.is_over() && game.outcome().is_none() {
        return Err("no legal move but the game is not over".into());
    }
    Ok(())
}

fn soak_game(
    variant: Variant,
    seed: u64,
    engine: &mut Engine,
    use_engine: bool,
) -> Result<usize, String> {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(variant);
    while !game.is_over() {
        check_position(&game)
            .map_err(|e| format!("{e} in {} after {:?}", game.fen(), game.moves().len()))?;
        if game.moves().len() >= MAX_PLIES {
            return Err(format!("game {seed} did not end within {MAX_PLIES} plies"));
        }
        let moves = game.legal_moves();
        let m = if use_engine && rng.below(4) != 0 {
            let limits = Limits {
                depth: 4,
                nodes: 5_000,
            };
            choose_move(engine, &game, Level::Hard, seed, limits, &mut NoClock)
                .best
                .ok_or("the engine found no move")?
        } else {
            moves[rng.below(moves.len() as u64) as usize]
        };
        game.play(m).map_err(|e| format!("play: {e}"))?;
    }
    Ok(game.moves().len())
}

pub fn soak(args: &Args) -> Result<(), Fail> {
    args.check_known(&["--variant", "--games", "--seed"])?;
    let variant = args.variant()?;
    let games = number::<u64>(args, "--games", 1, 100_000_000)?.unwrap_or(100);
    let seed = number::<u64>(args, "--seed", 0, u64::MAX)?.unwrap_or(1);
    let mut engine = Engine::new(4);
    let mut plies = 0;
    for g in 0..games {
        // Half the games random, half mostly engine moves (longer, king-rich endings).
        let s = seed.wrapping_mul(1_000_003).wrapping_add(g);
        match soak_game(variant, s, &mut engine, g % 2 == 1) {
            Ok(n) => plies += n,
            Err(e) => return Err(Fail(format!("soak failure in game {g} (seed {s}): {e}"))),
        }
    }
    println!("soak {variant}: {games} games, {plies} plies, no failure");
    Ok(())
}
