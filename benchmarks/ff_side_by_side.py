"""Fortune Fodder write-up games by two checkouts side by side: `python benchmarks/ff_side_by_side.py DIR_A DIR_B [REPEATS] [GAMES_PER_HALF_CONDITION]`.

Both run at once, so both see the same load (on this 2-vCPU VM a lone timing swings by 20%): CPU ms a game of each,
the ratio of medians and the median of the pair ratios, and whether the two played the same games (fingerprints).
A checkout against itself reads within about ±10% in one pair: take 5 or more."""
import json, re, statistics, subprocess, sys, os
a, b, reps = sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 5
per = sys.argv[4] if len(sys.argv) > 4 else "2"
src = open(os.path.join(a, "benchmarks/bench_fortune_fodder.py")).read()
code = re.search(r'WRITEUP_GAMES = r"""(.*?)"""', src, re.S).group(1).replace("PER", per)
def start(d): return subprocess.Popen([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": d}, cwd=d, stdout=subprocess.PIPE, text=True)
ra, rb, fps = [], [], set()
for i in range(reps):
    pa, pb = (start(a), start(b)) if i % 2 == 0 else (start(b), start(a))[::-1]     # who starts first alternates
    oa, ob = json.loads(pa.communicate()[0]), json.loads(pb.communicate()[0])
    ra.append(oa[0]); rb.append(ob[0]); fps |= {oa[2], ob[2]}
    print(f"  run {i}: {oa[0]:.1f} vs {ob[0]:.1f} ms  ratio {oa[0] / ob[0]:.3f}", flush=True)
print(f"A {a}: {statistics.median(ra):.1f} ms   B {b}: {statistics.median(rb):.1f} ms   A/B medians {statistics.median(ra) / statistics.median(rb):.3f}, "
      f"median of pair ratios {statistics.median(x / y for x, y in zip(ra, rb)):.3f}; same games: {len(fps) == 1}")
