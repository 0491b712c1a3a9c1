#!/usr/bin/env python3
"""Train a learned correction to Menagerie's evaluation (src/eval/learned.rs).

The correction is one hidden layer over (owner, kind, cell) inputs plus "the first player to
move", trained as the residual of the hand-made evaluation:
    label ~ 1 / (1 + exp(-c * (static + correction))),  c = k * ln(10) / 400
where label is Fairy-Stockfish's score turned into a probability and k the scale
`menagerie tune fit --dump` fitted for the static evaluation. Loss: mean squared error, with an
L2 pull on the input weights; Adam, mini-batches of 1024.

Every training row can also be used mirrored: colours swapped, label and evaluation negated,
and the board either turned half a turn (--mirror, or --mirror turn: the same game when the
start position is point-symmetric, as Wildebeest's is) or flipped rank for rank (--mirror ranks
--files F: the same game when the start is mirror-symmetric across the middle rank, as
orthodox chess's is; cells count files fastest, so cell = rank * F + file). Every tenth block of
512 rows (a few games) is held out; the weights of the epoch with the least held-out error are
written.

Usage:
  train_learned_eval.py ROWS... --out FILE --kinds K --cells N [--hidden 32] [--epochs 12]
                        [--l2 1e-5] [--mirror [turn|ranks] [--files F]] [--seed 1]
ROWS files come from `menagerie tune fit --dump ROWS SAMPLES...`. Needs numpy.
"""
import argparse, sys
import numpy as np


