# Usage: fsevals.py OUT.jsonl STEP PGN...  (reads Fairy-Stockfish from ~/.cache/menagerie-peers/fs-wildebeest)
# Samples positions from match PGNs (every STEP plies from ply 8), asks Fairy-Stockfish for the
# FEN and its classical evaluation trace; writes JSON lines.
import re, subprocess, sys, json
out = open(sys.argv[1], "w"); step = int(sys.argv[2]); pgns = sys.argv[3:]
fs = subprocess.Popen([__import__('os').path.expanduser('~/.cache/menagerie-peers/fs-wildebeest')], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): fs.stdin.write(s + "\n")
send("uci"); send("setoption name UCI_Variant value wildebeest"); send("isready")
while not fs.stdout.readline().startswith("readyok"): pass
for pgn in pgns:
    for block in re.split(r'\n\n(?=\[Event)', open(pgn).read()):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
        if "FEN" not in tags: continue
        body = re.sub(r'\[.*?\]\n', '', block); body = re.sub(r'\{[^}]*\}', '', body)
        moves = [t for t in body.split() if not re.match(r'^\d+\.$', t) and t not in ('1-0','0-1','1/2-1/2','*')]
        f = tags["FEN"].split(); f[0] = f[0].replace("w","g").replace("W","G"); fen = " ".join(f)
        res = tags["Result"]
        for ply in range(8, len(moves) - 4, step):
            send("position fen %s moves %s" % (fen, " ".join(moves[:ply])))
            send("d"); send("eval"); send("isready")
            rec = {"result": res, "ply": ply, "terms": {}}
            while True:
                l = fs.stdout.readline()
                if l.startswith("readyok"): break
                if l.startswith("Fen:"): rec["fen"] = l.split(":", 1)[1].strip()
                if l.startswith("Checkers:"): rec["check"] = l.split(":", 1)[1].strip() != ""
                m = re.match(r'\|\s*([A-Za-z ]+?)\s*\|.*\|\s*(-?[\d.]+|----)\s+(-?[\d.]+|----)\s*\|\s*$', l)
                if m and m.group(1) not in ("Term",) and m.group(2) != "----" or (m and m.group(1) in ("Material","Imbalance","Winnable")):
                    g = [x for x in re.findall(r'-?\d+\.\d+', l)]
                    if len(g) >= 2: rec["terms"][m.group(1)] = [float(g[-2]), float(g[-1])]
                m = re.match(r'Classical evaluation\s+(-?[\d.]+)', l)
                if m: rec["classical"] = float(m.group(1))
            if "classical" in rec and not rec.get("check"):
                out.write(json.dumps(rec) + "\n")
