#!/bin/bash
# The strength bars of issue 4: 200 games each at 5s+0.05s.
M=/tmp/menagerie-v4
cd /tmp/bars
$M match --variant almost-wildebeest \
  --engine "name=Menagerie,cmd=$M,proto=uci" \
  --engine "name=Fairy-Max,cmd=/usr/games/fairymax,proto=xboard,variant=almost-wildebeest,letters=W:G" \
  --games 200 --tc 5+0.05 --concurrency 2 --pgn fm-almost.pgn > fm-almost.log 2> fm-almost.err
$M match --variant wildebeest \
  --engine "name=Menagerie,cmd=$M,proto=uci" \
  --engine "name=Sjaak II,cmd=/usr/games/sjaakii /work/shared/tools/sjaak_wildebeest_true.txt,proto=xboard,variant=wildebeest_true,letters=W:G" \
  --games 200 --tc 5+0.05 --concurrency 2 --pgn sjaak-wb.pgn > sjaak-wb.log 2> sjaak-wb.err
$M match --variant chess \
  --engine "name=Menagerie,cmd=$M,proto=uci" \
  --engine "name=Fairy-Max,cmd=/usr/games/fairymax,proto=xboard" \
  --games 200 --tc 5+0.05 --concurrency 2 --pgn fm-chess.pgn > fm-chess.log 2> fm-chess.err
