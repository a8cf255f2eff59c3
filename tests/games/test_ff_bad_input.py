"""Fortune Fodder: bad input gets a clear error naming the rule (or the file, card and field) and changes nothing."""
import json, tempfile
from pathlib import Path
import pytest
from fortune_suite.engine import RulesError, SaveError, load_game, assert_unchanged
from fortune_suite.games.fortune_fodder import FortuneFodder, CardError, load_cards

TEAMS = [[["Bulwark", "Vega"], ["Skirmisher", "Ash"]], [["Breaker", "Rook"], ["Wisp", "Juno"]]]
POS = {"a1": [6, 3], "a2": [18, 3], "b1": [6, 21], "b2": [18, 21]}


def refused(s, player, action, contains):
    with assert_unchanged(s):
        with pytest.raises(RulesError) as e: s.apply(player, action)
    assert contains in str(e.value), str(e.value)


@pytest.mark.parametrize("team, msg", [
    ([["Breaker", "Juno"], ["Longshot", "Vega"], ["Bulwark", "Rook"]], "points rule: the team costs 175 points, over the allowance of 150"),
    ([["Bulwark", "Vega"], ["Pyre", "Vega"]], "no duplicates rule: Pilot 'Vega' appears twice"),
    ([["Bulwark", "Vega"], ["Bulwark", "Ash"]], "no duplicates rule: Mech 'Bulwark' appears twice"),
    ([["Bulwark"]], "one Pilot per Mech"),
    ([["Gundam", "Vega"]], "unknown Mech 'Gundam'"),
    ([], "non-empty list"),
])
def test_bad_teams(team, msg):
    s = FortuneFodder.new(seed=1)
    refused(s, 0, {"team": team}, msg)


def test_bad_upgrades_and_secondaries():
    s = FortuneFodder.new(seed=1)
    s.apply(0, {"team": [["Bulwark", "Vega"], ["Skirmisher", "Ash"], ["Pyre", "Rook"]]})
    s.apply(1, {"team": [["Wisp", "Vega"]]})
    refused(s, 0, {"secondary": "win"}, "secondary objective rule")
    s.apply(0, {"secondary": "bulwark"}); s.apply(1, {"secondary": "plan"})
    refused(s, 0, {"upgrades": {"mods": [[0, "Drone Strike"]]}}, "points rule: the upgrades cost 10 points but only 5 are left")
    refused(s, 1, {"upgrades": {"mods": [[0, "Quality Material"], [0, "Scouter", "Needle Pistol"]]}}, "one per Mech")
    refused(s, 1, {"upgrades": {"buy_ins": [[0, "Reinforced Plating"]]}}, "Wisp has no buy-in 'Reinforced Plating'")


def test_illegal_actions_in_play():
    s = FortuneFodder.new({"teams": TEAMS, "scenario": "control", "terrain": "none", "secondaries": ["take_names", "plan"],
                           "first": 0, "positions": POS}, seed=1)
    refused(s, 1, {"activate": "b1"}, "not your turn")
    refused(s, 0, {"activate": "b1"}, "activation rule")
    s.apply(0, {"activate": "a1"})
    refused(s, 0, {"act": "fly"}, "unknown action 'fly'")
    refused(s, 0, {"act": "move", "path": [[6, 9]]}, "movement rule: too far for Bulwark's Speed of 4\"")   # play mode: no distance told
    refused(s, 0, {"act": "move", "path": [[99, 9]]}, "movement rule")
    refused(s, 0, {"act": "move", "to": ["a", 1]}, "a point on the table is [x, y]")
    refused(s, 0, {"act": "melee", "target": "a2", "weapon": "Shield Ram"}, "attacks cannot target ally")
    refused(s, 0, {"act": "melee", "target": "b1", "weapon": "Laser"}, "weapon rule")
    refused(s, 0, {"act": "dust_off", "ally": "a2", "what": "mech"}, "Dust Off rule: range 6\"; Red Skirmisher is out of it")
    refused(s, 0, {"act": "claim", "objective": "middle"}, "objectives are claimed only in Destroy the Tower")
    refused(s, 0, {"act": "pick_up"}, "Flag rule")
    refused(s, 0, "end", "activation rule")
    refused(s, 0, {"act": "end", "now": True}, "end takes the fields")
    s.apply(0, {"act": "meds"})
    refused(s, 0, {"act": "meds"}, "once-per-activation rule")
    ana = FortuneFodder.new({"teams": TEAMS, "scenario": "control", "terrain": "none", "secondaries": ["take_names", "plan"],
                             "first": 0, "positions": POS, "no_pre_measuring": False}, seed=1)
    ana.apply(0, {"activate": "a1"})
    refused(ana, 0, {"act": "move", "path": [[6, 9]]}, "movement rule: that move costs 6.00\"")   # analysis mode: the cost told
    refused(ana, 0, {"act": "dust_off", "ally": "a2", "what": "mech"}, "Dust Off rule: range 6\"; Red Skirmisher is 10.43\" away")   # 12\" between centres less two 20 mm radii


