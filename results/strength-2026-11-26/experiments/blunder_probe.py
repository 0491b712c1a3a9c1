"""For the positions of blunder_positions.py where Menagerie's move lost at least THRESHOLD
centipawns: the move Menagerie picks at 20k, 200k and 2M nodes and Fairy-Stockfish at 20k and
4k, each scored by Fairy-Stockfish at 400,000 nodes (the "oracle", which favours its own
choices). Needs python-chess.
Usage: blunder_probe.py POSITIONS.jsonl THRESHOLD LIMIT [MENAGERIE_BINARY]"""
import chess, chess.engine, sys, json, os
rows = [json.loads(l) for l in open(sys.argv[1])]
thr = int(sys.argv[2]); limit = int(sys.argv[3])
men = sys.argv[4] if len(sys.argv) > 4 else "/tmp/menagerie-base"
sel = [r for r in rows if abs(r["best_score"]) < 600 and r["best_score"] - r["played_score"] >= thr][:limit]
print(len(sel), "positions", file=sys.stderr)
fs = chess.engine.SimpleEngine.popen_uci(os.environ.get("FS", os.path.expanduser("~/.cache/menagerie-peers/fairy-stockfish")))
fs.configure({"Threads": 1, "Hash": 64})
me = chess.engine.SimpleEngine.popen_uci(men)
cache = {}
def oracle(fen, mv, best, bs):
    if mv == best: return bs
    k = (fen, mv)
    if k not in cache:
        i = fs.analyse(chess.Board(fen), chess.engine.Limit(nodes=400000), root_moves=[chess.Move.from_uci(mv)])
        cache[k] = i["score"].relative.score(mate_score=10000)
    return cache[k]
configs = [("men", 20000), ("men", 200000), ("men", 2000000), ("fs", 20000), ("fs", 4000)]
tot = {c: 0 for c in configs}; good = {c: 0 for c in configs}
for r in sel:
    line = []
    for c in configs:
        eng = me if c[0] == "men" else fs
        if c[0] == "men": me.protocol.send_line("ucinewgame")
        res = eng.play(chess.Board(r["fen"]), chess.engine.Limit(nodes=c[1]), game=object())
        mv = res.move.uci()
        loss = max(0, r["best_score"] - oracle(r["fen"], mv, r["best"], r["best_score"]))
        tot[c] += loss; good[c] += loss < 50
        line.append(f"{c[0]}{c[1]//1000}k:{mv}:{loss}")
    print(r["fen"], "played", r["played"], "loss", r["best_score"] - r["played_score"], " ".join(line), flush=True)
for c in configs:
    print(c, "avg loss", tot[c] / len(sel), "ok(<50)", good[c], "/", len(sel))
fs.quit(); me.quit()
