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


# --- issue 27: every field of every action and answer read strictly, in one place (fields.read) ---------------------

def _reach(kinds, options, seeds):
    "The first state, in seeded games of random bots, whose top frame is each of `kinds`."
    import numpy as np
    from fortune_suite.engine import get_bot
    bot, got = get_bot("fortune_fodder", "random"), {}
    for sd in seeds:
        s, rng = FortuneFodder.new(options, seed=sd), np.random.default_rng(sd)
        while not s.is_over and len(got) < len(kinds):
            k = s.stack[-1]["kind"]
            if k in kinds and k not in got: got[k] = s.copy()
            p = s.to_move()[0]; s.apply(p, bot(s.view(p), s.legal_actions(p), rng))
        if len(got) == len(kinds): break
    return got


def _hook(s, fn, *a):
    s._busy = True
    try: return fn(*a)
    finally: s._busy = False


def _every_frame():
    "A state for every kind of frame a player acts in (secret orders, turns, an activation, decisions)."
    from fortune_suite.games.fortune_fodder import rounds
    out = _reach({"build", "secondary", "upgrades", "initiative", "deploy", "place_objective", "choose_unit", "act", "first_player",
                  "respawn", "defend", "aoo", "obelisk"}, {"scenario": "tower"}, range(10))
    out.update(_reach({"place_flag"}, {"scenario": "flag"}, range(10)))
    out.update(_reach({"draft_privilege", "draft_order", "draft_pick", "pair"}, {"draft": True}, range(10)))
    teams = [[["Bulwark", "Vega"], ["Wisp", "Ash"], ["Pyre", "Kestrel"]], [["Breaker", "Rook"], ["Skirmisher", "Juno"], ["Longshot", "Brick"]]]
    s = FortuneFodder.new({"teams": teams, "points": 160, "scenario": "control", "terrain": "none", "secondaries": ["plan", "plan"], "first": 0,
                           "upgrades": [{"mods": [[1, "Medical Hourglass"]]}, None],
                           "positions": {"a1": [6, 3], "a2": [12, 3], "a3": [18, 3], "b1": [6, 21], "b2": [12, 21], "b3": [18, 21]}}, seed=1)
    _hook(s, rounds.pilot_damage, s, s.by_id["b1"], 99, 0); _hook(s, s.run)
    out["revenge"] = s.copy()
    s.apply(1, s.legal_actions(1)[0]); _hook(s, rounds.pilot_damage, s, s.by_id["a1"], 99, 1); _hook(s, s.run)
    while s.stack[-1]["kind"] != "hourglass":
        p = s.to_move()[0]; s.apply(p, {"act": "end"} if s.stack[-1]["kind"] == "act" else s.legal_actions(p)[0])
    out["hourglass"] = s
    return out


JUNK = [1.5, 1.0, True, False, 0, 7, None, "x", {}, {"a": 1}, [], [1], [None, None], [[1, 2]]]


def _fits(example, junk) -> bool:
    "Could `junk` be a well-formed value of a field whose legal value is `example`? (Then it is not junk for that field.)"
    t = type(example)
    if example is None: return junk is None or type(junk) is str                # a name or None
    if t is str: return type(junk) is str or (example == "save" and type(junk) is list)
    if t is int: return type(junk) is int
    if t is dict: return junk is None or junk == {}                             # upgrades: None or {} are none
    if t is list: return type(junk) is list and junk in ([], [[1, 2]]) or (example and type(example[0]) is str and junk == "save")
    return False


def _variants(a):
    "(field, junk action) pairs: each field of `a` given junk of another kind, and inside a list its first item."
    for k, v in a.items():
        if k == "act": continue
        for j in JUNK:
            if not _fits(v, j): yield k, {**a, k: j}
        if type(v) is list and v and type(v[0]) in (int, float, str, list):
            for j in (True, None, {}, "x", 2.5):
                if type(j) is type(v[0]) or (type(v[0]) in (int, float) and type(j) is float): continue
                yield k, {**a, k: [j] + v[1:]}


