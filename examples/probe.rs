use ply::games::gomoku::{Gomoku, Rule};
use ply::games::{Color, Game, Move, ScoredMove};
use ply::search::{search, tt::TranspositionTable, Limits, SearchParams};
use std::sync::atomic::AtomicBool;
use std::time::Instant;
fn main() {
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
        let mut g = Gomoku::new(15, 15, rule).unwrap();
        for (x, y) in [(5, 7), (6, 7), (7, 7), (8, 7), (1, 1)] {
            g.place(Move::from_xy(x, y, 15), Color::Black);
        }
        for (x, y) in [(5, 9), (6, 9), (7, 9), (8, 9)] {
            g.place(Move::from_xy(x, y, 15), Color::White);
        }
        g.set_side_to_move(Color::Black);
        let mut l: Vec<ScoredMove> = Vec::new();
        g.generate(&mut l);
        let t = Instant::now();
        let tt = TranspositionTable::new(8 << 20);
        let r = search(
            &g,
            &SearchParams {
                limits: Limits::depth(Instant::now(), 4),
                multipv: 1,
            },
            &tt,
            &AtomicBool::new(false),
            &mut |_| {},
        );
        println!(
            "{rule:?}: gen {} moves, best {:?} score {} nodes {} {:?}",
            l.len(),
            r.best.xy(15),
            r.score,
            r.nodes,
            t.elapsed()
        );
    }
}
