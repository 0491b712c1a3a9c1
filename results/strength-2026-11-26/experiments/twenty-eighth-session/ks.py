# Fairy-Stockfish's king safety against Menagerie's danger, shelter and tropism. Usage as reg.py.
import sys
import numpy as np
from eval_rows import NAMES as names, load
recs, rows = load(sys.argv[1] if len(sys.argv) > 1 else "fs.jsonl")
ks = np.array([a[4].get("King safety",[0,0])[0]*100 for a in rows])
F = np.array([a[3] for a in rows])
dz = -2 * F[:, 4]; sh = 10 * F[:, 1]; tr = -6 * F[:, 3]
print("std fs ks", ks.std(), "std men danger*w", dz.std())
print("corr(fs ks, men danger contribution)", np.corrcoef(ks, dz)[0,1])
print("corr(fs ks, men danger+shelter+tropism)", np.corrcoef(ks, dz + sh + tr)[0,1])
X = np.column_stack([F[:, 4], F[:, 1], F[:, 3], np.ones(len(F))])
w, *_ = np.linalg.lstsq(X, ks, rcond=None); print("fs ks ~ danger, shelter, tropism:", w)
# distribution of men danger magnitude
import collections
print("men danger |units| percentiles", np.percentile(np.abs(F[:,4]), [50, 75, 90, 95, 99]))
print("fs ks |cp| percentiles", np.percentile(np.abs(ks), [50, 75, 90, 95, 99]))
