//! PDN in and out: round-trips, other programs' files, and broken input.

use shashki::level::Rng;
use shashki::pdn::{self, PdnErrorKind, Tags};
use shashki::Variant::{self, Czech, English, Russian};
use shashki::{Game, Outcome};

fn random_game(v: Variant, seed: u64) -> Game {
    let mut rng = Rng::new(seed);
    let mut g = Game::new(v);
    while !g.is_over() && g.moves().len() < 400 {
        let moves = g.legal_moves();
        g.play(moves[rng.below(moves.len() as u64) as usize])
            .unwrap();
    }
    g
}

#[test]
fn finished_games_round_trip_in_every_variant() {
    for v in Variant::ALL {
        for seed in 0..10 {
            let g = random_game(v, seed);
            let mut tags = Tags::default();
            tags.set("White", "Alice \"A\"");
            let text = pdn::write(&g, &tags);
            let back =
                pdn::read(&text, Czech).unwrap_or_else(|e| panic!("{v} {seed}: {e}\n{text}"));
            assert_eq!(back.game.variant(), v);
            assert_eq!(back.game.moves(), g.moves(), "{text}");
            assert_eq!(back.game.outcome(), g.outcome());
            assert_eq!(back.tags.get("White"), Some("Alice \"A\""));
            assert!(g.outcome().is_some());
        }
    }
}

#[test]
fn a_game_from_a_position_keeps_its_fen() {
    let mut g = Game::from_fen(Russian, "W:WKc1:Bb2,c5,e3,e5,g5").unwrap();
    g.play_text("c1:f4:h6").unwrap();
    let text = pdn::write(&g, &Tags::default());
    assert!(
        text.contains("[FEN \"W:WK30:B6,11,14,15,23\"]") || text.contains("[FEN "),
        "{text}"
    );
    let back = pdn::read(&text, Czech).unwrap();
    assert_eq!(back.game.fen(), g.fen());
}

#[test]
fn reads_a_classic_english_game_with_numbers_and_x() {
    // From the English rules seed: "1. 9-14 23-18 2. 14×23 27×18 3. 5-9 26-23 4. 12-16 30-26
    // 5. 16-19 24×15".
    let text = "[Event \"Example\"]\n[GameType \"21\"]\n\n1. 9-14 23-18 2. 14×23 27×18 3. 5-9 26-23\n4. 12-16 30-26 5. 16-19 24×15 *\n";
    let g = pdn::read(text, Russian).unwrap();
    assert_eq!(g.game.variant(), English);
    assert_eq!(g.game.moves().len(), 10);
    assert_eq!(g.game.move_text(9).as_deref(), Some("24x15"));
}

#[test]
fn reads_comments_variations_nags_and_algebraic_russian() {
    let text = "[White \"a\"]\n[Black \"b\"]\n[Result \"2-0\"]\n[GameType \"25\"]\n\n\
        1. c3-d4 {a comment} f6-g5 $1 2. d4-c5 (2. g3-f4 h6:f4) b6:d4 3. e3:c5!? d6:b4\n\
        4. a3:c5 2-0\n";
    let g = pdn::read(text, Czech).unwrap();
    assert_eq!(g.game.variant(), Russian);
    assert_eq!(g.game.moves().len(), 7);
    assert_eq!(g.result, "2-0");
    // Numbers work for Russian too.
    let g2 = pdn::read("[GameType \"25\"]\n1. 22-18 11-16 *", Czech).unwrap();
    assert_eq!(g2.game.move_text(0).as_deref(), Some("c3-d4"));
}

#[test]
fn broken_pdn_names_the_line_and_the_reason() {
    let bad = "[Event \"x\"]\n[GameType \"25\"]\n\n1. c3-d4 f6-g5\n2. c3-b4 *\n";
    let e = pdn::read(bad, Czech).unwrap_err();
    assert_eq!(e.line, 5);
    assert!(
        matches!(e.kind, PdnErrorKind::BadMove { number: 3, .. }),
        "{e}"
    );
    assert!(e.to_string().starts_with("line 5: move 3 (c3-b4)"), "{e}");
    let e = pdn::read("[Event x]\n1. c3-d4", Czech).unwrap_err();
    assert!(matches!(e.kind, PdnErrorKind::BadTag(_)));
    let e = pdn::read("[GameType \"20\"]\n1. 32-28", Czech).unwrap_err();
    assert!(matches!(e.kind, PdnErrorKind::UnsupportedGameType(_)));
    let e = pdn::read("[FEN \"W:W99:B1\"]\n", Czech).unwrap_err();
    assert!(matches!(e.kind, PdnErrorKind::BadFen(_)));
    let e = pdn::read("1. c3-d4 {never closed", Czech).unwrap_err();
    assert!(matches!(e.kind, PdnErrorKind::Unclosed('{')));
    assert!(matches!(
        pdn::read("  \n", Czech).unwrap_err().kind,
        PdnErrorKind::Empty
    ));
    // Results are written in each variant's convention.
    let mut g = Game::from_fen(English, "W:W22:B18").unwrap();
    g.play_text("22x15").unwrap();
    assert!(matches!(g.outcome(), Some(Outcome::Win { .. })));
    assert!(pdn::write(&g, &Tags::default()).contains("[Result \"1-0\"]"));
}

