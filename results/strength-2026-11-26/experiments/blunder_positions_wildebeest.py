"""Positions from lost Wildebeest games where Menagerie was to move (plies 12-100), each scored
by Fairy-Stockfish at NODES nodes (default 300,000): its best move and score, and the score of
the move Menagerie played. The Wildebeest form of blunder_positions.py, driving the engines over
UCI itself (python-chess has no Wildebeest). Development diagnostic (issue 12, twenty-fifth
session); Fairy-Stockfish is the wrapper tools/build_fairy_stockfish.sh writes (fs-wildebeest).
Usage: blunder_positions_wildebeest.py GAMES.pgn OUT.jsonl MAX_POSITIONS"""
import re, sys, json, random, subprocess, os
FS = os.path.expanduser("~/.cache/menagerie-peers/fs-wildebeest")
NODES = int(os.environ.get("NODES", "300000"))

class Uci:
    def __init__(self, cmd):
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 64")
        self.send("setoption name UCI_Variant value wildebeest")
        self.send("isready")
        self.wait("readyok")

    def send(self, s):
        self.p.stdin.write(s + "\n")

    def wait(self, tok):
        lines = []
        while True:
            l = self.p.stdout.readline()
            if not l:
                raise SystemExit("engine died")
            lines.append(l.strip())
            if l.startswith(tok):
                return lines

    def go(self, pos, nodes, searchmoves=None):
        """The best move and the last reported score (cp; mates as +-10000) at `nodes`."""
        self.send("ucinewgame")
        self.send("position " + pos)
        self.send(f"go nodes {nodes}" + (f" searchmoves {searchmoves}" if searchmoves else ""))
        lines = self.wait("bestmove")
        score = None
        for l in lines:
            m = re.search(r"score (cp|mate) (-?\d+)", l)
            if m and l.startswith("info") and " pv " in l:
                n = int(m.group(2))
                score = n if m.group(1) == "cp" else (10000 if n > 0 else -10000)
        return lines[-1].split()[1], score


def fs_fen(fen):
    """Menagerie's FEN in Fairy-Stockfish's letters (its wildebeest is g/G)."""
    board, rest = fen.split(" ", 1)
    return board.replace("W", "G").replace("w", "g") + " " + rest


if __name__ == "__main__":
    txt = open(sys.argv[1]).read()
    out = open(sys.argv[2], "w")
    maxpos = int(sys.argv[3])
    positions = []
    for g in txt.split("[Event ")[1:]:
        white = re.search(r'\[White "(.*?)"', g).group(1)
        res = re.search(r'\[Result "(.*?)"', g).group(1)
        fen = re.search(r'\[FEN "(.*?)"', g).group(1)
        me_white = white == "Menagerie"
        if not ((res == "0-1" and me_white) or (res == "1-0" and not me_white)):
            continue
        body = re.sub(r"\{[^}]*\}", "", g.split("\n\n", 1)[1])
        moves = [t for t in body.split() if re.fullmatch(r"[a-k]\d+[a-k]\d+[a-z]?", t)]
        for i, mv in enumerate(moves):
            # The games start from FENs with white to move (the PGN's openings are move lists).
            if (i % 2 == 0) == me_white and 12 <= i <= 100:
                positions.append((fen, moves[:i], mv))
    random.seed(1)
    random.shuffle(positions)
    fs = Uci(FS)
    for fen, before, played in positions[:maxpos]:
        pos = "fen " + fs_fen(fen) + (" moves " + " ".join(before) if before else "")
        best, bs = fs.go(pos, NODES)
        ps = bs if best == played else fs.go(pos, NODES, played)[1]
        row = {"fen": fen, "moves": before, "played": played, "best": best,
               "best_score": bs, "played_score": ps}
        out.write(json.dumps(row) + "\n")
        out.flush()
