"""Do two versions of the code play the same Fortune Fodder games? `PYTHONPATH=<tree> python benchmarks/ff_same_games.py
save FILE [PER] [DEFAULT]` on one tree, then `... compare FILE [PER] [DEFAULT]` on the other (exit 1 on any difference).

The write-up's 13 conditions (nbs/writeups/fortune_fodder.ipynb: its 145-point mirror match at 160 points, each mod
on one side or none, the three scenarios; greedy bots, quiet, seeds as the sweep derives them), PER games each
(default 20), and DEFAULT default-option greedy games (default 20) in play mode and as many in analysis mode; each
game recorded by its result and a hash of its actions. `compare` names the games that differ, by condition.
Made for issue 27 (the rule fixes change some games: which, and why, is in each commit).
"""
import collections, hashlib, json, sys
from fortune_suite.engine import play_bots
from fortune_suite.games.fortune_fodder import load_cards, FortuneFodder
from fortune_suite.sweep import Study, Condition, plan, game_seeds, _setup


def games(per=20, default=20) -> dict:
    "Every game's key → its result, a hash of its actions and how many there were."
    team = [["Bulwark", "Vega"], ["Skirmisher", "Ash"], ["Pyre", "Rook"]]
    def options(mod=None, side=0, scenario="random"):
        ups = [None, None]
        if mod: ups[side] = {"mods": [[0, mod] + (["Rivet Gun"] if mod == "Scouter" else [])], "buy_ins": []}
        return {"teams": [team, team], "upgrades": ups, "points": 160, "scenario": scenario, "secondaries": ["take_names", "take_names"]}
    conds = ([Condition("fortune_fodder", options(m, side), bots="greedy", name=f"mod {m} A{side}") for m in load_cards().mods for side in (0, 1)]
             + [Condition("fortune_fodder", options(scenario=sc), bots="greedy", name=f"scenario {sc} {h}")
                for sc in ("tower", "control", "flag") for h in (0, 1)])
    out = {}
    def rec(key, st):
        out[key] = {"result": st.result(), "n": len(st.actions),
                    "actions": hashlib.sha256(json.dumps(st.actions, sort_keys=True).encode()).hexdigest()[:16]}
    for p in plan(Study(conds, games=per, seed=20261)):
        su = _setup(p.condition, p.name)
        for s in game_seeds(20261, p.key, 0, per):
            rec(f"writeup|{p.name}|{s}", play_bots(su.game.new(su.options, s, quiet=True), {q: su.bots[q] for q in range(su.players)}, seed=s))
    for play in (True, False):
        for k in range(default):
            rec(f"default|play={play}|{k}", play_bots(FortuneFodder.new({"no_pre_measuring": play}, seed=k, quiet=True), ["greedy", "greedy"], seed=k))
    return out


if __name__ == "__main__":
    what, path = sys.argv[1], sys.argv[2]
    per, default = (int(sys.argv[3]) if len(sys.argv) > 3 else 20), (int(sys.argv[4]) if len(sys.argv) > 4 else 20)
    got = json.loads(json.dumps(games(per, default), default=str))
    if what == "save":
        json.dump(got, open(path, "w"), indent=0, sort_keys=True); print(f"{len(got)} games saved to {path}"); sys.exit(0)
    old = json.load(open(path))
    diff = sorted(k for k in got if got[k] != old.get(k))
    print(f"{len(got)} games: {len(diff)} differ in actions or result, {sum(got[k]['result'] != old.get(k, {}).get('result') for k in diff)} in result")
    for k, n in sorted(collections.Counter(k.rsplit("|", 1)[0] for k in diff).items()): print(f"  {k}: {n}")
    sys.exit(1 if diff else 0)
