#!/usr/bin/env python3
"""An independent, slow model of Party Chess for perft numbers.

Written from the rules document (the Party Chess Rule Suite, Nomic rules 1230-1230.40, as
ruled in the project's Party Chess specification with its DECISIONs D1-D47), not from the
engine's Rust code, and in a different style: every rule is evaluated by its definition on a
copy of the position (check = "some piece has the King among its capture targets", placement
legality = place the piece and look, complete plays = every sequence of atomic plays of an
allowed shape carried out one by one). Slow is fine: it exists to give perft counts that do
not come from the code under test.

Usage:
  party_model.py perft DEPTH 'POSITION STRING'      total number of complete plays
  party_model.py divide 1 'POSITION STRING'         one line per play: PLAY: 1
  party_model.py random SEED TURNS [PLAYERS ARMY]   a position after seeded random plays
"""

import random
import sys
from collections import Counter

CHARS = "KRCBPOEJMQHAZ!D%*GL&+"
VALUE = dict(zip(CHARS, [0, 9, 5, 6, 1, 7, 7, 3, 6, 7, 7, 7, 6, 5, 2, 5, 4, 8, 6, 6, 7]))
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (-1, -1), (1, -1), (-1, 1)]
ALL8 = ORTH + DIAG


def on(x, y):
    return 0 <= x < 20 and 0 <= y < 20


def name(s):
    return "abcdefghijklmnopqrst"[s[0]] + str(s[1] + 1)


def parse_sq(t):
    return ("abcdefghijklmnopqrst".index(t[0]), int(t[1:]) - 1)


def perp(d):
    p, q = d
    if p == 0 or q == 0:
        return [(q, p), (-q, -p)]
    return [(p, -q), (-p, q)]


