"""Fortune Fodder: no pre-measuring in play mode (issue 10; DECISIONS: option, default on in play mode). Nothing shows a
player an exact distance or an in-range verdict before the attack or move is declared; analysis mode keeps them."""
from fortune_suite.engine import play_bots
from fortune_suite.games.fortune_fodder import FortuneFodder, radius_in

R = radius_in(40)
TEAMS = [[["Skirmisher", "Ash"], ["Longshot", "Vega"]], [["Breaker", "Rook"], ["Wisp", "Juno"]]]
SECRET = {"distance", "in_range", "reaches"}


def game(play=True, quiet=False):
    opts = {"teams": TEAMS, "scenario": "control", "terrain": "none", "secondaries": ["plan", "plan"], "first": 0,
            "positions": {"a1": [12, 3], "a2": [3, 3], "b1": [12, 3 + 2 * R + 13], "b2": [20, 21]}}
    if not play: opts["no_pre_measuring"] = False
    s = FortuneFodder.new(opts, seed=1, quiet=quiet)
    s.apply(0, {"activate": "a1"})
    return s


def test_play_mode_view_has_no_measures():
    assert FortuneFodder.new(seed=1).options.no_pre_measuring           # play mode is the default
    for quiet in (False, True):
        s = game(quiet=quiet)
        odds = s.view(0)["odds"]
        assert odds and all(not (SECRET & set(o)) for o in odds), [sorted(o) for o in odds]
        charge = next(o for o in odds if o["action"]["act"] == "charge" and o["action"]["target"] == "b1")
        assert charge["p_hit"] > 0                                      # 13" away, out of reach: the odds do not tell
        preview = s.odds({"act": "charge", "target": "b1", "weapon": "Arc Knife"})
        assert all(v["p_hit"] > 0 for v in preview.values())


def test_analysis_mode_keeps_them():
    s = game(play=False)
    odds = s.view(0)["odds"]
    assert all({"distance", "in_range"} <= set(o) for o in odds)
    charge = next(o for o in odds if o["action"]["act"] == "charge" and o["action"]["target"] == "b1")
    assert charge["reaches"] is False and charge["p_hit"] == 0 and abs(charge["distance"] - 13) < 1e-3


def test_move_beyond_speed_is_not_refused_in_play_mode():
    "Issue 27 (DECISIONS): a Move (or a push) declared beyond its reach is not refused — that told the player the distance — it goes as far as it can along the declared route; analysis mode refuses it with the distance."
    import pytest
    from fortune_suite.engine import RulesError
    for kind, a, end, said in (("move", {"act": "move", "to": [23, 3]}, (19.0, 3.0), "as far as its Speed of 7\" goes"),
                               ("jets", {"act": "jets", "to": [14, 3]}, (14.0, 3.0), ""),
                               ("jets", {"act": "jets", "to": [20, 3]}, (15.0, 3.0), "as far as the push goes (3\")")):
        s = game()                                                      # Red's Skirmisher (Speed 7, 3" pushes) at (12, 3)
        s.apply(0, a)
        u = s.by_id["a1"]
        assert u.pos == end and kind in u.used, (kind, u.pos)
        assert said in s.log.lines()[-1] and ("short of the declared" in s.log.lines()[-1]) == bool(said), s.log.lines()[-1]
        t = game(play=False)
        if said:
            with pytest.raises(RulesError, match="costs|got"): t.apply(0, a)
        else: t.apply(0, a)


def test_greedy_plays_without_measures():
    "In play mode the views hold no distances (reading one would raise KeyError): the greedy bot plays whole games on its own estimate."
    for seed in range(3):
        g = play_bots(FortuneFodder.new(seed=seed), ["greedy", "greedy"], seed=seed)
        assert g.is_over


def test_app_has_no_tape_or_rings_in_play_mode():
    import pytest
    pytest.importorskip("ipywidgets"); pytest.importorskip("bokeh")
    from fortune_suite.apps.fortune_fodder import FFApp
    pos = {"a1": [6, 4], "b1": [6, 14]}
    base = {"teams": [[["Longshot", "Vega"]], [["Wisp", "Juno"]]], "scenario": "control", "terrain": "none",
            "secondaries": ["take_names", "plan"], "first": 0, "positions": pos}
    for play in (True, False):
        app = FFApp(options=dict(base, no_pre_measuring=play), seed=2)
        b = app.component
        app.board.click(6, 4)                                          # choose Red's Longshot: its card, (rings?)
        rings = len(app.board.sources["rings"].data["x"])
        d = app.measure("a1", "b1")
        if play:
            assert rings == 0 and b._tape.layout.display == "none" and d is None and "no pre-measuring" in app.status
            assert "edge to edge" not in b._mout.value
        else:
            assert rings > 0 and b._tape.layout.display is None and abs(d - (10 - 2 * R)) < 1e-9 and "edge to edge" in b._mout.value
        app.close()
