#!/usr/bin/env bash
# Build a current Fairy-Stockfish engine (the strongest multi-variant engine; the strength anchor)
# from the engine sources that ship inside the pyffish source package on PyPI. Debian's
# fairy-stockfish 11.1 is too old to load custom pieces (no Wildebeest); this build can.
#
# usage: build_fairy_stockfish.sh [OUTDIR]      (default: ~/.cache/menagerie-peers)
# Prints the path of the binary last. Idempotent: an existing binary is reused.
# Then, for Wildebeest, start it through OUTDIR/fs-wildebeest (a wrapper that loads
# fs_wildebeest.ini before anything else, so UCI_Variant lists `wildebeest` at once):
#   menagerie match --variant wildebeest --engine "name=Menagerie,cmd=target/release/menagerie" \
#     --engine "name=FS,cmd=OUTDIR/fs-wildebeest,proto=uci,variant=wildebeest,letters=W:G" ...
# FS has no free castling (fs_wildebeest.ini: the king castles 2 squares only), so games
# against it show rules disputes when Menagerie castles 1, 3 or 4 squares; use openings
# without castling rights or count those games apart. Orthodox chess needs no config.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)/peers
out=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/menagerie-peers}
mkdir -p "$out"
bin=$out/fairy-stockfish
if [ ! -x "$bin" ]; then
    command -v g++ >/dev/null || { apt-get update >/dev/null; apt-get install -y g++ >/dev/null; }
    work=$(mktemp -d)
    timeout 600 python3 -m pip download --no-deps --no-binary :all: pyffish==0.0.90 -d "$work" >/dev/null
    tar xzf "$work"/pyffish-0.0.90.tar.gz -C "$work"
    src=$work/pyffish-0.0.90/src
    # The engine's own sources: everything but the Python and JavaScript bindings.
    files=$(ls "$src"/*.cpp | grep -v -e pyffish.cpp -e ffishjs.cpp)
    g++ -O3 -std=c++17 -DNDEBUG -DIS_64BIT -DUSE_POPCNT -msse4.1 -mpopcnt -pthread \
        -DLARGEBOARDS -DALLVARS -DPRECOMPUTED_MAGICS -DNNUE_EMBEDDING_OFF \
        $files "$src"/syzygy/*.cpp "$src"/nnue/*.cpp "$src"/nnue/features/*.cpp -o "$bin"
    rm -rf "$work"
fi
cat > "$out/fs-wildebeest" <<EOF
#!/bin/sh
{ echo "setoption name VariantPath value $here/fs_wildebeest.ini"; exec cat; } | exec "$bin" "\$@"
EOF
chmod +x "$out/fs-wildebeest"
echo "$bin"
