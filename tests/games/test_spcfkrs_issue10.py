"""Issue 10 (SPCFKRS rule gaps): each test's expected outcome comes from the rules text (rules/001_…) or DECISIONS.md."""
import json
import pytest
from fortune_suite.engine import RulesError, assert_unchanged
from fortune_suite.games.spcfkrs import Spcfkrs, LoadedDice


from test_spcfkrs_rules import near   # the same small position: Red 1 and 2 on C11/D11, Blue 1 and 2 on C14/H14


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


# --- 3. move paths as a referee draws them --------------------------------------------------------------------------
def line_by_hand(a, d):
    "The king-step path a → d nearest the straight segment, computed here independently: step i at a + i/n·(d − a), rounded half up."
    n = max(abs(d[0] - a[0]), abs(d[1] - a[1]))
    import math
    return [(math.floor(a[0] + i * (d[0] - a[0]) / n + 0.5), math.floor(a[1] + i * (d[1] - a[1]) / n + 0.5)) for i in range(n + 1)]


def test_move_follows_the_direct_line():
    """DECISIONS: a move order follows the most direct line of squares. C3 → C9 goes straight up column C (on main:
    C3-B4-A5-A6-A7-B8-C9)."""
    from fortune_suite.games.spcfkrs.board import move_path
    from fortune_suite.games.spcfkrs.combat import skirmish
    b = skirmish({"C3": []}, {"X24": []})
    f = b.get("red-1")
    assert move_path(b, f, (2, 8)) == [(2, r) for r in range(2, 9)]
    for dest in [(5, 4), (7, 6), (0, 7), (4, 8), (1, 1)]:
        assert move_path(b, f, dest) == line_by_hand(f.pos, dest), dest


def test_blocked_fighter_stops_on_the_line():
    """DECISIONS: a blocked fighter stops on that line. Blue 1 on J16 ordered to J13, where Red 2 stands (and stays):
    it walks J15, J14 and stops on J14 (on main: I14). Through the game, the referee's log says so."""
    o = {"map": "open", "deploy_rows": 11,
         "forces": [[{"mods": [], "at": "A1"}, {"mods": [], "at": "J11"}], [{"mods": [], "at": "J16"}, {"mods": [], "at": "X24"}]]}
    s = Spcfkrs.new(o, 0)
    s.apply(0, {"orders": {"red-1": {"act": None, "move": None}, "red-2": {"act": None, "move": "J13"}}})
    s.roller.rng = LoadedDice([6, 1])                            # the move roll-off (Speed 3 each): Red 2 first
    s.apply(1, {"orders": {"blue-1": {"act": None, "move": "J13"}, "blue-2": {"act": None, "move": None}}})
    b = s.battle
    assert b.get("red-2").pos == (9, 12) and b.get("blue-1").pos == (9, 13)          # J13, J14
    assert "Blue 1 heads for J13 but J13 is occupied by Red 2: it stops on J14." in s.log.lines()


def test_direct_line_fallback_and_option():
    """Notebook 21's documented choice: a wall on the line (or rubble making it dearer than the Move) → the cheapest
    path; option move_path='cheapest' restores the old routing."""
    from fortune_suite.games.spcfkrs.board import move_path
    from fortune_suite.games.spcfkrs.combat import skirmish
    b = skirmish({"C3": []}, {"X24": []}, full=["C6"])
    p = move_path(b, b.get("red-1"), (2, 8))
    assert p[-1] == (2, 8) and (2, 5) not in p and len(p) == 7
    b = skirmish({"C3": []}, {"X24": []}, options={"move_path": "cheapest"})
    assert move_path(b, b.get("red-1"), (2, 8)) != [(2, r) for r in range(2, 9)]
    with pytest.raises(RulesError, match="option move_path"): Spcfkrs.new({"move_path": "scenic"})


