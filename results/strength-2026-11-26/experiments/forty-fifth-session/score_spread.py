#!/usr/bin/env python3
# How wide Menagerie's chess scores spread against Fairy-Stockfish's: the labelled positions
# (`<win probability> <fen>`, the first player's view, from Fairy-Stockfish at 4,000 nodes)
# turned back into centipawns (p = 1 / (1 + 10^(-cp/400))), against Menagerie's score of a
# 4,000-node search of the same position. Prints both standard deviations, the correlation and
# the two regression slopes. Development diagnostic; the engine talk is
# ../twenty-eighth-session/fs_common.py's.
# usage: score_spread.py LABELLED.txt.xz MENAGERIE COUNT
import lzma
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "twenty-eighth-session"))
from fs_common import Engine

labelled, command, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
rows = [line.split(" ", 1) for line in lzma.open(labelled, "rt") if not line.startswith("#")]
random.seed(1)
random.shuffle(rows)
engine = Engine(command, variant="chess")
ours, theirs = [], []
for probability, fen in rows[:count]:
    probability, fen = float(probability), fen.strip()
    if not 0.01 < probability < 0.99:
        continue
    _, score, _ = engine.go(fen, [], 4000)
    if score is None or abs(score) >= 30000:
        continue
    if fen.split()[1] == "b":
        score = -score
    ours.append(score)
    theirs.append(400 * math.log10(probability / (1 - probability)))
n = len(ours)
mean_ours, mean_theirs = sum(ours) / n, sum(theirs) / n
sxx = sum((x - mean_ours) ** 2 for x in ours)
syy = sum((y - mean_theirs) ** 2 for y in theirs)
sxy = sum((x - mean_ours) * (y - mean_theirs) for x, y in zip(ours, theirs))
print("positions %d" % n)
print("standard deviation: Menagerie %.0f cp, Fairy-Stockfish %.0f cp" % (math.sqrt(sxx / n), math.sqrt(syy / n)))
print("correlation %.3f" % (sxy / math.sqrt(sxx * syy)))
print("slope of Fairy-Stockfish on Menagerie %.3f, of Menagerie on Fairy-Stockfish %.3f" % (sxy / sxx, sxy / syy))
