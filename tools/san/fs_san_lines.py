#!/usr/bin/env python3
"""Write SAN reference lines from Fairy-Stockfish (pyffish): for random games of each variant,
every move as `variant ; FEN ; UCI move ; Fairy-Stockfish's SAN`. tests/san.rs checks that
Menagerie writes the same SAN for the same move (Wildebeest: Fairy-Stockfish writes the
wildebeest `G` where we write `W`, and castles two cells only).

  pip install pyffish==0.0.90
  python3 tools/san/fs_san_lines.py --games 4 --plies 60 --seed 1 \
      --wildebeest-ini tools/peers/fs_wildebeest.ini > tests/san/fairy_stockfish.txt
"""
import argparse
import random

import pyffish as sf

VARIANTS = ["chess", "capablanca", "janus", "gothic", "knightmate", "amazon", "losalamos"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--wildebeest-ini", help="Fairy-Stockfish's Wildebeest section, to add it")
    a = ap.parse_args()
    variants = list(VARIANTS)
    if a.wildebeest_ini:
        sf.load_variant_config(open(a.wildebeest_ini).read())
        variants.append("wildebeest")
    v = sf.version()
    print(f"# SAN by pyffish {v[0]}.{v[1]}.{v[2]} (Fairy-Stockfish) for random games:")
    print(f"# tools/san/fs_san_lines.py --games {a.games} --plies {a.plies} --seed {a.seed}"
          + (" --wildebeest-ini fs_wildebeest.ini" if a.wildebeest_ini else ""))
    for name in variants:
        rng = random.Random(f"{a.seed}-{name}")
        start = sf.start_fen(name)
        for _ in range(a.games):
            moves = []
            for _ in range(a.plies):
                fen = sf.get_fen(name, start, moves)
                legal = sf.legal_moves(name, start, moves)
                if not legal:
                    break
                # Castle when it can, half the time, so castling SAN is covered too.
                castles = [m for m in sorted(legal) if sf.get_san(name, fen, m).startswith("O-O")]
                move = rng.choice(castles if castles and rng.random() < 0.5 else sorted(legal))
                print(f"{name} ; {fen} ; {move} ; {sf.get_san(name, fen, move)}")
                moves.append(move)


if __name__ == "__main__":
    main()
