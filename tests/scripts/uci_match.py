#!/usr/bin/env python3
"""A small UCI match runner: two players, each a Menagerie process told how to search (or a
random mover), with Menagerie itself as the referee. Until `menagerie match` exists, this is
how the Patricia strength figures in the README were measured.

usage:
  uci_match.py ENGINE --variant patricia --a "go movetime 100" --b "go depth 1" \
               [--engine-b OTHER_BUILD] [--games 20] [--random-plies 2] [--seed 1] \
               [--max-plies 300] [--option NAME=VALUE ...] [--quiet]

  --a / --b   what each player sends to choose a move: a `go ...` command for a Menagerie
              process of its own, or `random` (a uniformly random legal move, read from
              `go perft 1`).
  Colours alternate; game 2k+1 and 2k+2 start from the same random opening of
  --random-plies plies (so each opening is played from both sides), drawn again while a
  4-ply search by the referee finds a forced win in it (a royal left en prise).

The referee (a third process) lists legal moves with `go perft 1` and reads positions with
`d`. A game ends when the side to move has no royal (the other side captured it: a win),
has no legal move (stalemate: a draw), a position occurs for the third time (a draw), or
after --max-plies plies (adjudicated as a draw). Prints one line per game and a summary
`A vs B: +W -L =D`; the exit code is 0.
"""

import argparse
import random
import subprocess
import sys


class Engine:
    """One UCI process of Menagerie."""

    def __init__(self, path, variant, options):
        self.p = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, bufsize=1)
        self.send("uci")
        self.until(lambda l: l == "uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.until(lambda l: l == "readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, done):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine closed its output")
            line = line.rstrip("\n")
            lines.append(line)
            if done(line):
                return lines

    def position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def legal(self, moves):
        self.position(moves)
        self.send("go perft 1")
        lines = self.until(lambda l: l.startswith("Nodes searched"))
        return [l.split(":")[0] for l in lines if l.endswith(": 1")]

    def fen(self, moves):
        self.position(moves)
        self.send("d")
        lines = self.until(lambda l: l.startswith("Fen: "))
        return lines[-1][len("Fen: "):]

    def mate_found(self, moves, depth):
        """True when a search of `depth` plies finds a forced win for either side."""
        self.position(moves)
        self.send(f"go depth {depth}")
        lines = self.until(lambda l: l.startswith("bestmove"))
        scores = [l for l in lines if " score " in l]
        return bool(scores) and " score mate " in scores[-1]

    def best(self, moves, go):
        self.position(moves)
        self.send(go)
        line = self.until(lambda l: l.startswith("bestmove"))[-1]
        return line.split()[1]

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def royal_missing(fen):
    """True when the side to move has no royal disc (K or Q) on the board."""
    board, side = fen.split()[0].split("[")[0], fen.split()[1]
    royals = "KQ" if side == "w" else "kq"
    return not any(c in board for c in royals)


def play(args, players, referee, opening, a_is_white, rng):
    moves = list(opening)
    seen = {}
    while True:
        fen = referee.fen(moves)
        key = " ".join(fen.split()[:2])  # board with hands, side to move
        seen[key] = seen.get(key, 0) + 1
        white_to_move = fen.split()[1] == "w"
        if royal_missing(fen):
            return ("0-1" if white_to_move else "1-0"), "royal captured", moves
        legal = referee.legal(moves)
        if not legal:
            return "1/2-1/2", "stalemate", moves
        if seen[key] >= 3:
            return "1/2-1/2", "repetition", moves
        if len(moves) >= args.max_plies:
            return "1/2-1/2", "max plies", moves
        a_to_move = white_to_move == a_is_white
        name = "a" if a_to_move else "b"
        go = args.a if a_to_move else args.b
        if go == "random":
            mv = rng.choice(legal)
        else:
            mv = players[name].best(moves, go)
            if mv not in legal:
                return ("0-1" if white_to_move else "1-0"), f"illegal move {mv}", moves
        moves.append(mv)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine")
    ap.add_argument("--engine-b", help="another build for player B (default: ENGINE)")
    ap.add_argument("--variant", default="patricia")
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--random-plies", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    options = [o.split("=", 1) for o in args.option]
    rng = random.Random(args.seed)
    referee = Engine(args.engine, args.variant, options)
    paths = {"a": args.engine, "b": args.engine_b or args.engine}
    players = {n: Engine(paths[n], args.variant, options)
               for n, go in (("a", args.a), ("b", args.b)) if go != "random"}
    score = {"+": 0, "-": 0, "=": 0}
    reasons = {}
    opening = []
    for game in range(args.games):
        if game % 2 == 0:
            # A random opening that neither side has already won (no royal left en prise).
            while True:
                opening = []
                for _ in range(args.random_plies):
                    opening.append(rng.choice(referee.legal(opening)))
                if not referee.mate_found(opening, 4):
                    break
        for p in players.values():
            p.send("ucinewgame")
        a_is_white = game % 2 == 0
        result, why, moves = play(args, players, referee, opening, a_is_white, rng)
        a_won = (result == "1-0") == a_is_white
        mark = "=" if result == "1/2-1/2" else ("+" if a_won else "-")
        score[mark] += 1
        reasons[why.split()[0]] = reasons.get(why.split()[0], 0) + 1
        if not args.quiet:
            white, black = ("A", "B") if a_is_white else ("B", "A")
            print(f"game {game + 1}: {white}-{black} {result} {{{why}}} {len(moves)} plies: "
                  + " ".join(moves), flush=True)
    for p in list(players.values()) + [referee]:
        p.close()
    print(f"A ({args.a}) vs B ({args.b}): +{score['+']} -{score['-']} ={score['=']} "
          f"in {args.games} games; endings {reasons}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
