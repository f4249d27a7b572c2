//! The memory budget: how the search's tables share the hash size and a process
//! memory limit (Gomocup `INFO max_memory`), after the program's fixed costs.

use crate::games::reversi::endgame::Solver;
use crate::search::tt::TranspositionTable;

/// Default size of the search's tables together (the transposition table, and in
/// reversi the solver's table too): what UCI `Hash`, Gomocup `INFO hash_size` set.
/// 96 MiB gives gomoku a 64 MiB table (a power of two) and reversi 64 MiB and the
/// solver's 32 MiB, the sizes each game had before the solver's table counted.
pub const DEFAULT_HASH_BYTES: usize = 96 << 20;

/// The process's memory besides the resizable tables, counted against a memory
/// limit (Gomocup `INFO max_memory`): the program and its libraries, the main,
/// input and search threads' stacks, the gomoku pattern tables, and a margin for the
/// allocator.
pub const FIXED_BYTES: usize = 10 << 20;
/// The reversi evaluation's weight sets (two sets of 61 blended stages, 20 MB
/// each) and other tables, counted when the game is reversi.
pub const REVERSI_FIXED_BYTES: usize = 40 << 20;
/// Each search thread past the first: its stack and its copy of the position with
/// the gomoku threat solvers' tables (1 MiB each).
pub const THREAD_BYTES: usize = 4 << 20;
/// The least the tables get, whatever the limit (each table's own floor).
pub const MIN_TABLE_BYTES: usize = 1 << 20;

/// How the memory is shared out: the tables' sizes for the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TableSizes {
    /// The transposition table.
    pub tt: usize,
    /// The reversi solver's table (0 in other games).
    pub solver: usize,
}

/// The tables' sizes for `hash` bytes of tables under a process limit of `limit`
/// bytes (none: `hash` alone), for reversi or another game, with `threads` search
/// threads: the limit less the fixed costs ([`FIXED_BYTES`], [`REVERSI_FIXED_BYTES`],
/// [`THREAD_BYTES`]) caps `hash`. The transposition table is the largest power of
/// two of slots in the share it gets (all of it; reversi: two thirds, the solver's
/// table what that leaves, again a power of two).
pub fn table_sizes(hash: usize, limit: Option<usize>, reversi: bool, threads: usize) -> TableSizes {
    let mut budget = hash;
    if let Some(limit) = limit {
        let fixed = FIXED_BYTES
            + if reversi { REVERSI_FIXED_BYTES } else { 0 }
            + THREAD_BYTES * threads.saturating_sub(1);
        budget = budget.min(limit.saturating_sub(fixed));
    }
    let budget = budget.max(if reversi { 2 } else { 1 } * MIN_TABLE_BYTES);
    if reversi {
        let tt = TranspositionTable::size_for(budget / 3 * 2);
        TableSizes {
            tt,
            solver: Solver::size_for(budget - tt),
        }
    } else {
        TableSizes {
            tt: TranspositionTable::size_for(budget),
            solver: 0,
        }
    }
}

#[cfg(test)]
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_tables_are_64_mib_and_reversi_adds_the_solvers_32() {
        let gomoku = table_sizes(DEFAULT_HASH_BYTES, None, false, 1);
        assert_eq!((gomoku.tt, gomoku.solver), (64 << 20, 0));
        let reversi = table_sizes(DEFAULT_HASH_BYTES, None, true, 1);
        assert_eq!((reversi.tt, reversi.solver), (64 << 20, 32 << 20));
    }

    #[test]
    fn a_memory_limit_leaves_room_for_the_fixed_costs() {
        let limit = 64 << 20;
        let gomoku = table_sizes(DEFAULT_HASH_BYTES, Some(limit), false, 1);
        assert!(gomoku.tt + FIXED_BYTES <= limit, "{gomoku:?}");
        let reversi = table_sizes(DEFAULT_HASH_BYTES, Some(limit), true, 2);
        let fixed = FIXED_BYTES + REVERSI_FIXED_BYTES + THREAD_BYTES;
        assert!(reversi.tt + reversi.solver + fixed <= limit, "{reversi:?}");
        assert!(reversi.tt >= MIN_TABLE_BYTES && reversi.solver >= MIN_TABLE_BYTES);
    }
}
