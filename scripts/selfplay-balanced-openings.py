#!/usr/bin/env python3
"""Keep the openings of a file that ply's self-play does not decide by colour alone.

    scripts/selfplay-balanced-openings.py --openings FILE [--min-games 4]
                                          [--low 0.2] [--high 0.8] LOG [LOG ...]

Each LOG is what `ply match` printed for a self-play run from FILE (lines
`[ i/N] opening K: black A, white B: 1-0 ...`, K numbering FILE's openings from 1).
An opening is kept when it was played at least --min-games times over the logs and
black's share of the decided games lies within [--low, --high]. The kept openings
are printed in FILE's format (one line of `dx,dy,` offsets), each after a comment
with its count, for screens of changes: between two near-equal builds most pairs
of games from an opening one colour wins anyway are split one-one whatever the
change, and such pairs carry no information.
"""
import argparse
import re
import sys

GAME = re.compile(r"\[\s*\d+/\d+\] opening (\d+): black \S+, white \S+: (\S+)")


def read_openings(path):
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--openings", required=True)
    ap.add_argument("--min-games", type=int, default=4)
    ap.add_argument("--low", type=float, default=0.2)
    ap.add_argument("--high", type=float, default=0.8)
    ap.add_argument("logs", nargs="+")
    a = ap.parse_args()

    openings = read_openings(a.openings)
    black = [0] * len(openings)
    decided = [0] * len(openings)
    games = 0
    for path in a.logs:
        with open(path) as f:
            for line in f:
                m = GAME.match(line)
                if not m:
                    continue
                k = int(m.group(1)) - 1
                if not 0 <= k < len(openings):
                    sys.exit(f"{path}: opening {k + 1} is not in {a.openings}")
                games += 1
                if m.group(2) in ("1-0", "0-1"):
                    decided[k] += 1
                    black[k] += m.group(2) == "1-0"

    kept = [
        k
        for k in range(len(openings))
        if decided[k] >= a.min_games and a.low <= black[k] / decided[k] <= a.high
    ]
    print(f"# {len(kept)} of the {len(openings)} openings of {a.openings.split('/')[-1]}")
    print(
        f"# whose black share over {games} self-play games lies in [{a.low}, {a.high}]"
        f" (at least {a.min_games} decided games each)"
    )
    print("# made by: scripts/selfplay-balanced-openings.py; for screening changes only")
    for k in kept:
        print(f"# opening {k + 1}: black won {black[k]} of {decided[k]}")
        print(openings[k])


if __name__ == "__main__":
    main()
