#!/usr/bin/env python3
"""Writes N distinct random opening lines (`FEN moves m1 m2 ...`) for `menagerie match --openings`.

Each line is PLIES random legal moves from FEN, chosen with Python's `random` seeded by SEED; the
legal moves come from the engine itself (`menagerie perft --divide --depth 1`). Lines that end in
a position with no legal moves are skipped, and so are repeats.

Usage: random_lines.py MENAGERIE VARIANT FEN PLIES N SEED > file.txt
"""
import random
import subprocess
import sys


def legal_moves(engine, variant, fen, moves):
    args = [engine, "perft", "--variant", variant, "--fen", fen, "--depth", "1", "--divide"]
    if moves:
        args += ["--moves", *moves]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return [line.split(":")[0] for line in out.splitlines() if line.count(":") == 1
            and not line.lower().startswith(("total", "nodes"))]


def main():
    engine, variant, fen, plies, count, seed = sys.argv[1:7]
    plies, count = int(plies), int(count)
    rng = random.Random(int(seed))
    seen = set()
    print(f"# {count} random {plies}-ply lines of {variant} from '{fen}', seed {seed}")
    print("# written by tools/openings/random_lines.py (moves from menagerie perft --divide);")
    print("# use with 'menagerie match --openings' (each line is played with both colours)")
    attempts = 0
    while len(seen) < count and attempts < 20 * count:
        attempts += 1
        line = []
        for _ in range(plies):
            moves = legal_moves(engine, variant, fen, line)
            if not moves:
                break
            line.append(rng.choice(moves))
        if len(line) < plies or legal_moves(engine, variant, fen, line) == []:
            continue
        key = " ".join(line)
        if key not in seen:
            seen.add(key)
            print(f"{fen} moves {key}")


if __name__ == "__main__":
    main()
