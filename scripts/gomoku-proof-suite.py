#!/usr/bin/env python3
"""Forced wins an engine proved in games, and how many of them a ply build proves.

    scripts/gomoku-proof-suite.py build --name ENGINE RECORD.sgf... > SUITE.txt
    scripts/gomoku-proof-suite.py run [--nodes N | --time MS] [--every K] PLY SUITE.txt
    scripts/gomoku-proof-suite.py gomocup [--time MS] [--every K] ENGINE SUITE.txt

`build` reads `ply match --sgf` records, where each engine move carries the engine's
last search report (`Depth D-S | Eval E | ...`, as ply and Rapfi write them). For
each game it takes the first position in which ENGINE, to move, reported a proven
win (`Eval +M..`) and writes one line: the moves from the empty board in ply's
notation (h8: files from the left, ranks from the bottom), the board size and the
claimed mate, tab-separated. These are wins the engine found in play, in the time
it had: a suite of real tactics, not composed puzzles. A position met twice is
written once.

`run` asks a ply build (`ply analyze`, a fresh process per position) for each
position with a node limit (deterministic: the same build gives the same count) or
a time limit, and counts the positions where it proves the win (`score mate N`,
N > 0); `--every K` takes every K-th position. Extra environment for the build can
be given as `--env NAME=VALUE`.

`gomocup` does the same for any Gomocup engine (Rapfi too) through `START`, `INFO
timeout_turn`, `BOARD`, counting a final report with `Eval +M`. Both print the count
and the number of positions.
"""
import argparse
import os
import re
import subprocess
import sys

MOVE = re.compile(r";([BW])\[([a-zA-Z]{2})\](?:C\[((?:[^\]\\]|\\.)*)\])?")
REPORT = re.compile(r"^\d+ ms; (.*)$")
EVAL = re.compile(r"Eval[ :=]*(\S+)")


def notation(sgf_move, size):
    x = ord(sgf_move[0].lower()) - ord("a")
    y = ord(sgf_move[1].lower()) - ord("a")
    return f"{chr(ord('a') + x)}{size - y}"


def build(args):
    seen = set()
    for path in args.records:
        with open(path) as f:
            games = f.read().split("(;")[1:]
        for g in games:
            names = {c: re.search(rf"P{c}\[((?:[^\]\\]|\\.)*)\]", g).group(1) for c in "BW"}
            size = int(re.search(r"SZ\[(\d+)", g).group(1))
            moves = []
            for colour, mv, comment in MOVE.findall(g):
                r = REPORT.match(comment or "")
                if r and names[colour] == args.name:
                    e = EVAL.search(r.group(1))
                    if e and e.group(1).startswith("+M") and len(moves) >= args.min_stones:
                        line = f"{','.join(moves)}\t{size}\t{e.group(1)}"
                        if line not in seen:
                            seen.add(line)
                            print(line)
                        break
                moves.append(notation(mv, size))


def load(path):
    out = []
    with open(path) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                moves, size, mate = line.rstrip("\n").split("\t")
                out.append((moves, int(size), mate))
    return out


def run(args):
    env = dict(os.environ)
    for kv in args.env:
        k, v = kv.split("=", 1)
        env[k] = v
    limit = ["--nodes", str(args.nodes)] if args.nodes else ["--time", str(args.time)]
    proved = nodes = 0
    suite = load(args.suite)[:: args.every]
    for moves, size, _ in suite:
        out = subprocess.run(
            [args.ply, "analyze", "--rule", args.rule, "--size", str(size), "--moves", moves]
            + limit,
            capture_output=True,
            text=True,
            env=env,
        ).stdout
        s = re.search(r"^score (\w+) (-?\d+)", out, re.M)
        n = re.search(r"nodes (\d+)", out)
        if s and s.group(1) == "mate" and int(s.group(2)) > 0:
            proved += 1
        nodes += int(n.group(1)) if n else 0
    print(f"proved {proved} of {len(suite)}, {nodes} nodes")


def gomocup(args):
    rule = {"freestyle": 0, "standard": 1, "renju": 4, "caro": 8}[args.rule]
    suite = load(args.suite)[:: args.every]
    proved = 0
    cwd = os.path.dirname(os.path.realpath(args.engine)) or "."
    for moves, size, _ in suite:
        ms = moves.split(",")
        lines = [f"START {size}", f"INFO timeout_turn {args.time}", f"INFO rule {rule}", "BOARD"]
        for i, m in enumerate(ms):
            own = i % 2 == len(ms) % 2
            lines.append(f"{ord(m[0]) - ord('a')},{size - int(m[1:])},{1 if own else 2}")
        lines.append("DONE")
        p = subprocess.Popen(
            [args.engine],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=cwd,
        )
        p.stdin.write("\n".join(lines) + "\n")
        p.stdin.flush()
        last = None
        for line in p.stdout:
            if line.startswith("MESSAGE"):
                if "Eval" in line:
                    last = line
            elif "," in line:
                break
        p.stdin.write("END\n")
        p.stdin.close()
        p.wait()
        if last and re.search(r"Eval[ :=]*\+M", last):
            proved += 1
    print(f"proved {proved} of {len(suite)}")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("--name", required=True)
    b.add_argument("--min-stones", type=int, default=6)
    b.add_argument("records", nargs="+")
    r = sub.add_parser("run")
    r.add_argument("--nodes", type=int)
    r.add_argument("--time", type=int, default=200)
    r.add_argument("--rule", default="freestyle")
    r.add_argument("--every", type=int, default=1)
    r.add_argument("--env", action="append", default=[])
    r.add_argument("ply")
    r.add_argument("suite")
    g = sub.add_parser("gomocup")
    g.add_argument("--time", type=int, default=200)
    g.add_argument("--every", type=int, default=1)
    g.add_argument("--rule", default="freestyle")
    g.add_argument("engine")
    g.add_argument("suite")
    args = ap.parse_args()
    {"build": build, "run": run, "gomocup": gomocup}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
