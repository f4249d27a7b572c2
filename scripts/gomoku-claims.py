#!/usr/bin/env python3
"""Check ply's proven wins against a reference engine, on the games of a match.

    scripts/gomoku-claims.py --sgf GAMES.sgf --name NAME --ply PLY --reference ENGINE
                             [--rule 0|1|4|8] [--turn 200] [--ref-turn 1000]
                             [--max-ms 80]
    scripts/gomoku-claims.py --sgf GAMES.sgf --name NAME --contradicted

GAMES.sgf is a collection written by `ply match --sgf`; NAME is the player name of
the ply build in it (PB/PW). Every position where that player answered in 1..max-ms
milliseconds (an answer that fast is a proven win, a forced reply or an only move)
is searched again by PLY at `--turn` ms. Where PLY reports a forced win (`Eval +Mn`),
the reference engine (a Gomocup engine, e.g. Rapfi) searches the same position at
`--ref-turn` ms; a claim it scores below +3000 and not as a win is printed as
DISAGREE. Both engines run in their own folder, one thread, over stdin/stdout.

A disagreement is a lead, not a verdict: the reference may miss a long win. Replay
the position (`ply solve FILE.jsonl --vct --verbose`, or both engines move by move)
to find which defence the claim overlooked. Found this way: two false VCT wins and
a four-three defence the move generator lacked (2026-11-25).

With --contradicted no engine runs: it lists the games that NAME's own
reports contradict, those it did not win after claiming a forced win (`Eval +Mn`)
and those it did not lose after claiming a forced loss, with the move of its first
such claim. Found this way: renju four-threes whose three could only make an
overline, taken for threats (2026-11-30; 10 lost claims in 960 games).
"""
import argparse
import os
import re
import subprocess
import sys
import time

MOVE = re.compile(r";([BW])\[(..)\]C\[([^\]]*)\]")


def contradicted(path, name):
    """Print the games whose result contradicts `name`'s first forced-result claim."""
    games_read = lost = won = 0
    for gn, pb, pw, result, moves in games(path):
        colour = "B" if pb == name else "W" if pw == name else None
        if colour is None:
            continue
        games_read += 1
        outcome = 1 if result == colour + "+" else 0 if result.endswith("+") else 0.5
        for k, (c, _, comment) in enumerate(moves):
            ev = re.search(r"Eval ([+-])M(\d+)", comment) if c == colour else None
            if ev is None:
                continue
            claimed_win = ev.group(1) == "+"
            if (claimed_win and outcome != 1) or (not claimed_win and outcome != 0):
                lost += claimed_win
                won += not claimed_win
                print(f"game {gn} ({colour}) move {k + 1}: claimed {ev.group(1)}M{ev.group(2)}, result {result}")
            break
    print(f"{games_read} games, {lost} claimed wins not won, {won} claimed losses not lost")


def games(path):
    for g in open(path).read().split("(;FF")[1:]:
        gn = int(re.search(r"GN\[(\d+)\]", g).group(1))
        pb = re.search(r"PB\[([^\]]*)\]", g).group(1)
        pw = re.search(r"PW\[([^\]]*)\]", g).group(1)
        result = re.search(r"RE\[([^\]]*)\]", g).group(1)
        moves = [(c, (ord(s[0]) - 97, ord(s[1]) - 97), cm) for c, s, cm in MOVE.findall(g)]
        yield gn, pb, pw, result, moves


class Engine:
    def __init__(self, path, rule, turn):
        path = os.path.abspath(path)
        self.p = subprocess.Popen(
            [path],
            cwd=os.path.dirname(path),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.send("START 15")
        self.until(lambda l: l == "OK")
        for s in (
            f"INFO rule {rule}",
            f"INFO timeout_turn {turn}",
            "INFO timeout_match 100000000",
            "INFO time_left 100000000",
            "INFO max_memory 0",
        ):
            self.send(s)

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def until(self, pred):
        msgs = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine closed its output")
            line = line.strip()
            if pred(line):
                return line, msgs
            msgs.append(line)

    def think(self, stones):
        """(move, last Eval field) for the side to move after `stones` (play order)."""
        # Rapfi drops a command that arrives right after its move line.
        time.sleep(0.04)
        black_to_move = len(stones) % 2 == 0
        self.send("BOARD")
        for i, (x, y) in enumerate(stones):
            self.send(f"{x},{y},{1 if (i % 2 == 0) == black_to_move else 2}")
        self.send("DONE")
        line, msgs = self.until(lambda l: re.fullmatch(r"\d+,\d+", l) is not None)
        ev = None
        for m in msgs:
            r = re.search(r"Eval (\S+)", m)
            if r:
                ev = r.group(1)
        return tuple(map(int, line.split(","))), ev

    def close(self):
        self.send("END")
        try:
            self.p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.p.kill()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sgf", required=True)
    ap.add_argument("--name", required=True)
    ap.add_argument("--ply")
    ap.add_argument("--reference")
    ap.add_argument("--rule", type=int, default=0)
    ap.add_argument("--turn", type=int, default=200)
    ap.add_argument("--ref-turn", type=int, default=1000)
    ap.add_argument("--max-ms", type=int, default=80)
    ap.add_argument("--contradicted", action="store_true")
    a = ap.parse_args()
    if a.contradicted:
        contradicted(a.sgf, a.name)
        return
    if not a.ply or not a.reference:
        ap.error("--ply and --reference are needed (or --contradicted)")
    ply = Engine(a.ply, a.rule, a.turn)
    ref = Engine(a.reference, a.rule, a.ref_turn)
    positions = claims = disagree = 0
    for gn, pb, pw, _, moves in games(a.sgf):
        colour = "B" if pb == a.name else "W" if pw == a.name else None
        if colour is None:
            continue
        for k, (c, _, comment) in enumerate(moves):
            if c != colour or comment == "opening":
                continue
            ms = int(comment.split()[0])
            if not 1 <= ms <= a.max_ms:
                continue
            stones = [sq for _, sq, _ in moves[:k]]
            positions += 1
            mv, ev = ply.think(stones)
            if not ev or not ev.startswith("+M"):
                continue
            claims += 1
            rmv, rev = ref.think(stones)
            ok = rev is None or rev.startswith("+M") or (rev.lstrip("-").isdigit() and int(rev) > 3000)
            if not ok:
                disagree += 1
            print(
                f"game {gn} move {k + 1}: ply {mv} {ev} | reference {rmv} {rev}"
                + ("" if ok else "  DISAGREE"),
                flush=True,
            )
    ply.close()
    ref.close()
    print(f"{positions} fast positions, {claims} forced-win claims, {disagree} disagreements")
    sys.exit(0)


if __name__ == "__main__":
    main()
