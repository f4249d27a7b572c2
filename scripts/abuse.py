#!/usr/bin/env python3
"""ply under abuse, measured. Not part of CI: the whole run takes tens of minutes.

    python3 scripts/abuse.py [--bin target/release/ply] [--lines 1000000]
        [--games 200] [--seed 1] [--only fuzz,signals,match,memory] [--out DIR]

Four parts, each ending in one summary line (and the whole in a final summary):

fuzz     Random and mutated lines for the three dialects (Gomocup, UCI/UGI, NBoard),
         --lines in all, in batches of --batch lines, each batch in a fresh session.
         After a batch: a barrier (a command answered in order, after everything
         before it; the dialect's stop command is repeated meanwhile, since searches
         queued by the batch run one after another) must be answered within
         --hang-s seconds, else the batch counts as a hang; then a probe with a known
         answer (Gomocup: START 15 and a BOARD where the only winning move is 4,7;
         UCI: a position where P@e1 wins; NBoard: the start position, `go` must play
         one of the four legal moves, `ping` gets its `pong`); then end of input,
         and the session must exit with code 0. Every 50th batch instead ends its
         input right after the batch: the session must be gone 20 s later (the
         queued commands run first; a queued search without a time limit runs
         until its depth cap). A panic is a "panicked" line on
         stderr or exit code 101. A failing batch is saved in --out for replay
         (`ply < batch`).
signals  SIGSTOP/SIGCONT as GomocupJudge does it (the brain is suspended between
         turns; INFO time_left and the move request are written while it is stopped,
         then it is resumed), while it is idle, and while it thinks; each time from a
         quiet opening (a BOARD) so that ply thinks for real. The script waits until
         every thread is stopped before writing (kill() returns earlier). Sane means: the move always comes; counted
         from the moment of SIGCONT it comes within the turn time (+100 ms), since
         ply's clock starts when it reads the command; a think that is suspended
         ends on resume no later than the turn time allows (ply's clock is
         monotonic and keeps running while stopped, so it does not think longer
         than a manager that counts wall time allows); no crash.
match    --games games through `ply match` at 100 ms a move (ply against itself,
         15x15 freestyle, tests/data/openings-offset.txt, concurrency 2): time
         forfeits must be 0.
memory   Peak RSS (VmHWM from /proc/PID/status) of a Gomocup session after a game
         of searches, for each INFO hash_size (0 = the default 96 MiB of tables, up to 4 GiB) under
         INFO max_memory 64 MiB and 350 MiB (GomocupJudge's), one and two threads:
         it must stay under max_memory. And for each UCI Hash value (1 MiB to 1 GiB)
         the peak RSS after a 3 s search, for comparison.
"""

import argparse
import os
import queue
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ---------------------------------------------------------------------------
# A session with a reader thread


class Session:
    def __init__(self, binary, args=(), stderr_path=None):
        self.err = open(stderr_path or os.devnull, "wb")
        env = dict(os.environ, RUST_BACKTRACE="0")
        env.pop("RUST_LOG", None)
        self.p = subprocess.Popen([binary, *args], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=self.err, env=env)
        self.q = queue.Queue()
        self.t = threading.Thread(target=self._read, daemon=True)
        self.t.start()
        self.writer = None

    def _read(self):
        for raw in iter(self.p.stdout.readline, b""):
            self.q.put((time.monotonic(), raw.decode("utf-8", "replace").rstrip("\r\n")))
        self.q.put((time.monotonic(), None))

    def send(self, data):
        if isinstance(data, str):
            data = data.encode()
        try:
            self.p.stdin.write(data)
            self.p.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

    def send_async(self, data):
        """Writes a large batch on a thread (the session may be slow to read it)."""
        self.writer = threading.Thread(target=self.send, args=(data,), daemon=True)
        self.writer.start()

    def line(self, timeout):
        """The next line (time, text), None on EOF, or raises queue.Empty."""
        t, s = self.q.get(timeout=max(0.0, timeout))
        return None if s is None else (t, s)

    def wait_for(self, pred, timeout, poke=None, poke_every=0.2):
        """Reads lines until pred(line) is true; returns (time, line) or None on
        timeout/EOF. `poke` is sent every `poke_every` s meanwhile."""
        end = time.monotonic() + timeout
        next_poke = time.monotonic()
        while True:
            now = time.monotonic()
            if now >= end:
                return None
            if poke is not None and now >= next_poke:
                self.send(poke)
                next_poke = now + poke_every
            wait = end - now if poke is None else min(end - now, max(0.0, next_poke - now))
            try:
                got = self.line(wait)
            except queue.Empty:
                continue
            if got is None:
                return None
            if pred(got[1]):
                return got

    def close(self, timeout=10):
        """End of input; the exit code, or None if it had to be killed."""
        try:
            self.p.stdin.close()
        except OSError:
            pass
        try:
            code = self.p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
            code = None
        self.err.close()
        return code

    def kill(self):
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()
        self.err.close()


