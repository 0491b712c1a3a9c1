#!/usr/bin/env python3
# choose.py POSITIONS ENGINE NODES OUT [WORKERS]: the move Menagerie (ENGINE, a UCI engine that
# plays Wildebeest) chooses in each position at NODES nodes from a fresh search ('ucinewgame'
# before each, Hash 16 MB); OUT gets 'index move' lines in position order.
import sys
from multiprocessing import Pool
from oracle import lines, Engine

_engine = None


def init(cmd):
    global _engine
    _engine = Engine(cmd, hash_mb=16)


def work(arg):
    (i, fen, moves), nodes = arg
    _engine.new_game()
    return i, _engine.go(fen, moves, nodes)[0]


if __name__ == "__main__":
    pos, cmd, nodes, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    workers = int(sys.argv[5]) if len(sys.argv) > 5 else 2
    with Pool(workers, init, (cmd,)) as pool:
        res = sorted(pool.imap_unordered(work, [(p, nodes) for p in lines(pos)], chunksize=8))
    with open(out, "w") as f:
        for i, m in res:
            f.write("%d %s\n" % (i, m))
