"""FMC skirmish: the scrolls animate, shroud, dispel and transmigrate, and the undead's drain to undead — one test per
rule, expected values from the rules text (002_…: the spell list, the example monsters' table and its † note) and our
documented readings (nbs/63b_fmc_magic.ipynb). Dice are scripted as in test_fmc_rules.py."""
import pytest
from fmc_script import state, fig, to_phase
from fortune_suite.engine import get_game, assert_unchanged, random_playout
from fortune_suite.games.fmc import FmcError, harm, gaze, cast, party_bot

ZOMBIE = dict(defense=12, speed=6, bonus=1, die=6)      # the text's table: Zombie, DC 12, SP 6", AT +1, DM d6
GHOUL = dict(hp=8, defense=12, speed=8, bonus=2, die=8)  # Ghoul†, DC 12, HP 8, SP 8", AT +2, DM d8


def spells_of(s, f, spell):
    return [a for a in s.opts if a["do"] == "spell" and a["spell"] == spell]


def stats(f, keys):
    return {k: getattr(f, k) for k in keys}


# --- animate: "Turn a corpse into a zombie with 1d6 hit points." ---------------------------------------------------

def test_animate_raises_a_corpse_as_a_zombie_with_1d6_hit_points_on_the_casters_side():
    s = state([5] + [4] * 300, spells="animate, heal")
    m, h1, h2 = fig(s, "Mage 3"), fig(s, "Hoblin 1"), fig(s, "Hoblin 2")
    h1.status = "dead"
    to_phase(s, m, 3)
    targets = {a["target"] for a in spells_of(s, m, "animate")}
    assert targets == {h1.id}                                  # the corpse only: no living figure
    n = len(s.figures)
    s.apply(0, {"fig": m.id, "do": "spell", "spell": "animate", "target": h1.id, "energy": 1})
    z = fig(s, "Hoblin 1 (zombie)")
    assert s.asked[0] == "1d6" and len(s.figures) == n + 1
    assert (z.side, z.hp, z.hp - z.damage) == (0, 5, 5) and stats(z, ZOMBIE) == ZOMBIE and z.monster == "zombie"
    assert (z.x, z.y) == (h1.x, h1.y) and z.id == "p5" and s.by_id["p5"] is z and m.energy == 0
    assert h1.id in s.raised and h1.status == "dead"


def test_animate_extra_energy_compounds_and_a_corpse_rises_once():
    s = state([3, 4] + [4] * 300, spells="animate, heal", level=2)   # level-2 mage: 2 energy
    m, h1 = fig(s, "Mage 3"), fig(s, "Hoblin 1")
    h1.status = "dead"
    to_phase(s, m, 3)
    assert {a["energy"] for a in spells_of(s, m, "animate")} == {1, 2}
    s.apply(0, {"fig": m.id, "do": "spell", "spell": "animate", "target": h1.id, "energy": 2})
    assert s.asked[0] == "2d6" and fig(s, "Hoblin 1 (zombie)").hp == 3   # the script's total
    s2 = state(None, spells="animate, heal", level=2)
    m2, h = fig(s2, "Mage 3"), fig(s2, "Hoblin 1")
    h.status = "dead"; s2.raised.add(h.id)                             # raised before: no longer a corpse to animate
    to_phase(s2, m2, 3)
    assert spells_of(s2, m2, "animate") == []


def test_animate_refuses_a_living_figure_and_changes_nothing():
    s = state(None, spells="animate, heal")
    m, h = fig(s, "Mage 3"), fig(s, "Hoblin 2")
    fig(s, "Hoblin 1").status = "dead"
    to_phase(s, m, 3)
    with assert_unchanged(s):
        with pytest.raises(FmcError, match="cannot animate Hoblin 2: animate raises a corpse"):
            s.apply(0, {"fig": m.id, "do": "spell", "spell": "animate", "target": h.id, "energy": 1})


