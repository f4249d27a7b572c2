#!/usr/bin/env python3
"""Games of ply against another engine, as training lines for `gomoku_train train`.

    scripts/sgf-to-gomoku-train.py [--rule freestyle] [--opponent NAME] RECORD.sgf... > GAMES.txt

Each RECORD is a `ply match --sgf` record of 15x15 games between ply (any build,
under any name) and one other engine, whose player name contains NAME (default
`rapfi`); every engine move carries the engine's last search report (`... | Eval E
| ...`). Each game of the rule (`RU[...]`) that ended on the board (not on time)
becomes one line in the trainer's format: the result for black (1, 0.5, 0), the
number of opening stones, then `move:score` per move, the move as `y * 15 + x` with
x and y as the record writes them. The score is the search score for the side to move
in ply's units: at ply's moves its own report; at the opponent's, ply's report at
the next move negated (a position and the one after the opponent's move, seen by the
same search). A move with no such report, or whose report is a mate, gets a score the
trainer leaves out (a mate bound); opening stones get 0. So the targets are how
these games ended against that opponent and ply's own view of them.
"""
import argparse
import re
import sys

MOVE = re.compile(r";([BW])\[([a-zA-Z]{2})\](?:C\[((?:[^\]\\]|\\.)*)\])?")
EVAL = re.compile(r"Eval[ :=]*(\S+)")
# Scores at or beyond the trainer's mate bound (MATE - 1000 = 29000) are skipped.
SKIP = 29999
SIZE = 15


def score(comment):
    """ply's score in a move's report, or None (no report, or a mate)."""
    m = EVAL.search(comment or "")
    if not m or "M" in m.group(1):
        return None
    try:
        return int(float(m.group(1)))
    except ValueError:
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rule", default="freestyle")
    ap.add_argument("--opponent", default="rapfi")
    ap.add_argument("records", nargs="+")
    a = ap.parse_args()
    kept = skipped = 0
    for path in a.records:
        with open(path) as f:
            games = f.read().split("(;")[1:]
        for g in games:
            rule = re.search(r"RU\[([^\]]*)\]", g)
            size = re.search(r"SZ\[(\d+)", g)
            res = re.search(r"RE\[([^\]]*)\]", g)
            if not (rule and size and res) or rule.group(1) != a.rule or int(size.group(1)) != SIZE:
                skipped += 1
                continue
            res = res.group(1)
            if res.startswith("B+") and "T" not in res:
                black = "1"
            elif res.startswith("W+") and "T" not in res:
                black = "0"
            elif res in ("0", "Draw"):
                black = "0.5"
            else:
                skipped += 1
                continue
            names = {c: re.search(rf"P{c}\[((?:[^\]\\]|\\.)*)\]", g) for c in "BW"}
            ply = [c for c in "BW" if names[c] and a.opponent not in names[c].group(1)]
            if len(ply) != 1:
                skipped += 1
                continue
            moves = MOVE.findall(g)
            opening = sum(1 for m in moves if m[2] == "opening")
            out = []
            for i, (colour, sq, comment) in enumerate(moves):
                x, y = ord(sq[0].lower()) - 97, ord(sq[1].lower()) - 97
                if i < opening:
                    s = 0
                elif colour == ply[0]:
                    s = score(comment)
                else:
                    s = score(moves[i + 1][2]) if i + 1 < len(moves) else None
                    s = None if s is None else -s
                out.append(f"{y * SIZE + x}:{SKIP if s is None else s}")
            print(black, opening, " ".join(out))
            kept += 1
    print(f"{kept} games written, {skipped} left out", file=sys.stderr)


if __name__ == "__main__":
    main()
