# The moves of Menagerie's (plies 8 to 50) after which Fairy-Stockfish's label drops most, from
# labelled positions (LABELS: label_with_fairy_stockfish.py output) and the games' PGNs; prints the
# 25 largest drops for probe.py and how often a move loses 0.1 or 0.2 of the win probability.
# usage: drops.py LABELS PGN...
import sys, re, chess, collections, numpy as np
lab = {}
for l in open(sys.argv[1]):
    if l.startswith('#') or ' ' not in l.strip(): continue
    p, fen = l.split(' ', 1); f = fen.split(); lab[' '.join(f[:2])] = float(p)
out = []
for path in sys.argv[2:]:
    for gi, game in enumerate(open(path).read().split('[Event ')[1:]):
        me_white = re.search(r'\[White "([^"]+)"\]', game).group(1) == 'Menagerie'
        b = chess.Board(); body = game.split('\n\n', 1)[1]; ply = 0
        hist = []
        for t in re.findall(r'[a-h][1-8][a-h][1-8][qrbn]?', body):
            key = ' '.join(b.fen().split()[:2])
            pm = None
            if key in lab: pm = lab[key] if me_white else 1 - lab[key]
            hist.append((ply, b.fen(), t, pm, b.turn == (chess.WHITE if me_white else chess.BLACK)))
            mv = chess.Move.from_uci(t)
            if mv not in b.legal_moves: break
            b.push(mv); ply += 1
        # Menagerie's move at i: drop from pm(i) to pm(i+2) (next Menagerie position)
        for i in range(len(hist) - 2):
            p0, f0, mv, a, mine = hist[i]
            c = hist[i + 2][3]
            if mine and a is not None and c is not None and 8 <= p0 <= 50:
                out.append((a - c, p0, f0, mv, a, c, path.split('/')[-1], gi))
out.sort(reverse=True)
for d in out[:25]: print(f"{d[0]:.2f} ply {d[1]} {d[4]:.2f}->{d[5]:.2f} {d[3]} {d[2]}")
drops = np.array([d[0] for d in out]); print("moves", len(drops), "mean drop", drops.mean(), "share >0.1", np.mean(drops > 0.1), "share >0.2", np.mean(drops>0.2))
