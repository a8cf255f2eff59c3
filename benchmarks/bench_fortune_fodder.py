"""Fortune Fodder benchmark: `python benchmarks/bench_fortune_fodder.py [--quick] [--before DIR] [--writeup-only]` (or `python benchmarks/games.py fortune-fodder`).

1. Greedy-vs-greedy full 150-point games per second on one core (setup from the secret teams on, rolled scenario
   and terrain, every round) through the engine in QUIET mode (`Game.new(..., quiet=True)` + `play_bots`: no log text,
   rolls without odds, views as read-only projections whose attack odds are worked out only when the bot reads them).
   Peer, same run: the same seeded games with the full log on (JSON views, odds on every roll) — the ratio
   quiet/full is what quiet mode buys, and it is robust to a loaded machine. The two must end the same (checked).
   Median of 3 runs of 20 games (`--quick`: 3 runs of 4 games). Target from issue 9: ≥ 15 games/s.
   `--before DIR` also plays the same games with the code checked out in DIR (e.g. `git archive 4ffd83e | tar -x -C DIR`,
   the code before issue 9), the same way, and says whether they end the same.
2. Exact odds of one declared attack (a Rail Lance at a Wisp in cover, with Diverted Movements and an Auto Stimmy),
   cold (caches cleared) and cached. Peer, same run: a 20,000-trial numpy Monte Carlo of the same attack.
3. The write-up's games (nbs/writeups/fortune_fodder.ipynb: its 145-point mirror match at 160 points, a mod on one
   Bulwark or none, greedy bots, quiet mode, seeds as the sweep derives them): CPU ms per game, each run in a fresh
   process on the same games. With `--before DIR` the peer is the same games played by the code in DIR (e.g. a
   `git worktree` of main before a speed-up), runs alternating, median of 5 (`--quick`: 3) — the ratio is the
   speed-up, and every game must end the same (result and every action). The study's full run is 13,000 such games
   on two cores: the projected time is printed.
"""
import statistics, time
import numpy as np


def _median(fn, repeats):
    out, res = [], None
    for r in range(repeats):
        t0 = time.process_time(); n, res = fn(r); out.append(n / (time.process_time() - t0))
    return statistics.median(out), res