def vm_hwm_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


# ---------------------------------------------------------------------------
# Random lines

EXTREMES = ["0", "-1", "1", "2147483647", "2147483648", "-2147483648", "4294967296",
            "9223372036854775807", "9223372036854775808", "-9223372036854775809",
            "99999999999999999999999", "+5", "0x10", "1e3", "", " ", "1.5", "NaN"]


class Gen:
    def __init__(self, rng):
        self.r = rng

    def num(self, lo, hi):
        """Mostly in lo..hi, sometimes an extreme."""
        if self.r.random() < 0.08:
            return self.r.choice(EXTREMES)
        return str(self.r.randint(lo, hi))

    def xy(self, n=22):
        return f"{self.num(-2, n)},{self.num(-2, n)}"

    def word(self):
        alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-,@/.[]();:\"'"
        return "".join(self.r.choice(alphabet) for _ in range(self.r.randint(1, 12)))

    # ---- Gomocup
    def gomocup(self):
        r = self.r
        k = r.random()
        if k < 0.08:
            return f"START {r.choice(['3', '5', '8', '10', '15', '20', self.num(-3, 40)])}"
        if k < 0.11:
            return f"RECTSTART {self.num(3, 34)},{self.num(3, 34)}"
        if k < 0.14:
            return f"START {self.num(3, 34)} {self.num(3, 34)}"
        if k < 0.20:
            return "BEGIN"
        if k < 0.36:
            return f"TURN {self.xy()}"
        if k < 0.42:
            kw = r.choice(["BOARD", "YXBOARD", "SWAP2BOARD", "board"])
            lines = [kw]
            for _ in range(r.randint(0, 12)):
                if kw == "SWAP2BOARD":
                    lines.append(self.xy())
                else:
                    lines.append(f"{self.xy()},{r.choice(['1', '2', '3', '0', '4', self.num(-1, 9)])}")
            if r.random() < 0.9:
                lines.append("DONE")
            return "\n".join(lines)
        if k < 0.62:
            key, val = r.choice([
                ("timeout_turn", lambda: self.num(0, 25)),
                ("timeout_match", lambda: self.num(0, 400)),
                ("time_left", lambda: self.num(-50, 400)),
                ("max_memory", lambda: self.num(0, 400_000_000)),
                ("hash_size", lambda: self.num(0, 65536)),
                ("game_type", lambda: self.num(0, 3)),
                ("rule", lambda: self.num(0, 9)),
                ("folder", self.word),
                ("evaluate", self.xy),
                ("max_depth", lambda: self.num(-1, 6)),
                ("max_node", lambda: self.num(-1, 20000)),
                ("thread_num", lambda: self.num(0, 3)),
                ("show_detail", lambda: self.num(0, 3)),
                ("game", lambda: r.choice(["gomoku", "tictactoe", "reversi", "othello",
                                           "chess", self.word()])),
                ("caution_factor", lambda: self.num(0, 4)),
                (self.word(), self.word),
            ])
            return f"INFO {key} {val()}"
        if k < 0.74:
            return r.choice(["ABOUT", "RESTART", "STOP", "YXSTOP", "YXSHOWFORBID",
                             "YXHASHCLEAR", "YXSHOWINFO", f"YXNBEST {self.num(0, 4)}",
                             f"TAKEBACK {self.xy()}", f"PLAY {self.xy()}", "DONE",
                             "SUGGEST 1,1", "MESSAGE hi", "yxbalanceone 2",
                             "yxquerydatabaseall", "help", ""])
        return self.garbage()

    # ---- UCI/UGI
    def square(self):
        r = self.r
        f = chr(ord("a") + r.randint(0, 27)) if r.random() < 0.95 else r.choice("{|~`")
        return f"{f}{self.num(0, 28)}"

    def uci_move(self):
        r = self.r
        k = r.random()
        if k < 0.6:
            return f"P@{self.square()}"
        if k < 0.85:
            return self.square()
        return r.choice(["0000", "@@@@", "p@h8", "X@a1", "a1b2", "@", "P@"])

    def fen(self):
        r = self.r
        rows = []
        for _ in range(r.randint(1, 16)):
            row, n = "", r.randint(1, 16)
            while n > 0:
                if r.random() < 0.6:
                    e = r.randint(1, n)
                    row += str(e)
                    n -= e
                else:
                    row += r.choice("PpXxOoBWq")
                    n -= 1
            rows.append(row)
        return "/".join(rows) + f" {r.choice('wbxo?')} {self.num(0, 3)} {self.num(1, 40)}"

    def uci(self):
        r = self.r
        k = r.random()
        if k < 0.05:
            return r.choice(["uci", "ugi", "isready", "ucinewgame", "uginewgame"])
        if k < 0.22:
            name, val = r.choice([
                ("UCI_Variant", lambda: r.choice(["gomoku", "gomokufreestyle", "renju",
                                                  "caro", "tictactoe", "reversi",
                                                  "chess", self.word()])),
                ("BoardSize", lambda: self.num(2, 40)),
                ("Hash", lambda: self.num(0, 64)),
                ("Threads", lambda: self.num(0, 3)),
                ("Clear Hash", lambda: ""),
                (self.word(), self.word),
            ])
            v = val()
            return f"setoption name {name}" + (f" value {v}" if v or r.random() < 0.3 else "")
        if k < 0.45:
            moves = " ".join(self.uci_move() for _ in range(r.randint(0, 14)))
            if r.random() < 0.7:
                return f"position startpos moves {moves}" if moves else "position startpos"
            return f"position fen {self.fen()} moves {moves}"
        if k < 0.62:
            parts = ["go"]
            for _ in range(r.randint(0, 4)):
                key = r.choice(["wtime", "btime", "winc", "binc", "movestogo",
                                "movetime", "depth", "nodes", "p1time", "p2time",
                                "p1inc", "p2inc", "mate", "searchmoves"])
                if r.random() < 0.02:
                    # Held until a stop: only the barrier's stops end those queued
                    # after the batch's last stop, one per stop.
                    key = r.choice(["infinite", "ponder"])
                if key in ("infinite", "ponder"):
                    parts.append(key)
                elif key == "searchmoves":
                    parts += [key, self.uci_move()]
                elif key == "nodes":
                    parts += [key, self.num(1, 3000)]
                elif key == "depth":
                    parts += [key, self.num(1, 4)]
                else:
                    parts += [key, self.num(-10, 30)]
            if len(parts) == 1:
                parts += ["movetime", self.num(1, 20)]
            return " ".join(parts)
        if k < 0.74:
            return r.choice(["stop", "ponderhit", "debug on", "debug off", "query p1turn",
                             "query gameover", "query result", "query x", "register later",
                             "isready", ""])
        return self.garbage()

    # ---- NBoard
    def ggf(self):
        r = self.r
        board = "---------------------------O*------*O---------------------------"
        if r.random() < 0.2:
            board = "".join(r.choice("-*O") for _ in range(r.randint(60, 66)))
        moves = "".join(f"{r.choice('BW')}[{r.choice('abcdefghABCDEFGHz')}{r.randint(0, 9)}"
                        f"{r.choice(['', '/0.1', '/x', '//'])}]"
                        for _ in range(r.randint(0, 10)))
        return (f"(;GM[{r.choice(['Othello', 'Chess', ''])}]PC[NBoard]PB[a]PW[b]"
                f"TI[{r.choice(['15:00', '0:01', 'x', '5:00//2:00'])}]TY[{r.choice(['8', '10', 'x'])}]"
                f"BO[8 {board} {r.choice('*O?')}]{moves};)")

    def nboard(self):
        r = self.r
        k = r.random()
        if k < 0.18:
            return f"set game {self.ggf()}"
        if k < 0.30:
            return f"set depth {self.num(0, 4)}"
        if k < 0.35:
            return f"set contempt {self.num(-100, 100)}"
        if k < 0.55:
            sq = f"{r.choice('abcdefghABCDEFGHiz')}{r.randint(0, 9)}"
            if r.random() < 0.1:
                sq = r.choice(["PA", "pass", "-1"])
            tail = r.choice(["", f"/{self.num(-5, 5)}", f"/{self.num(-5, 5)}/{self.num(0, 9)}", "//"])
            return f"move {sq}{tail}"
        if k < 0.62:
            return r.choice(["go", f"hint {self.num(1, 4)}", "analyze", "learn"])
        if k < 0.75:
            return r.choice([f"ping {self.num(0, 99)}", "ping", "nboard 2", "nboard 1",
                             f"set myname {self.word()}", "set", "move", ""])
        return self.garbage()

    # ---- garbage and mutation
    def garbage(self):
        r = self.r
        k = r.random()
        if k < 0.3:
            return " ".join(self.word() for _ in range(r.randint(1, 6)))
        if k < 0.5:
            return "".join(chr(r.randint(1, 0x2FF)) for _ in range(r.randint(1, 40)))
        if k < 0.55:
            return "x" * r.randint(1000, 70000)
        if k < 0.6:
            return "\t \t"
        return bytes(r.randint(0, 255) for _ in range(r.randint(1, 30))).decode("latin-1")

    def mutate(self, line):
        r = self.r
        if not line:
            return line
        for _ in range(r.randint(1, 3)):
            k = r.random()
            i = r.randint(0, len(line))
            if k < 0.2:
                line = line[:i] + chr(r.randint(0, 255)) + line[i + 1:]
            elif k < 0.35:
                j = r.randint(i, min(len(line), i + 8))
                line = line[:i] + line[j:]
            elif k < 0.5:
                j = r.randint(i, min(len(line), i + 8))
                line = line[:j] + line[i:j] + line[j:]
            elif k < 0.6:
                line = line.swapcase()
            elif k < 0.7:
                line = line[:i]
            elif k < 0.8:
                line = line[:i] + r.choice([" ", ",", "\r", "\t", "\x00", "\u00e9", "  "]) + line[i:]
            elif k < 0.9:
                digits = [n for n in range(len(line)) if line[n].isdigit()]
                if digits:
                    n = r.choice(digits)
                    line = line[:n] + r.choice(EXTREMES) + line[n + 1:]
            else:
                line = line + " " + self.word()
        return line


