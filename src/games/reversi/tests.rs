use super::*;
use crate::games::SearchPolicy;

#[test]
fn start_position_has_four_moves() {
    let r = Reversi::new();
    let mut v = Vec::new();
    r.legal_moves(&mut v);
    let names: Vec<String> = v.iter().map(|&m| move_name(m)).collect();
    assert_eq!(names, ["D3", "C4", "F5", "E6"]);
}

#[test]
fn make_unmake_restores_key() {
    let mut r = Reversi::new();
    let k0 = r.key();
    let mut v = Vec::new();
    r.legal_moves(&mut v);
    for mv in v {
        r.make(mv);
        assert_eq!(r.key(), zobrist_key(r.black(), r.white(), r.side_to_move()));
        r.unmake();
        assert_eq!(r.key(), k0);
    }
}

/// A position after `plies` random moves from the start (for the solver and
/// stability tests).
pub(super) fn random_position(seed: &mut u64, plies: usize) -> (u64, u64) {
    let r = Reversi::new();
    let (mut p, mut o) = (r.player(), r.opponent());
    for _ in 0..plies {
        let m = moves(p, o);
        if m == 0 {
            if moves(o, p) == 0 {
                break;
            }
            std::mem::swap(&mut p, &mut o);
            continue;
        }
        let k = (crate::games::splitmix64(seed) % m.count_ones() as u64) as u32;
        let mut mm = m;
        for _ in 0..k {
            mm &= mm - 1;
        }
        let sq = mm.trailing_zeros() as usize;
        let f = flips(p, o, sq);
        (p, o) = (o & !f, p | f | bit(sq));
    }
    (p, o)
}

/// Plain minimax of the evaluation over `depth` plies (passes cost no depth).
fn minimax(r: &mut Reversi, depth: i32) -> i32 {
    if r.is_over() {
        return r.final_score() * eval::DISC;
    }
    if depth == 0 {
        return r.evaluate();
    }
    let mut v = Vec::new();
    r.legal_moves(&mut v);
    let d = if v == [Move::PASS] { depth } else { depth - 1 };
    let mut best = -eval::MAX_EVAL;
    for mv in v {
        r.make(mv);
        best = best.max(-minimax(r, d));
        r.unmake();
    }
    best
}

#[test]
fn shallow_search_agrees_with_minimax() {
    let mut seed = 7u64;
    for plies in [4usize, 12, 20, 30, 40, 50, 56] {
        for _ in 0..6 {
            let (p, o) = random_position(&mut seed, plies);
            let mut r = Reversi::from_discs(p, o, Color::Black);
            if r.is_over() {
                continue;
            }
            for depth in 1..=2 {
                let exact = minimax(&mut r, depth);
                let full = ReversiPolicy::default().shallow_search(
                    &r,
                    depth,
                    -eval::MAX_EVAL,
                    eval::MAX_EVAL,
                );
                assert_eq!(
                    full.map(|x| x.0),
                    Some(exact),
                    "{} depth {depth}",
                    r.to_obf()
                );
                // Fail-soft on a null window: above it only when the value is.
                for bound in [exact - 150, exact - 1, exact, exact + 1, exact + 150] {
                    let (v, _) = ReversiPolicy::default()
                        .shallow_search(&r, depth, bound - 1, bound)
                        .expect("trained");
                    assert_eq!(v >= bound, exact >= bound, "{} {depth} {bound}", r.to_obf());
                    if v >= bound {
                        assert!(v <= exact);
                    } else {
                        assert!(v >= exact);
                    }
                }
            }
        }
    }
}