def dist(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def edge(s):
    return s[0] in (0, 19) or s[1] in (0, 19)


def corner(s):
    return s[0] in (0, 19) and s[1] in (0, 19)


def centre(s):
    return 5 <= s[0] <= 14 and 5 <= s[1] <= 14


def promo_square(s):
    return s in ((9, 9), (9, 10), (10, 9), (10, 10))


def pawn_zone(s):
    return s[0] in (0, 1, 18, 19) or s[1] in (0, 1, 18, 19)


class Pos:
    def __init__(self):
        self.board = {}  # (x, y) -> [kind, owner, hn]
        self.reserve = []  # per player: Counter of (kind, hn)
        self.benefyts = []
        self.knives = []
        self.echo = []  # None or (kind, hn)
        self.order = []
        self.quiet = 0
        self.turn = 1

    def copy(self):
        p = Pos()
        p.board = {s: list(v) for s, v in self.board.items()}
        p.reserve = [Counter(r) for r in self.reserve]
        p.benefyts = list(self.benefyts)
        p.knives = list(self.knives)
        p.echo = list(self.echo)
        p.order = list(self.order)
        p.quiet, p.turn = self.quiet, self.turn
        return p

    def players(self):
        return len(self.order)

    def king(self, o):
        for s, (k, ow, _) in self.board.items():
            if k == "K" and ow == o:
                return s
        return None

    def locusts(self):
        return sum(1 for v in self.board.values() if v[0] == "&")


# ---------------------------------------------------------------- notation

def read(text):
    f = text.split()
    p = Pos()
    p.order = ["abcdefgh".index(c) for c in f[1]]
    n = len(p.order)
    ranks = f[0].split("/")
    for r, rank in enumerate(ranks):
        y = 19 - r
        x = 0
        i = 0
        while i < len(rank):
            c = rank[i]
            if c.isdigit():
                j = i
                while j < len(rank) and rank[j].isdigit():
                    j += 1
                x += int(rank[i:j])
                i = j
                continue
            kind = "P" if c == "p" else c
            owner = "abcdefgh".index(rank[i + 1])
            i += 2
            hn = 0
            if kind == "H":
                hn = 1
                if i < len(rank) and rank[i] == "[":
                    j = rank.index("]", i)
                    hn = int(rank[i + 1:j])
                    i = j + 1
            p.board[(x, y)] = [kind, owner, hn]
            x += 1
    for rec in f[2].split("/"):
        o, res, ben, kn, echo = rec.split(":")
        c = Counter()
        if res != "-":
            i = 0
            while i < len(res):
                k = res[i]
                hn = 0
                i += 1
                if k == "H":
                    hn = 1
                    if i < len(res) and res[i] == "[":
                        j = res.index("]", i)
                        hn = int(res[i + 1:j])
                        i = j + 1
                c[(k, hn)] += 1
        p.reserve.append(c)
        p.benefyts.append(int(ben))
        p.knives.append(int(kn))
        if echo == "-":
            p.echo.append(None)
        elif echo.startswith("H"):
            p.echo.append(("H", int(echo[2:-1]) if "[" in echo else 1))
        else:
            p.echo.append((echo, 0))
    p.quiet = int(f[3]) if len(f) > 3 else 0
    p.turn = int(f[4]) if len(f) > 4 else 1
    return p


def unit_text(k, hn):
    if k == "H" and hn != 1:
        return "H[%d]" % hn
    return k


def write(p):
    ranks = []
    for y in range(19, -1, -1):
        s, e = "", 0
        for x in range(20):
            v = p.board.get((x, y))
            if v is None:
                e += 1
                continue
            if e:
                s += str(e)
                e = 0
            s += v[0] + "abcdefgh"[v[1]]
            if v[0] == "H" and v[2] != 1:
                s += "[%d]" % v[2]
        if e:
            s += str(e)
        ranks.append(s)
    recs = []
    for o in range(p.players()):
        res = ""
        for k in CHARS:
            for hn in ([1] + list(range(2, 21)) if k == "H" else [0]):
                res += unit_text(k, hn) * p.reserve[o][(k, hn)]
        e = p.echo[o]
        recs.append("%s:%s:%d:%d:%s" % ("abcdefgh"[o], res or "-", p.benefyts[o], p.knives[o],
                                       "-" if e is None else unit_text(*e)))
    return "%s %s %s %d %d" % ("/".join(ranks), "".join("abcdefgh"[o] for o in p.order),
                              "/".join(recs), p.quiet, p.turn)


# ---------------------------------------------------------------- movement

def ray(p, s, d, n):
    """SLIDE(d, n): (moves, first occupied or None)."""
    out = []
    for k in range(1, n + 1):
        t = (s[0] + k * d[0], s[1] + k * d[1])
        if not on(*t):
            return out, None
        if t in p.board:
            return out, t
        out.append(t)
    return out, None


def path(p, s, steps):
    """PATH(u1..um): the destination if every square before it is empty, else None."""
    x, y = s
    for i, (dx, dy) in enumerate(steps):
        x, y = x + dx, y + dy
        if not on(x, y):
            return None
        if i < len(steps) - 1 and (x, y) in p.board:
            return None
    return (x, y)


def leap(s, v):
    t = (s[0] + v[0], s[1] + v[1])
    return t if on(*t) else None


def in_dp(p, s, owner):
    k = p.king(owner)
    return k is not None and dist(k, s) <= 4


def defends_as_pawn(p, s, owner):
    # D13: the pawn capture geometry (diagonal neighbours, aura diagonals) reaches a friend.
    cands = [leap(s, d) for d in DIAG]
    if has_aura(p, s, owner):
        cands += [leap(s, (k * d[0], k * d[1])) for d in DIAG for k in range(1, 5)]
    return any(t is not None and t in p.board and p.board[t][1] == owner for t in cands)


def has_aura(p, s, owner):
    for d in ALL8:
        t = leap(s, d)
        if t in p.board and p.board[t][0] == "%" and p.board[t][1] == owner:
            return True
    return False


def geometry(p, s, owner, kind, hn):
    """Moves (empty squares) and capture candidates [(square, ranged)] of a piece acting as
    `kind` on s, by the piece's own rule (no aura, no CopyCat victim captures)."""
    moves, caps = set(), set()

    def land(t):
        if t is None:
            return
        if t in p.board:
            caps.add((t, False))
        else:
            moves.add(t)

    def slide(d, n):
        m, stop = ray(p, s, d, n)
        moves.update(m)
        if stop:
            caps.add((stop, False))

    if kind == "K":
        for d in ALL8:
            land(leap(s, d))
    elif kind == "R":
        for d in ORTH:
            slide(d, 10)
    elif kind == "C":
        for v in [(1, 3), (3, 1), (-1, 3), (-3, 1), (1, -3), (3, -1), (-1, -3), (-3, -1)]:
            land(leap(s, v))
    elif kind == "B":
        for d in DIAG:
            slide(d, 10)
    elif kind == "P":
        for d in ORTH:
            t = leap(s, d)
            if t is not None and t not in p.board:
                moves.add(t)
        if defends_as_pawn(p, s, owner):
            for d in ORTH:
                t = path(p, s, [d, d])
                if t is not None and t not in p.board:
                    moves.add(t)
        for d in DIAG:
            t = leap(s, d)
            if t is not None and t in p.board:
                caps.add((t, False))
    elif kind == "O":
        for d in ALL8:
            for k in (3, 5):
                land(path(p, s, [d] * k))
    elif kind == "J":
        for d in ALL8:
            land(leap(s, (2 * d[0], 2 * d[1])))
    elif kind == "M":
        for d in DIAG:
            for e in ORTH:
                land(path(p, s, [d, d, d, e]))
        for d in ALL8:
            s1, s2, s3, s4 = [leap(s, (k * d[0], k * d[1])) for k in (1, 2, 3, 4)]
            if s1 in p.board and s2 is not None and s2 not in p.board:
                moves.add(s2)
            if s3 in p.board and s2 is not None and s2 not in p.board and s4 is not None \
                    and s4 not in p.board:
                moves.add(s4)
    elif kind == "Q":
        for d in DIAG:
            e = qball_edge(p, s, d)
            if e is None or corner(e):
                continue
            for b in perp(d):
                if leap(e, b) is None:
                    continue
                for k in range(1, 11):
                    t = (e[0] + k * b[0], e[1] + k * b[1])
                    if not on(*t):
                        break
                    if t in p.board:
                        caps.add((t, False))
                        break
                    moves.add(t)
    elif kind == "H":
        for d in ALL8:
            slide(d, hn)
    elif kind == "A":
        dp = in_dp(p, s, owner)
        for vx in range(-4, 5):
            for vy in range(-4, 5):
                if abs(vx) + abs(vy) != 4:
                    continue
                routes = []
                sx = (1 if vx > 0 else -1, 0)
                sy = (0, 1 if vy > 0 else -1)
                routes.append([sx] * abs(vx) + [sy] * abs(vy))
                routes.append([sy] * abs(vy) + [sx] * abs(vx))
                t = None
                for r in routes:
                    t2 = path(p, s, r)
                    if t2 is not None:
                        t = t2
                if t is None:
                    continue
                if t in p.board:
                    if not dp:
                        caps.add((t, False))
                else:
                    moves.add(t)
        if dp:
            for d in ORTH:
                _, stop = ray(p, s, d, 4)
                if stop:
                    caps.add((stop, True))
            for d in DIAG:
                _, stop = ray(p, s, d, 3)
                if stop:
                    caps.add((stop, True))
    elif kind == "Z":
        for d1 in ORTH:
            for d2 in perp(d1):
                for k1 in range(1, 7):
                    for k2 in range(1, 7):
                        land(path(p, s, [d1] * k1 + [d2] * k2))
    elif kind == "!":
        for d in ALL8:
            n = None
            for k in range(1, 20):
                t = (s[0] + k * d[0], s[1] + k * d[1])
                if not on(*t):
                    break
                if t in p.board:
                    n = k
                    break
            if n is None:
                continue
            dest = (s[0] + 2 * n * d[0], s[1] + 2 * n * d[1])
            if not on(*dest):
                continue
            if all((s[0] + k * d[0], s[1] + k * d[1]) not in p.board for k in range(n + 1, 2 * n)):
                land(dest)
    elif kind == "D":
        for d in ALL8:
            if centre(s):
                land(leap(s, d))
            else:
                land(path(p, s, [d, d]))
    elif kind == "%":
        for d in DIAG:
            for k in (1, 2):
                land(leap(s, (k * d[0], k * d[1])))
    elif kind == "*":
        for d in ORTH:
            slide(d, 3)
    elif kind == "G":
        for d in ALL8:
            t1 = leap(s, d)
            if t1 is None:
                continue
            if t1 not in p.board:
                moves.add(t1)
            else:
                caps.add((t1, False))
                for k in range(2, 11):
                    land(leap(s, (k * d[0], k * d[1])))
    elif kind == "L":
        for d in ALL8:
            land(leap(s, d))
        k = p.king(owner)
        if k is not None:
            dx, dy = k[0] - s[0], k[1] - s[1]
            m = max(abs(dx), abs(dy))
            if (dx == 0 or dy == 0 or abs(dx) == abs(dy)) and 2 <= m <= 8:
                u = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
                between = [(s[0] + i * u[0], s[1] + i * u[1]) for i in range(1, m)]
                if not any(t in p.board and p.board[t][1] == owner for t in between):
                    slide(u, m - 1)
    elif kind == "&":
        n = p.locusts()
        a, b = (n + 1) // 2, n // 2
        for d1 in ALL8:
            for d2 in perp(d1):
                for k1 in range(1, a + 1):
                    for k2 in range(1, b + 1):
                        land(path(p, s, [d1] * k1 + [d2] * k2))
    elif kind == "+":
        for d in ORTH:
            slide(d, 3)
        for d in DIAG:
            slide(d, 2)
    return moves, caps


def qball_edge(p, s, d):
    t = s
    while True:
        t = (t[0] + d[0], t[1] + d[1])
        if not on(*t) or t in p.board:
            return None
        if edge(t):
            return t


def can_scratch(p, s):
    return any((e := qball_edge(p, s, d)) is not None and corner(e) for d in DIAG)


def acting(p, s):
    k, o, hn = p.board[s]
    if k == "E":
        return p.echo[o]
    return (k, hn)


def victim_rule(p, t):
    k, o, hn = p.board[t]
    if k == "E":
        return p.echo[o]
    return (k, hn)


def reach(p, s, friends=False):
    """Every move square and capture candidate of the piece on s: (moves, caps)."""
    kind, owner, _ = p.board[s]
    act = acting(p, s)
    moves, caps = set(), set()
    if act is not None:
        ak, ahn = act
        m, c = geometry(p, s, owner, ak, ahn)
        moves |= m
        if ak == "O":
            # CopyCat: captures only by each victim's rule (D25).
            for t, v in p.board.items():
                if t == s or (v[1] == owner) != friends:
                    continue
                vr = victim_rule(p, t)
                if vr is None:
                    continue
                if vr[0] == "O":
                    if (t, False) in c:
                        caps.add((t, False))
                    continue
                _, c2 = geometry(p, s, owner, vr[0], vr[1])
                for (u, r) in c2:
                    if u == t:
                        caps.add((u, r))
        else:
            caps |= c
    if has_aura(p, s, owner):
        for d in DIAG:
            for k in range(1, 5):
                t = leap(s, (k * d[0], k * d[1]))
                if t is None:
                    continue
                if t in p.board:
                    caps.add((t, False))
                else:
                    moves.add(t)
    return moves, caps


def attacked_guard(p, g):
    go = p.board[g][1]
    for s, v in p.board.items():
        if v[1] == go or v[0] in "AZ":
            continue
        _, caps = reach(p, s)
        if any(t == g for t, _ in caps) and target(p, s, g, "attack"):
            return True
    return False


def shielded(p, t):
    k, o, _ = p.board[t]
    if k == "+":
        return True
    for d in ORTH:
        g = leap(t, d)
        if g in p.board and p.board[g][0] == "+" and p.board[g][1] == o and not attacked_guard(p, g):
            return True
    return False


def target(p, s, t, rel):
    ck, co, _ = p.board[s]
    vk, vo, _ = p.board[t]
    if rel == "attack":
        if vo == co:
            return False
        if vk == "K" and p.king(co) is None:
            return False
        if ck in "AZ" and shielded(p, t):
            return False
        return True
    if vo != co or t == s:
        return False
    if ck in "AZ" and vk == "+":
        return False
    return True


def targets(p, s, rel="attack"):
    _, caps = reach(p, s, rel == "defend")
    return {(t, r) for (t, r) in caps if target(p, s, t, rel)}


def in_check(p, o):
    k = p.king(o)
    if k is None:
        return False
    for s, v in p.board.items():
        if v[1] != o and any(t == k for t, _ in targets(p, s)):
            return True
    return False


def check_set(p):
    return {o for o in range(p.players()) if in_check(p, o)}


def checkers(p, o):
    k = p.king(o)
    if k is None:
        return set()
    return {v[1] for s, v in p.board.items() if v[1] != o and any(t == k for t, _ in targets(p, s))}


# ---------------------------------------------------------------- weight and shapes

def mobility2(p, s):
    moves, _ = reach(p, s)
    if not moves:
        return 0
    ds = [dist(s, t) for t in moves]
    if min(ds) > 1 and max(ds) - min(ds) <= 2:
        return len(moves)
    return 2 * max(ds)


def weight2(p, o):
    if p.king(o) is None:
        return 0
    w = 0
    n = p.locusts()
    for s, v in list(p.board.items()):
        if v[1] != o:
            continue
        val = max(6, (3 * n) // 2) if v[0] == "&" else VALUE[v[0]]
        w += 2 * val + mobility2(p, s)
        if targets(p, s, "attack"):
            w += 10
        if targets(p, s, "defend"):
            w += 8
    return w


def counted(p, o):
    return sum(1 for v in p.board.values() if v[1] == o and v[0] not in "KP")


def shapes(p):
    x = p.order[0]
    w2, n = weight2(p, x), counted(p, x)
    if len(check_set(p)) >= 2:
        row = "single"
    elif w2 > 200 or n > 9:
        row = "single"
    elif w2 == 0 and n <= 4:
        row = "MP"
    elif w2 == 0:
        row = "single"
    elif w2 < 100 and n <= 4:
        row = "all"
    else:
        row = "MP"
    return row, (w2 == 0 and n < 5)


# ---------------------------------------------------------------- atomic plays

PAWN_TO = [k for k in CHARS if k not in "KP"]
DEMON_TO = [k for k in CHARS if k not in "KD"]


def apply(p, a):
    """Carries out atom a (a dict) for the mover on a copy; returns the copy."""
    q = p.copy()
    x = q.order[0]
    kind = a["kind"]
    if kind == "place":
        k, hn = a["unit"]
        q.reserve[x][(k, hn)] -= 1
        q.board[a["to"]] = [k, x, hn]
        q.echo[x] = None
    elif kind == "pass":
        q.echo[x] = None
    elif kind == "surrender":
        c = checkers(q, x)
        for s in [s for s, v in q.board.items() if v[1] == x]:
            v = q.board.pop(s)
            q.reserve[x][(v[0], v[2])] += 1
        for y in c:
            q.knives[y] += 1
        q.echo[x] = None
    elif kind == "special":
        q.board[a["to"]] = q.board.pop(a["from"])
        q.benefyts[x] -= 1
        q.echo[x] = None
    elif kind == "scratch":
        v = q.board.pop(a["from"])
        q.reserve[x][(v[0], v[2])] += 1
        q.echo[x] = (v[0], v[2])
    elif kind == "move":
        v = q.board.pop(a["from"])
        if v[0] != "E":
            q.echo[x] = (v[0], v[2])
        if a.get("promote"):
            v = [a["promote"], x, 1 if a["promote"] == "H" else 0]
        q.board[a["to"]] = v
    else:  # capture or ranged
        victim = q.board.pop(a["to"])
        if victim[0] == "K":
            y = victim[1]
            for s in [s for s, v in q.board.items() if v[1] == y]:
                w = q.board.pop(s)
                q.reserve[y][(w[0], w[2])] += 1
            q.reserve[y][("K", 0)] += 1
            q.knives[x] += 1
        else:
            q.reserve[x][(victim[0], victim[2])] += 1
        if kind == "ranged":
            v = q.board[a["from"]]
            if v[0] != "E":
                q.echo[x] = (v[0], v[2])
        else:
            v = q.board.pop(a["from"])
            new = list(v)
            if v[0] == "H":
                if victim[0] == "H":
                    gain = victim[2]
                elif victim[0] == "&":
                    gain = 1 + q.locusts()
                else:
                    gain = 1
                new[2] = v[2] + gain
                if new[2] > 20:
                    new[2] = 19
            if a.get("promote"):
                new = [a["promote"], x, 1 if a["promote"] == "H" else 0]
            if v[0] != "Z":
                q.board[a["to"]] = new
            if v[0] != "E":
                q.echo[x] = (v[0], new[2] if v[0] == "H" else v[2])
    if a.get("demon"):
        d, k = a["demon"]
        q.board[d] = [k, x, 1 if k == "H" else 0]
    return q


def demon_ok(p, d):
    _, o, _ = p.board[d]
    pieces = [(s, v) for s, v in p.board.items() if v[1] == o and s != d]
    for i, (u, pu) in enumerate(pieces):
        for w, pw in pieces[i + 1:]:
            if pu[0] != pw[0]:
                continue
            if abs(u[1] - d[1]) == abs(w[1] - d[1]) and abs(u[0] - d[0]) == abs(w[0] - d[0]) \
                    and dist(u, w) <= 8:
                return True
    return False


def with_promotions(p, base, piece):
    out = []
    lands = base["kind"] in ("move", "capture")
    if piece[0] == "P" and lands and promo_square(base["to"]):
        variants = [dict(base, promote=k) for k in PAWN_TO]
    else:
        variants = [base]
        if piece[0] == "*" and base["kind"] == "capture":
            vk = p.board[base["to"]][0]
            if vk not in "K*":
                variants.append(dict(base, promote=vk))
    x = p.order[0]
    for v in variants:
        out.append(v)
        after = apply(p, v)
        for s, w in after.board.items():
            if w[0] == "D" and w[1] == x and demon_ok(after, s):
                for k in DEMON_TO:
                    out.append(dict(v, demon=(s, k)))
    return out


def text(p, a):
    k = a["kind"]
    if k in ("pass", "surrender"):
        return k
    if k == "place":
        return unit_text(*a["unit"]) + "@" + name(a["to"])
    if k == "special":
        return "^" + name(a["from"]) + name(a["to"])
    if k == "scratch":
        t = name(a["from"]) + "-off"
    elif k == "ranged":
        t = name(a["from"]) + ">" + name(a["to"])
    else:
        t = name(a["from"]) + name(a["to"])
    if a.get("promote"):
        t += "=" + a["promote"]
    if a.get("demon"):
        d, kk = a["demon"]
        if p.board[a["from"]][0] == "D" and not a.get("promote") and d == a["to"] and k in ("move", "capture"):
            t += "=" + kk
        else:
            t += "/" + name(d) + "=" + kk
    return t


def piece_moves(p, s, with_captures=True):
    """Move and capture atoms of the mover's piece on s (promotions included)."""
    piece = p.board[s]
    moves, _ = reach(p, s)
    out = []
    for t in sorted(moves):
        out += with_promotions(p, {"kind": "move", "from": s, "to": t}, piece)
    if piece[0] == "Q" and can_scratch(p, s):
        out += with_promotions(p, {"kind": "scratch", "from": s, "to": s}, piece)
    if with_captures:
        for t, r in sorted(targets(p, s)):
            out += with_promotions(p, {"kind": "ranged" if r else "capture", "from": s, "to": t}, piece)
    return out


def specials(p, s):
    k = p.board[s][0]
    dests = set()
    if k == "R":
        for d in DIAG:
            t1 = leap(s, d)
            if t1 is None or t1 in p.board:
                continue
            dests.add(t1)
            for e in ((d[0], 0), (0, d[1])):
                for kk in range(1, 6):
                    t = (t1[0] + kk * e[0], t1[1] + kk * e[1])
                    if not on(*t) or t in p.board:
                        break
                    dests.add(t)
    elif k == "P":
        for d in ORTH:
            m, _ = ray(p, s, d, 10)
            dests |= {t for t in m if not promo_square(t)}
    elif k == "J":
        for x in range(20):
            for y in range(20):
                t = (x, y)
                if t == s or t in p.board:
                    continue
                q = p.copy()
                q.board[t] = q.board.pop(s)
                if not targets(q, t):
                    dests.add(t)
    return [{"kind": "special", "from": s, "to": t} for t in sorted(dests)]


def placements(p, exception_a):
    """Legal placements of the mover (§4.4), by definition."""
    x = p.order[0]
    before = check_set(p)
    out = []
    for (k, hn), n in sorted(p.reserve[x].items()):
        if n <= 0:
            continue
        quiet, attacking = [], []
        for xx in range(20):
            for yy in range(20):
                t = (xx, yy)
                if t in p.board or (k == "P" and not pawn_zone(t)):
                    continue
                q = p.copy()
                q.board[t] = [k, x, hn]
                q.echo[x] = None
                if not check_set(q) <= before:
                    continue
                (attacking if targets(q, t) else quiet).append(t)
        squares = attacking if (not quiet and exception_a) else quiet
        out += [{"kind": "place", "unit": (k, hn), "to": t} for t in squares]
    return out


def others_in_check(p, x):
    return any(o != x for o in check_set(p))


def complete_plays(p):
    """Every legal complete play of the mover: list of (text, position after)."""
    if decided(p):
        return []
    x = p.order[0]
    row, exc = shapes(p)
    out = []

    def finish(seq, q):
        if not in_check(q, x):
            out.append((seq, q))

    mine = sorted(s for s, v in p.board.items() if v[1] == x)
    moves = []
    for s in mine:
        for a in piece_moves(p, s):
            if a["kind"] in ("move", "scratch"):
                moves.append(a)
            finish([text(p, a)], apply(p, a))
    for a in placements(p, exc):
        finish([text(p, a)], apply(p, a))
    if p.benefyts[x] > 0:
        for s in mine:
            for a in specials(p, s):
                q = apply(p, a)
                if any(any(t == q.king(y) for t, _ in targets(q, u))
                       for y in range(q.players()) if y != x and q.king(y) is not None
                       for u, v in q.board.items() if v[1] == x):
                    continue
                finish([text(p, a)], q)
    if not in_check(p, x):
        out.append((["pass"], apply(p, {"kind": "pass"})))
    out.append((["surrender"], apply(p, {"kind": "surrender"})))
    if row == "single":
        return out
    for m1 in moves:
        p1 = apply(p, m1)
        if others_in_check(p1, x):
            continue
        t1 = text(p, m1)
        for pl in placements(p1, exc):
            p2 = apply(p1, pl)
            finish([t1, text(p1, pl)], p2)
            if row == "all":
                for pl2 in placements(p2, exc):
                    finish([t1, text(p1, pl), text(p2, pl2)], apply(p2, pl2))
        if row != "all":
            continue
        moved = m1["to"] if m1["kind"] == "move" else None
        for s in sorted(s for s, v in p1.board.items() if v[1] == x and s != moved):
            for m2 in piece_moves(p1, s, with_captures=False):
                p2 = apply(p1, m2)
                t2 = text(p1, m2)
                if others_in_check(p2, x):
                    finish([t1, t2], p2)
                    continue
                for pl in placements(p2, exc):
                    finish([t1, t2, text(p2, pl)], apply(p2, pl))
    return out


def decided(p):
    k = p.knives
    s = len(k)
    top = max(k)
    leaders = [i for i in range(s) if k[i] == top]
    over = [i for i in range(s) if 2 * k[i] > s]
    if over and len(leaders) == 1:
        return True
    return sum(k) > s and len(leaders) == 1


def end_turn(p, before, noisy):
    """The position after the play that led from `before` to `p`: counters and play list."""
    q = p.copy()
    x = q.order[0]
    q.turn += 1
    q.quiet = 0 if noisy else q.quiet + 1
    order = q.order[1:] + [x]
    checked = check_set(q)
    # D39a: those the play newly checked first, then those still in check, then the rest.
    was = check_set(before)
    order = ([o for o in order if o in checked and o not in was]
             + [o for o in order if o in checked and o in was]
             + [o for o in order if o not in checked])
    on_board = {v[1] for v in q.board.values()}
    if len(on_board) >= 7:
        while order[0] not in on_board:
            order = order[1:] + order[:1]
    q.order = order
    return q


def successors(p):
    out = []
    for seq, q in complete_plays(p):
        loud = any("@" in t or t == "surrender" or "=" in t for t in seq) \
            or sum(q.knives) != sum(p.knives) or is_capture_play(p, seq)
        out.append((",".join(seq), end_turn(q, p, loud)))
    return out


def is_capture_play(p, seq):
    if len(seq) != 1:
        return False
    t = seq[0]
    if ">" in t:
        return True
    if t in ("pass", "surrender") or "@" in t or t.startswith("^") or t.endswith("-off"):
        return False
    core = t.split("=")[0].split("/")[0]
    i = 1
    while core[i].isdigit():
        i += 1
    return parse_sq(core[i:]) in p.board


def perft(p, depth):
    if depth == 0:
        return 1
    plays = successors(p)
    if depth == 1:
        return len(plays)
    return sum(perft(q, depth - 1) for _, q in plays)


def start(players, army):
    p = Pos()
    p.order = list(range(players))
    for o in range(players):
        c = Counter({("K", 0): 1})
        for k in army:
            c[(k, 1 if k == "H" else 0)] += 1
        p.reserve.append(c)
        p.benefyts.append(3)
        p.knives.append(0)
        p.echo.append(None)
    return p


def random_setup(rng, players, pieces_each, reserve_each):
    """A random legal-looking position: each player a King (on the board or in reserve), some
    random pieces on random squares, a few reserve units, random echo patterns and Benefyts;
    the play list ordered as the rules keep it (checked players first)."""
    p = Pos()
    kinds = [k for k in CHARS if k != "K"]
    free = [(x, y) for x in range(20) for y in range(20)]
    rng.shuffle(free)
    for o in range(players):
        c = Counter()
        if rng.random() < 0.75:
            p.board[free.pop()] = ["K", o, 0]
        else:
            c[("K", 0)] += 1
        for _ in range(rng.randint(0, pieces_each)):
            k = rng.choice(kinds)
            s = free.pop()
            if k == "P" and promo_square(s):
                continue
            p.board[s] = [k, o, rng.randint(1, 4) if k == "H" else 0]
        for _ in range(rng.randint(0, reserve_each)):
            k = rng.choice(kinds)
            c[(k, rng.randint(1, 3) if k == "H" else 0)] += 1
        p.reserve.append(c)
        p.benefyts.append(rng.randint(0, 2))
        p.knives.append(0)
        e = rng.choice([None, None] + [k for k in kinds if k != "E"] + ["K"])
        p.echo.append(None if e is None else (e, rng.randint(1, 3) if e == "H" else 0))
    order = list(range(players))
    rng.shuffle(order)
    p.order = list(order)
    checked = check_set(p)
    order = [o for o in order if o in checked] + [o for o in order if o not in checked]
    on_board = {v[1] for v in p.board.values()}
    if len(on_board) >= 7:
        while order[0] not in on_board:
            order = order[1:] + order[:1]
    p.order = order
    return p


def main():
    cmd = sys.argv[1]
    if cmd == "perft":
        print(perft(read(sys.argv[3]), int(sys.argv[2])))
    elif cmd == "divide":
        for t, _ in successors(read(sys.argv[3])):
            print("%s: 1" % t)
    elif cmd == "setup":
        seed, players = int(sys.argv[2]), int(sys.argv[3])
        pieces = int(sys.argv[4]) if len(sys.argv) > 4 else 5
        reserve = int(sys.argv[5]) if len(sys.argv) > 5 else 1
        print(write(random_setup(random.Random(seed), players, pieces, reserve)))
    elif cmd == "random":
        seed, turns = int(sys.argv[2]), int(sys.argv[3])
        players = int(sys.argv[4]) if len(sys.argv) > 4 else 2
        army = sys.argv[5] if len(sys.argv) > 5 else "RGBCD"
        rng = random.Random(seed)
        p = start(players, army)
        for _ in range(turns):
            plays = successors(p)
            if not plays:
                break
            # Prefer plays that put pieces on the board early, so positions get busy.
            p = rng.choice(plays)[1]
        print(write(p))


if __name__ == "__main__":
    main()
