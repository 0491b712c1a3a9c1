# Positions like those inside a search tree: from game positions, one to three random legal
# moves, then labelled by Fairy-Stockfish at NODES nodes (white win probability, as
# label_with_fairy_stockfish.py) and kept only when Fairy-Stockfish's best move is quiet (no
# capture, no promotion) and the side to move is not in check, as pgn_positions.py keeps game
# positions whose next move is quiet.
# usage: tree_positions.py IN OUT NODES PART NPARTS SEED   (IN: `<label> <fen>` lines)
import sys, re, random, subprocess, chess
inp, out, nodes, part, nparts, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
rng = random.Random(seed * 1000 + part)
p = subprocess.Popen(["/root/.cache/menagerie-peers/fairy-stockfish"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
def wait(tok):
    while True:
        l = p.stdout.readline()
        if l.startswith(tok): return l
send("uci"); wait("uciok"); send("setoption name Hash value 16"); send("isready"); wait("readyok")
o = open(out, "w")
kept = tried = 0
for i, line in enumerate(open(inp)):
    if line.startswith('#') or i % nparts != part: continue
    fen = line.split(None, 1)[1].strip()
    b = chess.Board(fen)
    for _ in range(rng.choice((1, 2, 3))):
        ms = list(b.legal_moves)
        if not ms: break
        b.push(rng.choice(ms))
    if b.is_game_over() or b.is_check(): continue
    tried += 1
    send("position fen " + b.fen()); send(f"go nodes {nodes}")
    score = best = None
    while True:
        l = p.stdout.readline()
        if not l: break
        m = re.search(r"score (cp|mate) (-?\d+)", l)
        if l.startswith("info") and m and " pv " in l:
            score = int(m.group(2)) if m.group(1) == "cp" else (3000 if int(m.group(2)) > 0 else -3000)
        if l.startswith("bestmove"):
            best = l.split()[1]; break
    if score is None or best is None or best == "(none)": continue
    mv = chess.Move.from_uci(best)
    if b.is_capture(mv) or mv.promotion: continue
    if b.turn == chess.BLACK: score = -score
    o.write(f"{1 / (1 + 10 ** (-score / 400)):.4f} {b.fen()}\n"); kept += 1
    if kept % 5000 == 0: o.flush(); print(part, tried, kept, file=sys.stderr, flush=True)
print("part", part, "tried", tried, "kept", kept, file=sys.stderr)
