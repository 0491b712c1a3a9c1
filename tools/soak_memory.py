#!/usr/bin/env python3
"""Samples the resident memory of engine processes while a soak runs (tools/soak.sh).

usage: soak_memory.py OUTFILE NAME [NAME...]   (runs until killed with SIGTERM)

Every 0.5 s it records, for each running process whose executable's file name is one of the
NAMEs, its pid and VmRSS. On SIGTERM it writes one line per process to OUTFILE:
"pid name samples rss_at_quarter_kb rss_end_kb rss_max_kb"; the quarter point leaves out the
first games, when the hash table's pages are touched for the first time. Written for this
project.
"""
import os
import signal
import sys
import time

out_path, names = sys.argv[1], set(sys.argv[2:])
samples = {}  # pid -> (name, [rss_kb, ...])


def sample():
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            exe = os.path.basename(os.readlink(f"/proc/{pid}/exe"))
            if exe not in names:
                continue
            with open(f"/proc/{pid}/status") as f:
                rss = next(int(l.split()[1]) for l in f if l.startswith("VmRSS:"))
        except (OSError, StopIteration, ValueError):
            continue
        samples.setdefault(int(pid), (exe, []))[1].append(rss)


def finish(*_):
    with open(out_path, "w") as f:
        for pid, (name, rss) in sorted(samples.items()):
            if len(rss) < 4:
                continue  # too short-lived to say anything
            f.write(f"{pid} {name} {len(rss)} {rss[len(rss) // 4]} {rss[-1]} {max(rss)}\n")
    sys.exit(0)


signal.signal(signal.SIGTERM, finish)
while True:
    sample()
    time.sleep(0.5)
