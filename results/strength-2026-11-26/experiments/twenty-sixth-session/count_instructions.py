#!/usr/bin/env python3
"""Counts the instructions an engine build spends on a UCI script, under valgrind.

The machine's speed swings by a third from run to run, so two builds that search the same tree
are compared by instructions instead of time. The script (one UCI command a line) is fed to the
engine, waiting for `bestmove` after each `go`, and callgrind counts the engine's instructions
(its start-up included). The last `info` line of each search is printed too: builds that search
the same tree print the same ones but for the time and speed fields.

    count_instructions.py BUILD [SCRIPT]

SCRIPT defaults to `wildebeest-middlegames.uci` beside this file: four middle-game positions
of the twenty-fourth session's lost clock games (the blunder diagnostic's positions 0, 75, 150
and 225), 150,000 nodes each.
"""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def feed(engine, lines):
    """Sends `lines` to `engine`; returns the last `info ... pv` line of each search."""
    last_lines = []
    for line in lines:
        engine.stdin.write(line + "\n")
        engine.stdin.flush()
        if line == "uci":
            while not engine.stdout.readline().startswith("uciok"):
                pass
        elif line.startswith("go"):
            last = ""
            while True:
                reply = engine.stdout.readline()
                if not reply or reply.startswith("bestmove"):
                    break
                if " pv " in reply:
                    last = reply.strip()
            last_lines.append(last)
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait()
    return last_lines


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    build = sys.argv[1]
    script = sys.argv[2] if len(sys.argv) == 3 else os.path.join(HERE, "wildebeest-middlegames.uci")
    with open(script) as f:
        lines = [line.strip() for line in f if line.strip()]
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "callgrind.out")
        engine = subprocess.Popen(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", build],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        for last in feed(engine, lines):
            print(last)
        with open(out) as f:
            summary = next(line for line in f if line.startswith("summary:"))
    print("instructions", summary.split()[1])


if __name__ == "__main__":
    main()
