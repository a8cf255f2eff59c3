"""FMC skirmish rules, one test per rule, with values from the rules text (and DECISIONS.md where it is silent).
Dice are scripted by replacing the state's `rolls` with a list of totals, so each test knows what was thrown."""
import pytest
from fractions import Fraction
from fmc_script import state, fig
from fortune_suite.engine import get_game
from fortune_suite.games.fmc.rounds import check_end, flee          # the rounds' rule functions (63d)
from fortune_suite.games.fmc.skirmish import reachable
from fortune_suite.games.fmc import (attack, harm, splits, hit_chance, energy_attack,
                                     breath, cast, gaze, regenerate, morale, foes, party, parse_encounter, FmcError,
                                     caught_by_breath, caught_by_line, monster)


def test_hit_chance_is_d20_plus_bonus_at_least_defense():
    # P(d20 + b ≥ dc): counted over the 20 faces, independently of the code
    for b in range(-2, 9):
        for dc in range(8, 20):
            want = Fraction(sum(1 for face in range(1, 21) if face + b >= dc), 20)
            assert hit_chance(b, dc) == pytest.approx(float(want))
    assert (hit_chance(0, 14), hit_chance(1, 14), hit_chance(8, 16)) == pytest.approx((0.35, 0.40, 0.65))


def test_attack_hits_on_meeting_defense_and_rolls_the_weapon_die():
    s = state([13, 3])                       # d20+1 = 13 ≥ 13? fighter 1 (+1) at a porc (defense 14): 13 < 14 misses
    f, porc = fig(s, "Fighter 1"), fig(s, "Porc 1")
    assert not attack(s, f, porc, 1) and porc.damage == 0 and s.asked == ["1d20+1"]
    s = state([14, 3])                       # 14 ≥ 14 hits; 1d6 for a typical figure
    f, porc = fig(s, "Fighter 1"), fig(s, "Porc 1")
    assert attack(s, f, porc, 1) and porc.damage == 3 and s.asked == ["1d20+1", "1d6"]


def test_two_handed_takes_best_of_two_and_monsters_roll_their_bracket_die():
    s = state([20, 2], classes="fighter:b")
    f, h = fig(s, "Fighter 1"), fig(s, "Hoblin 1")
    attack(s, f, h, 1)
    assert s.asked[-1] == "2d6kh1"
    s = state([20, 1], encounter="1 ogre", shields="lethal")   # attack() outside the engine: no question to the party
    attack(s, fig(s, "Ogre"), fig(s, "Fighter 1"), 4)
    assert s.asked == ["1d20+4", "1d10"]     # a lieutenant's d10


def test_ineffective_weapons_deal_half_rounded_down_at_least_one():
    s = state([20, 5, 20, 1], encounter="1 lycanthrope, 1 skeleton", classes="fighter:a, fighter:c")
    lyc, sk = fig(s, "Lycanthrope"), fig(s, "Skeleton")
    attack(s, fig(s, "Fighter 1"), lyc, 1)                 # a steel sword: 5 → 2
    assert lyc.damage == 2
    attack(s, fig(s, "Fighter 2"), sk, 1, missile=True)   # an arrow at a skeleton: 1 → 1 (at least 1)
    assert sk.damage == 1


def test_magic_weapon_adds_to_attack_and_damage():
    s = state([14, 2])
    f, porc = fig(s, "Fighter 1"), fig(s, "Porc 1")
    f.magic = 2
    attack(s, f, porc, 1)                                  # d20 + 1 + 2 = 14 against 14: a hit
    assert s.asked[0] == "1d20+3" and porc.damage == 4     # 2 + 2


