#!/usr/bin/env python3
"""Compares two `menagerie match` logs game by game (fourteenth session).

Usage: pair_results.py A.log B.log

At a fixed number of nodes a game number always starts from the same opening with the same
colours, so the two builds' results can be compared on the games both logs hold (also while a
run is still going). Prints both scores on those games and how many results differ.
"""
import re, sys
def load(f):
    out = {}
    for l in open(f):
        m = re.match(r'game (\d+): (\S+(?: \S+)?) - (\S+(?: \S+)?) (1-0|0-1|1/2-1/2)', l)
        if not m: continue
        n, w, b, r = int(m.group(1)), m.group(2), m.group(3), m.group(4)
        s = 0.5 if r == '1/2-1/2' else (1.0 if (r == '1-0') == (w == 'Menagerie') else 0.0)
        out[n] = s
    return out
a, b = load(sys.argv[1]), load(sys.argv[2])
common = sorted(set(a) & set(b))
sa = sum(a[n] for n in common); sb = sum(b[n] for n in common)
diff = sum(1 for n in common if a[n] != b[n])
print(f"{len(common)} common games: A {sa} ({100*sa/len(common):.1f}%)  B {sb} ({100*sb/len(common):.1f}%)  differing results {diff}")
