//! Judging moves after the game: the engine's score turned into an expected score (win = 1,
//! draw = ½) with a logistic curve per variant fitted to the engine's own games, and each move
//! judged by how much expected score it gave away. Scores are what [`crate::search`] reports, so
//! a review only needs one search per position: the value of the move played is minus the value
//! of the position after it.

use alloc::vec::Vec;

use crate::position::Color;
use crate::search::Score;
use crate::variant::Variant;

/// The curve of one variant: expected score = 1 / (1 + e^(−centi-men / scale)).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Curve {
    /// Centi-men for which the side ahead expects about 73 % (e¹ : 1).
    pub scale: i32,
}

/// Fitted by `shashki winprob --games 120 --seed 1 --nodes 50000 --every 3` (see
/// `tools/winprob/README.md`) to Medium-against-Medium games: a man up is worth about 60 % in
/// Czech and 61 % in Russian, where flying kings save many endings, and 64 % in English.
pub const fn curve(variant: Variant) -> Curve {
    match variant {
        Variant::Czech => Curve { scale: 237 },
        Variant::Russian => Curve { scale: 220 },
        Variant::English => Curve { scale: 172 },
    }
}

/// Expected score in thousandths (0..=1000) for the side the score belongs to.
pub fn expected(variant: Variant, score: Score) -> i32 {
    match score {
        Score::Win(_) => 1000,
        Score::Loss(_) => 0,
        Score::Centi(c) => {
            let x = -(c as f64) / curve(variant).scale as f64;
            let e = 1.0 / (1.0 + exp(x.clamp(-40.0, 40.0)));
            (e * 1000.0 + 0.5) as i32
        }
    }
}

/// How bad a move was, by the expected score it lost (in thousandths).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

/// Expected score lost (thousandths) from which a move is an inaccuracy, a mistake, a blunder.
/// On the fitted curves, from an even position: a man given away for nothing is a mistake
/// (10–14 points), two men are a blunder everywhere (20–26), and an inaccuracy starts near
/// −38 centi-men (Czech, Russian) or −28 (English).
pub const THRESHOLDS: [i32; 3] = [40, 80, 150];

impl Judgement {
    pub fn of_loss(loss: i32) -> Option<Judgement> {
        if loss >= THRESHOLDS[2] {
            Some(Judgement::Blunder)
        } else if loss >= THRESHOLDS[1] {
            Some(Judgement::Mistake)
        } else if loss >= THRESHOLDS[0] {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// The PDN move mark.
    pub const fn mark(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }
}

/// One move judged: `before` is the position's value for the mover, `after` the value of the
/// position after the move for the opponent (both as searched).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Expected score lost, thousandths, never negative.
    pub loss: i32,
    pub judgement: Option<Judgement>,
    /// 0..=100: how close the move kept the mover to the best (100 = nothing lost).
    pub accuracy: i32,
}

/// Judges a move from the scores before and after it.
pub fn judge(variant: Variant, before: Score, after: Score) -> Verdict {
    let best = expected(variant, before);
    let played = 1000 - expected(variant, after);
    let loss = (best - played).max(0);
    Verdict {
        loss,
        judgement: Judgement::of_loss(loss),
        accuracy: accuracy(loss),
    }
}

/// A move tried in practice counts as found when it loses less than an inaccuracy would.
pub fn close_to_best(loss: i32) -> bool {
    loss < THRESHOLDS[0]
}

/// One side's moves over a game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SideSummary {
    pub moves: u32,
    /// Mean move accuracy, 0..=100 (100 when the side made no move).
    pub accuracy: i32,
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
}

