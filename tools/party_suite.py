#!/usr/bin/env python3
"""Writes a Party Chess perft suite (tests/perft/party_*.perft) whose counts come from the
independent model (tools/party_model.py): seeded random set-up positions, perft 1 for each,
perft 2 for the small ones. The engine is asked only to skip positions too big for the slow
model (its count is never written).

  party_suite.py MENAGERIE SEED COUNT PLAYERS PIECES RESERVE [D1_LIMIT D2_LIMIT]
"""

import random
import subprocess
import sys

import party_model as m


def engine_count(binary, fen):
    out = subprocess.run([binary, "perft", "--variant", "party", "--fen", fen, "--depth", "1"],
                         capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1])
    return None


def main():
    binary, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    players, pieces, reserve = int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
    d1_limit = int(sys.argv[7]) if len(sys.argv) > 7 else 3000
    d2_limit = int(sys.argv[8]) if len(sys.argv) > 8 else 40
    rng = random.Random(seed)
    print("# variant: party")
    print("# Counts from tools/party_model.py (an independent model of the rules, written from")
    print("# the rules document, not from the engine): party_suite.py MENAGERIE %d %d %d %d %d %d %d"
          % (seed, count, players, pieces, reserve, d1_limit, d2_limit))
    made = 0
    while made < count:
        p = m.random_setup(rng, rng.randint(2, players), pieces, reserve)
        fen = m.write(p)
        n = engine_count(binary, fen)
        if n is None or n < 2 or n > d1_limit:
            continue
        plays = m.successors(p)
        line = "%s ; D1 %d" % (fen, len(plays))
        if len(plays) <= d2_limit:
            line += " ; D2 %d" % sum(len(m.successors(q)) for _, q in plays)
        print(line, flush=True)
        made += 1


if __name__ == "__main__":
    main()
