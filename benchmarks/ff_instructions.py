"""Instructions (valgrind cachegrind `I refs`) for the write-up's games played by two checkouts:
`python benchmarks/ff_instructions.py BASE NEW [PER]` (PER games a condition, default 1: 26 games, about a minute each
under valgrind). Counts do not depend on the machine's load, so a few-percent change that timing side by side on a
busy machine cannot resolve shows up plainly. Each checkout is counted twice: the write-up's games, and the same
script with no games (imports and setup), and the difference is reported; the games' fingerprints must agree."""
import json, os, re, subprocess, sys, tempfile
base, new = sys.argv[1], sys.argv[2]
per = sys.argv[3] if len(sys.argv) > 3 else "1"
src = open(os.path.join(base, "benchmarks/bench_fortune_fodder.py")).read()
code = re.search(r'WRITEUP_GAMES = r"""(.*?)"""', src, re.S).group(1)
def count(d, per, empty=False):
    c = code.replace("PER", per).replace("/ len(work)", "/ max(1, len(work))")
    if empty: c = c.replace("for su, s in work:", "for su, s in work[:0]:")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f: f.write(c)
    got = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", sys.executable, f.name],
                         env={**os.environ, "PYTHONPATH": d, "PYTHONHASHSEED": "0"}, cwd=d, capture_output=True, text=True, check=True)
    os.unlink(f.name)
    refs = int(re.search(r"I\s+refs:\s+([\d,]+)", got.stderr).group(1).replace(",", ""))
    return refs, json.loads(got.stdout)[2]
out, fps = {}, set()
for d in (base, new):
    (full, fp), (empty, _) = count(d, per), count(d, per, empty=True)
    out[d] = full - empty; fps.add(fp)
    print(f"{d}: {out[d] / 1e9:.3f} G instructions for the games (fingerprint {fp[:16]})", flush=True)
print(f"new / base = {out[new] / out[base]:.4f}; same games: {len(fps) == 1}")
