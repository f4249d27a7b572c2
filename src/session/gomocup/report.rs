//! What a search shows while it thinks and when it answers: `MESSAGE REALTIME`
//! lines and `INFO PV` blocks for GUIs that ask (`INFO show_detail`), the YXNBEST
//! lines, the progress of a long think and the summary line of every answer.

use super::*;

/// Thinking longer than this, a move search reports every iteration it completes.
pub(super) const PROGRESS_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

impl GomocupSession {
    pub(super) fn coord(&self, mv: Move) -> Coord {
        if mv == Move::PASS {
            return Coord { x: -1, y: -1 };
        }
        let w = self.engine.game().map_or(1, |p| p.dimensions().0);
        let (x, y) = mv.xy(w);
        Coord {
            x: x as i32,
            y: y as i32,
        }
    }

    pub(super) fn pv_text(&self, pv: &[Move]) -> String {
        pv.iter()
            .map(|&m| {
                let c = self.coord(m);
                format!("{},{}", c.x, c.y)
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The root move being searched, for Yixin-Board's analysis view:
    /// `MESSAGE REALTIME POS x,y` when it starts, `DONE x,y` when it ends, `LOSE x,y`
    /// when it is proven lost and `BEST x,y` when it is the iteration's new best.
    pub(super) fn on_root(&self, p: RootProgress) {
        let (kind, mv) = match p {
            RootProgress::Searching(m) => ("POS", m),
            RootProgress::Searched(m) => ("DONE", m),
            RootProgress::Lost(m) => ("LOSE", m),
            RootProgress::Best(m) => ("BEST", m),
        };
        let c = self.coord(mv);
        self.reply(Reply::Message(format!("REALTIME {kind} {},{}", c.x, c.y)));
    }

    /// Progress while thinking, for GUIs that ask for it with `INFO show_detail`
    /// (bit 1: `MESSAGE REALTIME` lines; bit 2: `INFO PV` blocks), as Rapfi does.
    pub(super) fn on_info(&self, info: &SearchInfo) {
        let detail = self.settings.show_detail;
        if detail & 1 != 0 && info.multipv == 1 {
            if let Some(&m) = info.pv.first() {
                let c = self.coord(m);
                self.reply(Reply::Message("REALTIME REFRESH".into()));
                self.reply(Reply::Message(format!("REALTIME BEST {},{}", c.x, c.y)));
                // Yixin-Board's analysis view: the value (a plain integer, mates as
                // the raw score) and the line.
                self.reply(Reply::Message(format!("REALTIME VAL {}", info.score)));
                self.reply(Reply::Message(format!(
                    "REALTIME PV {}",
                    self.pv_text(&info.pv)
                )));
            }
        }
        if detail & 2 != 0 {
            let lines = [
                format!("INFO PV {}", info.multipv - 1),
                format!("INFO NUMPV {}", self.multipv),
                format!("INFO DEPTH {}", info.depth),
                format!("INFO SELDEPTH {}", info.seldepth),
                format!("INFO NODES {}", info.nodes),
                format!("INFO TOTALNODES {}", info.nodes),
                format!("INFO TOTALTIME {}", info.time.as_millis()),
                format!("INFO SPEED {}", info.nps()),
                format!("INFO EVAL {}", format_score(info.score)),
                format!("INFO BESTLINE {}", self.pv_text(&info.pv)),
                "INFO PV DONE".to_string(),
            ];
            for l in lines {
                self.reply(Reply::Raw(l));
            }
        }
        if self.task_is_nbest {
            self.reply(Reply::Message(format!(
                "({}) {} | {}-{} | {}",
                info.multipv,
                format_score(info.score),
                info.depth,
                info.seldepth,
                self.pv_text(&info.pv)
            )));
        } else if info.multipv == 1 && info.time >= PROGRESS_AFTER {
            // A long think shows that it is alive: one line per iteration, in the
            // summary line's form.
            self.reply(Reply::Message(format!(
                "Depth {}-{} | Eval {} | Node {} | Speed {} | Time {} ms | PV {}",
                info.depth,
                info.seldepth,
                format_score(info.score),
                info.nodes,
                info.nps(),
                info.time.as_millis(),
                self.pv_text(&info.pv)
            )));
        }
    }

    pub(super) fn summary(&self, r: &SearchResult) -> String {
        let nps = r.nodes.saturating_mul(1000) / (r.time.as_millis() as u64).max(1);
        // A reversi endgame proven by the solver.
        let proven = match r.solved {
            Solved::No => "",
            Solved::Exact => " (exact)",
            Solved::WinLossDraw => " (win/loss/draw)",
        };
        format!(
            "Depth {}-{} | Eval {}{proven} | Node {} | Speed {} | Time {} ms | PV {}",
            r.depth,
            r.seldepth,
            format_score(r.score),
            r.nodes,
            nps,
            r.time.as_millis(),
            self.pv_text(&r.pv)
        )
    }
}