QUITS = {"gomocup": ("END",), "uci": ("QUIT",), "nboard": ("QUIT",)}


def safe(dialect, line):
    """Keeps the session alive and the machine sane: no line that ends the session
    (END, quit: any line starting with them, in any case, whatever CRs or NULs
    split it) and no hash table of more than 256 MiB."""
    out = []
    for part in line.split("\n"):
        pieces = [p.strip().strip("\x00").upper() for p in part.split("\r")]
        if any(p.startswith(("END", "QUIT")) for p in pieces):
            part = "x" + part.replace("\r", " ")
        if "hash" in part.lower():
            digits = "".join(c if c in "0123456789" else " " for c in part).split()
            if any(len(d) > 6 or int(d) > 262144 for d in digits):
                part = "INFO hash_size 1024" if dialect == "gomocup" else "setoption name Hash value 8"
        out.append(part)
    return "\n".join(out)


HEADERS = {
    "gomocup": "INFO timeout_turn 20\nINFO timeout_match 0\nINFO max_memory 134217728\n",
    "uci": "uci\nsetoption name Hash value 8\n",
    "nboard": "nboard 2\nset depth 2\n",
}


def probe(s, dialect, k):
    """The barrier, then the known answer. Returns None if fine, else what failed."""
    tag = f"zzbarrier{k}"
    if dialect == "gomocup":
        got = s.wait_for(lambda l: l.startswith("UNKNOWN") and tag.upper() in l.upper(), HANG_S,
                         poke=f"YXSTOP\n{tag}\n".encode(), poke_every=0.05)
        if got is None:
            return "hang"
        # Everything before the barrier is done; more barriers may be queued: read on
        # until a line no barrier made, with the probe now.
        # START 3 is always tic-tac-toe: an empty board, from which INFO game may
        # switch to gomoku whatever game the batch left.
        s.send("START 3\nINFO game gomoku\nSTART 15\n")
        oks = 0
        while oks < 2:
            got = s.wait_for(lambda l: l == "OK" or l.startswith("ERROR"), 10)
            if got is None:
                return "no OK for START 3 / START 15"
            if got[1] != "OK":
                return f"{got[1]!r} for START 3 / INFO game gomoku / START 15"
            oks += 1
        s.send("INFO rule 0\nINFO timeout_turn 2000\nINFO timeout_match 0\nINFO max_depth 0\n"
               "INFO max_node 0\nINFO time_left 2147483647\n"
               "BOARD\n0,7,1\n1,7,1\n2,7,1\n3,7,1\n0,0,2\n14,0,2\n0,14,2\n14,14,2\nDONE\n")
        got = s.wait_for(lambda l: l[:1].isdigit() or l.startswith("ERROR"), 10)
        if got is None:
            return "no move for the probe BOARD"
        if got[1] != "4,7":
            return f"probe BOARD answered {got[1]!r}, want 4,7"
        return None
    if dialect == "uci":
        got = s.wait_for(lambda l: "unknown command" in l and tag in l, HANG_S,
                         poke=f"stop\n{tag}\n".encode(), poke_every=0.05)
        if got is None:
            return "hang"
        s.send("setoption name UCI_Variant value gomokufreestyle\nsetoption name BoardSize value 15\n"
               "ucinewgame\nposition startpos moves P@a1 P@h8 P@b1 P@h9 P@c1 P@h10 P@d1 P@h11\n"
               "go movetime 2000\n")
        got = s.wait_for(lambda l: l.startswith("bestmove"), 10)
        if got is None:
            return "no bestmove for the probe"
        if got[1].split()[1:2] != ["P@e1"]:
            return f"probe answered {got[1]!r}, want bestmove P@e1"
        return None
    # nboard: ping stops the running job and is answered in order.
    n = 900000 + k
    got = s.wait_for(lambda l: l == f"pong {n}", HANG_S, poke=f"ping {n}\n".encode(),
                     poke_every=0.05)
    if got is None:
        return "hang"
    s.send("set game (;GM[Othello]PC[NBoard]PB[a]PW[b]TY[8]"
           "BO[8 ---------------------------O*------*O--------------------------- *];)\n"
           f"set depth 4\ngo\nping {n + 1}\n")
    got = s.wait_for(lambda l: l.startswith("==="), 10)
    if got is None:
        return "no === for the probe go"
    mv = got[1].split()[1].split("/")[0].upper() if len(got[1].split()) > 1 else ""
    if mv not in ("D3", "C4", "F5", "E6"):
        return f"probe go answered {got[1]!r}"
    if s.wait_for(lambda l: l == f"pong {n + 1}", 10) is None:
        return "no pong after the probe"
    return None


