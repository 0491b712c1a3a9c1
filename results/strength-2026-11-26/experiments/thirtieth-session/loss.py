#!/usr/bin/env python3
# loss.py POSITIONS FS_WRAPPER NODES ORACLE.jsonl MOVES.jsonl CHOICES... : how much each build's
# choices lose by Fairy-Stockfish's judgement. Every chosen move that is not the oracle's best is
# scored by Fairy-Stockfish restricted to it ('searchmoves', NODES nodes, cached in MOVES.jsonl).
# Only positions the oracle calls undecided (|score| <= 400) count. Per build: mean loss in
# centipawns (each loss capped at 800), mean loss in expected score (logistic, 400 cp = 10:1),
# share of best moves; then each build against the first, paired by position.
import json, math, os, sys
from multiprocessing import Pool
import oracle

pos_path, cmd, nodes, oracle_path, moves_path = sys.argv[1:6]
nodes = int(nodes)
choice_paths = sys.argv[6:]
positions = oracle.lines(pos_path)
best = {}
for l in open(oracle_path):
    r = json.loads(l)
    best[r["i"]] = (r["move"], r["score"])
cache = {}
if os.path.exists(moves_path):
    for l in open(moves_path):
        r = json.loads(l)
        cache[(r["i"], r["move"])] = r["score"]
choices = []
for path in choice_paths:
    c = {}
    for l in open(path):
        i, m = l.split()
        c[int(i)] = m
    choices.append(c)
undecided = sorted(i for i, (_, s) in best.items() if s is not None and abs(s) <= 400)
need = sorted({(i, c[i]) for c in choices for i in undecided
               if i in c and c[i] != best[i][0] and (i, c[i]) not in cache})
if need:
    print("scoring", len(need), "moves", file=sys.stderr)
    with Pool(2, oracle.init, (cmd,)) as pool, open(moves_path, "a") as f:
        for r in pool.imap_unordered(oracle.work, [(positions[i], nodes, m) for i, m in need]):
            cache[(r["i"], r["move"])] = r["score"]
            f.write(json.dumps(r) + "\n"); f.flush()

def p(cp):
    return 1 / (1 + 10 ** (-cp / 400))

def losses(c):
    cp, es = {}, {}
    for i in undecided:
        if i not in c:
            continue
        b, s = best[i]
        sm = s if c[i] == b else cache[(i, c[i])]
        cp[i] = min(800, max(0, s - sm))
        es[i] = max(0.0, p(s) - p(sm))
    return cp, es

def paired(a, b):
    """Mean of a - b over the positions of a, with its standard error."""
    d = [a[i] - b[i] for i in a]
    mean = sum(d) / len(d)
    return mean, math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d))


base = None
for path, c in zip(choice_paths, choices):
    cp, es = losses(c)
    n = len(cp)
    same = sum(1 for i in cp if c[i] == best[i][0])
    line = "%-40s n=%d best %.1f%%  loss %.1f cp  %.2f%% expected score" % (
        os.path.basename(path), n, 100 * same / n, sum(cp.values()) / n, 100 * sum(es.values()) / n)
    if base is None:
        base = (cp, es)
    else:
        me, se = paired(es, base[1])
        mc, sc = paired(cp, base[0])
        line += "  vs first: %+.2f ± %.2f%% es, %+.1f ± %.1f cp, %d moves differ" % (
            100 * me, 100 * se, mc, sc, sum(1 for i in cp if c[i] != choices[0].get(i)))
    print(line)
