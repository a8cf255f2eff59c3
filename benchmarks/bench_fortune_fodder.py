"""Fortune Fodder benchmark: `python benchmarks/games.py fortune-fodder [--quick]`.

1. Greedy-vs-greedy full 150-point games per second on one core (setup from the secret teams on, rolled scenario
   and terrain, every round), through the engine: a JSON view per decision with the exact odds of every listed
   attack, validated actions, the referee's log of every roll. Peers, same run: (a) the same games with the view's
   JSON copy and the odds skipped — the bots reading the state's own `_view` — which shows what the protocol's
   fresh-JSON views cost; (b) random-legal play, which shows the cost of the greedy bot's choices.
2. Exact odds of one declared attack (a Rail Lance at a Wisp in cover, with Diverted Movements and an Auto Stimmy),
   cold (caches cleared) and cached. Peer, same run: a 20,000-trial numpy Monte Carlo of the same attack.
Targets from the issue: ≥ 50 games/s, ≤ 5 ms for one attack's odds.
"""
import statistics, time
import numpy as np


def _median(fn, repeats):
    out = []
    for r in range(repeats):
        t0 = time.perf_counter(); n = fn(r); out.append(n / (time.perf_counter() - t0))
    return statistics.median(out)


def main(quick: bool = False) -> int:
    from fortune_suite.engine import play_bots, random_playout
    from fortune_suite.games.fortune_fodder import FortuneFodder, greedy_bot, attack_odds, AttackSpec
    from fortune_suite.games.fortune_fodder.attacks import aim_branches, _sixes_split

    games, repeats = (2, 3) if quick else (8, 5)

    def engine_games(r):
        for k in range(games): play_bots(FortuneFodder.new(seed=1000 * r + k), [greedy_bot, greedy_bot])
        return games

    def bare_games(r):
        "The same bots on the state's raw view dict: no fresh JSON copy, no engine keys beyond the legal list."
        for k in range(games):
            s = FortuneFodder.new(seed=1000 * r + k)
            while not s.is_over:
                p = s.to_move()[0]
                v = s._view(p); v["legal_actions"] = list(s._legal(p)); v["player"] = p
                s.apply(p, greedy_bot(v))
        return games

    def random_games(r):
        for k in range(games): random_playout("fortune_fodder", 1000 * r + k)
        return games

    eng = _median(engine_games, repeats)
    bare = _median(bare_games, repeats)
    rnd = _median(random_games, repeats)
    print(f"greedy vs greedy, 150-point teams: {eng:7.2f} games/s through the engine (median of {repeats} × {games} games)")
    print(f"  peer: same bots on the raw state view (no JSON copy): {bare:7.2f} games/s  (engine/raw = {eng / bare:.2f})")
    print(f"  peer: random-legal play through the engine:          {rnd:7.2f} games/s")
    print(f"  target ≥ 50 games/s: {'met' if eng >= 50 else 'NOT met'}")

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


if __name__ == "__main__":
    import sys
    sys.exit(main("--quick" in sys.argv))
