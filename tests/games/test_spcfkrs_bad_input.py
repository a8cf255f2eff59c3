"""SPCFKRS malformed actions: JSON of the wrong type where a name, a square or a list is expected (a bool or 1.0 is
not a whole number, [2, 0] is not a square's name, "c14" is not how the board writes C14), missing keys and extra
keys, in each stage (building, secret orders step by step or as a sheet, phase by phase). Each is refused by the
game's own check with a RulesError naming the problem, and the state is unchanged (the engine's fingerprint)."""
import pytest
from fortune_suite.engine import RulesError, assert_unchanged
from fortune_suite.games.spcfkrs import Spcfkrs


def near(seed=0, **kw):
    "Red 1 (Assault Rifle) on C11 and Red 2 on D11 against Blue 1 on C14 and Blue 2 (a hacker) on H14."
    o = {"map": "open", "deploy_rows": 11, **kw,
         "forces": [[{"mods": ["assault_rifle"], "at": "C11"}, {"mods": [], "at": "D11"}],
                    [{"mods": [], "at": "C14"}, {"mods": ["hacking"], "at": "H14"}]]}
    return Spcfkrs.new(o, seed)


def refused(s, player, action, words):
    with assert_unchanged(s):
        with pytest.raises(RulesError) as e:
            s.apply(player, action)
    assert words in str(e.value), str(e.value)


SHOT = ["shoot", "assault_rifle", "C14"]
ORDERS = [
    ({"unit": {}}, "a step is {'unit': id, 'act': …}"),
    ({"unit": {}, "act": None}, "a fighter id is text like 'red-1', got {}"),
    ({"unit": ["red-1"], "act": None}, "a fighter id is text"),
    ({"unit": 1, "act": None}, "a fighter id is text"),
    ({"unit": True, "act": None}, "a fighter id is text"),
    ({"unit": "red-1"}, "a step is"),
    ({"unit": "red-1", "act": None, "move": None}, "a step is"),
    ({"unit": "red-1", "act": None, "x": 1}, "a step is"),
    ({"unit": "red-1", "act": ["shoot", "assault_rifle", 1.0]}, "an attack is ['shoot', weapon, square]"),
    ({"unit": "red-1", "act": ["shoot", "assault_rifle", [2, 13]]}, "an attack is ['shoot', weapon, square]"),
    ({"unit": "red-1", "act": ["shoot", "assault_rifle", "c14"]}, "attack target: write the square as 'C14', not 'c14'"),
    ({"unit": "red-1", "act": ["shoot", "assault_rifle", "C14 "]}, "attack target: write the square as 'C14', not 'C14 '"),
    ({"unit": "red-1", "act": ["shoot", True, "C14"]}, "an attack is ['shoot', weapon, square]"),
    ({"unit": "red-1", "act": ["shoot", "assault_rifle"]}, "an attack is"),
    ({"unit": "red-1", "act": ["shoot", "assault_rifle", "C14", 1]}, "an attack is"),
    ({"unit": "red-1", "act": "shoot"}, "an action is null, ['stab'|'shoot', weapon, square] or ['hack', square]"),
    ({"unit": "red-1", "act": {"shoot": "C14"}}, "an action is null"),
    ({"unit": "red-1", "act": 1}, "an action is null"),
    ({"unit": "red-1", "act": True}, "an action is null"),
    ({"unit": "red-1", "act": 1.0}, "an action is null"),
    ({"orders": {"red-1": {"act": SHOT, "move": "c10"}}}, "move: write the square as 'C10', not 'c10'"),
    ({"orders": {"red-1": {"act": SHOT, "move": 1}}}, "a move is null, a square, 'follow' or ['follow', square]"),
    ({"orders": {"red-1": {"act": SHOT, "move": [2, 9]}}}, "a move is null"),
    ({"orders": {"red-1": {"act": SHOT, "move": True}}}, "a move is null"),
    ({"orders": {"red-1": {"act": SHOT, "move": ["follow", 1.0]}}}, "a move is null"),
    ({"orders": {"red-1": {"act": SHOT, "move": None, "speed": 2}}}, "an order is {'act': …, 'move': …}"),
    ({"orders": {"red-1": [SHOT, None]}}, "an order is {'act': …, 'move': …}"),
    ({"orders": {"red-1": {"act": SHOT}}, "extra": 1}, "a step is"),
    ({"orders": {1: {"act": None}}}, "no fighter '1'"),
    ({"orders": None}, "'orders' maps fighter ids to orders"),
    ({"orders": True}, "'orders' maps fighter ids to orders"),
    ({"orders": [SHOT]}, "'orders' maps fighter ids to orders"),
    ([], "orders: send {'orders': {fighter: order}}"),
    ({}, "a step is"),
    (1, "orders: send"), (1.0, "orders: send"), (True, "orders: send"), (None, "orders: send"), ("x", "orders: send"),
]


