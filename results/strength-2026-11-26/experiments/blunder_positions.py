"""Positions from lost games where Menagerie was to move (plies 10-70), each scored by
Fairy-Stockfish at 400,000 nodes: its best move and score, and the score of the move Menagerie
played. Development diagnostic (issue 12), needs python-chess (`pip install chess`).
Usage: blunder_positions.py GAMES.pgn OUT.jsonl MAX_POSITIONS   (FS: the Fairy-Stockfish binary)"""
import chess, chess.pgn, chess.engine, sys, json, random, os
pgn = open(sys.argv[1])
out = open(sys.argv[2], "w")
maxpos = int(sys.argv[3])
fs = chess.engine.SimpleEngine.popen_uci(os.environ.get("FS", os.path.expanduser("~/.cache/menagerie-peers/fairy-stockfish")))
fs.configure({"Threads": 1, "Hash": 64})
positions = []
while True:
    g = chess.pgn.read_game(pgn)
    if g is None: break
    me_white = g.headers["White"] == "Menagerie"
    res = g.headers["Result"]
    lost = (res == "0-1" and me_white) or (res == "1-0" and not me_white)
    if not lost: continue
    b = g.board()
    for i, mv in enumerate(g.mainline_moves()):
        if b.turn == (chess.WHITE if me_white else chess.BLACK) and 10 <= i <= 70:
            positions.append((b.fen(), mv.uci()))
        b.push(mv)
random.seed(1)
random.shuffle(positions)
n = 0
for fen, played in positions[:maxpos]:
    b = chess.Board(fen)
    info = fs.analyse(b, chess.engine.Limit(nodes=400000))
    best = info["pv"][0].uci(); bs = info["score"].relative.score(mate_score=10000)
    if best == played:
        ps = bs
    else:
        i2 = fs.analyse(b, chess.engine.Limit(nodes=400000), root_moves=[chess.Move.from_uci(played)])
        ps = i2["score"].relative.score(mate_score=10000)
    out.write(json.dumps({"fen": fen, "played": played, "best": best, "best_score": bs, "played_score": ps}) + "\n")
    out.flush()
    n += 1
fs.quit()