def test_an_expert_attuned_to_a_magic_weapon_gains_no_bonus():
    # "Experts can also attune to 1 magic weapon … although they do not share the powers of fighters" — DECISIONS: an
    # expert gains neither a weapon's bonus to hit and damage nor a focus's energy. The same +2 blade, attuned by each:
    from fortune_suite.games.fmc import new_character
    blade = {"name": "blade", "magic": "weapon", "bonus": 2, "slots": 1}
    sheets = []
    for cls, kw in (("fighter", dict(kit="a", weapon_choice="sword")), ("expert", dict(kit="ab", weapon="sword"))):
        c = new_character(cls.title(), cls, coins=20, **kw).take(blade)
        c.downtime("attune", item="blade")
        sheets.append(c.to_dict())
    s = state([16, 2, 14, 2], characters=sheets, encounter="2 porc")
    f, e, p1, p2 = fig(s, "Fighter"), fig(s, "Expert"), fig(s, "Porc 1"), fig(s, "Porc 2")
    assert (f.to_dict()["magic"], e.to_dict()["magic"]) == (2, 0)     # what the odds readouts and the cards read
    attack(s, f, p1, f.bonus)                  # d20 + 1 prowess + 2 magic; the damage roll 2, +2
    attack(s, e, p2, e.bonus)                  # d20 + 0, no magic; the damage roll 2, nothing added
    assert s.asked == ["1d20+3", "1d6", "1d20+0", "1d6"] and (p1.damage, p2.damage) == (4, 2)


def test_death_at_hit_points_and_the_excess_option():
    s = state([2])
    h = fig(s, "Hoblin 1")                                  # 2 hit points
    harm(s, h, 2)
    assert h.status == "dead"
    s = state([2], death="excess")
    h = fig(s, "Hoblin 1")
    harm(s, h, 2)
    assert h.status == "ok"
    harm(s, h, 1)
    assert h.status == "dead"


def test_player_characters_tempt_fate_to_survive():
    s = state([4])                                          # 4–6 wins
    m = fig(s, "Mage 3")
    harm(s, m, 3)
    assert m.status == "down" and s.asked == ["1d6"]
    s = state([3])
    m = fig(s, "Mage 3")
    harm(s, m, 3)
    assert m.status == "dead"
    s = state([], fate_saves=False)
    m = fig(s, "Mage 3")
    harm(s, m, 3)
    assert m.status == "dead" and s.asked == []


def test_shield_is_destroyed_to_negate_a_hit():
    s = state([], shields="lethal")
    f = fig(s, "Fighter 1")
    assert f.shield and f.defense == 13                     # leather 12 + shield 1
    harm(s, f, 2)                                           # would not drop it: the shield stays (lethal policy)
    assert f.shield and f.damage == 2
    harm(s, f, 3)                                           # would kill: the shield is destroyed instead
    assert not f.shield and f.damage == 2 and f.status == "ok"
    s = state([], shields="always")
    f = fig(s, "Fighter 1")
    harm(s, f, 1)
    assert not f.shield and f.damage == 0


def test_undead_drain_half_the_damage_from_maximum_hit_points():
    s = state([], encounter="1 wraith", level=2)
    w, f = fig(s, "Wraith"), fig(s, "Fighter 1")            # level-2 fighter: 10 hit points
    harm(s, f, 5, w)
    assert (f.damage, f.hp) == (5, 8)                       # half of 5, rounded down
    s = state([], encounter="1 ghoul")
    g, m = fig(s, "Ghoul"), fig(s, "Mage 3")
    m.hp = 1
    harm(s, m, 2, g)
    assert m.status == "undead"


def test_split_bonus_into_whole_parts():
    assert splits(3) == [(3,), (2, 1), (1, 1, 1)]
    assert len(splits(5)) == 7 and len(splits(8)) == 22     # the partitions of 5 and of 8
    s = state(None, level=5, size=1, classes="fighter:a")
    f = fig(s, "Fighter 1")
    assert f.bonus == 5 and f.split
    s2 = state(None, encounter="1 porc")
    assert not fig(s2, "Porc").split                        # +1: no split


def test_energy_blast_hits_the_target_and_those_adjacent_with_one_roll():
    s = state([4])
    m, a, b = fig(s, "Mage 3"), fig(s, "Hoblin 1"), fig(s, "Hoblin 2")
    c = fig(s, "Hoblin 6")
    b.x, b.y = a.x + 0.9, a.y
    c.x, c.y = a.x + 5, a.y
    energy_attack(s, m, a, 1)
    assert s.asked == ["1d6"] and a.status == b.status == "dead" and c.status == "ok" and m.energy == 0


def test_energy_line_is_six_inches():
    s = state(None)
    m = fig(s, "Mage 3")
    hs = [fig(s, f"Hoblin {k}") for k in range(1, 5)]
    for k, h in enumerate(hs): h.x, h.y = m.x, m.y + 2 * (k + 1)   # 2", 4", 6", 8" straight ahead
    assert caught_by_line(s, m, hs[0]) == hs[:3]


