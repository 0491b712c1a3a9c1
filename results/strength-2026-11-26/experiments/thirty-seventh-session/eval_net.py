# The error of the static evaluation alone and with a learned correction (at sizes 1 to 0)
# against the labels of ROWS (menagerie tune fit --dump), with the rows' k or the one given.
# usage: eval_net.py ROWS NET KINDS CELLS [k]
import os, sys, numpy as np
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../thirty-fifth-session'))
from average_learned_evals import read_net  # noqa: E402  (the correction file's reader)
rows, net, kinds, cells = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
w1, b1, w2, b2 = read_net(net)
ni = w1.shape[0]
k = None; ys=[]; st=[]; corr=[]
for line in open(rows):
    if line.startswith('# k'): k = float(line.split()[2]); continue
    if line.startswith('#') or not line.strip(): continue
    t = line.split()
    idx = [(int(a)*kinds+int(b))*cells+int(c) for a,b,c in (m.split(':') for m in t[3:])]
    if t[2] == '0': idx.append(ni-1)
    hid = np.maximum(w1[idx].sum(0) + b1, 0)
    ys.append(float(t[0])); st.append(float(t[1])); corr.append(float(hid @ w2 + b2))
if len(sys.argv) > 5: k = float(sys.argv[5])
c = k*np.log(10)/400
y, s, cr = map(np.array, (ys, st, corr))
for f in (1.0, 0.75, 0.5, 0.25, 0.0):
    p = 1/(1+np.exp(-c*(s + f*cr)))
    print(f"k {k} size {f}: error {np.mean((p-y)**2):.5f}  (n {len(y)})")
print("mean |correction| cp", np.mean(np.abs(cr)))
