#!/usr/bin/env python3
"""A UCI engine that searches to a fixed depth: runs ENGINE and rewrites every `go ...` it is
sent into `go depth N`, so the engine answers after N plies whatever the clock says. Used for
matches against a weak fixed-depth opponent ("a 1-ply build"), e.g.

    menagerie match --variant cubic \
      --engine "name=Menagerie,cmd=./target/release/menagerie" \
      --engine "name=Depth1,cmd=python3 tests/scripts/depth_limited.py 1 ./target/release/menagerie"

usage: depth_limited.py DEPTH ENGINE [ARGS...]
"""
import subprocess
import sys
import threading


def main():
    if len(sys.argv) < 3 or not sys.argv[1].isdigit():
        sys.exit(__doc__)
    depth = sys.argv[1]
    engine = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)

    def relay_out():
        for line in engine.stdout:
            sys.stdout.write(line)
            sys.stdout.flush()

    reader = threading.Thread(target=relay_out, daemon=True)
    reader.start()
    for line in sys.stdin:
        words = line.split()
        if words and words[0] == "go" and "perft" not in words:
            line = f"go depth {depth}\n"
        engine.stdin.write(line)
        engine.stdin.flush()
        if words and words[0] == "quit":
            break
    engine.stdin.close()
    engine.wait()
    reader.join(timeout=2)


if __name__ == "__main__":
    main()
