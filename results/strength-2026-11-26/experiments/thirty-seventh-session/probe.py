# For each position drops.py printed (fen and the move Menagerie played): Fairy-Stockfish's best
# move and score at 1,000,000 nodes, its score of the played move, and Menagerie's choice at each
# of the given node counts with Fairy-Stockfish's score of it at 300,000 nodes (a development
# diagnostic; needs the Fairy-Stockfish of tools/build_fairy_stockfish.sh).
# usage: probe.py MENAGERIE POSITIONS NODES[,NODES...]
import os, sys, subprocess, re
FS = os.path.expanduser("~/.cache/menagerie-peers/fairy-stockfish")
class Eng:
    def __init__(s, cmd):
        s.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        s.send("uci"); s.wait("uciok"); s.send("setoption name Hash value 64"); s.send("isready"); s.wait("readyok")
    def send(s, x): s.p.stdin.write(x + "\n"); s.p.stdin.flush()
    def wait(s, tok):
        while True:
            l = s.p.stdout.readline()
            if l.startswith(tok): return l
    def go(s, fen, nodes, moves=None):
        s.send("ucinewgame"); s.send("position fen " + fen)
        s.send(f"go nodes {nodes}" + (f" searchmoves {moves}" if moves else ""))
        score = None
        while True:
            l = s.p.stdout.readline()
            m = re.search(r"score (cp|mate) (-?\d+)", l)
            if l.startswith("info") and m and " pv " in l:
                score = int(m.group(2)) if m.group(1) == "cp" else (10000 if int(m.group(2)) > 0 else -10000)
            if l.startswith("bestmove"): return l.split()[1], score
fs = Eng(FS); me = Eng(sys.argv[1]); nodes = [int(x) for x in sys.argv[3].split(',')]
for line in open(sys.argv[2]):
    parts = line.strip().split(' ')
    mv = parts[4]; fen = ' '.join(parts[5:11])
    best, bs = fs.go(fen, 1000000)
    _, ps = fs.go(fen, 1000000, mv)
    mine = [me.go(fen, n) for n in nodes]
    judged = []
    for m_, s_ in mine:
        _, js = fs.go(fen, 300000, m_)
        judged.append(f"{m_}({s_}; FS {js})")
    print(f"{fen} | played {mv}: FS {ps} | FS best {best} {bs} | Menagerie " + ' '.join(judged), flush=True)
