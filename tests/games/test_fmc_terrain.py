"""FMC skirmish, option terrain (nbs/63e_fmc_terrain.ipynb): blocking rectangles that figures neither see nor walk
through. Expected positions are worked out by hand from the geometry (a 1" base: radius 0.5; the way round a corner
keeps 0.05" of air), not read from the code."""
import math
import pytest
from fmc_script import state, fig, to_phase
from fortune_suite.engine import get_game, assert_unchanged, random_playout, play_bots
from fortune_suite.games.fmc import FmcError, energy_attack, gaze
from fortune_suite.games.fmc.terrain import gap

WALL = [6, 6, 18, 8]          # 12" × 2" across the middle of the default table (24" wide, 16" deep; sides at y 2 and 14)


def test_the_open_table_is_the_default_and_bad_pieces_are_refused():
    s = state()
    assert s.terrain == () and s.view(0)["terrain"] == []
    with pytest.raises(FmcError, match=r"option terrain\[0\]: a piece is \[x0, y0, x1, y1\]"):
        get_game("fmc").new({"terrain": [[1, 2, 3]]}, 1)
    with pytest.raises(FmcError, match="lies off the table"):
        get_game("fmc").new({"terrain": [[20, 2, 30, 4]]}, 1)
    with pytest.raises(FmcError, match=r"option terrain\[1\]: \[0.0, 0.0, 24.0, 3.0\] covers Fighter 1's starting spot"):
        get_game("fmc").new({"terrain": [WALL, [0, 0, 24, 3]]}, 1)


def test_no_missile_or_aimed_energy_through_a_wall():
    s = state(None, classes="fighter:c", size=1, encounter="1 hoblin", terrain=[WALL])
    f, h = fig(s, "Fighter 1"), fig(s, "Hoblin")
    assert (f.x, f.y, h.x, h.y) == (12.0, 2.0, 12.0, 14.0)
    to_phase(s, f, 1)
    assert s.opts == []                                     # the wall hides the hoblin: nothing to shoot at
    h.x = 22.0                                              # (12, 2) → (22, 14) passes x = 15.3–17 at y 6–8: still inside
    to_phase(s, f, 1)
    assert s.opts == []
    h.x, h.y = 22.0, 9.0                                    # (12, 2) → (22, 9): at y = 6, x = 17.7; at y = 8, x = 20.6 > 18 — and at
    to_phase(s, f, 1)                                       # x = 18, y = 6.2: inside the wall (6 < 6.2 < 8): blocked
    assert s.opts == []
    h.x, h.y = 23.0, 7.0                                    # at x = 18, y = 2 + 5 · 6/11 = 4.73 < 6: below the wall, in sight
    to_phase(s, f, 1)
    assert {"fig": f.id, "do": "shoot", "target": h.id} in s.opts
    s = state(None, size=3, encounter="1 ogre", terrain=[WALL])
    m, o = fig(s, "Mage 3"), fig(s, "Ogre")
    to_phase(s, m, 3)
    assert not any(a.get("target") == o.id for a in s.opts)  # "a figure in sight": not the ogre behind the wall


def test_a_blast_and_a_line_stop_at_a_wall():
    s = state([5], size=3, encounter="2 hoblin", terrain=[[10, 9.3, 14, 9.7]])   # a thin wall, 0.4" thick
    m, h1, h2 = fig(s, "Mage 3"), fig(s, "Hoblin 1"), fig(s, "Hoblin 2")
    m.x, m.y, h2.x, h2.y, h1.x, h1.y = 12.0, 2.0, 12.0, 9.0, 12.0, 10.0    # Hoblin 1 is 1" from Hoblin 2: adjacent, the wall between
    energy_attack(s, m, h2, 1)                                  # aimed at Hoblin 2 (in sight): Hoblin 1 behind the wall is spared
    assert (h2.damage, h1.damage) == (5, 0)
    s = state([3], size=3, encounter="2 hoblin", terrain=[[10, 5, 14, 5.5]])
    m, h1, h2 = fig(s, "Mage 3"), fig(s, "Hoblin 1"), fig(s, "Hoblin 2")
    m.x, m.y, h1.x, h1.y, h2.x, h2.y = 12.0, 2.0, 12.0, 4.0, 12.0, 7.0      # both in the 6" line; the wall between them
    energy_attack(s, m, h1, 1, "line")
    assert (h1.damage, h2.damage) == (3, 0)