HANG_S = 30
# Every EOF_EVERY-th batch gets no probe: its input just ends, and the session must
# exit within EOF_S seconds.
EOF_EVERY = 50
EOF_S = 20


def fuzz(binary, total, batch, seed, outdir):
    r = random.Random(seed)
    g = Gen(r)
    stats = {d: {"lines": 0, "batches": 0, "panics": 0, "hangs": 0, "wrong": 0, "bad_exit": 0,
                 "eof_checks": 0, "eof_hangs": 0}
             for d in ("gomocup", "uci", "nboard")}
    failures = []
    dialects = list(stats)
    done = 0
    k = 0
    t0 = time.monotonic()
    while done < total:
        d = dialects[k % 3]
        n = min(batch, total - done)
        gen = {"gomocup": g.gomocup, "uci": g.uci, "nboard": g.nboard}[d]
        lines = []
        for _ in range(n):
            line = gen()
            if r.random() < 0.35:
                line = g.mutate(line)
            lines.append(safe(d, line))
        body = HEADERS[d] + "\n".join(lines) + "\n"
        data = body.encode("utf-8", "surrogateescape")
        errpath = os.path.join(outdir, f"stderr-{d}.txt")
        s = Session(binary, stderr_path=errpath)
        s.send_async(data)
        s.writer.join(timeout=HANG_S)
        problem = None
        eof_check = k % EOF_EVERY == EOF_EVERY - 1
        if s.writer.is_alive():
            problem = "hang (input not read)"
        elif eof_check:
            # No probe: the input ends right after the batch, whatever is queued.
            code = s.close(timeout=EOF_S)
            st = stats[d]
            st["eof_checks"] += 1
            if code is None:
                problem = f"eof-hang: still running {EOF_S:.0f} s after the end of input"
            elif code != 0:
                problem = f"exit code {code}"
        else:
            problem = probe(s, d, k)
        if problem is None and not eof_check:
            code = s.close()
            if code != 0:
                problem = f"exit code {code}"
        elif problem is not None:
            s.kill()
        with open(errpath, "rb") as f:
            err = f.read()
        if b"panicked" in err or (s.p.returncode == 101):
            stats[d]["panics"] += 1
            problem = problem or "panic"
        st = stats[d]
        st["lines"] += n
        st["batches"] += 1
        if problem:
            if problem.startswith("eof-hang"):
                st["eof_hangs"] += 1
            elif "hang" in problem:
                st["hangs"] += 1
            elif "panic" in problem:
                pass
            elif "exit code" in problem:
                st["bad_exit"] += 1
            else:
                st["wrong"] += 1
            path = os.path.join(outdir, f"failed-{d}-{k}.txt")
            with open(path, "wb") as f:
                f.write(data)
            failures.append(f"{d} batch {k}: {problem} (input: {path}; stderr tail: "
                            f"{err[-300:].decode('utf-8', 'replace')!r})")
            print(f"  FAIL {failures[-1]}", flush=True)
        done += n
        k += 1
        if k % 30 == 0:
            print(f"  fuzz: {done} lines, {time.monotonic() - t0:.0f} s", flush=True)
    secs = time.monotonic() - t0
    for d, st in stats.items():
        print(f"fuzz {d}: {st['lines']} lines in {st['batches']} sessions: "
              f"{st['panics']} panics, {st['hangs']} hangs, {st['wrong']} wrong probe answers, "
              f"{st['bad_exit']} bad exits; {st['eof_hangs']} of {st['eof_checks']} sessions "
              f"given end of input right after the batch still running {EOF_S:.0f} s later")
    tot = {key: sum(st[key] for st in stats.values()) for key in stats["gomocup"]}
    summary = (f"fuzz: {tot['lines']} lines ({batch} a session, {tot['batches']} sessions) in "
               f"{secs:.0f} s: {tot['panics']} panics, {tot['hangs']} hangs, "
               f"{tot['wrong']} wrong answers after a batch, {tot['bad_exit']} bad exits; "
               f"end of input right after a batch: {tot['eof_hangs']} of {tot['eof_checks']} "
               f"sessions not gone {EOF_S:.0f} s later")
    return summary, failures


