"""SPCFKRS benchmark: `python benchmarks/bench_spcfkrs.py [--quick]` (also `python benchmarks/games.py spcfkrs`).

1. Greedy-vs-greedy full games per second on one core (default options: ruins map, 10-point forces, secret orders,
   30-round limit) through the engine in quiet mode (`Spcfkrs.new(..., quiet=True)` and `play_bots`, as the one
   simulator plays them). Peer, same run: the same games with the full log (every roll with its odds, every line of
   the referee's report, JSON views) — the ratio is what quiet mode saves. Both must end the same (checked).
2. Exact odds of one declared attack (a Plasma Machine Gun through rubble at Heavy Armour: random shot count,
   first hit through cover), cold (caches cleared) and cached. Peer, same run: a 10,000-trial numpy Monte Carlo of the
   same attack (which is only accurate to about ±1%).
Targets from issue 9: ≥ 60 greedy games/s in quiet mode (23 before it); ≤ 5 ms for one attack's odds.
"""
import statistics, time
import numpy as np


def _median_rate(fn, n, repeats):
    rates, out = [], None
    for r in range(repeats):
        t0 = time.perf_counter(); out = fn(); rates.append(n / (time.perf_counter() - t0))
    return statistics.median(rates), out


def main(quick: bool = False) -> int:
    from fortune_suite.engine import play_bots
    from fortune_suite.games.spcfkrs import Spcfkrs, skirmish, attack_odds
    from fortune_suite.games.spcfkrs.odds import _burst

    games, repeats = (6, 3) if quick else (40, 3)

    def series(quiet):
        return [play_bots(Spcfkrs.new({"max_rounds": 30}, seed=k, quiet=quiet), ["greedy", "greedy"], seed=k).result()
                for k in range(games)]

    quiet, rq = _median_rate(lambda: series(True), games, repeats)
    full, rf = _median_rate(lambda: series(False), games, repeats)
    assert rq == rf, "quiet games must end as the full-log games do"
    print(f"greedy vs greedy, 10-point forces: {quiet:8.1f} games/s through the engine, quiet (median of {repeats} × {games} games)")
    print(f"  peer: the same games with the full log and JSON views: {full:8.1f} games/s  (quiet/full = {quiet / full:.2f})")
    print(f"  target ≥ 60 games/s: {'met' if quiet >= 60 else 'NOT met'}")

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
    return 0


if __name__ == "__main__":
    import sys
    raise SystemExit(main("--quick" in sys.argv))
