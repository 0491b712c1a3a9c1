# Usage: check.py BLUNDERS_FILE MENAGERIE FS_WILDEBEEST_WRAPPER MIN_DROP FS_NODES M_NODES_LIST(comma-separated)
# For each blunder line (blunders.py output) with a drop >= MIN: Menagerie's choice at several
# node counts, and Fairy-Stockfish's verdict at BIG nodes on the position before and after.
import sys
from fs_common import Engine, fs_fen
lines = [l.split() for l in open(sys.argv[1])]
men, fsbin, mindrop, big = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
node_steps = [int(x) for x in sys.argv[6].split(',')]
def go(engine, fen, moves, nodes):
    engine.new_game()
    return engine.go(fen, moves, nodes)
M = Engine(men); F = Engine(fsbin)
for f in lines:
    gi, ply, fen = f[0], f[1], " ".join(f[2:8])
    played, before, after = f[8], int(f[9]), int(f[10])
    moves = f[f.index("moves") + 1:]
    if before - after < mindrop or before < -300: continue
    ffen = fs_fen(fen)
    fb, fs_before, fd = go(F, ffen, moves, big)
    _, fs_after, _ = go(F, ffen, moves + [played], big)
    picks = []
    for n in node_steps:
        mv, sc, d = go(M, fen, moves, n)
        picks.append("%s(%s,d%s)" % (mv, sc, d))
    print("g%s p%s played %s | FS %dk: best %s d%s %s -> after %s | Menagerie %s" % (gi, ply, played, big // 1000, fb, fd, fs_before, -fs_after if fs_after is not None else None, " ".join(picks)), flush=True)
