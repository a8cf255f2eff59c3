"""FMC generators' records saved and read back (games.fmc.records): `from_dict(r.to_dict())` is equal to `r` through
JSON for every generator over many seeds, and a spoiled save raises the engine's SaveError naming the field's path."""
import json
import pytest
from fortune_suite.engine import SaveError
from fortune_suite.games.fmc import (stock_site, stock_hex, starting_region, site_treasure, magic_weapon, SiteOptions,
                                     Site, Hex, Region, Treasure, MagicWeapon, POWER_DICE, money_text)
from fortune_suite.games.fmc import treasure


def through_json(cls, rec):
    return cls.from_dict(json.loads(json.dumps(rec.to_dict())))


@pytest.mark.parametrize("seed", range(40))
def test_site_round_trip(seed):
    s = stock_site(1 + seed % 5, seed, SiteOptions(groups=1 + seed % 2))
    back = through_json(Site, s)
    assert back == s and back.to_dict() == s.to_dict() and back.text() == s.text()
    # the rooms keep the very hoards of the site's treasure, as a freshly stocked site does
    assert {id(r.hoard) for r in back.rooms if r.hoard} == {id(h) for t in back.treasure for h in t.hoards}


def test_hexes_regions_treasure_weapons():
    for seed in range(60):
        h = stock_hex(seed, kind=1 + seed % 6)
        assert through_json(Hex, h) == h
        lair = stock_hex(seed, options=SiteOptions(lairs="site"), kind=3)        # a multi-room lair
        assert lair.site is not None and through_json(Hex, lair) == lair
        w = magic_weapon(POWER_DICE[seed % 5], seed)
        assert through_json(MagicWeapon, w) == w
        t = site_treasure(1 + seed % 3, seed)
        assert through_json(Treasure, t) == t
    for seed in range(8):
        reg = starting_region(seed)
        back = through_json(Region, reg)
        assert back == reg and back.to_dict() == reg.to_dict()


def spoiled(d, path, value):
    d = json.loads(json.dumps(d)); x = d
    for p in path[:-1]: x = x[p]
    if value is KeyError: del x[path[-1]]
    else: x[path[-1]] = value
    return d


def test_bad_fields_are_named():
    sd = stock_site(2, 5).to_dict()
    room = next(i for i, r in enumerate(sd["rooms"]) if r["occupants"])
    cases = [
        (("rooms", room, "occupants", "monster"), "beholder", f"site.rooms[{room}].occupants.monster: unknown monster 'beholder'"),
        (("rooms", room, "occupants", "count"), "7", f"site.rooms[{room}].occupants.count must be a whole number ≥ 1, got '7'"),
        (("connections", 0, "a"), 3, "site.connections[0] must join rooms 1 and 2 (one loop), got 3–2"),
        (("encounters", "entries"), [], "site.encounters.entries must have 6 entries, got 0"),
        (("treasure", 0, "hoards", 0, "magic_roll"), 9, "site.treasure[0].hoards[0].magic_roll must be a whole number from 1 to 6, got 9"),
        (("level",), KeyError, "site.level is missing"),
    ]
    for path, value, msg in cases:
        with pytest.raises(SaveError, match=msg.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)")):
            Site.from_dict(spoiled(sd, path, value))
    with pytest.raises(SaveError, match="region.hexes.0303.kind must be d6 1's 'haven'"):
        Region.from_dict(spoiled(starting_region(3).to_dict(), ("hexes", "0303", "kind"), "site"))


def test_money_text_public():
    assert money_text(12500) == "12,500 c.p."          # the rules' money is copper pieces; thousands with commas
    assert not hasattr(treasure, "_money")               # one name for it (apps.fmc_cards reads money_text from the face)
