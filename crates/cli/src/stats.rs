//! Match statistics: the Elo a score stands for, its error by games and by opening pairs, and
//! the sequential probability ratio test that stops a match once it has decided.

/// The expected score of a player `elo` points stronger.
fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The score as an Elo difference with its 95 % interval, from wins, draws and losses.
pub fn elo_estimate(w: f64, d: f64, l: f64) -> (f64, f64, f64) {
    let n = w + d + l;
    let s = (w + d / 2.0) / n;
    let var = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
    let se = (var / n).sqrt();
    (elo_of(s), elo_of(s - 1.96 * se), elo_of(s + 1.96 * se))
}

/// The Elo difference that a score (0..1) stands for.
fn elo_of(s: f64) -> f64 {
    -400.0 * (1.0 / s.clamp(1e-6, 1.0 - 1e-6) - 1.0).log10()
}

/// The score by opening pairs, as an Elo difference with its 95 % interval: `pairs[k]` counts
/// the openings where A scored `k` half-points over its two games (one with each colour). The
/// two games of an opening are not independent (a drawish opening is drawn with either colour,
/// a lopsided one won by the same side), so their sum is the unit: its spread gives the error
/// the game-by-game estimate cannot see. Returns the score and the three Elo values, or `None`
/// without a finished pair.
pub fn pair_estimate(pairs: &[u32; 5]) -> Option<(f64, f64, f64, f64)> {
    let n: f64 = pairs.iter().map(|&c| c as f64).sum();
    if n == 0.0 {
        return None;
    }
    let x = |k: usize| k as f64 / 4.0; // the pair's mean score per game
    let s = pairs
        .iter()
        .enumerate()
        .map(|(k, &c)| c as f64 * x(k))
        .sum::<f64>()
        / n;
    let var = pairs
        .iter()
        .enumerate()
        .map(|(k, &c)| c as f64 * (x(k) - s).powi(2))
        .sum::<f64>()
        / n;
    let se = (var / n).sqrt();
    Some((s, elo_of(s), elo_of(s - 1.96 * se), elo_of(s + 1.96 * se)))
}

/// The log-likelihood ratio of "A is `elo1` stronger" against "`elo0`" for the trinomial
/// results so far: the generalised SPRT, each hypothesis represented by the result distribution
/// with its expected score that fits the games best (the test's maximum-likelihood form).
/// The normal approximation, `n·(s1 − s0)·(2s − s0 − s1) / 2σ²` with the games' own variance σ²,
/// trusts that variance, and a few games of nearly all wins make it tiny: Russian Hard against
/// e42610c accepted "+300" over "+230" after +9 =1 −0 (ratio 3.4), then scored 77.5 % in 100
/// games on other openings. Here those ten games give 0.7.
pub fn sprt_llr(w: f64, d: f64, l: f64, elo0: f64, elo1: f64) -> f64 {
    let n = w + d + l;
    if n == 0.0 {
        return 0.0;
    }
    let p = [w / n, d / n, l / n];
    n * (best_log_likelihood(p, expected(elo1)) - best_log_likelihood(p, expected(elo0)))
}

/// The largest mean log-likelihood `Σ p·ln q` of the observed frequencies `p` (wins, draws,
/// losses) over the result distributions `q` whose expected score is `s`. Such a `q` is fixed by
/// its draw rate `x` (wins `s − x/2`, losses `1 − s − x/2`), and the sum is concave in `x`, so a
/// golden-section search finds the best one.
fn best_log_likelihood(p: [f64; 3], s: f64) -> f64 {
    let s = s.clamp(1e-12, 1.0 - 1e-12);
    let f = |x: f64| {
        let q = [s - x / 2.0, x, 1.0 - s - x / 2.0];
        p.iter()
            .zip(q)
            .map(|(&pi, qi)| {
                if pi > 0.0 {
                    pi * qi.max(1e-300).ln()
                } else {
                    0.0
                }
            })
            .sum::<f64>()
    };
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.0, 2.0 * s.min(1.0 - s));
    for _ in 0..100 {
        let (a, b) = (hi - ratio * (hi - lo), lo + ratio * (hi - lo));
        if f(a) < f(b) {
            lo = a;
        } else {
            hi = b;
        }
    }
    f((lo + hi) / 2.0)
}

