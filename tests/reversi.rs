//! Reversi rules: perft against published counts, flips, passes, game end, OBF.

use ply::games::reversi::perft::perft;
use ply::games::reversi::Reversi;

/// `tests/data/perft.txt`: Aart Bik's reversi perft (see the file's header).
fn perft_table() -> Vec<(u32, u64)> {
    let text = include_str!("data/perft.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split_whitespace();
            let d = it.next().and_then(|v| v.parse().ok()).expect("depth");
            let n = it.next().and_then(|v| v.parse().ok()).expect("count");
            (d, n)
        })
        .collect()
}

#[test]
fn perft_matches_published_counts_to_depth_9() {
    let table = perft_table();
    assert!(table.len() >= 9);
    let start = Reversi::new();
    for &(d, n) in table.iter().filter(|(d, _)| *d <= 9) {
        assert_eq!(perft(&start, d), n, "perft {d}");
    }
}

#[test]
fn perft_through_make_unmake_agrees_with_bitboard_perft() {
    let mut g = Reversi::new();
    for d in 1..=6 {
        assert_eq!(
            ply::games::reversi::perft::perft_generic(&mut g, d),
            perft(&Reversi::new(), d),
            "depth {d}"
        );
    }
    assert_eq!(g, Reversi::new());
}
