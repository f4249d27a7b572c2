#!/usr/bin/env python3
"""Balanced 3-stone gomoku openings for `ply match --openings`.

Draws random openings (black, white, black) with every stone within RADIUS (default 2) of the
centre, asks a Gomocup engine that prints `Eval N` in its MESSAGE lines (Rapfi does)
to score each one for the side to move (white) at a fixed time, and keeps the
openings with |eval| <= MAX_EVAL. Seeded: the same seed and engine give the same file.

usage: make-gomoku-openings.py ENGINE_CMD RULE(0|1|4|8) SEED COUNT [MS] [MAX_EVAL] [RADIUS] > FILE
"""
import random, re, shlex, subprocess, sys



def evaluate(cmd, rule, stones, ms):
    # BOARD fields: 1 = the side to move's own stones (white), 2 = the opponent's.
    lines = ["START 15", f"INFO timeout_turn {ms}", f"INFO rule {rule}", "BOARD"]
    for i, (x, y) in enumerate(stones):
        lines.append(f"{7 + x},{7 + y},{2 if i % 2 == 0 else 1}")
    lines += ["DONE", "END"]
    out = subprocess.run(shlex.split(cmd), input="\n".join(lines) + "\n",
                         capture_output=True, text=True, timeout=ms / 1000 + 10).stdout
    evals = re.findall(r"Eval (-?\d+)", out)
    return int(evals[-1]) if evals else None


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    cmd, rule, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    ms = int(sys.argv[5]) if len(sys.argv) > 5 else 200
    max_eval = int(sys.argv[6]) if len(sys.argv) > 6 else 60
    radius = int(sys.argv[7]) if len(sys.argv) > 7 else 2
    rng = random.Random(seed)
    seen, kept, tried = set(), 0, 0
    print(f"# rule {rule}, seed {seed}, {ms} ms, |eval| <= {max_eval}, radius {radius} (white to move)")
    while kept < count and tried < 50 * count:
        tried += 1
        stones = [(0, 0)]
        while len(stones) < 3:
            s = (rng.randint(-radius, radius), rng.randint(-radius, radius))
            if s not in stones:
                stones.append(s)
        key = tuple(stones)
        # One of each mirror/rotation class is enough.
        sym = set()
        for t in range(8):
            def f(p, t=t):
                x, y = p
                if t & 1: x = -x
                if t & 2: y = -y
                if t & 4: x, y = y, x
                return (x, y)
            sym.add(tuple(f(p) for p in stones))
        if sym & seen:
            continue
        seen |= sym
        e = evaluate(cmd, rule, stones, ms)
        if e is None or abs(e) > max_eval:
            continue
        kept += 1
        print(f"# eval {e}")
        print(", ".join(f"{x},{y}" for x, y in stones), flush=True)


if __name__ == "__main__":
    main()