# --- shroud: "Make 1d6 human-sized figures invisible." -------------------------------------------------------------

def test_shroud_hides_the_dice_count_of_human_sized_friends_target_first_then_nearest():
    s = state([2] + [4] * 300, spells="shroud, heal")
    m, f1, f2, e4 = fig(s, "Mage 3"), fig(s, "Fighter 1"), fig(s, "Fighter 2"), fig(s, "Expert 4")
    f1.x, f1.y, f2.x, f2.y, e4.x, e4.y, m.x, m.y = 5.0, 2.0, 7.0, 2.0, 12.0, 2.0, 20.0, 2.0
    to_phase(s, m, 3)
    assert {a["target"] for a in spells_of(s, m, "shroud")} == {"p1", "p2", "p3", "p4"}   # own side only
    s.apply(0, {"fig": m.id, "do": "spell", "spell": "shroud", "target": f1.id, "energy": 1})
    assert s.asked[0] == "1d6" and set(s.invisible) == {f1.id, f2.id}   # 2: Fighter 1, then the nearest, Fighter 2
    assert s.view(1)["invisible"] == ["p1", "p2"]


def test_shroud_counts_only_human_sized_figures():
    from fortune_suite.games.fmc.magic import human_sized
    s = state(None, encounter="1 ogre, 1 giant, 1 troll, 1 hoblin, 1 wraith, 1 porc")
    sized = {f.name: human_sized(f) for f in s.figures}
    assert all(sized[n] for n in ("Fighter 1", "Mage 3", "Expert 4", "Hoblin", "Wraith", "Porc"))
    assert not any(sized[n] for n in ("Ogre", "Giant", "Troll"))


def test_the_enemy_cannot_target_an_invisible_figure():
    s = state(None, spells="shroud, heal", encounter="2 hoblin")
    f1, h1, h2 = fig(s, "Fighter 1"), fig(s, "Hoblin 1"), fig(s, "Hoblin 2")
    s.invisible[f1.id] = 1
    to_phase(s, h1, 0)
    assert not any(a.get("target") == f1.id for a in s.opts) and any(a["do"] == "close" for a in s.opts)
    with assert_unchanged(s):
        with pytest.raises(FmcError, match="cannot target Fighter 1: it is invisible"):
            s.apply(1, {"fig": h1.id, "do": "close", "target": f1.id})
    h1.x, h1.y = f1.x, f1.y + 1.0                                  # in contact: it is held, yet cannot strike it
    to_phase(s, h1, 2)
    assert s.opts == []
    s.invisible.clear()
    to_phase(s, h1, 2)
    assert {"fig": h1.id, "do": "attack", "at": [[f1.id, 0]]} in s.opts


def test_a_shrouded_figure_shows_itself_when_it_attacks_unless_shroud_lasts():
    for opt, still in (("breaks", False), ("lasts", True)):
        s = state([1] + [4] * 300, encounter="1 ogre", shroud=opt)
        f1, o = fig(s, "Fighter 1"), fig(s, "Ogre")
        s.invisible[f1.id] = 1
        o.x, o.y = f1.x, f1.y + 1.0
        to_phase(s, f1, 2)
        s.apply(0, {"fig": f1.id, "do": "attack", "at": [[o.id, 1]]})     # d20 = 1: a miss, but the blow shows it
        assert (f1.id in s.invisible) == still


# --- dispel: "Negate another magical effect." ----------------------------------------------------------------------

def test_dispel_negates_a_hamper_and_costs_one_energy_with_nothing_to_compound():
    s = state([3] + [4] * 300, spells="hamper, dispel", level=3, encounter="1 ogre")
    m, o = fig(s, "Mage 3"), fig(s, "Ogre")
    to_phase(s, m, 3)
    assert spells_of(s, m, "dispel") == []                         # nothing in force yet
    cast(s, m, "hamper", o, 1)
    assert o.speed + o.speed_mod == 5                              # the Ogre's 8" less 3
    to_phase(s, m, 3)
    ds = spells_of(s, m, "dispel")
    assert ds == [{"fig": m.id, "do": "spell", "spell": "dispel", "target": o.id, "effect": 1, "energy": 1}]
    s.apply(0, ds[0])
    assert o.speed + o.speed_mod == 8 and m.energy == 1 and s.effects[0]["gone"]


