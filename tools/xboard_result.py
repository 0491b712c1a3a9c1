#!/usr/bin/env python3
"""Summarise an XBoard match folder (games.pgn, debug.log) written by xboard_match.sh.

usage: xboard_result.py OUTDIR GAMES VARIANT XBOARD_EXIT_STATUS

One line per finished game, "game N: WHITE - BLACK RESULT {reason}", then a RESULT line from
the first engine's side. Exit status 1 when no game finished. Written for this project.
"""
import re
import sys


def read(folder, name):
    try:
        with open(f"{folder}/{name}", encoding="utf-8", errors="replace") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def engine_name(debug, which):
    """The name an engine gave XBoard: CECP's myname feature, or UCI's id name."""
    feature = re.search(rf'<{which} *: feature .*?myname=(?:"([^"]*)"|(\S+))', debug)
    if feature:
        return (feature.group(1) or feature.group(2)).strip()
    uci = re.search(rf"<{which} *: id name (.*)", debug)
    return uci.group(1).strip() if uci else which


def games_in(pgn):
    """(white, black, result, reason, variant) per game of a PGN file."""
    for block in re.split(r"\n(?=\[Event )", pgn):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
        if "Result" not in tags:
            continue
        reasons = re.findall(r"\{([^{}]*)\}\s*(?:1-0|0-1|1/2-1/2|\*)\s*$", block.strip())
        yield (tags.get("White", "?"), tags.get("Black", "?"), tags["Result"],
               reasons[-1] if reasons else "", tags.get("Variant", "normal"))


def main():
    folder, wanted, variant, status = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    debug = read(folder, "debug.log")
    first, second = engine_name(debug, "first"), engine_name(debug, "second")
    wins = losses = draws = unfinished = 0
    games = list(games_in(read(folder, "games.pgn")))
    for number, (white, black, result, reason, played) in enumerate(games, 1):
        if played != variant:
            print(f"WARNING game {number} was played as '{played}', not '{variant}'")
        if first != second and first in (white, black):
            first_is_white = white == first
        else:
            first_is_white = number % 2 == 1  # XBoard alternates; engine 1 starts as White
        if result == "1/2-1/2":
            draws += 1
        elif result in ("1-0", "0-1"):
            if (result == "1-0") == first_is_white:
                wins += 1
            else:
                losses += 1
        else:
            unfinished += 1
        print(f"game {number}: {white} - {black} {result} {{{reason}}}")
    if not games:
        print(f"RESULT none: no finished game in {folder}/games.pgn (xboard exit {status})")
        return 1
    played = len(games)
    tail = f" unfinished {unfinished}" if unfinished else ""
    print(f"RESULT {first} vs {second}: +{wins} -{losses} ={draws}{tail} "
          f"({played} games of {wanted}, score {wins + draws / 2:g}/{played})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
