#!/usr/bin/env python3
"""Where an engine loses its games, from a `ply match --game reversi --ggf` record.

    scripts/reversi-ggf-losses.py GAMES.ggf NAME [--scale DISCS] [--same OTHER.ggf OTHER]
                                  [--times]

For every move of NAME between two moves of its opponent, the opponent's own eval
before and after it (the `/eval` of each GGF move, in discs for the side that moved)
is turned into an expected score, 1 / (1 + exp(-eval / DISCS)) (default 3 discs),
and the change is charged to NAME's move: the table gives, per two empties, NAME's
moves and the expected score they gave away as the opponent saw it, with each
row's share of the total. Against a stronger opponent (NTest) this shows in which
stage of the game the points go. Where the opponent's eval turns from a heuristic
into an exact solve, the jump lands on the move before: read those rows with care.

With --same OTHER.ggf OTHER (the engine's name there), also counts the games (same
opening, NAME and OTHER with the same colour) played move for move alike in both
files and where the others first part: deterministic engines at a set depth replay
a game unless a change touched it.
"""
import math
import re
import sys
from collections import defaultdict

MOVE = re.compile(r"(?<=\])([BW])\[([^\]]*)\]")


def games(path):
    """(black, white, opening, [(colour, move, eval or None, seconds or None)]) per
    GGF line."""
    out = []
    with open(path) as f:
        for line in f:
            pb = re.search(r"PB\[([^\]]*)\]", line)
            pw = re.search(r"PW\[([^\]]*)\]", line)
            if not pb or not pw:
                continue
            op = re.search(r"opening (\d+)", line)
            moves = []
            for colour, body in MOVE.findall(line):
                parts = body.split("/")
                ev = float(parts[1]) if len(parts) > 1 and parts[1] else None
                t = float(parts[2]) if len(parts) > 2 and parts[2] else None
                moves.append((colour, parts[0].upper(), ev, t))
            out.append((pb.group(1), pw.group(1), op.group(1) if op else "", moves))
    return out


def empties_before(moves):
    """The empty squares before each move (a pass fills none)."""
    empty, left = [], 60
    for _, m, _, _ in moves:
        empty.append(left)
        left -= 0 if m.startswith("PA") else 1
    return empty


def losses(path, name, scale):
    given = defaultdict(float)
    count = defaultdict(int)
    for black, white, _, moves in games(path):
        empty = empties_before(moves)
        for i in range(len(moves) - 2):
            colour, _, before, _ = moves[i]
            mover = black if colour == "B" else white
            if mover == name or moves[i + 1][0] == colour or moves[i + 2][0] != colour:
                continue
            after = moves[i + 2][2]
            if before is None or after is None:
                continue
            row = empty[i + 1] // 2 * 2
            es = lambda v: 1.0 / (1.0 + math.exp(-v / scale))
            given[row] += es(after) - es(before)
            count[row] += 1
    total = sum(given.values()) or 1.0
    print(f"{name}: expected score given away per move, as the opponent saw it")
    for row in sorted(given, reverse=True):
        print(
            f"{row:2d}-{row + 1:2d} empties: {count[row]:5d} moves, "
            f"{given[row] / count[row]:+.3f} a move, {given[row]:+6.1f} "
            f"({100 * given[row] / total:5.1f}%)"
        )
    print(f"total {sum(given.values()):+.1f}")


def times(path, name):
    spent = defaultdict(lambda: [[0.0, 0], [0.0, 0]])
    for black, white, _, moves in games(path):
        for left, (colour, _, _, t) in zip(empties_before(moves), moves):
            if t is not None:
                mover = black if colour == "B" else white
                cell = spent[left // 4 * 4][0 if mover == name else 1]
                cell[0] += t
                cell[1] += 1
    print(f"{name}: mean time a move (ms) by empties before the move, and its opponents'")
    for row in sorted(spent, reverse=True):
        (ta, na), (tb, nb) = spent[row]
        a = 1000 * ta / na if na else 0.0
        b = 1000 * tb / nb if nb else 0.0
        ratio = f"{a / b:5.2f}" if b > 0 else "    -"
        print(
            f"{row:2d}-{row + 3:2d} empties: {name} {a:7.1f} ({na:5d} moves), "
            f"opponents {b:7.1f} ({nb:5d}), ratio {ratio}"
        )


def same(a, name_a, b, name_b):
    def table(path, name):
        return {(g[2], g[0] == name): [m for _, m, _, _ in g[3]] for g in games(path)}

    first, second = table(a, name_a), table(b, name_b)
    alike, parted = 0, []
    for k, x in first.items():
        y = second.get(k)
        if y is None:
            continue
        if x == y:
            alike += 1
            continue
        i = 0
        while i < min(len(x), len(y)) and x[i] == y[i]:
            i += 1
        parted.append(60 - sum(1 for m in x[:i] if not m.startswith("PA")))
    print(f"{alike} of {len(first)} games alike; the others part at empties: {sorted(parted)}")


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    path, name = args[0], args[1]
    scale = float(args[args.index("--scale") + 1]) if "--scale" in args else 3.0
    losses(path, name, scale)
    if "--times" in args:
        times(path, name)
    if "--same" in args:
        i = args.index("--same")
        if i + 2 >= len(args):
            sys.exit("--same needs a GGF file and the engine's name in it")
        same(path, name, args[i + 1], args[i + 2])


if __name__ == "__main__":
    main()