def main(quick: bool = False, before: str = None) -> int:
    from fortune_suite.engine import play_bots
    from fortune_suite.games.fortune_fodder import FortuneFodder, attack_odds, AttackSpec
    from fortune_suite.games.fortune_fodder.attacks import aim_branches, _sixes_split

    games, repeats = (4, 3) if quick else (20, 3)

    def series(quiet):
        def run(r):
            out = []
            for k in range(games):
                s = play_bots(FortuneFodder.new(seed=k, quiet=quiet), ["greedy", "greedy"], seed=k)
                out.append((s.result(), len(s.actions)))
            return games, out
        return run

    quiet, qres = _median(series(True), repeats)
    full, fres = _median(series(False), repeats)
    assert qres == fres, "quiet and full games ended differently"
    acts = sum(n for _, n in qres) / games
    print(f"greedy vs greedy, 150-point teams, quiet mode: {quiet:7.2f} games/s (CPU time, median of {repeats} × {games} games, "
          f"{acts:.0f} actions a game)")
    print(f"  peer: the same games with the full log and JSON views: {full:7.2f} games/s  (quiet/full = {quiet / full:.2f})")
    print(f"  target ≥ 15 games/s: {'met' if quiet >= 15 else 'NOT met'}")
    if before:       # the same games played by a checkout of the code before issue 9 (old engine: bots take a view)
        import json, os, subprocess, sys
        code = ("import json, time\nfrom fortune_suite.engine import play_bots\n"
                "from fortune_suite.games.fortune_fodder import FortuneFodder, greedy_bot\nout = []\n"
                f"for r in range({repeats}):\n    t = time.process_time()\n"
                f"    res = [play_bots(FortuneFodder.new(None, k), [greedy_bot, greedy_bot]).result() for k in range({games})]\n"
                f"    out.append({games} / (time.process_time() - t))\nprint(json.dumps([sorted(out)[len(out) // 2], res]))")
        got = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": before}, cwd=before, capture_output=True, text=True, check=True)
        old_gps, old_res = json.loads(got.stdout)
        same = old_res == [r for r, _ in qres]
        print(f"  before (the code at {before}, full log, its only mode): {old_gps:7.2f} games/s  (quiet now / before = {quiet / old_gps:.2f}; "
              f"same results: {same})")

    spec = AttackSpec(dice=8, bonus=1, defense=5, strength=12, armor=1, crit_needs="sixes", crit_at=3, crit_damage=3,
                      reduce_d6=True, hp=9, max_hp=12, pilot_hp=7, pilot_max_hp=7, stimmy=True)
    reps = 20 if quick else 100
    cold = []
    for _ in range(reps):
        attack_odds.cache_clear(); aim_branches.cache_clear(); _sixes_split.cache_clear()
        t0 = time.perf_counter(); o = attack_odds(spec); cold.append(time.perf_counter() - t0)
    warm = []
    for _ in range(reps):
        t0 = time.perf_counter(); attack_odds(spec); warm.append(time.perf_counter() - t0)
    rng = np.random.default_rng(0)

    def mc(n=20_000):
        f = rng.integers(1, 7, size=(n, spec.dice))
        hit = (f >= 4).sum(1) + spec.bonus >= spec.defense
        crit = (f == 6).sum(1) >= spec.crit_at
        dmg = np.where(hit, np.maximum(0, spec.strength - spec.armor - rng.integers(1, 7, n)), 0) + np.where(crit, spec.crit_damage, 0)
        hp = np.minimum(spec.max_hp, spec.hp + rng.integers(1, 7, n))
        return (dmg >= hp).mean()

    mct = []
    for _ in range(max(5, reps // 10)):
        t0 = time.perf_counter(); p_mc = mc(); mct.append(time.perf_counter() - t0)
    c, w, m = statistics.median(cold) * 1e3, statistics.median(warm) * 1e6, statistics.median(mct) * 1e3
    print(f"odds of one attack (8d6+1 vs Def 5, crit, Diverted Movements, Auto Stimmy): {c:.2f} ms cold, {w:.1f} µs cached")
    print(f"  peer: numpy Monte Carlo, 20,000 attacks: {m:.2f} ms (P(KO) {p_mc:.3f} vs exact {o.p_ko:.3f})  (exact cold / MC = {c / m:.2f})")
    print(f"  target ≤ 5 ms: {'met' if c <= 5 else 'NOT met'}")
    return 0


WRITEUP_GAMES = r"""
import hashlib, json, time
from fortune_suite.games.fortune_fodder import load_cards
from fortune_suite.sweep import Study, Condition, plan, game_seeds, _setup
from fortune_suite.engine import play_bots
CARDS = load_cards()
TEAM = [["Bulwark", "Vega"], ["Skirmisher", "Ash"], ["Pyre", "Rook"]]
def options(mod=None, side=0, scenario="random"):
    ups = [None, None]
    if mod: ups[side] = {"mods": [[0, mod] + (["Rivet Gun"] if mod == "Scouter" else [])], "buy_ins": []}
    return {"teams": [TEAM, TEAM], "upgrades": ups, "points": 160, "scenario": scenario, "secondaries": ["take_names", "take_names"]}
conds = ([Condition("fortune_fodder", options(m, side), bots="greedy", name=f"mod {m} A{side}") for m in CARDS.mods for side in (0, 1)]
         + [Condition("fortune_fodder", options(scenario=sc), bots="greedy", name=f"scenario {sc} {h}") for sc in ("tower", "control", "flag") for h in (0, 1)])
work = [(_setup(p.condition, p.name), s) for p in plan(Study(conds, games=PER, seed=20261)) for s in game_seeds(20261, p.key, 0, PER)]
t, fp = time.process_time(), hashlib.sha256()
for su, s in work:
    st = play_bots(su.game.new(su.options, s, quiet=True), {q: su.bots[q] for q in range(su.players)}, seed=s)
    fp.update(json.dumps([st.result(), st.actions], sort_keys=True, default=str).encode())
print(json.dumps([(time.process_time() - t) / len(work) * 1e3, len(work), fp.hexdigest()]))
"""


def writeup_games(quick: bool = False, before: str = None) -> int:
    "Section 3: CPU ms per write-up game, this code against the code in `before` (alternating fresh processes)."
    import json, os, subprocess, sys
    per, repeats = (1, 3) if quick else (2, 5)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    def run(path):
        got = subprocess.run([sys.executable, "-c", WRITEUP_GAMES.replace("PER", str(per))], env={**os.environ, "PYTHONPATH": path},
                             cwd=path, capture_output=True, text=True, check=True)   # cwd: `python -c` puts it first on sys.path
        return json.loads(got.stdout)
    mine, old, fps = [], [], set()
    for _ in range(repeats):
        ms, n, f = run(here); mine.append(ms); fps.add(("now", f))
        if before:
            ms, _, f = run(before); old.append(ms); fps.add(("before", f))
    m = statistics.median(mine)
    print(f"the write-up's games (greedy mirror, mods, scenarios; quiet): {m:6.1f} ms CPU a game (median of {repeats} runs of {n} games); "
          f"its full run, 13,000 games on 2 cores: ~{13_000 * m / 1e3 / 2:.0f} s of games")
    if before:
        b = statistics.median(old); same = len({f for _, f in fps}) == 1
        print(f"  peer: the same games by the code at {before}: {b:6.1f} ms a game  (before / now = {b / m:.2f}; same games: {same})")
        assert same, "the write-up's games differ between the two codes"
    return 0


if __name__ == "__main__":
    import sys
    b = sys.argv[sys.argv.index("--before") + 1] if "--before" in sys.argv else None
    q = "--quick" in sys.argv
    if "--writeup-only" not in sys.argv: main(q, b)
    sys.exit(writeup_games(q, b))
