#!/bin/bash
# Node-odds matches (issue 12): Menagerie at 20,000 nodes a move against Fairy-Stockfish at
# fewer, to measure how much more Fairy-Stockfish gets out of each node. Fixed nodes, so the
# machine's load does not matter. M is a copy of the release build under test; FS the
# Fairy-Stockfish built by tools/build_fairy_stockfish.sh (default OUTDIR).
# Usage: odds.sh VARIANT FS_NODES GAMES [SEED]   (writes odds-VARIANT-FS_NODES-sSEED.{log,pgn})
# Wildebeest games start from OPENINGS, by default the 200 lines of
# tools/openings/wildebeest_no_castling_200.txt (each played with both colours). Until the sixth
# session they came from the 30 lines of wildebeest_no_castling.txt: at fixed nodes the games
# are deterministic, so 200 games from 30 openings were only 60 different games.
# Chess seeds 2 and 3 chose the present base (every kept change was kept for its score on them),
# so the base's score there is flattered: 72.0% on seed 2 against 66.7% and 68.0% on the fresh
# seeds 4 and 5 (ninth session). Compare a change with the base on seeds not used to choose it.
# M_NODES sets Menagerie's nodes (default 20,000; other values are named in the file names): the
# tenth session tripled both sides (M_NODES=60000 odds.sh chess 12000 100 4) to see how each
# side's strength grows with its nodes.
# M_NODES=25000 against FS_NODES=20000 in Wildebeest is the clock's own ratio at 5s+0.05s (about
# 0.11 s a move each at 240,000 and 190,000 nodes a second): it scores as the clock match does,
# and a change can be screened there while the machine is busy (fourteenth session).
# M_NODES=65000 against FS_NODES=70000 in chess is the same for chess (about 0.12 s and 0.14 s
# a move at some 540,000 and 520,000 nodes a second, measured in the middle game of the README's
# Speed section): seed 7 scores as the clock match does, about 10% (nineteenth session).
# The openings above chose the changes kept in the fourteenth and twenty-third sessions, so
# they flatter the base. A change that wins there is then played on 100 openings no screen chose:
# OPENINGS set to the absolute path of experiments/twenty-fourth-session/openings_fresh_seed24.txt
# (twenty-fourth session; the script reads OPENINGS after it changes to OUT).
set -u
M=${M:-/tmp/menagerie-strength}
FS=${FS:-$HOME/.cache/menagerie-peers}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$(dirname "$0")}
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