@pytest.mark.parametrize("action, words", ORDERS, ids=[repr(a)[:60] for a, _ in ORDERS])
def test_malformed_orders(action, words):
    refused(near(), 0, action, words)


BUILD = [
    (["fighter", 1], "while building, send ['fighter'], ['mod', name], ['done'] or {'force': [...]}"),
    (["mod"], "while building"),
    (["done", True], "while building"),
    (["Fighter"], "while building"),
    ([True], "while building"),
    ({"force": None}, "a force is a non-empty list of fighters"),
    ({"force": {"a": []}}, "a force is a non-empty list of fighters"),
    ({"force": [1.0]}, "fighter 1: a fighter's modifications are a list of names, got 1.0"),
    ({"force": [[1]]}, "fighter 1: unknown modification 1"),
    ({"force": [{"mods": [True]}]}, "fighter 1: unknown modification True"),
    ({"force": [{"mods": "jet_pack"}]}, "a fighter's modifications are a list of names"),
    ({"force": [{"mods": {"jet_pack": 1}}]}, "a fighter's modifications are a list of names"),
    ({"force": [{"mods": [], "at": "a1"}]}, "fighter 1: write the square as 'A1', not 'a1'"),
    ({"force": [{"mods": [], "at": "A1 "}]}, "fighter 1: write the square as 'A1', not 'A1 '"),
    ({"force": [{"mods": [], "at": [0, 0]}]}, "fighter 1: 'at' is a square name like 'C1' (or null), got [0, 0]"),
    ({"force": [{"mods": [], "at": 1}]}, "'at' is a square name"),
    ({"force": [{"mods": [], "where": "A1"}]}, "unknown key 'where'"),
    ({"force": [[]], "x": 1}, "while building"),
]


@pytest.mark.parametrize("action, words", BUILD, ids=[repr(a)[:60] for a, _ in BUILD])
def test_malformed_build_steps(action, words):
    refused(Spcfkrs.new({"map": "open"}, 0), 0, action, words)


def test_a_mod_of_the_wrong_type_once_a_fighter_is_bought():
    s = Spcfkrs.new({"map": "open"}, 0)
    s.apply(0, ["fighter"]); s.apply(1, ["fighter"])           # (build steps are secret orders: both sides, then on)
    for junk, words in ((["mod", 1], "unknown modification 1"), (["mod", ["jet_pack"]], "unknown modification"),
                        (["mod", True], "unknown modification True")):
        refused(s, 0, junk, words)


def shoot_phase():
    "Phase by phase, passed on to the Shoot phase: Red 1 (Assault Rifle) decides."
    s = near(mode="phased")
    while s.turns.phase != "shoot":
        p = s.to_move()[0]
        s.apply(p, {"act": None})
    return s


PHASED = [
    ({"act": 1}, "may only shoot or pass, not 1"),
    ({"act": True}, "may only shoot or pass, not True"),
    ({"act": 1.0}, "may only shoot or pass, not 1.0"),
    ({"act": {}}, "may only shoot or pass"),
    ({"act": ["shoot"]}, "an attack is ['shoot', weapon, square]"),
    ({"act": ["shoot", "assault_rifle", "c14"]}, "attack target: write the square as 'C14', not 'c14'"),
    ({"act": ["shoot", "assault_rifle", 3.0]}, "an attack is"),
    ({"act": ["shoot", "assault_rifle", [2, 13]]}, "an attack is"),
    ({"act": None, "x": 1}, "send {'act': …}"),
    ({"move": None}, "send {'act': …}"),
    ({}, "send {'act': …}"),
    ({"act": SHOT, "unit": "red-1"}, "send {'act': …}"),
    ([SHOT], "send {'act': …}"),
]


@pytest.mark.parametrize("action, words", PHASED, ids=[repr(a)[:60] for a, _ in PHASED])
def test_malformed_phase_decisions(action, words):
    s = shoot_phase()
    assert s.battle.by_id[s.turns.queue[0][0]].name == "Red 1"
    refused(s, 0, action, words)
