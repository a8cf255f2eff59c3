"""FMC skirmish: bad input gets our errors (FmcError, the engine's SaveError) with a message naming the problem, and a
refused action leaves the state exactly as it was (`assert_unchanged`)."""
import json
import pytest
from fortune_suite.engine import get_game, load_game, SaveError, assert_unchanged
from fortune_suite.games.fmc import FmcError, new_character
from fortune_suite.simkit import simulate

FMC = get_game("fmc")


@pytest.mark.parametrize("opts, words", [
    ({"encounter": "6 hobgoblin"}, "unknown monster 'hobgoblin'"),
    ({"encounter": "six hoblin"}, "cannot read"),
    ({"encounter": "0 porc"}, "a count is 1 to 50"),
    ({"classes": "fighter, paladin"}, "unknown class 'paladin'"),
    ({"classes": "fighter:d"}, "a fighter's kit is a, b or c"),
    ({"level": 6}, "option level must be a whole number from 1 to 5"),
    ({"death": "never"}, "option death must be one of at, excess"),
    ({"into_melee": "sometimes"}, "option into_melee"),
    ({"characters": [{"name": "Bo"}]}, "option characters[0]: character.class"),
    ({"wizards": 2}, "unknown option 'wizards'"),
])
def test_bad_options(opts, words):
    with pytest.raises(FmcError, match=None) as e: FMC.new(opts, 1)
    assert words in str(e.value), str(e.value)


def test_unknown_monster_through_the_simulator():
    with pytest.raises(FmcError) as e: simulate("fmc", 2, options={"encounter": "2 orc"})
    assert "unknown monster 'orc'" in str(e.value)


def test_malformed_saves():
    s = FMC.new(None, 3)
    good = json.loads(s.save())
    with pytest.raises(SaveError, match="not JSON"): load_game("{fmc")
    bad = dict(good, options={**good["options"], "encounter": "3 gnoll"})
    with pytest.raises(SaveError, match="unknown monster 'gnoll'"): load_game(json.dumps(bad))
    part = dict(good, options={k: v for k, v in good["options"].items() if k != "death"})
    with pytest.raises(SaveError, match="missing option 'death'"): load_game(json.dumps(part))
    act = dict(good, actions=[[0, {"fig": "p1", "do": "fly"}]])
    with pytest.raises(SaveError, match=r"actions\[0\]"): load_game(json.dumps(act))


def first_state():
    for seed in range(50):
        s = FMC.new({"surprise": "none"}, seed)
        if s.current is not None and s.current.side == 0 and s.current.id == "p1": return s
    raise AssertionError("no seed gives the party the first move")


@pytest.mark.parametrize("action, words", [
    ({"fig": "p2", "do": "hold"}, "not that figure's turn: Fighter 1 (p1) acts now"),
    ({"fig": "p1", "do": "to", "at": [12, 30]}, "cannot move off the table"),
    ({"fig": "p1", "do": "to", "at": [12, 13.5]}, "moves at most 10\""),
    ({"fig": "p1", "do": "to", "at": ["a", 1]}, "a move 'to' gives 'at'"),
    ({"fig": "p1", "do": "shoot", "target": "f1"}, "illegal action for Fighter 1 in the movement phase"),
    ({"fig": "p1", "do": "close", "target": "p3"}, "illegal action"),
    ({"fig": "p1"}, "an FMC action is a dict with 'fig' and 'do'"),
    ("hold", "an FMC action is a dict"),
])
def test_illegal_actions_change_nothing(action, words):
    s = first_state()
    with assert_unchanged(s):
        with pytest.raises(FmcError) as e: s.apply(0, action)
    assert words in str(e.value), str(e.value)


def test_illegal_melee_split_and_dead_target():
    s = FMC.new({"surprise": "none", "encounter": "2 hoblin", "size": 1, "classes": "fighter:a", "distance": 1}, 0)
    while s.current is not None and not (s.phase == 2 and s.current.side == 0):
        legal = s.legal_actions(s.current.side)
        s.apply(s.current.side, next((a for a in legal if a["do"] in ("close", "pass")), legal[0]))
    if s.current is None: pytest.skip("the skirmish ended before the fighter's melee")
    f = s.current
    with assert_unchanged(s):
        with pytest.raises(FmcError, match="cannot split its bonus of \\+1"):
            s.apply(0, {"fig": f.id, "do": "attack", "at": [["f1", 1], ["f2", 0]]})
        with pytest.raises(FmcError, match="cannot reach"):
            s.apply(0, {"fig": f.id, "do": "attack", "at": [["p1", 1]]})


