#!/bin/sh
# A quick match of ply against itself with `ply match`: 15x15 freestyle, 100 ms per
# move, the 40 openings of tests/data/openings-offset.txt played once with each
# colour (80 games), two games at a time, records in selfplay.sgf.
#
#   scripts/selfplay.sh                      # ply vs ply (the current build)
#   scripts/selfplay.sh /path/to/old/ply     # the current build vs another binary
#   GAMES=200 TURN_MS=50 scripts/selfplay.sh
#
# Any extra arguments after the second engine go to `ply match` (see
# `ply match --help`), e.g. --sprt elo0=0,elo1=10 or --rule renju.
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
cargo build --release --manifest-path "$here/Cargo.toml" >&2
bin="${CARGO_TARGET_DIR:-$here/target}/release/ply"
# Copy the binary so a rebuild during the match does not change the engines.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$bin" "$tmp/ply"
new="$tmp/ply"
if [ $# -gt 0 ]; then
    old="$1"
    names="--name1 new --name2 old"
    shift
else
    old="$new"
    names="--name1 ply1 --name2 ply2"
fi
# Engine commands are split like shell words by ply match: quote the paths.
# shellcheck disable=SC2086
"$new" match --engine1 "'$new'" --engine2 "'$old'" $names \
    --size "${SIZE:-15}" --rule "${RULE:-freestyle}" --turn-ms "${TURN_MS:-100}" \
    --openings "$here/tests/data/openings-offset.txt" \
    --games "${GAMES:-80}" --concurrency "${CONCURRENCY:-2}" \
    --sgf "${SGF:-selfplay.sgf}" "$@"
