#!/usr/bin/env python3
"""Average learned corrections (src/search/learned.rs) into one file.

Two nets trained on the same rows differ by their random start and the order of their
batches, and each carries its own share of noise; their average carries less. The average of
nets with one hidden layer is itself one: the hidden layers side by side (input weights and
hidden biases joined), the output weights divided by the number of nets, the output biases
averaged. So the engine reads it as any other correction file, as wide as the nets together
(at most 64 hidden values, learned.rs's MAX_HIDDEN).

Usage:
  average_learned_evals.py OUT NET... [--note TEXT]
Each NET is a correction file as tools/train_learned_eval.py writes it (`#` comment lines,
then inputs and hidden values, the input weights, hidden biases, output weights, output bias).
Needs numpy.
"""
import argparse, os, sys
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../../tools'))
from train_learned_eval import write_correction  # noqa: E402  (the format is the trainer's)


def read_net(path):
    numbers = [float(t) for line in open(path) if not line.lstrip().startswith('#')
               for t in line.split()]
    if len(numbers) < 2:
        sys.exit(f'{path}: not a correction file')
    inputs, hidden = int(numbers[0]), int(numbers[1])
    rest = np.array(numbers[2:])
    if len(rest) != inputs * hidden + 2 * hidden + 1:
        sys.exit(f'{path}: {len(rest)} numbers where {inputs} x {hidden} inputs need '
                 f'{inputs * hidden + 2 * hidden + 1}')
    w1 = rest[:inputs * hidden].reshape(inputs, hidden)
    b1 = rest[inputs * hidden:inputs * hidden + hidden]
    w2 = rest[inputs * hidden + hidden:inputs * hidden + 2 * hidden]
    return w1, b1, w2, rest[-1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('nets', nargs='+')
    ap.add_argument('--note', default='', help='a comment line for the header')
    a = ap.parse_args()
    nets = [read_net(p) for p in a.nets]
    if len({w1.shape[0] for w1, _, _, _ in nets}) != 1:
        sys.exit('the nets have different inputs (different boards)')
    w1 = np.hstack([n[0] for n in nets])
    b1 = np.concatenate([n[1] for n in nets])
    w2 = np.concatenate([n[2] for n in nets]) / len(nets)
    b2 = sum(n[3] for n in nets) / len(nets)
    if w1.shape[1] > 64:
        sys.exit(f'{w1.shape[1]} hidden values together; the engine reads at most 64')
    comments = [f'The average of {len(nets)} learned corrections: {" ".join(a.nets)}',
                f'{sys.argv[0]} {" ".join(sys.argv[1:])}'] + ([a.note] if a.note else [])
    write_correction(a.out, comments, w1, b1, w2, b2)
    print(f'{len(nets)} nets, {w1.shape[1]} hidden values; written to {a.out}')


if __name__ == '__main__':
    main()
