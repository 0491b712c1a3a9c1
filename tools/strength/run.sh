#!/bin/bash
# The strength matches of docs/strength.md, 5s+0.05s, one thread each, --concurrency 2 on
# the 2-core project machine, nothing else running. M is a copy of the release build under
# test; FS the Fairy-Stockfish built by tools/build_fairy_stockfish.sh (default OUTDIR).
set -u
M=${M:-/tmp/menagerie-strength}
FS=${FS:-$HOME/.cache/menagerie-peers}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$ROOT/target/strength}
mkdir -p "$OUT"
GAMES=${GAMES:-200}
PEER_GAMES=${PEER_GAMES:-100}
cd "$OUT"
run() { # name, args...
    local name=$1; shift
    "$M" match "$@" --tc 5+0.05 --concurrency 2 --pgn "$name.pgn" > "$name.log" 2> "$name.err"
    tail -n 5 "$name.log"
}
run fs-wildebeest --variant wildebeest --openings "${OPENINGS:-$ROOT/tools/openings/wildebeest_no_castling_200.txt}" \
  --engine "name=Menagerie,cmd=$M" \
  --engine "name=Fairy-Stockfish,cmd=$FS/fs-wildebeest,proto=uci,variant=wildebeest,letters=W:G,option.Threads=1,option.Hash=16" \
  --games "$GAMES"
run fs-chess --variant chess \
  --engine "name=Menagerie,cmd=$M" \
  --engine "name=Fairy-Stockfish,cmd=$FS/fairy-stockfish,proto=uci,option.Threads=1,option.Hash=16" \
  --games "$GAMES"
run sjaak-wildebeest --variant wildebeest \
  --engine "name=Menagerie,cmd=$M" \
  --engine "name=Sjaak II,cmd=/usr/games/sjaakii $ROOT/tools/peers/sjaak_wildebeest_true.txt,proto=xboard,variant=wildebeest_true,letters=W:G" \
  --games "$PEER_GAMES"
run fm-almost-wildebeest --variant almost-wildebeest \
  --engine "name=Menagerie,cmd=$M" \
  --engine "name=Fairy-Max,cmd=/usr/games/fairymax,proto=xboard,variant=almost-wildebeest,letters=W:G" \
  --games "$PEER_GAMES"
run fm-chess --variant chess \
  --engine "name=Menagerie,cmd=$M" \
  --engine "name=Fairy-Max,cmd=/usr/games/fairymax,proto=xboard" \
  --games "$PEER_GAMES"
run sjaak-chess --variant chess \
  --engine "name=Menagerie,cmd=$M" \
  --engine "name=Sjaak II,cmd=/usr/games/sjaakii,proto=xboard" \
  --games "$PEER_GAMES"