/// Judges every move of a game. `scores[i]` is the value of the position before move `i` for
/// its side to move (`scores[n]` the final position's, a lost one as `Loss(0)`), `movers[i]`
/// who played move `i` and whether it was the move the search of that position chose — such a
/// move loses nothing, whatever the next search says (two searches of a fixed size need not
/// agree). Returns the verdicts and the summary for White and for Black.
pub fn summarize(
    variant: Variant,
    movers: &[(Color, bool)],
    scores: &[Score],
) -> (Vec<Verdict>, [SideSummary; 2]) {
    let mut verdicts = Vec::with_capacity(movers.len());
    let mut sides = [SideSummary::default(); 2];
    let mut total = [0i64; 2];
    for (i, &(side, best)) in movers.iter().enumerate() {
        let (Some(&before), Some(&after)) = (scores.get(i), scores.get(i + 1)) else {
            break;
        };
        let v = if best {
            Verdict {
                loss: 0,
                judgement: None,
                accuracy: 100,
            }
        } else {
            judge(variant, before, after)
        };
        let s = &mut sides[side as usize];
        s.moves += 1;
        total[side as usize] += v.accuracy as i64;
        match v.judgement {
            Some(Judgement::Inaccuracy) => s.inaccuracies += 1,
            Some(Judgement::Mistake) => s.mistakes += 1,
            Some(Judgement::Blunder) => s.blunders += 1,
            None => {}
        }
        verdicts.push(v);
    }
    for (s, t) in sides.iter_mut().zip(total) {
        s.accuracy = if s.moves == 0 {
            100
        } else {
            (t / s.moves as i64) as i32
        };
    }
    (verdicts, sides)
}

/// Move accuracy from the expected score lost: 100 for none, falling off exponentially (half at
/// about 16 %), as players read a percentage.
pub fn accuracy(loss: i32) -> i32 {
    let a = 103.1668 * exp(-0.04354 * loss as f64 / 10.0) - 3.1669;
    (a.clamp(0.0, 100.0) + 0.5) as i32
}

/// e^x without `std`: range reduction by ln 2 and a Taylor series, identical natively and in
/// WebAssembly (only basic IEEE operations).
pub fn exp(x: f64) -> f64 {
    if x < -700.0 {
        return 0.0;
    }
    let x = x.min(700.0);
    const LN2: f64 = core::f64::consts::LN_2;
    let k = (x / LN2 + if x < 0.0 { -0.5 } else { 0.5 }) as i32;
    let r = x - k as f64 * LN2;
    let mut term = 1.0;
    let mut sum = 1.0;
    for i in 1..=14 {
        term *= r / i as f64;
        sum += term;
    }
    let mut scale = 1.0;
    let (base, n) = if k < 0 { (0.5, -k) } else { (2.0, k) };
    for _ in 0..n {
        scale *= base;
    }
    sum * scale
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_matches_std() {
        for i in -200..=200 {
            let x = i as f64 / 10.0;
            let rel = (exp(x) - std::primitive::f64::exp(x)).abs() / std::primitive::f64::exp(x);
            assert!(rel < 1e-12, "{x}: {} vs {}", exp(x), x.exp());
        }
    }

    #[test]
    fn expected_score_is_symmetric_and_monotonic() {
        for v in Variant::ALL {
            assert_eq!(expected(v, Score::Centi(0)), 500);
            let mut last = 0;
            for c in (-1000..=1000).step_by(50) {
                let e = expected(v, Score::Centi(c));
                assert_eq!(e + expected(v, Score::Centi(-c)), 1000);
                assert!(e >= last);
                last = e;
            }
            assert_eq!(expected(v, Score::Win(5)), 1000);
            assert_eq!(expected(v, Score::Loss(5)), 0);
        }
    }

    #[test]
    fn a_lost_won_game_is_a_blunder_and_a_kept_draw_is_not() {
        let v = Variant::Russian;
        // Winning by a king, then the move lets the opponent win.
        let lost = judge(v, Score::Centi(300), Score::Win(9));
        assert_eq!(lost.judgement, Some(Judgement::Blunder));
        assert!(lost.accuracy < 10);
        // An even position kept even.
        let kept = judge(v, Score::Centi(10), Score::Centi(-5));
        assert_eq!(kept.judgement, None);
        assert!(kept.accuracy >= 95, "{kept:?}");
        // Slightly worse than best: loses a little, never negative.
        let better = judge(v, Score::Centi(0), Score::Centi(-40));
        assert_eq!(better.loss, 0);
    }
}
