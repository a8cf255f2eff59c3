"""VOTOMS contested rolls: exact odds against icepool and against brute force over every roll, to 1e-12.

The oracles here are written from the rule text and DECISIONS.md, not from the code under test:
- `ref_resolve`: one contest from its dice, as DECISIONS reads it (and under the alternative options);
- `brute`: every ordered roll of both pools, resolved by `ref_resolve`;
- `brute_play`: every ordered roll, then every reroll of every die (own or opponent's) and every +1, played with exact
  fractions by backward induction with the goal and tie-breaks the rerolls notebook documents;
- icepool: the rule as a multiset evaluator (benchmarks/bench_votoms.py), and for rerolls icepool's own `map` over
  the dice choosing the best reroll from icepool's exact distributions.
Plus a worked test per modifier of the text.
"""
import importlib.util, itertools
from fractions import Fraction as F
from pathlib import Path

import icepool
import pytest

from fortune_suite.dice import Dist
from fortune_suite.games.votoms import (VotomsError, contest_odds, contest_dist, pool_dist, resolve, reroll_tokens,
                                        reroll_choices, p_win, p_stun, p_destroyed, p_explodes, overkill_dist,
                                        best_defence, Fighter, shot_odds, melee_odds, fate_odds, personal_damage, rapid_odds,
                                        TIES, OVERKILL)

TOL = 1e-12
_spec = importlib.util.spec_from_file_location("bench_votoms", Path(__file__).resolve().parents[1] / "benchmarks" / "bench_votoms.py")
bench = importlib.util.module_from_spec(_spec); _spec.loader.exec_module(bench)
OPTIONS = [(t, o) for t in ("defender", "cancel") for o in ("minus1", "count")]


# ---------------------------------------------------------------- the oracles
def ref_resolve(a, d, ties="defender", rule="minus1"):
    "Signed outcome of one contest: k ≥ 0 attacker wins with overkill k, −1 − k defender wins with overkill k."
    a, d = sorted(a, reverse=True), sorted(d, reverse=True)
    ok = (lambda cnt: cnt) if rule == "count" else (lambda cnt: max(cnt - 1, 0))
    if not a: return -1 - ok(len(d))          # a pool below one die loses; the winner's dice all count
    if not d: return ok(len(a))
    if ties == "defender":
        for x, y in zip(a, d):
            if x > y: return ok(sum(v > d[0] for v in a))
            if x < y: return -1 - ok(sum(v > a[0] for v in d))
        return -1                              # every compared pair tied: the defender, nothing above
    while a and d and a[0] == d[0]:            # cancel tied dice from the top
        a.pop(0); d.pop(0)
    if not a and not d: return -1
    if not d or (a and a[0] > d[0]):
        best = d[0] if d else 0
        return ok(sum(v > best for v in a))
    best = a[0] if a else 0
    return -1 - ok(sum(v > best for v in d))


def brute(n, m, ties="defender", rule="minus1"):
    out = {}
    for a in itertools.product(range(1, 7), repeat=max(n, 0)):
        for d in itertools.product(range(1, 7), repeat=max(m, 0)):
            k = ref_resolve(a, d, ties, rule); out[k] = out.get(k, 0) + 1
    return Dist.from_dict(out)


def weights(c, goal):
    win = c >= 0
    if goal == "win": return (int(win), c if win else c + 1)
    return (c if win else 0, 1 if win else c + 1)


