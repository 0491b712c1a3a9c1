#!/usr/bin/env python3
"""Drives `menagerie` over UCI from outside, as a GUI or match script would: every command of
the UCI front-end, each answer checked. Usage: uci_session.py PATH_TO_MENAGERIE

Exits 0 when every check passes; otherwise prints the failed check and the transcript."""

import subprocess
import sys
import time


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.log = []

    def send(self, line):
        self.log.append("<< " + line[:100])
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def read_until(self, prefix, timeout=30.0):
        """Lines up to and including the first that starts with `prefix`."""
        lines = []
        deadline = time.time() + timeout
        while time.time() < deadline:
            line = self.p.stdout.readline()
            if not line:
                break
            line = line.rstrip("\n")
            self.log.append(">> " + line)
            lines.append(line)
            if line.startswith(prefix):
                return lines
        fail(f"no line starting with {prefix!r}", self)

    def ask(self, line, prefix, timeout=30.0):
        self.send(line)
        return self.read_until(prefix, timeout)

    def sync(self):
        return self.ask("isready", "readyok")


def fail(message, engine):
    print("FAILED:", message)
    print("\n".join(engine.log[-60:]))
    sys.exit(1)


def check(condition, message, engine):
    if not condition:
        fail(message, engine)


def bestmove(lines):
    return lines[-1].split()[1]


def main():
    e = Engine(sys.argv[1])
    lines = e.ask("uci", "uciok")
    options = [l for l in lines if l.startswith("option name")]
    for name in ["UCI_Variant", "Hash", "Threads", "Move Overhead", "MultiPV", "Contempt",
                 "Ponder"]:
        check(any(l.startswith(f"option name {name} type") for l in options), f"option {name}", e)
    check(any("var wildebeest" in l for l in options), "UCI_Variant lists wildebeest", e)
    e.sync()

    # Options, good and bad (bad ones answer with an error and change nothing).
    for line in ["setoption name Hash value 32", "setoption name Threads value 2",
                 "setoption name Move Overhead value 50", "setoption name MultiPV value 2",
                 "setoption name Contempt value 0",
                 "setoption name Ponder value true", "setoption name Clear Hash"]:
        e.send(line)
    lines = e.sync()
    check(not any("error" in l for l in lines), "good options accepted silently", e)
    lines = e.ask("setoption name Hash value 0", "info string error")
    e.sync()

    # Variant switch announces the board; position + d show it.
    lines = e.ask("setoption name UCI_Variant value wildebeest", "info string variant wildebeest")
    check("files 11 ranks 10" in lines[-1], "variant line geometry", e)
    e.send("ucinewgame")
    e.send("position startpos moves e2e5 e9e6")
    lines = e.ask("d", "Fen:")
    check(lines[-1] == "Fen: rnccwkqbbnr/pppp1pppppp/11/11/4p6/4P6/11/11/PPPP1PPPPPP/RNBBQKWCCNR w KQkq - 0 2",
          "d after moves", e)

    # go perft: divide lines, blank, total (notation.md).
    lines = e.ask("go perft 2", "Nodes searched")
    check(lines[-1].startswith("Nodes searched: "), "perft total", e)
    check(lines[-2] == "", "blank line before total", e)
    total = sum(int(l.split(": ")[1]) for l in lines if ": " in l and not l.startswith("Nodes"))
    check(total == int(lines[-1].split(": ")[1]), "divide sums to total", e)

    # go with each limit; MultiPV 2 gives two lines per depth.
    lines = e.ask("go depth 4", "bestmove")
    check(any(" multipv 2 " in l for l in lines), "MultiPV 2 lines", e)
    check(all(f" {k} " in lines[-2] for k in ["depth", "seldepth", "score", "nodes", "nps", "time", "hashfull", "pv"]),
          "info fields", e)
    e.send("setoption name MultiPV value 1")
    lines = e.ask("go nodes 5000", "bestmove")
    lines = e.ask("go movetime 200", "bestmove")
    start = time.time()
    lines = e.ask("go wtime 3000 btime 3000 winc 100 binc 100 movestogo 20", "bestmove")
    check(time.time() - start < 3.0, "clock search inside the clock", e)
    lines = e.ask("go searchmoves a2a3 b2b3 depth 3", "bestmove")
    check(bestmove(lines) in ("a2a3", "b2b3"), "searchmoves restricts the root", e)

    # infinite + stop, ponder + ponderhit, ponder + stop.
    e.send("go infinite")
    time.sleep(0.3)
    e.sync()
    lines = e.ask("stop", "bestmove")
    e.send("go ponder wtime 2000 btime 2000")
    time.sleep(0.2)
    lines = e.ask("ponderhit", "bestmove")
    e.send("go ponder wtime 2000 btime 2000")
    time.sleep(0.1)
    lines = e.ask("stop", "bestmove")

    # Mate search, in chess.
    e.send("setoption name UCI_Variant value chess")
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    lines = e.ask("go mate 1", "bestmove")
    check(bestmove(lines) == "a1a8", "mate in one found", e)
    check(any("score mate 1" in l for l in lines), "mate score", e)
    e.send("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
    lines = e.ask("go depth 3", "bestmove")
    check(lines[-1] == "bestmove (none)", "no move when mated", e)

    # Bad input keeps the engine alive and the position as it was.
    e.send("position startpos moves e2e4")
    for line in ["position startpos moves e7e5 e1e9", "position fen nonsense", "go depth banana",
                 "frobnicate", "", "x" * 200000]:
        e.send(line)
    lines = e.ask("d", "Fen:")
    check(lines[-1] == "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
          "position unchanged after bad input", e)
    errors = [l for l in lines if l.startswith("info string error")]
    check(len(errors) == 5, f"five errors reported (got {len(errors)})", e)

    # quit during a search ends the process promptly.
    e.send("go infinite")
    time.sleep(0.2)
    e.send("quit")
    try:
        code = e.p.wait(timeout=5)
    except subprocess.TimeoutExpired:
        fail("quit during a search did not end the process", e)
    check(code == 0, f"exit code {code}", e)

    # EOF in the middle of a search: the engine answers and exits.
    e2 = Engine(sys.argv[1])
    e2.ask("uci", "uciok")
    e2.send("go infinite")
    time.sleep(0.2)
    e2.p.stdin.close()
    rest = e2.p.stdout.read()
    check("bestmove" in rest, "bestmove after EOF", e2)
    check(e2.p.wait(timeout=5) == 0, "clean exit after EOF", e2)
    print("uci session: all checks passed")


main()
