#!/usr/bin/env python3
"""Depth each engine reached in the games of a `ply match --sgf` record.

    scripts/gomoku-record-depth.py [--min-ms 100] RECORD.sgf

`ply match` writes after each engine move's time the engine's last report of its
search (its last `MESSAGE` line naming a depth, as ply and Rapfi write them:
`Depth D-S | Eval E | ...`). This reads those reports and prints, per engine and per
range of stones on the board, the mean depth and selective depth of the moves it
searched for at least --min-ms milliseconds whose score is not a proven result
(an `M` in the score, or one of 20,000 or more in size). Moves settled at once (an
only reply, a proven win) say little about depth in play; the others are where
two engines' depths can be compared, as the games reach them.
"""
import argparse
import collections
import re

MOVE = re.compile(r";([BW])\[[a-zA-Z]{2}\]C\[((?:[^\]\\]|\\.)*)\]")
REPORT = re.compile(r"^(\d+) ms; (.*)$")
DEPTH = re.compile(r"[Dd]epth[ :=]*(\d+)(?:-(\d+))?")
EVAL = re.compile(r"Eval[ :=]*(\S+)")
RANGES = [(0, 9), (10, 19), (20, 29), (30, 49), (50, 1000)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--min-ms", type=int, default=100)
    ap.add_argument("record")
    args = ap.parse_args()
    rows = collections.defaultdict(list)
    with open(args.record) as f:
        games = f.read().split("(;")[1:]
    for g in games:
        names = {c: re.search(rf"P{c}\[((?:[^\]\\]|\\.)*)\]", g).group(1) for c in "BW"}
        for stones, (colour, comment) in enumerate(MOVE.findall(g)):
            r = REPORT.match(comment)
            if not r or int(r.group(1)) < args.min_ms:
                continue
            d, e = DEPTH.search(r.group(2)), EVAL.search(r.group(2))
            if not d or not e:
                continue
            score = e.group(1).strip("|")
            if "M" in score.upper() or not re.fullmatch(r"-?\d+", score):
                continue
            if abs(int(score)) >= 20000:
                continue
            depth = int(d.group(1))
            sel = int(d.group(2) or d.group(1))
            rows[names[colour]].append((stones, depth, sel))
    print(f"moves searched for {args.min_ms} ms or more, score short of a proven result")
    print("| engine | stones | moves | depth | selective depth |")
    print("|---|---|---|---|---|")
    for name, r in sorted(rows.items()):
        for lo, hi in RANGES + [(0, 1000)]:
            s = [x for x in r if lo <= x[0] <= hi]
            if not s:
                continue
            label = "all" if (lo, hi) == (0, 1000) else (f"{lo}+" if hi >= 1000 else f"{lo}-{hi}")
            print(f"| {name} | {label} | {len(s)} | {sum(x[1] for x in s) / len(s):.2f} "
                  f"| {sum(x[2] for x in s) / len(s):.2f} |")


if __name__ == "__main__":
    main()
