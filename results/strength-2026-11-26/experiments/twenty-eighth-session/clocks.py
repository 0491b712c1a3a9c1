# Time a move by move number for both engines, from a `RUST_LOG=debug menagerie match` stderr log
# of games at 5s+0.05s (Menagerie's `go` lines carry both clocks). Usage: clocks.py MATCH.err
import re, sys, collections
# Menagerie's "go" lines in order; a new game starts with another engine process or when a clock
# rises by more than two increments (between two moves of a game it rises by at most one).
lines = [l for l in open(sys.argv[1]) if "< go wtime" in l and "Menagerie@" in l]
games = []; cur = None
for l in lines:
    inst = re.search(r'Menagerie@(\d+)', l).group(1)
    w, b = [int(x) for x in re.search(r'wtime (\d+) btime (\d+)', l).groups()]
    if cur is None or cur[-1][0] != inst or w > cur[-1][1] + 100 or b > cur[-1][2] + 100:
        cur = []; games.append(cur)
    cur.append((inst, w, b))
use = {"M": collections.defaultdict(list), "F": collections.defaultdict(list)}
for g in games:
    # who is white: Menagerie is to move at each go; if the first go has wtime 5000 and btime 5000 Menagerie is white
    me_white = g[0][1] == 5000 and g[0][2] == 5000
    for i in range(1, len(g)):
        (_, w0, b0), (_, w1, b1) = g[i - 1], g[i]
        m_used = ((w0 - w1) if me_white else (b0 - b1)) + 50
        f_used = ((b0 - b1) if me_white else (w0 - w1)) + 50
        use["M"][i].append(m_used); use["F"][i].append(f_used)
for lo, hi in [(1, 5), (6, 10), (11, 15), (16, 20), (21, 25), (26, 30), (31, 40), (41, 60), (61, 200)]:
    row = []
    for who in "MF":
        v = [x for k in range(lo, hi + 1) for x in use[who].get(k, [])]
        row.append("%s %4.0f ms (%d)" % (who, sum(v) / max(1, len(v)), len(v)))
    print("moves %3d-%3d: %s" % (lo, hi, "  ".join(row)))