# ---------------------------------------------------------------------------
# SIGSTOP / SIGCONT


def gomocup_setup(s, turn_ms):
    s.send(f"START 15\nINFO timeout_turn {turn_ms}\nINFO timeout_match 0\n")
    return s.wait_for(lambda l: l == "OK", 10) is not None


def is_move(l):
    return l[:1].isdigit() and "," in l


def suspend(pid, timeout=5.0):
    """SIGSTOP, then waits until every thread of the process is stopped: kill()
    returns before the stop has reached every thread, and a line written in that
    window is read (and time-stamped) before the process stops."""
    os.kill(pid, signal.SIGSTOP)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        states = []
        try:
            for tid in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{tid}/stat") as f:
                    states.append(f.read().rsplit(")", 1)[1].split()[0])
        except OSError:
            pass
        if states and all(st in "Tt" for st in states):
            return True
        time.sleep(0.001)
    return False


def opening_boards():
    """BOARD blocks (white to move, ply's stones as 1) from the shared openings file:
    quiet positions where ply thinks for real."""
    boards = []
    with open(os.path.join(ROOT, "tests", "data", "openings-offset.txt")) as f:
        for line in f:
            nums = [int(t) for t in line.replace(",", " ").split()]
            stones = [(7 + nums[i], 7 + nums[i + 1]) for i in range(0, len(nums), 2)]
            if len(stones) % 2 == 1:  # white (ply) to move
                rows = [f"{x},{y},{2 if i % 2 == 0 else 1}" for i, (x, y) in enumerate(stones)]
                boards.append("BOARD\n" + "\n".join(rows) + "\nDONE\n")
    return boards


