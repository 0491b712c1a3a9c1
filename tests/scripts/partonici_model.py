#!/usr/bin/env python3
"""An independent model of the Partonici rules, written from docs/partonici.md alone
(not from the engine's code), used to produce the perft figures of tests/perft/partonici_*.perft.

It knows movement (§2), the capture algorithm (§3.3), promotion, the capture tally, the quiet
counter and the game ends that make perft leaves (§5: royals lost, the claim rule; notation.md:
a decided game has no moves). Slow and simple on purpose.

    python3 tests/scripts/partonici_model.py perft VARIANT "FEN" DEPTH
    python3 tests/scripts/partonici_model.py suite VARIANT SEED GAMES PLIES DEPTH
        (random games from the start position; prints suite lines "FEN ; D1 n ; ... ; Dd n")
"""

import random
import re
import sys

ROYAL_VARIANTS = ("royal-partonici", "royal-scaci-partonici")
SCACI = ("scaci-partonici", "royal-scaci-partonici")
STARTS = {
    "pawn-partonici-7": "ppppppp/ppppppp/7/7/7/PPPPPPP/PPPPPPP w 0:0 0 1",
    "pawn-partonici-8": "sssppsss/sppsspps/p2pp2p/8/8/P2PP2P/SPPSSPPS/SSSPPSSS w 0:0 0 1",
    "pawn-partonici-9": "9/sssssssss/ppppppppp/9/9/9/PPPPPPPPP/SSSSSSSSS/9 w 0:0 0 1",
    "pawn-partonici-9-all": "ppppppppp/ppppppppp/9/9/9/9/9/PPPPPPPPP/PPPPPPPPP w 0:0 0 1",
    "pawn-partonici-10": "10/ssssssssss/pppppppppp/10/10/10/10/PPPPPPPPPP/SSSSSSSSSS/10 w 0:0 0 1",
    "royal-partonici-8": "pppppppp/ppxxxxpp/pp4pp/8/8/PP4PP/PPXXXXPP/PPPPPPPP w 0:0 0 1",
    "royal-partonici-9": "ppppppppp/pppxxxppp/9/9/9/9/9/PPPXXXPPP/PPPPPPPPP w 0:0 0 1",
    "royal-partonici-10": "pppppppppp/pppxxxxppp/10/10/10/10/10/10/PPPXXXXPPP/PPPPPPPPPP w 0:0 0 1",
    "scaci-partonici-8": "pppppppp/rnbqkbnr/8/8/8/8/RNBQKBNR/PPPPPPPP w 0:0 0 1",
    "scaci-partonici-10": "10/pppppppppp/prnbqkbnrp/10/10/10/10/PRNBQKBNRP/PPPPPPPPPP/10 w 0:0 0 1",
    "royal-scaci-partonici-8": "pppppppp/rnbqkbnr/8/8/8/8/RNBQKBNR/PPPPPPPP w 0:0 0 1",
    "royal-scaci-partonici-10": "10/pppppppppp/prnbqkbnrp/10/10/10/10/PRNBQKBNRP/PPPPPPPPPP/10 w 0:0 0 1",
}

ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
KNIGHT = [(1, 2), (-1, 2), (2, 1), (-2, 1), (1, -2), (-1, -2), (2, -1), (-2, -1)]


