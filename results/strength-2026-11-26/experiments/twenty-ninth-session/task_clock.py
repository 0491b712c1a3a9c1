#!/usr/bin/env python3
"""Compares the time two engine builds take on one UCI script, alternating them (twenty-ninth session).

This machine's processor counters are not available to `perf stat` (cycles and instructions
read "not supported"), so the builds are compared by `task-clock`: the processor time the
engine's threads used. Alternating the builds run by run spreads the machine's own drift over
both. Run it on an idle machine.

    task_clock.py BUILD_A BUILD_B [RUNS] [SCRIPT]

SCRIPT defaults to the twenty-sixth session's `wildebeest-middlegames.uci` (four middle-game
positions), with each `go nodes 150000` raised to 600,000 so one run takes a few seconds.
Prints each run's milliseconds, then each build's mean and the mean of the paired differences.
"""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TWENTY_SIXTH = os.path.join(HERE, "..", "twenty-sixth-session")
DEFAULT_SCRIPT = os.path.join(TWENTY_SIXTH, "wildebeest-middlegames.uci")
sys.path.insert(0, TWENTY_SIXTH)
from count_instructions import feed  # noqa: E402  (sends the script, then quit)


def task_clock_ms(build, lines):
    """Runs `build` on the UCI `lines` under `perf stat`; returns its task-clock in ms."""
    with tempfile.NamedTemporaryFile(suffix=".txt") as out:
        engine = subprocess.Popen(
            ["perf", "stat", "-x,", "-e", "task-clock", "-o", out.name, build],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        feed(engine, lines)
        for row in open(out.name):
            fields = row.strip().split(",")
            if len(fields) > 2 and fields[2] == "task-clock":
                return float(fields[0])
    sys.exit("perf stat printed no task-clock")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    a, b = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 6
    script = sys.argv[4] if len(sys.argv) > 4 else DEFAULT_SCRIPT
    with open(script) as f:
        lines = [l.strip().replace("go nodes 150000", "go nodes 600000") for l in f if l.strip()]
    times = {a: [], b: []}
    for _ in range(runs):
        for build in (a, b):
            ms = task_clock_ms(build, lines)
            times[build].append(ms)
            print(f"{build}: {ms:.0f} ms", flush=True)
    for build in (a, b):
        print(f"mean {build}: {sum(times[build]) / runs:.0f} ms")
    diffs = [y - x for x, y in zip(times[a], times[b])]
    print(f"mean of B - A: {sum(diffs) / runs:+.0f} ms")


if __name__ == "__main__":
    main()
