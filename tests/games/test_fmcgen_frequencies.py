"""FMC generators (games.fmc.treasure, .sites, .explore, .delve): seeded frequencies against their exact distributions.

Each check is a chi-square goodness-of-fit test of observed counts against exact expected counts (cells expected
fewer than 5 times are pooled into one). The threshold is the chi-square quantile at 1 − 1e-4 for the degrees of
freedom (Wilson–Hilferty), so each check raises a false alarm with probability 1e-4 — about 2e-3 for the ~20 checks
of this file together — and the seeds are fixed, so a run is repeatable. The exact laws come from the rules' dice
worked out independently here (products of uniform dice, 2d6, best/worst of two), or from the dice core where the
law is one (`magic_weapon_bonus`, `negotiation_die`, `encounter_chance`), which the notebooks check by hand and by
an independent enumeration.
"""
import math
from collections import Counter
from fractions import Fraction
import numpy as np
import pytest
from fortune_suite.dice import pool_sum, die
from fortune_suite.games.fmc import (magic_weapon, magic_weapon_bonus, magic_weapon_powers, POWER_DICE, WEAPON_KINDS,
                                     site_treasure, scroll, spell_names, stock_site, stock_hex, eligible, negotiate,
                                     negotiation_die, negotiation_odds, HexCrawl, ExploreOptions, encounter_chance,
                                     MAGIC_TABLE, COIN_TABLE, FmcError, SiteOptions, ROOM_ROLES, LANDMARKS, FEATURES)

ALPHA = 1e-4


def chi2_quantile(df, alpha=ALPHA):
    "Wilson–Hilferty approximation of the upper quantile (about 1% accurate for df ≥ 3; used with df ≥ 3)."
    z = {1e-4: 3.719}[alpha]
    df = max(df, 3)
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def check(counts: Counter, law: dict, what: str):
    "Chi-square of observed `counts` against the exact `law` {outcome: p}; outcomes outside the law fail at once."
    n = sum(counts.values())
    stray = set(counts) - {k for k, p in law.items() if p > 0}
    assert not stray, f"{what}: outcomes outside the law {stray}"
    obs = np.array([counts.get(k, 0) for k in law], float)
    exp = np.array([law[k] * n for k in law], float)
    big = exp >= 5
    o = np.append(obs[big], obs[~big].sum()); e = np.append(exp[big], exp[~big].sum())
    keep = e > 0
    o, e = o[keep], e[keep]
    stat, df = float(((o - e) ** 2 / e).sum()), len(o) - 1
    if df == 0: return 0.0, 0          # a certain outcome: nothing outside it came up (checked above)
    assert stat < chi2_quantile(df), f"{what}: chi2 {stat:.1f} with {df} df (limit {chi2_quantile(df):.1f})"
    return stat, df


def dist_law(d):
    return {int(k): float(p) for k, p in zip(d.outcomes, d.probs)}


D6_TABLE = {"1": 1 / 6, "2": 1 / 6, "3": 1 / 6, "4-6": 1 / 2}
def d6_class(face): return str(face) if face <= 3 else "4-6"


# --- magic weapons -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("sides", POWER_DICE)
def test_magic_weapon_frequencies(sides):
    g = np.random.default_rng(1000 + sides)
    ws = [magic_weapon(sides, g) for _ in range(12_000)]
    # one d6 for kind and hands: each of the six (kind, hands) pairs 1/6
    check(Counter((w.kind, w.two_handed) for w in ws), {(k, h): 1 / 6 for k in WEAPON_KINDS for h in (False, True)},
          f"d{sides} kind/hands")
    check(Counter(w.bonus for w in ws), dist_law(magic_weapon_bonus(sides)), f"d{sides} bonus")
    check(Counter(len(w.powers) for w in ws), dist_law(magic_weapon_powers(sides)), f"d{sides} powers")
    level = POWER_DICE.index(sides) + 1
    assert all(w.level == level and w.value_gp == sides and w.bonus == level - len(w.powers) for w in ws)


