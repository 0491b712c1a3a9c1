# How optimistic Menagerie's static evaluation is, from its own side, against Fairy-Stockfish's
# labels, along the games (labfs.txt and rowsfs.txt are line for line the same positions).
# usage: optimism.py LABELS ROWS PGN...  (needs python-chess and numpy)
import sys, re, chess, collections, numpy as np
k = 0.75; c = k * np.log(10) / 400
labs = [l for l in open(sys.argv[1]) if not l.startswith('#') and ' ' in l.strip()]
rows = [l for l in open(sys.argv[2]) if not l.startswith('#') and l.strip()]
assert len(labs) == len(rows), (len(labs), len(rows))
info = {}
for a, b in zip(labs, rows):
    p, fen = a.split(' ', 1); s = float(b.split()[1])
    assert abs(float(b.split()[0]) - float(p)) < 1e-3
    info[' '.join(fen.split()[:2])] = (float(p), 1 / (1 + np.exp(-c * s)))
by = collections.defaultdict(list)
for path in sys.argv[3:]:
    for game in open(path).read().split('[Event ')[1:]:
        me_white = re.search(r'\[White "([^"]+)"\]', game).group(1) == 'Menagerie'
        b = chess.Board(); body = game.split('\n\n', 1)[1]; ply = 0
        for t in re.findall(r'[a-h][1-8][a-h][1-8][qrbn]?', body):
            key = ' '.join(b.fen().split()[:2])
            if key in info:
                y, s = info[key]
                if not me_white: y, s = 1 - y, 1 - s
                by[min(ply // 20 * 20, 100)].append((y, s))
            mv = chess.Move.from_uci(t)
            if mv not in b.legal_moves: break
            b.push(mv); ply += 1
for kk in sorted(by):
    v = np.array(by[kk]); print(f"plies {kk:3d}+: n {len(v):5d}  FS label {v[:,0].mean():.3f}  Menagerie static {v[:,1].mean():.3f}  optimism {np.mean(v[:,1]-v[:,0]):+.3f}")
