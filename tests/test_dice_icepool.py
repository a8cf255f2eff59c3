"""Every distribution the dice core offers, checked against icepool (exact fractions) to 1e-12."""
import math
import icepool
import pytest
from fortune_suite.dice import (Dist, die, coin, const, pool_sum, count, successes, keep_highest, keep_lowest,
                                highest, lowest, explode, mixture, compare, bernoulli, dist)

TOL = 1e-12
d4, d6, d8, d10, d12, d20 = (icepool.Die(range(1, s + 1)) for s in (4, 6, 8, 10, 12, 20))


def same(ours: Dist, ice, tol=TOL):
    theirs = Dist.from_icepool(ice)
    lo, hi = min(ours.min, theirs.min), max(ours.max, theirs.max)
    worst = max(abs(ours.p(k) - theirs.p(k)) for k in range(lo, hi + 1))
    assert worst <= tol, f"max |Δp| = {worst:.3g}"


CORE = [
    ("d6", lambda: die(6), lambda: d6),
    ("custom faces", lambda: die([0, 0, 1, 1, 2, 2]), lambda: icepool.Die([0, 0, 1, 1, 2, 2])),
    ("coin", coin, lambda: icepool.Die([0, 1])),
    ("const", lambda: const(7), lambda: icepool.Die([7])),
    ("3d6 sum", lambda: pool_sum(3, die(6)), lambda: 3 @ d6),
    ("100d6 sum", lambda: pool_sum(100, die(6)), lambda: 100 @ d6),
    ("d20+5", lambda: die(20) + 5, lambda: d20 + 5),
    ("2d6-1", lambda: pool_sum(2, die(6)) - 1, lambda: 2 @ d6 - 1),
    ("d6-d4", lambda: die(6) - die(4), lambda: d6 - d4),
    ("3*d6", lambda: 3 * die(6), lambda: 3 * d6),
    ("d6*d8", lambda: die(6) * die(8), lambda: d6 * d8),
    ("successes 10d6 4+", lambda: successes(10, 4), lambda: 10 @ (d6 >= 4)),
    ("successes 40d6 4+", lambda: successes(40, 4), lambda: 40 @ (d6 >= 4)),
    ("count 6d10 <3", lambda: count(6, die(10), 3, "<"), lambda: 6 @ (d10 < 3)),
    ("4d6 drop lowest", lambda: keep_highest(4, die(6), 3), lambda: d6.highest(4, 3)),
    ("kh3 of 20d6", lambda: keep_highest(20, die(6), 3), lambda: d6.highest(20, 3)),
    ("kl2 of 5d8", lambda: keep_lowest(5, die(8), 2), lambda: d8.lowest(5, 2)),
    ("min of 2d6", lambda: keep_lowest(2, die(6), 1), lambda: d6.lowest(2, 1)),
    ("min of 2d6 >= 3", lambda: keep_lowest(2, die(6), 1).indicator(">=", 3), lambda: d6.lowest(2, 1) >= 3),
    ("best of 2 d8 (two-handed)", lambda: highest(die(8), die(8)), lambda: d8.highest(2, 1)),
    ("max of d4,d12,d6", lambda: highest(die(4), die(12), die(6)), lambda: icepool.highest(d4, d12, d6)),
    ("min of d4,d12", lambda: lowest(die(4), die(12)), lambda: icepool.lowest(d4, d12)),
    ("explode d6 depth 3", lambda: explode(die(6), 3), lambda: d6.explode(depth=3)),
    ("explode d10 on 9,10", lambda: explode(die(10), 2, on=[9, 10]), lambda: d10.explode([9, 10], depth=2)),
    ("kh5 of 10 exploding d10", lambda: keep_highest(10, explode(die(10), 2), 5), lambda: d10.explode(depth=2).highest(10, 5)),
    ("4+d6 shots at 50%", lambda: pool_sum(4 + die(6), bernoulli(0.5)), lambda: (4 + d6) @ icepool.Die([0, 1])),
    ("mixture", lambda: mixture([(1, const(0)), (2, die(6))]), lambda: icepool.Die([icepool.Die([0]), d6, d6])),
    ("max(0, 2d6-8)", lambda: (pool_sum(2, die(6)) - 8).clip(0), lambda: (2 @ d6 - 8).clip(0, None)),
    ("half rounded down, min 1", lambda: die(8).map(lambda x: max(1, x // 2)), lambda: d8.map(lambda x: max(1, x // 2))),
]

NOTATION = [
    ("d6", lambda: d6), ("3d6", lambda: 3 @ d6), ("d3", lambda: icepool.Die([1, 2, 3])), ("d20+5", lambda: d20 + 5),
    ("2d6-1", lambda: 2 @ d6 - 1), ("4d6kh3", lambda: d6.highest(4, 3)), ("4d6dl1", lambda: d6.highest(4, 3)),
    ("2d6kl1", lambda: d6.lowest(2, 1)), ("10d6>=4", lambda: 10 @ (d6 >= 4)), ("d20+5 >= 14", lambda: d20 + 5 >= 14),
    ("4+d6", lambda: 4 + d6), ("d6!", lambda: d6.explode(depth=9)), ("d6!2", lambda: d6.explode(depth=2)),
    ("coin", lambda: icepool.Die([0, 1])), ("(2d6+1)*3", lambda: (2 @ d6 + 1) * 3), ("-d4+d12", lambda: d12 - d4),
    ("3d20dh1", lambda: d20.lowest(3, 2)), ("6d6kh2 - 1", lambda: d6.highest(6, 2) - 1), ("d%", lambda: icepool.d100),
    ("(3d6) > 10", lambda: 3 @ d6 > 10), ("d20 >= d20 + 2", lambda: d20 >= d20 + 2), ("5d8 == 8", lambda: 5 @ (d8 == 8)),
    ("2 * 2d4kh1", lambda: 2 * d4.highest(2, 1)), ("10d10!2kh3", lambda: d10.explode(depth=2).highest(10, 3)),
]


@pytest.mark.parametrize("name,ours,ice", CORE, ids=[c[0] for c in CORE])
def test_combinator_matches_icepool(name, ours, ice):
    same(ours(), ice())


@pytest.mark.parametrize("text,ice", NOTATION, ids=[n[0] for n in NOTATION])
def test_notation_matches_icepool(text, ice):
    same(dist(text), ice())


def test_at_least_50_cases():
    assert len(CORE) + len(NOTATION) >= 25


def test_compare_matches_icepool():
    a, b = keep_highest(6, die(6), 1), keep_highest(4, die(6), 1)
    ia, ib = d6.highest(6, 1), d6.highest(4, 1)
    c = compare(a, b)
    assert abs(c.gt - float((ia > ib).probability(True))) <= TOL
    assert abs(c.eq - float((ia == ib).probability(True))) <= TOL
    assert abs(c.lt - float((ia < ib).probability(True))) <= TOL
    same(c.diff, ia - ib)
    assert abs(a.p_ge(b) - float((ia >= ib).probability(True))) <= TOL


def test_to_icepool_round_trip():
    x = keep_highest(4, die(6), 3) + 2
    back = x.to_icepool()
    ref = d6.highest(4, 3) + 2
    for k in range(5, 21):
        assert back.probability(k) == ref.probability(k)


def test_moments_match_icepool():
    x, ix = keep_highest(10, explode(die(10), 2), 5), d10.explode(depth=2).highest(10, 5)
    assert math.isclose(x.mean, float(ix.mean()), rel_tol=1e-12)
    assert math.isclose(x.std, float(ix.standard_deviation()), rel_tol=1e-10)
