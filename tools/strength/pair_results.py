#!/usr/bin/env python3
"""Compares two `menagerie match` logs game by game.

Usage: pair_results.py A.log[,A2.log...] B.log[,B2.log...]

At a fixed number of nodes a game number always starts from the same opening with the same
colours, so the two builds' results can be compared on the games both logs hold (also while a
run is still going). Prints both scores on those games and how many results differ.

Clock games of one build differ from run to run, but a game number still names the same
opening and colours: several runs of a side (comma-separated) are
averaged per game number, and the paired difference A - B with its standard error leaves out
how hard each opening is.
"""
import math, re, sys
def load(f):
    out = {}
    for l in open(f):
        m = re.match(r'game (\d+): (\S+(?: \S+)?) - (\S+(?: \S+)?) (1-0|0-1|1/2-1/2)', l)
        if not m: continue
        n, w, b, r = int(m.group(1)), m.group(2), m.group(3), m.group(4)
        s = 0.5 if r == '1/2-1/2' else (1.0 if (r == '1-0') == (w == 'Menagerie') else 0.0)
        out[n] = s
    return out
def side(arg):
    """Each game number's mean result over the logs listed in `arg`."""
    runs = [load(f) for f in arg.split(',')]
    games = set().union(*runs)
    return {n: sum(r[n] for r in runs if n in r) / sum(n in r for r in runs) for n in games}
a, b = side(sys.argv[1]), side(sys.argv[2])
common = sorted(set(a) & set(b))
sa = sum(a[n] for n in common); sb = sum(b[n] for n in common)
diff = sum(1 for n in common if a[n] != b[n])
print(f"{len(common)} common games: A {sa:.1f} ({100*sa/len(common):.1f}%)  B {sb:.1f} ({100*sb/len(common):.1f}%)  differing results {diff}")
d = [a[n] - b[n] for n in common]
if len(d) > 1:
    mean = sum(d) / len(d)
    se = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d))
    print(f"paired difference A - B: {100*mean:+.1f} ± {100*se:.1f} points (one standard error)")
