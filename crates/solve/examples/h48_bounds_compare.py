"""Compares the root bounds of h8 (with its second bounds) and large/medium on the same cubes:
the lines of `h48_bounds` runs, one file per table, per seed (SEEDS=a,b to pick seeds).

    python3 h48_bounds_compare.py h8.out large-by-search.out medium-by-search.out
"""
import sys, collections, statistics as st
rows = collections.defaultdict(dict)  # (seed, i) -> table -> fields
for path in sys.argv[1:]:
    for line in open(path):
        if line.startswith('#') or not line.strip():
            continue
        f = line.rstrip('\n').split('\t')
        t, seed, i = f[0], int(f[1]), int(f[2])
        rows[(seed, i)][t] = list(map(int, f[3:]))

def h8_bound(code):
    return 0 if code == 0 else 9 + code

def variants(r):
    out = {}
    if 'h8' in r:
        c, h11, h0, ci, h11i, h0i = r['h8']
        # second bounds: the h11 files or h0 give d (<= 9) or 10, meaning "10 or more"
        out['h8 alone, 1 lookup'] = h8_bound(c)
        out['h8+h0, 1+1 lookups'] = max(h8_bound(c), h0)
        out['h8+h11, 1+1 lookups'] = max(h8_bound(c), h11)
        out['h8+h0, cube+inverse, 4 lookups'] = max(h8_bound(c), h0, h8_bound(ci), h0i)
        out['h8+h11, cube+inverse, 4 lookups'] = max(h8_bound(c), h11, h8_bound(ci), h11i)
    for t in ('large', 'medium', 'large-by-search', 'medium-by-search'):
        if t in r:
            cor, ud, rl, fb, iud, irl, ifb = r[t]
            out[f'{t}, U-D, 1 lookup'] = ud
            out[f'{t}, 3 axes, 3 lookups'] = max(ud, rl, fb)
            out[f'{t}, 3 axes + inverse, 6 lookups'] = max(ud, rl, fb, iud, irl, ifb)
            out[f'{t}, + corners, 7 lookups'] = max(cor, ud, rl, fb, iud, irl, ifb)
    return out

import os
seeds = sorted({s for s, _ in rows})
if os.environ.get("SEEDS"): seeds = [int(x) for x in os.environ["SEEDS"].split(",")]
def report(keys, label):
    vs = [variants(rows[k]) for k in keys]
    names = sorted({n for v in vs for n in v})
    print(f'## {label}: {len(keys)} cubes')
    for n in names:
        xs = [v[n] for v in vs if n in v]
        hist = collections.Counter(xs)
        print(f'{n:40s} n={len(xs):4d} mean {st.mean(xs):6.3f}  ' + ' '.join(f'{b}:{hist[b]}' for b in sorted(hist)))
    pairs = [('large-by-search, + corners, 7 lookups', 'medium-by-search, + corners, 7 lookups'),
             ('h8+h11, cube+inverse, 4 lookups', 'large-by-search, + corners, 7 lookups'),
             ('h8+h0, cube+inverse, 4 lookups', 'large-by-search, + corners, 7 lookups'),
             ('h8+h11, 1+1 lookups', 'large-by-search, U-D, 1 lookup'),
             ('h8+h11, cube+inverse, 4 lookups', 'medium-by-search, + corners, 7 lookups'),
             ('large, + corners, 7 lookups', 'large-by-search, + corners, 7 lookups'),
             ('medium, + corners, 7 lookups', 'medium-by-search, + corners, 7 lookups'),
             ('medium, U-D, 1 lookup', 'medium-by-search, U-D, 1 lookup'),('h8+h11, cube+inverse, 4 lookups', 'large, + corners, 7 lookups'),
             ('h8+h0, cube+inverse, 4 lookups', 'large, + corners, 7 lookups'),
             ('h8+h11, 1+1 lookups', 'large, U-D, 1 lookup'),
             ('h8+h0, 1+1 lookups', 'large, U-D, 1 lookup'),
             ('h8+h11, cube+inverse, 4 lookups', 'medium, + corners, 7 lookups'),
             ('h8+h11, 1+1 lookups', 'medium, U-D, 1 lookup')]
    for a, b in pairs:
        both = [(v[a], v[b]) for v in vs if a in v and b in v]
        if not both:
            continue
        hi = sum(x > y for x, y in both); eq = sum(x == y for x, y in both); lo = sum(x < y for x, y in both)
        print(f'{a} vs {b}: first higher {hi}, equal {eq}, lower {lo} (n={len(both)}); mean difference {st.mean(x-y for x,y in both):+.3f}')

for s in seeds:
    report([k for k in rows if k[0] == s], f'seed {s}')