def brute_play(n, m, ao=0, ap=0, do=0, dp=0, plus=0, ties="defender", rule="minus1", goal="win"):
    "Exact distribution: every roll, every reroll of every die, the +1s on every die, fractions throughout."
    def final(a, d, k):
        best = ref_resolve(a, d, ties, rule)
        for i in range(len(a)) if k else ():
            best = max(best, final(a[:i] + (a[i] + 1,) + a[i + 1:], d, k - 1))
        return best

    memo = {}

    def node(a, d, side, o, p):
        key = (tuple(sorted(a)), tuple(sorted(d)), side, o, p)     # the order of the dice does not matter
        if key not in memo: memo[key] = _node(a, d, side, o, p)
        return memo[key]

    def _node(a, d, side, o, p):
        if side == "A" and o == p == 0: return node(a, d, "D", do, dp)
        if side == "D" and o == p == 0:
            c = final(a, d, plus); return weights(c, goal), {c: F(1)}
        best = node(a, d, "D", do, dp) if side == "A" else node(a, d, "D", 0, 0)     # keep the dice
        for kind, left in (("own", o), ("opp", p)):
            if not left: continue
            mine = (side == "A") == (kind == "own")
            pool = a if mine else d
            for face in sorted(set(pool)):               # every die; equal faces give equal results, so one each
                i = pool.index(face); val = [F(0), F(0)]; dist = {}
                for x in range(1, 7):
                    new = pool[:i] + (x,) + pool[i + 1:]
                    v, ds = node(new if mine else a, d if mine else new, side, o - (kind == "own"), p - (kind == "opp"))
                    val[0] += F(v[0], 6); val[1] += F(v[1], 6)
                    for c, q in ds.items(): dist[c] = dist.get(c, 0) + q / 6
                v = tuple(val)
                if (v > best[0]) if side == "A" else (v < best[0]): best = (v, dist)
        return best

    out = {}
    for a in itertools.product(range(1, 7), repeat=n):
        for d in itertools.product(range(1, 7), repeat=m):
            for c, q in node(a, d, "A", ao, ap)[1].items(): out[c] = out.get(c, 0) + q
    return Dist.from_dict({c: float(q) for c, q in out.items()})


def close(ours, ref, tol=TOL):
    lo, hi = min(ours.min, ref.min), max(ours.max, ref.max)
    worst = max(abs(ours.p(k) - ref.p(k)) for k in range(lo, hi + 1))
    assert worst <= tol, f"max |Δp| = {worst:.3g}"


def to_odds(signed):
    out = {}
    for k, p in zip(signed.outcomes, signed.probs): out[max(int(k), -1)] = out.get(max(int(k), -1), 0) + p
    return Dist.from_dict(out)


# ---------------------------------------------------------------- the oracles agree with the rule text
def test_ref_resolve_examples():
    assert ref_resolve([6, 4, 2], [5, 3, 3]) == 0                 # 6 > 5, only the 6 above 5: stun
    assert ref_resolve([6, 4, 2], [3, 3, 1]) == 1                 # 6 and 4 above 3: 2 − 1
    assert ref_resolve([6, 4, 2], [3, 3, 1], rule="count") == 2
    assert ref_resolve([5, 4], [5, 3]) == 0                       # tie-break win: stun
    assert ref_resolve([5, 4], [5]) == -1                         # all compared pairs tie: defender
    assert ref_resolve([5, 5, 3], [5], "cancel") == 1
    assert ref_resolve([], [3]) == -1 and ref_resolve([2], []) == 0


# ---------------------------------------------------------------- no rerolls: brute force and icepool
SMALL = [(n, m) for n in range(0, 5) for m in range(0, 5) if n + m <= 6]


@pytest.mark.parametrize("ties,rule", OPTIONS)
@pytest.mark.parametrize("n,m", SMALL)
def test_plain_against_every_roll(n, m, ties, rule):
    close(pool_dist(n, m, ties=ties, overkill=rule), brute(n, m, ties, rule))


@pytest.mark.parametrize("ties,rule", OPTIONS)
@pytest.mark.parametrize("n,m", [(n, m) for n in range(1, 7) for m in range(1, 7)] + [(9, 4), (3, 10), (8, 8)])
def test_plain_against_icepool(n, m, ties, rule):
    ref = Dist.from_dict(bench.icepool_contest(n, m, ties, rule))
    close(pool_dist(n, m, ties=ties, overkill=rule), ref)


def test_twelve_against_twelve_icepool():
    close(pool_dist(12, 12), Dist.from_dict(bench.icepool_contest(12, 12)))


def test_contest_odds_codes_match_brute():
    for n, m in [(3, 2), (2, 3), (4, 1)]:
        close(contest_odds(n, m), to_odds(brute(n, m)))
        assert contest_odds(n, m).min == -1


