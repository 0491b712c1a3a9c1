# Fairy-Stockfish's score (Menagerie's view) every 6 plies of each game of a Wildebeest match PGN.
# Usage: decide.py PGN NODES FS_WILDEBEEST_WRAPPER OUT
import sys
from fs_common import Engine, fs_fen, read_games
games = read_games(sys.argv[1])
nodes = int(sys.argv[2])
step = 6
fs = Engine(sys.argv[3])
out = open(sys.argv[4], "w")
for gi, (tags, moves) in enumerate(games):
    res = tags.get("Result")
    me_white = tags.get("White") == "Menagerie"
    me_res = {"1-0": 1.0, "0-1": 0.0}.get(res, 0.5)
    if not me_white: me_res = 1 - me_res if res != "1/2-1/2" else 0.5
    evals = []
    for ply in range(0, len(moves), step):
        _, score, _ = fs.go(fs_fen(tags["FEN"]), moves[:ply], nodes)
        white_to_move = (ply % 2 == 0) == (tags["FEN"].split()[1] == 'w')
        s = score if white_to_move else -score
        if not me_white: s = -s
        evals.append((ply, s))
    out.write("%d %s %d %s\n" % (gi, me_res, len(moves), " ".join("%d:%d" % e for e in evals)))
    out.flush()
