"""FOMO benchmark: greedy-vs-greedy full games per second on one core, through the one engine, for 2, 4 and 5 players.

The measured path is the one simulator: `fortune_suite.simkit.simulate("fomo", games, seed, "greedy", players=n)` —
`engine.play_bots` on `Fomo.new(options, seed, quiet=True)`, the same path as `fortune-suite simulate fomo --players n`:
the one copy of the rules, without log text, odds or JSON copies of the views (bots read the quiet `FomoView`).
The peer, measured in the same run on the same seeds, is the same games with the full referee's log and JSON views
(`simulate(..., quiet=False)`); both must end every game alike (seed, winners, rounds — asserted here on every game the
peer plays, and the whole action list on a few seeds). Times are this process's CPU time (`time.process_time`), so other
work on a shared machine counts less against us; each rate is the median of 3 runs. Then cProfile's top functions of
the 4-player quiet path.
Run: python benchmarks/bench_fomo.py [--quick]   (or python benchmarks/games.py fomo [--quick])
"""
import cProfile, io, pstats, statistics, sys, time
from fortune_suite.simkit import simulate
from fortune_suite.engine import play_bots
from fortune_suite.games.fomo import Fomo

TARGET = 1000          # 4-player games/s in quiet mode (issue 9)
PLAYERS = (2, 4, 5)


def rate(n, games, quiet, repeats=3):
    "Median games/s of `repeats` runs of `games` games (seeds 0..games-1) through `simulate`, by CPU time; and the records."
    out, rec = [], None
    for _ in range(repeats):
        t0 = time.process_time()
        r = simulate("fomo", games, 0, "greedy", players=n, quiet=quiet, keep=True)
        out.append(games / (time.process_time() - t0))
        rec = r.records
    return statistics.median(out), out, rec


def same_games(n, seeds):
    "Quiet and full games with these seeds play the same actions to the same result."
    for g in seeds:
        a = play_bots(Fomo.new({"players": n}, g, quiet=True), ["greedy"] * n, seed=g)
        b = play_bots(Fomo.new({"players": n}, g, quiet=False), ["greedy"] * n, seed=g)
        assert (a.actions, a.result()) == (b.actions, b.result()), f"{n} players, seed {g}: quiet and full games differ"


def main(quick: bool = False) -> int:
    qg, fg = (40, 8) if quick else (300, 40)
    print(f"FOMO, greedy bots, full games through the one simulator on one core{' (quick)' if quick else ''}; CPU time, median of 3 runs")
    print(f"  {'players':>7}  {'quiet games/s':>13}  {'full-log games/s':>16}  {'ratio':>6}   runs (quiet | full)")
    four = None
    for n in PLAYERS:
        simulate("fomo", 5, 10_000, "greedy", players=n)                  # warm the shared caches (scores, dice)
        quiet, qruns, qrec = rate(n, qg, True)
        full, fruns, frec = rate(n, fg, False)
        assert qrec[:fg] == frec, f"{n} players: quiet and full-log games end differently"
        same_games(n, range(3))
        if n == 4: four = quiet
        print(f"  {n:>7}  {quiet:13.0f}  {full:16.1f}  {quiet / full:5.1f}×   "
              f"{', '.join(f'{x:.0f}' for x in qruns)} | {', '.join(f'{x:.1f}' for x in fruns)}")
    print(f"  both modes end every game alike ({fg} games per player count; all actions on 3 seeds)")
    print(f"  target {TARGET} games/s with 4 players in quiet mode: {'met' if four >= TARGET else f'not met ({four / TARGET:.0%} of it)'}")
    pr = cProfile.Profile(); pr.enable()
    simulate("fomo", max(qg // 3, 10), 0, "greedy", players=4)
    pr.disable()
    s = io.StringIO(); pstats.Stats(pr, stream=s).sort_stats("tottime").print_stats(12)
    print("  where the 4-player quiet path's time goes (cProfile, by own time):")
    print("\n".join("    " + l for l in s.getvalue().splitlines() if l.strip())[:4000])
    return 0


if __name__ == "__main__":
    raise SystemExit(main("--quick" in sys.argv))