def test_bad_character_sheet_is_named():
    c = new_character("Ada", "mage", spells=["heal", "lullaby"], leather=True, coins=20).to_dict()
    c["level"] = 9
    with pytest.raises(FmcError) as e: FMC.new({"characters": [c]}, 1)
    assert "characters[0]" in str(e.value) and "level" in str(e.value)


def test_site_rooms():
    from fortune_suite.games.fmc import site_encounter, stock_site
    s = FMC.new({"site": 1, "site_seed": 5}, 0)
    text, where = site_encounter(1, 5, "treasure")
    site = stock_site(1, 5)
    room = next(r for r in site.rooms if r.role == "monsters with treasure")
    assert text == f"{room.occupants.count} {room.occupants.monster}"
    assert sum(f.side == 1 for f in s.figures) == room.occupants.count
    with pytest.raises(FmcError, match="option room must be one of"): FMC.new({"site": 1, "room": "attic"}, 0)
    with pytest.raises(FmcError, match="option site must be"): FMC.new({"site": 9}, 0)


# --- junk of every type in every field: our error naming the problem, never a bare TypeError, and nothing changed.
# Type checks are at least as strict as the engine's canonical comparison: true is not 1, and 1.0 is not 1.

def phase_state(phase, **opts):
    "A skirmish with the party's figure that acts in `phase` (Fighter 1, the archer Fighter 2, Fighter 1, the mage) at its start."
    from fmc_script import to_phase, fig
    s = FMC.new({"surprise": "none", **opts}, 1)
    f = fig(s, "Mage 3") if phase == 3 else fig(s, "Fighter 2") if phase == 1 else fig(s, "Fighter 1")
    if phase == 2:                                           # a foe beside it
        g = next(g for g in s.figures if g.side == 1); g.x, g.y = f.x, f.y + 1
    to_phase(s, f, phase)
    return s, f


