# Fairy-Stockfish's classical evaluation regressed on piece counts and Menagerie's board terms
# (run in a directory with analyse.py and fs.jsonl).
import json, subprocess, sys
import numpy as np
sys.argv = ["x", "fs.jsonl"]
exec(open("analyse.py").read().split("fs = np.array")[0])
# features: piece count diffs, Menagerie board terms
pcs = "PNBRQCG"
X = []; y = []
for (fsv, men, mat, terms, t, res, ply), r in zip(rows, recs):
    board = r["fen"].split()[0]
    cnt = [board.count(c) - board.count(c.lower()) for c in pcs]
    X.append(cnt + terms); y.append(fsv)
X = np.array(X, float); y = np.array(y, float)
X1 = np.hstack([X, np.ones((len(X), 1))])
w, *_ = np.linalg.lstsq(X1, y, rcond=None)
labels = list(pcs) + names + ["const"]
pred = X1 @ w
print("r2", 1 - ((y - pred) ** 2).mean() / y.var())
for l, v in zip(labels, w): print("%-14s %8.1f" % (l, v))
