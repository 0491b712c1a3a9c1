#!/bin/bash
# Self-play screening of a search change: the changed build against the unchanged
# one, both at 5,000 nodes a move (a clock that never binds), two games at a time. Chess games
# start from random 6-ply openings (seed 5), Wildebeest games from the 200 no-castling openings.
# Usage: selfplay.sh NAME NEW_BINARY BASE_BINARY [GAMES] [VARIANT]
#   writes selfplay-NAME.log and selfplay-NAME.pgn in the current directory
set -u
NAME=$1 NEW=$2 BASE=$3 GAMES=${4:-600} VARIANT=${5:-chess}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
if [ "$VARIANT" = wildebeest ]; then
    openings=(--openings "${OPENINGS:-$ROOT/tools/openings/wildebeest_no_castling_200.txt}")
else
    openings=(--seed 5)
fi
"$BASE" match --variant "$VARIANT" "${openings[@]}" \
    --engine "name=New,cmd=$NEW" --engine "name=Base,cmd=$BASE" \
    --nodes 5000 --tc 120+1 --games "$GAMES" --concurrency 2 \
    --pgn "selfplay-$NAME.pgn" > "selfplay-$NAME.log" 2> "selfplay-$NAME.err"
grep "^Score\|^Elo" "selfplay-$NAME.log"
