//! SWAP2BOARD: ply's opening (no stones), or the choice after 3 or 5 stones
//! (swap, or answer the move).

use super::*;

/// Evaluation (for white to move) below which SWAP2 takes black.
pub(super) const SWAP_MARGIN: i32 = 60;

impl GomocupSession {
    pub(super) fn swap2(&mut self, t: Instant, stones: &[Coord]) {
        let Some(Position::Gomoku(g)) = self.engine.game() else {
            return self.error("SWAP2BOARD needs a gomoku board: send START first");
        };
        let (w, h) = g.dimensions();
        match stones.len() {
            0 => {
                // Our opening: a centre stone, a diagonal neighbour and a loose third
                // stone; the opponent then chooses.
                let (cx, cy) = (w as i32 / 2, h as i32 / 2);
                self.reply(Reply::Stones(vec![
                    Coord { x: cx, y: cy },
                    Coord {
                        x: cx + 1,
                        y: cy + 1,
                    },
                    Coord {
                        x: cx + 1,
                        y: cy - 2,
                    },
                ]));
            }
            3 | 5 => {
                let Some(p) = self.engine.game() else { return };
                let mut board = p.empty_like();
                for (i, c) in stones.iter().enumerate() {
                    let mv = match board.check_move(c.x as i64, c.y as i64) {
                        Ok(mv) => mv,
                        Err(e) => return self.error(e),
                    };
                    board.place(
                        mv,
                        if i % 2 == 0 {
                            Color::Black
                        } else {
                            Color::White
                        },
                    );
                }
                board.set_side_to_move(Color::White);
                self.think_on(&board, t, Task::Swap2, 1);
            }
            n => self.error(format!("SWAP2BOARD takes 0, 3 or 5 stones, not {n}")),
        }
    }

    pub(super) fn answer_swap2(&mut self, r: &SearchResult) {
        // White to move here; a clearly bad score for white means black is the side
        // to take.
        let reply = if r.score < -SWAP_MARGIN || r.best.is_none() {
            Reply::Swap
        } else {
            Reply::Move(self.coord(r.best))
        };
        self.reply(reply);
    }
}
