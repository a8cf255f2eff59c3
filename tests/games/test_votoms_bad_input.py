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
    ({"unit": "R1", "act": "move", "mode": "run", "to": [3, 2], "aim": 1}, "cannot move like that"),
])
def test_illegal_actions_refused_state_unchanged(action, words):
    s = red_first()
    with assert_unchanged(s):
        with pytest.raises(VotomsError, match=words.replace("(", r"\(").replace(")", r"\)")):
            s.apply(0, action)


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
