# Usage: blunders.py PGN FS_WILDEBEEST_WRAPPER OUT FIRST_GAME LOST_GAMES MAX_PLY NODES THRESHOLD_CP
# Per-ply Fairy-Stockfish evaluation of Menagerie's moves in lost games: prints each Menagerie
# move whose evaluation drop (Menagerie's view, before minus after) is at least THRESH.
import re, subprocess, sys
pgn, fsbin, out_path = sys.argv[1], sys.argv[2], sys.argv[3]
first, count, maxply, nodes, thresh = [int(x) for x in sys.argv[4:9]]
games = []
for block in re.split(r'\n\n(?=\[Event)', open(pgn).read()):
    tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
    body = re.sub(r'\[.*?\]\n', '', block)
    body = re.sub(r'\{[^}]*\}', '', body)
    toks = [t for t in body.split() if not re.match(r'^\d+\.$', t) and t not in ('1-0','0-1','1/2-1/2','*')]
    games.append((tags, toks))
fs = subprocess.Popen([fsbin], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): fs.stdin.write(s + "\n")
def wait(tok):
    while True:
        l = fs.stdout.readline()
        if l.startswith(tok): return l
send("uci"); wait("uciok")
send("setoption name UCI_Variant value wildebeest"); send("setoption name Hash value 64"); send("isready"); wait("readyok")
def fen_of(tags):
    f = tags["FEN"].split(); f[0] = f[0].replace("w","g").replace("W","G"); return " ".join(f)
def evaluate(fen, moves):
    send("position fen %s moves %s" % (fen, " ".join(moves)))
    send("go nodes %d" % nodes)
    score = None; best = None
    while True:
        l = fs.stdout.readline()
        m = re.search(r'score (cp|mate) (-?\d+)', l)
        if m:
            score = int(m.group(2)) if m.group(1) == 'cp' else (30000 if int(m.group(2)) > 0 else -30000)
        if l.startswith("bestmove"):
            best = l.split()[1]; break
    return score, best
out = open(out_path, "w")
done = 0
for gi, (tags, moves) in enumerate(games):
    if gi < first: continue
    res = tags.get("Result"); me_white = tags.get("White") == "Menagerie"
    lost = (res == "0-1" and me_white) or (res == "1-0" and not me_white)
    if not lost: continue
    done += 1
    if done > count: break
    fen = fen_of(tags)
    white_first = tags["FEN"].split()[1] == 'w'
    for ply in range(0, min(maxply, len(moves))):
        white_to_move = (ply % 2 == 0) == white_first
        if white_to_move != me_white: continue
        before, fsbest = evaluate(fen, moves[:ply])
        after, _ = evaluate(fen, moves[:ply + 1])
        after = -after
        if abs(before) > 20000: break
        if before - after >= thresh and before > -400:
            out.write("%d %d %s %s %d %d fs=%s moves %s\n" % (gi, ply, tags["FEN"], moves[ply], before, after, fsbest, " ".join(moves[:ply])))
            out.flush()
