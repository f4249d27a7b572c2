#!/usr/bin/env python3
"""Depth reached and nodes/s of Gomocup engines on the same positions.

    scripts/gomoku-depth.py [--rule 0|4] [--turns 200,1000] [--positions 8]
                            [--openings FILE | --sgf FILE --stones LO-HI]
                            [--min-ms M] [--depth D] ENGINE [ENGINE ...]

Each position of the openings file (one line of `dx,dy,` offsets from the
centre each, as tests/data/openings-gomoku-*.txt) is sent with BOARD after `INFO timeout_turn T`;
the engine's last `MESSAGE` line before its move is read for the depth (`Depth D`
or `Depth D-S`: nominal-selective) and the speed (`Speed N`, `Speed NK`: nodes/s),
as ply and Rapfi print them. One engine process per engine and turn, 1 thread, its
own folder as working directory (Rapfi reads its config.toml from there). Prints a
table: engine, turn, mean depth, mean selective depth, mean k nodes/s, mean k nodes
a move (`Node N`, `Node NK`), mean time per move (wall, from BOARD to the move line).

With --sgf FILE --stones LO-HI the positions come from a game record in place of
an openings file: one position a game from the games longer than HI stones, after
LO to HI stones (spread over that range game by game). Many middle-game
positions end at once for one engine or both (an only reply, a proven win), so with
--min-ms M a second table averages only the positions every engine searched for
at least M ms of wall time.

With --depth D each engine searches to nominal depth D (`INFO max_depth D`, a 60 s
turn) in place of the turns: the nodes and time each spends on the same depth.
ply's nodes include its root threat solvers, which a 60 s turn gives their full
budgets (up to 700 k nodes a move).
"""
import argparse
import os
import re
import subprocess
import sys
import time

DEPTH = re.compile(r"Depth (\d+)(?:-(\d+))?")
SPEED = re.compile(r"Speed (\d+(?:\.\d+)?)([KM]?)")
NODES = re.compile(r"Node (\d+(?:\.\d+)?)([KM]?)")
UNIT = {"": 1, "K": 1e3, "M": 1e6}


def positions(path, n):
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            # Offsets from the centre: "dx,dy, dx,dy, ..." (Gomocup opening files).
            v = [int(t) for t in re.findall(r"-?\d+", line)]
            out.append([(7 + v[i], 7 + v[i + 1]) for i in range(0, len(v) - 1, 2)])
            if len(out) == n:
                break
    return out


def sgf_positions(path, lo, hi, n):
    """One position a game of the record `path` (SGF, 15x15 coordinates a-o):
    its first k stones, k from lo to hi spread game by game; games of hi + 1
    stones or fewer are skipped."""
    out = []
    with open(path) as f:
        games = f.read().split("(;")[1:]
    for g in games:
        moves = re.findall(r";[BW]\[([a-o])([a-o])\]", g)
        if len(moves) <= hi + 1:
            continue
        k = lo + (len(out) * 7) % (hi - lo + 1)
        out.append([(ord(x) - 97, ord(y) - 97) for x, y in moves[:k]])
        if len(out) == n:
            break
    return out


