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


# --- 2. following a target without stabbing it ---------------------------------------------------------------------
def test_follow_without_stabbing():
    """DECISIONS: a move order may be "follow X" whether or not the fighter stabs X; it moves after X, up to its Move,
    to stay (or get) adjacent to X. Red 2 (D11) holds its fire and follows Blue 1 (C14), who runs to C17: Red 2 ends
    next to it (C16 is 5 squares from D11, within Move 6). On main the order was refused."""
    s = near()
    s.apply(1, {"orders": {"blue-1": {"act": None, "move": "C17"}, "blue-2": {"act": None, "move": None}}})
    s.apply(0, {"orders": {"red-1": {"act": None, "move": None}, "red-2": {"act": None, "move": ["follow", "C14"]}}})
    b = s.battle
    assert b.get("blue-1").pos == (2, 16)                                  # C17
    r2 = b.get("red-2").pos
    assert max(abs(r2[0] - 2), abs(r2[1] - 16)) == 1                       # adjacent to Blue 1
    lines = s.log.lines()
    assert "Red 2 (D11): follows Blue 1 (C14)." in lines
    assert any(l.startswith("Red 2 follows Blue 1 to ") for l in lines)
    assert lines.index("Blue 1 moves C14 → C17.") < next(i for i, l in enumerate(lines) if l.startswith("Red 2 follows Blue 1"))


def test_follow_without_stabbing_phase_by_phase_and_option_off():
    s = near(mode="phased")
    while s.view(s.to_move()[0])["phase"] != "move": s.apply(s.to_move()[0], {"act": None})
    movers = []
    while not s.is_over and s.view(s.to_move()[0])["phase"] == "move" and s.view(0)["round"] == 1:
        p = s.to_move()[0]; acting = s.view(p)["acting"]; movers.append(acting)
        a = {"move": ["follow", "C14"]} if acting == "red-2" else {"move": "C17"} if acting == "blue-1" else {"move": None}
        assert a in s.legal_actions(p)
        s.apply(p, a)
    assert {"red-2", "blue-1"} <= set(movers)
    r2 = s.battle.get("red-2").pos
    assert s.battle.get("blue-1").pos == (2, 16) and max(abs(r2[0] - 2), abs(r2[1] - 16)) == 1
    off = near(follow_any=False)
    off.apply(1, {"orders": {"blue-1": {"act": None, "move": None}, "blue-2": {"act": None, "move": None}}})
    with assert_unchanged(off), pytest.raises(RulesError, match="can only follow the fighter it is ordered to stab"):
        off.apply(0, {"orders": {"red-1": {"act": None, "move": None}, "red-2": {"act": None, "move": ["follow", "C14"]}}})