/// The log-likelihood ratio of "A is `elo1` stronger" against "`elo0`" over opening pairs
/// (`pairs` as [`pair_estimate`] takes them): the generalised SPRT of [`sprt_llr`] on the five
/// results a pair can have, the test `match` stops on. The two games of an opening are not
/// independent: where the opening decides (drawn with both colours, or won by the same side
/// both times) a pair tells little more than one game, and where the colours split it the
/// pair's mean is surer than two games'. The games' ratio sees neither; the pairs' counts what
/// the games are worth.
pub fn sprt_llr_pairs(pairs: &[u32; 5], elo0: f64, elo1: f64) -> f64 {
    let n: f64 = pairs.iter().map(|&c| c as f64).sum();
    if n == 0.0 {
        return 0.0;
    }
    // A thousandth of a pair on every result keeps each result possible (the best distribution
    // inside the simplex, where the multiplier below exists) and moves the ratio by less than
    // the thousandth of a pair it adds.
    let p: [f64; 5] = std::array::from_fn(|k| (pairs[k] as f64 + 1e-3) / (n + 5e-3));
    n * (best_pair_log_likelihood(&p, expected(elo1))
        - best_pair_log_likelihood(&p, expected(elo0)))
}

/// The largest mean log-likelihood `Σ p·ln q` of the observed frequencies `p` of a pair's mean
/// score (0, ¼, ½, ¾, 1) over the distributions `q` whose expectation is `s`. With a Lagrange
/// multiplier λ for the mean, the best is `q_k = p_k / (1 + λ·(x_k − s))`, λ chosen so that
/// `Σ q_k·(x_k − s) = 0` (then `Σ q_k = 1` too). That sum falls as λ grows, from +∞ to −∞
/// between the two values of λ where a `q_k` would turn negative, so bisection finds it.
fn best_pair_log_likelihood(p: &[f64; 5], s: f64) -> f64 {
    let s = s.clamp(1e-9, 1.0 - 1e-9);
    let d = |k: usize| k as f64 / 4.0 - s;
    let slope = |lambda: f64| {
        (0..5)
            .map(|k| p[k] * d(k) / (1.0 + lambda * d(k)))
            .sum::<f64>()
    };
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if slope(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let lambda = (lo + hi) / 2.0;
    (0..5)
        .map(|k| p[k] * (p[k] / (1.0 + lambda * d(k))).ln())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ten Russian games that once decided [230, 300] for "+300": far from a verdict now.
    /// Worked by hand: the best distribution with the expected score of +230 (0.7896) draws
    /// 0.158 of its games and wins 0.711, the one of +300 (0.8490) draws 0.170 and wins 0.764;
    /// 10·(0.9·ln(0.764/0.711) + 0.1·ln(0.170/0.158)) ≈ 0.72.
    #[test]
    fn a_few_games_of_wins_do_not_decide_a_close_sprt() {
        let llr = sprt_llr(9.0, 1.0, 0.0, 230.0, 300.0);
        assert!((llr - 0.72).abs() < 0.01, "{llr}");
    }

    /// Only wins: every best distribution wins exactly its expected score, so the ratio is
    /// n·ln(s1/s0) (the normal approximation, with no variance, gave 0 here).
    #[test]
    fn only_wins_give_the_ratio_of_the_expected_scores() {
        let llr = sprt_llr(10.0, 0.0, 0.0, 0.0, 200.0);
        let want = 10.0 * (expected(200.0) / 0.5).ln();
        assert!((llr - want).abs() < 1e-6, "{llr} {want}");
    }

    /// Over many games, with the score near the hypotheses, it agrees with the normal
    /// approximation; and swapping the players and the hypotheses swaps its sign.
    #[test]
    fn many_games_agree_with_the_normal_approximation() {
        let (w, d, l, e0, e1): (f64, f64, f64, f64, f64) = (700.0, 2200.0, 600.0, 0.0, 10.0);
        let n = w + d + l;
        let s = (w + d / 2.0) / n;
        let var = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
        let (s0, s1) = (expected(e0), expected(e1));
        let normal = n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var);
        let llr = sprt_llr(w, d, l, e0, e1);
        assert!(
            normal > 1.0 && (llr - normal).abs() < 0.02 * normal,
            "{llr} {normal}"
        );
        let mirrored = sprt_llr(l, d, w, -e1, -e0);
        assert!((llr + mirrored).abs() < 1e-9, "{llr} {mirrored}");
    }

    /// 50 openings of a Czech run (A won both games of 17, one of 30, none of 3): 82 % by
    /// games and by pairs alike, but the pairs' spread is narrower than the games' (their
    /// variance 0.0201 per pair against 0.0576 per game), so the interval is too.
    #[test]
    fn pairs_give_the_score_and_their_own_error() {
        let (s, elo, lo, hi) = pair_estimate(&[0, 0, 3, 30, 17]).unwrap();
        assert!((s - 0.82).abs() < 1e-12);
        assert!((elo - 263.4).abs() < 0.1, "{elo}");
        // 0.82 ∓ 1.96·√(0.0201/50): 0.7807..0.8593.
        assert!((lo - 220.6).abs() < 0.5, "{lo}");
        assert!((hi - 314.3).abs() < 0.5, "{hi}");
        let (g_elo, g_lo, g_hi) = elo_estimate(64.0, 36.0, 0.0);
        assert!((g_elo - elo).abs() < 1e-9);
        assert!(g_lo < lo && hi < g_hi);
        assert!(pair_estimate(&[0; 5]).is_none());
    }

    /// The pairs' counts of `pair_estimate` from the chances of one game (wins, draws, losses)
    /// when the two games of a pair are independent.
    fn independent_pairs(n: f64, [w, d, l]: [f64; 3]) -> [u32; 5] {
        let p = [l * l, 2.0 * l * d, d * d + 2.0 * w * l, 2.0 * w * d, w * w];
        p.map(|x| (n * x).round() as u32)
    }

    /// When a pair's two games are independent, the pairs' ratio is the games' ratio: the same
    /// evidence, counted two ways.
    #[test]
    fn independent_pairs_weigh_as_their_games() {
        let chances = [0.3, 0.5, 0.2];
        let pairs = independent_pairs(10_000.0, chances);
        let n: u32 = pairs.iter().sum();
        let games = 2.0 * n as f64;
        let [w, d, l] = chances.map(|c| c * games);
        for (e0, e1) in [(20.0, 30.0), (0.0, 20.0), (40.0, 50.0)] {
            let by_pairs = sprt_llr_pairs(&pairs, e0, e1);
            let by_games = sprt_llr(w, d, l, e0, e1);
            assert!(
                by_games.abs() > 5.0 && (by_pairs - by_games).abs() < 0.03 * by_games.abs(),
                "[{e0}, {e1}]: {by_pairs} {by_games}"
            );
        }
    }

    /// When the opening decides both games (each pair drawn twice or won twice), a pair is
    /// worth one game, not two: the ratio is half the games'. The same games, most pairs split
    /// a win and a draw, are surer than the games say (half as sure again here; the normal
    /// approximation, with a third of the games' variance, would say three times).
    #[test]
    fn pairs_that_the_opening_decides_count_once() {
        let (e0, e1) = (200.0, 260.0); // around the score, 0.8 (+241)
        let by_games = sprt_llr(60.0, 40.0, 0.0, e0, e1);
        let decided = sprt_llr_pairs(&[0, 0, 20, 0, 30], e0, e1);
        let ratio = decided / by_games;
        assert!(
            by_games > 0.3 && (0.4..0.6).contains(&ratio),
            "{decided} {by_games}"
        );
        // 40 pairs of a win and a draw, 10 of two wins: the same 60 wins and 40 draws.
        let split = sprt_llr_pairs(&[0, 0, 0, 40, 10], e0, e1);
        assert!(split > 1.3 * by_games, "{split} {by_games}");
    }

    /// Over many pairs it agrees with the normal approximation with the pairs' variance, and
    /// swapping the players and the hypotheses swaps its sign.
    #[test]
    fn many_pairs_agree_with_the_normal_approximation() {
        let pairs = [150u32, 300, 900, 350, 300];
        let n = pairs.iter().sum::<u32>() as f64;
        let x = |k: usize| k as f64 / 4.0;
        let s = (0..5).map(|k| pairs[k] as f64 * x(k)).sum::<f64>() / n;
        let var = (0..5)
            .map(|k| pairs[k] as f64 * (x(k) - s).powi(2))
            .sum::<f64>()
            / n;
        let (e0, e1) = (0.0, 15.0);
        let (s0, s1) = (expected(e0), expected(e1));
        let normal = n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var);
        let llr = sprt_llr_pairs(&pairs, e0, e1);
        assert!(
            normal > 1.0 && (llr - normal).abs() < 0.02 * normal,
            "{llr} {normal}"
        );
        let mut mirrored_pairs = pairs;
        mirrored_pairs.reverse();
        let mirrored = sprt_llr_pairs(&mirrored_pairs, -e1, -e0);
        assert!((llr + mirrored).abs() < 1e-9, "{llr} {mirrored}");
        assert_eq!(sprt_llr_pairs(&[0; 5], e0, e1), 0.0);
    }
}