# --- 4. the combat option is simultaneous ---------------------------------------------------------------------------
def cover_duel(mode):
    "Red 1 (C11) and Red 2 (D11), Speed 3 both; Blue 1 on C16 behind rubble on C15; Blue 2 far off on X24; combat option."
    o = {"map": "open", "deploy_rows": 11, "combat_option": True, "mode": mode, "partial_cover": ("C15",),
         "forces": [[{"mods": [], "at": "C11"}, {"mods": [], "at": "D11"}],
                    [{"mods": [], "at": "C16"}, {"mods": [], "at": "X24"}]]}
    return Spcfkrs.new(o, 0)


COVER_LINE = "Red 2's Pistol at Blue 1, needs 4+, in cover: lowest of two dice"


def test_simultaneous_attacks_see_the_cover_as_it_was():
    """Rules' combat option: same-Speed attacks happen at the same time. Red 1 destroys the rubble on C15 while Red 2
    shoots Blue 1 behind it: Red 2's shot still sees the rubble (two dice, lowest: 6 and 3, a miss), and Blue 1 lives.
    On main Red 2 rolled one die at an uncovered Blue 1 (a 6: dead)."""
    s = cover_duel("orders")
    s.apply(1, {"orders": {"blue-1": {"act": None, "move": None}, "blue-2": {"act": None, "move": None}}})
    s.roller.rng = LoadedDice([5, 6, 6, 3])
    s.apply(0, {"orders": {"red-1": {"act": ["shoot", "pistol", "C15"], "move": None},
                           "red-2": {"act": ["shoot", "pistol", "C16"], "move": None}}})
    lines = s.log.lines()
    assert any(l.startswith(COVER_LINE) and "rolls 6 and 3: the lower, 3, counts" in l for l in lines), lines
    assert s.battle.get("blue-1").alive and (2, 14) not in s.battle.cover


def test_simultaneous_attacks_phase_by_phase():
    s = cover_duel("phased")
    s.roller.rng = LoadedDice([5, 6, 6, 3, 1, 2, 3, 4])                      # the two shots, then the Move phase's roll-off
    while s.view(s.to_move()[0])["phase"] != "shoot": s.apply(s.to_move()[0], {"act": None})
    for fid, act in [("red-1", ["shoot", "pistol", "C15"]), ("red-2", ["shoot", "pistol", "C16"])]:
        assert s.view(0)["acting"] == fid
        s.apply(0, {"act": act})
    assert s.view(1)["acting"] == "blue-1" and (2, 14) in s.battle.cover     # same group: it decides on the board as it was
    s.apply(1, {"act": None})                                                 # the last of the group: now all resolve
    assert any(l.startswith(COVER_LINE) and "rolls 6 and 3: the lower, 3, counts" in l for l in s.log.lines())
    assert s.battle.get("blue-1").alive and (2, 14) not in s.battle.cover


# --- 5. two or more players ------------------------------------------------------------------------------------------
from fortune_suite.engine import play_bots, check_protocol


def test_three_and_four_forces_deploy_one_edge_each():
    """DECISIONS: 2 to 4 forces; three or four sides deploy one edge each (rows 1 and 24, columns A and X), corner cells
    left empty. One base fighter each aims at the middle of its edge: square 12 along it (mirrored for Blue and Green)."""
    assert Spcfkrs.kind.min_players == 2 and Spcfkrs.kind.max_players == 4
    s = Spcfkrs.new({"players": 4, "forces": [[[]]] * 4}, 0)
    assert s.players == 4 and s.to_move() == (0, 1, 2, 3)
    assert [s.player_name(p) for p in range(4)] == ["Red", "Blue", "Green", "Yellow"]
    pos = {f.id: f.pos for f in s.battle.fighters}
    assert pos == {"red-1": (12, 0), "blue-1": (11, 23), "green-1": (0, 11), "yellow-1": (23, 12)}
    for p, bad in [(0, "A1"), (2, "A24"), (3, "X1")]:                # corners: nobody's
        forces = [[[]]] * 4
        forces[p] = [{"mods": [], "at": bad}]
        with pytest.raises(RulesError, match="corners left empty"): Spcfkrs.new({"players": 4, "forces": forces})
    with pytest.raises(RulesError, match="players"): Spcfkrs.new({"players": 5})
    with pytest.raises(RulesError, match="must hold 3 forces"): Spcfkrs.new({"players": 3, "forces": [[[]], [[]]]})