def test_backing_away_stops_at_a_wall_and_a_move_through_one_is_refused():
    s = state(None, size=1, encounter="1 hoblin", terrain=[[0, 0, 24, 1]])     # a wall along the party's edge
    f, h = fig(s, "Fighter 1"), fig(s, "Hoblin")
    h.x, h.y = 12.0, 5.0
    to_phase(s, f, 0)
    s.apply(0, {"fig": f.id, "do": "away"})                  # straight away from (12, 5): down; the base's edge stops at y = 1
    assert f.x == pytest.approx(12.0) and f.y == pytest.approx(1.5, abs=1e-5) and gap((0, 0, 24, 1), (f.x, f.y)) >= 0.5 - 1e-6
    s = state(None, size=1, encounter="1 hoblin", terrain=[WALL])
    f = fig(s, "Fighter 1")
    to_phase(s, f, 0)
    with assert_unchanged(s):
        with pytest.raises(FmcError, match=r"cannot move to \[12, 9\]: terrain piece 1 \[6.0, 6.0, 18.0, 8.0\] is in the way"):
            s.apply(0, {"fig": f.id, "do": "to", "at": [12, 9]})


def test_closing_goes_round_the_wall_by_the_shortest_way():
    s = state(None, size=1, encounter="1 hoblin", terrain=[WALL])
    f, h = fig(s, "Fighter 1"), fig(s, "Hoblin")
    assert f.speed == 10                                    # leather armor
    to_phase(s, f, 0)
    s.apply(0, {"fig": f.id, "do": "close", "target": h.id})
    # by hand: round the near corner grown by 0.55" — (5.45, 5.45) or (18.55, 5.45) — then up the wall's end toward the
    # far corner (5.45, 8.55): the first leg is hypot(6.55, 3.45) long, the rest of the 10" goes up the end
    first = math.hypot(6.55, 3.45)
    assert f.x == pytest.approx(5.45) or f.x == pytest.approx(18.55)
    assert f.y == pytest.approx(5.45 + 10 - first)
    assert gap(tuple(WALL), (f.x, f.y)) >= 0.55 - 1e-9           # the base keeps its 0.05" of air


def test_closing_round_a_wall_ends_in_contact_and_melee_follows():
    s = state([4] * 500, size=1, encounter="1 hoblin", terrain=[WALL])
    f, h = fig(s, "Fighter 1"), fig(s, "Hoblin")
    for _ in range(2):
        to_phase(s, f, 0)
        s.apply(0, {"fig": f.id, "do": "close", "target": h.id})
    # the way: first leg + 3.1 up the end + hypot(6.55, 5.45) to the hoblin = 19.02"; 20" of moves reach contact, 1" short
    assert math.hypot(f.x - h.x, f.y - h.y) == pytest.approx(1.0, abs=1e-6)
    to_phase(s, f, 2)
    assert any(a["do"] == "attack" for a in s.opts)


def test_a_medusa_behind_a_wall_is_not_faced():
    s = state([1] * 10, size=1, encounter="1 medusa", terrain=[WALL])
    f, md = fig(s, "Fighter 1"), fig(s, "Medusa")
    md.x, md.y, f.y = 12.0, 9.0, 4.0                         # 5" apart (within the 6" of option gaze_range), the wall between
    gaze(s)
    assert f.status == "ok" and not f.gazed
    s.terrain = ()
    gaze(s)
    assert f.status == "petrified"                           # the open table: she is faced (a 1 fails the coin)


@pytest.mark.parametrize("opts", [
    {"terrain": [WALL]},
    {"terrain": [[4, 5, 9, 9], [14, 7, 20, 10]], "encounter": "1 ogre, 3 porc", "classes": "fighter:c, mage"},
    {"terrain": [[0, 6, 10, 7], [14, 6, 24, 7]], "encounter": "4 skeleton", "base": 0},
])
def test_playouts_with_terrain_end_with_every_base_clear_of_the_pieces(opts):
    for seed in range(40):
        s = random_playout("fmc", seed, options=opts, quiet=True) if seed % 2 else \
            play_bots(get_game("fmc").new(opts, seed, quiet=True), ["greedy", "greedy"], seed=seed)
        assert s.is_over
        r = s.options.base / 2
        for f in s.figures:
            if 0 <= f.y <= s.depth:
                assert all(gap(p, (f.x, f.y)) >= r - 1e-5 for p in s.terrain), (seed, f)


def test_a_game_with_terrain_and_the_new_spells_saves_and_replays_to_the_same_log():
    opts = {"terrain": [WALL], "spells": "animate, shroud", "level": 3, "encounter": "2 ghoul, 2 hoblin"}
    for seed in range(6):
        s = play_bots(get_game("fmc").new(opts, seed), ["greedy", "greedy"], seed=seed)
        t = type(s).load(s.save())
        assert t.log.lines() == s.log.lines() and t.result() == s.result()
        assert [f.to_dict() for f in t.figures] == [f.to_dict() for f in s.figures]
