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
