//! Match statistics from engine 1's view: W/D/L, score, Elo with a 95% error bar,
//! likelihood of superiority, pentanomial pair counts and the SPRT.
//!
//! Elo is the logistic model: score `s` <-> `-400 log10(1/s - 1)`.
//!
//! The SPRT is the generalised SPRT of fishtest / cutechess in its normal
//! approximation: with per-sample mean score `m`, per-sample variance `v`, `n`
//! samples and the expected scores `s0`, `s1` of `elo0`, `elo1`,
//!
//! ```text
//! LLR = n (s1 - s0) (2m - s0 - s1) / (2v)
//! ```
//!
//! A sample is a game (trinomial) or a game pair with its mean score in
//! {0, 1/4, 1/2, 3/4, 1} (pentanomial, used when games are paired: it accounts for
//! the correlation of the two games of an opening). Empty categories count as
//! 1e-3 (fishtest's regularisation). While every sample has the same result the
//! variance is unknown and the LLR is 0 (cutechess also waits for mixed results).
//! Bounds: `ln(beta/(1-alpha))` below (accept H0), `ln((1-beta)/alpha)` above
//! (accept H1).

/// Expected score of an Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference of an expected score (infinite at 0 and 1).
pub fn elo_of_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The error function (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    sign * y
}

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_964;

/// Mean and variance of a distribution over `values` given `counts`. The variance
/// has a prior of one pseudo-sample in every category (around the observed mean), so
/// that a few results that happen to agree do not make it near 0 and carry the LLR
/// past a bound; over hundreds of games the prior weighs next to nothing.
fn mean_var(counts: &[f64], values: &[f64]) -> (f64, f64, f64) {
    let n: f64 = counts.iter().sum();
    let m = counts.iter().zip(values).map(|(c, v)| c * v).sum::<f64>() / n;
    let var = counts
        .iter()
        .zip(values)
        .map(|(c, v)| (c + 1.0) * (v - m) * (v - m))
        .sum::<f64>()
        / (n + values.len() as f64);
    (n, m, var)
}

/// The normal-approximation GSPRT log-likelihood ratio over samples distributed as
/// `counts` over `values` (scores in [0, 1]).
pub fn llr(counts: &[f64], values: &[f64], elo0: f64, elo1: f64) -> f64 {
    // One kind of result only (say 3 losses): the variance is not estimable and the
    // approximation would explode; like cutechess, give no evidence yet.
    if counts.iter().filter(|&&c| c > 0.0).count() < 2 {
        return 0.0;
    }
    let (n, m, var) = mean_var(counts, values);
    if var <= 0.0 {
        return 0.0;
    }
    let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
    n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var)
}

/// SPRT settings.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What the SPRT says now.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SprtState {
    Continue,
    AcceptH0,
    AcceptH1,
}

impl Sprt {
    /// Parses `elo0=0,elo1=10,alpha=0.05,beta=0.05` (any order; alpha and beta
    /// default to 0.05).
    pub fn parse(s: &str) -> Result<Sprt, String> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("--sprt: expected key=value, got '{part}'"))?;
            let v: f64 = v
                .trim()
                .parse()
                .map_err(|_| format!("--sprt: '{v}' is not a number"))?;
            if !v.is_finite() {
                return Err(format!("--sprt: '{part}' is not finite"));
            }
            match k.trim().to_ascii_lowercase().as_str() {
                "elo0" => sprt.elo0 = v,
                "elo1" => sprt.elo1 = v,
                "alpha" => sprt.alpha = v,
                "beta" => sprt.beta = v,
                other => return Err(format!("--sprt: unknown key '{other}'")),
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err("--sprt needs elo0 and elo1".into());
        }
        if sprt.elo1 <= sprt.elo0 {
            return Err("--sprt: elo1 must be larger than elo0".into());
        }
        let ok = |p: f64| p > 0.0 && p < 0.5;
        if !ok(sprt.alpha) || !ok(sprt.beta) {
            return Err("--sprt: alpha and beta must be in (0, 0.5)".into());
        }
        Ok(sprt)
    }

    /// (lower, upper) LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    pub fn state(&self, llr: f64) -> SprtState {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtState::AcceptH1
        } else if llr <= lo {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

/// Results so far, from engine 1's view.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Engine 1's score (0, 1/2, 1) per game index, for pairing.
    scores: Vec<Option<f64>>,
    /// Pairs (2k, 2k+1) with engine 1's pair total 0, 1/2, 1, 3/2, 2.
    pub penta: [u32; 5],
}

impl Stats {
    pub fn new() -> Stats {
        Stats::default()
    }

    /// Records game `index` (games 2k and 2k+1 form a pair); `score` is engine 1's
    /// (1, 0.5, 0).
    pub fn add(&mut self, index: usize, score: f64) {
        if score >= 1.0 {
            self.wins += 1;
        } else if score <= 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
        if self.scores.len() <= index {
            self.scores.resize(index + 1, None);
        }
        self.scores[index] = Some(score);
        let mate = index ^ 1;
        if let Some(Some(other)) = self.scores.get(mate) {
            let total = score + other;
            let k = ((total * 2.0).round() as usize).min(4);
            self.penta[k] += 1;
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn pairs(&self) -> u32 {
        self.penta.iter().sum()
    }

    /// Engine 1's points.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// Mean score in [0, 1] (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.5
        } else {
            self.points() / n as f64
        }
    }

