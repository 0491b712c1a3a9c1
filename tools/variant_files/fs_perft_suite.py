#!/usr/bin/env python3
"""Write perft suites whose counts come from Fairy-Stockfish, for Menagerie's variant files.

For each variant: the start position, then positions reached by random legal moves (chosen by
Fairy-Stockfish's own move list), each counted by Fairy-Stockfish's `go perft` at every depth
whose count stays under --max-nodes. The output is Menagerie's suite format
(`FEN ; D1 n ; D2 n`, `# variant: NAME`), read by `menagerie perft --suite` and
tests/perft_suites.rs.

  python3 tools/variant_files/fs_perft_suite.py --fs PATH/fairy-stockfish \
      --variants capablanca,janus --positions 6 --seed 1 --out tests/perft/fairy_stockfish
  (--variant-file FILE loads a variants.ini first, as VariantPath)

Fairy-Stockfish: tools/build_fairy_stockfish.sh builds it (pyffish 0.0.90 sources).
"""
import argparse
import os
import random
import subprocess
import sys


class Engine:
    def __init__(self, path, variant_file=None):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.until(lambda l: l == "uciok")
        if variant_file:
            self.send(f"setoption name VariantPath value {os.path.abspath(variant_file)}")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, stop):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish closed its output")
            line = line.rstrip("\n")
            lines.append(line)
            if stop(line):
                return lines

    def variant(self, name):
        self.send(f"setoption name UCI_Variant value {name}")

    def position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def perft(self, depth):
        """(total, {move: count}) of the current position."""
        self.send(f"go perft {depth}")
        lines = self.until(lambda l: l.startswith("Nodes searched"))
        total = int(lines[-1].split(":")[1])
        moves = {}
        for l in lines[:-1]:
            if ":" in l and not l.startswith("info"):
                m, n = l.split(":", 1)
                if n.strip().isdigit():
                    moves[m.strip()] = int(n)
        return total, moves

    def fen(self):
        self.send("d")
        self.send("isready")
        lines = self.until(lambda l: l == "readyok")
        for l in lines:
            if l.startswith("Fen: "):
                return l[5:]
        raise RuntimeError("no Fen line from 'd'")


def suite(engine, name, positions, plies, max_nodes, rng):
    engine.variant(name)
    out = [f"# variant: {name}"]
    for i in range(positions):
        moves = []
        target = 0 if i == 0 else rng.randint(1, plies)
        for _ in range(target):
            engine.position(moves)
            _, legal = engine.perft(1)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        engine.position(moves)
        fen = engine.fen()
        counts = []
        for depth in range(1, 8):
            total, _ = engine.perft(depth)
            if total > max_nodes:
                break
            counts.append(f"D{depth} {total}")
            if total == 0:
                break
        if counts:
            out.append(f"{fen} ; " + " ; ".join(counts))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fs", required=True)
    ap.add_argument("--variants", required=True, help="comma-separated names")
    ap.add_argument("--variant-file")
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--plies", type=int, default=30)
    ap.add_argument("--max-nodes", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True, help="a directory: one NAME.perft a variant")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    engine = Engine(a.fs, a.variant_file)
    version = subprocess.run([a.fs], input="quit\n", capture_output=True, text=True).stdout.split("\n")[0]
    for name in a.variants.split(","):
        rng = random.Random(f"{a.seed}-{name}")
        lines = suite(engine, name, a.positions, a.plies, a.max_nodes, rng)
        header = [
            f"# Counts by {version.strip()} (go perft), positions by its random legal moves:",
            f"# tools/variant_files/fs_perft_suite.py --variants {name} --positions {a.positions}"
            f" --plies {a.plies} --max-nodes {a.max_nodes} --seed {a.seed}"
            + (f" --variant-file {os.path.basename(a.variant_file)}" if a.variant_file else ""),
        ]
        with open(os.path.join(a.out, f"{name}.perft"), "w") as f:
            f.write("\n".join(header + lines) + "\n")
        print(name, len(lines) - 1, "positions", file=sys.stderr)
    engine.send("quit")


if __name__ == "__main__":
    main()
