"""SPCFKRS across notebooks: bad input leaves the state unchanged, views never leak a secret order or force
(property-tested), a golden greedy-vs-greedy game compared line by line, saves and replays.

The golden log lives in tests/games/data/spcfkrs_golden_greedy_seed7.txt; after an intended rules change, regenerate it
with `SPCFKRS_REGOLD=1 pytest tests/games/test_spcfkrs_rules.py` and read the diff before committing it.
"""
import json, os
from pathlib import Path
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st, HealthCheck
from fortune_suite.engine import (RulesError, canon, load_game, replay, play_bots, fingerprint, assert_unchanged,
                                  check_protocol)
from fortune_suite.engine.testing import golden_check
from fortune_suite.games.spcfkrs import Spcfkrs, random_orders_bot, CATALOG, LoadedDice

DATA = Path(__file__).parent / "data"
GOLD = DATA / "spcfkrs_golden_greedy_seed7.txt"


def near(seed=0, **kw):
    "Red 1 (Assault Rifle) on C11 and Red 2 on D11 against Blue 1 on C14 and Blue 2 on H14: three squares apart."
    o = {"map": "open", "deploy_rows": 11, **kw,
         "forces": [[{"mods": ["assault_rifle"], "at": "C11"}, {"mods": [], "at": "D11"}],
                    [{"mods": [], "at": "C14"}, {"mods": ["hacking"], "at": "H14"}]]}
    return Spcfkrs.new(o, seed)


BAD_ORDERS = [
    ({"orders": {"red-1": {"act": ["shoot", "pistol", "X24"], "move": None}}}, "targeting: range"),
    ({"orders": {"red-1": {"act": ["shoot", "rocket_launcher", "C14"], "move": None}}}, "weapons: Red 1 has no 'rocket_launcher'"),
    ({"orders": {"red-1": {"act": ["stab", "knife", "C14"], "move": None}}}, "the Knife reaches 1"),
    ({"orders": {"red-1": {"act": ["stab", "pistol", "C14"], "move": None}}}, "the Pistol is a gun: order a shoot"),
    ({"orders": {"red-1": {"act": ["hack", "C14"], "move": None}}}, "Red 1 has no Hacking Cyber Implant"),
    ({"orders": {"red-1": {"act": None, "move": "C20"}}}, "movement: C20 is out of Red 1's reach"),
    ({"orders": {"red-1": {"act": None, "move": "C14"}}}, None),                               # legal: the square may empty
    ({"orders": {"red-1": {"act": None, "move": "follow"}}}, "following: a fighter can only follow"),
    ({"orders": {"red-1": {"act": None, "move": "Z9"}}}, "move: square Z9 is off a 24×24 board"),
    ({"orders": {"blue-1": {"act": None, "move": None}}}, "Red cannot order an enemy fighter"),
    ({"orders": {"red-7": {"act": None, "move": None}}}, "no fighter 'red-7'"),
    ({"orders": ["red-1"]}, "'orders' maps fighter ids to orders"),
    ({"orders": {"red-1": "hold"}}, "order format"),
    ("attack", "orders: send"),
    ({"unit": "red-2", "move": "D12"}, "give Red 2's action before its move"),
]


@pytest.mark.parametrize("action,msg", BAD_ORDERS)
def test_bad_orders_change_nothing(action, msg):
    s = near()
    if msg is None:
        s.apply(0, action)
        return
    with assert_unchanged(s), pytest.raises(RulesError) as e: s.apply(0, action)
    assert msg in str(e.value)


def test_orders_for_the_dead():
    s = near()
    s.apply(1, {"orders": {}})
    s.roller.rng = LoadedDice([6, 6, 6])                         # Red 1's first shot kills Blue 1
    s.apply(0, {"orders": {"red-1": {"act": ["shoot", "assault_rifle", "C14"], "move": None}}})
    assert not s.battle.get("blue-1").alive
    before = fingerprint(s)
    for p, a, msg in [(1, {"orders": {"blue-1": {"act": None, "move": None}}}, "Blue 1 is dead and takes no orders"),
                      (1, {"unit": "blue-1", "act": None}, "Blue 1 is dead"),
                      (0, {"orders": {"blue-2": {"act": None, "move": None}}}, "Red cannot order an enemy fighter")]:
        with pytest.raises(RulesError, match=msg): s.apply(p, a)
        assert fingerprint(s) == before


