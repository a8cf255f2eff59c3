"""FOMO benchmark: 4-player games between greedy bots, full games per second on one core.

Two ways to play the same games (same seeds, same bots, same actions — tested in tests/games/test_fomo_playouts.py and
nbs/35_fomo_sim.ipynb):
- fast path: `play_fast` on the bare rules table (what `fortune-suite simulate fomo` uses);
- engine path: `engine.play_bots` on `Fomo` states (validated JSON actions, referee's log, JSON views).
The engine path is the peer measured in the same run. Then where the time goes, per action and per game, on both.
Times are this process's CPU time (`time.process_time`), so other work on a shared machine does not count against
us; the parts are timed call by call, so they add up to somewhat more than the whole.
Run: python benchmarks/games.py fomo [--quick]
"""
import statistics, time
from fortune_suite.engine import play_bots
from fortune_suite.games.fomo import Fomo, FomoOptions, GreedyBot, play_fast, observe
from fortune_suite.games.fomo.sim import new_table

TARGET = 2000


def rate(fn, games, repeats):
    "Median games/s of `repeats` runs of `games` games (seeds 0..games-1), by this process's CPU time."
    out = []
    for _ in range(repeats):
        t0 = time.process_time()
        for g in range(games): fn(g)
        out.append(games / (time.process_time() - t0))
    return statistics.median(out)


def fast_game(g, bots=[GreedyBot() for _ in range(4)], opts=FomoOptions(players=4)):
    return play_fast(opts, g, bots)


def engine_game(g, bots=[GreedyBot() for _ in range(4)]):
    return play_bots(Fomo.new({"players": 4}, g), bots)


def cpu(fn, games):
    "CPU seconds per game of fn(g) over games 0..games-1."
    t0 = time.process_time()
    for g in range(games): fn(g)
    return (time.process_time() - t0) / games


def split_fast(games):
    """Where a fast game's time goes, from whole loops (no per-call timers): the deal; the rules (replaying the
    recorded actions on a fresh table); the bots' decisions (the rest)."""
    opts, bots, recs = FomoOptions(), [GreedyBot() for _ in range(4)], {}
    def full(g):
        rec = []; play_fast(opts, g, bots, record=rec); recs[g] = rec
    def rules(g):
        t = new_table(opts, g)
        for p, a in recs[g]: t.apply(p, a)
    total, deal, rule = cpu(full, games), cpu(lambda g: new_table(opts, g), games), cpu(rules, games)
    acts = sum(map(len, recs.values())) / games
    return {"total": total, "deal": deal, "rules": rule - deal, "bots": total - rule}, acts


def split_engine(games):
    """Where an engine game's time goes: `Fomo.new` (23 logged shuffle rolls); `apply` of the recorded actions
    (validation, referee's log, rules); the views and the bots (the rest). Plus one view's and one legal list's cost."""
    bots, acts = [GreedyBot() for _ in range(4)], {}
    def full(g): acts[g] = play_bots(Fomo.new({"players": 4}, g), bots).actions
    def applies(g):
        s = Fomo.new({"players": 4}, g)
        for p, a in acts[g]: s.apply(p, a)
    total, new, app = cpu(full, games), cpu(lambda g: Fomo.new({"players": 4}, g), games), cpu(applies, games)
    s = Fomo.new({"players": 4}, 0)
    for p, a in acts[0][:30]: s.apply(p, a)
    p = s.to_move()[0]
    view = cpu(lambda g: s.view(p), 500); legal = cpu(lambda g: s.legal_actions(p), 500)
    table_view = cpu(lambda g: s.table.view(p), 500)
    n = sum(map(len, acts.values())) / games
    return {"total": total, "new": new, "apply": app - new, "views+bots": total - app,
            "view": view, "legal": legal, "table_view": table_view}, n


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
    us = lambda x: x * 1e6
    print(f"  fast path, where a game's {us(f['total']):.0f} µs go ({fa:.0f} actions): deal {us(f['deal']):.0f} µs, "
          f"rules {us(f['rules']):.0f} µs ({us(f['rules']) / fa:.1f} µs/action), bot decisions {us(f['bots']):.0f} µs "
          f"({us(f['bots']) / fa:.1f} µs/action: observe + choose)")
    e, ea = split_engine(max(eg // 2, 3))
    print(f"  engine path, where a game's {e['total'] * 1e3:.1f} ms go ({ea:.0f} actions): Fomo.new {e['new'] * 1e3:.2f} ms "
          f"(23 logged shuffle rolls), apply {e['apply'] * 1e3:.2f} ms ({us(e['apply']) / ea:.0f} µs/action: check, "
          f"describe, log events, rules), views + bots {e['views+bots'] * 1e3:.2f} ms ({us(e['views+bots']) / ea:.0f} µs/action)")
    print(f"  one engine view: {us(e['view']):.0f} µs = the game's own view {us(e['table_view']):.0f} µs + legal_actions "
          f"{us(e['legal']):.0f} µs + the engine's JSON copy of both")
    return 0


if __name__ == "__main__":
    import sys
    raise SystemExit(main("--quick" in sys.argv))