def test_magic_weapon_power_marginals():
    "P(a given power) = 1 − Π over the dice that can show it of (1 − 1/faces): independent of the enumeration."
    g = np.random.default_rng(77)
    ws = [magic_weapon(12, g) for _ in range(12_000)]
    from fortune_suite.games.fmc import WEAPON_POWERS
    for i, name in enumerate(WEAPON_POWERS, 1):
        p = 1 - math.prod(1 - 1 / s for s in POWER_DICE if s >= i)
        hits = sum(name in w.powers for w in ws)
        check(Counter({True: hits, False: len(ws) - hits}), {True: p, False: 1 - p}, f"d12 power {i}")


# --- treasure ------------------------------------------------------------------------------------------------------
def test_treasure_frequencies():
    "Level 3 with d6 owners: every magic item fits, so both hoards follow the d6 table; the split is 2d6."
    g = np.random.default_rng(2026)
    ts = [site_treasure(3, g) for _ in range(12_000)]
    law = {(a, b): D6_TABLE[a] * D6_TABLE[b] for a in D6_TABLE for b in D6_TABLE}
    check(Counter((d6_class(t.hoards[0].magic_roll), d6_class(t.hoards[1].magic_roll)) for t in ts), law, "magic items")
    check(Counter(t.split_roll for t in ts), dist_law(pool_sum(2, die(6))), "split 2d6")
    coins = {"cp": 1 / 2, "sp": 1 / 3, "gp": 1 / 6}
    check(Counter(COIN_TABLE[h.coin_roll] for t in ts for h in t.hoards), coins, "coin kind")
    vals = [h.valuables_roll for t in ts for h in t.hoards if h.item is None]
    check(Counter(vals), {k: 1 / 6 for k in range(1, 7)}, "valuables kind")
    for t in ts:
        assert sum(h.value_cp for h in t.hoards) == 3000
        for h in t.hoards:
            assert (h.item is None) == (h.magic_roll >= 4)
            if h.item is not None: assert type(h.item).__name__ == {1: "MagicWeapon", 2: "Scroll", 3: "ArcaneFocus"}[h.magic_roll]


KIND = {"MagicWeapon": "magic weapon", "Scroll": "scroll", "ArcaneFocus": "arcane focus"}


@pytest.mark.parametrize("level,dice", [(1, (6, 6)), (1, (12, 4)), (2, (10, 12))])
def test_treasure_kept_items(level, dice):
    "Where items may not fit (level 1, 2): the pair of kept items against magic_items_law, and that law by hand."
    from fortune_suite.games.fmc import magic_items_law
    law = magic_items_law(level, dice)
    g = np.random.default_rng(level * 100 + dice[0])
    seen = Counter(tuple(None if h.item is None else KIND[type(h.item).__name__] for h in site_treasure(level, g, dice).hoards)
                   for _ in range(12_000))
    check(seen, law, f"kept items level {level} dice {dice}")
    if (level, dice) == (1, (6, 6)):
        # by hand (weapon 600, scroll 1,000, focus 500 c.p. in a 1,000 c.p. budget; an item that takes all that is
        # left while the other hoard has none becomes valuables — TreasureOptions.empty_hoard=False): a scroll never
        # stays; the first hoard keeps a weapon or a focus; the second keeps a weapon or a focus after nothing (the
        # first's valuables, or its scroll turned to valuables), a focus after a focus (500 + 500, both hoards have
        # an item), nothing after a weapon (400 left)
        hand = {("magic weapon", None): 6, ("arcane focus", None): 5, ("arcane focus", "arcane focus"): 1,
                (None, "magic weapon"): 3 + 1, (None, "arcane focus"): 3 + 1, (None, None): 9 + 3 + 4}
        assert sum(hand.values()) == 36 and set(law) == set(hand)
        for k, n in hand.items(): assert abs(law[k] - n / 36) < 1e-15, k


