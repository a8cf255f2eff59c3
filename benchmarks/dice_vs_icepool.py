"""Dice core vs icepool, the field's exact library: same queries, one fresh process per side.

For each query we time the first call in a fresh process ("cold", imports excluded) and the median of repeated
calls ("warm"), check that both sides agree to 1e-12, and print icepool/fortune_suite ratios. Each side runs in
several fresh processes, interleaved, and the medians are reported (the machine is noisy).

    python benchmarks/dice_vs_icepool.py            # full run (a few seconds per side)
    python benchmarks/dice_vs_icepool.py --quick    # CI smoke: fewer warm repeats
"""
import argparse, json, statistics, subprocess, sys, time

# name -> (fortune_suite expression, icepool expression); each evaluates to a distribution (or a probability)
QUERIES = {
    "successes 4+ in 10d6": ("successes(10, 4)", "10 @ (d6 >= 4)"),
    "successes 4+ in 40d6": ("successes(40, 4)", "40 @ (d6 >= 4)"),
    "4d6 drop lowest": ("keep_highest(4, die(6), 3)", "d6.highest(4, 3)"),
    "min of 2d6 >= 3": ("keep_lowest(2, die(6), 1).at_least(3)", "(d6.lowest(2, 1) >= 3).probability(True)"),
    "d20+5 >= 14": ("(die(20) + 5).at_least(14)", "(d20 + 5 >= 14).probability(True)"),
    "max 6d6 - max 4d6": ("compare(keep_highest(6, die(6), 1), keep_highest(4, die(6), 1)).diff",
                          "d6.highest(6, 1) - d6.highest(4, 1)"),
    "P(max 6d6 > max 4d6)": ("compare(keep_highest(6, die(6), 1), keep_highest(4, die(6), 1)).gt",
                             "(d6.highest(6, 1) > d6.highest(4, 1)).probability(True)"),
    "sum of 100d6": ("pool_sum(100, die(6))", "100 @ d6"),
    "exploding d6 depth 3": ("explode(die(6), 3)", "d6.explode(depth=3)"),
    "keep highest 3 of 20d6": ("keep_highest(20, die(6), 3)", "d6.highest(20, 3)"),
    "kh5 of 10 exploding d10 (depth 2)": ("keep_highest(10, explode(die(10), 2), 5)", "d10.explode(depth=2).highest(10, 5)"),
}

SETUP = {
    "fortune_suite": "from fortune_suite.dice import *\nimport fortune_suite.dice.pools as _fd",
    "icepool": "import icepool\nfrom icepool import d6, d10, d20",
}

CLEAR = {  # forget cached results between warm repeats, so "warm" measures computing, not a cache hit
    # (the standard dice stay built, as icepool's module-level d6, d10, d20 do)
    "fortune_suite": "_fd._keep_highest.cache_clear()",
    "icepool": "",
}

WORKER = r'''
import json, sys, time, statistics
side, repeats = sys.argv[1], int(sys.argv[2])
queries = json.loads(sys.argv[3]); setup = sys.argv[4]; clear = sys.argv[5]
exec(setup)
clear = compile(clear or "pass", "clear", "exec")
def result(v):
    if isinstance(v, float): return {"p": v}
    if side == "icepool" and hasattr(v, "items"):
        tot = v.denominator(); return {"dist": {int(k): q / tot for k, q in v.items()}}
    if hasattr(v, "probs"): return {"dist": {int(k): float(p) for k, p in zip(v.outcomes, v.probs) if p > 0}}
    return {"p": float(v)}
def touch(v):
    # make icepool compute its full distribution (it is lazy in places); ours is already computed
    if side == "icepool" and hasattr(v, "items"): v.denominator(); list(v.items())
    return v
out = {}
for name, expr in queries.items():
    code = compile(expr, name, "eval")          # compiled before timing: we time the computation, not Python's parser
    t0 = time.perf_counter(); v = touch(eval(code)); cold = time.perf_counter() - t0
    warm = []
    for _ in range(repeats):
        exec(clear)
        t0 = time.perf_counter(); touch(eval(code)); warm.append(time.perf_counter() - t0)
    out[name] = {"cold": cold, "warm": statistics.median(warm), "result": result(v)}
print(json.dumps(out))
'''


def _run_once(side, repeats):
    qs = {k: v[0 if side == "fortune_suite" else 1] for k, v in QUERIES.items()}
    p = subprocess.run([sys.executable, "-c", WORKER, side, str(repeats), json.dumps(qs), SETUP[side], CLEAR[side]],
                       capture_output=True, text=True)
    if p.returncode: raise SystemExit(f"{side} worker failed:\n{p.stderr[-3000:]}")
    return json.loads(p.stdout)


def _median(results):
    return {name: {"cold": statistics.median(r[name]["cold"] for r in results),
                   "warm": statistics.median(r[name]["warm"] for r in results), "result": results[0][name]["result"]}
            for name in QUERIES}


def max_diff(a, b):
    if "p" in a: return abs(a["p"] - b["p"])
    keys = set(a["dist"]) | set(b["dist"])
    return max(abs(a["dist"].get(k, 0.0) - b["dist"].get(k, 0.0)) for k in keys)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="few repeats (CI smoke)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--runs", type=int, default=None, help="fresh processes per side (default 5, quick 1)")
    args = ap.parse_args(argv)
    reps = 3 if args.quick else 15
    runs = args.runs or (1 if args.quick else 5)
    ours, theirs = [], []
    for _ in range(runs):            # interleave the sides, so machine noise hits both alike
        ours.append(_run_once("fortune_suite", reps)); theirs.append(_run_once("icepool", reps if not args.quick else 1))
    ours, theirs = _median(ours), _median(theirs)
    rows = []
    for name in QUERIES:
        o, t = ours[name], theirs[name]
        rows.append(dict(query=name, ours_cold_ms=o["cold"] * 1e3, ice_cold_ms=t["cold"] * 1e3,
                         ratio_cold=t["cold"] / o["cold"], ours_warm_ms=o["warm"] * 1e3, ice_warm_ms=t["warm"] * 1e3,
                         ratio_warm=t["warm"] / o["warm"], max_abs_diff=max_diff(o["result"], t["result"])))
    if args.json:
        print(json.dumps(rows, indent=1)); return 0
    print(f"{'query':36} {'ours cold':>10} {'ice cold':>10} {'ratio':>7}   {'ours warm':>10} {'ice warm':>10} {'ratio':>7}  {'max|Δp|':>8}")
    for r in rows:
        print(f"{r['query']:36} {r['ours_cold_ms']:>8.3f}ms {r['ice_cold_ms']:>8.3f}ms {r['ratio_cold']:>6.1f}×   "
              f"{r['ours_warm_ms']:>8.3f}ms {r['ice_warm_ms']:>8.3f}ms {r['ratio_warm']:>6.1f}×  {r['max_abs_diff']:>8.1e}")
    cold = [r["ratio_cold"] for r in rows]; warm = [r["ratio_warm"] for r in rows]
    print(f"\ncold ratio icepool/ours: min {min(cold):.1f}×, median {statistics.median(cold):.1f}×   "
          f"warm: min {min(warm):.1f}×, median {statistics.median(warm):.1f}×")
    worst = max(r["max_abs_diff"] for r in rows)
    print(f"results agree to {worst:.1e} (required 1e-12)")
    return 0 if worst <= 1e-12 else 1


if __name__ == "__main__":
    sys.exit(main())