def test_dragon_breath_cone_once():
    s = state([5, 6], encounter="1 dragon, young")
    d = fig(s, "Dragon, Young")
    f1, f2, f3 = fig(s, "Fighter 1"), fig(s, "Fighter 2"), fig(s, "Mage 3")
    d.x, d.y = 10, 10
    f1.x, f1.y = 10, 5                  # 5" ahead
    f2.x, f2.y = 11.2, 2                # 8" ahead, 1.2" aside: inside (half-width 1.33" there)
    f3.x, f3.y = 12, 5                  # 5" ahead, 2" aside: outside (half-width 0.83")
    assert caught_by_breath(s, d, f1) == [f1, f2]
    breath(s, d, f1)                    # one d8 for all: 5
    assert d.breath and s.asked == ["1d8", "1d6"]
    assert (f1.shield, f1.damage, f1.status) == (False, 0, "ok")   # 5 would kill: the shield turns it
    assert f2.status == "down"                                      # killed, survives by tempting fate (6)
    assert f3.damage == 0
    s.phase = 3; d.moved = d.attacked = False
    assert not any(a["do"] == "breath" for a in s.choices(d))      # once an hour: once a skirmish


def test_troll_regenerates_one_a_round():
    s = state([], encounter="1 troll")
    t = fig(s, "Troll")
    t.damage = 5
    regenerate(s)
    assert t.damage == 4


def test_medusa_gaze_tempts_fate_once():
    s = state([3, 6, 6, 6], encounter="1 medusa")
    md = fig(s, "Medusa")
    f1 = fig(s, "Fighter 1")
    for f in s.figures:
        if f.side == 0: f.x, f.y = md.x, md.y - 3
    gaze(s)
    assert f1.status == "petrified" and all(f.status == "ok" for f in s.figures if f.side == 0 and f is not f1)
    n = len(s.asked)
    gaze(s)
    assert len(s.asked) == n                                 # once a skirmish by default


def test_morale_on_losing_the_leader_or_half():
    s = state([3])                                           # the test fails: they flee
    porc = next(f for f in s.figures if f.leader and f.side == 1)
    porc.status = "dead"
    morale(s)
    assert all(f.status == "fleeing" for f in s.figures if f.side == 1 and f is not porc)
    s = state([], encounter="4 skeleton")                    # mindless: no test, nobody flees
    for f in s.figures[4:6]: f.status = "dead"
    morale(s)
    assert s.asked == [] and all(f.status in ("ok", "dead") for f in s.figures)
    s = state([5], encounter="1 ogre")                       # a big monster at half its hit points
    o = fig(s, "Ogre"); o.damage = 8
    morale(s)
    assert o.status == "ok" and s.asked == ["1d6"]


def test_morale_is_one_coin_whatever_triggered_it():
    # DECISIONS: "a side that must test (its leader lost, or half its number) tempts fate once, whatever triggered it"
    for coin, flee in ((6, False), (2, True)):
        s = state([coin, coin])
        foe = [f for f in s.figures if f.side == 1]
        for f in [next(f for f in foe if f.leader)] + [f for f in foe if not f.leader][:4]: f.status = "dead"   # in one round
        morale(s)
        assert s.asked == ["1d6"] and s.tested[1] == {"leader", "half"}
        assert all((f.status == "fleeing") == flee for f in foe if f.status != "dead")
        morale(s); assert s.asked == ["1d6"]         # nothing new: no second test


def test_surprised_side_loses_first_turn():
    for seed in range(40):
        s = get_game("fmc").new({"surprise": "party"}, seed)
        if s.surprised == 0:
            assert s.order == ((1, 0) if s.regained else (1,)) and s.current.side == 1   # a regaining expert acts after
            break
    else: raise AssertionError("no seed surprised the party")


