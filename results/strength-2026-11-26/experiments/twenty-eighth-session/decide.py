# Fairy-Stockfish's score (Menagerie's view) every 6 plies of each game of a Wildebeest match PGN.
# Usage: decide.py PGN NODES FS_WILDEBEEST_WRAPPER OUT
import re, subprocess, sys
pgn = open(sys.argv[1]).read()
nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
step = 6
games = []
for block in re.split(r'\n\n(?=\[Event)', pgn):
    tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
    body = re.sub(r'\[.*?\]\n', '', block)
    body = re.sub(r'\{[^}]*\}', '', body)
    toks = [t for t in body.split() if not re.match(r'^\d+\.$', t) and t not in ('1-0','0-1','1/2-1/2','*')]
    games.append((tags, toks))
fs = subprocess.Popen([sys.argv[3]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): fs.stdin.write(s + "\n")
def wait(tok):
    while True:
        l = fs.stdout.readline()
        if l.startswith(tok): return l
send("uci"); wait("uciok")
send("setoption name UCI_Variant value wildebeest"); send("setoption name Hash value 64"); send("isready"); wait("readyok")
out = open(sys.argv[4], "w")
for gi, (tags, moves) in enumerate(games):
    res = tags.get("Result")
    me_white = tags.get("White") == "Menagerie"
    me_res = {"1-0": 1.0, "0-1": 0.0}.get(res, 0.5)
    if not me_white: me_res = 1 - me_res if res != "1/2-1/2" else 0.5
    evals = []
    for ply in range(0, len(moves), step):
        f = tags["FEN"].split(); f[0] = f[0].replace("w","g").replace("W","G")
        send("position fen %s moves %s" % (" ".join(f), " ".join(moves[:ply])))
        send("go nodes %d" % nodes)
        score = None
        while True:
            l = fs.stdout.readline()
            m = re.search(r'score (cp|mate) (-?\d+)', l)
            if m:
                score = int(m.group(2)) if m.group(1) == 'cp' else (30000 if int(m.group(2)) > 0 else -30000)
            if l.startswith("bestmove"): break
        white_to_move = (ply % 2 == 0) == (tags["FEN"].split()[1] == 'w')
        s = score if white_to_move else -score
        if not me_white: s = -s
        evals.append((ply, s))
    out.write("%d %s %d %s\n" % (gi, me_res, len(moves), " ".join("%d:%d" % e for e in evals)))
    out.flush()
