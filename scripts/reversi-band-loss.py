#!/usr/bin/env python3
"""How many discs the moves of NBoard engines give away near the endgame, by exact solves.

    scripts/reversi-band-loss.py roots N SEED GAMES.ggf [...]
    scripts/reversi-band-loss.py run NAME ENGINE         (BAND_DEPTH, default 16)
    scripts/reversi-band-loss.py solve                   (PLY, default target/release/ply)
    scripts/reversi-band-loss.py report NAME [...]

Works in BAND_DIR (default target/band-loss). `roots` takes N positions with each
number of empties in BAND_EMPTIES (default 24,25,26; one a game, the position before
the move of the game at that count; games shuffled by SEED) from `ply match --game
reversi --ggf` records. `run` asks an NBoard engine (a command line, e.g.
target/release/ply or an NTest you have built, /path/to/ntest-launcher) for its move
at `set depth BAND_DEPTH` in each and times it. `solve` solves exactly (`ply solve`,
two processes) every position after a move some engine chose that is not solved yet.
`report` prints, per number of empties and for all, each engine's mean loss in discs
against the best of the moves the named engines chose, in brackets the result steps
it gave away (a win turned into a draw counts 1, into a loss 2) and its mean time a
move. The solved values are the reference, so the loss does not depend on any
engine's evaluation; it is relative to the engines compared (a move no engine chose
is not valued).
"""
import json
import os
import random
import subprocess
import sys
import time

from reversi_board import MOVE, START, flips, square

D = os.environ.get('BAND_DIR', 'target/band-loss')
os.makedirs(D, exist_ok=True)
PLY = os.environ.get('PLY', 'target/release/ply')
EMPTIES = [int(e) for e in os.environ.get('BAND_EMPTIES', '24,25,26').split(',')]
def play(b, m, c):
    b = list(b); f = flips(b, square(m), c); assert f, m
    b[square(m)] = c
    for q in f: b[q] = c
    return ''.join(b)
def replay(moves):
    b = START; c = 'X'
    for m in moves:
        if m != 'pa': b = play(b, m, c)
        c = 'O' if c == 'X' else 'X'
    return b, c
def ggf(moves):
    s = '(;GM[Othello]PC[t]PB[a]PW[b]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]'
    side = 0
    for m in moves:
        s += f'{"BW"[side]}[{m.upper()}]'; side ^= 1
    return s + ';)'
class NB:
    def __init__(self, cmd, depth=16):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1, shell=True)
        self.send('nboard 2'); self.send(f'set depth {depth}')
    def send(self, l): self.p.stdin.write(l + '\n'); self.p.stdin.flush()
    def go(self, moves):
        self.send('set game ' + ggf(moves)); self.send('ping 1')
        while not self.p.stdout.readline().startswith('pong'): pass
        t = time.time(); self.send('go')
        while True:
            l = self.p.stdout.readline()
            if l.startswith('==='):
                return l.split()[1].split('/')[0].lower(), time.time() - t
cmd = sys.argv[1]
if cmd == 'roots':
    n, seed = int(sys.argv[2]), int(sys.argv[3])
    games = []
    for f in sys.argv[4:]:
        for line in open(f):
            games.append([m.group(2).split('/')[0].lower() for m in MOVE.finditer(line)])
    rnd = random.Random(seed); rnd.shuffle(games)
    roots = []
    for E in EMPTIES:
        got = 0; seen = set()
        for g in games:
            real = 0
            for i, m in enumerate(g):
                if 60 - real == E and m != 'pa':
                    b = replay(g[:i])
                    if b not in seen: seen.add(b); roots.append(g[:i]); got += 1
                    break
                if m != 'pa': real += 1
            if got >= n: break
    json.dump(roots, open(f'{D}/roots.json', 'w'))
    print(len(roots), 'roots')
elif cmd == 'run':
    name, engine = sys.argv[2], sys.argv[3]
    roots = json.load(open(f'{D}/roots.json'))
    e = NB(engine, int(os.environ.get("BAND_DEPTH", "16"))); out = []
    for r in roots:
        m, t = e.go(r); out.append([m, t])
    json.dump(out, open(f'{D}/moves-{name}.json', 'w'))
    e.p.kill()
    print(name, 'mean time', sum(t for _, t in out) / len(out))
elif cmd == 'solve':
    roots = json.load(open(f'{D}/roots.json'))
    vals = json.load(open(f'{D}/values.json')) if os.path.exists(f'{D}/values.json') else {}
    need = set()
    for f in os.listdir(D):
        if f.startswith('moves-'):
            for i, (m, _) in enumerate(json.load(open(f'{D}/{f}'))):
                if f'{i}:{m}' not in vals: need.add((i, m))
    need = sorted(need)
    lines = []
    for i, m in need:
        b, c = replay(roots[i]); b2 = play(b, m, c); o = 'O' if c == 'X' else 'X'
        lines.append(f'{b2} {o};')
    halves = [lines[0::2], lines[1::2]]; keys = [need[0::2], need[1::2]]
    procs = []
    for h, L in enumerate(halves):
        fn = f'{D}/need{h}.obf'; open(fn, 'w').write('\n'.join(L) + '\n')
        procs.append(subprocess.Popen([PLY, 'solve', fn], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True))
    for h, p in enumerate(procs):
        outl = [l for l in p.stdout.read().splitlines() if 'score' in l and 'empties' in l]
        for (i, m), l in zip(keys[h], outl):
            sc = int(l.split('score')[1].split()[0])
            vals[f'{i}:{m}'] = -sc
    json.dump(vals, open(f'{D}/values.json', 'w'))
    print(len(need), 'solved')
elif cmd == 'report':
    roots = json.load(open(f'{D}/roots.json'))
    vals = json.load(open(f'{D}/values.json'))
    names = sys.argv[2:]
    mv = {n: json.load(open(f'{D}/moves-{n}.json')) for n in names}
    def sign(v):
        return (v > 0) - (v < 0)
    counts = sorted({60 - sum(m != 'pa' for m in r) for r in roots})
    for E in counts + [None]:
        idx = [i for i, r in enumerate(roots)
               if E is None or 60 - sum(m != 'pa' for m in r) == E]
        value = {(i, n): vals[f'{i}:{mv[n][i][0]}'] for i in idx for n in names}
        best = {i: max(value[i, n] for n in names) for i in idx}
        row = []
        for n in names:
            loss = sum(best[i] - value[i, n] for i in idx) / len(idx)
            steps = sum(sign(best[i]) - sign(value[i, n]) for i in idx)
            t = sum(mv[n][i][1] for i in idx) / len(idx)
            row.append(f'{n} {loss:.3f} ({steps}, {t*1000:.0f} ms)')
        print(E or 'all', len(idx), ' | '.join(row))