def test_encounter_parsing():
    assert parse_encounter("6 hoblin, 4 porc") == [(6, "hoblin"), (4, "porc")]
    assert parse_encounter("1 dragon, young, 3 skeletons") == [(1, "dragon young"), (3, "skeleton")]
    fs = foes("6 hoblin, 4 porc")
    assert [f.name for f in fs][:2] == ["Hoblin 1", "Hoblin 2"] and sum(f.leader for f in fs) == 1
    assert next(f for f in fs if f.leader).monster == "porc"
    assert sum(f.xp for f in fs) == 6 * 75 + 4 * 150 == monster("hoblin").xp * 6 + monster("porc").xp * 4


def test_shield_decision_asks_the_party_and_the_split_attack_goes_on():
    from fortune_suite.engine import assert_unchanged
    from fortune_suite.engine import RulesError
    s = get_game("fmc").new({"surprise": "none", "shields": "ask", "encounter": "1 giant", "size": 2,
                             "classes": "fighter:a", "distance": 1}, 0)
    giant, f1, f2 = fig(s, "Giant"), fig(s, "Fighter 1"), fig(s, "Fighter 2")
    for f in (f1, f2): f.x, f.y = giant.x + (0.5 if f is f1 else -0.5), giant.y - 0.5
    s.phase, s.turn, s.order, s.queue = 2, 0, (1, 0), []
    s.current, s.opts = giant, s.choices(giant)
    script = [20, 7, 20, 3]              # +4 at Fighter 1: hit, 7 damage; +4 at Fighter 2: hit, 3 damage
    s.rolls = lambda what, why, actor=None, target=None, side=None: script.pop(0)
    s.apply(1, {"fig": giant.id, "do": "attack", "at": [[f1.id, 4], [f2.id, 4]]})
    assert s.to_move() == (0,) and s.decision.kind == "shield" and s.legal_actions(0) == ["destroy shield", "take the hit"]
    assert s.decision.data["damage"] == 7 and s.decision.data["would_die"]
    with assert_unchanged(s):
        with pytest.raises(RulesError, match="not your turn"): s.apply(1, {"fig": giant.id, "do": "pass"})   # the party decides now
    s.apply(0, "destroy shield")
    assert not f1.shield and f1.damage == 0
    assert s.decision.data["figure"] == f2.id and not s.decision.data["would_die"]    # the second part hit Fighter 2
    s.apply(0, "take the hit")
    assert f2.shield and f2.damage == 3 and s.decision is None and script == []


def test_fallen_troll_rises_unless_burned():
    # "Trolls cure 1 point of damage per round. Their bodies must be burned." DECISIONS: they rise unless burned,
    # an option on by default
    s = state([], encounter="1 troll", items="oil flask")
    t, f = fig(s, "Troll"), fig(s, "Fighter 1")
    t.damage, t.status = 17, "dead"                 # 1 beyond its 16 hit points
    assert s.rising(t) and not check_end(s)       # the foes are not beaten while it can rise
    regenerate(s); assert (t.damage, t.status) == (16, "dead")
    regenerate(s); assert (t.damage, t.status) == (15, "ok")      # below its hit points: it stands again
    t.damage, t.status = 16, "dead"
    f.x, f.y = t.x, t.y - 0.5
    s.phase, f.moved, f.attacked = 3, True, False
    assert {"fig": f.id, "do": "burn", "target": t.id} in s.choices(f)   # even after moving
    from fortune_suite.games.fmc import burn
    burn(s, f, t)
    assert not s.rising(t) and "oil flask" not in f.items
    regenerate(s); assert t.status == "dead"
    s2 = state([], encounter="1 troll", troll_rises=False)   # the option off: a fallen troll stays down
    t2 = fig(s2, "Troll"); t2.damage, t2.status = 16, "dead"
    assert not s2.rising(t2)
    regenerate(s2); assert (t2.damage, t2.status) == (16, "dead") and check_end(s2)


def test_a_fallen_troll_rising_is_in_the_log():
    s = get_game("fmc").new({"surprise": "none", "encounter": "1 troll"}, 1)
    s._busy = True                                   # (as inside an action: the log takes lines only there)
    t = fig(s, "Troll")
    harm(s, t, 17)                                   # 1 beyond its 16 hit points
    regenerate(s); regenerate(s)
    lines = s.log.lines()
    assert "Troll perishes (its body must be burned, or it will rise again)." in lines
    assert "Troll's fallen body regenerates 1 damage." in lines
    assert "Troll's body knits together: it rises again with 1 hit point." in lines and t.status == "ok"
    s = get_game("fmc").new({"surprise": "none", "encounter": "1 troll", "troll_rises": False}, 1)
    s._busy = True
    harm(s, fig(s, "Troll"), 17); regenerate(s); regenerate(s)
    assert "Troll perishes." in s.log.lines() and not any("rises again" in l or "regenerates" in l for l in s.log.lines())


