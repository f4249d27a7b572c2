#!/usr/bin/env bash
# Rebuilds the reversi pattern evaluation, src/games/reversi/weights.bin, the way the
# committed weights were made (about 40 minutes on 2 cores):
#
#   scripts/train-reversi-eval.sh [XOT_OPENINGS] [WORK_DIR]
#
# 1. Games from the XOT openings (default ../shared/data/reversi/xot-openings.txt)
#    are played on by a noisy two-ply search; from 18 (then 21) empties on, every
#    position is solved exactly and the game goes on by the best or a random move.
# 2. The patterns are fitted to those exact scores (least squares, one weight set per
#    stage of the game; see examples/reversi_train.rs), every 20th game held out to
#    report the error.
# With --threads 2 the games are shared between two solvers whose tables carry over
# from game to game, so a tie between equal moves can fall differently from run to
# run; --threads 1 repeats exactly.
set -euo pipefail
cd "$(dirname "$0")/.."
xot=${1:-../shared/data/reversi/xot-openings.txt}
work=${2:-target/reversi-train}
mkdir -p "$work"
cargo build --release --example reversi_train
t=target/release/examples/reversi_train
"$t" gen --openings "$xot" --first 1000 --games 8000 --solve-from 18 --threads 2 \
    > "$work/a18.txt"
"$t" gen --openings "$xot" --first 9000 --games 1963 --solve-from 21 --threads 2 \
    > "$work/c21.txt"
"$t" train "$work/a18.txt" "$work/c21.txt" --epochs 100 --damp 50 --overlap 4 \
    --out src/games/reversi/weights.bin
