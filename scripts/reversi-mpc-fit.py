#!/usr/bin/env python3
"""Fits reversi's Multi-ProbCut error model (`eval::probcut`) to ply's own searches.

    scripts/reversi-mpc-fit.py [--ply target/release/ply] [--positions 600]
                               [--seed 2] [--min-empties 28] [--out VALUES.jsonl]
                               GAMES.ggf [...]

One position is taken from each of --positions games of the GGF records (`ply match
--game reversi --ggf` output; shuffled by --seed), after a random number of moves
that leaves 24 to 52 empties. Each is searched from a clear table by `ply analyze
--game reversi --depth d --json` for every d from 1 to 16 (two at a time; about 0.6 s
a position). For each band of four empties (from --min-empties: below it `ply`
solves instead of searching at depth 16) and each depth d with its shallow depth s
(the pair `eval::probcut` uses), the mean and the spread of v(d) - v(s) are
measured; then, weighted by the positions, least squares fit

    sigma = a * empties + b * d + c * s + k        (MPC_SIGMA)
    mean  = u * empties + w   for odd d             (even d: about 0)

and both are printed in discs with the table (the mean for information: the
search has no constant for it, its cuts are centred on the shallow value). With --out the searched values are
written (one JSON line a position) and can be read back with --values FILE instead
of GGF records.
"""
import argparse
import concurrent.futures
import json
import math
import random
import re
import subprocess

MOVE = re.compile(r"(?<=\])([BW])\[([^\]]*)\]")
MAX_DEPTH = 16

ap = argparse.ArgumentParser()
ap.add_argument("--ply", default="target/release/ply")
ap.add_argument("--positions", type=int, default=600)
ap.add_argument("--seed", type=int, default=2)
ap.add_argument("--min-empties", type=int, default=28)
ap.add_argument("--out")
ap.add_argument("--values")
ap.add_argument("ggf", nargs="*")
args = ap.parse_args()


def shallow(d):
    """The shallow depth of `eval::probcut` for depth d."""
    s = 2 * (d // 4) + (d & 1)
    return d - 2 if s == 0 else s


def searched(moves):
    v = {}
    for d in range(1, MAX_DEPTH + 1):
        r = subprocess.run(
            [args.ply, "analyze", "--game", "reversi", "--moves", ",".join(moves),
             "--depth", str(d), "--json"],
            capture_output=True, text=True)
        score = json.loads(r.stdout).get("score") or {}
        if "cp" not in score:
            return None
        v[d] = score["cp"] / 100
    return {"moves": moves, "empties": 60 - sum(m != "0000" for m in moves), "v": v}


def lstsq(rows, ys, ws):
    """Weighted least squares by the normal equations (small systems)."""
    k = len(rows[0])
    a = [[sum(w * r[i] * r[j] for r, w in zip(rows, ws)) for j in range(k)] for i in range(k)]
    b = [sum(w * r[i] * y for r, y, w in zip(rows, ys, ws)) for i in range(k)]
    for c in range(k):
        p = max(range(c, k), key=lambda i: abs(a[i][c]))
        a[c], a[p], b[c], b[p] = a[p], a[c], b[p], b[c]
        for i in range(k):
            if i != c and a[c][c]:
                f = a[i][c] / a[c][c]
                a[i] = [x - f * y for x, y in zip(a[i], a[c])]
                b[i] -= f * b[c]
    return [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(k)]


if args.values:
    data = [json.loads(line) for line in open(args.values)]
    for r in data:
        r["v"] = {int(d): x for d, x in r["v"].items()}
else:
    games = []
    for path in args.ggf:
        for line in open(path):
            mv = [m.group(2).split("/")[0].lower() for m in MOVE.finditer(line)]
            mv = ["0000" if m == "pa" else m for m in mv]
            if len(mv) > 40:
                games.append(mv)
    rnd = random.Random(args.seed)
    rnd.shuffle(games)
    jobs = []
    for g in games[: args.positions]:
        real = [i for i, m in enumerate(g) if m != "0000"]
        k = rnd.randint(8, 36)
        jobs.append(g[: real[k - 1] + 1])
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        data = [r for r in ex.map(searched, jobs) if r]
    if args.out:
        with open(args.out, "w") as f:
            for r in data:
                f.write(json.dumps(r) + "\n")

data = [r for r in data if r["empties"] >= args.min_empties]
print(f"{len(data)} positions of {args.min_empties} empties or more")
print("empties depth shallow n mean sigma")
sig_rows, sig_y, sig_w, off_rows, off_y, off_w = [], [], [], [], [], []
for lo in range(args.min_empties, 53, 4):
    mid = lo + 1.5
    for d in range(3, MAX_DEPTH + 1):
        s = shallow(d)
        xs = [r["v"][d] - r["v"][s] for r in data if lo <= r["empties"] <= lo + 3]
        if len(xs) < 10:
            continue
        n = len(xs)
        mean = sum(xs) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
        print(f"{lo}-{lo + 3} {d} {s} {n} {mean:+.2f} {sd:.2f}")
        sig_rows.append([mid, d, s, 1.0])
        sig_y.append(sd)
        sig_w.append(n)
        if d & 1:
            off_rows.append([mid, 1.0])
            off_y.append(mean)
            off_w.append(n)
a, b, c, k = lstsq(sig_rows, sig_y, sig_w)
u, w = lstsq(off_rows, off_y, off_w)
print(f"MPC_SIGMA = [{a:.4f}, {b:.4f}, {c:.4f}, {k:.4f}]")
print(f"mean for odd d (not in the code): [{u:.4f}, {w:.4f}]")