# ---------------------------------------------------------------- rerolls and +1: brute force and icepool
REROLLS = [
    (1, 1, 1, 0, 0, 0, 0), (2, 2, 1, 0, 0, 0, 0), (2, 2, 0, 1, 0, 0, 0), (2, 2, 0, 0, 1, 0, 0), (2, 2, 0, 0, 0, 1, 0),
    (2, 2, 1, 0, 1, 0, 0), (2, 1, 0, 0, 0, 0, 1), (2, 2, 0, 0, 0, 0, 2), (3, 2, 1, 0, 0, 0, 1), (1, 2, 2, 0, 0, 0, 0),
    (2, 2, 1, 1, 1, 1, 0), (1, 3, 0, 0, 1, 0, 1),
]


@pytest.mark.parametrize("ties,rule", OPTIONS)
@pytest.mark.parametrize("args", REROLLS)
def test_rerolls_against_brute_play(args, ties, rule):
    n, m, *tok = args
    close(pool_dist(n, m, *tok, ties=ties, overkill=rule), brute_play(n, m, *tok, ties=ties, rule=rule))


@pytest.mark.parametrize("args", [(2, 2, 1, 0, 0, 0, 0), (2, 2, 0, 0, 1, 0, 1), (3, 1, 1, 0, 0, 1, 0)])
def test_rerolls_goal_damage(args):
    n, m, *tok = args
    close(pool_dist(n, m, *tok, goal="damage"), brute_play(n, m, *tok, goal="damage"))


def _ice_value(die):
    "(P(win), E[secondary]) of an icepool Die of signed codes, as exact fractions."
    tot = die.denominator()
    return (F(sum(q for k, q in die.items() if k >= 0), tot),
            F(sum(q * (k if k >= 0 else k + 1) for k, q in die.items()), tot))


def test_one_reroll_against_icepool():
    """2 dice against 2, one own reroll: icepool maps over the four dice, and for each roll picks the reroll (or none)
    whose resulting icepool Die is best (exact fractions, same tie-breaks), mixing the chosen Dies."""
    d6 = icepool.d6

    def choose(a1, a2, d1, d2):
        a, d = (a1, a2), (d1, d2)
        best = icepool.Die([ref_resolve(a, d)]); bv = _ice_value(best)
        for face in sorted(set(a)):
            i = a.index(face)
            cand = d6.map(lambda x: ref_resolve(a[:i] + (x,) + a[i + 1:], d))
            if _ice_value(cand) > bv: best, bv = cand, _ice_value(cand)
        return best
    ice = icepool.map(choose, d6, d6, d6, d6)
    tot = ice.denominator()
    close(pool_dist(2, 2, att_rerolls=1), Dist.from_dict({int(k): q / tot for k, q in ice.items()}))


def test_plus_one_against_icepool():
    "3 dice against 2 with Aim's +1 placed on the best die: icepool maps over the five dice."
    def best(*dice):
        a, d = dice[:3], dice[3:]
        return max([ref_resolve(a, d)] + [ref_resolve(a[:i] + (a[i] + 1,) + a[i + 1:], d) for i in range(3)])
    ice = icepool.map(best, *[icepool.d6] * 5)
    tot = ice.denominator()
    close(pool_dist(3, 2, plus=1), Dist.from_dict({int(k): q / tot for k, q in ice.items()}))


# ---------------------------------------------------------------- a worked test per modifier (the rule text)
def test_stun_markers_each_take_a_die():
    # "their next die roll ... will be at -1 die"; markers stack (DECISIONS)
    close(contest_dist(4, 3, att_stun=1), brute(3, 3))
    close(contest_dist(4, 3, def_stun=2), brute(4, 1))


def test_wounded_takes_a_die():
    close(contest_dist(3, 3, att_wounded=True), brute(2, 3))
    close(contest_dist(3, 3, def_wounded=True), brute(3, 2))


def test_range_one_die_per_full_two_sticks_unless_long_range():
    close(contest_dist(4, 2, sticks=1.9), brute(4, 2))
    close(contest_dist(4, 2, sticks=2), brute(3, 2))
    close(contest_dist(4, 2, sticks=5), brute(2, 2))
    close(contest_dist(4, 2, sticks=5, long_range=True), brute(4, 2))


