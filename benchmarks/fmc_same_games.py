"""Do two versions of the code play the same FMC skirmishes? `PYTHONPATH=<tree> python benchmarks/fmc_same_games.py save
FILE` on one tree, then `... compare FILE` on the other (exit 1 on any difference).

370 seeded skirmishes over a dozen setups (the benchmark's 6 hoblins and 4 porcs with greedy, random and mixed bots,
bases of 0, 0.5 and 1 inch, ogres, a giant, undead, rising trolls, level 3 with retainers, a medusa, a site's room,
terrain), each fingerprinted by its result, its referee's lines, its log as JSON, its save, the result of the same
seed in quiet mode, and a hash of every view a bot was shown (full-log and quiet). A setup the code refuses (an option
it does not have yet) is recorded as refused and left out of the comparison.
Made for the move_spot / to_dict speed-ups (fmc-speed): main's games and the faster code's must be identical.
"""
import hashlib, json, sys
import numpy as np
from fortune_suite.engine import play_bots, get_bot, RulesError
from fortune_suite.games.fmc import Fmc

CASES = [
    ({"encounter": "6 hoblin, 4 porc"}, ["greedy", "greedy"], 120),
    ({"encounter": "6 hoblin, 4 porc"}, ["random", "random"], 40),
    ({"encounter": "6 hoblin, 4 porc", "base": 0.0}, ["greedy", "greedy"], 20),
    ({"encounter": "6 hoblin, 4 porc", "base": 0.5, "distance": 4}, ["greedy", "random"], 20),
    ({"encounter": "2 ogre, 3 hoblin"}, ["greedy", "greedy"], 30),
    ({"encounter": "1 giant"}, ["greedy", "greedy"], 15),
    ({"encounter": "4 skeleton, 2 zombie"}, ["party", "monsters"], 20),
    ({"encounter": "2 troll", "troll_rises": True, "items": "oil flask, torches"}, ["greedy", "greedy"], 15),
    ({"encounter": "8 porc", "level": 3, "retainers": 2, "size": 5}, ["greedy", "greedy"], 20),
    ({"encounter": "1 medusa, 3 hoblin", "into_melee": "forbidden"}, ["greedy", "greedy"], 15),
    ({"site": 2}, ["greedy", "greedy"], 25),
    ({"terrain": [[6, 6, 10, 10], [14, 5, 18, 7]]}, ["greedy", "greedy"], 30),
]


def _h(x): return hashlib.sha1(x.encode()).hexdigest()[:16]


def _views(opts, bots, seed, quiet):
    "Play as play_bots does, hashing every view the bots are shown (key order included); (hash, final state)."
    st = Fmc.new(opts, seed, quiet=quiet)
    bs = {p: get_bot(st.game, b) for p, b in enumerate(bots)}
    rngs = {p: np.random.default_rng([seed, p]) for p in bs}
    hs = hashlib.sha1()
    while st.to_move():
        p = st.to_move()[0]
        v = st.view(p)
        hs.update(json.dumps(v, default=str).encode())
        st.apply(p, (bs[p].fn if not bs[p].params else bs[p])(v, v["legal_actions"], rngs[p]))
    hs.update(json.dumps(st.view(0), default=str).encode())
    return hs.hexdigest()[:16], st


def fingerprints() -> dict:
    out = {}
    for ci, (opts, bots, n) in enumerate(CASES):
        try: Fmc.new(opts, 0)
        except RulesError:
            out.update({f"{ci}:{seed}": "refused" for seed in range(n)}); continue
        for seed in range(n):
            g = play_bots(Fmc.new(opts, seed), bots, seed=seed)
            q = play_bots(Fmc.new(opts, seed, quiet=True), bots, seed=seed)
            vf, g2 = _views(opts, bots, seed, False)
            vq, q2 = _views(opts, bots, seed, True)
            if g2.log.lines() != g.log.lines() or q2.result() != q.result():
                raise SystemExit(f"case {ci} seed {seed}: the view-hashing replay is not play_bots' game")
            log = g.log.to_json()
            out[f"{ci}:{seed}"] = [_h(json.dumps(g.result(), sort_keys=True, default=str)), _h("\n".join(g.log.lines())),
                                   _h(log if isinstance(log, str) else json.dumps(log, default=str)), _h(g.save()),
                                   _h(json.dumps(q.result(), sort_keys=True, default=str)), len(g.log), vf, vq]
    return out


def main(argv) -> int:
    if len(argv) != 3 or argv[1] not in ("save", "compare"): print(__doc__); return 2
    got = fingerprints()
    if argv[1] == "save":
        with open(argv[2], "w") as fh: json.dump(got, fh)
        print(f"{len(got)} skirmishes fingerprinted into {argv[2]}"); return 0
    with open(argv[2]) as fh: ref = json.load(fh)
    both = [k for k in ref if ref[k] != "refused" and got.get(k, "refused") != "refused"]
    bad = [k for k in both if ref[k] != got[k]]
    print(f"compared {len(both)} skirmishes ({len(ref) - len(both)} refused by one side): {len(bad)} differ"
          + (f" — first: {bad[:10]}" if bad else ""))
    return 1 if bad or set(ref) != set(got) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