def test_bad_options():
    for opts, msg in [({"points": 0}, "option points"), ({"scenario": "war"}, "option scenario"), ({"control_tie": "coin"}, "option control_tie"),
                      ({"positions": {"zz": [1, 1]}, "teams": TEAMS, "secondaries": ["plan", "plan"], "first": 0}, "option positions: no unit 'zz'"),
                      ({"positions": {"a1": [12, 12], "a2": [12, 12.5], "b1": [3, 3], "b2": [20, 20]}, "teams": TEAMS, "secondaries": ["plan", "plan"], "first": 0}, "cannot stand at"),
                      ({"teams": [[["Bulwark", "Vega"], ["Pyre", "Vega"]], TEAMS[1]]}, "option teams, Red: no duplicates rule"),
                      ({"cards": "/no/such/cards"}, "no such card file or folder"), ({"nonsense": 1}, "unknown option 'nonsense'")]:
        with pytest.raises(RulesError) as e: FortuneFodder.new(opts, seed=1)
        assert msg in str(e.value), (opts, str(e.value))


def test_malformed_card_files():
    d = Path(tempfile.mkdtemp())
    (d / "mine.toml").write_text('[[mech]]\nname = "Tin"\ncost = 10\nhp = 5\narmor = 1\nspeed = 4\ndef = 2\n'
                                 '[[mech.weapon]]\nname = "Fist"\nkind = "melee"\nrange = 1\naim = "3d8"\nstrength = 5\n'
                                 '[[pilot]]\nname = "P"\ncost = 5\nhp = 5\nap = 2\n')
    with pytest.raises(CardError) as e: load_cards(d)
    assert "mine.toml: mech 'Tin': weapon 'Fist': field 'aim': Aim dice are d6" in str(e.value)
    with pytest.raises(RulesError) as e: FortuneFodder.new({"cards": str(d)}, seed=1)
    assert "mine.toml: mech 'Tin'" in str(e.value)
    (d / "mine.toml").write_text("[[pilot]]\nname = 'P'\ncost = 5\nhp = 5\nap = 'two'\n")
    with pytest.raises(CardError) as e: load_cards(d)
    assert "mine.toml: pilot 'P': field 'ap': expected int, got 'two'" in str(e.value)


def test_own_card_folder_plays():
    "A user's own (well-formed) card folder is played from."
    d = Path(tempfile.mkdtemp())
    (d / "mine.toml").write_text('[[mech]]\nname = "Tin"\ncost = 10\nhp = 5\narmor = 1\nspeed = 4\ndef = 2\n'
                                 '[[mech.weapon]]\nname = "Fist"\nkind = "melee"\nrange = 1\naim = "3d6"\nstrength = 5\n'
                                 '[[pilot]]\nname = "P"\ncost = 5\nhp = 5\nap = 2\n')
    from fortune_suite.engine import random_playout
    s = random_playout("fortune_fodder", 3, options={"cards": str(d), "points": 20, "max_rounds": 1})
    assert s.is_over and s.teams == [[["Tin", "P"]], [["Tin", "P"]]]


def test_bad_save_files():
    s = FortuneFodder.new(seed=1)
    good = json.loads(s.save())
    with pytest.raises(SaveError, match="not JSON"): load_game("{oops")
    bad = dict(good, actions=[[0, {"team": [["Bulwark", "Vega"], ["Pyre", "Vega"]]}]])
    with pytest.raises(SaveError, match="no duplicates rule"): load_game(json.dumps(bad))
    bad = dict(good, options={**good["options"], "points": "many"})
    with pytest.raises(SaveError, match="bad option 'points'"): load_game(json.dumps(bad))


TIN = ('[[mech]]\nname = "Tin"\ncost = 10\nhp = 5\narmor = 1\nspeed = 4\ndef = 2\n'
       '[[mech.weapon]]\nname = "Fist"\nkind = "melee"\nrange = 1\naim = "3d6"\nstrength = 5\n'
       '[[pilot]]\nname = "P"\ncost = 5\nhp = 5\nap = 2\n'
       '[[mod]]\nname = "Big"\ncost = 1\neffects = { hp = 1 }\n')