def mirrored_cell(mirror, cells, files):
    """The cell a man stands on once the board is mirrored (see the module docs)."""
    if mirror == 'turn':
        return lambda c: cells - 1 - c
    ranks = cells // files
    return lambda c: (ranks - 1 - c // files) * files + c % files


def read_rows(paths, kinds, cells, mirror, files):
    mirror_cell = mirrored_cell(mirror, cells, files) if mirror else None
    inputs = 2 * kinds * cells + 1
    labels, statics, rows, k = [], [], [], None
    for path in paths:
        for line in open(path):
            if line.startswith('# k'):
                k = float(line.split()[2])
                continue
            if line.startswith('#') or not line.strip():
                continue
            t = line.split()
            men = [tuple(int(x) for x in m.split(':')) for m in t[3:]]
            first_to_move = t[2] == '0'
            variants = [(float(t[0]), float(t[1]), men, first_to_move)]
            if mirror:
                turned = [(1 - o, kind, mirror_cell(c)) for o, kind, c in men]
                variants.append((1 - float(t[0]), -float(t[1]), turned, not first_to_move))
            for label, static, ms, first in variants:
                idx = [(o * kinds + kind) * cells + c for o, kind, c in ms]
                if first:
                    idx.append(inputs - 1)
                labels.append(label); statics.append(static); rows.append(idx)
    if k is None:
        sys.exit('no "# k" line: make the rows with menagerie tune fit --dump')
    return np.array(labels, np.float32), np.array(statics, np.float32), rows, k, inputs


def write_correction(path, comments, w1, b1, w2, b2):
    """Writes a correction file as src/eval/learned.rs reads it: `#` comment lines, inputs and
    hidden values, the input weights a row per input, hidden biases, output weights in
    centipawns, output bias."""
    with open(path, 'w') as f:
        for line in comments:
            f.write(f'# {line}\n')
        f.write(f'{w1.shape[0]} {w1.shape[1]}\n')
        for row in w1:
            f.write(' '.join(f'{x:.4g}' for x in row) + '\n')
        f.write(' '.join(f'{x:.5g}' for x in b1) + '\n')
        f.write(' '.join(f'{x:.5g}' for x in w2) + '\n')
        f.write(f'{b2:.5g}\n')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('rows', nargs='+')
    ap.add_argument('--out', required=True)
    ap.add_argument('--kinds', type=int, required=True)
    ap.add_argument('--cells', type=int, required=True)
    ap.add_argument('--hidden', type=int, default=32)
    ap.add_argument('--epochs', type=int, default=12)
    ap.add_argument('--l2', type=float, default=1e-5)
    ap.add_argument('--mirror', nargs='?', const='turn', choices=['turn', 'ranks'])
    ap.add_argument('--files', type=int, help='files of the board, for --mirror ranks')
    ap.add_argument('--seed', type=int, default=1)
    a = ap.parse_args()
    if a.mirror == 'ranks' and (not a.files or a.cells % a.files):
        ap.error('--mirror ranks needs --files F, with F dividing --cells')
    y, static, rows, k, inputs = read_rows(a.rows, a.kinds, a.cells, a.mirror, a.files)
    n, h = len(y), a.hidden
    X = np.zeros((n, inputs), np.uint8)  # a byte per input; batches are widened to floats
    for i, idx in enumerate(rows):
        X[i, idx] = 1.0
    held = (np.arange(n) // 512) % 10 == 9
    c = k * np.log(10) / 400
    scale = 100.0  # the output in centipawns is scale * (hidden . w2 + b2)
    rng = np.random.default_rng(a.seed)
    params = [(rng.standard_normal((inputs, h)) * 0.05).astype(np.float32),
              np.zeros(h, np.float32),
              (rng.standard_normal(h) * 0.01).astype(np.float32),
              np.zeros(1, np.float32)]

    def forward(Xb, sb):
        w1, b1, w2, b2 = params
        pre = Xb @ w1 + b1
        hid = np.maximum(pre, 0)
        p = 1 / (1 + np.exp(-c * (sb + scale * (hid @ w2 + b2[0]))))
        return pre, hid, p

    def error(mask):
        rows = np.where(mask)[0]
        total = 0.0
        for s in range(0, len(rows), 65536):
            r = rows[s:s + 65536]
            total += float(np.sum((forward(X[r].astype(np.float32), static[r])[2] - y[r]) ** 2))
        return total / len(rows)

    base = float(np.mean((1 / (1 + np.exp(-c * static[held])) - y[held]) ** 2))
    print(f'{n} rows, {inputs} inputs, k {k}; held-out error of the static evaluation {base:.5f}',
          flush=True)
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    train = np.where(~held)[0]
    step, best = 0, (float('inf'), None, -1)
    for epoch in range(a.epochs):
        rng.shuffle(train)
        for s in range(0, len(train), 1024):
            b = train[s:s + 1024]
            Xb = X[b].astype(np.float32)
            pre, hid, p = forward(Xb, static[b])
            g = 2 * (p - y[b]) * p * (1 - p) * c * scale / len(b)
            w1, _, w2, _ = params
            gpre = np.outer(g, w2) * (pre > 0)
            grads = [Xb.T @ gpre + 2 * a.l2 * w1, gpre.sum(0), hid.T @ g, np.array([g.sum()])]
            step += 1
            for p_, g_, m_, v_ in zip(params, grads, m, v):
                m_ *= 0.9; m_ += 0.1 * g_
                v_ *= 0.999; v_ += 0.001 * g_ * g_
                p_ -= 1e-3 * (m_ / (1 - 0.9 ** step)) / (np.sqrt(v_ / (1 - 0.999 ** step)) + 1e-8)
        e = error(held)
        print(f'epoch {epoch}: training {error(~held):.5f}, held out {e:.5f}', flush=True)
        if e < best[0]:
            best = (e, [p.copy() for p in params], epoch)
    w1, b1, w2, b2 = best[1]
    write_correction(a.out, [
        f'Learned correction: {inputs} inputs ({a.kinds} kinds x {a.cells} cells x 2 owners'
        f' + first player to move), {h} hidden values.',
        f'tools/train_learned_eval.py {" ".join(sys.argv[1:])}',
        f'{n} rows; held-out error {base:.5f} (static evaluation) -> {best[0]:.5f}'
        f' (epoch {best[2]})'], w1, b1, w2 * scale, b2[0] * scale)
    print(f'best held-out error {best[0]:.5f} at epoch {best[2]}; written to {a.out}')


if __name__ == '__main__':
    main()
