#!/usr/bin/env python3
"""A UCI engine made weaker on purpose, for strength checks with `menagerie match`: it runs a
real UCI engine and passes every line through, except `go`:

  uci_proxy.py --depth N ENGINE [ARGS...]   every `go ...` becomes `go depth N`
                                            (a 1-ply searcher: --depth 1)
  uci_proxy.py --random [--seed S] ENGINE   every `go ...` is answered with a uniformly random
                                            legal move, read from the engine's `go perft 1`

Example (the Patricia figures in docs/patricia.md):
  menagerie match --variant patricia --games 40 --tc 5+0.05 \\
    --engine "name=Menagerie,cmd=target/release/menagerie" \\
    --engine "name=Depth1,cmd=python3 tests/scripts/uci_proxy.py --depth 1 target/release/menagerie"
"""

import argparse
import queue
import random
import subprocess
import sys
import threading


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--depth", type=int)
    mode.add_argument("--random", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("engine", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    if not args.engine:
        ap.error("no engine command given")
    rng = random.Random(args.seed)
    child = subprocess.Popen(args.engine, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True, bufsize=1)
    captured = queue.Queue()
    capturing = threading.Event()
    syncing, synced = threading.Event(), threading.Event()

    def pump():
        for line in child.stdout:
            if syncing.is_set() and line.strip() == "readyok":
                syncing.clear()
                synced.set()  # our own isready: everything before it has been passed on
            elif capturing.is_set():
                captured.put(line.rstrip("\n"))
            else:
                sys.stdout.write(line)
                sys.stdout.flush()
        captured.put(None)
        synced.set()

    threading.Thread(target=pump, daemon=True).start()

    def send(line):
        child.stdin.write(line + "\n")
        child.stdin.flush()

    for line in sys.stdin:
        words = line.split()
        if words[:1] == ["go"] and args.depth is not None:
            send(f"go depth {args.depth}")
        elif words[:1] == ["go"]:
            synced.clear()
            syncing.set()
            send("isready")
            synced.wait()
            capturing.set()
            send("go perft 1")
            moves = []
            while True:
                out = captured.get()
                if out is None or out.startswith("Nodes searched"):
                    break
                if out.endswith(": 1"):
                    moves.append(out.split(":")[0])
            capturing.clear()
            choice = rng.choice(moves) if moves else "(none)"
            sys.stdout.write(f"bestmove {choice}\n")
            sys.stdout.flush()
        elif words[:1] == ["stop"] and args.random:
            pass  # the random answer is given at once
        else:
            send(line.rstrip("\n"))
        if words[:1] == ["quit"]:
            break
    try:
        child.wait(timeout=5)
    except subprocess.TimeoutExpired:
        child.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
