# Relabels `<label> <fen>` chess samples with Fairy-Stockfish's classical *static* evaluation
# (its `eval` command, no search) turned into a white win probability, p = 1 / (1 + 10^(-cp/400)),
# the scale of ../label_with_fairy_stockfish.py. A search score also holds the tactics the
# position hides, which Menagerie's own search finds again; the static evaluation holds only
# what the position shows. Positions it cannot evaluate (in check) are left out.
# usage: label_with_static_evaluation.py IN OUT
import re
import subprocess
import sys

inp, out = sys.argv[1], sys.argv[2]
fs = subprocess.Popen(["/root/.cache/menagerie-peers/fairy-stockfish"], stdin=subprocess.PIPE,
                      stdout=subprocess.PIPE, text=True, bufsize=1)


def send(s):
    fs.stdin.write(s + "\n")
    fs.stdin.flush()


send("uci")
while not fs.stdout.readline().startswith("uciok"):
    pass
written = skipped = 0
with open(inp) as src, open(out, "w") as dst:
    dst.write("# variant: chess\n")
    for line in src:
        if line.startswith("#") or not line.strip():
            continue
        fen = line.split(" ", 1)[1].strip()
        send("position fen " + fen)
        send("eval")
        cp = None
        while True:
            l = fs.stdout.readline()
            if not l:
                sys.exit("Fairy-Stockfish stopped")
            if l.startswith("Final evaluation"):
                m = re.search(r"(-?\d+\.\d+)", l)
                cp = round(float(m.group(1)) * 100) if m else None
                break
        if cp is None:
            skipped += 1
            continue
        dst.write(f"{1 / (1 + 10 ** (-cp / 400)):.4f} {fen}\n")
        written += 1
send("quit")
print(f"{written} positions labelled, {skipped} without a static evaluation", file=sys.stderr)
