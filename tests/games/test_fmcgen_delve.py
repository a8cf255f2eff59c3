"""FMC: time in a site on the party's calendar, the party's room in a site (games.fmc.delve), daily encounter checks
with 6-mile hexes (games.fmc.explore). Expected values from the rules' numbers (six turns an hour, a bundle a week,
1 in 6 a day, tempt fate 1 − ½ⁿ) worked out here; seeded frequencies with a binomial bound of 4 standard errors
(false alarm ≈ 6e-5 each)."""
import dataclasses, json, math
import numpy as np
import pytest
from fortune_suite.engine import SaveError
from fortune_suite.games.fmc import (HexCrawl, ExploreOptions, Delve, FmcError, stock_site, Connection, encounter_chance,
                                     turns_per_third)


def near(k, n, p):
    return abs(k - n * p) <= 4 * math.sqrt(n * p * (1 - p))


def site_with(rolls, seed=2026):
    s = stock_site(1, seed)
    return dataclasses.replace(s, connections=tuple(Connection(i, i % 6 + 1, r) for i, r in zip(range(1, 7), rolls)))


def test_site_time_is_calendar_time():
    c = HexCrawl(rations=3, torches=200)
    c.enter_site(site_with((4, 4, 4, 4, 4, 4)))
    g = np.random.default_rng(0)
    for _ in range(6 * 24 * 8 + 7):                  # eight days and 70 minutes of searching
        if c.lit is None: c.light("torch")
        c.site_turn("search", g)
    assert c.elapsed() == (8, 1, 10) and c.calendar() == "8 days, 1 h 10 min"
    assert c.turns == 6 * 24 * 8 + 7 and c.time == 8 * 3 and c.clock == 7
    assert c.rations == 1                             # days 0–6 on the first bundle, day 7 on the second
    assert c.torches == 200 - math.ceil(c.turns / 6)  # a slot an hour


def test_moves_between_rooms_follow_the_loop_and_obstacles():
    c = HexCrawl()
    c.enter_site(site_with((3, 4, 4, 4, 4, 2)))      # 1–2 a long corridor, 6–1 a hidden door
    assert [(e["room"], e["state"], e["turns"]) for e in c.exits()] == [(2, "very long corridor", 6), (6, "hidden door (not found)", 1)]
    before = c.to_dict()
    with pytest.raises(FmcError, match="hidden door the party has not found"): c.go(6, 1)
    with pytest.raises(FmcError, match="not next to room 1"): c.go(4, 1)
    assert c.to_dict() == before
    c.go(2, 1)
    while c.delve.walking: c.go(2, 2)               # a wandering monster stops the walk where it comes; then on to room 2
    assert c.turns == 6 and c.delve.room == 2 and c.elapsed() == (0, 1, 0)
    for r in (3, 4, 5, 6): c.go(r, r)
    assert c.turns == 10
    c.uncover(1, 7); c.go(1, 8)                     # found from the far side, then used
    assert c.turns == 12 and c.delve.found == [5] and c.delve.visited == [1, 2, 3, 4, 5, 6]
    back = HexCrawl.load(c.save())
    assert back.delve == c.delve and back.to_dict() == c.to_dict()
    c.leave_site(); assert c.delve is None


@pytest.mark.parametrize("skills", [0, 1, 2])
def test_stuck_door_opens_at_tempt_fate_odds(skills):
    site = site_with((1, 4, 4, 4, 4, 4))
    p = 1 - 0.5 ** (1 + skills)                       # a coin, and one more per skill: any win opens it
    n, opened = 3000, 0
    for s in range(n):
        c = HexCrawl(); c.enter_site(site)
        assert c.exits(skills=skills)[0]["chance"] == p
        c.go(2, s, skills=skills); opened += c.delve.room == 2
    assert near(opened, n, p), (opened, n * p)


def test_daily_checks_with_six_mile_hexes():
    o = ExploreOptions(hex_miles=6, encounter_check="daily")
    c = HexCrawl(options=o, rations=200, roads=[("0303", "0302")])
    g = np.random.default_rng(5)
    days = 900; hits = 0; checks = 0
    for k in range(3 * days):
        n = "0302" if c.position == "0303" else "0303"
        r = c.move(n, g)
        checks += sum(x[0] == "encounter" for x in r.rolls); hits += r.encounter
    assert checks == days and c.days == days + (days // 6)   # one check a travelling day; a rest day each six
    assert near(hits, days, 1 / 6), hits
    # the chance shown before a hex, over a day of three: 0, 0, 1/6 — the day's 1 in 6
    assert 1 - (1 - encounter_chance(1 / 3, "daily")) * (1 - encounter_chance(1 / 3, "daily", 1 / 3)) * \
        (1 - encounter_chance(1 / 3, "daily", 2 / 3)) == pytest.approx(1 / 6, abs=1e-15)


def test_bad_delve_saves_named():
    c = HexCrawl(); c.enter_site(site_with((1, 2, 3, 4, 5, 6)))
    d = json.loads(c.save())
    for key, value, msg in (("visited", [7], r"delve.visited\[0\] must be a room of the site \(1–6\), got 7"),
                            ("found", [0], r"delve.found\[0\] must be a connection with a hidden door, got 0"),
                            ("room", "1", "delve.room must be a whole number from 1 to 6")):
        bad = json.loads(json.dumps(d)); bad["delve"][key] = value
        with pytest.raises(SaveError, match=msg): HexCrawl.from_dict(bad)
    assert turns_per_third(ExploreOptions()) == 48


def test_delve_must_be_in_the_partys_hex():
    c = HexCrawl(); c.enter_site(site_with((4, 4, 4, 4, 4, 4)))
    bad = json.loads(c.save()); bad["delve"]["hex"] = "0101"
    with pytest.raises(SaveError, match="delve.hex must be the party's hex 0303, got '0101'"): HexCrawl.from_dict(bad)
