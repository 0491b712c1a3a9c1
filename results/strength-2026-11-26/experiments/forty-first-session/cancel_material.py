# Adds to a correction file one hidden value that is always active (a large bias) and linear in
# the men: each man of kind k adds -a_k for the first player and +a_k for the second, so the
# file's correction loses the material part `a` (cp a man, per kind) found by material_part.py.
# usage: cancel_material.py IN OUT KINDS CELLS a_0 ... a_{KINDS-1}
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../thirty-fifth-session'))
from average_learned_evals import read_net
import numpy as np
src, out, kinds, cells = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
a = [float(x) for x in sys.argv[5:5+kinds]]
w1, b1, w2, b2 = read_net(src)
# The always-active value's bias: above anything the linear sum reaches (nine queens and
# eight pawns come to under 1,000 cp), so the value is never cut at zero; the output bias
# takes it back.
B = 4000.0
col = np.zeros((w1.shape[0], 1), np.float64)
for o in range(2):
    for k in range(kinds):
        for c in range(cells):
            col[(o*kinds+k)*cells+c, 0] = -a[k] if o == 0 else a[k]
w1 = np.hstack([w1, col]); b1 = np.append(b1, B); w2 = np.append(w2, 1.0); b2 = b2 - B
comments = [l[2:].rstrip('\n') for l in open(src) if l.startswith('#')]
comments.append(f'one linear hidden value added (cancel_material.py): material part {a} cp a man taken out')
# Written here rather than by write_correction (tools/train_learned_eval.py), whose five
# significant digits would round the output bias, offset by B, to tenths of a centipawn.
with open(out, 'w') as f:
    for line in comments: f.write(f'# {line}\n')
    f.write(f'{w1.shape[0]} {w1.shape[1]}\n')
    for row in w1: f.write(' '.join(f'{x:.6g}' for x in row) + '\n')
    f.write(' '.join(f'{x:.6g}' for x in b1) + '\n')
    f.write(' '.join(f'{x:.6g}' for x in w2) + '\n')
    f.write(f'{b2:.6g}\n')
