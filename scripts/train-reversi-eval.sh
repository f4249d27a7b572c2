#!/usr/bin/env bash
# Rebuilds the reversi pattern evaluation, src/games/reversi/weights.bin, the way the
# committed weights were made (about 290 minutes on 2 cores):
#
#   scripts/train-reversi-eval.sh [XOT_OPENINGS] [WORK_DIR]
#
# 1. Solved stages (0-21 empties): games from the XOT openings (default
#    data/reversi/xot-openings.txt) are played on by a noisy two-ply search;
#    from 18 (then 21) empties on, every position is solved exactly and the game goes
#    on by the best or a random move. The patterns are fitted to those exact scores
#    (least squares, one weight set per stage; see trainers/src/reversi_train/), every
#    20th game held out to report the error. (About 40 minutes.)
# 2. Searched stages (22-60 empties), two rounds of `boot`: positions from games
#    played from the XOT openings are labelled, stage by stage back to the start, by
#    depth-4 searches whose leaves lie in the stages already fitted, and each stage is
#    fitted to them. Round 1 plays the games on the hand-set evaluation and starts each
#    stage from the one before; round 2 plays them on round 1's weights (built into the
#    trainer, hence the rebuild) and refits each stage from its own weights. (About 10
#    and 25 minutes.)
# 3. Self-play, two rounds (stages 22-53 empties): 14000 games each from the XOT
#    openings played by ply's own depth-8 search on the built-in weights (one move in 8
#    random down to 40 empties), solved exactly at 20 empties (`selfplay`); every
#    position before is labelled by half its game's exact outcome and half its depth-8
#    search value, and stages 4-11 are refitted from the weights of the step before
#    (`train --init --from-stage 4 --lambda 0.5`). Round 2 plays on round 1's weights
#    (hence the rebuild). (About 35 minutes a round.)
#    (`train LABELLED --init W --from-stage S --lr 0 --min-samples 0 --out SCRATCH`
#    prints the error, bias and correlation of weights W on a labelled file whose
#    lines are all game 0, by each stage's own weights; with `--blend`, as the engine
#    blends them.)
# 4. Close endgames (stages 10-21 empties): 3000 games from the XOT openings played by
#    ply's depth-8 search on the weights of step 3 without random moves (`selfplay
#    --random-until 60`, 15 minutes); from each game's position at 24 empties (and at
#    27 for the first 600 games), 8 continuations by a noisy two-ply search (`branch
#    --noise 300`), every position from 21 down to 10 empties solved exactly, each once
#    a root: 190 thousand positions, about 60 thousand a stage where `gen` gave 16
#    thousand (their exact scores spread by about 14 discs; 27 + 12 minutes). Stages
#    1-3 are refitted from step 3's weights on them alone, one weight per symmetry
#    class, each stage keeping the epoch with the lowest held-out error (`train
#    --from-stage 1 --to-stage 3 --classes --keep-best`).
# 5. Stages 14-25 empties on ply's own games: 2400 games from the XOT openings played
#    by ply's depth-10 search on the weights of step 4 without random moves, every
#    position from 24 empties down to 14 solved exactly (`selfplay --solve-at 24
#    --label-to 14`, about 75 minutes; 11 exactly scored positions a game, those of
#    close games between good players, which the noisy games of the steps before
#    rarely reach); stages 2-4 refitted from step 4's weights on them
#    (`train --from-stage 2 --to-stage 4 --classes --keep-best`).
# The engine blends these stage weights at start-up into one set per number of
# empties (pattern.rs, SETS), linearly between the two stages whose middles surround
# it; the trainer still fits one set per stage. `train --blend` fits each stage
# through that blend (to every position its weights have a share in, the other
# stage's share held fixed).
# What each step gained, and the rounds and labels tried and dropped:
# docs/experiments/reversi-midgame.md.
# With --threads 2 the solved games are shared between two solvers whose tables carry
# over from game to game, so a tie between equal moves can fall differently from run
# to run; the boot rounds repeat exactly for a given seed.
set -euo pipefail
cd "$(dirname "$0")/.."
xot=${1:-data/reversi/xot-openings.txt}
work=${2:-target/reversi-train}
w=src/games/reversi/weights.bin
mkdir -p "$work"
t=target/release/reversi_train
cargo build --release -p ply-trainers
"$t" gen --openings "$xot" --first 1000 --games 8000 --solve-from 18 --threads 2 \
    > "$work/a18.txt"
"$t" gen --openings "$xot" --first 9000 --games 1963 --solve-from 21 --threads 2 \
    > "$work/c21.txt"
"$t" train "$work/a18.txt" "$work/c21.txt" --epochs 100 --damp 50 --overlap 4 --out "$w"
"$t" boot --openings "$xot" --first 0 --games 20000 --seed 1 --depth 4 --threads 2 \
    --init "$w" --out "$w"
cargo build --release -p ply-trainers
"$t" boot --openings "$xot" --first 20000 --games 30000 --seed 2 --depth 4 --threads 2 \
    --player trained --from-own-stage --init "$w" --out "$w"
cargo build --release -p ply-trainers
"$t" selfplay --openings "$xot" --first 0 --games 14000 --seed 1 --depth 8 --threads 2 \
    > "$work/sp1.txt"
"$t" train "$work/sp1.txt" --init "$w" --from-stage 4 --lambda 0.5 --epochs 100 --damp 50 \
    --overlap 2 --out "$w"
cargo build --release -p ply-trainers
"$t" selfplay --openings "$xot" --first 14000 --games 14000 --seed 2 --depth 8 --threads 2 \
    > "$work/sp2.txt"
"$t" train "$work/sp2.txt" --init "$w" --from-stage 4 --lambda 0.5 --epochs 100 --damp 50 \
    --overlap 2 --out "$w"
cargo build --release -p ply-trainers
"$t" selfplay --openings "$xot" --first 60000 --games 3000 --seed 11 --depth 8 \
    --random-until 60 --threads 2 > "$work/close.txt"
"$t" branch --in "$work/close.txt" --branches 8 --noise 300 --threads 2 --seed 3 \
    > "$work/branch24.txt"
"$t" branch --in "$work/close.txt" --from 27 --roots 600 --branches 8 --noise 300 \
    --threads 2 --seed 5 > "$work/branch27.txt"
"$t" train "$work/branch24.txt" "$work/branch27.txt" --init "$w" --from-stage 1 \
    --to-stage 3 --epochs 200 --damp 50 --overlap 2 --classes --keep-best --min-samples 0 \
    --out "$w"
cargo build --release -p ply-trainers
"$t" selfplay --openings "$xot" --first 90000 --games 2400 --seed 86 --depth 10 \
    --random-until 60 --solve-at 24 --label-to 14 --threads 2 > "$work/own24.txt"
"$t" train "$work/own24.txt" --init "$w" --from-stage 2 --to-stage 4 --epochs 200 \
    --damp 50 --overlap 2 --classes --keep-best --min-samples 0 --out "$w"
