//! The node function: principal-variation negamax with the transposition table,
//! the game's exact leaves where asked, mate-distance pruning, ProbCut, reverse
//! futility, razoring, internal iterative reduction, futility and move-count
//! pruning, fail-high and late-move reductions, each asking the game's policy
//! ([`SearchPolicy`]) whether and how it applies.

use super::movepick;
use super::stack::{update_pv, NO_EVAL};
use super::thread::Searcher;
use super::tt::Bound;
use super::MAX_PLY;
use crate::games::policy::Probe;
use crate::games::{Game, Move, SearchPolicy, INFINITY, MATE, MATE_BOUND};

impl<G: Game> Searcher<'_, G> {
    /// The node function: the negamax value of the position at `ply` searched to
    /// `depth` in the window (`alpha`, `beta`); 0 once the search is aborted.
    pub(super) fn negamax(
        &mut self,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
    ) -> i32 {
        self.stack[ply].pv.clear();
        self.seldepth = self.seldepth.max(ply);
        if self.poll() {
            return 0;
        }
        // A node the game's exact solver values (only where the search asked for it).
        if ply > 0 {
            if let Some((v, n)) = self.policy.exact_leaf(&self.pos, alpha, beta) {
                self.nodes += n;
                return v;
            }
        }
        // Near the leaves of a null-window node, the game's own shallow search.
        if !pv_node {
            if let Some((v, n)) = self.policy.shallow_search(&self.pos, depth, alpha, beta) {
                self.nodes += n;
                return v;
            }
        }
        if let Some(r) = self.pos.result() {
            return self.pos.terminal_score(r, ply);
        }
        if ply >= MAX_PLY {
            return self.pos.evaluate();
        }
        // Mate-distance pruning.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        let key = self.pos.key();
        let mut tt_move = Move::NONE;
        if let Some(e) = self.tt.probe(key, ply) {
            tt_move = e.mv;
            if !pv_node && e.depth >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if cut {
                    return e.score;
                }
            }
        }
        // Multi-ProbCut: a shallow null-window search far beyond the bound predicts
        // that the deep one would cut too.
        if !pv_node && beta.abs() < MATE_BOUND {
            if let Some(cut) = self.policy.probcut(&self.pos, depth) {
                let (shallow, margin) = (cut.shallow, cut.margin);
                // The static score says which cut is worth a search.
                let (try_up, try_down) = match cut.eval_margin {
                    Some(m) => {
                        let eval = self.pos.evaluate();
                        (eval >= beta - m, eval < alpha + m)
                    }
                    None => (true, true),
                };
                let up = beta + margin;
                if up < MATE_BOUND && try_up {
                    let v = self.negamax(shallow, ply, up - 1, up, false);
                    if self.aborted {
                        return 0;
                    }
                    if v >= up {
                        return beta;
                    }
                }
                let down = alpha - margin;
                if down > -MATE_BOUND && try_down {
                    let v = self.negamax(shallow, ply, down, down + 1, false);
                    if self.aborted {
                        return 0;
                    }
                    if v <= down {
                        return alpha;
                    }
                }
            }
        }
        // A win that needs no search (a five to complete, an unstoppable four).
        if let Some(plies) = self.policy.quick_win(&self.pos) {
            return MATE - (ply as i32 + plies as i32);
        }
        let answer = self.policy.must_answer(&self.pos);
        if depth <= 0 && answer {
            // The opponent threatens five: his threat is resolved before scoring.
            depth = 0;
        } else if depth <= 0 {
            // A forced win by the policy's threat solver stands in for quiescence.
            if let Some(plies) = self.forced_win(Probe::Leaf) {
                return MATE - (ply as i32 + plies as i32);
            }
            return self.pos.evaluate();
        }

        // The static score and whether it improved on ours two plies ago.
        let eval = if answer || depth <= 0 || !self.policy.static_pruning() {
            NO_EVAL
        } else {
            self.pos.evaluate()
        };
        self.stack[ply].eval = eval;
        let improving = eval != NO_EVAL
            && (ply < 2 || self.stack[ply - 2].eval == NO_EVAL || eval > self.stack[ply - 2].eval);
        // Reverse futility: a null-window node whose static score is far above beta
        // (by the policy's margin per ply) is not searched.
        if !pv_node && eval != NO_EVAL && beta.abs() < MATE_BOUND {
            if let Some(margin) = self.policy.reverse_futility_margin(&self.pos, depth) {
                if eval - margin * (depth - i32::from(improving)) >= beta {
                    return eval;
                }
            }
        }
        // Razoring: near the leaves a null-window node whose static score is far
        // below alpha fails low unless the policy's threat solver finds a quick win.
        if !pv_node && eval != NO_EVAL && alpha.abs() < MATE_BOUND {
            if let Some(margin) = self.policy.razor_margin(&self.pos, depth) {
                if eval + margin < alpha {
                    if let Some(plies) = self.forced_win(Probe::Razor) {
                        return MATE - (ply as i32 + plies as i32);
                    }
                    return eval;
                }
            }
        }

        // Internal iterative reduction: a deep node the table knows no move for is
        // searched a ply shallower where the policy asks for it (its move order is a
        // guess; the next iteration comes back with a table move).
        if tt_move == Move::NONE && self.policy.iir_depth(&self.pos).is_some_and(|d| depth >= d) {
            depth -= 1;
        }

        let mut list = std::mem::take(&mut self.stack[ply].list);
        list.clear();
        self.policy.generate(&self.pos, depth, &mut list);
        if list.is_empty() {
            self.stack[ply].list = list;
            return -(MATE - ply as i32);
        }
        // A leaf is extended only through forced answers (a table's threat may be
        // no real one: then the list is wide and the leaf is scored as it stands).
        if depth == 0 && list.len() > 2 {
            self.stack[ply].list = list;
            return self.pos.evaluate();
        }
        // A forced reply (block a four) costs no depth.
        let new_depth = if list.len() == 1 || depth == 0 {
            depth
        } else {
            depth - 1
        };

        // One ply from the leaves, where the ordering score is the evaluation after
        // the move: the best score of the list is the node's value (an only move is
        // not extended here, as it is below).
        if depth == 1
            && self.policy.order_is_evaluation(&self.pos)
            && !list.iter().any(|m| m.mv == Move::PASS)
        {
            let best = movepick::best(&list);
            // Counted as the moves a search in this order would visit: the first
            // alone when it fails high, else all.
            self.nodes += if best.score >= beta {
                1
            } else {
                list.len() as u64
            };
            self.stack[ply].list = list;
            // Every move was scored: the value is exact whatever the window.
            self.stack[ply].pv.push(best.mv);
            self.tt
                .store(key, ply, best.mv, best.score, depth, Bound::Exact);
            return best.score;
        }

        let side = self.pos.side_to_move().index();
        let killers = self.stack[ply].killers;
        movepick::score_moves(&mut list, tt_move, killers, &self.history, side);

        let orig_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = Move::NONE;
        // Futility: near the leaves of a null-window node whose static score is far
        // below alpha, quiet moves are not searched.
        let futility = if !pv_node && eval != NO_EVAL && alpha.abs() < MATE_BOUND {
            self.policy.futility_margin(depth).map(|m| eval + m)
        } else {
            None
        };
        let reducible = list.len() > 1;
        // Fail-high reduction: in a null-window node whose static score beats beta by
        // the policy's margin, the moves the policy never reduces (in gomoku the
        // strongest fours and blocks) keep their depth and the others lose a ply.
        let likely_fail_high = !pv_node
            && eval != NO_EVAL
            && beta.abs() < MATE_BOUND
            && self
                .policy
                .fail_high_margin(&self.pos, depth)
                .is_some_and(|m| eval >= beta + m);
        let mc_limit = self.policy.move_count_limit(depth, improving);
        for i in 0..list.len() {
            let mv = movepick::pick(&mut list, i);
            let quiet = reducible
                && i > 0
                && mv != tt_move
                && mv != killers[0]
                && mv != killers[1]
                && self.policy.is_quiet(&self.pos, mv);
            if quiet {
                if let Some(f) = futility {
                    if f <= alpha {
                        best = best.max(f);
                        continue;
                    }
                }
                // Move-count pruning once a move that does not lose is known.
                if !pv_node && !answer && i >= mc_limit && best > -MATE_BOUND {
                    continue;
                }
            }
            if let Some(k) = self.pos.key_after(mv) {
                self.tt.prefetch(k);
            }
            // Late-move reduction as the policy grades the move; a reduced search that
            // beats alpha is searched again at full depth.
            let late = if reducible && mv != tt_move && mv != killers[0] && mv != killers[1] {
                self.policy.late_move_reduction(&self.pos, depth, i, mv)
            } else {
                None
            };
            // A continuing attack (an attack after our own three or better two plies
            // up, SearchPolicy::attack_level) is reduced a ply less, as Rapfi does.
            let attack = self.policy.attack_level(&self.pos, mv);
            self.stack[ply].attack = attack;
            let continued = attack > 0 && ply >= 2 && self.stack[ply - 2].attack == 2;
            let new_depth = if likely_fail_high
                && reducible
                && self
                    .policy
                    .late_move_reduction(&self.pos, depth.max(2), i.max(2), mv)
                    .is_some()
            {
                new_depth - 1
            } else {
                new_depth
            };
            let reduction = match late {
                Some(r) => (r - i32::from(pv_node) + i32::from(!pv_node && !improving)
                    - i32::from(continued))
                .clamp(0, (new_depth - 1).max(0)),
                None => 0,
            };

            self.pos.make(mv);
            self.nodes += 1;
            let score = if i == 0 {
                -self.negamax(new_depth, ply + 1, -beta, -alpha, pv_node)
            } else {
                let mut s =
                    -self.negamax(new_depth - reduction, ply + 1, -alpha - 1, -alpha, false);
                if reduction > 0 && s > alpha && !self.aborted {
                    s = -self.negamax(new_depth, ply + 1, -alpha - 1, -alpha, false);
                }
                if s > alpha && s < beta && pv_node && !self.aborted {
                    -self.negamax(new_depth, ply + 1, -beta, -alpha, true)
                } else {
                    s
                }
            };
            self.pos.unmake();
            if self.aborted {
                self.stack[ply].list = list;
                return 0;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    update_pv(&mut self.stack, ply, mv);
                    if score >= beta {
                        // The move that cut becomes a killer and gains history;
                        // the moves tried before it lose history.
                        if list.len() > 1 {
                            self.stack[ply].add_killer(mv);
                            self.history.reward(side, mv, depth, &list[..i]);
                        }
                        break;
                    }
                }
            }
        }
        self.stack[ply].list = list;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, ply, best_move, best, depth, bound);
        best
    }

    /// The policy's quick forced win at a `probe` node, its solver nodes counted.
    fn forced_win(&mut self, probe: Probe) -> Option<u32> {
        let (win, n) = self.policy.forced_win(&mut self.pos, probe);
        self.nodes += n;
        self.tactical_nodes += n;
        self.tactical_calls += u64::from(n > 0);
        win
    }
}
