# Positions like those inside a search tree: from game positions, one to three random legal
# moves, then labelled by Fairy-Stockfish at NODES nodes (white win probability, as
# label_with_fairy_stockfish.py) and kept only when Fairy-Stockfish's best move is quiet (no
# capture, no promotion) and the side to move is not in check, as pgn_positions.py keeps game
# positions whose next move is quiet.
# usage: tree_positions.py IN OUT NODES PART NPARTS SEED   (IN: `<label> <fen>` lines)
# (The engine talk was rewritten after the run, into the Engine class; same output on a 30-line check.)
import sys, re, random, subprocess, chess
inp, out, nodes, part, nparts, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
rng = random.Random(seed * 1000 + part)
class Engine:
    """Fairy-Stockfish over UCI: `ask` sends a command and returns the lines up to the one that
    starts with `until`."""
    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    def ask(self, command, until=None):
        self.proc.stdin.write(command + "\n"); self.proc.stdin.flush()
        lines = []
        while until is not None:
            line = self.proc.stdout.readline()
            if not line: break
            lines.append(line)
            if line.startswith(until): break
        return lines
fs = Engine("/root/.cache/menagerie-peers/fairy-stockfish")
fs.ask("uci", "uciok"); fs.ask("setoption name Hash value 16"); fs.ask("isready", "readyok")
SCORE = re.compile(r"score (cp|mate) (-?\d+)")
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
    fs.ask("position fen " + b.fen())
    lines = fs.ask(f"go nodes {nodes}", "bestmove")
    scored = [SCORE.search(l) for l in lines if l.startswith("info") and " pv " in l]
    scored = [m for m in scored if m]
    score = None
    if scored:
        kind, value = scored[-1].group(1), int(scored[-1].group(2))
        score = value if kind == "cp" else (3000 if value > 0 else -3000)
    best = lines[-1].split()[1] if lines and lines[-1].startswith("bestmove") else None
    if score is None or best is None or best == "(none)": continue
    mv = chess.Move.from_uci(best)
    if b.is_capture(mv) or mv.promotion: continue
    if b.turn == chess.BLACK: score = -score
    o.write(f"{1 / (1 + 10 ** (-score / 400)):.4f} {b.fen()}\n"); kept += 1
    if kept % 5000 == 0: o.flush(); print(part, tried, kept, file=sys.stderr, flush=True)
print("part", part, "tried", tried, "kept", kept, file=sys.stderr)
