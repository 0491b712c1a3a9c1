# Positions like those inside a search tree: from game positions, one to three random legal
# moves, then labelled by Fairy-Stockfish at NODES nodes (white win probability, as
# label_with_fairy_stockfish.py) and kept only when Fairy-Stockfish's best move is quiet (no
# capture, no promotion) and the side to move is not in check, as pgn_positions.py keeps game
# positions whose next move is quiet.
# usage: tree_positions.py IN OUT NODES PART NPARTS SEED   (IN: `<label> <fen>` lines)
# (Its engine talk now comes from ../twenty-eighth-session/fs_common.py; the labels are the
# same as the run's on a 30-line check.)
import os, sys, random, chess
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'twenty-eighth-session'))
from fs_common import Engine

inp, out, nodes, part, nparts, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
rng = random.Random(seed * 1000 + part)
fs = Engine(os.path.expanduser("~/.cache/menagerie-peers/fairy-stockfish"), hash_mb=16, variant=None)
o = open(out, "w")
kept = tried = 0
for i, line in enumerate(open(inp)):
    if line.startswith('#') or i % nparts != part: continue
    b = chess.Board(line.split(None, 1)[1].strip())
    for _ in range(rng.choice((1, 2, 3))):
        ms = list(b.legal_moves)
        if not ms: break
        b.push(rng.choice(ms))
    if b.is_game_over() or b.is_check(): continue
    tried += 1
    best, score, _ = fs.go(b.fen(), [], nodes)
    if score is None or best in (None, "(none)"): continue
    mv = chess.Move.from_uci(best)
    if b.is_capture(mv) or mv.promotion: continue
    if b.turn == chess.BLACK: score = -score
    o.write(f"{1 / (1 + 10 ** (-score / 400)):.4f} {b.fen()}\n"); kept += 1
    if kept % 5000 == 0: o.flush(); print(part, tried, kept, file=sys.stderr, flush=True)
print("part", part, "tried", tried, "kept", kept, file=sys.stderr)