@pytest.mark.parametrize("phase, junk, words", [
    (0, {"fig": [], "do": "hold"}, "not that figure's turn"),
    (0, {"fig": 1.0, "do": "hold"}, "not that figure's turn"),
    (0, {"fig": "p1", "do": {}}, "illegal action for Fighter 1"),
    (0, {"fig": "p1", "do": "hold", "why": "no"}, "illegal action for Fighter 1"),
    (0, {"fig": "p1", "do": "close", "target": []}, "illegal action for Fighter 1"),
    (0, {"fig": "p1", "do": "close", "target": "f1", "reach": 1}, "illegal action for Fighter 1"),
    (0, {"fig": "p1", "do": "close"}, "illegal action for Fighter 1"),
    (0, {"fig": "p1", "do": "to", "at": [True, 3]}, "a move 'to' gives 'at'"),
    (0, {"fig": "p1", "do": "to", "at": [{}, 3]}, "a move 'to' gives 'at'"),
    (0, {"fig": "p1", "do": "to", "at": [12, 3], "run": True}, "a move 'to' gives 'at'"),
    (1, {"fig": "p2", "do": "shoot", "target": ["f1"]}, "illegal action for Fighter 2"),
    (1, {"fig": "p2", "do": "shoot", "at": [["f1", True], ["f1", 1]]}, "true is not 1"),
    (1, {"fig": "p2", "do": "shoot", "at": [["f1", 1.0], ["f1", 1]]}, "1.0 is not 1"),
    (2, {"fig": "p1", "do": "attack", "at": [[[], 0]]}, "an attack's target is a figure's id"),
    (2, {"fig": "p1", "do": "attack", "at": [[{"id": "f1"}, 2]]}, "an attack's target is a figure's id"),
    (2, {"fig": "p1", "do": "attack", "at": [["f1", True]]}, "an attack's bonus is a whole number, got True"),
    (2, {"fig": "p1", "do": "attack", "at": [["f1", True], ["f1", 1]]}, "true is not 1"),
    (2, {"fig": "p1", "do": "attack", "at": [["f1", 2.0]]}, "whole numbers as listed"),
    (2, {"fig": "p1", "do": "attack", "at": [["f1", "2"]]}, "an attack's bonus is a whole number"),
    (2, {"fig": "p1", "do": "attack", "at": [["f1"]]}, "a list of [target, bonus] pairs"),
    (2, {"fig": "p1", "do": "attack", "at": {"f1": 2}}, "a list of [target, bonus] pairs"),
    (2, {"fig": "p1", "do": "attack"}, "a list of [target, bonus] pairs"),
    (2, {"fig": "p1", "do": "attack", "at": [["f1", 2]], "x": 0}, "a list of [target, bonus] pairs"),
    (3, {"fig": "p3", "do": "blast", "target": "f1", "energy": True}, "true is not 1"),
    (3, {"fig": "p3", "do": "blast", "target": "f1", "energy": 1.0}, "1.0 is not 1"),
    (3, {"fig": "p3", "do": "blast", "target": "f1", "energy": []}, "illegal action for Mage 3"),
    (3, {"fig": "p3", "do": "spell", "spell": [], "target": "p1", "energy": 1}, "illegal action for Mage 3"),
    (3, {"fig": "p3", "do": "spell", "spell": "heal", "target": {}, "energy": 1}, "illegal action for Mage 3"),
    (3, {"fig": "p3", "do": "spell", "spell": "dispel", "target": "f1", "energy": 1, "effect": []}, "cannot dispel effect []"),
])
def test_junk_actions_get_our_error_and_change_nothing(phase, junk, words):
    s, f = phase_state(phase, level=2)
    with assert_unchanged(s):
        with pytest.raises(FmcError) as e: s.apply(0, junk)
    assert words in str(e.value), str(e.value)


def sheet(**change):
    "A fighter's sheet (JSON) with fields replaced."
    d = new_character("Brann", "fighter", kit="a", weapon_choice="sword", leather=True, coins=20).to_dict()
    d.update(change)
    return d


BLADE = {"name": "blade", "magic": "weapon", "bonus": 2, "slots": 1}


@pytest.mark.parametrize("change, words", [
    ({"armor": []}, "character.armor: [] is not one of"),
    ({"armor": {}}, "character.armor: {} is not one of"),
    ({"class": ["fighter"]}, "character.class: ['fighter'] is not one of"),
    ({"level": True}, "character.level: must be a whole number, got True"),
    ({"level": 1.0}, "character.level: must be a whole number, got 1.0"),
    ({"xp": [0]}, "character.xp: must be a whole number"),
    ({"shield": 1}, "character.shield: must be true or false"),
    ({"dead": 0}, "character.dead: must be true or false"),
    ({"weapons": [["sword"]]}, "character.weapons[0]: unknown weapon ['sword']"),
    ({"weapons": "sword"}, "character.weapons: must be a list"),
    ({"scrolls": [{"spell": "heal"}]}, "character.scrolls[0]: unknown scroll"),
    ({"items": [[]]}, "character.items[0]: must be an item name or a record"),
    ({"items": [{"name": "blade", "magic": ["weapon"]}]}, "character.items[0].magic: must be one of"),
    ({"items": [{**BLADE, "bonus": "2"}]}, "character.items[0].bonus: must be a whole number"),
    ({"items": [{**BLADE, "bonus": True}]}, "character.items[0].bonus: must be a whole number"),
    ({"items": [{**BLADE, "two_handed": "yes"}]}, "character.items[0].two_handed: must be true or false"),
    ({"items": [{"name": "orb", "magic": "focus", "energy": 1.5}]}, "character.items[0].energy: must be a whole number"),
    ({"items": [BLADE], "attuned": ["blade"]}, "character.attuned: must be the name of a magic item"),
    ({"coins": {"cp": True, "sp": 0, "gp": 0}}, "character.coins.cp: must be a whole number"),
    ({"coins": [20]}, "character.coins: must have exactly cp, sp and gp"),
    ({"retainers": [{"kind": ["mercenary"], "name": "Hob", "weeks_paid": 4}]}, "character.retainers[0].kind: must be one of"),
    ({"research": {"spell": ["scry"]}}, "character.research: must be {'spell': a spell}"),
    ({"fmc_character": True}, "character.fmc_character: format True is not 1"),
    ({"fmc_character": 1.0}, "character.fmc_character: format 1.0 is not 1"),
    ({"hp": 5}, "character.hp: unknown field"),
])
def test_junk_character_sheets_get_our_error(change, words):
    from fortune_suite.games.fmc import Character, CharacterError
    with pytest.raises(CharacterError) as e: Character.from_dict(sheet(**change))
    assert words in str(e.value), str(e.value)
    with pytest.raises(CharacterError) as e: Character.from_json(json.dumps(sheet(**change)))   # the file, the same
    assert words in str(e.value), str(e.value)
    with pytest.raises(FmcError) as e: FMC.new({"characters": [sheet(**change)]}, 1)          # and as a game's option
    assert "option characters[0]" in str(e.value) and words in str(e.value), str(e.value)


