#!/usr/bin/env bash
# One UCI session with ply, as a match runner drives it: the greeting, the
# variant, a position in cutechess-cli's drop notation, a timed search, and a
# UGI query. Prints everything the engine says.
#
#   scripts/uci-session.sh [ENGINE]     (default: target/release/ply)
set -eu
engine=${1:-$(dirname "$0")/../target/release/ply}
{
    echo "uci"
    echo "setoption name UCI_Variant value gomoku"
    echo "setoption name Hash value 32"
    echo "isready"
    echo "ucinewgame"
    echo "position startpos moves P@h8 P@i9"
    echo "go wtime 3000 btime 3000 winc 100 binc 100"
    # ply answers isready during the search, then the bestmove.
    echo "isready"
    sleep 1
    echo "query p1turn"
    echo "quit"
} | "$engine"
