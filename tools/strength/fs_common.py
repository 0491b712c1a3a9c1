# What the Fairy-Stockfish helper scripts share: reading a match PGN and talking UCI
# to the Wildebeest wrapper (tools/build_fairy_stockfish.sh installs it as fs-wildebeest), or to
# any UCI engine in another variant.
import re, subprocess

RESULTS = ('1-0', '0-1', '1/2-1/2', '*')


def read_games(path):
    """[(tags, moves)] of a PGN written by `menagerie match` (coordinate moves, comments dropped)."""
    games = []
    for block in re.split(r'\n\n(?=\[Event)', open(path).read()):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', block))
        body = re.sub(r'\[.*?\]\n', '', block)
        body = re.sub(r'\{[^}]*\}', '', body)
        moves = [t for t in body.split() if not re.match(r'^\d+\.$', t) and t not in RESULTS]
        games.append((tags, moves))
    return games


def fs_fen(fen):
    """A FEN in Fairy-Stockfish's letters: its wildebeest is g, ours W."""
    f = fen.split()
    f[0] = f[0].replace("w", "g").replace("W", "G")
    return " ".join(f)


class Engine:
    """A UCI engine set to `variant` (Wildebeest unless told; None leaves the engine's own,
    orthodox chess)."""

    def __init__(self, command, hash_mb=64, variant="wildebeest"):
        self.p = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        if variant:
            self.send("setoption name UCI_Variant value %s" % variant)
        self.send("setoption name Hash value %d" % hash_mb)
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if line.startswith(prefix):
                return line

    def new_game(self):
        """Forgets the previous searches (each position then gets the same fresh search)."""
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")

    def go(self, fen, moves, nodes, only=None):
        """(best move, last score in cp from the mover's view (mates as ±30000), last depth);
        with `only`, the search is restricted to that move ('searchmoves')."""
        self.send("position fen %s moves %s" % (fen, " ".join(moves)))
        self.send("go nodes %d" % nodes + (" searchmoves %s" % only if only else ""))
        score = depth = None
        while True:
            line = self.p.stdout.readline()
            m = re.search(r'score (cp|mate) (-?\d+)', line)
            if m:
                score = int(m.group(2)) if m.group(1) == 'cp' else (30000 if int(m.group(2)) > 0 else -30000)
            d = re.search(r' depth (\d+)', line)
            if d:
                depth = int(d.group(1))
            if line.startswith("bestmove"):
                return line.split()[1], score, depth
