# Depth at equal nodes (forty-fourth session): both engines search each position of a JSONL file
# (key "fen") to the same node count over UCI; prints the last reported depth, the best move and
# the score of each, then the average depths. Development diagnostic.
# usage: depth_at_equal_nodes.py POSITIONS.jsonl COUNT NODES MENAGERIE FAIRY_STOCKFISH
import json, subprocess, sys
def run(cmd, fen, nodes):
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, stderr=subprocess.DEVNULL)
    p.stdin.write(f"uci\nsetoption name Hash value 16\nisready\nposition fen {fen}\ngo nodes {nodes}\n"); p.stdin.flush()
    depth=None; best=None; score=None
    for line in p.stdout:
        t=line.split()
        if t and t[0]=='info' and 'depth' in t and 'score' in t:
            depth=int(t[t.index('depth')+1])
            i=t.index('score'); score=t[i+1]+' '+t[i+2]
        if t and t[0]=='bestmove':
            best=t[1]; break
    p.stdin.write("quit\n"); p.stdin.flush(); p.wait()
    return depth, best, score
rows=[json.loads(l) for l in open(sys.argv[1])][:int(sys.argv[2])]
nodes=int(sys.argv[3])
md=fd=0
for r in rows:
    a=run([sys.argv[4]], r['fen'], nodes); b=run([sys.argv[5]], r['fen'], nodes)
    md+=a[0]; fd+=b[0]
    print(r['fen'][:40], 'men', a, 'fs', b)
print('avg depth men', md/len(rows), 'fs', fd/len(rows))
