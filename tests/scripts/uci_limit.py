#!/usr/bin/env python3
"""A UCI proxy that weakens an engine, as an opponent for `menagerie match`.

    python3 tests/scripts/uci_limit.py depth1 [--seed N] -- ENGINE [ARGS...]
    python3 tests/scripts/uci_limit.py random [--seed N] -- ENGINE [ARGS...]

Every line is passed through both ways, except `go`:
- depth1: `go ...` (any clock or limit) becomes `go depth 1`: a one-ply search (captures still
  resolved by the engine's quiescence), the "1-ply build".
- random: `go ...` becomes `go perft 1`; the listed legal moves are collected and one is chosen
  uniformly at random (seeded), answered as `bestmove MOVE` (`bestmove (none)` if none).
"""

import random
import re
import subprocess
import sys
import threading


def main():
    args = sys.argv[1:]
    if "--" not in args or not args or args[0] not in ("depth1", "random"):
        sys.exit(__doc__)
    mode = args[0]
    split = args.index("--")
    options = args[1:split]
    seed = int(options[options.index("--seed") + 1]) if "--seed" in options else 1
    rng = random.Random(seed)
    engine = subprocess.Popen(args[split + 1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    # Perft answers are recognised by their shape ("c4d5: 1", a blank line, "Nodes searched"),
    # so lines that were on their way before the `go` pass through untouched.
    perft_line = re.compile(r"^[a-z]\d+-?[a-z]\d+[a-z]?: \d+$")
    state = {"pending": 0, "moves": []}
    lock = threading.Lock()

    def out(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def pump():
        for raw in engine.stdout:
            line = raw.rstrip("\n")
            with lock:
                if state["pending"] > 0:
                    if perft_line.match(line):
                        state["moves"].append(line.split(":")[0])
                        continue
                    if line == "":
                        continue
                    if line.startswith("Nodes searched"):
                        state["pending"] -= 1
                        moves, state["moves"] = state["moves"], []
                        out("bestmove " + (rng.choice(moves) if moves else "(none)"))
                        continue
            if line.startswith("id name"):
                line = f"id name {line[8:]} ({mode})"
            out(line)

    threading.Thread(target=pump, daemon=True).start()

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    for raw in sys.stdin:
        line = raw.strip()
        if line.startswith("go"):
            if mode == "depth1":
                send("go depth 1")
            else:
                with lock:
                    state["pending"] += 1
                send("go perft 1")
            continue
        send(line)
        if line == "quit":
            break
    try:
        engine.stdin.close()
    except BrokenPipeError:
        pass
    engine.wait(timeout=10)


if __name__ == "__main__":
    main()