class Game:
    def __init__(self, variant, fen):
        self.variant = variant
        self.royal = variant.startswith(ROYAL_VARIANTS)
        self.scaci = variant.startswith(SCACI)
        board, side, caps, quiet, full = fen.split()
        rows = board.split("/")
        self.n = len(rows)
        self.cells = {}  # (file, rank) -> [owner, letter, promoted, royal]
        for i, row in enumerate(rows):
            rank = self.n - 1 - i
            f = 0
            for tok in re.findall(r"\d+|\+?[A-Za-z]\*?", row):
                if tok[0].isdigit():
                    f += int(tok)
                    continue
                promoted = tok.startswith("+")
                letter = tok.strip("+*")
                owner = 0 if letter.isupper() else 1
                self.cells[(f, rank)] = [owner, letter.upper(), promoted, tok.endswith("*")]
                f += 1
        for owner in (0, 1):
            starred = any(c[3] for c in self.cells.values() if c[0] == owner)
            for c in self.cells.values():
                if c[0] == owner and (c[1] == "X" or (self.variant.startswith("royal-scaci")
                                                     and c[1] == "K" and not starred)):
                    c[3] = True
        self.side = 0 if side == "w" else 1
        self.caps = [int(x) for x in caps.split(":")]
        self.quiet = int(quiet)
        self.full = int(full)

    # --- movement (§2) ---
    def vectors(self, piece):
        owner, letter, promoted, _ = piece
        fwd = 1 if owner == 0 else -1
        if not self.scaci:
            if letter in "PX":
                if promoted:
                    return ORTHO + DIAG, True
                return [(0, fwd), (1, fwd), (-1, fwd)], True
            if letter == "S":
                if promoted:
                    return ORTHO + DIAG, False
                return [(0, fwd), (1, fwd), (-1, fwd)], False
        full = {"N": (KNIGHT, False), "B": (DIAG, True), "R": (ORTHO, True),
                "Q": (ORTHO + DIAG, True), "K": (ORTHO + DIAG, False), "P": ([(0, 1)], False)}
        vecs, ride = full[letter]
        if promoted:
            return vecs, ride
        if letter == "P":
            return [(0, fwd)], False
        # Advancing: rank change strictly forward.
        return [(df, dr * 1) for (df, dr) in vecs if dr * fwd > 0], ride

    def on(self, f, r):
        return 0 <= f < self.n and 0 <= r < self.n

    def moves(self):
        if self.decided() is not None:
            return []
        out = []
        for (f, r), piece in sorted(self.cells.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            if piece[0] != self.side:
                continue
            vecs, ride = self.vectors(piece)
            for df, dr in vecs:
                t = (f + df, r + dr)
                while self.on(*t) and t not in self.cells:
                    out.append(((f, r), t))
                    if not ride:
                        break
                    t = (t[0] + df, t[1] + dr)
        return out

    # --- captures (§3.3) ---
    def captures(self, to, side):
        def friend(s):
            return s in self.cells and self.cells[s][0] == side

        def enemy(s):
            return s in self.cells and self.cells[s][0] != side

        taken = set()
        dirs = ORTHO + DIAG
        for df, dr in dirs:
            run = []
            s = (to[0] + df, to[1] + dr)
            while self.on(*s) and enemy(s):
                run.append(s)
                s = (s[0] + df, s[1] + dr)
            if run and self.on(*s) and friend(s):
                taken.update(run)
        for df, dr in [(1, 0), (0, 1), (1, 1), (1, -1)]:
            ends = []
            for sgn in (1, -1):
                s = (to[0] + sgn * df, to[1] + sgn * dr)
                while self.on(*s) and friend(s):
                    s = (s[0] + sgn * df, s[1] + sgn * dr)
                ends.append(s)
            if all(self.on(*e) and enemy(e) for e in ends):
                taken.update(ends)
        return taken

    def make(self, mv):
        frm, to = mv
        piece = self.cells.pop(frm)
        undo = (frm, to, list(piece), self.side, list(self.caps), self.quiet, self.full, [])
        last = self.n - 1 if piece[0] == 0 else 0
        unpromoted = not piece[2]
        if unpromoted and to[1] == last:
            piece = [piece[0], "Q" if (self.scaci and piece[1] == "P") else piece[1], True, piece[3]]
        self.cells[to] = piece
        taken = self.captures(to, self.side)
        for s in taken:
            undo[7].append((s, self.cells.pop(s)))
        self.caps[self.side] += len(taken)
        self.quiet = 0 if (taken or unpromoted) else self.quiet + 1
        if self.side == 1:
            self.full += 1
        self.side = 1 - self.side
        return undo

    def unmake(self, undo):
        frm, to, piece, side, caps, quiet, full, taken = undo
        del self.cells[to]
        self.cells[frm] = piece
        for s, p in taken:
            self.cells[s] = p
        self.side, self.caps, self.quiet, self.full = side, caps, quiet, full

    # --- game ends that make perft leaves (§5) ---
    def decided(self):
        if self.royal:
            for loser in (self.side, 1 - self.side):
                if not any(c[3] for c in self.cells.values() if c[0] == loser):
                    return 1 - loser
        if self.variant.startswith("pawn-partonici"):
            for w in (1 - self.side, self.side):
                promoted = sum(1 for c in self.cells.values() if c[0] == w and c[2])
                if self.caps[w] - self.caps[1 - w] >= 2 and promoted >= 2:
                    return w
        return None

    def fen(self):
        rows = []
        for r in range(self.n - 1, -1, -1):
            row, empty = "", 0
            for f in range(self.n):
                c = self.cells.get((f, r))
                if c is None:
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                    empty = 0
                letter = c[1] if c[0] == 0 else c[1].lower()
                star = "*" if (c[3] and c[1] not in "XK") else ""
                row += ("+" if c[2] else "") + letter + star
            if empty:
                row += str(empty)
            rows.append(row)
        side = "w" if self.side == 0 else "b"
        return f"{'/'.join(rows)} {side} {self.caps[0]}:{self.caps[1]} {self.quiet} {self.full}"

    def perft(self, depth):
        if depth == 0:
            return 1
        total = 0
        for mv in self.moves():
            u = self.make(mv)
            total += self.perft(depth - 1)
            self.unmake(u)
        return total


def main():
    cmd = sys.argv[1]
    if cmd == "perft":
        variant, fen, depth = sys.argv[2], sys.argv[3], int(sys.argv[4])
        print(Game(variant, fen).perft(depth))
    elif cmd == "suite":
        variant, seed, games, plies, depth = sys.argv[2], *map(int, sys.argv[3:7])
        rng = random.Random(seed)
        for _ in range(games):
            g = Game(variant, STARTS[variant])
            for _ in range(plies):
                moves = g.moves()
                if not moves:
                    break
                g.make(rng.choice(moves))
            fen = g.fen()
            counts = " ; ".join(f"D{d} {Game(variant, fen).perft(d)}" for d in range(1, depth + 1))
            print(f"{fen} ; {counts}")


if __name__ == "__main__":
    main()