def test_cover_only_with_armor():
    close(contest_dist(3, 2, defence="armor", cover=True), brute(3, 3))
    close(contest_dist(3, 2, defence="move", cover=True), brute(3, 2))
    close(contest_dist(3, 2, defence="melee", cover=True), brute(3, 2))


def test_behind_takes_a_defence_die():
    close(contest_dist(3, 3, behind=True), brute(3, 2))
    close(contest_dist(2, 2, behind=True, cover=True), brute(2, 2))


def test_a_pool_below_one_die_loses():
    assert contest_odds(2, 3, att_stun=2).p(-1) == 1.0
    d = contest_dist(3, 1, def_stun=1)                     # no defence dice: all three attacker dice count
    assert d.p(2) == 1.0 and p_destroyed(d, 2) == 1.0 and p_explodes(d, 1) == 1.0
    assert contest_odds(3, 1, def_stun=1, overkill="count").p(3) == 1.0


def test_own_reroll_skills():
    # AT Marksman firing, AT Brawler in melee, an ally's Advise: one own die each
    kw = reroll_tokens("ranged", "armor", ["AT Marksman"])
    assert kw["att_rerolls"] == 1
    close(contest_dist(2, 2, **kw), brute_play(2, 2, 1))
    assert reroll_tokens("melee", "armor", ["AT Brawler"], advise=True)["att_rerolls"] == 2
    assert reroll_tokens("ranged", "armor", ["AT Brawler"])["att_rerolls"] == 0
    # defender: Dodge with MOVE, Block with ARMOR, an ally's Warn
    assert reroll_tokens("ranged", "move", [], ["AT Dodge", "AT Block"])["def_rerolls"] == 1
    assert reroll_tokens("ranged", "armor", [], ["AT Dodge", "AT Block"], warn=True)["def_rerolls"] == 2
    close(contest_dist(2, 2, **reroll_tokens("ranged", "armor", [], ["AT Block"])), brute_play(2, 2, 0, 0, 1))


def test_opponent_reroll_skills():
    # AT Prediction (firing) rerolls a defender die; AT Evade (defending with MOVE) an attacker die
    kw = reroll_tokens("ranged", "move", ["AT Prediction"], ["AT Evade"])
    assert (kw["att_opp_rerolls"], kw["def_opp_rerolls"]) == (1, 1)
    close(contest_dist(2, 2, defence="move", **kw), brute_play(2, 2, 0, 1, 0, 1))
    assert reroll_tokens("melee", "armor", ["AT Prediction"], ["AT Evade"]) == dict(
        att_rerolls=0, att_opp_rerolls=0, def_rerolls=0, def_opp_rerolls=0, plus=0)


def test_plus_one_aim_and_killing_blow():
    # Aim: +1 to one die when firing once; Killing Blow: +1 within 1 stick (melee always)
    assert reroll_tokens("ranged", "armor", aim=True)["plus"] == 1
    assert reroll_tokens("ranged", "armor", ["AT Killing Blow"], aim=True, within_1=True)["plus"] == 2
    assert reroll_tokens("melee", "armor", ["AT Killing Blow"], aim=True)["plus"] == 1
    close(contest_dist(2, 2, plus=1), brute_play(2, 2, plus=1))
    # a die may exceed 6: [6] +1 = 7 beats a 6
    assert resolve([7], [6]).attacker_wins and pool_dist(1, 1, plus=1).p(0) == pytest.approx(21 / 36, abs=TOL)


def test_reroll_choices_sum_to_the_odds():
    "The best choice's win chance, averaged over every roll, is the engine's P(win)."
    tot = 0.0
    for a in itertools.product(range(1, 7), repeat=2):
        for d in itertools.product(range(1, 7), repeat=2):
            cs = reroll_choices(a, d, att_rerolls=1, def_rerolls=1)
            assert sum(c.best for c in cs) == 1
            tot += next(c for c in cs if c.best).p_win / 6 ** 4
    assert tot == pytest.approx(p_win(pool_dist(2, 2, 1, 0, 1)), abs=TOL)


