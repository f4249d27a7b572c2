#!/usr/bin/env python3
"""Positions with given numbers of empties from GGF match records, as OBF lines.

    scripts/reversi-ggf-positions.py EMPTIES[,EMPTIES...] EVERY GAMES.ggf [...] > OUT.obf

Replays every EVERY-th game of each record (`ply match --ggf` output) from the standard
start and prints `board side` (64 squares a1..h8, X black, O white, - empty; the side
that moves next in the game, before any pass) each time the board has one of the
EMPTIES, once per distinct position. For `reversi_train endmpc` (trainers/).
"""
import re, sys
MOVE = re.compile(r"(?<=\])([BW])\[([^\]]*)\]")
DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
def flips(b, sq, c):
    o = 'O' if c == 'X' else 'X'; r, f = divmod(sq, 8); out = []
    for dr, df in DIRS:
        rr, ff = r + dr, f + df; line = []
        while 0 <= rr < 8 and 0 <= ff < 8 and b[rr * 8 + ff] == o:
            line.append(rr * 8 + ff); rr += dr; ff += df
        if line and 0 <= rr < 8 and 0 <= ff < 8 and b[rr * 8 + ff] == c: out += line
    return out
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
            sq = (int(m[1]) - 1) * 8 + (ord(m[0]) - ord('A'))
            fl = flips(b, sq, col)
            if not fl: break
            b[sq] = col
            for s in fl: b[s] = col
            key = "".join(b) + " " + ('O' if col == 'X' else 'X')
            if b.count('-') in want and key not in seen:
                seen.add(key); print(key)