def test_junk_character_files_get_our_error():
    from fortune_suite.games.fmc import Character, CharacterError
    for text, words in ((b'{"name": "\xff"}', "not UTF-8 text"), ("{", "not JSON"), ("[]", "must be a JSON object"), (5, "must be JSON text")):
        with pytest.raises(CharacterError, match=None) as e: Character.from_json(text)
        assert words in str(e.value), str(e.value)


def crawl_dict():
    from fortune_suite.games.fmc import HexCrawl, starting_region, stock_site
    c = HexCrawl.from_region(starting_region(4), rations=2, torches=2)
    c.enter_site(stock_site(1, 5))
    return c.to_dict()


@pytest.mark.parametrize("where, junk, words", [
    (("cols",), 10**20, "columns and rows from 1 to 99"),      # once built a map of 10^40 hexes (MemoryError)
    (("cols",), True, "columns and rows from 1 to 99"),
    (("offer",), [[]], "offer must list hexes of the map"),    # once: TypeError, unhashable list
    (("offer",), [{}], "offer must list hexes of the map"),
    (("time",), 1.0, "time must be a whole number"),
    (("lantern",), 0, "lantern must be true or false"),
    (("delve", "visited"), [True], "delve.visited[0] must be a room of the site"),
    (("delve", "room"), 1.0, "delve.room must be a whole number"),
])
def test_junk_crawl_saves_get_our_error(where, junk, words):
    from fortune_suite.games.fmc import HexCrawl
    d = crawl_dict(); t = d
    for k in where[:-1]: t = t[k]
    t[where[-1]] = junk
    with pytest.raises(SaveError) as e: HexCrawl.from_dict(d)
    assert words in str(e.value), str(e.value)


def test_junk_records_get_our_error():
    from fortune_suite.games.fmc import Region, Site, starting_region, stock_site, magic_weapon, item_from_dict
    r = starting_region(4).to_dict()
    for k, v, words in (("cols", 1000, "region.cols must be a whole number from 3 to 99"), ("cols", True, "region.cols must be a whole number"),
                        ("hexes", [], "region.hexes must be a JSON object")):
        with pytest.raises(SaveError) as e: Region.from_dict({**r, k: v})
        assert words in str(e.value), str(e.value)
    w = magic_weapon(8, 1).to_dict()
    with pytest.raises(SaveError, match=r"rolls"): item_from_dict({**w, "rolls": [True if f == 1 else f for f in w["rolls"]] if 1 in w["rolls"] else [True] + w["rolls"][1:]})
    s = next(x for x in (stock_site(1 + k % 5, k) for k in range(60))
             if any(h.valuables and h.valuables[0] == 1 for t in x.treasure for h in t.hoards)).to_dict()
    for t in s["treasure"]:
        for h in t["hoards"]:
            if h["valuables"] and h["valuables"][0] == 1: h["valuables"][0] = True      # a count of true is not 1
    with pytest.raises(SaveError, match=r"valuables"): Site.from_dict(s)
