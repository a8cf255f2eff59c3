"""VOTOMS bad input: illegal actions, bad options and squads (an unknown AT or weapon, over the budget, a skill level
too high), malformed saves — each refused with our error (VotomsError, or the engine's SaveError for a save) whose
message names the problem, and the state unchanged (the engine's fingerprint)."""
import json
import pytest
from fortune_suite.engine import SaveError, RulesError, assert_unchanged, load_game
from fortune_suite.games.votoms import Votoms, VotomsError


def red_first(opts=None):
    for seed in range(100):
        s = Votoms.new(opts or {}, seed)
        if s.to_move() == (0,): return s


@pytest.mark.parametrize("action, words", [
    ({"unit": "R1", "act": "fly", "to": [3, 3]}, "unknown act 'fly'"),
    ({"unit": "R9", "act": "move", "mode": "run", "to": [3, 3]}, "no unit 'R9'"),
    ({"unit": "B1", "act": "move", "mode": "run", "to": [3, 5]}, "is not Red's unit"),
    ({"unit": "R1", "act": "move", "mode": "run", "to": [3, 6]}, "cannot move like that"),
    ({"unit": "R1", "act": "shoot", "weapon": "Laser Sword", "target": "B1"}, "carries no weapon 'Laser Sword'"),
    ({"unit": "R1", "act": "shoot", "weapon": "GAT-22 Heavy Machinegun", "target": "R2"}, "cannot fire GAT-22 Heavy Machinegun"),
    ({"unit": "R1", "act": "melee", "target": "B1"}, "is not legal for R1"),
    ("charge!", "is not an action object"),
    ({"unit": "R1", "act": "move", "mode": "run", "to": [3, 2], "aim": 1}, "move takes no field 'aim'"),
])
def test_illegal_actions_refused_state_unchanged(action, words):
    s = red_first()
    with assert_unchanged(s):
        with pytest.raises(VotomsError, match=words.replace("(", r"\(").replace(")", r"\)")):
            s.apply(0, action)


# Malformed actions: wrong JSON types (a bool or 1.0 is not a whole number), missing and extra fields. Each is
# refused by the game's own check with a VotomsError naming the problem, before anything changes.
MOVE = {"unit": "R1", "act": "move", "mode": "run", "to": [3, 2]}
SHOT = {"unit": "R1", "act": "shoot", "weapon": "GAT-22 Heavy Machinegun", "target": "B1"}
JUNK = [
    ({"unit": {}}, "unknown act None"),
    ({"unit": {}, "act": "move"}, "'unit' is a unit id like 'R1', got {}"),
    ({**MOVE, "unit": []}, "'unit' is a unit id"),
    ({**MOVE, "unit": ["R1"]}, "'unit' is a unit id"),
    ({**MOVE, "unit": 1}, "'unit' is a unit id"),
    ({**MOVE, "unit": None}, "'unit' is a unit id"),
    ({k: v for k, v in MOVE.items() if k != "unit"}, "'unit' is a unit id"),
    ({**MOVE, "act": {}}, "unknown act {}"),
    ({**MOVE, "act": ["move"]}, "unknown act ['move']"),
    ({**MOVE, "act": 1}, "unknown act 1"),
    ({**MOVE, "act": True}, "unknown act True"),
    ({**MOVE, "to": [3.0, 2]}, "'to' is a square [x, y] of whole numbers, got [3.0, 2]"),
    ({**MOVE, "to": [3, True]}, "'to' is a square"),
    ({**MOVE, "to": [3, 2, 0]}, "'to' is a square"),
    ({**MOVE, "to": "D3"}, "'to' is a square"),
    ({**MOVE, "to": {"x": 3, "y": 2}}, "'to' is a square"),
    ({**MOVE, "mode": 1}, "'mode' is a name"),
    ({**MOVE, "mode": ["run"]}, "'mode' is a name"),
    ({**MOVE, "rest": 1}, "'rest' is true, or left out, got 1"),
    ({**MOVE, "back": False}, "'back' is true, or left out"),
    ({**MOVE, "speed": 3}, "move takes no field 'speed'"),
    ({k: v for k, v in MOVE.items() if k != "to"}, "cannot move like that"),
    ({**SHOT, "weapon": {}}, "'weapon' is a name"),
    ({**SHOT, "target": ["B1"]}, "'target' is a name"),
    ({**SHOT, "shots": 1.0}, "'shots' is a whole number, got 1.0"),
    ({**SHOT, "shots": True}, "'shots' is a whole number, got True"),
    ({**SHOT, "aim": 1}, "'aim' is true, or left out"),
    ({**SHOT, "corner": [0.0, 1]}, "'corner' is a square"),
    ({**SHOT, "targets": "B1"}, "'targets' is a list of names"),
    ({**SHOT, "with": [1]}, "'with' is a list of names"),
    ({**SHOT, "to": [3, 3]}, "shoot takes no field 'to'"),
    ({"unit": "R1", "act": "melee", "target": 1}, "'target' is a name"),
    ({"unit": "R1", "act": "pickup", "at": [4.0, 3]}, "'at' is a square"),
    ({"act": "end", "unit": "R1"}, "end takes no field 'unit'"),
    ({"act": "end", "now": True}, "end takes no field 'now'"),
    ([{"act": "end"}], "is not an action object"),
    (1.0, "is not an action object"),
    (True, "is not an action object"),
    (None, "is not an action object"),
]


