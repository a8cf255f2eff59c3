"""FMC skirmish benchmark: `python benchmarks/bench_fmc.py [--quick]` (also `python benchmarks/games.py fmc`).

1. A party of four (the default: fighter with sword and shield, fighter with bow, mage, expert, level 1) against
   6 hoblins and 4 porcs, greedy against greedy (the party bot and the monsters bot), through the one simulator in
   quiet mode — `fortune_suite.simkit.simulate("fmc", n, seed, "greedy", options={"encounter": "6 hoblin, 4 porc"})`,
   the path of `fortune-suite simulate fmc --option encounter="6 hoblin, 4 porc"` — skirmishes per second as the
   median of 3 series, in CPU time (one core) and wall-clock time. Peer, same run: the same seeded skirmishes with
   the full log (every roll with its odds, every referee sentence, JSON views); both must end every skirmish alike.
   Then the contact search alone (`games.fmc.combat.move_spot`, where a move ends with 1" bases): every move of one
   series' skirmishes, recorded and replayed through it (its memo emptied first) — peer, same run: the plain search it
   replaced (every candidate spot tried against every figure, no memo), which must give the same answers.
2. Exact odds of one attack (fmc-core's `attack_odds`: a level-5 fighter's split part +3 with a two-handed +1 magic
   weapon at an ogre, defense 14, 5 hit points left — hit chance, damage law, P(kill)), cold (the odds caches cleared)
   and cached. Peer, same run: a 10,000-trial numpy Monte Carlo of the same attack (about ±1% accurate).
Targets from issue 12: ≥ 200 skirmishes/s in quiet mode; ≤ 1 ms for one attack's odds.
"""
import copy, math, statistics, sys, time
from pathlib import Path
import numpy as np

OPTIONS = {"encounter": "6 hoblin, 4 porc"}


def plain_spot(f, x, y, figures, base, speed=0.0, target=None, size=(1e9, 1e9)):
    "The contact search as it was before its speed-ups (nb 63a tests move_spot against the same): the peer."
    from fortune_suite.games.fmc.combat import OUT, ACTIVE
    stand = [g for g in figures if g is not f and g.status not in OUT] if base > 0 else []
    def land(x, y):
        dx, dy = x - f.x, y - f.y
        L, who = math.sqrt(dx * dx + dy * dy), None
        if L >= 1e-9:
            ux, uy, best = dx / L, dy / L, L - 1e-7
            for g in figures:
                if g.side == f.side or g.status != ACTIVE: continue
                cx, cy = g.x - f.x, g.y - f.y
                b = cx * ux + cy * uy
                disc = b * b - (cx * cx + cy * cy - 1.0)
                if disc >= 0 and -1e-9 <= b - math.sqrt(disc) < best: best, who = max(b - math.sqrt(disc), 0.0), g
            if who is not None: x, y = f.x + ux * best, f.y + uy * best
        return None if any((g.x - x) * (g.x - x) + (g.y - y) * (g.y - y) < (base - 1e-6) ** 2 for g in stand) else (x, y, who)
    got = land(x, y)
    if got: return got
    if target is not None and abs(math.hypot(x - target.x, y - target.y) - 1.0) < 1e-6:
        a0 = math.atan2(y - target.y, x - target.x)
        for k in range(1, 37):
            for sgn in (1, -1):
                a = a0 + sgn * k * math.pi / 36
                px, py = target.x + math.cos(a), target.y + math.sin(a)
                if not (0 <= px <= size[0] and 0 <= py <= size[1]) or math.hypot(px - f.x, py - f.y) > speed + 1e-9: continue
                if got := land(px, py): return got
    L = math.hypot(x - f.x, y - f.y)
    for k in range(1, int(L / 0.25) + 1):
        t = (L - 0.25 * k) / L
        if got := land(f.x + (x - f.x) * t, f.y + (y - f.y) * t): return got
    return f.x, f.y, None