def signals(binary, reps, seed):
    r = random.Random(seed)
    turn = 1000
    slack = 0.1
    results = {"between": [], "thinking": [], "suspended-send": []}
    failures = []
    early = 0
    boards = opening_boards()
    for rep in range(reps):
        s = Session(binary, ["--protocol", "gomocup"])
        try:
            for kind in ("between", "thinking", "suspended-send"):
                # A fresh game from a quiet opening each time, so that ply thinks.
                if not gomocup_setup(s, turn):
                    failures.append(f"rep {rep} {kind}: no OK")
                    break
                board = r.choice(boards)
                stop_s = r.uniform(0.5, 3.0)
                if kind == "between":
                    # Suspended while idle, resumed, then asked.
                    suspend(s.p.pid)
                    time.sleep(stop_s)
                    os.kill(s.p.pid, signal.SIGCONT)
                    t_ref = time.monotonic()
                    s.send(board)
                elif kind == "thinking":
                    s.send(board)
                    time.sleep(r.uniform(0.005, 0.05))
                    t_stop = time.monotonic()
                    suspend(s.p.pid)
                    time.sleep(stop_s)
                    os.kill(s.p.pid, signal.SIGCONT)
                    t_ref = time.monotonic()
                else:
                    # GomocupJudge: the request is written while the brain is stopped.
                    suspend(s.p.pid)
                    s.send("INFO time_left 100000\n" + board)
                    time.sleep(stop_s)
                    os.kill(s.p.pid, signal.SIGCONT)
                    t_ref = time.monotonic()
                got = s.wait_for(is_move, turn / 1000 + 5)
                if got is None:
                    failures.append(f"rep {rep} {kind}: no move within {turn / 1000 + 5} s of SIGCONT")
                    break
                if kind == "thinking" and got[0] < t_stop:
                    early += 1  # answered before it was stopped: not a test of anything
                    continue
                ms = (got[0] - t_ref) * 1000
                results[kind].append(ms)
                if ms > turn * (1 + slack) + 100:
                    failures.append(f"rep {rep} {kind}: move {ms:.0f} ms after SIGCONT "
                                    f"(turn {turn} ms, stopped {stop_s:.1f} s)")
            # Still answering.
            s.send("ABOUT\n")
            if s.wait_for(lambda l: l.startswith("name="), 5) is None:
                failures.append(f"rep {rep}: no ABOUT answer afterwards")
        finally:
            code = s.close()
            if code != 0:
                failures.append(f"rep {rep}: exit code {code}")
    parts = []
    for kind, v in results.items():
        if v:
            v = sorted(v)
            parts.append(f"{kind}: {len(v)} moves, after SIGCONT min {v[0]:.0f} / median "
                         f"{v[len(v) // 2]:.0f} / max {v[-1]:.0f} ms")
    summary = (f"signals: {reps} sessions x 3 games from quiet openings, turn {turn} ms, "
               f"SIGSTOP 0.5-3 s: " + "; ".join(parts) +
               f" ({early} thinks over before the SIGSTOP not counted); {len(failures)} failures")
    return summary, failures