def measure(engine, rule, turn, stones_list, max_depth=None):
    path = os.path.abspath(engine)
    p = subprocess.Popen(
        [path],
        cwd=os.path.dirname(path),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        bufsize=1,
    )

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    def read_until(pred):
        msgs = []
        while True:
            line = p.stdout.readline()
            if not line:
                raise RuntimeError(f"{engine}: end of output")
            line = line.strip()
            if pred(line):
                return line, msgs
            msgs.append(line)

    send("START 15")
    read_until(lambda l: l == "OK")
    send(f"INFO rule {rule}")
    send(f"INFO timeout_turn {turn}")
    send("INFO timeout_match 100000000")
    send("INFO time_left 100000000")
    send("INFO max_memory 0")
    if max_depth is not None:
        send(f"INFO max_depth {max_depth}")
    rows = []
    # The first search (table set-up, config loading) is a warm-up, not measured.
    for k, stones in enumerate([stones_list[0]] + stones_list):
        # Side to move owns the stones of its colour: black has one more stone
        # than white or as many; the mover is black when the counts are equal.
        black_to_move = len(stones) % 2 == 0
        # Rapfi drops a command that arrives right after its move line.
        time.sleep(0.05)
        send("BOARD")
        for i, (x, y) in enumerate(stones):
            black = i % 2 == 0
            own = black == black_to_move
            send(f"{x},{y},{1 if own else 2}")
        t0 = time.monotonic()
        send("DONE")
        _, msgs = read_until(lambda l: re.fullmatch(r"\d+,\d+", l) is not None)
        wall = time.monotonic() - t0
        depth = sel = speed = nodes = None
        for m in msgs:
            d = DEPTH.search(m)
            if d:
                depth = int(d.group(1))
                sel = int(d.group(2) or d.group(1))
            s = SPEED.search(m)
            if s:
                v = float(s.group(1))
                speed = v * UNIT[s.group(2)]
            n = NODES.search(m)
            if n:
                nodes = float(n.group(1)) * UNIT[n.group(2)]
        if k > 0:
            rows.append((depth, sel, speed, wall, nodes))
    send("END")
    try:
        p.wait(timeout=5)
    except subprocess.TimeoutExpired:
        p.kill()
    return rows


def mean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rule", type=int, default=0)
    ap.add_argument("--turns", default="200,1000")
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--openings")
    ap.add_argument("--depth", type=int)
    ap.add_argument("--sgf")
    ap.add_argument("--stones", default="20-49")
    ap.add_argument("--min-ms", type=float)
    ap.add_argument("engines", nargs="+")
    a = ap.parse_args()
    name = {0: "freestyle", 1: "standard", 4: "renju"}.get(a.rule, "freestyle")
    path = a.openings or os.path.join(
        os.path.dirname(os.path.abspath(__file__)),
        "..",
        "tests",
        "data",
        f"openings-gomoku-{name}.txt",
    )
    if a.sgf:
        lo, hi = (int(v) for v in a.stones.split("-"))
        path = a.sgf
        stones = sgf_positions(path, lo, hi, a.positions)
        print(f"rule {a.rule}, {len(stones)} positions of {lo}-{hi} stones from {path}")
    else:
        stones = positions(path, a.positions)
        print(f"rule {a.rule}, {len(stones)} positions from {path}")
    header = "| engine | turn ms | depth | selective depth | k nodes/s | k nodes | ms per move |"
    print(header)
    print("|---|---|---|---|---|---|---|")
    turns = [60_000] if a.depth is not None else list(map(int, a.turns.split(",")))
    results = {}
    for turn in turns:
        for e in a.engines:
            rows = measure(e, a.rule, turn, stones, a.depth)
            results[(turn, e)] = rows
            print(line(e, turn, rows))
            sys.stdout.flush()
    if a.min_ms is not None:
        for turn in turns:
            keep = [
                i
                for i in range(len(stones))
                if all(results[(turn, e)][i][3] * 1000 >= a.min_ms for e in a.engines)
            ]
            print(f"\n{turn} ms: the {len(keep)} positions every engine searched for {a.min_ms:g} ms or more")
            print(header)
            print("|---|---|---|---|---|---|---|")
            for e in a.engines:
                print(line(e, turn, [results[(turn, e)][i] for i in keep]))


def line(e, turn, rows):
    d = mean(r[0] for r in rows)
    s = mean(r[1] for r in rows)
    v = mean(r[2] for r in rows) / 1000
    n = mean(r[4] for r in rows) / 1000
    w = mean(r[3] for r in rows) * 1000
    return f"| {os.path.basename(e)} | {turn} | {d:.1f} | {s:.1f} | {v:.0f} | {n:.0f} | {w:.0f} |"


if __name__ == "__main__":
    main()