def contact_search(games, seed, repeats):
    "Every move of `games` seeded skirmishes, recorded, then replayed through move_spot and through the plain search."
    from fortune_suite.games.fmc import combat, skirmish
    from fortune_suite.simkit import simulate
    calls, orig = [], skirmish.move_spot
    def rec(f, x, y, figures, base, speed=0.0, target=None, size=(1e9, 1e9)):
        figs = [copy.copy(g) for g in figures]; twin = {id(g): c for g, c in zip(figures, figs)}
        calls.append((twin[id(f)], x, y, figs, base, speed, None if target is None else twin[id(target)], size))
        return orig(f, x, y, figures, base, speed, target, size)
    skirmish.move_spot = rec
    try: simulate("fmc", games, seed, "greedy", options=OPTIONS, quiet=True)
    finally: skirmish.move_spot = orig
    def run(fn):
        t0 = time.process_time(); out = [fn(*c) for c in calls]
        return time.process_time() - t0, [(x, y, None if w is None else w.id) for x, y, w in out]
    fast, plain = [], []
    for _ in range(repeats):                                    # interleaved
        combat._SPOTS.clear(); tf, of = run(combat.move_spot); tp, op = run(plain_spot)
        if of != op: return None
        fast.append(tf); plain.append(tp)
    return len(calls), statistics.median(fast) / len(calls) * 1e6, statistics.median(plain) / len(calls) * 1e6


def main(quick: bool = False) -> int:
    from fortune_suite.games.fmc import odds

    games, repeats = (20, 3) if quick else (200, 3)
    sys.path.insert(0, str(Path(__file__).resolve().parent)); from games import quiet_vs_full, print_quiet_vs_full
    t = quiet_vs_full("fmc", games, repeats, options=OPTIONS, warm=3, what="skirmishes")   # interleaved, after warm-up (odds caches)
    if t is None: return 1
    (qc, qw), r = t["quiet"], t["result"]
    print_quiet_vs_full(t, "party of four vs 6 hoblins and 4 porcs, greedy vs greedy", "skirmishes", repeats, games)
    cols = r.columns
    print(f"  last series: party wins {r.win_rate[0]:.0%}, all survive {cols['survived']['rate']:.0%}, "
          f"cleared {cols['clear']['rate']:.0%}, mean experience {cols['xp']['mean']:.0f}, mean rounds {r.mean_rounds:.2f}")
    print(f"  target ≥ 200 skirmishes/s: {'met' if qc >= 200 else 'NOT met'} (CPU)"
          f"{'' if qw >= 200 else ' — wall clock below it: a loaded machine'}")
    cs = contact_search(games, 0, 1 if quick else 5)
    if cs is None: print("move_spot and the plain contact search disagree"); return 1
    n, fast, plain = cs
    print(f"contact search (move_spot) on the {n:,} moves of {games} skirmishes: {fast:6.1f} µs a move, CPU (median of "
          f"{1 if quick else 5})")
    print(f"  peer: the plain search it replaced (no pruning, no memo):  {plain:6.1f} µs a move "
          f"({plain / fast:.1f}× slower; same answers: yes)")

    args = dict(bonus=3, defense=14, hp=5, sides=6, two_handed=True, ineffective=False, magic=1)
    reps = 50 if quick else 200
    cold = []
    for _ in range(reps):
        odds.damage_dist.cache_clear(); odds.attack_dist.cache_clear()
        t0 = time.perf_counter(); a = odds.attack_odds(**args); cold.append(time.perf_counter() - t0)
    warm = []
    for _ in range(reps):
        t0 = time.perf_counter(); odds.attack_odds(**args); warm.append(time.perf_counter() - t0)
    rng = np.random.default_rng(0)

    def mc(n=10_000):
        hit = rng.integers(1, 21, n) + 3 + 1 >= 14
        dmg = np.maximum(rng.integers(1, 7, n), rng.integers(1, 7, n)) + 1
        return (hit & (dmg >= 5)).mean()
    mct, est = [], None
    for _ in range(reps // 4 or 1):
        t0 = time.perf_counter(); est = mc(); mct.append(time.perf_counter() - t0)
    c, w, m = (statistics.median(x) * 1e3 for x in (cold, warm, mct))
    print(f"odds of one attack (+3 part, two-handed +1 magic, at defense 14 with 5 hit points left): "
          f"hit {a.hit:.0%}, P(kill) {a.kill:.4f}, expected {a.expected:.3f}: {c:.3f} ms cold, {w:.4f} ms cached")
    print(f"  peer: 10,000-trial numpy Monte Carlo of the same attack: {m:.3f} ms, P(kill) ≈ {est:.4f}")
    print(f"  target ≤ 1 ms: {'met' if c <= 1 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main("--quick" in sys.argv))
