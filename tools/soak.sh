#!/usr/bin/env bash
# The soak: many fast games through `menagerie match`, Menagerie against itself and against
# Sjaak II and Fairy-Max in several variants, then one summary: games, crashes, illegal moves,
# time losses, and each engine process's memory over its match.
#
#   tools/soak.sh [ENGINE] [SCALE]
#
# ENGINE  the Menagerie binary (default target/release/menagerie; build it first with
#         cargo build --release)
# SCALE   games per match are multiplied by SCALE/10 (default 10: 1000 games in all; 1 gives
#         a 100-game smoke run)
#
# Needs sjaakii and fairymax (Debian; .ci/run installs them) and python3. Exit status 0 only
# if every game finished with 0 crashes, 0 illegal moves, 0 time losses, and no Menagerie
# process grew by more than 8 MB between the first quarter of its match and its end.
# Written for this project (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
engine=$(realpath "${1:-target/release/menagerie}")
scale=${2:-10}
export PATH="/usr/games:$PATH"
for prog in sjaakii fairymax python3; do
    command -v "$prog" >/dev/null || { echo "soak.sh: $prog is not installed" >&2; exit 3; }
done
out=$(mktemp -d /tmp/menagerie-soak.XXXXXX)
sjaak=$(command -v sjaakii)
fairymax=$(command -v fairymax)
wb_rules=$(realpath tools/peers/sjaak_wildebeest_true.txt)

python3 tools/soak_memory.py "$out/memory.txt" "$(basename "$engine")" sjaakii fairymax &
sampler=$!

# name | variant | games (at scale 10) | engine 2 | time control
matches=(
    "self-chess|chess|250|name=Menagerie-2,cmd=$engine|1+0.02"
    "self-wildebeest|wildebeest|150|name=Menagerie-2,cmd=$engine|1+0.02"
    "self-patricia|patricia|100|name=Menagerie-2,cmd=$engine|1+0.02"
    "self-pawn-partonici-8|pawn-partonici-8|100|name=Menagerie-2,cmd=$engine|1+0.02"
    "self-sphinx|sphinx|50|name=Menagerie-2,cmd=$engine|1+0.02"
    "sjaak-chess|chess|150|name=Sjaak II,cmd=$sjaak,proto=xboard|2+0.02"
    "sjaak-wildebeest|wildebeest|100|name=Sjaak II,cmd=$sjaak $wb_rules,proto=xboard,variant=wildebeest_true,letters=W:G|2+0.02"
    "fairymax-chess|chess|100|name=Fairy-Max,cmd=$fairymax,proto=xboard|2+0.02"
)
total=0
printf '%-24s %6s %8s %8s %8s %6s\n' match games crashes illegal timeloss secs
for m in "${matches[@]}"; do
    IFS='|' read -r name variant games opponent tc <<<"$m"
    games=$(( (games * scale + 9) / 10 ))
    started=$(date +%s)
    "$engine" match --variant "$variant" \
        --engine "name=Menagerie,cmd=$engine" --engine "$opponent" \
        --games "$games" --tc "$tc" --depth 5 --max-plies 300 --concurrency 2 \
        --seed "$RANDOM" --pgn "$out/$name.pgn" >"$out/$name.txt" 2>"$out/$name.err" || true
    finished=$(sed -n 's/^Finished \([0-9]*\) of.*/\1/p' "$out/$name.txt")
    # Both engines' "N time losses, N illegal moves, N crashes" summed; $1: field 1, 2 or 3.
    sum() {
        sed -n 's/.*: \([0-9]*\) time losses, \([0-9]*\) illegal moves, \([0-9]*\) crashes.*/\1 \2 \3/p' \
            "$out/$name.txt" | awk -v f="$1" '{ s += $f } END { print s + 0 }'
    }
    printf '%-24s %6s %8s %8s %8s %6s\n' "$name" "${finished:-0}/$games" "$(sum 3)" "$(sum 2)" "$(sum 1)" $(( $(date +%s) - started ))
    total=$((total + games))
    echo "$name ${finished:-0} $games $(sum 3) $(sum 2) $(sum 1)" >>"$out/summary.txt"
done
kill -TERM "$sampler"
wait "$sampler" || true

python3 - "$out" "$(basename "$engine")" <<'PY'
import sys
out, ours = sys.argv[1], sys.argv[2]
rows = [l.split() for l in open(f"{out}/summary.txt")]
played = sum(int(r[1]) for r in rows)
wanted = sum(int(r[2]) for r in rows)
crashes, illegal, timeloss = (sum(int(r[i]) for r in rows) for i in (3, 4, 5))
print(f"games {played}/{wanted}, crashes {crashes}, illegal moves {illegal}, time losses {timeloss}")
growth = []
for line in open(f"{out}/memory.txt"):
    pid, name, n, quarter, end, peak = line.split()
    if name == ours:
        growth.append((int(end) - int(quarter), int(quarter), int(end), int(peak)))
if growth:
    worst = max(growth)
    ends = sorted(g[2] for g in growth)
    print(f"memory: {len(growth)} Menagerie processes; resident at the end {ends[0] // 1024}-{ends[-1] // 1024} MB;"
          f" largest growth from the first quarter to the end {worst[0] / 1024:+.1f} MB"
          f" ({worst[1] // 1024} -> {worst[2] // 1024} MB, peak {worst[3] // 1024} MB)")
ok = played == wanted and crashes == illegal == timeloss == 0 and all(g[0] <= 8 * 1024 for g in growth)
print(f"soak {'passed' if ok else 'FAILED'} (details in {out})")
sys.exit(0 if ok else 1)
PY
