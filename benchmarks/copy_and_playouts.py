"""What search costs per game: `python benchmarks/copy_and_playouts.py [--quick] [--games pig,fomo,…]`.

For every registered game, measured in one run on one core:
- the cost of `state.copy()` mid-game — after half of a random game's actions (the game's own seeds, several games) —
  new (copied without replay, `fortune_suite.engine.copying`) against old (the replay a copy used to be:
  `fortune_suite.engine.saves.replay` of the same actions), full and quiet states, as medians, and the ratio;
  the target is ≤ 0.2 ms a copy in every game;
- random playouts per second, quiet (random legal actions for whoever is to move, CPU time);
- side by side, OpenSpiel's C++ games (`pyspiel`: connect_four, pig, backgammon), random playouts per second from
  Python and the cost of `state.clone()` mid-game — skipped, with a line saying so, if pyspiel is not installed (it
  is an optional extra).
Medians of repeated timings; `--quick` is the CI smoke (well under 30 s).
"""
import argparse, statistics, sys, time
from pathlib import Path
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from fortune_suite.engine import known_games, get_game, random_playout  # noqa: E402
from fortune_suite.engine.saves import replay  # noqa: E402

TARGET_MS = 0.2
# games per playout series (full, quick): a slow game plays fewer
PLAYOUTS = {"pig": (400, 60), "fomo": (100, 15), "fmc": (60, 8), "votoms": (12, 3), "fortune_fodder": (8, 2), "spcfkrs": (5, 2)}
SPIEL = ("connect_four", "pig", "backgammon")


def cpu_median(fn, repeats, number):
    "Median over `repeats` series of the CPU seconds one call of `fn` takes (each series `number` calls)."
    out = []
    for _ in range(repeats):
        t = time.process_time()
        for _ in range(number): fn()
        out.append((time.process_time() - t) / number)
    return statistics.median(out)


def mid_states(game, seeds, quiet):
    "States half way through seeded random games (the game's own seed; random legal actions)."
    for seed in seeds:
        whole = random_playout(game, seed, quiet=True)
        acts = whole.actions[:len(whole.actions) // 2]
        yield replay(game, whole.options, whole.seed, acts, quiet=quiet), acts


def bench_copy(name, quick):
    "Median ms of a mid-game copy: new and by replay, full and quiet."
    g, seeds = get_game(name), range(3 if quick else 8)
    got = {}
    for quiet in (False, True):
        new, old, n_acts = [], [], []
        for s, acts in mid_states(g, seeds, quiet):
            new.append(cpu_median(s.copy, 3 if quick else 7, 20 if quick else 100))
            old.append(cpu_median(lambda: replay(g, s.options, s.seed, acts, quiet=quiet), 3, 1 if quick else 3))
            n_acts.append(len(acts))
        got[quiet] = statistics.median(new) * 1e3, statistics.median(old) * 1e3, statistics.median(n_acts)
    return got


def bench_playouts(name, quick):
    "Random playouts per second (quiet, CPU), the median of series."
    n = PLAYOUTS.get(name, (20, 3))[1 if quick else 0]
    rates = []
    for k in range(1 if quick else 3):
        t = time.process_time()
        for seed in range(n): random_playout(name, 10_000 * k + seed, quiet=True)
        rates.append(n / max(time.process_time() - t, 1e-9))
    return statistics.median(rates), n


def spiel_playout(game, rng):
    "One random playout of an OpenSpiel game from Python: chance outcomes by their odds, uniform legal actions."
    st = game.new_initial_state()
    while not st.is_terminal():
        if st.is_chance_node():
            outs, ps = zip(*st.chance_outcomes())
            st.apply_action(outs[rng.choice(len(outs), p=ps)])
        else:
            legal = st.legal_actions()
            st.apply_action(legal[rng.integers(len(legal))])
    return st


def spiel_mid(game, rng):
    "A state half way through a random playout (the same moves replayed), for the clone's cost."
    st, hist = game.new_initial_state(), []
    end = spiel_playout(game, rng)
    hist = end.history()
    for a in hist[:len(hist) // 2]: st.apply_action(a)
    return st


def bench_spiel(quick):
    try: import pyspiel
    except ImportError:
        print("OpenSpiel: pyspiel is not installed (optional extra: pip install open_spiel): its column is skipped")
        return {}
    out = {}
    for name in SPIEL:
        game, rng = pyspiel.load_game(name), np.random.default_rng(0)
        n = {"connect_four": 2000, "pig": 1000, "backgammon": 300}[name] // (10 if quick else 1)
        rates = []
        for _ in range(1 if quick else 3):
            t = time.process_time()
            for _ in range(n): spiel_playout(game, rng)
            rates.append(n / max(time.process_time() - t, 1e-9))
        clones = [cpu_median(spiel_mid(game, rng).clone, 3, 200 if quick else 2000) for _ in range(3 if quick else 8)]
        out[name] = statistics.median(rates), statistics.median(clones) * 1e3
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="CI smoke: small counts, one series")
    ap.add_argument("--games", default="all", help="comma-separated game names (default: every registered game)")
    a = ap.parse_args(argv)
    names = known_games() if a.games == "all" else [get_game(n).name for n in a.games.split(",")]
    t0 = time.perf_counter()
    print(f"state.copy() mid-game (after half of a random game's actions), median CPU ms; target ≤ {TARGET_MS} ms")
    print(f"{'game':16} {'actions':>7} {'copy':>8} {'replay':>8} {'ratio':>7} {'quiet copy':>11} {'quiet replay':>13} "
          f"{'ratio':>7}   {'playouts/s (quiet)':>18}")
    over, ours = [], {}
    for name in names:
        c = bench_copy(name, a.quick)
        (nf, of, acts), (nq, oq, _) = c[False], c[True]
        rate, n = bench_playouts(name, a.quick)
        ours[name] = rate, nq
        if max(nf, nq) > TARGET_MS: over.append(name)
        print(f"{name:16} {acts:7.0f} {nf:8.3f} {of:8.2f} {of / nf:6.0f}x {nq:11.3f} {oq:13.2f} {oq / nq:6.0f}x   "
              f"{rate:11.1f} ({n} games)")
    print(f"target ≤ {TARGET_MS} ms a copy: " + ("met in every game" if not over else "NOT met in " + ", ".join(over)))
    spiel = bench_spiel(a.quick)
    if spiel:
        print("OpenSpiel C++ games, same run (random playouts driven from Python; state.clone() mid-game):")
        for name, (rate, clone) in spiel.items():
            print(f"  {name:14} {rate:11.1f} playouts/s   clone {clone:.4f} ms")
        if "pig" in spiel and "pig" in ours:
            (r, cl), (pr, pc) = spiel["pig"], ours["pig"]
            print(f"  pig side by side: ours {pr:.0f} playouts/s vs OpenSpiel's {r:.0f} (x{pr / r:.2f}); "
                  f"quiet copy {pc:.4f} ms vs clone {cl:.4f} ms (x{pc / cl:.1f})")
        slowest = max(ours.values(), key=lambda v: v[1])[1] if ours else None
        if slowest is not None:
            print(f"  our dearest quiet copy {slowest:.3f} ms vs backgammon's clone {spiel['backgammon'][1]:.4f} ms "
                  f"(x{slowest / spiel['backgammon'][1]:.0f})")
    print(f"({time.perf_counter() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
