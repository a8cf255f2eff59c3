"""Whole-game benchmarks: `python benchmarks/games.py GAME [--quick]` (GAME: spcfkrs, fomo, fortune-fodder, all).

Each game keeps its benchmark in `benchmarks/bench_<module>.py`, a `main(quick: bool) -> int` that prints its
numbers (games per second on one core, odds latency) against a peer measured in the same run.
"""
import argparse, importlib.util, sys
from pathlib import Path

GAMES = {"spcfkrs": "spcfkrs", "fomo": "fomo", "fortune-fodder": "fortune_fodder"}
HERE = Path(__file__).resolve().parent


def load(module):
    path = HERE / f"bench_{module}.py"
    if not path.exists(): return None
    spec = importlib.util.spec_from_file_location(f"bench_{module}", path)
    mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
    return mod


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(GAMES) + ["all"])
    ap.add_argument("--quick", action="store_true", help="CI smoke: small counts")
    args = ap.parse_args(argv)
    names = sorted(GAMES) if args.game == "all" else [args.game]
    code = 0
    for name in names:
        mod = load(GAMES[name])
        if mod is None:
            if args.game != "all": print(f"no benchmark for {name} yet", file=sys.stderr); return 2
            continue
        print(f"== {name}")
        code |= mod.main(args.quick) or 0
    return code


if __name__ == "__main__":
    sys.exit(main())