def test_helpers():
    d = contest_odds(4, 2)
    ref = to_odds(brute(4, 2))
    assert p_win(d) == pytest.approx(1 - ref.p(-1), abs=TOL) and p_stun(d) == pytest.approx(ref.p(0), abs=TOL)
    assert p_destroyed(d, 1) == pytest.approx(sum(ref.p(k) for k in range(1, 5)), abs=TOL)
    assert p_explodes(d, 1) == pytest.approx(sum(ref.p(k) for k in range(2, 5)), abs=TOL)
    assert overkill_dist(d).mean == pytest.approx(sum(k * ref.p(k) for k in range(1, 5)), abs=TOL)
    r = best_defence(3, {"move": 1, "armor": 2})
    assert [x.defence for x in r] == ["armor", "move"]
    assert r[0].p_win == pytest.approx(1 - brute(3, 2).at_most(-1), abs=TOL)


def test_best_defence_adds_a_defences_rerolls_to_warn():
    # an ally's Warn (any defence) with AT Dodge (MOVE only): two rerolls on MOVE, one on ARMOR
    r = {x.defence: x for x in best_defence(3, {"move": 2, "armor": 2}, def_rerolls=1, rerolls={"move": {"def_rerolls": 1}})}
    assert r["move"].p_win == pytest.approx(brute_play(3, 2, 0, 0, 2, 0).at_least(0), abs=TOL)
    assert r["armor"].p_win == pytest.approx(brute_play(3, 2, 0, 0, 1, 0).at_least(0), abs=TOL)
    with pytest.raises(VotomsError, match="'dodge' is not one of"):
        best_defence(3, {"move": 2, "armor": 2}, rerolls={"move": {"dodge": 1}})


def test_bad_input_names_the_problem():
    for f, msg in [(lambda: contest_odds(3, 3, ties="attacker"), "ties='attacker'"),
                   (lambda: contest_odds(3, 3, overkill="half"), "overkill='half'"),
                   (lambda: contest_odds(3, 3, defence="dodge"), "defence 'dodge'"),
                   (lambda: contest_odds(3, "3"), "whole number of dice"),
                   (lambda: contest_odds(3, 3, att_rerolls=-1), "att_rerolls"),
                   (lambda: contest_odds(3, 3, plus=3), "plus=3"),
                   (lambda: contest_odds(3, 3, goal="style"), "goal='style'"),
                   (lambda: contest_odds(3, 3, att_rerolls=11), "rerolls"),
                   (lambda: resolve([0], [1]), "0 is not a die")]:
        with pytest.raises(VotomsError) as e: f()
        assert msg in str(e.value), (msg, str(e.value))


# ---------------------------------------------------------------- personal combat against brute force
def test_personal_shot_against_brute_play():
    shooter, target = Fighter("Shooter", aim=2), Fighter("Target", dodge=2)
    # a Rifle (2 dice, Aim) from AIM 2 at DODGE 2 in cover: 2 dice, 2 own rerolls, +1 against 3 dice
    close(shot_odds("Rifle", shooter, target, cover=True), brute_play(2, 3, 2, 0, 0, 0, 1))
    # melee: MELEE against MELEE (1 die without), the defender's wins carry its overkill
    close(melee_odds(Fighter("A", melee=3), Fighter("B")), brute(3, 1))


def test_personal_advise_and_warn_on_foot():
    # Advise* / Warn* (the starred skills work outside an AT): one more own reroll for the attacker / the defender
    shooter, target = Fighter("Shooter", aim=1), Fighter("Target", dodge=2)
    close(shot_odds("Rifle", shooter, target, advise=True, warn=True), brute_play(2, 2, 2, 0, 1, 0, 1))
    close(melee_odds(Fighter("A", melee=2), Fighter("B", melee=2), advise=True, warn=True), brute_play(2, 2, 1, 0, 1, 0))


