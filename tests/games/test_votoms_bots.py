"""VOTOMS bots: the greedy bot beats the random one clearly (Wilson interval through the one simulator), picks the
defence with the smaller expected loss from exact odds computed here independently of the bot, and the simulator
runs squads against infantry."""
import itertools, math
from fractions import Fraction
from fortune_suite.simkit import simulate, wilson
from fortune_suite.games.votoms import Votoms, greedy_bot


def brute(n, m):
    "Exact (P(win), mean overkill) of n attack dice against m defence dice by every ordered roll (DECISIONS' reading)."
    win = mean = Fraction(0)
    for a in itertools.product(range(1, 7), repeat=n):
        for d in itertools.product(range(1, 7), repeat=m):
            A, D = sorted(a, reverse=True), sorted(d, reverse=True)
            w = next((x > y for x, y in zip(A, D) if x != y), False) if D else True
            if w:
                win += 1; mean += max(sum(x > (D[0] if D else 0) for x in A) - 1, 0)
    t = 6 ** (n + m)
    return win / t, mean / t


def test_greedy_beats_random():
    r = simulate("votoms", 30, seed=50, bots=["greedy", "random"], rotate=True)
    lo, hi = wilson(r.wins_by_bot["greedy"], 30)      # greedy sat in one seat of each game
    assert lo > 0.6, r.table()


def test_greedy_defends_with_the_smaller_loss():
    # 2 attack dice against MOVE 1 (a stunned pilot-like defender) or ARMOR 3: ARMOR is better, computed by brute force
    view = {"decision": {"kind": "defend", "player": 1, "data": {"attack_dice": 2, "hp": 3, "rules": ["defender", "minus1"],
            "defend": {"move": {"dice": 1, "tokens": [0, 0, 0, 0, 0]}, "armor": {"dice": 3, "tokens": [0, 0, 0, 0, 0]}}}},
            "units": [], "player": 1}
    (wm, mm), (wa, ma) = brute(2, 1), brute(2, 3)
    assert mm > ma and wm > wa
    assert greedy_bot(view, ["move", "armor"]) == "armor"
    assert greedy_bot(view, ["armor", "move"]) == "armor"


def test_simulate_against_infantry():
    r = simulate("votoms", 6, seed=3, bots="greedy", options={"opponent": "infantry", "budget": 400})
    assert r.games == 6 and sum(r.wins) + r.draws == 6
    assert all(0 <= lo <= hi <= 1 for lo, hi in r.ci95)


def test_greedy_counts_a_wound_on_its_own_dice():
    # DECISIONS: wounded −1 die on all rolls; stun −1 die per marker on the next roll
    from fortune_suite.games.votoms.bots import _minus
    assert _minus({"stun": 0, "wounded": False}) == 0 and _minus({"stun": 2, "wounded": False}) == 2
    assert _minus({"stun": 0, "wounded": True}) == 1 and _minus({"stun": 1, "wounded": True}) == 2
