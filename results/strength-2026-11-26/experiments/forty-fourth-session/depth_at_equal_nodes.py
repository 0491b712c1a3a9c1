# Depth at equal nodes (forty-fourth session): both engines search each position of a JSONL file
# (key "fen") to the same node count over UCI, each from a fresh table (ucinewgame); prints the
# last reported depth, the best move and the score (the mover's view) of each, then the average
# depths. Development diagnostic; the engine talk is ../twenty-eighth-session/fs_common.py's.
# usage: depth_at_equal_nodes.py POSITIONS.jsonl COUNT NODES MENAGERIE FAIRY_STOCKFISH
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'twenty-eighth-session'))
from fs_common import Engine

rows = [json.loads(l) for l in open(sys.argv[1])][:int(sys.argv[2])]
nodes = int(sys.argv[3])
engines = {name: Engine(path, hash_mb=16, variant=None) for name, path in (('men', sys.argv[4]), ('fs', sys.argv[5]))}
total = {name: 0 for name in engines}
for r in rows:
    found = {}
    for name, engine in engines.items():
        engine.new_game()
        best, score, depth = engine.go(r['fen'], [], nodes)
        found[name] = (depth, best, score)
        total[name] += depth or 0
    print(r['fen'][:40], 'men', found['men'], 'fs', found['fs'])
print('avg depth men', total['men'] / len(rows), 'fs', total['fs'] / len(rows))
