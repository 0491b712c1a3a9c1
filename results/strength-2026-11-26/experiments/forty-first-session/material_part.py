# The learned correction's material part: its output (cp, first player's view) on ROWS,
# regressed on the first-minus-second player's count of each kind and the side to move.
# Every fourth row is used (a sample that keeps the run short).
# usage: material_part.py NET KINDS CELLS ROWS...
import os, sys, numpy as np
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../thirty-fifth-session'))
from average_learned_evals import read_net
net, kinds, cells = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
w1, b1, w2, b2 = read_net(net)
ni = w1.shape[0]
X=[]; Y=[]
for path in sys.argv[4:]:
    for n, line in enumerate(open(path)):
        if line.startswith('#') or not line.strip(): continue
        if n % 4: continue
        t = line.split()
        men = [tuple(int(x) for x in m.split(':')) for m in t[3:]]
        idx = [(o*kinds+k)*cells+c for o,k,c in men]
        first = t[2] == '0'
        if first: idx.append(ni-1)
        out = float(np.maximum(w1[idx].sum(0)+b1, 0) @ w2 + b2)
        cnt = np.zeros(kinds)
        for o,k,c in men: cnt[k] += 1 if o == 0 else -1
        X.append(np.concatenate([cnt, [1.0 if first else -1.0, 1.0]])); Y.append(out)
X=np.array(X); Y=np.array(Y)
coef, *_ = np.linalg.lstsq(X, Y, rcond=None)
pred = X @ coef
print("n", len(Y), "mean |out|", np.abs(Y).mean(), "sd", Y.std(), "R2 of material", 1-((Y-pred)**2).mean()/Y.var())
print("per kind (cp a man):", ' '.join(f'{c:.1f}' for c in coef[:kinds]), "side", f'{coef[kinds]:.1f}', "const", f'{coef[kinds+1]:.1f}')