def test_a_dragons_fire_burns_a_fallen_troll():
    s = state([3], encounter="1 troll, 1 dragon, young")
    t, d = fig(s, "Troll"), fig(s, "Dragon, Young")
    t.damage, t.status = 16, "dead"
    d.x, d.y, t.x, t.y = 5.0, 10.0, 5.0, 6.0        # the body 4" ahead of the dragon, in its cone toward Fighter 1
    aim = fig(s, "Fighter 1"); aim.x, aim.y = 5.0, 3.0
    assert s.rising(t)
    breath(s, d, aim)
    assert not s.rising(t) and t.id in s.burned


def test_views_follow_every_change_of_a_figure():
    from fortune_suite.games.fmc import new_character, burn
    ex = new_character("Ivo", "expert", kit="ab", skills=["climbing"], items=["oil flask"], leather=True, coins=20)
    ex.scrolls.append("heal")
    s = state([4], characters=[ex.to_dict()], encounter="1 troll, 1 dragon, young", troll_rises=True)
    e, t, d = fig(s, "Ivo"), fig(s, "Troll"), fig(s, "Dragon, Young")
    seen = lambda f: next(x for x in s.view(0)["figures"] if x["id"] == f.id)
    assert seen(e)["spells"] == ["heal"] and "oil flask" in seen(e)["items"] and not seen(d)["breath_used"]
    e.damage = 2
    cast(s, e, "heal", e, 0)
    t.status, t.damage = "dead", 16
    burn(s, e, t)
    d.breath = True
    assert (seen(e)["spells"], "oil flask" in seen(e)["items"], seen(e)["damage"]) == ([], False, 0)
    assert seen(t)["status"] == "dead" and seen(d)["breath_used"]


def test_expert_who_regains_the_turn_acts_in_the_surprise_round():
    # "An expert skilled at avoiding surprise tempts fate to regain their turn if their party is surprised":
    # the foes act first as a group, then that expert alone of the party acts in round 1
    for seed in range(200):
        s = get_game("fmc").new({"surprise": "party", "classes": "fighter:a, expert", "size": 2,
                                 "skills": "avoid surprise, climbing"}, seed)
        if s.surprised == 0 and s.regained: break
    else: raise AssertionError("no seed let the expert regain its turn")
    ex = fig(s, "Expert 2")
    assert s.regained == {ex.id} and s.order == (1, 0)
    acted = []
    while not s.is_over and s.round == 1:
        acted.append(s.current.id)
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[-1] if s.phase else s.legal_actions(p)[0])
    party_acts = [i for i in acted if i.startswith("p")]
    assert party_acts and set(party_acts) == {ex.id}
    assert acted.index(ex.id) > 0 and all(i.startswith("f") for i in acted[:acted.index(ex.id)])


def test_a_move_stops_on_contact_and_never_ends_on_a_base():
    # "Opponents in 1\" are stuck in melee": a figure walking at a far foe past a near one is stuck with the near one;
    # bases (option base, 1\") keep figures from sharing a spot
    s = get_game("fmc").new({"surprise": "none", "encounter": "2 hoblin", "size": 1, "classes": "fighter:a"}, 3)
    f, h1, h2 = fig(s, "Fighter 1"), fig(s, "Hoblin 1"), fig(s, "Hoblin 2")
    f.x, f.y, h1.x, h1.y, h2.x, h2.y = 10.0, 2.0, 10.5, 6.0, 10.0, 9.0     # Hoblin 1 stands 0.5" off the way to Hoblin 2
    s.phase, s.turn, s.order, s.queue, s.current = 0, 0, (0, 1), [], f
    s.opts = s.choices(f)
    s.apply(0, {"fig": f.id, "do": "close", "target": h2.id})
    assert abs(((f.x - h1.x) ** 2 + (f.y - h1.y) ** 2) ** 0.5 - 1.0) < 1e-9 and f.y < h1.y   # in contact with Hoblin 1
    assert ((f.x - h2.x) ** 2 + (f.y - h2.y) ** 2) ** 0.5 > 2.0
    from fortune_suite.games.fmc import locked
    assert locked(f, s.figures)


