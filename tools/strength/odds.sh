#!/bin/bash
# Node-odds matches: Menagerie at M_NODES nodes a move (default 20,000) against Fairy-Stockfish at
# FS_NODES, to measure how much each side gets out of a node. Fixed nodes, so the machine's load
# does not matter. M is a copy of the release build under test; FS the folder where
# tools/build_fairy_stockfish.sh put Fairy-Stockfish (its default OUTDIR).
# Usage: odds.sh VARIANT FS_NODES GAMES [SEED]   (writes odds-VARIANT-FS_NODES-sSEED.{log,pgn}
# into OUT, by default target/strength/)
# Wildebeest games start from OPENINGS, by default the 200 lines of
# tools/openings/wildebeest_no_castling_200.txt, each played with both colours; chess games from
# random 6-ply openings of SEED. At fixed nodes games are deterministic, so use at least as many
# openings as half the games.
# Ratios that score as the 5s+0.05s clock match does (screening a change while the machine is
# busy): Wildebeest M_NODES=25000 against FS_NODES=20000; chess M_NODES=65000 against 70000.
# A screen that chose a change flatters it on the openings it used: confirm on fresh openings
# (tools/openings/random_lines.py writes them).
set -u
M=${M:-/tmp/menagerie-strength}
FS=${FS:-$HOME/.cache/menagerie-peers}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$ROOT/target/strength}
mkdir -p "$OUT"
VARIANT=$1 FS_NODES=$2 GAMES=$3 SEED=${4:-1}
M_NODES=${M_NODES:-20000}
if [ "$M_NODES" = 20000 ]; then name="odds-$VARIANT-$FS_NODES-s$SEED"
else name="odds-$VARIANT-$M_NODES-$FS_NODES-s$SEED"; fi
case "$VARIANT" in
wildebeest) extra=(--openings "${OPENINGS:-$ROOT/tools/openings/wildebeest_no_castling_200.txt}")
    peer="name=Fairy-Stockfish,cmd=$FS/fs-wildebeest,proto=uci,variant=wildebeest,letters=W:G" ;;
*) extra=(--seed "$SEED")
    peer="name=Fairy-Stockfish,cmd=$FS/fairy-stockfish,proto=uci" ;;
esac
cd "$OUT"
"$M" match --variant "$VARIANT" "${extra[@]}" \
  --engine "name=Menagerie,cmd=$M" \
  --engine "$peer,option.Threads=1,option.Hash=16,nodes=$FS_NODES" \
  --nodes "$M_NODES" --tc 120+1 --games "$GAMES" --concurrency 2 --pgn "$name.pgn" > "$name.log" 2> "$name.err"
tail -n 4 "$name.log"
