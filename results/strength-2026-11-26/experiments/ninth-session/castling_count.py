"""How often each engine castled in a match's PGN (coordinate moves, as `menagerie match --pgn`
writes them). Counts, per engine, the games in which its king's first move after the first three
moves of the game was castling, and those in which the king first moved otherwise. Usage:
python3 castling_count.py GAMES.pgn"""
import re,sys
txt=open(sys.argv[1]).read()
games=txt.split('[Event ')[1:]
stats={}
for g in games:
    w=re.search(r'\[White "([^"]+)"',g).group(1); b=re.search(r'\[Black "([^"]+)"',g).group(1)
    body=g.split('\n\n',1)[1]
    body=re.sub(r'\{[^}]*\}','',body)
    toks=[t for t in body.split() if not re.match(r'^\d+\.$',t) and t not in('1-0','0-1','1/2-1/2','*')]
    for side,name,start in ((0,w,'e1'),(1,b,'e8')):
        s=stats.setdefault(name,[0,0,0])
        mv=toks[side::2][3:]
        s[1]+=1
        for i,m in enumerate(mv):
            if m[:2]==start:
                if m[2:4] in (('g1','c1') if side==0 else ('g8','c8')): s[0]+=1
                else: s[2]+=1
                break
for k,v in stats.items(): print(k,'castled',v[0],'king moved otherwise',v[2],'of',v[1])
