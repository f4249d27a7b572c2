#!/usr/bin/env python3
"""Two `ply match` runs on the same openings, compared game for game.

    scripts/paired-runs.py A.log NAME_A B.log NAME_B

Each LOG is what `ply match` printed for a run against the same opponent from the
same openings (the same file, seed and number of games), for example a build under
test and main, each against Rapfi. A game is matched with the game of the other run
that has the same opening number and the same colour for the engine (NAME_A in A,
NAME_B in B); its difference is A's points less B's. Prints both scores over the
matched games and the mean difference a game with its 95% error (normal
approximation over the games). Pairing removes what the openings decide alike in
both runs: two builds within a few per cent of each other are told apart in fewer
games than by their separate scores.
"""
import math
import re
import sys
from collections import defaultdict

GAME = re.compile(r"opening (\d+): black (\S+), white (\S+): (1-0|0-1|1/2-1/2)")
POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def load(path, name):
    """Per (opening, colour): the engine's points, in the order the log gives them."""
    games = defaultdict(list)
    with open(path) as f:
        for line in f:
            m = GAME.search(line)
            if not m:
                continue
            opening, black, white, result = m.groups()
            s = POINTS[result]
            if black == name:
                games[(opening, "b")].append(s)
            elif white == name:
                games[(opening, "w")].append(1.0 - s)
    return games


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    a = load(sys.argv[1], sys.argv[2])
    b = load(sys.argv[3], sys.argv[4])
    pairs = [(x, y) for k in a for x, y in zip(a[k], b.get(k, []))]
    n = len(pairs)
    if n < 2:
        print(f"{n} matched games: too few (check the engine names)", file=sys.stderr)
        sys.exit(1)
    d = [x - y for x, y in pairs]
    mean = sum(d) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in d) / (n - 1))
    err = 1.96 * sd / math.sqrt(n)
    sa = sum(x for x, _ in pairs) / n
    sb = sum(y for _, y in pairs) / n
    print(f"{n} matched games: {sys.argv[2]} {100 * sa:.1f}%, {sys.argv[4]} {100 * sb:.1f}%")
    print(f"difference a game: {100 * mean:+.1f}% +/- {100 * err:.1f}% (95%)")


if __name__ == "__main__":
    main()