@pytest.mark.parametrize("old, new, msg", [
    ("speed = 4", "speed = inf", "mine.toml: mech 'Tin': field 'speed': must be a finite number"),
    ("range = 1", "range = nan", "mine.toml: mech 'Tin': weapon 'Fist': field 'range': must be a finite number"),
    ("hp = 5\narmor", "hp = 9223372036854775807\narmor", "mine.toml: mech 'Tin': field 'hp': must be at most 999"),
    ("strength = 5", "strength = 9223372036854775807", "mine.toml: mech 'Tin': weapon 'Fist': field 'strength': must be at most 999"),
    ("ap = 2", "ap = 1000", "mine.toml: pilot 'P': field 'ap': must be at most 999"),
    ("{ hp = 1 }", "{ hp = 9223372036854775807 }", "mine.toml: mod 'Big': field 'effects.hp': must be at most 999"),
    ("strength = 5", 'strength = 5\ntraits = ["push:nan"]', "weapon 'Fist': field 'traits': trait 'push': must be a finite number"),
])
def test_card_numbers_bounded(old, new, msg):
    "Issue 10: non-finite and absurd numbers on a card are refused with a CardError naming file, card and field."
    d = Path(tempfile.mkdtemp())
    assert TIN.count(old) == 1
    (d / "mine.toml").write_text(TIN.replace(old, new))
    with pytest.raises(CardError) as e: load_cards(d)
    assert msg in str(e.value), str(e.value)
    (d / "mine.toml").write_text(TIN)
    assert load_cards(d).mechs["Tin"].hp == 5


@pytest.mark.parametrize("extra, msg", [
    ({"upgrades": [{"mods": [[0, "Quality Material"], [0, "Hearty Breakfast"]]}, None]}, "option upgrades, Red: mod rule"),
    ({"positions": {"zz": [3, 3]}}, "option positions: no unit 'zz'"),
    ({"positions": {"a1": [12, 12], "a2": [12, 12.5]}}, "option positions: a2 cannot stand at"),
])
def test_presets_checked_at_new(extra, msg):
    "Issue 10: a bad preset is refused by new() — not accepted and left to jam the game after an action or two."
    opts = {"teams": TEAMS, "scenario": "control", "terrain": "none", **extra}   # secondaries and first not preset
    with pytest.raises(RulesError) as e: FortuneFodder.new(opts, seed=1)
    assert msg in str(e.value), str(e.value)


def test_preset_spot_taken_by_rolled_terrain_deploys():
    "A preset spot that only the dice cover (random terrain) is dropped, logged, and the Mech deploys: the game goes on."
    from fortune_suite.engine import play_bots
    # seed 0 rolls an impassable Ruined block over (4.75..7.25, 13.5..16.5); a2 is preset in its middle
    s = FortuneFodder.new({"teams": TEAMS, "scenario": "control", "secondaries": ["plan", "plan"], "first": 0,
                           "positions": {"a1": [6, 3], "a2": [6, 15], "b1": [6, 21], "b2": [18, 21]}}, seed=0)
    assert any(p.kind == "impassable" and p.name == "Ruined block" for p in s.pieces)
    assert any("cannot stand at (6, 15): on impassable terrain" in e.text for e in s.log.events)
    assert s.by_id["a2"].pos is None and s.by_id["a1"].pos == (6.0, 3.0)
    play_bots(s, {0: "random", 1: "random"}, seed=0)
    assert s.is_over


@pytest.mark.parametrize("change, msg", [
    ({"cards": "/no/such/cards"}, "no such card file or folder"),
    ({"teams": [[["Breaker", "Juno"], ["Longshot", "Vega"], ["Bulwark", "Rook"]], TEAMS[1]]}, "option teams, Red: points rule"),
    ({"terrain": [{"kind": "impassable", "polygon": [[1, 1], [2, 2]]}]}, "option terrain: terrain piece 1"),
    ({"teams": TEAMS, "positions": {"a1": [30, 3]}}, "option positions: a1 cannot stand at (30.0, 3.0): off the table"),
])
def test_save_content_faults_are_save_errors(change, msg):
    "Issue 10: content faults in a save's options raise SaveError naming the cause, like structural faults."
    good = json.loads(FortuneFodder.new(seed=1).save())
    bad = dict(good, options={**good["options"], **change})
    with pytest.raises(SaveError) as e: load_game(json.dumps(bad))
    assert msg in str(e.value), str(e.value)
