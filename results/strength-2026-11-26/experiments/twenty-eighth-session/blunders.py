# Usage: blunders.py PGN FS_WILDEBEEST_WRAPPER OUT FIRST_GAME LOST_GAMES MAX_PLY NODES THRESHOLD_CP
# Per-ply Fairy-Stockfish evaluation of Menagerie's moves in lost games: prints each Menagerie
# move whose evaluation drop (Menagerie's view, before minus after) is at least THRESH.
import sys
from fs_common import Engine, fs_fen, read_games
games = read_games(sys.argv[1])
fs = Engine(sys.argv[2])
out_path = sys.argv[3]
first, count, maxply, nodes, thresh = [int(x) for x in sys.argv[4:9]]
out = open(out_path, "w")
done = 0
for gi, (tags, moves) in enumerate(games):
    if gi < first: continue
    res = tags.get("Result"); me_white = tags.get("White") == "Menagerie"
    lost = (res == "0-1" and me_white) or (res == "1-0" and not me_white)
    if not lost: continue
    done += 1
    if done > count: break
    fen = fs_fen(tags["FEN"])
    white_first = tags["FEN"].split()[1] == 'w'
    for ply in range(0, min(maxply, len(moves))):
        white_to_move = (ply % 2 == 0) == white_first
        if white_to_move != me_white: continue
        fsbest, before, _ = fs.go(fen, moves[:ply], nodes)
        _, after, _ = fs.go(fen, moves[:ply + 1], nodes)
        after = -after
        if abs(before) > 20000: break
        if before - after >= thresh and before > -400:
            out.write("%d %d %s %s %d %d fs=%s moves %s\n" % (gi, ply, tags["FEN"], moves[ply], before, after, fsbest, " ".join(moves[:ply])))
            out.flush()
