"""Issue 10 (SPCFKRS rule gaps): each test's expected outcome comes from the rules text (rules/001_…) or DECISIONS.md."""
import pytest
from fortune_suite.engine import RulesError, assert_unchanged
from fortune_suite.games.spcfkrs import Spcfkrs, LoadedDice


def near(seed=0, **kw):
    "Red 1 (Assault Rifle) on C11 and Red 2 on D11 against Blue 1 on C14 and Blue 2 on H14: three squares apart."
    o = {"map": "open", "deploy_rows": 11, **kw,
         "forces": [[{"mods": ["assault_rifle"], "at": "C11"}, {"mods": [], "at": "D11"}],
                    [{"mods": [], "at": "C14"}, {"mods": ["hacking"], "at": "H14"}]]}
    return Spcfkrs.new(o, seed)


# --- 1. lapsed orders are reported ---------------------------------------------------------------------------------
def test_lapsed_shoot_and_move_orders_are_reported():
    """Rules: a dead fighter does not act. Blue 1 (Amph Overdose) dies of its overdose in the Special phase; its shoot
    order and its move order both lapse, and the referee's log says so for each (on main both vanished without a word)."""
    o = {"map": "open", "deploy_rows": 11,
         "forces": [[{"mods": [], "at": "C11"}, {"mods": [], "at": "D11"}],
                    [{"mods": ["amph_overdose"], "at": "C14"}, {"mods": [], "at": "H14"}]]}
    s = Spcfkrs.new(o, 0)
    s.apply(1, {"orders": {"blue-1": {"act": ["shoot", "pistol", "D11"], "move": "C18"},
                           "blue-2": {"act": None, "move": None}}})
    s.roller.rng = LoadedDice([1])                               # the overdose d6: a 1 kills Blue 1
    s.apply(0, {"orders": {"red-1": {"act": None, "move": None}, "red-2": {"act": None, "move": "D12"}}})
    lines = s.log.lines()
    assert "Blue 1 collapses from the overdose." in lines
    assert "Blue 1 is down: its shoot order lapses." in lines
    assert "Blue 1 is down: its move order lapses." in lines
    assert lines.index("Blue 1 collapses from the overdose.") < lines.index("Blue 1 is down: its shoot order lapses.") \
        < lines.index("— Move phase —") < lines.index("Blue 1 is down: its move order lapses.") < lines.index("Red 2 moves D11 → D12.")
