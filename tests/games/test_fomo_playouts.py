"""FOMO: 1,000 seeded random playouts per player count (2–5), with invariants checked after every action and an
independent referee (card counts only, no code shared with the game) replaying every game.

The 1,000 games are played by `engine.random_playout` in quiet mode (no log text, no JSON views). A sample of 50 per
player count is played again with the full log and must match action for action and end the same, with view checks
on every action for some of them."""
import json
import numpy as np
import pytest
from fortune_suite.engine import random_playout
from fortune_suite.games.fomo.scoring import score

GAMES, ENGINE_SAMPLE = 1000, 50


def invariants(t):
    "Checked after every action (cheap: the state's lists)."
    n = t.players
    where = [c for pile in t.piles for c in pile] + [c for st in t.stacks for c in st] + t.draw
    assert sorted(where) == list(range(24)), "every Mecha card is in exactly one place"
    on_table = [0] * n
    for s_ in range(4):
        b = t.bids[s_]
        for (p1, v1), (p2, v2) in zip(b, b[1:]):
            assert v2 > v1 and p2 != p1, f"stack {s_}: {b} is not a run of strictly higher bids by another player"
        for p, v in b: on_table[p] |= 1 << v
    for p in range(n):
        assert t.hands[p] & t.spent[p] == 0 and t.hands[p] & on_table[p] == 0 and t.spent[p] & on_table[p] == 0
        gone = (1 << 10) if t.tank_gone[p] else 0
        assert t.hands[p] | t.spent[p] | on_table[p] | gone == sum(1 << v for v in range(1, 11)), f"player {p} lost a card"
        assert set(t.piles[p]) <= t.know[p], "a player knows their own pile"
        assert t.know[p] <= t.seen[p] | set(c for st in t.stacks for c in st if c in t.know[p])
        assert not (t.tank_played[p] and not t.tank_gone[p])
    assert 0 <= t.t < 3 * n or t.phase == "over" or (t.phase == "order" and t.t == 3 * n and t.ordering)
    assert 1 <= t.round <= 6


def referee(n, actions):
    """Independent referee on card counts: replays the actions with its own bookkeeping of stack sizes, bids, pile
    sizes, hands and turn order, asserting each action's player and legality; returns (pile sizes, rounds, ended)."""
    deck, stacks, bids = 24, [0] * 4, [[] for _ in range(4)]
    piles, hands = [0] * n, [set(range(1, 11)) for _ in range(n)]
    spent, tank_gone = [set() for _ in range(n)], [False] * n
    first, rnd, turn, peeking = 0, 0, 0, True
    changed, ordering = set(), []      # piles changed this round; who sets their top card after the rewards (DECISIONS)

    def start():
        nonlocal deck, rnd, first, turn, peeking
        rnd += 1; changed.clear()
        if rnd > 1: first = (first + 1) % n
        for s in range(4):
            if deck: deck -= 1; stacks[s] += 1
        turn, peeking = 0, True

    start()
    for i, (p, a) in enumerate(actions):
        if ordering:                   # the order step: each of them once, one card on top, before the next round
            assert p == ordering.pop(0) and set(a) == {"top"}, (i, p, a)
            if not ordering: start()
            continue
        if peeking:
            assert p == first and set(a) == {"peek"}, (i, p, a)
            peeking = False; continue
        assert p == (first + turn) % n, (i, p, a, first, turn)
        if "top" in a: continue
        v = a.get("play", a.get("discard"))
        assert v in hands[p], (i, p, a)
        hands[p].discard(v)
        if "discard" in a: spent[p].add(v)
        else:
            s = a["stack"]
            if bids[s]: assert bids[s][-1][0] != p and v > bids[s][-1][1], (i, a, bids[s])
            bids[s].append((p, v))
            q = a.get("hook")
            if q is not None:
                assert piles[q] > 0; piles[q] -= 1; stacks[s] += 1; changed.add(q)
        turn += 1
        if turn == 3 * n:
            for s in range(4):
                if bids[s]: piles[bids[s][-1][0]] += stacks[s]; stacks[s] = 0; changed.add(bids[s][-1][0])
                for q, w in bids[s]:
                    if w == 10: tank_gone[q] = True
                    else: spent[q].add(w)
                bids[s] = []
            for q in range(n):
                if len(hands[q]) <= 1: hands[q] |= spent[q]; spent[q] = set()
            if deck == 0: return piles, rnd, True
            ordering[:] = [q for q in ((first + 1 + j) % n for j in range(n)) if q in changed and piles[q] > 1]
            if not ordering: start()
    return piles, rnd, False


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_playouts(n):
    ends, giants, hooks, tanks = {"points": 0, "giant": 0}, 0, 0, 0
    for seed in range(GAMES):
        t = random_playout("fomo", seed, options={"players": n}, check=invariants, quiet=True)
        r, actions = t.result(), t.actions
        assert t.phase == "over" and r["winners"]
        piles, rounds, ended = referee(n, actions)
        names = [[t.deck.kinds[t.kind[c]].name for c in pile] for pile in t.piles]
        if r["reason"] == "points":
            assert ended and (rounds, r["rounds"], len(t.draw)) == (6, 6, 0), (seed, rounds, r)
            assert piles == [len(p) for p in names], (seed, piles)
            best = max(r["scores"])
            top = [p for p in range(n) if r["scores"][p] == best]
            most = max(r["cards"][p] for p in top)
            assert r["winners"] == [p for p in top if r["cards"][p] == most]
        else:
            assert r["giant"] and set(r["winners"]) <= set(r["giant"]) and r["rounds"] <= 6
            giants += 1
        assert r["scores"] == [score(p) for p in names]
        assert r["cards"] == [len(p) for p in names]
        ends[r["reason"]] += 1
        hooks += sum(1 for _, a in actions if a.get("play") == 4 and a.get("hook") is not None)
        tanks += sum(1 for _, a in actions if a.get("play") == 10)
        assert all(sum(1 for p, a in actions if p == q and a.get("play") == 10) <= 1 for q in range(n)), "Tank played twice"
    assert ends["points"] > 50 and ends["giant"] > 50 and hooks > GAMES and tanks > GAMES, (ends, hooks, tanks)
    print(f"{n} players: {ends}, {hooks} hooks, {tanks} Tanks played")


def view_checks(s):
    "Engine-level checks after every action: each view is JSON, shows the player's own hand and pile, hides others'."
    t = s
    for p in range(t.players):
        v = s.view(p)
        assert json.loads(json.dumps(v)) == v
        assert v["hand"] == [x for x in range(1, 11) if t.hands[p] >> x & 1]
        assert v["my_pile"] == [t.deck.kinds[t.kind[c]].name for c in t.piles[p]]
        assert v["piles"] == [len(x) for x in t.piles] and v["hand_sizes"] == [h.bit_count() for h in t.hands]
        assert sum(v["unseen"].values()) + sum(len(st["known"]) for st in v["stacks"]) + sum(len(k) for k in v["known_in_piles"]) == 24
        assert not any(k in v for k in ("hands", "draw", "know", "seen"))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_quiet_and_full_games_are_the_same(n):
    for seed in range(ENGINE_SAMPLE):
        s = random_playout("fomo", seed, options={"players": n}, check=view_checks if seed < 5 else None)
        t = random_playout("fomo", seed, options={"players": n}, quiet=True)
        assert t.actions == s.actions and len(t.log) == 0
        assert s.result() == t.result()
