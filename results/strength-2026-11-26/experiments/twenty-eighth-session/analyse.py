# Menagerie's static evaluation against Fairy-Stockfish's classical one on fsevals.py's positions.
# Needs numpy and evaltrace.rs built as an example: copy it to examples/ and run
# `cargo build --release --example evaltrace`. Usage: analyse.py OUT.jsonl
import json, subprocess, sys
import numpy as np
recs = [json.loads(l) for l in open(sys.argv[1])]
recs = [r for r in recs if abs(r["classical"]) < 15]
fens = "\n".join(r["fen"] for r in recs) + "\n"
out = subprocess.run(["/work/main/target/release/examples/evaltrace", "wildebeest"], input=fens, capture_output=True, text=True).stdout.split("\n")
names = ["mobility","shelter","passed","tropism","danger","thr_pawn","thr_lesser","hanging","doubled","isolated","supported","open_file","free_passed","pair","outposts","passer_royals"]
rows = []
vals = {'P':100,'N':252,'B':370,'R':656,'Q':1496,'C':226,'G':818,'K':0}
for r, o in zip(recs, out):
    if o.startswith("error") or not o: continue
    x = [int(t) for t in o.split()]
    white = r["fen"].split()[1] == 'w'
    sgn = 1 if white else -1
    men = x[0] * sgn  # white's view
    board = r["fen"].split()[0]
    mat = sum((vals[c] if c.isupper() else -vals[c.upper()]) for c in board if c.upper() in vals)
    fsv = r["classical"] * 100
    t = r["terms"]
    res = {"1-0": 1, "0-1": 0}.get(r["result"], 0.5)
    rows.append((fsv, men, mat, [sgn * v for v in x[1:]], t, res, r["ply"]))
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