    fn trinomial(&self) -> [f64; 3] {
        [self.losses as f64, self.draws as f64, self.wins as f64]
    }

    /// Elo difference and the half-width of its 95% interval (cutechess's method:
    /// the per-game standard error of the score mapped through the Elo curve).
    pub fn elo(&self) -> (f64, f64) {
        let n = self.games() as f64;
        let s = self.score();
        if n == 0.0 {
            return (0.0, f64::INFINITY);
        }
        let t = self.trinomial();
        let var = (t[0] * s * s + t[1] * (0.5 - s) * (0.5 - s) + t[2] * (1.0 - s) * (1.0 - s)) / n;
        let dev = Z95 * (var / n).sqrt();
        let err = (elo_of_score(s + dev) - elo_of_score(s - dev)) / 2.0;
        (elo_of_score(s), err)
    }

    /// Likelihood of superiority of engine 1, in [0, 1].
    pub fn los(&self) -> f64 {
        let (w, l) = (self.wins as f64, self.losses as f64);
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }

    pub fn llr_trinomial(&self, sprt: &Sprt) -> f64 {
        llr(&self.trinomial(), &[0.0, 0.5, 1.0], sprt.elo0, sprt.elo1)
    }

    pub fn llr_pentanomial(&self, sprt: &Sprt) -> f64 {
        let c = self.penta.map(|x| x as f64);
        llr(&c, &[0.0, 0.25, 0.5, 0.75, 1.0], sprt.elo0, sprt.elo1)
    }
}