def test_junk_in_every_field_is_refused_naming_it():
    "Issue 27: floats, bools, dicts, lists, None in every field of every action and answer, missing and extra fields: each a RulesError naming the field, nothing changed."
    from fortune_suite.engine import canon
    frames = _every_frame()
    from fortune_suite.games.fortune_fodder.fields import FORMS
    assert set(frames) == set(FORMS) | {"act"}, sorted(frames)
    n = 0
    for kind, s in frames.items():
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        examples = list({a["act"]: a for a in legal}.values()) if kind == "act" else legal[:1] + legal[-1:]
        ok = {canon(a) for a in legal}
        with assert_unchanged(s, f"junk for {kind}"):
            for a in examples:
                tries = [(k, v, f"field {k!r}") for k, v in _variants(a)]
                tries += [(k, {x: y for x, y in a.items() if x != k}, repr(k)) for k in a if k != "act"]        # missing
                tries += [("extra", {**a, "extra": 1}, "'extra'")]
                for k, bad, says in tries:
                    if canon(bad) in ok: continue
                    save, nlog = s.save(), len(s.log)
                    with pytest.raises(RulesError) as e: s.apply(p, bad)
                    msg = str(e.value)
                    assert says in msg or (a.get("act") == "move" and "move with" in msg), (kind, bad, msg)
                    assert "malformed action" not in msg and "illegal answer" not in msg, (kind, bad, msg)
                    assert s.save() == save and len(s.log) == nlog, (kind, bad)
                    n += 1
            for bad in (1.0, True, None, "x", [], 3):
                with pytest.raises(RulesError, match="rule"): s.apply(p, bad)
    assert n > 500, n


def test_first_1_0_does_not_jam_the_game():
    "Issue 27: {'first': 1.0} passed FF's own check (== compares 1.0 and True equal to 1) and broke the game half-way; a save holding it could not be loaded."
    s = _every_frame()["first_player"]
    p = s.to_move()[0]
    for bad in ({"first": 1.0}, {"first": True}):
        refused(s, p, bad, "first-player rule: field 'first': must be a whole number")
    save = json.loads(s.save()); save["actions"].append([p, {"first": 1.0}])
    with pytest.raises(SaveError, match="field 'first'"): load_game(json.dumps(save))
    s.apply(p, {"first": 1})
    assert s.first == 1 and type(s.first) is int


# --- issue 27: option values that gave an unplayable (or unsavable) game are refused by new() --------------------

NAN, INF = float("nan"), float("inf")
OPTION_VALUES = {
    "points": [0, 34, 35, 36, 150, 299, 300, 334, 335, 999, 100_000, 100_001, -5, 150.0, True],
    "max_rounds": [0, 1, 6, 1_000, 1_001, -1, 2.0, True],
    "fire_damage": [0, 2, 999, 1_000, -1, 2.0], "take_names_mech": [0, 1, 999, 1_000, -1], "take_names_pilot": [0, 999, 1_000, -1],
    "debuff_rounds": [0, 1, 1_000, 1_001], "ranged_in_melee_def": [0, 2, 999, 1_000, -1],
    "mech_base_mm": [9.99, 10, 40, 76.2, 76.3, 200, NAN, INF, -INF, -40, 0, 1e308, True],
    "cover_reach": [0, 0.5, 1, 24, 24.5, NAN, INF, -INF, -1, 1e308, False],
    "touch_tolerance": [0, 0.05, 1, 1.5, NAN, INF, -INF, -0.01, 1e308],
    "flag_home_gap": [0, 0.01, 1, 1.01, NAN, INF, -INF, -1],
    "first": [None, 0, 1, 2, -1, 1.0, True, "1"],
}


