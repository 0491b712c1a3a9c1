#!/usr/bin/env python3
# positions.py OUT COUNT SEED PGN...: a sample of COUNT positions from match PGNs (plies 8 to 99
# of each game, at most three a game, chosen by a seeded generator), one a line as
# 'FEN<TAB>moves...' in Menagerie's notation.
import os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "twenty-eighth-session"))
from fs_common import read_games

out, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
pool = []
for path in sys.argv[4:]:
    for tags, moves in read_games(path):
        if "FEN" not in tags or len(moves) < 12:
            continue
        plies = list(range(8, min(100, len(moves) - 2)))
        for ply in rng.sample(plies, min(3, len(plies))):
            pool.append((tags["FEN"], moves[:ply]))
rng.shuffle(pool)
with open(out, "w") as f:
    for fen, moves in pool[:count]:
        f.write(fen + "\t" + " ".join(moves) + "\n")
print(len(pool), "candidates,", min(count, len(pool)), "written")