def test_figures_closing_on_one_take_distinct_spots_in_contact():
    s = get_game("fmc").new({"surprise": "none", "encounter": "4 porc", "size": 1, "classes": "fighter:a"}, 3)
    f = fig(s, "Fighter 1")
    porcs = [fig(s, f"Porc {k}") for k in range(1, 5)]
    f.x, f.y = 12.0, 8.0
    for k, p in enumerate(porcs): p.x, p.y = 11.0 + 0.6 * k, 13.0       # all 5" off, close together
    porcs[3].y = 3.0                                                    # the fourth comes from the other side
    for p in porcs:
        s.phase, s.turn, s.order, s.queue, s.current = 0, 0, (1, 0), [], p
        s.opts = s.choices(p)
        s.apply(1, {"fig": p.id, "do": "close", "target": f.id})
        assert abs(((p.x - f.x) ** 2 + (p.y - f.y) ** 2) ** 0.5 - 1.0) < 1e-6     # in contact: within 1"
    for a in porcs + [f]:
        for b in porcs + [f]:
            if a is not b: assert ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5 >= 1.0 - 1e-6   # 1" bases do not overlap
    s0 = get_game("fmc").new({"surprise": "none", "encounter": "2 porc", "size": 1, "base": 0}, 3)   # base 0: points
    f0, a, b = fig(s0, "Fighter 1"), fig(s0, "Porc 1"), fig(s0, "Porc 2")
    f0.x, f0.y, a.x, a.y, b.x, b.y = 12.0, 8.0, 12.0, 13.0, 12.0, 13.5
    for p in (a, b):
        s0.phase, s0.turn, s0.order, s0.queue, s0.current = 0, 0, (1, 0), [], p
        s0.opts = s0.choices(p)
        s0.apply(1, {"fig": p.id, "do": "close", "target": f0.id})
    assert (a.x, a.y) == (b.x, b.y) == (12.0, 9.0)                      # the old reading: both on the one spot


def test_a_move_to_another_figures_spot_is_refused():
    from fortune_suite.engine import assert_unchanged
    s = get_game("fmc").new({"surprise": "none"}, 5)
    while s.phase != 0 or s.current.side != 0: s.apply(s.to_move()[0], s.legal_actions(s.to_move()[0])[0])
    f = s.current
    other = next(g for g in s.figures if g is not f and g.side == 0 and ((g.x - f.x) ** 2 + (g.y - f.y) ** 2) ** 0.5 < 5)
    with assert_unchanged(s):
        with pytest.raises(FmcError, match=f"{other.name}'s base"):
            s.apply(0, {"fig": f.id, "do": "to", "at": [other.x + 0.3, other.y]})
    with pytest.raises(FmcError, match="option base"):
        get_game("fmc").new({"base": 2}, 1)


def _to_phase(s, f, phase):
    s.phase, s.turn, s.order, s.queue, s.current = phase, 0, (f.side, 1 - f.side), [], f
    f.moved = f.attacked = False
    s.opts = s.choices(f)


def test_reach_weapon_attacks_from_two_inches_unlocked():
    # "a figure with a reach weapon can attack from 2\" away"; melee locks within 1"
    from fortune_suite.games.fmc import new_character, locked
    ex = new_character("Ivo", "expert", kit="ab", skills=["climbing"], leather=True, weapon="spear", coins=20)
    s = state(None, characters=[ex.to_dict()], encounter="1 hoblin")
    e, h = fig(s, "Ivo"), fig(s, "Hoblin")
    assert e.reach
    e.x, e.y, h.x, h.y = 10.0, 2.0, 10.0, 8.0
    _to_phase(s, e, 0)
    assert {"fig": e.id, "do": "close", "target": h.id, "reach": True} in s.opts
    s.apply(0, {"fig": e.id, "do": "close", "target": h.id, "reach": True})
    assert (e.x, e.y) == (10.0, 6.0) and not locked(e, s.figures)        # 2" short
    _to_phase(s, e, 2)
    assert any(a["do"] == "attack" and a["at"] == [[h.id, 0]] for a in s.opts)
    assert reachable(s, h) == []                                              # the hoblin's claws reach 1"


