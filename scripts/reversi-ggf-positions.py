#!/usr/bin/env python3
"""Positions with given numbers of empties from GGF match records, as OBF lines.

    scripts/reversi-ggf-positions.py EMPTIES[,EMPTIES...] EVERY GAMES.ggf [...] > OUT.obf

Replays every EVERY-th game of each record (`ply match --ggf` output) from the standard
start and prints `board side` (64 squares a1..h8, X black, O white, - empty; the side
that moves next in the game, before any pass) each time the board has one of the
EMPTIES, once per distinct position. For `reversi_train endmpc` (trainers/).
"""
import sys

from reversi_board import MOVE, flips, square

want = set(int(x) for x in sys.argv[1].split(','))
every = int(sys.argv[2])
seen = set()
for fn in sys.argv[3:]:
    gi = 0
    for line in open(fn):
        if not line.startswith("(;"): continue
        gi += 1
        if gi % every: continue
        b = list("---------------------------OX------XO---------------------------")
        for c, m in MOVE.findall(line):
            m = m.split("/")[0].upper()
            col = 'X' if c == 'B' else 'O'
            if m == 'PA': continue
            sq = square(m)
            fl = flips(b, sq, col)
            if not fl: break
            b[sq] = col
            for s in fl: b[s] = col
            key = "".join(b) + " " + ('O' if col == 'X' else 'X')
            if b.count('-') in want and key not in seen:
                seen.add(key); print(key)
