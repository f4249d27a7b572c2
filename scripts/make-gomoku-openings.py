#!/usr/bin/env python3
"""Balanced gomoku openings for `ply match --openings`.

Draws random openings of STONES stones (default 3: black, white, black; the first
on the centre) with every stone within RADIUS (default 2) of the centre, asks a
Gomocup engine that prints `Eval N` in its MESSAGE lines (Rapfi does) to score each
one for the side to move at a fixed time, and keeps the openings with
|eval| <= MAX_EVAL. Seeded: the same seed and engine give the same file.

usage: make-gomoku-openings.py [--exclude FILE ...] ENGINE_CMD RULE(0|1|4|8) SEED COUNT
                               [MS] [MAX_EVAL] [RADIUS] [STONES] > FILE

--exclude FILE (repeatable) leaves out the openings of FILE and their mirror images,
so that a set held out for measuring shares no opening with the sets used for tuning.
"""
import os, random, re, shlex, subprocess, sys, threading



def evaluate(cmd, rule, stones, ms):
    # BOARD fields: 1 = the side to move's own stones, 2 = the opponent's (the last
    # stone placed is the opponent's). END goes only after the engine's move: an
    # engine that reads while it searches (ply does) stops the search at END.
    lines = ["START 15", f"INFO timeout_turn {ms}", f"INFO rule {rule}", "BOARD"]
    n = len(stones)
    for i, (x, y) in enumerate(stones):
        lines.append(f"{7 + x},{7 + y},{2 if (n - 1 - i) % 2 == 0 else 1}")
    lines.append("DONE")
    proc = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    # An engine that never answers is killed, which ends the read below.
    watchdog = threading.Timer(ms / 1000 + 10, proc.kill)
    watchdog.start()
    evals = []
    try:
        proc.stdin.write("\n".join(lines) + "\n")
        proc.stdin.flush()
        for line in proc.stdout:
            evals += re.findall(r"Eval (-?\d+)", line)
            if re.fullmatch(r"\d+,\d+", line.strip()):
                break
        proc.stdin.write("END\n")
        proc.stdin.close()
        proc.wait()
    except OSError:
        proc.kill()
    finally:
        watchdog.cancel()
    return int(evals[-1]) if evals else None


def symmetries(stones):
    """The opening under the board's 8 mirrors and rotations."""
    out = set()
    for t in range(8):
        def f(p, t=t):
            x, y = p
            if t & 1: x = -x
            if t & 2: y = -y
            if t & 4: x, y = y, x
            return (x, y)
        out.add(tuple(f(p) for p in stones))
    return out


def read_openings(path):
    """The openings of a file as tuples of (dx, dy) offsets from the centre."""
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            v = [int(t) for t in re.findall(r"-?\d+", line)]
            out.append(tuple((v[i], v[i + 1]) for i in range(0, len(v) - 1, 2)))
    return out


def main():
    excluded, excluded_files = set(), []
    while len(sys.argv) > 2 and sys.argv[1] == "--exclude":
        excluded_files.append(os.path.basename(sys.argv[2]))
        for o in read_openings(sys.argv[2]):
            excluded |= symmetries(o)
        del sys.argv[1:3]
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    cmd, rule, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    ms = int(sys.argv[5]) if len(sys.argv) > 5 else 200
    max_eval = int(sys.argv[6]) if len(sys.argv) > 6 else 60
    radius = int(sys.argv[7]) if len(sys.argv) > 7 else 2
    count_stones = int(sys.argv[8]) if len(sys.argv) > 8 else 3
    rng = random.Random(seed)
    seen, kept, tried = set(excluded), 0, 0
    mover = "white" if count_stones % 2 == 1 else "black"
    extra = f", {count_stones} stones" if count_stones != 3 else ""
    print(f"# rule {rule}, seed {seed}, {ms} ms, |eval| <= {max_eval}, radius {radius}{extra} ({mover} to move)")
    if excluded_files:
        print(f"# none of the openings of {', '.join(excluded_files)} nor their mirror images")
    while kept < count and tried < 50 * count:
        tried += 1
        stones = [(0, 0)]
        while len(stones) < count_stones:
            s = (rng.randint(-radius, radius), rng.randint(-radius, radius))
            if s not in stones:
                stones.append(s)
        # One of each mirror/rotation class is enough.
        sym = symmetries(stones)
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