def test_a_missile_weapon_without_a_magazine_cannot_shoot():
    # "Ranged weapons require 1 magazine (slot) of ammunition"
    from fortune_suite.games.fmc import new_character
    c = new_character("Ash", "fighter", kit="c", weapon_choice="bow", leather=True, coins=20)
    assert "ammunition" in c.items
    s = state(None, characters=[c.to_dict()], encounter="1 hoblin")
    assert fig(s, "Ash").ranged
    c.items.remove("ammunition")
    s = state(None, characters=[c.to_dict()], encounter="1 hoblin")
    a = fig(s, "Ash")
    assert not a.ranged
    _to_phase(s, a, 1)
    assert s.opts == []


def test_only_experts_read_scrolls_and_mages_spend_energy():
    # "Experts can also ... cast spells from scrolls"; mages cast from scrolls by spending energy; fighters are not said to
    from fortune_suite.games.fmc import new_character
    fi = new_character("Bo", "fighter", kit="a", weapon_choice="sword", leather=True, coins=20)
    ex = new_character("Ivo", "expert", kit="ab", skills=["climbing"], leather=True, coins=20)
    fi.scrolls.append("hamper"); ex.scrolls.append("hamper")
    s = state(None, characters=[fi.to_dict(), ex.to_dict()], encounter="1 ogre")
    b, i = fig(s, "Bo"), fig(s, "Ivo")
    _to_phase(s, b, 3)
    assert not any(a["do"] == "spell" for a in s.opts)
    _to_phase(s, i, 3)
    assert {"fig": i.id, "do": "spell", "spell": "hamper", "target": fig(s, "Ogre").id, "energy": 0} in s.opts


