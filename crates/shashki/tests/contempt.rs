//! Contempt: Hard's draws cost it, its pieces on the board are worth a little to it, and it
//! works for whichever side the engine searches.

mod common;

use std::sync::Arc;

use common::pos;
use shashki::contempt::Contempt;
use shashki::egtb::Tables;
use shashki::level::{choose_move, Level};
use shashki::search::{Engine, Limits, NoClock};
use shashki::Game;
use shashki::Variant::{Czech, English, Russian};

fn limits(depth: u32) -> Limits {
    Limits {
        depth,
        nodes: u64::MAX,
    }
}

#[test]
fn a_drawn_table_ending_costs_hard_its_contempt() {
    for (v, fen) in [
        (Czech, "W:WKa1:BKh2"),
        (Czech, "B:WKa1:BKh2"),
        (Russian, "W:WKa1:BKh2"),
        (Russian, "B:WKa1:BKh2"),
    ] {
        let tables = Arc::new(Tables::build(v, 2, |_| {}).unwrap());
        let game = Game::from_position(v, pos(fen));
        let mut engine = Engine::new(4);
        engine.set_tables(Some(tables.clone()));
        let objective = engine.search(&game, limits(6), &mut NoClock);
        assert_eq!(objective.score, 0, "{v} {fen}");
        let hard = choose_move(&mut engine, &game, Level::Hard, 0, limits(6), &mut NoClock);
        assert_eq!(hard.score, -Level::Hard.contempt(v).draw, "{v} {fen}");
        assert!(game.legal_moves().contains(&hard.best.unwrap()));
        // The level's move leaves its contempt set; the objective search comes back with NONE.
        engine.set_contempt(Contempt::NONE);
        assert_eq!(engine.search(&game, limits(6), &mut NoClock).score, 0);
    }
}

#[test]
fn hard_plays_without_contempt_where_no_match_measured_it() {
    let tables = Arc::new(Tables::build(English, 2, |_| {}).unwrap());
    let game = Game::from_position(English, pos("W:WK14:BK19"));
    let mut engine = Engine::new(4);
    engine.set_tables(Some(tables));
    let hard = choose_move(&mut engine, &game, Level::Hard, 0, limits(6), &mut NoClock);
    assert_eq!(hard.score, 0);
    assert_eq!(engine.contempt(), Contempt::NONE);
}

#[test]
fn the_pieces_on_the_board_count_for_whichever_side_searches() {
    // Two men a side, too far apart to touch within the depth: every line keeps four pieces.
    let c = Contempt {
        draw: 0,
        per_piece: 5,
    };
    let mut engine = Engine::new(4);
    engine.set_contempt(c);
    for fen in ["W:Wa1,c1:Bf8,h8", "B:Wa1,c1:Bf8,h8", "W:Wa1,c1:Bf8,h8"] {
        let game = Game::from_position(Czech, pos(fen));
        let objective = Engine::new(4).search(&game, limits(4), &mut NoClock);
        let with = engine.search(&game, limits(4), &mut NoClock);
        assert_eq!(with.score, objective.score + 4 * c.per_piece, "{fen}");
    }
}