def test_dispel_turns_a_petrified_figure_to_flesh_again():
    s = state([1] + [4] * 300, encounter="1 medusa", spells="dispel, heal")
    md, f1, m = fig(s, "Medusa"), fig(s, "Fighter 1"), fig(s, "Mage 3")
    for f in s.figures:
        if f.side == 0 and f is not f1: f.x, f.y = 0.0, 0.0     # only Fighter 1 faces her
    md.x, md.y = f1.x, f1.y + 3
    m.x, m.y = 23.0, 0.0
    gaze(s)                                                     # 1 on the coin's d6: turned to stone
    assert f1.status == "petrified"
    to_phase(s, m, 3)
    d = {"fig": m.id, "do": "spell", "spell": "dispel", "target": f1.id, "effect": 1, "energy": 1}
    assert d in s.opts and party_bot(s.view(0), s.opts) == d   # the party bot frees its friend
    s.apply(0, d)
    assert f1.status == "ok"


def test_dispel_wakes_a_lullaby_and_ends_a_shroud_and_an_animation():
    s = state([6, 6, 6, 6] + [4] * 300, encounter="6 hoblin", spells="lullaby, dispel", level=4)
    m = fig(s, "Mage 3")
    cast(s, m, "lullaby", fig(s, "Hoblin 1"), 1)               # 6 hit dice: all six hoblins (½ each) sleep
    assert sum(f.status == "asleep" for f in s.figures) == 6
    to_phase(s, m, 3)
    s.apply(0, spells_of(s, m, "dispel")[0])
    assert sum(f.status == "asleep" for f in s.figures) == 0
    s = state([4, 2], spells="shroud, dispel", level=2)
    m, f1 = fig(s, "Mage 3"), fig(s, "Fighter 1")
    cast(s, m, "shroud", f1, 1)
    fig(s, "Hoblin 1").status = "dead"
    from fortune_suite.games.fmc.magic import animate, dispel
    animate(s, m, fig(s, "Hoblin 1"), 1)
    z = fig(s, "Hoblin 1 (zombie)")
    dispel(s, m, z, 1, 2)
    assert z.status == "dead" and len(s.invisible) == 4       # the zombie falls; the shroud (effect 1) holds
    dispel(s, m, f1, 1, 1)
    assert s.invisible == {}


def test_dispel_of_an_effect_not_in_force_is_refused():
    s = state(None, spells="hamper, dispel")
    m = fig(s, "Mage 3")
    to_phase(s, m, 3)
    with assert_unchanged(s):
        with pytest.raises(FmcError, match="cannot dispel effect 7: the effects in force are none"):
            s.apply(0, {"fig": m.id, "do": "spell", "spell": "dispel", "target": "f1", "effect": 7, "energy": 1})


# --- transmigrate: not a skirmish spell (our documented decision) ---------------------------------------------------

def test_transmigrate_is_not_offered_and_trying_it_says_why():
    s = state(None, spells="transmigrate, heal", encounter="1 ogre")
    m = fig(s, "Mage 3")
    to_phase(s, m, 3)
    assert spells_of(s, m, "transmigrate") == [] and m.spells == ("transmigrate", "heal")
    with assert_unchanged(s):
        with pytest.raises(FmcError, match="cannot cast transmigrate in a skirmish: .*referee"):
            s.apply(0, {"fig": m.id, "do": "spell", "spell": "transmigrate", "target": "f1", "energy": 1})
    with pytest.raises(FmcError, match="cannot cast breathe in a skirmish"):
        s.apply(0, {"fig": m.id, "do": "spell", "spell": "breathe", "target": m.id, "energy": 1})


