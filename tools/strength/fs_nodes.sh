#!/bin/bash
# Fairy-Stockfish with its node limit divided by $DIV (rewrite of "go ... nodes N").
DIV=${DIV:-5}
BIN=${FSBIN:-$HOME/.cache/menagerie-peers/fairy-stockfish}
python3 -u -c '
import sys, re
div = int(sys.argv[1])
for line in sys.stdin:
    m = re.search(r"nodes (\d+)", line)
    if line.startswith("go") and m:
        line = line[:m.start(1)] + str(max(1, int(m.group(1)) // div)) + line[m.end(1):]
    sys.stdout.write(line); sys.stdout.flush()
' "$DIV" | exec "$BIN" "$@"
