#!/usr/bin/env python3
"""Find the moves that lost ply's games, by a reference engine's score before and after.

    scripts/gomoku-blunders.py --sgf GAMES.sgf --name NAME --reference ENGINE
                               [--colour B|W] [--rule 0|1|4|8] [--ref-turn 1000]
                               [--lost-only]

GAMES.sgf is a collection written by `ply match --sgf`; NAME is the player name of
the ply build in it (PB/PW). For every move NAME played as --colour (default black,
after the opening stones) the reference engine (a Gomocup engine, e.g. Rapfi) scores
the position before the move (its own choice and score, mover's view) and after it
(negated), each in --ref-turn ms on one thread. Two games run at once, one engine
each. A game stops being scored once the reference sees a forced result.

Every move prints one line; at the end the moves after which the reference claims
a forced win for the opponent while it scored the position before above -300 and
preferred another move are listed as BLUNDER. Scores of a one-second search are
noisy (differences of 100 are common); the forced wins are the firm part. Found
this way (2026-11-26, renju at 1 s): 26 such moves in the 67 games ply did not win
as black; ply's own search at 5 s still chose 8 of them (Rapfi's move in 7), and its
VCT solver found the opponent's win after only 2: the wins come from searches that
mix threats with quiet moves.
"""
import argparse
import concurrent.futures
import importlib.util
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("claims", os.path.join(HERE, "gomoku-claims.py"))
claims = importlib.util.module_from_spec(spec)
spec.loader.exec_module(claims)

FORCED = 20000


def value(ev):
    if ev is None:
        return 0
    if ev.startswith("+M"):
        return FORCED
    if ev.startswith("-M"):
        return -FORCED
    try:
        return int(ev)
    except ValueError:
        return 0


def name(sq):
    return "abcdefghijklmnopqrstuvwxyz"[sq[0]] + str(15 - sq[1])


def score_games(jobs, a):
    ref = claims.Engine(a.reference, a.rule, a.ref_turn)
    rows = []
    try:
        for gn, moves, colour in jobs:
            for k, (c, sq, comment) in enumerate(moves):
                if c != colour or comment == "opening":
                    continue
                stones = [s for _, s, _ in moves[:k]]
                best, ev = ref.think(stones)
                before = value(ev)
                if abs(before) >= FORCED:
                    break
                _, ev2 = ref.think(stones + [sq])
                after = -value(ev2)
                rows.append((gn, k + 1, sq, best, before, after))
                print(
                    f"game {gn} move {k + 1}: played {name(sq)} ({comment}) | reference "
                    f"{name(best)} before {before} after {after}",
                    flush=True,
                )
    finally:
        ref.close()
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sgf", required=True)
    ap.add_argument("--name", required=True)
    ap.add_argument("--reference", required=True)
    ap.add_argument("--colour", default="B", choices=["B", "W"])
    ap.add_argument("--rule", type=int, default=0)
    ap.add_argument("--ref-turn", type=int, default=1000)
    ap.add_argument("--lost-only", action="store_true")
    a = ap.parse_args()
    # Each game's result, from its header (GN comes before RE).
    results = dict(re.findall(r"GN\[(\d+)\][^;]*?RE\[([^\]]*)\]", open(a.sgf).read()))
    jobs = []
    for gn, pb, pw, moves in claims.games(a.sgf):
        if (pb if a.colour == "B" else pw) != a.name:
            continue
        if a.lost_only and results.get(str(gn)) == f"{a.colour}+":
            continue
        jobs.append((gn, moves, a.colour))
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        rows = [r for part in ex.map(lambda j: score_games(j, a), [jobs[0::2], jobs[1::2]]) for r in part]
    blunders = [r for r in rows if r[4] > -300 and r[5] <= -FORCED and r[2] != r[3]]
    for gn, k, sq, best, before, _ in sorted(blunders):
        print(f"BLUNDER game {gn} move {k}: {name(sq)}, reference {name(best)} (scored {before} before)")
    print(f"{len(rows)} moves scored in {len(jobs)} games, {len(blunders)} blunders")


if __name__ == "__main__":
    main()