def _playable(opts, seed=1, steps=250):
    "Random legal actions from a new game: every seat to move has a legal action; save and load give the same game."
    import numpy as np
    from fortune_suite.engine import get_bot
    s, rng, bot = FortuneFodder.new(opts, seed=seed), np.random.default_rng(seed), get_bot("fortune_fodder", "random")
    for _ in range(steps):
        if s.is_over: break
        for p in s.to_move():
            legal = s.legal_actions(p)
            assert legal, (opts, p, s.stack[-1]["kind"])
            s.apply(p, bot(s.view(p), legal, rng))
            if s.is_over: break
    assert load_game(s.save()).save() == s.save(), opts
    return s


@pytest.mark.parametrize("name", sorted(OPTION_VALUES))
def test_every_accepted_option_value_plays_and_saves(name):
    "Issue 27: a value new() accepts gives a game whose seat to move has a legal action and that saves and loads; any other is a RulesError naming the option."
    for v in OPTION_VALUES[name]:
        for extra in ({}, {"draft": True}) if name == "points" else ({"scenario": "flag"},) if name in ("touch_tolerance", "flag_home_gap") else ({},):
            opts = {name: v, **extra}
            try: FortuneFodder.new(opts, seed=1)
            except RulesError as e:
                assert f"option {name}" in str(e) or f"option {name!r}" in str(e), (opts, str(e)); continue
            _playable(opts)


def test_big_teams_deploy():
    "Issue 27: the largest bases allowed (3\") with every card fielded, and a 9-pair team from a user's cards, all deploy (the deployment zone's 8 spots taken, more are offered as for a respawn)."
    s = _playable({"mech_base_mm": 76.2, "points": 999}, steps=400)
    assert s.round >= 1 and all(u.pos is not None or u.mech_out for u in s.all_units()) and len(s.units[0]) == 6
    d = Path(tempfile.mkdtemp())
    cards = "".join(f'[[mech]]\nname = "M{i}"\ncost = 1\nhp = 5\narmor = 1\nspeed = 4\ndef = 2\n'
                    f'[[mech.weapon]]\nname = "Fist"\nkind = "melee"\nrange = 1\naim = "3d6"\nstrength = 5\n'
                    f'[[pilot]]\nname = "P{i}"\ncost = 1\nhp = 5\nap = 2\n' for i in range(9))
    (d / "nine.toml").write_text(cards)
    s = _playable({"cards": str(d), "points": 18, "scenario": "control"}, steps=600)
    assert s.round >= 1 and len(s.units[0]) == 9 and all(u.pos is not None or u.mech_out for u in s.all_units())


@pytest.mark.parametrize("text, msg", [
    ("x = " + "[" * 100_000, "mine.toml: arrays or tables nest deeper than 64 levels"),
    (TIN + "deep = " + "[" * 70 + "]" * 70, "mine.toml: arrays or tables nest deeper than 64 levels"),
    ("y = " + "{a = " * 3000, "mine.toml: "),
    ("mod = 5\n" + TIN.split("[[mod]]")[0], "mine.toml: 'mod' must be an array of tables"),
    ('mod = "abc"\n' + TIN.split("[[mod]]")[0], "mine.toml: 'mod' must be an array of tables"),
], ids=["100000-deep", "70-deep", "inline-tables", "mod-int", "mod-str"])
def test_deep_or_misshapen_card_files(text, msg):
    "Issue 27: deeply nested TOML (RecursionError before) and wrong-shaped tables (a bare TypeError for mod = 5) are the card loader's own error naming the file; through the option too."
    d = Path(tempfile.mkdtemp())
    (d / "mine.toml").write_text(text)
    with pytest.raises(CardError) as e: load_cards(d)
    assert msg in str(e.value), str(e.value)
    with pytest.raises(RulesError) as e: FortuneFodder.new({"cards": str(d)}, seed=1)
    assert "option cards: " + msg in str(e.value), str(e.value)
