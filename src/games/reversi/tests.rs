use super::*;

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
