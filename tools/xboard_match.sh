#!/usr/bin/env bash
# A headless XBoard match between two engines: XBoard 4.9 in match mode inside Xvfb.
#
#   tools/xboard_match.sh ENGINE1 ENGINE2 VARIANT GAMES TC OUTDIR
#
# ENGINE1, ENGINE2  XBoard (CECP) command lines, e.g. "target/release/menagerie" or
#                   "sjaakii tools/peers/sjaak_wildebeest_true.txt". Words that name existing
#                   files are made absolute (XBoard starts each engine in its own folder).
#                   A leading "uci:" runs a UCI engine through polyglot (orthodox chess only).
# VARIANT           the variant name both engines announce (normal, wildebeest, ...)
# GAMES             games to play; colours alternate, ENGINE1 has White in game 1
# TC                SECONDS[+INCREMENT] per side, e.g. 10+0.1
# OUTDIR            gets games.pgn, debug.log (the whole protocol traffic), xboard.log, result.txt
#
# XBOARD_EXTRA      more XBoard options, e.g. "-testLegality false"
#
# Prints one line per game, "game N: WHITE - BLACK RESULT {reason}", then
# "RESULT E1 vs E2: +W -L =D (N games of GAMES, score S/N)" from ENGINE1's side.
# Needs the Debian packages xboard, xvfb and xauth (and polyglot for "uci:"); .ci/run
# installs them. Written for this project (docs/testing.md).
set -euo pipefail

if [ $# -ne 6 ]; then
    sed -n '2,20p' "$0" | cut -c3-
    exit 2
fi
engine1=$1 engine2=$2 variant=$3 games=$4 tc=$5 out=$6
here=$(cd "$(dirname "$0")" && pwd)
export PATH="/usr/games:$PATH"

for prog in xboard Xvfb xauth xvfb-run; do
    command -v "$prog" >/dev/null || { echo "xboard_match.sh: $prog is not installed" >&2; exit 3; }
done

# Time control: XBoard wants minutes:seconds and the increment apart.
base=${tc%%+*}
inc=0
[[ $tc == *+* ]] && inc=${tc#*+}
seconds=${base%.*}
clock="$((seconds / 60)):$(printf '%02d' $((seconds % 60)))"
# A wall-clock bound so a hung GUI cannot hang the caller: two full clocks, 300 increments
# and a minute per game.
deadline=$(awk -v g="$games" -v s="$seconds" -v i="$inc" 'BEGIN { printf "%d", g * (2 * s + 300 * i + 60) + 60 }')

absolute() {
    local word result=""
    for word in $1; do
        local prefix=""
        if [[ $word == uci:* ]]; then prefix="uci:"; word=${word#uci:}; fi
        if [[ $word != /* && $word != -* && -e $word ]]; then word=$(realpath "$word"); fi
        result+="${result:+ }$prefix$word"
    done
    printf '%s' "$result"
}

mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -rf "$out/home" "$out/e1" "$out/e2"
rm -f "$out/games.pgn" "$out/debug.log" "$out/result.txt"
mkdir -p "$out/home" "$out/e1" "$out/e2"

args=()
n=0
for engine in "$(absolute "$engine1")" "$(absolute "$engine2")"; do
    n=$((n + 1))
    if [ $n -eq 1 ]; then which=first; f=f; else which=second; f=s; fi
    if [[ $engine == uci:* ]]; then
        args+=("-${f}cp" "${engine#uci:}" "-${which}IsUCI" true)
    else
        args+=("-${f}cp" "$engine")
    fi
    args+=("-${f}d" "$out/e$n")
done

# shellcheck disable=SC2206
extra=(${XBOARD_EXTRA:-})
status=0
HOME="$out/home" XDG_CONFIG_HOME="$out/home/.config" \
    timeout --kill-after=10 "$deadline" \
    xvfb-run -a -s "-screen 0 1024x768x24" \
    xboard "${args[@]}" \
    -variant "$variant" -matchGames "$games" -tc "$clock" -inc "$inc" \
    -saveGameFile "$out/games.pgn" \
    -debugMode true -nameOfDebugFile "$out/debug.log" \
    -settingsFile "$out/home/xboardrc" -saveSettingsOnExit false \
    -popupExitMessage false -popupMoveErrors false \
    -ponderNextMove false -autoCallFlag true -soundProgram true \
    -adapterCommand '/usr/games/polyglot -noini -ec "%fcp" -ed "%fd"' \
    "${extra[@]}" >"$out/xboard.log" 2>&1 || status=$?
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    echo "xboard_match.sh: the match did not end within ${deadline}s" >&2
fi

python3 "$here/xboard_result.py" "$out" "$games" "$variant" "$status" | tee "$out/result.txt"