# --- the drain: "At 0 maximum hit points, the victim becomes undead." ------------------------------------------------

def test_a_victim_drained_to_zero_rises_as_its_drainers_kind_on_its_side():
    s = state([4] * 300, encounter="1 ghoul")
    g, m = fig(s, "Ghoul"), fig(s, "Mage 3")
    m.hp = 1
    harm(s, m, 2, g)                                           # half of 2 = 1 drained: 0 maximum hit points
    assert m.status == "undead"
    u = fig(s, "Mage 3 (ghoul)")
    assert u.side == 1 and stats(u, GHOUL) == GHOUL and (u.x, u.y) == (m.x, m.y) and u.id == "f2"
    to_phase(s, u, 0)
    assert any(a["do"] == "close" for a in s.opts)             # it fights for the foes
    s.over = True
    r = s._result()
    assert r["survivors"] == 3 and not r["survived"] and not r["clear"]   # the mage is lost; the risen ghoul stands


def test_option_drained_lost_only_takes_the_victim_out():
    s = state([], encounter="1 wraith", drained="lost")
    w, m = fig(s, "Wraith"), fig(s, "Mage 3")
    n = len(s.figures)
    m.hp = 2
    harm(s, m, 4, w)                                           # 4 // 2 = 2 drained
    assert m.status == "undead" and len(s.figures) == n
    with pytest.raises(FmcError, match="option drained must be one of rises, lost"):
        get_game("fmc").new({"drained": "joins"}, 1)
    with pytest.raises(FmcError, match="option shroud must be one of breaks, lasts"):
        get_game("fmc").new({"shroud": "never"}, 1)


def test_a_partial_drain_leaves_the_victim_on_its_side():
    s = state([], encounter="1 vampire", level=3)
    v, f = fig(s, "Vampire"), fig(s, "Fighter 1")              # level-3 fighter: 15 hit points; 7 // 2 = 3 drained
    n = len(s.figures)
    harm(s, f, 7, v)
    assert (f.hp, f.damage, f.status, f.side) == (12, 7, "ok", 0) and len(s.figures) == n


# --- playouts with the new spells: every skirmish ends, hit points stay in bounds ------------------------------

@pytest.mark.parametrize("opts", [
    {"spells": "animate, shroud", "encounter": "4 skeleton, 1 ghoul", "level": 2},
    {"spells": "dispel, hamper", "encounter": "1 medusa, 2 porc", "level": 3},
    {"spells": "shroud, dispel", "encounter": "1 wraith, 2 hoblin", "shroud": "lasts", "skills": "avoid surprise"},
    {"spells": "transmigrate, animate", "encounter": "2 zombie, 1 vampire", "level": 5},
])
def test_random_and_bot_playouts_with_the_new_spells_end_within_bounds(opts):
    from fortune_suite.engine import play_bots
    for seed in range(60):
        s = random_playout("fmc", seed, options=opts, quiet=True) if seed % 2 else \
            play_bots(get_game("fmc").new(opts, seed, quiet=True), ["greedy", "greedy"], seed=seed)
        assert s.is_over and s.result()["rounds"] <= s.options.max_rounds
        for f in s.figures:
            assert 0 <= f.hp <= f.hp0 and f.damage >= 0 and f.speed + f.speed_mod >= 1
        assert all(s.by_id[i] in s.figures for i in s.invisible)


def test_a_shroud_held_only_by_the_fallen_is_not_offered_to_dispel():
    s = state([2], spells="shroud, dispel", level=2)
    m, f1 = fig(s, "Mage 3"), fig(s, "Fighter 1")
    cast(s, m, "shroud", f1, 1)                                # 2: Fighter 1 and its nearest friend
    for f in s.figures:
        if f.id in s.invisible: f.status = "dead"
    to_phase(s, m, 3)
    assert spells_of(s, m, "dispel") == []
