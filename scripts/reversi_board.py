"""The reversi board of the scripts: a board is 64 characters a1..h8 (X black, O white,
- empty), a move a lower-case square name ('d3') or 'pa' for a pass."""
import re

# A move of a GGF record (`ply match --ggf`): colour and `square[/eval[/time]]`.
MOVE = re.compile(r"(?<=\])([BW])\[([^\]]*)\]")
DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
START = '-' * 27 + 'OX' + '-' * 6 + 'XO' + '-' * 27


def flips(b, sq, c):
    """The squares colour `c` turns by playing on square index `sq` of board `b`."""
    o = 'O' if c == 'X' else 'X'; r, f = divmod(sq, 8); out = []
    for dr, df in DIRS:
        rr, ff = r + dr, f + df; line = []
        while 0 <= rr < 8 and 0 <= ff < 8 and b[rr * 8 + ff] == o:
            line.append(rr * 8 + ff); rr += dr; ff += df
        if line and 0 <= rr < 8 and 0 <= ff < 8 and b[rr * 8 + ff] == c: out += line
    return out


def square(m):
    """The index of square name `m` ('a1' 0 .. 'h8' 63, either case)."""
    return (int(m[1]) - 1) * 8 + (ord(m[0].lower()) - 97)
