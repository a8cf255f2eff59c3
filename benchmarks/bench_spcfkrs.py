"""SPCFKRS benchmark: `python benchmarks/games.py spcfkrs [--quick]`.

1. Greedy-vs-greedy full games per second on one core (default options: ruins map, 10-point forces, secret orders,
   30-round limit), through the engine (views, validated orders, the referee's log of every roll). Peer, same run: the
   same bots' decisions and the same combat code on a bare `Battle` with a silent host — no engine protocol, no log —
   which shows what the protocol and the report cost.
2. Exact odds of one declared attack (a Plasma Machine Gun through rubble at Heavy Armour: random shot count,
   first hit through cover), cold (caches cleared) and cached. Peer, same run: a 10,000-trial numpy Monte Carlo of the
   same attack (which is only accurate to about ±1%).
Targets from the issue: ≥ 200 games/s, ≤ 5 ms for one attack's odds.
"""
import statistics, time
import numpy as np


def _median_rate(fn, n, repeats):
    rates = []
    for r in range(repeats):
        t0 = time.perf_counter(); fn(r); rates.append(n / (time.perf_counter() - t0))
    return statistics.median(rates)


def main(quick: bool = False) -> int:
    from fortune_suite.engine import play_bots
    from fortune_suite.games.spcfkrs import (Spcfkrs, greedy_bot, skirmish, attack_odds, Battle, SpcfkrsOptions,
                                             check_force, deploy, map_cover)
    from fortune_suite.games.spcfkrs.bots import _best_act, _best_move, default_force
    from fortune_suite.games.spcfkrs.odds import _burst

    games, repeats = (6, 3) if quick else (40, 5)

    def engine_games(r):
        for k in range(games):
            play_bots(Spcfkrs.new({"max_rounds": 30}, seed=1000 * r + k), [greedy_bot(), greedy_bot()])

    class Silent:
        "A host that rolls (through the same seeded Roller) but keeps no report."
        def __init__(self, roller): self.roller = roller
        def roll(self, what, why="", player=None, visible_to=None): return self.roller.roll(what, why)
        def emit(self, *a, **k): pass

    def bare_games(r):
        from fortune_suite.dice import Roller
        o = SpcfkrsOptions(max_rounds=30)
        for k in range(games):
            host = Silent(Roller(1000 * r + k))
            f = check_force(default_force(10), 10)
            cover = map_cover(o)
            b = Battle(o, deploy([f, f], o, cover), cover, host)
            while not b.decided() and b.round <= 30:
                orders = {}
                for me in (0, 1):
                    alive, claimed = {g.id: 1.0 for g in b.fighters}, set()
                    foes = b.living(1 - me)
                    for g in sorted(b.living(me), key=lambda g: (-g.prof.speed, g.n)):
                        _, act, t, pk = _best_act(b, g, alive, me)
                        if t is not None: alive[t.id] *= 1 - pk
                        dest = _best_move(b, g, foes, claimed)
                        if dest is not None: claimed.add(dest)
                        orders[g.id] = {"act": act, "move": None if dest is None else "ABCDEFGHIJKLMNOPQRSTUVWX"[dest[0]] + str(dest[1] + 1)}
                b.resolve_round(orders)

    eng = _median_rate(engine_games, games, repeats)
    bare = _median_rate(bare_games, games, repeats)
    print(f"greedy vs greedy, 10-point forces: {eng:8.1f} games/s through the engine (median of {repeats} × {games} games)")
    print(f"  peer: same bots + combat on a bare Battle, no protocol or log: {bare:8.1f} games/s  (engine/bare = {eng / bare:.2f})")
    print(f"  target ≥ 200 games/s: {'met' if eng >= 200 else 'NOT met'}")

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
