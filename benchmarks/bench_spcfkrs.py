"""SPCFKRS benchmark: `python benchmarks/bench_spcfkrs.py [--quick]` (also `python benchmarks/games.py spcfkrs`).

1. Greedy-vs-greedy full games per second on one core (default options: ruins map, 10-point forces, secret orders)
   through the one simulator in quiet mode — `fortune_suite.simkit.simulate("spcfkrs", 60, seed, "greedy")`, the path
   of `fortune-suite simulate spcfkrs` — as the median of 3 series, in CPU time (what one core does) and wall-clock
   time (what a loaded machine lets it do). Peer, same run: the same seeded games with the full log (every roll with
   its odds, every line of the referee's report, JSON views) — the ratio is what quiet mode saves. Both must end every
   game alike (checked: winners and rounds per seed).
2. Exact odds of one declared attack (a Plasma Machine Gun through rubble at Heavy Armour: random shot count,
   first hit through cover), cold (caches cleared) and cached. Peer, same run: a 10,000-trial numpy Monte Carlo of the
   same attack (which is only accurate to about ±1%).
3. The SPCFKRS write-up's kind of game (nbs/writeups/spcfkrs.ipynb): 10-point forces, one upgraded fighter against
   base fighters (study 1: ten of them; study 2: as many as the upgraded side), max_rounds 30, greedy vs greedy, quiet —
   CPU ms a game over one game of each of its 70 seatings (34 match-ups and the control, each side as Red), after one
   warm-up game each (a sweep worker's caches are warm), median of 3 series.
Targets from issue 9: ≥ 60 greedy games/s in quiet mode (23 before it); ≤ 5 ms for one attack's odds. Issue 14: the
write-up's 35,000 games in 5 minutes on two cores, i.e. ≤ 17 ms of CPU a game. Issue 14 made that game ~1.4× cheaper
with the same games (main 17.6 → 12.6 ms, medians of 5 alternating runs on one loaded machine; same result rows).
"""
import statistics, sys, time
from pathlib import Path
import numpy as np


def writeup_forces() -> list:
    "The write-up's 70 seatings as forces [Red, Blue]: every match-up of both studies (and study 1's control), the upgraded force as Red, then as Blue."
    from fortune_suite.games.spcfkrs.data import load_catalog
    out = []
    for study in (1, 2):
        for m, mod in [*load_catalog().mods.items(), *([(None, None)] if study == 1 else [])]:
            c = 0 if mod is None else mod.cost
            a = [[]] * 10 if m is None else [[m]] + [[]] * (9 - c)
            b = [[]] * 10 if study == 1 else [[]] * (10 - c)
            out += [[a, b], [b, a]]
    return out


def writeup_ms(series: int = 3, games: int = 1) -> float:
    "CPU ms a write-up game: median of `series` series of `games` seeded games of every seating (after a warm-up game each)."
    from fortune_suite.simkit import simulate
    opts = [{"max_rounds": 30, "forces": f} for f in writeup_forces()]
    for o in opts: simulate("spcfkrs", 1, 10**6, "greedy", options=o, quiet=True)
    out = []
    for k in range(series):
        t0 = time.process_time()
        for o in opts: simulate("spcfkrs", games, 1000 * k, "greedy", options=o, quiet=True)
        out.append(1e3 * (time.process_time() - t0) / (games * len(opts)))
    return statistics.median(out)


def main(quick: bool = False) -> int:
    from fortune_suite.games.spcfkrs import skirmish, attack_odds
    from fortune_suite.games.spcfkrs.odds import _burst

    sys.path.insert(0, str(Path(__file__).resolve().parent)); from games import quiet_vs_full, print_quiet_vs_full
    games, repeats = (6, 3) if quick else (60, 3)
    t = quiet_vs_full("spcfkrs", games, repeats, warm=2)        # interleaved, after warm-up games (per-board caches)
    if t is None: return 1
    print_quiet_vs_full(t, "greedy vs greedy, 10-point forces", "games", repeats, games, target=60)

    b = skirmish({"C3": ["plasma_machine_gun"]}, {"C8": ["heavy_armour"]}, partial=["C7"])
    act = ["shoot", "plasma_machine_gun", "C8"]
    reps = 20 if quick else 100
    cold = []
    for _ in range(reps):
        _burst.cache_clear(); t0 = time.perf_counter(); attack_odds(b, "red-1", act); cold.append(time.perf_counter() - t0)
    warm = []
    for _ in range(reps):
        t0 = time.perf_counter(); attack_odds(b, "red-1", act); warm.append(time.perf_counter() - t0)
    rng = np.random.default_rng(0)

    def mc(n=10_000):
        shots = 4 + rng.integers(1, 7, n); taken = np.zeros(n, int); clear = np.zeros(n, bool)
        for s in range(10):
            live = (s < shots) & (taken < 5); hit = (rng.integers(1, 7, n) >= 3) & live
            taken += np.where(clear, 2, 1) * hit; clear |= hit
        return (np.minimum(taken, 5) >= 5).mean()
    mct = []
    for _ in range(reps // 4 or 1):
        t0 = time.perf_counter(); mc(); mct.append(time.perf_counter() - t0)
    c, w, m = (statistics.median(x) * 1e3 for x in (cold, warm, mct))
    print(f"odds of one attack (Plasma MG through rubble at Heavy Armour): {c:.2f} ms cold, {w:.3f} ms cached")
    print(f"  peer: 10,000-trial numpy Monte Carlo of the same attack: {m:.2f} ms  (cold exact / MC = {c / m:.2f})")
    print(f"  target ≤ 5 ms: {'met' if c <= 5 else 'NOT met'}")

    ms = writeup_ms(3, 1)
    print(f"write-up game (10-point forces, one upgraded fighter vs base fighters, max 30 rounds, greedy, quiet): "
          f"{ms:.1f} ms CPU a game (median of 3 × 70 seatings)")
    print(f"  35,000 games ≈ {35_000 * ms / 1e3 / 2 / 60:.1f} min on two cores; target ≤ 17 ms: {'met' if ms <= 17 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main("--quick" in sys.argv))