def test_a_character_is_wounded_by_any_overkill():
    # "if they take 1 or more overkill, an NPC or enemy will be killed, and a player character will be WOUNDED"
    pc = Fighter("Hero", "pc", dodge=1, hits=2)
    for k in (1, 2, 3):
        hurt, fate = personal_damage(pc, k)
        assert fate == "wounded" and hurt.wounded and not hurt.out and hurt.actions == 1
    assert personal_damage(Fighter("Soldier"), 3)[1] == "killed"
    # the odds: 3 dice against an unhurt character's 1 DODGE die: wounded exactly when the overkill is 1 or more
    ref = brute(3, 1)
    fo = fate_odds(shot_odds("Bazooka", Fighter("Gunner"), pc, fires_once=False), pc)
    assert fo.get("down", 0.0) == 0.0
    assert fo["wounded"] == pytest.approx(ref.at_least(1), abs=TOL)
    assert fo["stunned"] == pytest.approx(ref.p(0), abs=TOL)
    # already wounded (−1 die: no DODGE dice left, the shot wins outright with overkill 2): down
    fo = fate_odds(shot_odds("Bazooka", Fighter("Gunner"), hurt, fires_once=False), hurt)
    assert fo == {"down": pytest.approx(1.0, abs=TOL)}


def _rapid_ref(n, dodge, kind, hits):
    "Two Rapid Fire shots of n dice (no AIM, no Aim) at one target, every roll enumerated, the text's damage rules typed in again."
    order = ["unhurt", "stunned", "hit", "wounded", "killed", "down"]
    def shot(m):
        return {k: F(c, 6 ** (n + max(m, 0))) for k, c in _counts(n, m).items()}
    def after(k, taken, stun):          # the target after one shot with signed outcome k: (taken, stun, fate)
        if k < 0: return taken, 0, "unhurt"
        if k == 0: return taken, 1, "stunned"
        t = min(hits, taken + (1 if kind == "pc" else k))
        return t, 0, ("down" if kind == "pc" else "killed") if t >= hits else ("wounded" if kind == "pc" else "hit")
    out = {}
    for k1, q1 in shot(dodge).items():
        t1, s1, f1 = after(k1, 0, 0)
        if t1 >= hits: out[f1] = out.get(f1, 0) + q1; continue
        m2 = dodge - s1 - (1 if kind == "pc" and t1 >= 1 else 0)
        for k2, q2 in shot(m2).items():
            f2 = after(k2, t1, s1)[2]
            f = max(f1, f2, key=order.index)
            out[f] = out.get(f, 0) + q1 * q2
    return out


def _counts(n, m):
    out = {}
    for a in itertools.product(range(1, 7), repeat=n):
        for d in itertools.product(range(1, 7), repeat=max(m, 0)):
            k = ref_resolve(a, d); out[k] = out.get(k, 0) + 1
    return out


@pytest.mark.parametrize("kind,hits,dodge", [("team", 2, None), ("npc", 1, 2), ("pc", 2, 2), ("pc", 2, 3)])
def test_rapid_fire_on_foot_against_enumeration(kind, hits, dodge):
    "Submachinegun (2 dice, Rapid Fire) within a stick: the second shot meets the target the first left (stunned: −1 die; wounded: −1 die)."
    got = rapid_odds("Submachinegun", Fighter("Gunner"), Fighter("Target", kind, dodge=dodge, hits=hits), sticks=1)
    ref = _rapid_ref(2, dodge or 1, kind, hits)
    assert set(k for k, v in got.items() if v > 0) == set(k for k, v in ref.items() if v > 0)
    for f, q in ref.items(): assert got.get(f, 0.0) == pytest.approx(float(q), abs=TOL), f


# ---------------------------------------------------------------- resolve on random large rolls
def test_resolve_random_rolls_against_the_reference():
    "20,000 seeded random contests of up to 12 dice a side (faces up to 7, as after a +1), every option."
    import random
    rng = random.Random(13)
    for _ in range(20_000):
        a = [rng.randint(1, 7) for _ in range(rng.randint(0, 12))]
        d = [rng.randint(1, 6) for _ in range(rng.randint(0, 12))]
        ties, rule = rng.choice(OPTIONS)
        r = resolve(a, d, ties, rule)
        assert r.signed == ref_resolve(a, d, ties, rule), (a, d, ties, rule)
        assert r.outcome == max(r.signed, -1)
        assert len(r.overkill_dice) == r.overkill and set(r.overkill_dice) <= set(r.counted)
        win = r.attack if r.attacker_wins else r.defend
        lose = r.defend if r.attacker_wins else r.attack
        if ties == "defender" and r.counted:            # counted dice: the winner's dice above the loser's best
            assert all(win[i] > (lose[0] if lose else 0) for i in r.counted)
