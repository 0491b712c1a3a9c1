# Quiet positions from chess games (coordinate-move PGNs of `menagerie match`), as `<result> <fen>`
# lines for label_with_fairy_stockfish.py. Skips the opening part, positions in check, and
# positions whose next game move is a capture or promotion.
# usage: pgn_positions.py OUT PGN...  (needs python-chess: pip install chess)
import sys, re, chess
out = open(sys.argv[1], "w")
seen = set()
n = 0
for path in sys.argv[2:]:
    text = open(path).read()
    for game in text.split('[Event ')[1:]:
        if '[Variant "chess"]' not in game: continue
        res = re.search(r'\[Result "([^"]+)"\]', game).group(1)
        r = {'1-0': '1', '0-1': '0', '1/2-1/2': '0.5'}.get(res)
        if r is None: continue
        fenh = re.search(r'\[FEN "([^"]+)"\]', game)
        board = chess.Board(fenh.group(1)) if fenh else chess.Board()
        body = game.split('\n\n', 1)[1]
        opening_end = body.find('{opening}')
        ply = 0
        past_opening = opening_end < 0
        for tok in re.finditer(r'\{[^}]*\}|[a-h][1-8][a-h][1-8][qrbn]?', body):
            t = tok.group(0)
            if t.startswith('{'):
                if 'opening' in t: past_opening = True
                continue
            mv = chess.Move.from_uci(t)
            if mv not in board.legal_moves: break
            quiet = not board.is_check() and not board.is_capture(mv) and not mv.promotion
            if past_opening and quiet and ply >= 8:
                key = board.board_fen() + board.turn.__str__()
                if key not in seen:
                    seen.add(key); out.write(f"{r} {board.fen()}\n"); n += 1
            board.push(mv); ply += 1
print(n, "positions", file=sys.stderr)
