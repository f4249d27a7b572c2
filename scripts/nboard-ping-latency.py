#!/usr/bin/env python3
"""Measures how fast `ping` is answered while ply thinks under the NBoard protocol.

Usage: scripts/nboard-ping-latency.py [path/to/ply] [runs]

Starts `ply`, sends `nboard 2`, `set depth D`, `hint 1`, waits for the search to be
well under way, then sends `ping 1` and times the `pong 1`. Two cases: a midgame
search (depth 30 from the start) and the exact solver (depth 60: from the start
position, after its 10-ply search the solver takes over).
"""
import queue
import subprocess
import sys
import threading
import time


def run(ply, depth, ready, label):
    p = subprocess.Popen([ply], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, bufsize=1)
    q = queue.Queue()
    threading.Thread(target=lambda: [q.put(l.rstrip("\n")) for l in p.stdout],
                     daemon=True).start()
    p.stdin.write(f"nboard 2\nset depth {depth}\nhint 1\n")
    p.stdin.flush()
    while not ready(q.get()):
        pass
    time.sleep(0.5)
    t = time.monotonic()
    p.stdin.write("ping 1\n")
    p.stdin.flush()
    while q.get() != "pong 1":
        pass
    print(f"{label}: pong after {(time.monotonic() - t) * 1000:.1f} ms")
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()


def main():
    ply = sys.argv[1] if len(sys.argv) > 1 else "target/release/ply"
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    for _ in range(runs):
        run(ply, 30, lambda l: l.startswith("search"), "search (depth 30)")
        run(ply, 60, lambda l: l.startswith("search") and l.split()[-1] == "10",
            "solver (depth 60, 60 empties)")


if __name__ == "__main__":
    main()
