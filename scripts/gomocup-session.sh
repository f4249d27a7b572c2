#!/usr/bin/env bash
# One Gomocup session with ply, as Piskvork drives it: START, the time limits,
# BEGIN (ply moves first), one TURN, END. Prints everything the brain says.
#
#   scripts/gomocup-session.sh [ENGINE]     (default: target/release/ply)
set -eu
engine=${1:-$(dirname "$0")/../target/release/ply}
{
    echo "START 15"
    echo "INFO timeout_turn 1000"
    echo "INFO timeout_match 60000"
    echo "INFO rule 0"
    echo "BEGIN"
    sleep 1.2
    echo "TURN 8,8"
    sleep 1.2
    echo "END"
} | "$engine" --protocol gomocup
