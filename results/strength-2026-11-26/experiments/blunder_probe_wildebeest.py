"""For the positions of blunder_positions_wildebeest.py not yet decided (best score within
+-600 cp) where Menagerie's move lost DROP cp or more (default 80), which move each engine picks
at given node counts, judged by Fairy-Stockfish at NODES nodes (good: within 50 cp of its best).
The Wildebeest form of blunder_probe.py. Development diagnostic (issue 12, twenty-fifth session).
Usage: blunder_probe_wildebeest.py POS.jsonl MENAGERIE_BIN OUT.txt"""
import sys, json, os
sys.path.insert(0, os.path.dirname(__file__))
from blunder_positions_wildebeest import Uci, fs_fen, FS, NODES
DROP = int(os.environ.get("DROP", "80"))
rows = [json.loads(l) for l in open(sys.argv[1])]
rows = [r for r in rows if r["best_score"] is not None and r["played_score"] is not None
        and abs(r["best_score"]) <= 600 and r["best_score"] - r["played_score"] >= DROP]
fs = Uci(FS)
me = Uci(sys.argv[2])
probes = [("M", me, 25000), ("M", me, 250000), ("M", me, 2500000),
          ("FS", fs, 20000), ("FS", fs, 2000)]
good = {p[:1] + (p[2],): 0 for p in probes}
out = open(sys.argv[3], "w")
for r in rows:
    tail = (" moves " + " ".join(r["moves"])) if r["moves"] else ""
    mpos, fpos = "fen " + r["fen"] + tail, "fen " + fs_fen(r["fen"]) + tail
    known = {r["best"]: r["best_score"], r["played"]: r["played_score"]}
    line = [f"best {r['best']} {r['best_score']} played {r['played']} {r['played_score']}"]
    for name, eng, nodes in probes:
        mv, _ = eng.go(mpos if name == "M" else fpos, nodes)
        if mv not in known:
            known[mv] = fs.go(fpos, NODES, mv)[1]
        ok = known[mv] is not None and r["best_score"] - known[mv] <= 50
        good[(name, nodes)] += ok
        line.append(f"{name}{nodes} {mv} {known[mv]} {'good' if ok else 'bad'}")
    out.write(" | ".join(line) + "\n")
    out.flush()
summary = ", ".join(f"{name} {nodes}: {n}" for (name, nodes), n in good.items())
out.write(f"positions {len(rows)}: {summary}\n")
