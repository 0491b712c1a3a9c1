#!/usr/bin/env python3
"""Compares the engine's perft divide (complete plays) with the independent model
(tools/party_model.py) on random set-up positions, and prints the differences.

  party_crosscheck.py MENAGERIE SEED COUNT [PLAYERS PIECES RESERVE LIMIT]

Positions whose engine count is above LIMIT plays (default 20000) are skipped.
"""

import random
import subprocess
import sys
import time

import party_model as m


def engine_plays(binary, fen):
    out = subprocess.run([binary, "perft", "--variant", "party", "--fen", fen, "--depth", "1",
                          "--divide"], capture_output=True, text=True)
    if out.returncode != 0:
        return None, out.stderr.strip()
    body = out.stdout.split("\n\nNodes searched")[0]
    plays = [l.rsplit(":", 1)[0] for l in body.splitlines() if l.endswith(": 1")]
    return plays, None


def main():
    binary, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    players = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    pieces = int(sys.argv[5]) if len(sys.argv) > 5 else 5
    reserve = int(sys.argv[6]) if len(sys.argv) > 6 else 1
    limit = int(sys.argv[7]) if len(sys.argv) > 7 else 20000
    rng = random.Random(seed)
    bad = 0
    for i in range(count):
        p = m.random_setup(rng, rng.randint(2, players), pieces, reserve)
        fen = m.write(p)
        engine, err = engine_plays(binary, fen)
        if engine is None:
            print("ENGINE ERROR", fen, err)
            bad += 1
            continue
        if len(engine) > limit:
            print("skip %d plays" % len(engine))
            continue
        t = time.time()
        model = [s for s, _ in m.successors(p)]
        mt = time.time() - t
        if sorted(model) != sorted(engine):
            bad += 1
            only_m = sorted(set(model) - set(engine))[:8]
            only_e = sorted(set(engine) - set(model))[:8]
            print("DIFF", fen)
            print("   model %d engine %d; only model %s; only engine %s" %
                  (len(model), len(engine), only_m, only_e))
            if len(model) != len(set(model)) or len(engine) != len(set(engine)):
                print("   duplicates: model %d engine %d" % (len(model) - len(set(model)),
                                                          len(engine) - len(set(engine))))
        else:
            print("ok %6d plays (model %.1f s) %s" % (len(model), mt, fen[-60:]))
    print("%d of %d differ" % (bad, count))


if __name__ == "__main__":
    main()
