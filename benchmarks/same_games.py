"""Do two versions of the code play the same games? For any registered game — made for issue 28, where every game's
turn structure moves onto the engine's flow and must play exactly as before.

    PYTHONPATH=<old tree> python benchmarks/same_games.py save FILE GAME [N]      # on the code before
    PYTHONPATH=<new tree> python benchmarks/same_games.py compare FILE GAME [N]   # on the code after (exit 1 on a difference)

N seeded games (default 100) with random legal actions (`random_playout`, seeds 0..N-1) and, where the game has
bots, N more with each registered bot but `search` in every seat (`play_bots`). Each game is recorded by a hash of its actions,
of its full log (every event's text, data and who may see it), of every seat's view at the end, and its result;
`compare` names the games that differ and in what. It also prints the time each side took (CPU seconds), so a
slower flow shows up here too.
"""
import hashlib, json, sys, time
from fortune_suite.engine import get_game, random_playout, play_bots, bots_for
from fortune_suite.engine.events import canon


def _h(x) -> str: return hashlib.sha256(canon(x).encode()).hexdigest()[:16]


def record(s) -> dict:
    return {"actions": _h(s.actions), "log": _h(s.log.to_json()), "n": len(s.actions),
            "views": _h([s.view(p) for p in range(s.players)]), "result": _h(s.result())}


def games(name:str, n:int=100) -> dict:
    g, out = get_game(name), {}
    for seed in range(n): out[f"playout|{seed}"] = record(random_playout(name, seed))
    for bot in bots_for(name):
        if bot == "search": continue      # the search bot plays by the game's rules through its rollout bot, already here; a game of it takes minutes
        for seed in range(n):
            s = g.new(None, seed)
            out[f"bot {bot}|{seed}"] = record(play_bots(s, [bot] * s.players, seed=seed))
    return out


if __name__ == "__main__":
    cmd, path, name = sys.argv[1], sys.argv[2], sys.argv[3]
    n = int(sys.argv[4]) if len(sys.argv) > 4 else 100
    t0 = time.process_time(); now = games(name, n); took = time.process_time() - t0
    if cmd == "save":
        json.dump({"games": now, "cpu": took}, open(path, "w"), indent=0); print(f"{len(now)} {name} games saved to {path} ({took:.1f} s CPU)")
    elif cmd == "compare":
        was = json.load(open(path)); before = was["games"]
        diff = {k: [f for f in ("actions", "log", "views", "result") if before.get(k, {}).get(f) != v[f]] for k, v in now.items()}
        diff = {k: v for k, v in diff.items() if v}
        for k, v in list(diff.items())[:20]: print(f"  {k}: differs in {', '.join(v)}")
        print(f"{len(now)} {name} games: {len(diff)} differ; CPU {took:.1f} s now, {was['cpu']:.1f} s before (now/before = {took / was['cpu']:.2f})")
        sys.exit(1 if diff or set(before) != set(now) else 0)
    else: sys.exit(f"usage: {__doc__}")