def test_last_side_standing_wins_among_three():
    """Rules/DECISIONS: the last side with fighters standing wins; the battle goes on while two sides still stand.
    Red 1 (Amph Dose, Speed 5) shoots Blue 1 dead in round 1 — Red and Green stand, the game goes on, Blue writes no
    more orders — and Green 1 in round 2: Red wins."""
    o = {"players": 3, "map": "open", "deploy_rows": 11,
         "forces": [[{"mods": ["amph_dose"], "at": "L11"}], [{"mods": [], "at": "L14"}], [{"mods": [], "at": "A12"}]]}
    s = Spcfkrs.new(o, 0)
    s.roller.rng = LoadedDice([6, 6])                                    # Red's Pistol (4+): a 6 each round
    hold = {"act": None, "move": None}
    s.apply(1, {"orders": {"blue-1": hold}}); s.apply(2, {"orders": {"green-1": hold}})
    s.apply(0, {"orders": {"red-1": {"act": ["shoot", "pistol", "L14"], "move": None}}})
    assert not s.battle.get("blue-1").alive and not s.is_over
    assert s.to_move() == (0, 2)
    s.apply(2, {"orders": {"green-1": hold}})
    s.apply(0, {"orders": {"red-1": {"act": ["shoot", "pistol", "A12"], "move": None}}})
    assert s.is_over and s.result()["winners"] == [0] and s.result()["standing"] == [1, 0, 0]
    assert s.log.lines()[-1] == "Game over after round 2: Red wins with 1 fighter standing."
    r = play_bots(Spcfkrs.new({"players": 3, "budget": 6}, 4), {0: "greedy", 1: "greedy", 2: "greedy"}, seed=4)
    res = r.result()                                                      # a whole greedy game among three
    assert r.is_over and len(res["standing"]) == 3
    assert res["winners"] == [p for p in range(3) if res["standing"][p]] and len(res["winners"]) <= 1


@pytest.mark.parametrize("n", [3, 4])
def test_protocol_for_three_and_four_players(n):
    c = check_protocol("spcfkrs", seeds=range(2), options={"players": n, "max_rounds": 3, "budget": 4, "deploy_rows": 6})
    assert c["games"] == 2


def test_simulate_three_players(capsys):
    """`simulate` (and `fortune-suite simulate spcfkrs --players 3`) reads the player count from the options."""
    from fortune_suite.simkit import simulate
    out = simulate("spcfkrs", games=4, seed=1, bots=["greedy"] * 3, players=3)
    assert out.players == 3 and out.seats == ["Red", "Blue", "Green"] and len(out.wins) == 3
    assert sum(out.wins) + out.draws == 4
    from fortune_suite.cli import main
    assert main(["simulate", "spcfkrs", "--games", "2", "--seed", "1", "--players", "4", "--json"]) in (0, None)
    cli = capsys.readouterr()
    res = json.loads(cli.out)
    assert res["players"] == 4 and res["seats"] == ["Red", "Blue", "Green", "Yellow"]


def test_app_shows_four_seats_and_four_colours():
    from fortune_suite.apps.spcfkrs import SpcfkrsApp, SIDE_COLORS
    app = SpcfkrsApp(options={"players": 4, "forces": [[[]]] * 4}, seed=2, seats={1: "greedy", 2: "greedy", 3: "greedy"})
    app.as_widget()
    assert [d.description for d in app._seats] == ["Red", "Blue", "Green", "Yellow"]
    pieces = app.board._pieces
    assert {pieces[f"{c}-1"]["color"] for c in ("red", "blue", "green", "yellow")} == set(SIDE_COLORS[:4])
    assert len(set(SIDE_COLORS[:4])) == 4