def test_treasure_split_share():
    "The first hoard takes (15 + 5 × 2d6) % of what the items left, rounded down to 10 c.p."
    g = np.random.default_rng(5)
    for _ in range(2000):
        t = site_treasure(2, g)
        left = 2000 - sum(h.item.value_cp for h in t.hoards if h.item is not None)
        first = t.hoards[0].value_cp - (t.hoards[0].item.value_cp if t.hoards[0].item else 0)
        assert first == (left * (15 + 5 * t.split_roll) // 100) // 10 * 10


def test_magic_item_table():
    "The d6 table alone: weapon, scroll, focus 1/6 each, valuables 1/2; the focus holds the site's level."
    from fortune_suite.games.fmc import roll_magic_item
    g = np.random.default_rng(21)
    finds = [roll_magic_item(4, g, "d8") for _ in range(12_000)]
    names = {1: "MagicWeapon", 2: "Scroll", 3: "ArcaneFocus"}
    check(Counter(type(f.item).__name__ if f.item is not None else "valuables" for f in finds),
          {"MagicWeapon": 1 / 6, "Scroll": 1 / 6, "ArcaneFocus": 1 / 6, "valuables": 1 / 2}, "magic item table")
    assert all(f.item is None if f.roll >= 4 else type(f.item).__name__ == names[f.roll] for f in finds)
    assert all(f.item.energy == 4 for f in finds if f.roll == 3)
    assert all(f.item.power_die == 8 for f in finds if f.roll == 1)


def test_scroll_spells_uniform():
    g = np.random.default_rng(20)
    check(Counter(scroll(g).spell for _ in range(20_000)), {s: 1 / 20 for s in spell_names()}, "scroll spell")


# --- sites ---------------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def sites():
    g = np.random.default_rng(6)
    return [stock_site(1, g) for _ in range(5_000)]


def test_site_features_distinct_and_uniform(sites):
    "Issue 30: no feature twice in a site. Rolling again on a repeat makes the site's three features a uniform draw of"
    " three different ones: each room's feature is uniform over the six, and each set of three one of C(6, 3) = 20."
    rooms = Counter(r.detail for s in sites for r in s.rooms if r.role == "feature")
    check(rooms, {f: 1 / 6 for f in FEATURES}, "a feature room's feature")
    sets = Counter(frozenset(r.detail for r in s.rooms if r.role == "feature") for s in sites)
    assert all(len(k) == 3 for k in sets)
    import itertools
    check(sets, {frozenset(c): 1 / 20 for c in itertools.combinations(FEATURES, 3)}, "a site's three features")


def test_no_hoard_worth_nothing(sites):
    "Issue 30: every hoard — the monsters' and the hidden or trapped one — is worth something."
    assert all(r.hoard.value_cp > 0 for s in sites for r in s.rooms if r.hoard is not None)
    for level in (1, 2, 3):
        g = np.random.default_rng(60 + level)
        assert all(h.value_cp > 0 for _ in range(3000) for h in site_treasure(level, g, (POWER_DICE[level + 1], 6)).hoards)


def test_site_roles_positions(sites):
    for role in ROOM_ROLES[:3]:
        check(Counter(next(r.number for r in s.rooms if r.role == role) for s in sites), {k: 1 / 6 for k in range(1, 7)},
              f"room of {role}")


def test_site_obstacles(sites):
    check(Counter(d6_class(c.roll) for s in sites for c in s.connections), D6_TABLE, "connection obstacles")


def test_site_guard_and_occupants(sites):
    check(Counter(r.guard for s in sites for r in s.rooms if r.guard), {"trapped": 1 / 2, "hidden": 1 / 2}, "trapped/hidden")
    kinds = [m.key for m in eligible(500)]
    check(Counter(r.occupants.monster for s in sites for r in s.rooms if r.occupants), {k: 1 / len(kinds) for k in kinds},
          "room monsters")
    enc = [m.key for m in eligible(1000 / 6)]
    check(Counter(e.monster for s in sites for e in s.encounters.entries), {k: 1 / len(enc) for k in enc}, "encounter monsters")


def test_site_occupants_within_a_quarter_of_the_budget():
    "DECISIONS: stocked sites keep occupants within ±25% of 1,000 × level XP — every site, level and number of room groups, lairs too; the sites still vary."
    from fortune_suite.games.fmc import stock_lair_site
    seen = {lvl: Counter() for lvl in range(1, 6)}
    for seed in range(1500):
        lvl, groups = 1 + seed % 5, 1 + seed // 5 % 3
        for s in (stock_site(lvl, seed, SiteOptions(groups=groups)), stock_lair_site(lvl, seed), stock_hex(seed, lvl, kind=2).site):
            assert 750 * lvl <= s.occupants_xp <= 1250 * lvl, (seed, lvl, groups, s.occupants_xp)
            seen[lvl][s.occupants_xp] += 1
    for lvl, xs in seen.items():             # still many totals, and many kinds in the rooms, at every level
        assert len(xs) >= 8 and max(xs.values()) < 0.5 * sum(xs.values()), (lvl, xs.most_common(3))


def test_hex_frequencies():
    g = np.random.default_rng(8)
    hexes = [stock_hex(g, options=SiteOptions(monsters=("hoblin", "porc", "zombie"))) for _ in range(6_000)]
    check(Counter(h.kind for h in hexes), {"haven": 1 / 6, "site": 1 / 6, "lair": 1 / 6, "landmark": 1 / 2}, "hex kind")
    check(Counter(h.lair.roll for h in hexes if h.lair), {k: 1 / 6 for k in range(1, 7)}, "lair 500 × d6")
    check(Counter(h.detail for h in hexes if h.kind == "landmark"), {n: 1 / 12 for n in LANDMARKS}, "landmark")


@pytest.mark.parametrize("approach", ["plain", "good", "bad"])
def test_negotiation_frequencies(approach):
    g = np.random.default_rng({"plain": 1, "good": 2, "bad": 3}[approach])
    ns = [negotiate(g, approach) for _ in range(20_000)]
    check(Counter(n.face for n in ns), dist_law(negotiation_die(approach)), f"{approach} face")
    check(Counter(n.response for n in ns), negotiation_odds(approach), f"{approach} response")
    # by hand, independently of the dice core: best of two negative 4/36, worst of two affirmative 4/36
    hand = {"plain": {"negative": 1 / 3, "uncertain": 1 / 3, "affirmative": 1 / 3},
            "good": {"negative": 4 / 36, "uncertain": 12 / 36, "affirmative": 20 / 36},
            "bad": {"negative": 20 / 36, "uncertain": 12 / 36, "affirmative": 4 / 36}}[approach]
    for k, p in hand.items(): assert abs(negotiation_odds(approach)[k] - p) < 1e-15


# --- exploration ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("navigator", [False, True])
def test_wander_offers(navigator):
    "From the middle of the map: one die opens 3 hexes; two dice 3, 4, 5 or 6 as their faces are 0, 1, 2 or 3 apart."
    g = np.random.default_rng(31 + navigator)
    c = HexCrawl(5, 5, "0303")
    sizes, faces = Counter(), Counter()
    for _ in range(12_000):
        r = c.wander(g, navigator=navigator)
        sizes[len(c.offer)] += 1
        faces.update(f for _, _, f in r.rolls)
    check(faces, {k: 1 / 6 for k in range(1, 7)}, "wander d6")
    law = {3: 6 / 36, 4: 12 / 36, 5: 12 / 36, 6: 6 / 36} if navigator else {3: 1.0, 4: 0.0}
    if navigator: check(sizes, law, "navigator offers")
    else: assert set(sizes) == {3}


@pytest.mark.parametrize("miles,terrain,check_kind", [(18, "forest", "hex"), (18, "plains", "hex"), (6, "plains", "hex"),
                                                     (6, "hills", "hex"), (18, "forest", "daily")])
def test_travel_encounters(miles, terrain, check_kind):
    "Going back and forth between two hexes: encounters at the exact chance the crawl shows before each move."
    g = np.random.default_rng(miles * 7 + len(terrain))
    c = HexCrawl(3, 3, "0202", terrain={"0302": terrain, "0202": terrain}, roads=[("0202", "0302")], rations=10 ** 6,
                 options=ExploreOptions(hex_miles=miles, encounter_check=check_kind))
    p = c.encounter_odds("0302")
    days = Fraction(c.hex_cost("0302"), 3)
    assert p == encounter_chance(days, check_kind)
    expected = {(18, "forest", "hex"): 2 / 6, (18, "plains", "hex"): 1 / 6, (6, "plains", "hex"): 1 / 18,
                (6, "hills", "hex"): 2 / 18, (18, "forest", "daily"): 1 - (5 / 6) ** 2}[(miles, terrain, check_kind)]
    assert abs(p - expected) < 1e-15
    hits = 0
    for k in range(12_000):
        hits += c.move("0302" if k % 2 == 0 else "0202", g).encounter
    check(Counter({True: hits, False: 12_000 - hits}), {True: p, False: 1 - p}, f"{miles}-mile {terrain} {check_kind}")


def test_travel_encounters_daily_six_mile():
    "Daily checks on 6-mile hexes: each move comes up at the chance shown before it (0, 0, 1/6 over a day of plains, "
    "1/6 for a ⅔-day hex of hills that ends the day), so a day of travel meets one at the rules' 1 in 6."
    g = np.random.default_rng(66)
    c = HexCrawl(3, 3, "0202", terrain={"0302": "hills"}, roads=[("0202", "0302"), ("0202", "0201")], rations=10 ** 6,
                 options=ExploreOptions(hex_miles=6, encounter_check="daily"))
    by_p = {}
    for k in range(18_000):
        n = ("0201" if k % 4 < 2 else "0302") if c.position == "0202" else "0202"
        p = c.encounter_odds(n)
        assert p in (0.0, 1 / 6)
        by_p.setdefault(p, Counter())[c.move(n, g).encounter] += 1
    assert by_p[0.0][True] == 0
    check(by_p[1 / 6], {True: 1 / 6, False: 5 / 6}, "6-mile daily checks")


def test_multi_room_lair_kinds():
    "A multi-room lair is one monster's home: its kind uniform over the monsters that fit a room's budget (500 XP at level 1)."
    fit = [m.key for m in eligible(500)]
    kinds = Counter()
    for s in range(3000):
        h = stock_hex(s, 1, SiteOptions(lairs="site"), kind=3)
        got = {r.occupants.monster for r in h.site.rooms if r.occupants} | {e.monster for e in h.site.encounters.entries}
        assert len(got) == 1
        kinds[got.pop()] += 1
    check(kinds, {k: 1 / len(fit) for k in fit}, "multi-room lair kinds")


def test_site_turn_wandering():
    g = np.random.default_rng(44)
    c = HexCrawl()
    hits = sum(c.site_turn("search", g).encounter for _ in range(12_000))
    check(Counter({True: hits, False: 12_000 - hits}), {True: 1 / 6, False: 5 / 6}, "wandering monster")
    c2 = HexCrawl(options=ExploreOptions(wandering_in_6=2))
    hits = sum(c2.site_turn("search", g).encounter for _ in range(12_000))
    check(Counter({True: hits, False: 12_000 - hits}), {True: 2 / 6, False: 4 / 6}, "wandering 2 in 6")


# --- bad input -----------------------------------------------------------------------------------------------------
def test_bad_input_names_the_problem():
    with pytest.raises(FmcError, match="unknown monster 'owlbear'"): stock_site(1, 1, SiteOptions(monsters=("owlbear",)))
    with pytest.raises(FmcError, match="level must be a whole number ≥ 1, got 0"): stock_site(0, 1)
    with pytest.raises(FmcError, match="level must be a whole number ≥ 1, got -2"): site_treasure(-2, 1)
    with pytest.raises(FmcError, match="a power die is one of d4, d6, d8, d10, d12, got 'd20'"): magic_weapon("d20", 1)
    with pytest.raises(FmcError, match="unknown monster 'beholder'"): magic_weapon("beholder", 1)
    with pytest.raises(FmcError, match="rng must be a seed"): stock_hex("abc")
    c = HexCrawl(5, 5, "0303", rations=1)
    before = c.save()
    with pytest.raises(FmcError, match="hex 0403 is not open from 0303"): c.move("0403", 1)
    with pytest.raises(FmcError, match="hex 0305 is not next to the party's hex 0303"): c.move("0305", 1)
    with pytest.raises(FmcError, match="hex '9999' is not on this 5 × 5 map"): c.move("9999", 1)
    with pytest.raises(FmcError, match="at most the speed"): c.site_turn("move", 1, squares=20, speed=6)
    with pytest.raises(FmcError, match="no torches left"): c.light("torch")
    assert c.save() == before
