# Menagerie's static evaluation against Fairy-Stockfish's classical one on fsevals.py's positions.
# Needs numpy and the evaltrace example (see eval_rows.py). Usage: analyse.py OUT.jsonl
import sys
import numpy as np
from eval_rows import NAMES as names, load
recs, rows = load(sys.argv[1])
fs = np.array([a[0] for a in rows]); me = np.array([a[1] for a in rows]); mat = np.array([a[2] for a in rows])
res = np.array([a[5] for a in rows])
print("positions", len(rows))
print("corr(fs, men)", np.corrcoef(fs, me)[0,1], " std fs", fs.std(), "std men", me.std())
resid = fs - me
print("resid mean", resid.mean(), "std", resid.std())
fsterm_names = ["Material","Imbalance","Pawns","Knights","Bishops","Rooks","Queens","Mobility","King safety","Threats","Passed","Space","Winnable"]
for n in fsterm_names:
    v = np.array([ (a[4].get(n,[0,0])[0]*0.7 + a[4].get(n,[0,0])[1]*0.3)*100 for a in rows])
    print("%-12s std %7.1f corr with resid %+.3f" % (n, v.std(), np.corrcoef(v, resid)[0,1] if v.std() > 0 else 0))
F = np.array([a[3] for a in rows])
for i, n in enumerate(names):
    if F[:, i].std() > 0:
        print("men %-14s std %6.2f corr with resid %+.3f" % (n, F[:, i].std(), np.corrcoef(F[:, i], resid)[0,1]))
# Which evaluation predicts the result better (logistic fit on one scale)?
def ll(x):
    best = None
    for k in np.linspace(0.001, 0.02, 40):
        p = 1 / (1 + np.exp(-k * x)); p = np.clip(p, 1e-6, 1 - 1e-6)
        l = -np.mean(res * np.log(p) + (1 - res) * np.log(1 - p))
        if best is None or l < best[0]: best = (l, k)
    return best
print("log loss vs result: fs", ll(fs), "men", ll(me), "material", ll(mat))
stm = np.array([1 if r["fen"].split()[1]=='w' else 0 for r in recs][:len(rows)])
for s in (0,1):
    m = stm == s
    print("white to move" if s else "black to move", "fs mean", fs[m].mean(), "men mean", me[m].mean(), "mat mean", mat[m].mean())
# Menagerie as white or black: games alternate; result known
