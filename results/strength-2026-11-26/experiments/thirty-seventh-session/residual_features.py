# Which simple chess features go with what Menagerie's static evaluation misses against
# Fairy-Stockfish's labels: a least-squares fit of the residual (label - static probability,
# White's view) on White-minus-Black features, on a sample of positions.
# usage: residual_features.py LABELS ROWS SAMPLE  (LABELS and ROWS line for line the same
# positions; needs python-chess and numpy)
import sys, random, chess, numpy as np
k = 0.75; c = k * np.log(10) / 400
labs = [l for l in open(sys.argv[1]) if not l.startswith('#') and ' ' in l.strip()]
rows = [l for l in open(sys.argv[2]) if not l.startswith('#') and l.strip()]
random.seed(1); idx = random.sample(range(len(labs)), int(sys.argv[3]))
def zone(b, color):
    ksq = b.king(color); z = chess.SquareSet(chess.BB_KING_ATTACKS[ksq]) | chess.SquareSet([ksq])
    return ksq, z
def side_feats(b, color):
    enemy = not color
    ksq, z = zone(b, color)
    att = sum(len(b.attackers(enemy, s)) for s in z)
    attackers = len({a for s in z for a in b.attackers(enemy, s) if b.piece_type_at(a) not in (chess.PAWN, chess.KING)})
    f = chess.square_file(ksq); r = chess.square_rank(ksq); fwd = 1 if color else -1
    shield = sum(1 for df in (-1, 0, 1) for dr in (1, 2) if 0 <= f + df < 8 and 0 <= r + fwd * dr < 8
                 and b.piece_at(chess.square(f + df, r + fwd * dr)) == chess.Piece(chess.PAWN, color))
    open_files_near = sum(1 for df in (-1, 0, 1) if 0 <= f + df < 8 and not any(
        b.piece_at(chess.square(f + df, rr)) == chess.Piece(chess.PAWN, color) for rr in range(8)))
    mob = 0; hanging = 0; center = 0
    for sq, pc in b.piece_map().items():
        if pc.color != color: continue
        a = b.attacks(sq)
        if pc.piece_type not in (chess.PAWN, chess.KING):
            mob += len(a & ~b.occupied_co[color])
        if pc.piece_type != chess.KING and b.is_attacked_by(enemy, sq) and not b.is_attacked_by(color, sq):
            hanging += 1
    center = sum(len(b.attackers(color, s)) for s in (chess.D4, chess.E4, chess.D5, chess.E5))
    back = 0 if color else 7
    undeveloped = sum(1 for s in b.pieces(chess.KNIGHT, color) | b.pieces(chess.BISHOP, color) if chess.square_rank(s) == back)
    queen = len(b.pieces(chess.QUEEN, enemy)) > 0
    return [att, attackers, att * queen, shield, open_files_near, mob, hanging, center, undeveloped,
            int(chess.square_file(ksq) in (3, 4) and queen)]
names = ['zone attacks', 'zone attackers', 'zone attacks x enemy queen', 'shield pawns', 'open files by king',
         'mobility', 'hanging', 'centre attacks', 'undeveloped minors', 'king in centre with enemy queen', 'white to move']
X = []; Y = []
for i in idx:
    p, fen = labs[i].split(' ', 1); s = float(rows[i].split()[1])
    b = chess.Board(fen.strip())
    fw, fb = side_feats(b, chess.WHITE), side_feats(b, chess.BLACK)
    X.append([a - bb for a, bb in zip(fw, fb)] + [1 if b.turn else -1]); Y.append(float(p) - 1 / (1 + np.exp(-c * s)))
X = np.array(X, float); Y = np.array(Y)
X1 = np.hstack([X, np.ones((len(X), 1))])
coef, *_ = np.linalg.lstsq(X1, Y, rcond=None)
res = Y - X1 @ coef
print(f"n {len(Y)}  residual variance {Y.var():.5f} -> {res.var():.5f} ({100 * (1 - res.var() / Y.var()):.1f}% explained)")
sd = X.std(0)
for n, co, s_ in zip(names, coef, sd):
    r = np.corrcoef(X[:, names.index(n)], Y)[0, 1]
    print(f"{n:35s} coef {co:+.4f} per unit, {co * s_:+.4f} per sd; corr with residual {r:+.3f}")
