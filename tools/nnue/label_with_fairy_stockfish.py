# Relabels `<result> <fen>` samples with Fairy-Stockfish's search score turned into a white
# win probability: p = 1 / (1 + 10^(-cp/400)). usage: label.py IN OUT NODES PART NPARTS [ini variant]
# NODES `static` labels with Fairy-Stockfish's classical static evaluation instead (its `eval`
# command, no search): a search score also holds the tactics the position
# hides, which Menagerie's own search finds again. Positions it cannot evaluate (in check) are
# left out, as are those a search gives no score.
import os, sys, re, subprocess
inp, out, nodes, part, nparts = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
ini = sys.argv[6] if len(sys.argv) > 6 else None
variant = sys.argv[7] if len(sys.argv) > 7 else None
p = subprocess.Popen([os.environ.get("FSBIN", os.path.expanduser("~/.cache/menagerie-peers/fairy-stockfish"))], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
def wait(tok):
    while True:
        l = p.stdout.readline()
        if l.startswith(tok): return l
def search_score(side_to_move):
    """White's score from a search of `nodes` nodes (mates as +-3000 cp), or None."""
    send(f"go nodes {nodes}")
    score = None
    while True:
        l = p.stdout.readline()
        if not l: break
        m = re.search(r"score (cp|mate) (-?\d+)", l)
        if l.startswith("info") and m and " pv " in l:
            score = int(m.group(2)) if m.group(1) == "cp" else (3000 if int(m.group(2)) > 0 else -3000)
        if l.startswith("bestmove"): break
    return -score if score is not None and side_to_move == "b" else score
def static_score():
    """White's score from the classical static evaluation, or None (in check)."""
    send("eval")
    while True:
        l = p.stdout.readline()
        if not l: return None
        if l.startswith("Final evaluation"):
            m = re.search(r"(-?\d+\.\d+)", l)
            return round(float(m.group(1)) * 100) if m else None
send("uci"); wait("uciok")
if ini: send(f"setoption name VariantPath value {ini}")
if variant: send(f"setoption name UCI_Variant value {variant}")
send("setoption name Hash value 32"); send("isready"); wait("readyok")
lines = [l.strip() for l in open(inp) if l.strip() and not l.startswith("#")]
w = open(out, "w")
for i, line in enumerate(lines):
    if i % nparts != part: continue
    fen = line.split(" ", 1)[1]
    theirs = fen
    if variant == "wildebeest":
        # Fairy-Stockfish's Wildebeest calls the wildebeest g and castles differently; the
        # label is a score, so castling and en passant rights are dropped.
        f = fen.split()
        f[0] = f[0].replace("W", "G").replace("w", "g")
        f[2] = "-"; f[3] = "-"
        theirs = " ".join(f)
    send("position fen " + theirs)
    score = static_score() if nodes == "static" else search_score(fen.split()[1])
    if score is None: continue
    prob = 1 / (1 + 10 ** (-score / 400))
    w.write(f"{prob:.4f} {fen}\n")
w.close()
send("quit")
