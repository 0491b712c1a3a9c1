#!/usr/bin/env python3
"""Label the positions of chess PGN games (coordinate moves) with Fairy-Stockfish's search score.

Usage: label.py FS_BINARY NODES SHARD SHARDS OUT PGN...
Writes `<white-score-as-result> <fen>` lines (the `menagerie tune fit` samples format) for
positions that are quiet by Fairy-Stockfish's own judgement: side to move not in check, best
move not a capture or promotion, |score| <= 1200 cp. result = 1/(1+10^(-cp/400)), White's view.
"""
import re, subprocess, sys

fs, nodes, shard, shards, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
# Inputs: PGN files of chess games in coordinate moves, or samples files (`<result> <fen>`
# lines, as `menagerie tune selfplay` writes them), whose positions are labelled as they are.
games = []
for path in sys.argv[6:]:
    text = open(path).read()
    if not text.startswith('[') :
        fens = [l.split(' ', 1)[1] for l in text.splitlines() if l and not l.startswith('#')]
        games += [('fen', fens[i:i + 50]) for i in range(0, len(fens), 50)]
        continue
    for block in text.split('[Event ')[1:]:
        if '[Variant "chess"]' not in block or '[FEN ' in block:
            continue
        body = re.sub(r'\{[^}]*\}', ' ', block.split('\n\n', 1)[1] if '\n\n' in block else '')
        moves = [t for t in body.split() if re.fullmatch(r'[a-h][1-8][a-h][1-8][qrbn]?', t)]
        games.append(('moves', moves))
games = games[shard::shards]
p = subprocess.Popen([fs], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + '\n'); p.stdin.flush()
def until(prefix):
    lines = []
    while True:
        l = p.stdout.readline()
        if not l: raise SystemExit('engine died')
        lines.append(l.rstrip())
        if l.startswith(prefix): return lines
send('uci'); until('uciok'); send('setoption name Hash value 16'); send('isready'); until('readyok')
seen = set(); kept = 0
with open(out, 'w') as f:
    for g, (kind, items) in enumerate(games):
        send('ucinewgame')
        setups = (['position fen ' + f for f in items] if kind == 'fen' else
                  ['position startpos moves ' + ' '.join(items[:ply]) for ply in range(8, len(items))])
        for setup in setups:
            send(setup)
            send('d'); lines = until('Checkers:')
            fen = next(l[5:] for l in lines if l.startswith('Fen: '))
            key = ' '.join(fen.split()[:4])
            if key in seen or lines[-1].strip() != 'Checkers:':
                continue
            seen.add(key)
            send(f'go nodes {nodes}'); lines = until('bestmove')
            best = lines[-1].split()[1]
            score = None
            for l in lines:
                m = None if "bound" in l else re.search(r"score (cp|mate) (-?\d+)", l)
                if m: score = (m.group(1), int(m.group(2)))
            if score is None or score[0] == 'mate' or abs(score[1]) > 1200 or len(best) == 5:
                continue
            board = fen.split()[0]
            rows = [re.sub(r'\d', lambda d: '.' * int(d.group()), r) for r in board.split('/')]
            to = best[2:4]; fi, ra = ord(to[0]) - 97, int(to[1])
            if rows[8 - ra][fi] != '.':
                continue
            cp = score[1] if fen.split()[1] == 'w' else -score[1]
            f.write(f'{1 / (1 + 10 ** (-cp / 400)):.4f} {fen}\n'); kept += 1
        if g % 50 == 0:
            print(f'shard {shard}: game {g}/{len(games)}, kept {kept}', file=sys.stderr, flush=True)
send('quit')
