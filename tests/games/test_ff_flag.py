"""Fortune Fodder: the Flag never lands under a Mech (issue 10). DECISIONS: a returned Flag whose centre spot is covered
by a base goes to the nearest point of the centre where it touches no base."""
import math
from fortune_suite.games.fortune_fodder import FortuneFodder, radius_in
from fortune_suite.games.fortune_fodder.table import MARKER_R

R = radius_in(40)                     # 40 mm Mech bases
TF = [[["Skirmisher", "Ash"]], [["Wisp", "Juno"]]]


def test_captured_flag_goes_beside_the_mech_in_the_middle():
    s = FortuneFodder.new({"teams": TF, "scenario": "flag", "terrain": "none", "secondaries": ["take_names", "plan"], "first": 1,
                           "positions": {"a1": [12, 6], "b1": [12, 12 + MARKER_R + R + 0.02]}}, seed=3)
    s.apply(1, {"activate": "b1"}); s.apply(1, {"act": "pick_up"})
    s.apply(1, {"act": "move", "to": [12, 20]}); s.apply(1, {"act": "end"})
    s.apply(0, {"activate": "a1"}); s.apply(0, {"act": "move", "to": [12, 12.3]}); s.apply(0, {"act": "end"})   # Red covers the middle
    s.apply(1, {"first": 1}); s.apply(1, {"activate": "b1"}); s.apply(1, {"act": "move", "to": [12, 24 - R]})   # Blue captures
    assert s.vp[1] == 4 and s.flag["carrier"] is None
    fx, fy = s.flag["pos"]
    # the nearest point to (12, 12) outside the disc around the Skirmisher (12, 12.3) of radius base + Flag + gap,
    # gap = touch_tolerance 0.05 + 0.01 beyond it: straight down from the Skirmisher's centre
    clear = R + MARKER_R + 0.05 + 0.01
    assert abs(fx - 12) < 1e-6 and abs(fy - (12.3 - clear)) < 1e-6, s.flag["pos"]
    gap = math.dist((fx, fy), (12, 12.3)) - R - MARKER_R
    assert gap > s.options.touch_tolerance                   # it touches no base (not even within the touch tolerance)
    assert any("returns to the middle; a Mech stands there" in l for l in s.log.lines())


def test_flag_in_the_free_middle_stays_there():
    s = FortuneFodder.new({"teams": TF, "scenario": "flag", "terrain": "none", "secondaries": ["take_names", "plan"], "first": 1,
                           "positions": {"a1": [3, 6], "b1": [12, 12 + MARKER_R + R + 0.02]}}, seed=3)
    s.apply(1, {"activate": "b1"}); s.apply(1, {"act": "pick_up"})
    s.apply(1, {"act": "move", "to": [12, 20]}); s.apply(1, {"act": "end"})
    s.apply(0, {"activate": "a1"}); s.apply(0, {"act": "end"})
    s.apply(1, {"first": 1}); s.apply(1, {"activate": "b1"}); s.apply(1, {"act": "move", "to": [12, 24 - R]})
    assert s.flag == {"pos": (12.0, 12.0), "carrier": None}
