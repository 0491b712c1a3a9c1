#!/bin/sh
# The screens' engine (forty-sixth session): main's release build with another chess network,
# e.g. NET=/path/n4.nnue. Copy it, set NET and BIN, and give it to odds.sh as M; the
# hand-made evaluation is NET=none. (The SPRT's second engine was this with NET=none.)
MENAGERIE_NETWORK="chess=${NET:-none}" exec "${BIN:-/tmp/menagerie-strength}" "$@"
