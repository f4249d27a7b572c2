#!/usr/bin/env python3
"""How many discs NBoard engines' moves lose against perfect play near the end.

    scripts/reversi-endgame-loss.py GAMES.ggf EMPTIES N ENGINE:DEPTH [ENGINE:DEPTH ...]

Takes the position with EMPTIES empty squares from every other game of GAMES.ggf (a
`ply match --ggf` record: the games come in pairs with the same opening), at most N
of them; ply (target/release/ply, `set depth 60`, `hint 64`) solves every move of
each exactly (slow: about 10 s a position at 24 empties; the values are kept in
GAMES.ggf-EMPTIES.exact.json beside the record and reused). Then each engine, at its
`set depth`, answers `go` on every position: prints its mean loss in discs against
the best move, how many of its moves change the game's outcome, and its mean time and nodes (the last `nodestats` of each move).
"""
import re, sys, subprocess, time, json, os
MOVE = re.compile(r"(?<=\])([BW])\[([^\]]*)\]")
ggf, E, N = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
engines = sys.argv[4:]
START = "---------------------------O*------*O---------------------------"
def prefix(line):
    # count empties
    e = 60; out = []
    for c, m in MOVE.findall(line):
        if e == E: break
        out.append((c, m.split("/")[0]))
        if m.split("/")[0] != "PA": e -= 1
    return out if e == E else None
pos = []
for line in open(ggf):
    if line.startswith("(;"):
        p = prefix(line)
        if p: pos.append(p)
pos = pos[::2][:N]  # one per opening pair
def ggf_of(p):
    return "(;GM[Othello]PC[x]TY[8]BO[8 " + START + " *]" + "".join(f"{c}[{m}]" for c, m in p) + ";)"
class Eng:
    def __init__(s, cmd):
        s.p = subprocess.Popen(cmd.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1, cwd=os.path.dirname(cmd.split()[0]) or None)
        s.send("nboard 2"); s.n = 0
    def send(s, l): s.p.stdin.write(l + "\n"); s.p.stdin.flush()
    def sync(s):
        s.n += 1; s.send(f"ping {s.n}")
        while not s.p.stdout.readline().startswith(f"pong {s.n}"): pass
    def lines_until(s, pre):
        out = []
        while True:
            l = s.p.stdout.readline()
            if not l: raise SystemExit("closed")
            out.append(l)
            if l.startswith(pre) or (pre.endswith('\n') and l == pre): return out
cache_f = f"{ggf}-{E}.exact.json"
exact = json.load(open(cache_f)) if os.path.exists(cache_f) else {}
oracle = None
for i, p in enumerate(pos):
    k = ggf_of(p)
    if k in exact: continue
    if oracle is None: oracle = Eng(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "release", "ply"))
    oracle.send("set depth 60"); oracle.send("set game " + k); oracle.sync()
    oracle.send("hint 64")
    ls = oracle.lines_until("status\n")
    sc = {}
    for l in ls:
        if l.startswith("search "):
            f = l.split()
            if f[4] == "100%": sc[f[1][:2].upper()] = float(f[2])
    exact[k] = sc
    json.dump(exact, open(cache_f, "w"))
    print("solved", i, len(sc), file=sys.stderr)
for spec in engines:
    cmd, d = spec.rsplit(":", 1)
    e = Eng(cmd); e.send(f"set depth {d}")
    loss = 0; n = 0; wrongsign = 0; tt = 0; nodes = 0
    for p in pos:
        k = ggf_of(p); sc = exact[k]
        if not sc: continue
        e.send("set game " + k); e.sync()
        t = time.time(); e.send("go")
        ls = e.lines_until("==="); tt += time.time() - t
        l = ls[-1]
        stats = [x for x in ls if x.startswith("nodestats ")]
        if stats: nodes += int(float(stats[-1].split()[1]))
        mv = l.split()[1].split("/")[0][:2].upper()
        best = max(sc.values())
        got = sc.get(mv)
        if got is None: print("??", mv, sc); continue
        loss += best - got; n += 1
        if (best > 0) != (got > 0) or (best == 0) != (got == 0): wrongsign += 1
    e.send("quit")
    print(f"{spec}: {n} positions at {E} empties, mean loss {loss/n:.2f} discs, outcome changed {wrongsign}, {tt/n*1000:.0f} ms/move, {nodes/n/1e6:.2f} M nodes/move")
if oracle: oracle.send("quit")
