# Menagerie's score on the games two fixed-node logs share (same openings, same game numbers).
# Usage: cmp.py NEW.log BASE.log
import re, sys
def load(path):
    out = {}
    for l in open(path):
        m = re.match(r'game (\d+): (\S+) - (\S+) (1-0|0-1|1/2-1/2)', l)
        if not m: continue
        n, w, b, r = int(m.group(1)), m.group(2), m.group(3), m.group(4)
        pts = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[r]
        out[n] = pts if w == "Menagerie" else 1 - pts
    return out
new, base = load(sys.argv[1]), load(sys.argv[2])
common = sorted(set(new) & set(base))
sn = sum(new[g] for g in common); sb = sum(base[g] for g in common)
diff = sum(1 for g in common if new[g] != base[g])
print("games %d: new %.1f (%.1f%%), base %.1f (%.1f%%), %d differ" % (len(common), sn, 100*sn/max(1,len(common)), sb, 100*sb/max(1,len(common)), diff))
