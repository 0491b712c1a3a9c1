#!/usr/bin/env python3
"""Scales a learned correction (src/search/learned/*.txt) by a factor: the output weights and the
output bias are multiplied, so the correction the engine adds is multiplied too (the hidden
layer is unchanged, and the output is linear in it).

Thirty-sixth session: Wildebeest's correction was screened at 1.3, 0.75 and 0.5 of its trained
size, because the trainer fits the size of the correction to Fairy-Stockfish's labels, not to
what wins games with this search.

Usage: scale_learned_eval.py IN OUT FACTOR
"""
import sys

# Where this script lives, for the comment it adds to the files it writes.
SELF = 'results/strength-2026-11-26/experiments/thirty-sixth-session/scale_learned_eval.py'


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    src, dst, factor = sys.argv[1], sys.argv[2], float(sys.argv[3])
    lines = open(src).read().rstrip('\n').split('\n')
    comments = [l for l in lines if l.startswith('#')]
    numbers = [l for l in lines if not l.startswith('#')]
    # The last two lines are the output weights and the output bias (write_correction in
    # tools/train_learned_eval.py).
    numbers[-2] = ' '.join(f'{float(x) * factor:.5g}' for x in numbers[-2].split())
    numbers[-1] = f'{float(numbers[-1]) * factor:.5g}'
    comments.append(f'# output weights and bias then scaled by {factor} ({SELF})')
    with open(dst, 'w') as f:
        f.write('\n'.join(comments + numbers) + '\n')


if __name__ == '__main__':
    main()