/// Formats an Elo value that may be infinite.
pub fn fmt_elo(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{e:+.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_of_known_scores() {
        // 60% is +70.44 Elo, 75% is +190.85 Elo (400 log10 3), 50% is 0.
        assert!(close(elo_of_score(0.6), 70.4365, 1e-3));
        assert!(close(elo_of_score(0.75), 400.0 * 3f64.log10(), 1e-9));
        assert!(close(elo_of_score(0.5), 0.0, 1e-12));
        assert!(close(elo_of_score(0.4), -70.4365, 1e-3));
        assert!(close(score_of_elo(70.4365), 0.6, 1e-6));
        assert!(elo_of_score(1.0).is_infinite());
    }

    #[test]
    fn erf_matches_tables() {
        assert!(close(erf(0.0), 0.0, 1e-7));
        assert!(close(erf(0.5), 0.520_499_9, 2e-7));
        assert!(close(erf(1.0), 0.842_700_8, 2e-7));
        assert!(close(erf(-2.0), -0.995_322_3, 2e-7));
    }

    fn stats(w: u32, d: u32, l: u32) -> Stats {
        let mut s = Stats::new();
        let mut i = 0;
        for (n, score) in [(w, 1.0), (d, 0.5), (l, 0.0)] {
            for _ in 0..n {
                s.add(i, score);
                i += 1;
            }
        }
        s
    }

    #[test]
    fn score_elo_error_and_los() {
        // +60 =20 -40: score 70/120 = 0.58333, Elo 58.45; per-game variance
        // (60(5/12)^2 + 20(1/12)^2 + 40(7/12)^2)/120 = 0.201389, standard error
        // sqrt(0.201389/120) = 0.040966, interval 0.58333 +- 0.080292 -> +-57.96 Elo
        // (hand-computed). LOS = (1 + erf(20/sqrt(200)))/2 = 0.97725.
        let s = stats(60, 20, 40);
        assert_eq!(s.games(), 120);
        assert!(close(s.score(), 70.0 / 120.0, 1e-12));
        let (elo, err) = s.elo();
        assert!(close(elo, 58.451, 1e-3), "{elo}");
        assert!(close(err, 57.964, 1e-2), "{err}");
        assert!(close(s.los(), 0.97725, 1e-4), "{}", s.los());
        // +10 -5: LOS = (1 + erf(5/sqrt(30)))/2 = 0.90165.
        assert!(close(stats(10, 0, 5).los(), 0.90165, 1e-4));
        assert!(close(stats(0, 7, 0).los(), 0.5, 1e-12));
    }

    #[test]
    fn trinomial_llr_by_hand() {
        // LLR = n (s1 - s0)(2m - s0 - s1) / (2 var) with n = 120, m = 0.583333,
        // var = (41 m^2 + 21 (0.5 - m)^2 + 61 (1 - m)^2) / 123 = 0.200711 (one
        // pseudo-game in each category), s0 = 0.5, s1 = score_of_elo(10) = 0.514387:
        // 120 * 0.014387 * (1.166667 - 1.014387) / 0.401423 = 0.65493.
        let s = stats(60, 20, 40);
        let sprt = Sprt::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").unwrap();
        assert!(close(s.llr_trinomial(&sprt), 0.65493, 1e-4));
        let (lo, hi) = sprt.bounds();
        assert!(close(lo, -2.94444, 1e-4) && close(hi, 2.94444, 1e-4));
        assert_eq!(sprt.state(0.65), SprtState::Continue);
        assert_eq!(sprt.state(3.0), SprtState::AcceptH1);
        assert_eq!(sprt.state(-3.0), SprtState::AcceptH0);
    }

    #[test]
    fn pentanomial_counts_and_llr() {
        // Pairs: (W,W) (W,D) (D,D) (W,L) (L,D) (L,L) in game order, one pair arriving
        // in reverse order.
        let mut s = Stats::new();
        let games = [1.0, 1.0, 1.0, 0.5, 0.5, 0.5, 1.0, 0.0, 0.0, 0.5, 0.0, 0.0];
        for (i, &g) in games.iter().enumerate() {
            s.add(i, g);
        }
        s.add(13, 1.0);
        assert_eq!(s.pairs(), 6);
        s.add(12, 0.5);
        assert_eq!(s.penta, [1, 1, 2, 2, 1]);
        assert_eq!((s.wins, s.draws, s.losses), (5, 5, 4));
        // Hand-computed: pentanomial [1, 3, 10, 4, 2] (20 pairs): mean 0.5375,
        // variance with one pseudo-pair a category (2 (0.5375)^2 + 4 (0.2875)^2
        // + 11 (0.0375)^2 + 5 (0.2125)^2 + 3 (0.4625)^2) / 25 = 0.07165625,
        // LLR(0, 10) = 20 * 0.014387 * (1.075 - 1.014387) / 0.1433125 = 0.121699.
        let mut p = Stats::new();
        let pairs = [
            (1, (0.0, 0.0)),
            (3, (0.5, 0.0)),
            (10, (1.0, 0.0)),
            (4, (1.0, 0.5)),
            (2, (1.0, 1.0)),
        ];
        let mut i = 0;
        for (n, (a, b)) in pairs {
            for _ in 0..n {
                p.add(i, a);
                p.add(i + 1, b);
                i += 2;
            }
        }
        assert_eq!(p.penta, [1, 3, 10, 4, 2]);
        let sprt = Sprt::parse("elo1=10, elo0=0").unwrap();
        assert!(close(p.llr_pentanomial(&sprt), 0.121699, 1e-4));
    }

    #[test]
    fn one_sided_results_give_no_evidence_mixed_ones_do() {
        let sprt = Sprt::parse("elo0=0,elo1=10").unwrap();
        assert_eq!(stats(40, 0, 0).llr_trinomial(&sprt), 0.0);
        assert_eq!(stats(0, 0, 40).llr_trinomial(&sprt), 0.0);
        assert_eq!(stats(0, 0, 0).llr_trinomial(&sprt), 0.0);
        assert_eq!(
            sprt.state(stats(40, 0, 1).llr_trinomial(&sprt)),
            SprtState::AcceptH1
        );
        assert_eq!(
            sprt.state(stats(1, 0, 40).llr_trinomial(&sprt)),
            SprtState::AcceptH0
        );
        // +40 =0 -1 by hand: m = 40/41, var = (2 m^2 + (0.5 - m)^2 + 41 (1 - m)^2)
        // / 44 = 0.048960, LLR = 41 * 0.014387 * (1.951220 - 1.014387) / 0.097919
        // = 5.6436.
        assert!(close(stats(40, 0, 1).llr_trinomial(&sprt), 5.6436, 1e-3));
    }

    #[test]
    fn a_few_agreeing_pairs_are_no_verdict() {
        // Four pairs scoring 1.5, 2, 2, 2: pentanomial [0, 0, 0, 1, 3], mean
        // 0.9375, variance (0.9375^2 + 0.6875^2 + 0.4375^2 + 2 * 0.1875^2
        // + 4 * 0.0625^2) / 9 = 0.180990, LLR(0, 20) = 4 * 0.028774 * 0.846219 / 0.361979
        // = 0.2689.
        let mut p = Stats::new();
        for (i, g) in [1.0, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0].iter().enumerate() {
            p.add(i, *g);
        }
        assert_eq!(p.penta, [0, 0, 0, 1, 3]);
        let sprt = Sprt::parse("elo0=0,elo1=20").unwrap();
        let llr = p.llr_pentanomial(&sprt);
        assert!(close(llr, 0.2689, 1e-3), "{llr}");
        assert_eq!(sprt.state(llr), SprtState::Continue);
    }

    #[test]
    fn sprt_options_are_checked() {
        assert!(Sprt::parse("elo0=0").is_err());
        assert!(Sprt::parse("elo0=5,elo1=0").is_err());
        assert!(Sprt::parse("elo0=0,elo1=5,alpha=0.7").is_err());
        assert!(Sprt::parse("elo0=0,elo1=x").is_err());
        assert!(Sprt::parse("elo0=0,elo1=5,gamma=1").is_err());
        let s = Sprt::parse("elo0=-2.5,elo1=2.5,alpha=0.1,beta=0.2").unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (-2.5, 2.5, 0.1, 0.2));
    }
}
