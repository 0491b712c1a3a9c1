#!/usr/bin/env python3
"""Training positions for the chess evaluation network, scored by a strong UCI engine.

Why: Menagerie's own evaluation (hand-made terms plus a small learned correction) was the
limit against Fairy-Stockfish (docs/strength.md); a network needs millions of
positions with good scores, and Debian's Stockfish (package `stockfish`, 15.1, with its own
NNUE) scores them far better than any engine we can write here. The network learns
the scores; no code or weights of the teacher are used.

Each game starts with a few uniformly random legal moves (so the positions are varied, and
some unbalanced, as in a search tree), then the teacher plays both sides at a fixed number of
nodes a move. Every position where the side to move is not in check and the teacher's move
is quiet (no capture, no promotion) is written with the teacher's score, from White's view,
and the game's result:

    <FEN> | <score cp, White's view> | <result: 1.0, 0.5 or 0.0 for White>

usage: datagen.py OUT GAMES SEED [--nodes N | --depth D] [--opening-plies MIN-MAX]
       [--random-rate P] [--random-until PLY] [--engine PATH]
Needs python-chess (`pip install chess`) and the engine (`apt-get install stockfish`).
"""

import argparse
import random
import subprocess
import sys

import chess

MATE_SCORE = 32000
# A game is adjudicated once the score stays beyond this for ADJUDICATE_PLIES plies.
WIN_SCORE = 2000
ADJUDICATE_PLIES = 6
MAX_PLIES = 400


class Teacher:
    """A UCI engine driven over pipes: one search per call, at fixed nodes."""

    def __init__(self, path, go):
        self.go = go
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")
        self.new_game()

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, word):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the engine closed its output")
            if line.startswith(word):
                return line

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")

    def search(self, fen):
        """(score for the side to move in cp, mate scores as +-MATE_SCORE; best move UCI)."""
        self.send(f"position fen {fen}")
        self.send(self.go)
        score = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the engine closed its output")
            if line.startswith("info") and " score " in line:
                words = line.split()
                i = words.index("score")
                if words[i + 1] == "cp":
                    score = int(words[i + 2])
                elif words[i + 1] == "mate":
                    score = MATE_SCORE if int(words[i + 2]) > 0 else -MATE_SCORE
            elif line.startswith("bestmove"):
                return score, line.split()[1]

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def random_opening(rng, plies):
    """A board after `plies` uniformly random legal moves, or None if the game ended."""
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            return None
        board.push(rng.choice(moves))
    return None if board.is_game_over() else board


def play_game(teacher, rng, opening_plies, random_rate, random_until):
    """The quiet positions of one game with their scores, and the result for White."""
    board = None
    while board is None:
        board = random_opening(rng, rng.randint(*opening_plies))
    teacher.new_game()
    rows = []
    beyond = 0
    result = None
    for _ in range(MAX_PLIES):
        if board.is_checkmate():
            result = 0.0 if board.turn == chess.WHITE else 1.0
            break
        if (
            board.is_stalemate()
            or board.is_insufficient_material()
            or board.halfmove_clock >= 100
            or board.is_repetition(3)
        ):
            result = 0.5
            break
        fen = board.fen()
        score, best = teacher.search(fen)
        if score is None or best == "(none)":
            break
        white_score = score if board.turn == chess.WHITE else -score
        move = chess.Move.from_uci(best)
        # Now and then a random move instead of the teacher's, early in the game: positions
        # a search meets are not all well played.
        if board.ply() < random_until and rng.random() < random_rate:
            move = rng.choice(list(board.legal_moves))
        if abs(score) < WIN_SCORE:
            quiet = not board.is_check() and not board.is_capture(move) and move.promotion is None
            if quiet:
                rows.append((fen, white_score))
            beyond = 0
        else:
            beyond += 1
            if beyond >= ADJUDICATE_PLIES:
                result = 1.0 if white_score > 0 else 0.0
                break
        board.push(move)
    if result is None:
        result = 0.5
    return rows, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("games", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("--nodes", type=int, default=2500, help="nodes a move")
    parser.add_argument("--depth", type=int, help="a depth a move instead of nodes")
    parser.add_argument("--opening-plies", default="6-10", help="random plies first, MIN-MAX")
    parser.add_argument("--random-rate", type=float, default=0.0,
                        help="the share of later moves played at random")
    parser.add_argument("--random-until", type=int, default=60,
                        help="random moves only before this ply")
    parser.add_argument("--engine", default="/usr/games/stockfish")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    go = f"go depth {args.depth}" if args.depth else f"go nodes {args.nodes}"
    teacher = Teacher(args.engine, go)
    low, high = (int(x) for x in args.opening_plies.split("-"))
    written = 0
    with open(args.out, "a") as out:
        for game in range(args.games):
            rows, result = play_game(
                teacher, rng, (low, high), args.random_rate, args.random_until
            )
            for fen, score in rows:
                out.write(f"{fen} | {score} | {result}\n")
            written += len(rows)
            if game % 100 == 99:
                out.flush()
                print(f"{game + 1} games, {written} positions", file=sys.stderr, flush=True)
    teacher.close()


if __name__ == "__main__":
    main()
