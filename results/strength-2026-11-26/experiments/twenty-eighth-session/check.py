# Usage: check.py BLUNDERS_FILE MENAGERIE FS_WILDEBEEST_WRAPPER MIN_DROP FS_NODES M_NODES_LIST(comma-separated)
# For each blunder line (blunders.py output) with a drop >= MIN: Menagerie's choice at several
# node counts, and Fairy-Stockfish's verdict at BIG nodes on the position before and after.
import re, subprocess, sys
lines = [l.split() for l in open(sys.argv[1])]
men, fsbin, mindrop, big = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
node_steps = [int(x) for x in sys.argv[6].split(',')]
def engine(cmd, variant):
    p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
    p.stdin.write("uci\n")
    while not p.stdout.readline().startswith("uciok"): pass
    p.stdin.write("setoption name UCI_Variant value wildebeest\nsetoption name Hash value 64\nisready\n")
    while not p.stdout.readline().startswith("readyok"): pass
    return p
def go(p, fen, moves, nodes, newgame=True):
    if newgame:
        p.stdin.write("ucinewgame\nisready\n")
        while not p.stdout.readline().startswith("readyok"): pass
    p.stdin.write("position fen %s moves %s\ngo nodes %d\n" % (fen, " ".join(moves), nodes))
    score = None; depth = None
    while True:
        l = p.stdout.readline()
        m = re.search(r'score (cp|mate) (-?\d+)', l)
        if m: score = int(m.group(2)) if m.group(1) == 'cp' else (30000 if int(m.group(2)) > 0 else -30000)
        d = re.search(r' depth (\d+)', l)
        if d: depth = int(d.group(1))
        if l.startswith("bestmove"): return l.split()[1], score, depth
M = engine(men, "wildebeest"); F = engine(fsbin, "wildebeest")
for f in lines:
    gi, ply, fen = f[0], f[1], " ".join(f[2:8])
    played, before, after = f[8], int(f[9]), int(f[10])
    moves = f[f.index("moves") + 1:]
    if before - after < mindrop or before < -300: continue
    ffen = fen.split(); ffen[0] = ffen[0].replace("w","g").replace("W","G"); ffen = " ".join(ffen)
    fb, fs_before, fd = go(F, ffen, moves, big)
    _, fs_after, _ = go(F, ffen, moves + [played], big)
    picks = []
    for n in node_steps:
        mv, sc, d = go(M, fen, moves, n)
        picks.append("%s(%s,d%s)" % (mv, sc, d))
    print("g%s p%s played %s | FS %dk: best %s d%s %s -> after %s | Menagerie %s" % (gi, ply, played, big // 1000, fb, fd, fs_before, -fs_after if fs_after is not None else None, " ".join(picks)), flush=True)