# ---------------------------------------------------------------------------
# ply match


def match(binary, games, outdir):
    openings = os.path.join(ROOT, "tests", "data", "openings-offset.txt")
    cmd = [binary, "match", "--engine1", f"'{binary}'", "--engine2", f"'{binary}'",
           "--size", "15", "--rule", "freestyle", "--turn-ms", "100",
           "--openings", openings, "--games", str(games), "--concurrency", "2",
           "--sgf", os.path.join(outdir, "abuse-match.sgf")]
    t0 = time.monotonic()
    out = subprocess.run(cmd, capture_output=True, text=True)
    secs = time.monotonic() - t0
    with open(os.path.join(outdir, "abuse-match.txt"), "w") as f:
        f.write(out.stdout + out.stderr)
    lines = out.stdout.splitlines()
    tail = [l for l in lines if l.startswith(("Score of", "Endings:", "Time "))]
    forfeits = sum(1 for l in lines if l.startswith("[") and "time forfeit" in l)
    failures = []
    if out.returncode != 0:
        failures.append(f"ply match exit code {out.returncode}: {out.stderr[-300:]}")
    if forfeits:
        failures.append(f"{forfeits} time forfeits (see {outdir}/abuse-match.txt)")
    played = sum(1 for l in lines if l.startswith("["))
    summary = (f"match: {played} games at 100 ms/move in {secs:.0f} s, {forfeits} time forfeits | "
               + " | ".join(tail))
    return summary, failures


# ---------------------------------------------------------------------------
# Memory


