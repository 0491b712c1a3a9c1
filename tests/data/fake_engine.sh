#!/bin/sh
# A scripted engine for the match runner tests: `fake_engine.sh xboard|uci "MOVE1 MOVE2 ..."`.
# Each time it is asked to move it answers with the next word of the list. Special words:
# SILENT (never answers), CRASH (exits), ILLEGAL (refuses the last move: "Illegal move"),
# CLAIM (announces "1-0 {...}"), DRAW (announces "1/2-1/2 {...}"), RESIGN, NONE (UCI bestmove (none));
# SLOW:MOVE answers MOVE after 0.4 s. Over UCI, after `setoption name VariantPath value ...` it
# also offers the variant `loaded` (as Fairy-Stockfish lists variants read from a file).
proto=$1
script=$2
n=0
force=1
loaded=

answer() {
    i=0
    word=NONE
    for w in $script; do
        if [ $i = $n ]; then word=$w; break; fi
        i=$((i + 1))
    done
    n=$((n + 1))
    case "$word" in
        SLOW:*) sleep 0.4; word=${word#SLOW:} ;;
    esac
    case "$word" in
        SILENT) ;;
        CRASH) exit 3 ;;
        ILLEGAL) echo "Illegal move: $last" ;;
        CLAIM) echo "1-0 {fake claims a win}" ;;
        DRAW) echo "1/2-1/2 {fake claims a draw}" ;;
        RESIGN) echo "resign" ;;
        NONE) echo "bestmove (none)" ;;
        *) if [ "$proto" = uci ]; then echo "bestmove $word"; else echo "move $word"; fi ;;
    esac
}

while read -r line; do
    case "$line" in
        uci) echo "id name Fake"; echo "option name UCI_Variant type combo default chess var chess var wildebeest var party$loaded"; echo "uciok" ;;
        "setoption name VariantPath value "*) loaded=" var loaded" ;;
        isready) echo "readyok" ;;
        ucinewgame) n=0 ;;
        protover*) echo "feature usermove=1 ping=1 myname=\"Fake\" done=1" ;;
        ping*) echo "pong ${line#ping }" ;;
        new) n=0; force=1 ;;
        force) force=1 ;;
        go) force=0; answer ;;
        go\ *) answer ;;
        usermove*) last=${line#usermove }; if [ $force = 0 ]; then answer; fi ;;
        quit) exit 0 ;;
    esac
done