def test_a_large_encounter_starts_on_distinct_spots():
    s = state(None, encounter="30 skeleton, 10 zombie", table=12)   # 9 figures fill a 12" line: five lines of foes
    fs = [f for f in s.figures if f.side == 1]
    assert len({(f.x, f.y) for f in fs}) == 40
    assert all(((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5 >= 1.0 for a in s.figures for b in s.figures if a is not b)
    assert all(0 <= f.y <= s.depth for f in s.figures)


def test_a_fighter_splits_prowess_into_several_shots():
    # "Fighters can also split their Prowess between multiple attacks ... per turn"; ammunition "is only expended if the
    # wielder shoots their weapon multiple times over the course of one encounter": a volley of two spends the magazine
    s = state([15, 2, 13] + [4] * 200, level=3, size=1, classes="fighter:c", encounter="2 hoblin")   # then 4s: the round goes on
    f, h1, h2 = fig(s, "Fighter 1"), fig(s, "Hoblin 1"), fig(s, "Hoblin 2")
    assert f.bonus == 3 and f.ranged
    _to_phase(s, f, 1)
    assert {"fig": f.id, "do": "shoot", "at": [[h1.id, 1], [h1.id, 1], [h1.id, 1]]} in s.opts
    s.opts.append({"fig": f.id, "do": "shoot", "at": [[h1.id, 2], [h2.id, 1]]})
    s.apply(0, {"fig": f.id, "do": "shoot", "at": [[h1.id, 2], [h2.id, 1]]})
    assert s.asked[:3] == ["1d20+2", "2d6kh1", "1d20+1"]      # 15 ≥ 14 hits, 2 damage kills; 13 < 14 misses
    assert h1.status == "dead" and h2.damage == 0 and f.shots == 2
    s.over = True
    assert s._result()["magazines_spent"] == 1
    s = state(None, size=1, classes="fighter:c", encounter="2 hoblin")   # +1: one shot only
    f = fig(s, "Fighter 1"); _to_phase(s, f, 1)
    assert not any("at" in a for a in s.opts)


def test_option_mage_reads_a_scroll_without_energy():
    # mages "cast spells from scrolls without expending the latter by spending their own energy instead": with option
    # mage_reads a mage out of energy may still read a scroll the ordinary way, which uses it up
    for on in (False, True):
        s = state([4] * 50, mage_reads=on, encounter="1 ogre")
        m, o = fig(s, "Mage 3"), fig(s, "Ogre")
        m.energy = 0
        _to_phase(s, m, 3)
        read = {"fig": m.id, "do": "spell", "spell": "lullaby", "target": o.id, "energy": 0}
        assert (read in s.opts) == on
        if on:
            s.apply(0, read)
            assert m.spells == ("heal",) and m.energy == 0 and s.asked[0] == "1d6"
    s = state(None, encounter="1 ogre")                       # with energy, the default: energy only, the scroll kept
    m = fig(s, "Mage 3"); _to_phase(s, m, 3)
    assert not any(a.get("energy") == 0 for a in s.opts) and any(a["do"] == "spell" and a["energy"] == 1 for a in s.opts)


def test_a_fleeing_figure_stops_short_of_a_friends_base():
    s = state(None, encounter="2 porc")
    p1, p2 = fig(s, "Porc 1"), fig(s, "Porc 2")
    p1.x, p1.y, p2.x, p2.y = 12.0, 6.0, 12.0, 13.9      # Porc 2 stands where Porc 1's 8" run (with no enemy aside) would end
    for f in s.figures:
        if f.side == 0: f.status = "dead"
    p1.status = "fleeing"
    flee(s, 1)
    assert p1.x == 12.0 and 6.0 < p1.y and abs(p1.y - p2.y) >= 1.0 - 1e-6 and p1.status == "fleeing"


def test_shooting_into_a_melee_a_hit_strikes_a_random_figure_of_it():
    # DECISIONS: "each missile that hits strikes a random figure of that melee, friend or foe (option: forbidden)"
    for script, want in (([14, 2, 3] + [4] * 100, ["1d20+1", "1d2", "2d6kh1"]), ([13] + [4] * 100, ["1d20+1"])):
        s = state(script, encounter="1 hoblin")
        f1, f2, h = fig(s, "Fighter 1"), fig(s, "Fighter 2"), fig(s, "Hoblin")
        h.x, h.y, f1.x, f1.y = 12.0, 10.0, 12.0, 9.0          # Fighter 1 in melee with the hoblin
        _to_phase(s, f2, 1)
        s.apply(0, {"fig": f2.id, "do": "shoot", "target": h.id})
        assert s.asked[:len(want)] == want                     # the d20 against the hoblin's 14 first, then which figure
        if len(want) == 3:                                     # the stray missile hits Fighter 1, who carries a shield:
            assert s.decision.kind == "shield" and s.decision.data["figure"] == f1.id and s.decision.data["damage"] == 3
            s.apply(0, "take the hit")                         # (option shields="ask", the default) the party keeps it
        if len(want) == 3: assert (f1.damage, h.damage) == (3, 0)   # 1d2 = 2: the second of [Hoblin, Fighter 1]
        else: assert f1.damage == h.damage == 0
    s = state(None, encounter="1 hoblin", into_melee="forbidden")
    f1, f2, h = fig(s, "Fighter 1"), fig(s, "Fighter 2"), fig(s, "Hoblin")
    h.x, h.y, f1.x, f1.y = 12.0, 10.0, 12.0, 9.0
    _to_phase(s, f2, 1)
    assert s.opts == []


def test_rounds_go_movement_missiles_melee_magic_winners_first():
    # "4 phases of movement, missiles, melee, and magic—alternating between the winners and losers of initiative"
    from fortune_suite.engine import get_bot
    import numpy as np
    bot = get_bot("fmc", "greedy")
    for seed in range(6):
        s = get_game("fmc").new({"surprise": "none", "encounter": "3 hoblin, 2 porc", "distance": 6}, seed)
        seen = []
        while not s.is_over and s.round <= 3:
            if s.decision is None: seen.append((s.round, s.phase, s.current.side, s.order))
            p = s.to_move()[0]; v = s.view(p)
            s.apply(p, bot(v, v["legal_actions"], np.random.default_rng(seed)))
        for a, b in zip(seen, seen[1:]):
            if a[0] == b[0]:
                assert b[1] >= a[1]                                       # phases in order within a round
                if a[1] == b[1]:
                    order = a[3]
                    assert order.index(b[2]) >= order.index(a[2])         # in a phase, the winners before the losers
        assert {ph for _, ph, _, _ in seen} <= {0, 1, 2, 3}