@pytest.mark.parametrize("force,msg", [
    ([["assault_rifle"]] * 4, "budget: Red's force costs 12 points, over the budget of 10"),
    ([["plasma_sniper", "heavy_armour"]], "costs 11 points"),
    ([["tractor_beam"]], "unknown modification 'tractor_beam'"),
    ([["jet_pack", "jet_pack"]], "modification limit: 'jet_pack' bought twice"),
    ([["medium_armour", "heavy_armour"]], "armour limit"),
    ([{"mods": [], "at": "A12"}], "must deploy in Red's zone"),
    ([], "a force is a non-empty list"),
    ("everything", "a force is a non-empty list"),
])
def test_bad_forces_change_nothing(force, msg):
    s = Spcfkrs.new(seed=3)
    with assert_unchanged(s), pytest.raises(RulesError) as e: s.apply(0, {"force": force})
    assert msg in str(e.value)


def test_bad_options_and_catalogue():
    with pytest.raises(RulesError, match="budget: Blue's force costs 11 points"): Spcfkrs.new({"forces": [[[]], [[]] * 11]})
    bad = json.loads(json.dumps(CATALOG)); bad["weapons"]["pistol"]["damage"] = "lots"
    with pytest.raises(RulesError, match="option catalog: weapon 'pistol', field 'damage': expected int"): Spcfkrs.new({"catalog": bad})
    with pytest.raises(RulesError, match="unknown option 'points'"): Spcfkrs.new({"points": 10})


# --- views never show another player's secrets -------------------------------------------------------------------
SHEETS = st.lists(st.integers(0, 10**6), min_size=1, max_size=4)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), rounds=st.integers(0, 2), picks=SHEETS, mode=st.sampled_from(["build", "orders"]))
def test_views_hide_secret_orders(seed, rounds, picks, mode):
    """Two states that differ only in Red's pending secret decision look the same to Blue (view and log)."""
    base = Spcfkrs.new({"max_rounds": 5, "budget": 6}, seed)
    if mode == "orders":
        rng = np.random.default_rng([seed, 23])
        play = lambda p: base.apply(p, random_orders_bot(base.view(p), base.legal_actions(p), rng))
        play(0); play(1)
        for _ in range(rounds):
            if base.is_over: return
            play(0); play(1)
        if base.is_over: return
    a, b = base.copy(), base.copy()
    legal = base.legal_actions(0)
    x, y = legal[picks[0] % len(legal)], legal[picks[-1] % len(legal)]
    w = random_orders_bot(base.view(0), legal, np.random.default_rng([picks[0], 23]))   # a whole force / sheet as the alternative
    a.apply(0, x)
    b.apply(0, w if canon(w) != canon(x) else y)
    assert a.view(1) == b.view(1)
    assert a.log.to_json(1) == b.log.to_json(1)


# --- golden game -------------------------------------------------------------------------------------------------
def golden_game():
    return play_bots(Spcfkrs.new({"max_rounds": 30}, seed=7), ["greedy", "greedy"])


def test_golden_greedy_game():
    g = golden_game()
    lines = golden_check(g, GOLD, update_env="SPCFKRS_REGOLD")
    again = load_game(g.save())
    assert again.log.lines() == lines and again.result() == g.result()
    assert replay("spcfkrs", g.options, g.seed, g.actions).log == g.log


def test_undo_and_copy_are_new_states():
    s = near(seed=2)
    s.apply(0, {"orders": {}}); s.apply(1, {"orders": {}})
    with assert_unchanged(s):
        t = s.copy().past(1)                                     # new states; s is left as it was
        t.apply(1, {"orders": {}})                               # resolves a round: the battle logs into t's log
    assert t.log == s.log and t.battle is not s.battle


def test_golden_game_quiet_ends_the_same():
    "The same seed in quiet mode: the same actions, the same result, and no log."
    g, q = golden_game(), play_bots(Spcfkrs.new({"max_rounds": 30}, seed=7, quiet=True), ["greedy", "greedy"])
    assert q.actions == g.actions and q.result() == g.result() and len(q.log) == 0


@pytest.mark.parametrize("options", [
    {"max_rounds": 2, "budget": 3},
    {"max_rounds": 2, "budget": 5, "mode": "phased", "deploy_rows": 8, "forces": [[["machine_gun"]], [["hacking"], []]]},
    {"max_rounds": 3, "budget": 7, "combat_option": True, "deploy_rows": 8,
     "forces": [[["plasma_sword"], ["plasma_pistol"]], [["rocket_launcher"]]]}])
def test_check_protocol(options):
    c = check_protocol("spcfkrs", seeds=range(2), options=options)
    assert c["games"] == 2 and c["quiet_games"] == 2 and c["illegal_refused"] > 50, c
