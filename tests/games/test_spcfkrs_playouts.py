"""SPCFKRS: 1,000 seeded random playouts with invariants checked after every action.

Invariants: no two living fighters share a square (and the board's index agrees with the fighters); damage stays
within 0..Body, so what a fighter has left is never negative, and a living fighter has damage below its Body; a dead
fighter never acts (no attack, hack or move of it appears after its death — under the combat option, except within
the equal-Speed group in which it died); cover only ever degrades; the round never passes the limit; every game ends
and its result names the side(s) with fighters standing.

Three kinds of random player: whole random order sheets (the bulk: 700 games over mixed options), and the engine's
`random_playout` over step-by-step legal actions in secret-orders mode and in the phased mode (150 each).
"""
import numpy as np
import pytest
from fortune_suite.engine import play_bots, random_playout
from fortune_suite.games.spcfkrs import Spcfkrs, random_orders_bot

ACTING = ("attacker", "moved", "hacker")


class Watcher:
    "Checks the invariants after every action of one game."
    def __init__(self):
        self.seen, self.dead_at, self.cover = 0, {}, None

    def __call__(self, s):
        b = s.battle
        if b is None: return
        o = s.options
        living = [f for f in b.fighters if f.alive]
        assert len({f.pos for f in living}) == len(living), "two living fighters share a square"
        assert set(b.at) == {f.pos for f in living} and all(b.at[f.pos] is f for f in living), "board index out of step"
        for f in b.fighters:
            assert 0 <= f.damage <= f.prof.body and f.left >= 0, f"{f.name}: damage {f.damage} outside 0..{f.prof.body}"
            if f.alive: assert f.damage < f.prof.body, f"{f.name} is alive with damage {f.damage} ≥ Body {f.prof.body}"
            assert 0 <= f.pos[0] < 24 and 0 <= f.pos[1] < 24
        if self.cover is not None:
            for c, k in b.cover.items(): assert self.cover.get(c, 0) >= k, f"cover grew on {c}"
        self.cover = dict(b.cover)
        assert b.round <= (o.max_rounds or 10**9) + 1
        for e in s.log.events[self.seen:]:
            d = e.data
            for key in ACTING:
                fid = d.get(key)
                if fid in self.dead_at:
                    assert o.combat_option and key == "attacker", f"dead {fid} acted ({key}): {e.text}"
            if d.get("dead"): self.dead_at[d["dead"]] = e.index
        for f in b.fighters:
            if not f.alive: assert f.id in self.dead_at, f"{f.name} died without a report of it"
        self.seen = len(s.log)


def finish(s):
    assert s.is_over
    r = s.result()
    standing = [len(s.battle.living(p)) for p in (0, 1)]
    assert r["standing"] == standing
    if r["decided"]: assert r["winners"] == [p for p in (0, 1) if standing[p]]
    else: assert r["rounds"] == s.options.max_rounds
    assert s.log[-1].kind == "end"
    return r


def options(seed):
    rng = np.random.default_rng([seed, 99])
    return {"max_rounds": int(rng.integers(3, 9)), "budget": int(rng.integers(3, 11)), "map": ["ruins", "open"][seed % 2],
            "combat_option": bool(rng.random() < 0.3), "mg_hits_friends": bool(rng.random() < 0.8),
            "plasma_cover_roll": bool(rng.random() < 0.3), "cover_in_own_square": bool(rng.random() < 0.8),
            "deploy_rows": int(rng.choice([1, 1, 4, 8])), "los_line": ["bresenham", "supercover"][int(rng.random() < 0.2)]}


def run_sheets(seed):
    s, w = Spcfkrs.new(options(seed), seed), Watcher()
    rngs = [np.random.default_rng([seed, 23]), np.random.default_rng([seed + 7919, 23])]
    while not s.is_over:
        p = s.to_move()[0]
        s.apply(p, random_orders_bot(s.view(p), s.legal_actions(p), rngs[p]))
        w(s)
    return finish(s)


@pytest.mark.parametrize("block", range(7))
def test_random_order_sheets(block):
    results = [run_sheets(seed) for seed in range(block * 100, block * 100 + 100)]
    assert any(r["decided"] for r in results) and any(r["winners"] for r in results)


@pytest.mark.parametrize("mode", ["orders", "phased"])
def test_random_legal_steps(mode):
    for seed in range(150):
        o = {**options(seed + 5000), "mode": mode, "max_rounds": 4, "budget": 3 + seed % 5}
        w = Watcher()
        s = random_playout("spcfkrs", seed, check=w, options=o)
        finish(s)