def memory(binary):
    failures = []
    rows = []
    for max_mib in (64, 350):
        for threads in (1, 2):
            for hash_kib in (0, 1024, 16384, 65536, 262144, 1048576, 4194304):
                s = Session(binary, ["--protocol", "gomocup"])
                try:
                    s.send(f"INFO max_memory {max_mib << 20}\nINFO hash_size {hash_kib}\n"
                           f"INFO thread_num {threads}\n")
                    if not gomocup_setup(s, 1500):
                        failures.append(f"max_memory {max_mib} MiB hash {hash_kib}: no OK")
                        continue
                    s.send("INFO timeout_turn 1500\nBEGIN\n")
                    moves = 0
                    for mv in ("0,0", "0,1", "0,2", "1,0"):
                        got = s.wait_for(is_move, 5)
                        if got is None:
                            break
                        moves += 1
                        s.send(f"TURN {mv}\n")
                    s.wait_for(is_move, 5)
                    hwm = vm_hwm_kib(s.p.pid)
                finally:
                    s.close()
                if hwm is None:
                    failures.append(f"max_memory {max_mib} MiB hash {hash_kib}: no VmHWM")
                    continue
                ok = hwm * 1024 < (max_mib << 20)
                rows.append((max_mib, threads, hash_kib, hwm))
                if not ok:
                    failures.append(f"max_memory {max_mib} MiB, hash_size {hash_kib} KiB, "
                                    f"{threads} threads: peak RSS {hwm / 1024:.1f} MiB")
    for mib in (1, 16, 64, 256, 1024):
        s = Session(binary, [])
        try:
            # Not the start position: ply answers its first move at once.
            s.send(f"uci\nsetoption name Hash value {mib}\n"
                   "position startpos moves P@h8 P@i9 P@j8\ngo movetime 3000\n")
            s.wait_for(lambda l: l.startswith("bestmove"), 10)
            hwm = vm_hwm_kib(s.p.pid)
        finally:
            s.send("quit\n")
            s.close()
        rows.append(("uci", 1, mib * 1024, hwm or 0))
    print("memory: max_memory MiB | threads | hash_size | peak RSS MiB")
    for m, t, h, hwm in rows:
        label = f"UCI Hash {h // 1024} MiB" if m == "uci" else f"{m:>4} | {t} | {h:>7} KiB"
        print(f"  {label} | {hwm / 1024:.1f}")
    g = [x for x in rows if x[0] != "uci"]
    worst = {m: max((x[3] for x in g if x[0] == m), default=0) / 1024 for m in (64, 350)}
    summary = (f"memory: {len(g)} Gomocup settings (hash_size 0..4194304 KiB x max_memory 64/350 MiB "
               f"x 1/2 threads): peak RSS at most {worst[64]:.1f} MiB under 64 MiB, "
               f"{worst[350]:.1f} MiB under 350 MiB; {len(failures)} over the cap")
    return summary, failures


# ---------------------------------------------------------------------------


def main():
    global HANG_S
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", help="the ply binary (default: cargo build --release, then target/release/ply)")
    ap.add_argument("--lines", type=int, default=1_000_000)
    ap.add_argument("--batch", type=int, default=2000)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--signal-reps", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hang-s", type=float, default=30)
    ap.add_argument("--only", default="fuzz,signals,match,memory")
    ap.add_argument("--out", help="where failing inputs and logs go (default: a temp dir)")
    args = ap.parse_args()
    HANG_S = args.hang_s
    binary = args.bin
    if not binary:
        subprocess.run(["cargo", "build", "--release", "--manifest-path",
                        os.path.join(ROOT, "Cargo.toml")], check=True)
        target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
        binary = os.path.join(target, "release", "ply")
    binary = os.path.abspath(binary)
    outdir = args.out or tempfile.mkdtemp(prefix="ply-abuse-")
    os.makedirs(outdir, exist_ok=True)
    print(f"ply abuse: {binary}, seed {args.seed}, logs in {outdir}", flush=True)
    parts = args.only.split(",")
    summaries, failures = [], []
    for name in ("fuzz", "signals", "match", "memory"):
        if name not in parts:
            continue
        t0 = time.monotonic()
        print(f"--- {name}", flush=True)
        if name == "fuzz":
            s, f = fuzz(binary, args.lines, args.batch, args.seed, outdir)
        elif name == "signals":
            s, f = signals(binary, args.signal_reps, args.seed)
        elif name == "match":
            s, f = match(binary, args.games, outdir)
        else:
            s, f = memory(binary)
        print(s, flush=True)
        for x in f:
            print(f"  FAIL {x}", flush=True)
        summaries.append(f"{s} [{time.monotonic() - t0:.0f} s]")
        failures += f
    print("\n=== SUMMARY")
    for s in summaries:
        print(s)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
