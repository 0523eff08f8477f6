//! One test per rule, each with a real position. Positions are FENs with algebraic squares so the
//! board can be read off directly (White moves up, toward rank 8).

mod common;

use common::{count, moves, pos, sorted};
use shashki::perft::Counting;
use shashki::Variant::{self, Czech, English, Russian};
use shashki::{legal_moves, Role};

const FLYING: [Variant; 2] = [Czech, Russian];

#[test]
fn men_move_one_square_diagonally_forward() {
    for v in [Czech, Russian] {
        assert_eq!(moves(v, "W:Wc3:Bh8"), sorted(&["c3-b4", "c3-d4"]));
        assert_eq!(moves(v, "B:Wc3:Bh8"), sorted(&["h8-g7"]));
    }
    assert_eq!(moves(English, "W:W22:B4"), sorted(&["22-17", "22-18"]));
    assert_eq!(moves(English, "B:W22:B4"), sorted(&["4-8"]));
}

#[test]
fn start_position_moves_and_who_moves_first() {
    assert_eq!(
        moves(Russian, "W:W21-32:B1-12"),
        sorted(&["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"])
    );
    assert_eq!(
        moves(English, "B:W21-32:B1-12"),
        sorted(&["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"])
    );
    assert_eq!(Czech.rules().first_to_move, shashki::Color::White);
    assert_eq!(Russian.rules().first_to_move, shashki::Color::White);
    assert_eq!(English.rules().first_to_move, shashki::Color::Black);
}

#[test]
fn capture_is_compulsory() {
    // a3 could move quietly, but d4 can capture c5.
    for v in [Czech, Russian] {
        assert_eq!(moves(v, "W:Wa3,d4:Bc5"), sorted(&["d4:b6"]));
    }
    assert_eq!(moves(English, "W:W21,18:B14"), sorted(&["18x9"]));
}

#[test]
fn men_capture_backward_only_in_russian() {
    // The black man on e3 is behind the white man on d4.
    assert_eq!(moves(Russian, "W:Wd4:Be3"), sorted(&["d4:f2"]));
    assert_eq!(moves(Czech, "W:Wd4:Be3"), sorted(&["d4-c5", "d4-e5"]));
    assert_eq!(moves(English, "W:Wd4:Be3"), sorted(&["18-14", "18-15"]));
}

#[test]
fn flying_kings_move_any_distance_english_kings_one_square() {
    for v in FLYING {
        assert_eq!(
            moves(v, "W:WKa1:Bh8"),
            sorted(&["a1-b2", "a1-c3", "a1-d4", "a1-e5", "a1-f6", "a1-g7"])
        );
    }
    assert_eq!(moves(English, "W:WKa1:Bh8"), sorted(&["29-25"]));
    // An English king steps backward too.
    assert_eq!(
        moves(English, "W:WK18:B4"),
        sorted(&["18-14", "18-15", "18-22", "18-23"])
    );
}

#[test]
fn flying_king_captures_at_a_distance_and_lands_on_any_square_beyond() {
    for v in FLYING {
        assert_eq!(
            moves(v, "W:WKa1:Bd4"),
            sorted(&["a1:e5", "a1:f6", "a1:g7", "a1:h8"])
        );
    }
    // The English king only jumps an adjacent piece.
    assert_eq!(moves(English, "W:WKa1:Bd4"), sorted(&["29-25"]));
    assert_eq!(moves(English, "W:WKa1:Bb2"), sorted(&["29x22"]));
}

#[test]
fn flying_king_must_land_where_the_capture_goes_on() {
    // Beyond d4 the king could stop on e5, f6, g7 or h8, but only from f6 can it take g5.
    for v in FLYING {
        assert_eq!(moves(v, "W:WKa1:Bd4,g5"), sorted(&["a1:f6:h4"]));
    }
}

#[test]
fn czech_king_must_capture_even_when_a_man_takes_more() {
    // The man on a3 could take two (b4, b6); the king on h8 can take one (g7): in Czech the
    // king must capture.
    let fen = "W:Wa3,e5,Kh8:Bb4,b6,g7";
    assert_eq!(moves(Czech, fen), sorted(&["h8:f6"]));
    // Without the king priority the choice is free.
    assert_eq!(moves(Russian, fen), sorted(&["a3:c5:a7", "h8:f6"]));
    // Without a capturing king the men capture as usual.
    assert_eq!(
        moves(Czech, "W:Wa3,e5,Kh8:Bb4,b6,f8"),
        sorted(&["a3:c5:a7"])
    );
}

#[test]
fn capture_choice_is_free_no_majority_rule() {
    // Two captures of one piece and one of two pieces: all may be chosen.
    for v in FLYING {
        assert_eq!(
            moves(v, "W:Wa3,e5:Bb4,b6,f6"),
            sorted(&["a3:c5:a7", "e5:g7"])
        );
    }
    assert_eq!(
        moves(English, "W:W21,15:B17,9,11"),
        sorted(&["21x14x5", "15x8"])
    );
}

