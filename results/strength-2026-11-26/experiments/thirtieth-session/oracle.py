#!/usr/bin/env python3
# oracle.py POSITIONS FS_WRAPPER NODES OUT.jsonl [WORKERS]: Fairy-Stockfish's best move and score
# (side to move's view, centipawns; mates as +-30000) in every position, NODES nodes each from a
# fresh search. Resumable: positions already in OUT are skipped. loss.py imports `init` and
# `work` to score one given move ('searchmoves').
import json, os, sys
from multiprocessing import Pool
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "twenty-eighth-session"))
from fs_common import Engine, fs_fen


def to_fs(m):
    """Fairy-Stockfish writes a promotion to the wildebeest with g, Menagerie with w."""
    return m[:-1] + "g" if m[-1] == "w" else m


def from_fs(m):
    return m[:-1] + "w" if m[-1] == "g" else m


def lines(path):
    """[(index, FEN, [moves])] of a positions file."""
    out = []
    for i, line in enumerate(open(path)):
        fen, _, moves = line.rstrip("\n").partition("\t")
        out.append((i, fen, moves.split()))
    return out


_fs = None


def init(cmd):
    global _fs
    _fs = Engine(cmd)


def work(arg):
    """The oracle's search of one position; with `only`, restricted to that move."""
    (i, fen, moves), nodes, only = arg
    _fs.new_game()
    fsmoves = [to_fs(m) for m in moves]
    if not only:
        best, score, depth = _fs.go(fs_fen(fen), fsmoves, nodes)
        return {"i": i, "move": from_fs(best), "score": score, "depth": depth, "best": True}
    _, score, _ = _fs.go(fs_fen(fen), fsmoves, nodes, to_fs(only))
    return {"i": i, "move": only, "score": score}


if __name__ == "__main__":
    pos_path, cmd, nodes, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    workers = int(sys.argv[5]) if len(sys.argv) > 5 else 2
    done = set()
    if os.path.exists(out):
        done = {json.loads(l)["i"] for l in open(out)}
    todo = [(p, nodes, None) for p in lines(pos_path) if p[0] not in done]
    with Pool(workers, init, (cmd,)) as pool, open(out, "a") as f:
        for r in pool.imap_unordered(work, todo):
            f.write(json.dumps(r) + "\n")
            f.flush()
