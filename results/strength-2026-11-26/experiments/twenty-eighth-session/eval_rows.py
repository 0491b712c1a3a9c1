# Reads fsevals.py's positions and puts Menagerie's evaluation beside Fairy-Stockfish's: what
# analyse.py, reg.py and ks.py share. Menagerie's side comes from evaltrace.rs built as an example
# (copy it to examples/ and run `cargo build --release --example evaltrace`; EVALTRACE names
# another binary).
import json, os, subprocess

EVALTRACE = os.environ.get("EVALTRACE", os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "../../../../target/release/examples/evaltrace"))
NAMES = ["mobility", "shelter", "passed", "tropism", "danger", "thr_pawn", "thr_lesser", "hanging",
         "doubled", "isolated", "supported", "open_file", "free_passed", "pair", "outposts",
         "passer_royals"]
# Our Wildebeest values (src/variants/wildebeest.rs), Fairy-Stockfish's letters.
VALUES = {'P': 100, 'N': 252, 'B': 370, 'R': 656, 'Q': 1496, 'C': 226, 'G': 818, 'K': 0}


def load(path):
    """(records, rows): each row is (Fairy-Stockfish's classical evaluation in cp, ours, our
    material, our board terms, its terms, the game's result for White, ply), all from White's
    view, for the positions whose classical evaluation is under 15 pawns."""
    recs = [json.loads(l) for l in open(path)]
    recs = [r for r in recs if abs(r["classical"]) < 15]
    fens = "\n".join(r["fen"] for r in recs) + "\n"
    out = subprocess.run([EVALTRACE, "wildebeest"], input=fens, capture_output=True,
                         text=True).stdout.split("\n")
    rows = []
    for r, o in zip(recs, out):
        if o.startswith("error") or not o:
            continue
        x = [int(t) for t in o.split()]
        sgn = 1 if r["fen"].split()[1] == 'w' else -1
        board = r["fen"].split()[0]
        mat = sum((VALUES[c] if c.isupper() else -VALUES[c.upper()]) for c in board
                  if c.upper() in VALUES)
        res = {"1-0": 1, "0-1": 0}.get(r["result"], 0.5)
        rows.append((r["classical"] * 100, x[0] * sgn, mat, [sgn * v for v in x[1:]], r["terms"],
                     res, r["ply"]))
    return recs, rows