@pytest.mark.parametrize("action, words", JUNK, ids=[repr(a)[:60] for a, _ in JUNK])
def test_malformed_actions_refused_state_unchanged(action, words):
    s = red_first()
    with assert_unchanged(s):
        with pytest.raises(VotomsError) as e:
            s.apply(0, action)
    assert words in str(e.value)


def test_malformed_answers_refused():
    s = red_first({"squads": [[{"at": "Scopedog", "weapons": ["GAT-49"], "pos": [3, 3]}], [{"at": "Scopedog", "pos": [3, 4]}]], "table": "open"})
    s.apply(0, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    for junk in ({}, ["armor"], 1.0, True, None, "ARMOR", {"answer": "armor"}):
        with assert_unchanged(s):
            with pytest.raises(RulesError, match="illegal answer"):
                s.apply(1, junk)


def test_destroyed_unit_cannot_act():
    s = red_first({"squads": [[{"at": "Scopedog", "pos": [3, 3]}, {"at": "Scopedog"}], [{"at": "Scopedog", "pos": [3, 6]}]], "table": "open"})
    s.by_id["R1"].destroyed, s.by_id["R1"].hp = True, 0
    s.version += 1
    with assert_unchanged(s):
        with pytest.raises(VotomsError, match="R1 Scopedog is destroyed and cannot act"):
            s.apply(0, {"unit": "R1", "act": "move", "mode": "run", "to": [3, 4]})


def test_wrong_answer_to_a_decision():
    s = red_first({"squads": [[{"at": "Scopedog", "weapons": ["GAT-49"], "pos": [3, 3]}], [{"at": "Scopedog", "pos": [3, 4]}]], "table": "open"})
    s.apply(0, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    with assert_unchanged(s):
        with pytest.raises(RulesError, match="illegal answer: 'melee'"):
            s.apply(1, "melee")            # MELEE only against a melee attack
        with pytest.raises(RulesError, match="not your turn"):
            s.apply(0, "armor")


@pytest.mark.parametrize("opts, words", [
    ({"squads": [[{"at": "Tachikoma"}], [{"at": "Scopedog"}]]}, "unknown AT or vehicle 'Tachikoma'"),
    ({"squads": [[{"at": "Scopedog", "weapons": ["Laser Sword"]}], [{"at": "Scopedog"}]]}, "unknown AT weapon 'Laser Sword'"),
    ({"squads": [[{"at": "Ecrivisse", "weapons": ["GAT-35"]}], [{"at": "Scopedog"}]], "budget": 700}, "side 0 costs 800 Gildan, over the budget of 700"),
    ({"squads": [[{"at": "Scopedog", "skills": {"AT Marksman": 4}}], [{"at": "Scopedog"}]]}, "AT Marksman: level 4"),
    ({"squads": [[{"at": "Scopedog", "pos": [3, 3]}], [{"at": "Scopedog", "pos": [3, 3]}]], "table": "open"}, r"square \[3, 3\] is taken"),
    ({"table": "moon"}, "unknown table 'moon'"),
    ({"ties": "attacker"}, "option ties must be 'defender' or 'cancel'"),
    ({"max_rounds": 0}, "option max_rounds must be a whole number from 1 to 100"),
    ({"colour": "red"}, "unknown option 'colour'"),
])
def test_bad_options(opts, words):
    with pytest.raises(RulesError, match=words):
        Votoms.new(opts, 0)


def test_malformed_saves():
    s = red_first()
    s.apply(0, {"act": "end"})
    good = json.loads(s.save())
    with pytest.raises(SaveError):
        load_game("{not json")
    bad = dict(good, actions=good["actions"] + [[1, {"unit": "B1", "act": "teleport"}]])
    with pytest.raises(SaveError, match="teleport"):
        load_game(json.dumps(bad))
    bad = dict(good, options={**good["options"], "squads": [[{"at": "Scopedog", "weapons": ["Laser Sword"]}], [{"at": "Zwerg"}]]})
    with pytest.raises(SaveError, match="Laser Sword"):
        load_game(json.dumps(bad))
    assert load_game(json.dumps(good)).log.lines() == s.log.lines()
