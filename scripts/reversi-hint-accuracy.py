#!/usr/bin/env python3
"""How close an NBoard engine's `hint 1` evaluations at a set depth come to exact
endgame scores (issue 14's accuracy figure).

    scripts/reversi-hint-accuracy.py [--engine CMD] [--depth 10] [FILE.obf]

FILE.obf (default data/reversi/fforum-40-59.obf, FFO #40-#59) lists positions with their
exact scores (`MOVE:+score` fields; the first is the best). Each position is sent to
the engine as a GGF board (`set game`), searched with `set depth N` and `hint 1`; the
last `search` line's evaluation is compared with the exact score. Prints one line per
position and the mean absolute error in discs.
"""
import argparse
import os
import re
import subprocess
import sys
import time

ap = argparse.ArgumentParser()
ap.add_argument("file", nargs="?", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "reversi", "fforum-40-59.obf"))
ap.add_argument("--engine", default="target/release/ply")
ap.add_argument("--depth", type=int, default=10)
a = ap.parse_args()

eng = subprocess.Popen(a.engine.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def send(line):
    eng.stdin.write(line + "\n")
    eng.stdin.flush()


def wait_for(prefix):
    while True:
        line = eng.stdout.readline()
        if not line:
            sys.exit("engine closed its output")
        if line.startswith(prefix):
            return line


send("nboard 2")
send(f"set depth {a.depth}")
errors = []
for n, line in enumerate(open(a.file)):
    line = line.strip()
    if not line:
        continue
    board, rest = line.split(None, 1)
    side = rest[0]
    fields = re.findall(r"([A-H][1-8]|PA):([+-]\d+)", rest)
    if not fields:
        continue
    exact = int(fields[0][1])
    ggf = "(;GM[Othello]PC[test]BO[8 " + board.replace("X", "*") + " " + ("*" if side == "X" else "O") + "];)"
    send("set game " + ggf)
    send(f"ping {n}")
    wait_for(f"pong {n}")
    t = time.time()
    send("hint 1")
    last = None
    while True:
        l = eng.stdout.readline()
        if not l:
            sys.exit("engine closed its output")
        if l.startswith("search"):
            last = l.split()
        elif l.strip() == "status" or l.startswith("status") and last is not None and l.strip() == "status":
            break
    dt = time.time() - t
    ev = float(last[2])
    errors.append(abs(ev - exact))
    print(f"#{40 + len(errors) - 1}: exact {exact:+d}, hint {last[1]} {ev:+.2f} at {last[4]}, error {abs(ev - exact):.2f}, {dt:.2f} s", flush=True)
send("quit")
print(f"mean absolute error {sum(errors) / len(errors):.2f} discs over {len(errors)} positions (depth {a.depth})")
