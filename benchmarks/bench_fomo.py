"""FOMO benchmark: 4-player games between greedy bots, full games per second on one core, through the engine.

The measured path is what simulation uses: `engine.play_bots` on `Fomo.new(options, seed, quiet=True)` — the one
copy of the rules, without log text, odds or JSON copies of the views (bots read the quiet `FomoView`). The peer,
measured in the same run on the same seeds, is the same games with the full referee's log and JSON views; the two
must end the same (asserted here on the games measured). Times are this process's CPU time (`time.process_time`),
so other work on a shared machine does not count against us. Then cProfile's top functions of the quiet path.
Run: python benchmarks/bench_fomo.py [--quick]   (or python benchmarks/games.py fomo [--quick])
"""
import cProfile, io, pstats, statistics, sys, time
from fortune_suite.engine import play_bots
from fortune_suite.games.fomo import Fomo

TARGET = 1000
BOTS = ["greedy"] * 4


def game(g, quiet):
    return play_bots(Fomo.new({"players": 4}, g, quiet=quiet), BOTS, seed=g)


def rate(quiet, games, repeats):
    "Median games/s of `repeats` runs of `games` games (seeds 0..games-1), by this process's CPU time."
    out = []
    for _ in range(repeats):
        t0 = time.process_time()
        for g in range(games): game(g, quiet)
        out.append(games / (time.process_time() - t0))
    return statistics.median(out), out


def main(quick: bool = False) -> int:
    qg, fg, reps = (60, 10, 3) if quick else (300, 40, 3)
    game(0, True); game(0, False)                                 # warm caches (scores, dice)
    for g in range(fg):                                           # the two paths play the same games
        a, b = game(g, True), game(g, False)
        assert (a.actions, a.result()) == (b.actions, b.result()), f"seed {g}: quiet and full games differ"
    quiet, qruns = rate(True, qg, reps)
    full, fruns = rate(False, fg, reps)
    print(f"FOMO, 4 players, greedy bots, full games through the engine on one core{' (quick)' if quick else ''}")
    print(f"  quiet mode (play_bots, quiet=True): {quiet:8.0f} games/s   (median of {reps} × {qg} games: {', '.join(f'{x:.0f}' for x in qruns)})")
    print(f"  full log + JSON views (peer):       {full:8.1f} games/s   (median of {reps} × {fg} games: {', '.join(f'{x:.1f}' for x in fruns)})")
    print(f"  ratio quiet / full:                 {quiet / full:8.1f}×")
    print(f"  target {TARGET} games/s in quiet mode: {'met' if quiet >= TARGET else f'not met ({quiet / TARGET:.0%} of it)'}")
    pr = cProfile.Profile(); pr.enable()
    for g in range(qg // 3): game(g, True)
    pr.disable()
    s = io.StringIO(); pstats.Stats(pr, stream=s).sort_stats("tottime").print_stats(12)
    print("  where the quiet path's time goes (cProfile, by own time):")
    print("\n".join("    " + l for l in s.getvalue().splitlines() if l.strip())[:4000])
    return 0


if __name__ == "__main__":
    raise SystemExit(main("--quick" in sys.argv))
