# Usage: fsevals.py OUT.jsonl STEP PGN...  (reads Fairy-Stockfish from ~/.cache/menagerie-peers/fs-wildebeest)
# Samples positions from match PGNs (every STEP plies from ply 8), asks Fairy-Stockfish for the
# FEN and its classical evaluation trace; writes JSON lines.
import os, re, sys, json
from fs_common import Engine, fs_fen, read_games
out = open(sys.argv[1], "w"); step = int(sys.argv[2]); pgns = sys.argv[3:]
engine = Engine(os.path.expanduser('~/.cache/menagerie-peers/fs-wildebeest'))
fs, send = engine.p, engine.send
for pgn in pgns:
    for tags, moves in read_games(pgn):
        if "FEN" not in tags: continue
        fen = fs_fen(tags["FEN"])
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
