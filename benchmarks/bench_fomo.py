"""FOMO benchmark: 4-player games between greedy bots, full games per second on one core.

Two ways to play the same games (same seeds, same bots, same actions — tested in tests/games/test_fomo_playouts.py and
nbs/35_fomo_sim.ipynb):
- fast path: `play_fast` on the bare rules table (what `fortune-suite simulate fomo` uses);
- engine path: `engine.play_bots` on `Fomo` states (validated JSON actions, referee's log, JSON views).
The engine path is the peer measured in the same run. Then where the time goes, per action and per game, on both.
Run: python benchmarks/games.py fomo [--quick]
"""
import statistics, time
from fortune_suite.engine import play_bots
from fortune_suite.games.fomo import Fomo, FomoOptions, GreedyBot, play_fast, observe
from fortune_suite.games.fomo.bots import choose, obs_from_view, action_from_obs, GREEDY
from fortune_suite.games.fomo.sim import new_table

TARGET = 2000


def rate(fn, games, repeats):
    "Median games/s of `repeats` runs of `games` games (seeds 0..games-1)."
    out = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for g in range(games): fn(g)
        out.append(games / (time.perf_counter() - t0))
    return statistics.median(out)


def fast_game(g, bots=[GreedyBot() for _ in range(4)], opts=FomoOptions(players=4)):
    return play_fast(opts, g, bots)


def engine_game(g, bots=[GreedyBot() for _ in range(4)]):
    return play_bots(Fomo.new({"players": 4}, g), bots)


def split_fast(games):
    "Per-action µs of observe, choose and the table's apply, and per-game µs of the deal, on the fast path."
    tot = {"observe": 0.0, "choose": 0.0, "apply": 0.0, "deal": 0.0}; acts = 0
    pc = time.perf_counter
    for g in range(games):
        t0 = pc(); t = new_table(FomoOptions(), g); tot["deal"] += pc() - t0
        while t.phase != "over":
            p = t.to_move()[0]
            t0 = pc(); ob = observe(t, p); t1 = pc(); a = choose(ob, GREEDY, t.sc); t2 = pc(); t.apply(p, a); t3 = pc()
            tot["observe"] += t1 - t0; tot["choose"] += t2 - t1; tot["apply"] += t3 - t2; acts += 1
    return {k: v / (games if k == "deal" else acts) * 1e6 for k, v in tot.items()}, acts / games


def split_engine(games):
    "Per-action µs of the engine path's parts, and per-game ms of `Fomo.new` (the 23 logged shuffle rolls)."
    tot = {"legal_actions": 0.0, "view": 0.0, "bot": 0.0, "apply": 0.0, "new": 0.0}; acts = 0
    pc = time.perf_counter
    for g in range(games):
        t0 = pc(); s = Fomo.new({"players": 4}, g); tot["new"] += pc() - t0
        while not s.is_over:
            p = s.to_move()[0]
            t0 = pc(); s.legal_actions(p); t1 = pc(); v = s.view(p); t2 = pc()
            a = action_from_obs(choose(obs_from_view(v), GREEDY), v); t3 = pc(); s.apply(p, a); t4 = pc()
            tot["legal_actions"] += t1 - t0; tot["view"] += t2 - t1; tot["bot"] += t3 - t2; tot["apply"] += t4 - t3; acts += 1
    return {k: v / (games if k == "new" else acts) * 1e6 for k, v in tot.items()}, acts / games


def main(quick: bool = False) -> int:
    fg, fr, eg, er = (100, 3, 5, 3) if quick else (1000, 5, 40, 3)
    fast_game(0); engine_game(0)                              # warm caches (scores, dice)
    fast = rate(fast_game, fg, fr)
    eng = rate(engine_game, eg, er)
    print(f"FOMO, 4 players, greedy bots, full games on one core{' (quick)' if quick else ''}")
    print(f"  fast path (play_fast):   {fast:8.0f} games/s   (median of {fr} × {fg} games)")
    print(f"  engine path (play_bots): {eng:8.1f} games/s   (median of {er} × {eg} games)")
    print(f"  ratio fast / engine:     {fast / eng:8.1f}×")
    print(f"  target {TARGET} games/s: {'met' if fast >= TARGET else f'not met ({fast / TARGET:.0%} of it)'}")
    f, fa = split_fast(fg // 2)
    per_game = f["deal"] + fa * (f["observe"] + f["choose"] + f["apply"])
    print(f"  fast path, where the time goes ({fa:.0f} actions a game): deal {f['deal']:.0f} µs/game; per action "
          f"observe {f['observe']:.1f} µs, choose {f['choose']:.1f} µs, table apply {f['apply']:.1f} µs "
          f"→ {per_game / 1000:.2f} ms/game timed in parts")
    e, ea = split_engine(max(eg // 2, 3))
    print(f"  engine path, where the time goes ({ea:.0f} actions a game): Fomo.new {e['new'] / 1000:.2f} ms/game "
          f"(23 logged shuffle rolls); per action legal_actions {e['legal_actions']:.0f} µs, view {e['view']:.0f} µs "
          f"(includes legal_actions again), bot {e['bot']:.0f} µs, apply {e['apply']:.0f} µs (check, describe, log, rules)")
    return 0


if __name__ == "__main__":
    import sys
    raise SystemExit(main("--quick" in sys.argv))