#[test]
fn reads_a_historical_russian_game_with_x_captures_split_over_lines() {
    // Polousov – Kazas as collections print it: `x` for captures, move numbers at line ends.
    let text = "[White \"Polousov A.\"]\n[Black \"Kazas D.\"]\n[Event \"\"]\n[Round \"\"]\n\
        [Site \"\"]\n[Date \"\"]\n[Result \"2-0\"]\n[GameType \"25\"]\n\n\
        1. c3-b4 b6-c5 2. b2-c3 f6-e5 3. a1-b2 g7-f6 4. e3-f4 f6-g5 5.\n\
        b4-a5 g5xe3 6. d2xf4 c7-b6 7. a5xc7 d8xb6 8. f4-g5 h6xf4 9.\n\
        a3-b4 c5xa3 10. c1-d2 a3xe3 11. f2xa5 2-0\n";
    let g = pdn::read(text, Czech).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.game.variant(), Russian);
    assert_eq!(g.game.moves().len(), 21);
    assert_eq!(g.result, "2-0");
    // The last move, written from–to, is a four-piece capture.
    assert_eq!(g.game.move_text(20).as_deref(), Some("f2:d4:f6:d8:a5"));
    // And it comes back through our own writer unchanged in substance.
    let again = pdn::read(&pdn::write(&g.game, &g.tags), Czech).unwrap();
    assert_eq!(again.game.moves(), g.game.moves());
    assert_eq!(again.tags.get("White"), Some("Polousov A."));
}

#[test]
fn a_stated_result_and_first_tags_survive_a_round_trip() {
    // Found by fuzzing: an unfinished game's result (a resignation) and repeated tags.
    let g = pdn::read(
        "[Event \"a\"]\n[Event \"b\"]\n[Result \"2-0\"]\n[GameType \"25\"]\n1. c3-d4 2-0",
        Czech,
    )
    .unwrap();
    assert_eq!(g.tags.get("Event"), Some("a"));
    let text = pdn::write(&g.game, &g.tags);
    assert!(text.contains("[Result \"2-0\"]"), "{text}");
    assert!(text.contains("[Event \"a\"]"), "{text}");
    assert!(text.trim_end().ends_with("2-0"), "{text}");
}

#[test]
fn a_comment_over_several_lines_may_hold_brackets() {
    let text = "[GameType \"25\"]\n1. c3-d4 {a comment\n[not a tag] still comment} f6-g5 *";
    let g = pdn::read(text, Czech).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.game.moves().len(), 2);
    // Braces inside a tag value are just text.
    let g = pdn::read("[Event \"{x\"]\n[GameType \"25\"]\n1. c3-d4 *", Czech).unwrap();
    assert_eq!(g.tags.get("Event"), Some("{x"));
    assert_eq!(g.game.moves().len(), 1);
}

#[test]
fn marks_and_comments_are_read_back_per_move() {
    let text = "[GameType \"25\"]\n1. c3-d4?! {Better: e3-f4\n(e3-f4 f6-g5)} f6-g5 $4 2. d4-c5?? \
        (2. g3-f4 {not this}) b6:d4 {forced} {twice} 3. e3:c5 ? *";
    let g = pdn::read(text, Czech).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.game.moves().len(), 5);
    let marks: Vec<&str> = g.annotations.iter().map(|a| a.mark.as_str()).collect();
    assert_eq!(marks, ["?!", "??", "??", "", "?"]);
    assert_eq!(g.annotations[0].comment, "Better: e3-f4 (e3-f4 f6-g5)");
    assert_eq!(g.annotations[2].comment, "");
    assert_eq!(g.annotations[3].comment, "forced twice");
}

#[test]
fn an_annotated_game_round_trips() {
    for v in Variant::ALL {
        let g = random_game(v, 7);
        let notes: Vec<pdn::Annotation> = (0..g.moves().len())
            .map(|i| pdn::Annotation {
                mark: ["", "?!", "?", "??", "!"][i % 5].to_string(),
                comment: if i % 3 == 0 {
                    format!("[%eval {i}] move {i} {{braces}} and a long comment that wraps over the line")
                } else {
                    String::new()
                },
            })
            .collect();
        let text = pdn::write_annotated(&g, &Tags::default(), &notes);
        let back = pdn::read(&text, Czech).unwrap_or_else(|e| panic!("{v}: {e}\n{text}"));
        assert_eq!(back.game.moves(), g.moves());
        assert_eq!(back.annotations.len(), notes.len());
        for (i, (a, b)) in notes.iter().zip(&back.annotations).enumerate() {
            assert_eq!(a.mark, b.mark, "{v} move {i}\n{text}");
            assert_eq!(
                a.comment.replace('{', "(").replace('}', ")"),
                b.comment,
                "{v} move {i}"
            );
        }
        assert!(text.lines().all(|l| l.len() <= 78 || !l.contains(' ')));
    }
}
