"""Charges the Fortune Fodder greedy bot declares, and how many fall short: `python benchmarks/ff_charges.py [GAMES] [--analysis]`.

Plays the default seeded greedy games (seeds 0 .. GAMES-1, default 20; play mode, i.e. no pre-measuring, unless
`--analysis`) with the full log and counts the Charges declared and those that fell short ('The charge falls short'),
and of those how many an attack of opportunity pushed back before the charger ran (issue 27: the bot judges a Charge
by eye along the route it runs)."""
import sys
from fortune_suite.engine import play_bots
from fortune_suite.games.fortune_fodder import FortuneFodder

games = next((int(a) for a in sys.argv[1:] if a.isdigit()), 20)
opts = {"no_pre_measuring": "--analysis" not in sys.argv}
declared = short = pushed = 0
for seed in range(games):
    g = play_bots(FortuneFodder.new(opts, seed=seed), ["greedy", "greedy"], seed=seed)
    lines = g.log.lines()
    declared += sum(1 for e in g.log if e.kind == "action" and isinstance(e.data.get("action"), dict) and e.data["action"].get("act") == "charge")
    for i, l in enumerate(lines):
        if "charge falls short" in l:
            short += 1; pushed += "was pushed before it could move" in lines[i - 2]
mode = "play mode" if opts["no_pre_measuring"] else "analysis mode"
print(f"{games} default seeded greedy games ({mode}): {declared} charges declared, {short} fell short"
      + (f" ({pushed} after an attack of opportunity pushed the charger back)" if short else ""))
