# Fairy-Stockfish's classical evaluation regressed on piece counts and Menagerie's board terms
# Usage: reg.py [OUT.jsonl of fsevals.py, default fs.jsonl]
import sys
import numpy as np
from eval_rows import NAMES as names, load
recs, rows = load(sys.argv[1] if len(sys.argv) > 1 else "fs.jsonl")
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