#[test]
fn a_capture_sequence_must_be_completed() {
    // After a3:c5 the man must go on to a7; stopping on c5 is not a move.
    for v in FLYING {
        let m = moves(v, "W:Wa3:Bb4,b6");
        assert_eq!(m, sorted(&["a3:c5:a7"]));
    }
    assert_eq!(moves(English, "W:W21:B17,9"), sorted(&["21x14x5"]));
}

#[test]
fn russian_man_crowned_during_a_capture_goes_on_as_a_king() {
    // b6 takes c7 and reaches d8, becomes a king and goes on along d8–h4 over f6.
    let fen = "W:Wb6:Bc7,f6";
    assert_eq!(moves(Russian, fen), sorted(&["b6:d8:g5", "b6:d8:h4"]));
    let p = pos(fen);
    let mut list = Vec::new();
    legal_moves(&p, Russian.rules(), &mut list);
    for m in &list {
        assert!(m.promotes());
        let after = p.play(m);
        assert_eq!(after.piece_at(m.to()).unwrap().role, Role::King);
        assert_eq!(after.pieces(shashki::Color::Black).count(), 0);
    }
}

#[test]
fn czech_and_english_crowning_ends_the_move() {
    // The same shot: as a king the piece could go on over e7, but the move ends on d8.
    let fen = "W:Wb6:Bc7,e7";
    assert_eq!(moves(Czech, fen), sorted(&["b6:d8"]));
    assert_eq!(moves(English, fen), sorted(&["9x2"]));
    assert_eq!(
        moves(Russian, fen),
        sorted(&["b6:d8:f6", "b6:d8:g5", "b6:d8:h4"])
    );
    let p = pos(fen);
    let mut list = Vec::new();
    legal_moves(&p, Czech.rules(), &mut list);
    assert!(list[0].promotes());
    assert_eq!(
        p.play(&list[0]).piece_at(list[0].to()).unwrap().role,
        Role::King
    );
}

#[test]
fn quiet_move_to_the_last_row_crowns() {
    let p = pos("W:Wc7:Bh2");
    let mut list = Vec::new();
    legal_moves(&p, Czech.rules(), &mut list);
    assert_eq!(list.len(), 2);
    for m in &list {
        assert!(m.promotes());
        assert_eq!(p.play(m).piece_at(m.to()).unwrap().role, Role::King);
    }
}

/// A white king on c1 facing black men on b2, c5, e5, e3 and g5: the ring c1–f4–d6–a3–c1 can be
/// run both ways, and the captured e3 stays on the board, so back on c1 the king cannot go on
/// through e3 to take g5.
const RING: &str = "W:WKc1:Bb2,c5,e3,e5,g5";

#[test]
fn captured_pieces_stay_until_the_move_ends_and_block() {
    for v in FLYING {
        let m = moves(v, RING);
        assert_eq!(
            m,
            sorted(&[
                "c1:a3:d6:f4:d2",
                "c1:a3:d6:f4:h6",
                "c1:a3:e7:h4",
                "c1:f4:h6",
                // Found both ways round; printed with the first path.
                if m.contains(&"c1:f4:d6:a3:c1".to_string()) {
                    "c1:f4:d6:a3:c1"
                } else {
                    "c1:a3:d6:f4:c1"
                },
            ])
        );
        // No sequence takes all five: e3 would have to be passed twice.
        let p = pos(RING);
        let mut list = Vec::new();
        legal_moves(&p, v.rules(), &mut list);
        assert!(list.iter().all(|m| m.captured().count() < 5));
    }
}

#[test]
fn moves_with_the_same_from_to_and_captures_appear_once() {
    for v in FLYING {
        assert_eq!(count(v, RING, 1, Counting::Distinct), 5);
        assert_eq!(count(v, RING, 1, Counting::AllPaths), 6);
    }
    // English: a king runs round four men, clockwise or anticlockwise.
    let ring = "W:WK22:B9,10,17,18";
    assert_eq!(moves(English, ring).len(), 1);
    assert_eq!(count(English, ring, 1, Counting::AllPaths), 2);
    let m = &moves(English, ring)[0];
    assert!(m == "22x15x6x13x22" || m == "22x13x6x15x22", "{m}");
}

#[test]
fn a_piece_is_never_jumped_twice() {
    // English king in the ring: after four captures it is back on 22 next to nothing new.
    let p = pos("W:WK22:B9,10,17,18");
    let mut list = Vec::new();
    legal_moves(&p, English.rules(), &mut list);
    assert_eq!(list[0].captured().count(), 4);
    assert_eq!(p.play(&list[0]).pieces(shashki::Color::Black).count(), 0);
}

#[test]
fn blocked_side_has_no_moves() {
    // The white man on a7 faces a black man on b8 with nowhere to jump.
    for v in Variant::ALL {
        assert!(moves(v, "W:Wa7:Bb8").is_empty());
    }
}
