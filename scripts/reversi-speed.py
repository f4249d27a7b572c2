#!/usr/bin/env python3
"""How fast an NBoard engine searches midgame positions at a set depth.

    scripts/reversi-speed.py ENGINE DEPTH [POSITIONS] [-v]

POSITIONS (default scripts/data/reversi-midgame-80.txt: 80 positions of 29 to 50
empties from ply's games against NTest) has one position a line, the moves from the
standard start separated by commas (`pa` a pass). Each is sent as `set game`, then
`set depth DEPTH` and `go`; prints the total wall time of the answers, the nodes of
the last `nodestats` lines (0 for engines that send none, e.g. NTest), nodes/s and
the moves chosen (two letters each: the same string means the same choices).
ENGINE is a command line (e.g. target/release/ply, or an NBoard engine you have built
such as /path/to/ntest-launcher).
With -v, one line per position.
"""
import os, subprocess, sys, time
eng, depth = sys.argv[1], sys.argv[2]
posf = sys.argv[3] if len(sys.argv) > 3 and not sys.argv[3].startswith("-") else os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "reversi-midgame-80.txt")
verbose = "-v" in sys.argv
p = subprocess.Popen(eng.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(l): p.stdin.write(l + "\n"); p.stdin.flush()
def wait(prefix):
    last = None
    while True:
        l = p.stdout.readline()
        if not l: sys.exit("closed")
        if l.startswith("nodestats"): last = l
        if l.startswith(prefix): return l, last
send("nboard 2"); send(f"set depth {depth}")
tt = 0.0; tn = 0; moves = []
for n, line in enumerate(open(posf)):
    mv = line.strip().split(",")
    col = "BW"; s = ""
    for i, m in enumerate(mv):
        s += f"{col[i%2]}[{'PA' if m in ('pa','0000') else m.upper()}]"
    send("set game (;GM[Othello]PC[x]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]" + s + ";)")
    send(f"ping {n}"); wait(f"pong {n}")
    t = time.time(); send("go")
    l, ns = wait("===")
    dt = time.time() - t
    nodes = int(ns.split()[1]) if ns else 0
    tt += dt; tn += nodes; moves.append(l.split()[1].split("/")[0])
    if verbose: print(n, len(mv), l.strip(), nodes, f"{dt:.3f}")
send("quit")
print(f"depth {depth} time {tt:.2f} s nodes {tn} nps {tn/tt/1e6:.2f}M moves {''.join(m[:2] for m in moves)}")
