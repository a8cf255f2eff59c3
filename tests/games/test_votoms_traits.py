"""VOTOMS AT combat: a worked test per rule and weapon trait of the text (003_…, "AT COMBAT", "AT WEAPONS", "DAMAGE",
"ACTIONS", "TERRAIN RULES" and the AT skills), each set up on a small table, played through the engine, and checked
against the rule computed here from the dice the log shows (never from the code under test).

Where a rule needs a particular roll (an explosion, a deflected blow), the test walks seeds until one gives it and
checks the rule there."""
import pytest
from fortune_suite.engine import RulesError
from fortune_suite.games.votoms import Votoms, VotomsError, battle_odds

OPEN = "open"


def first_red(squads, table=OPEN, seeds=range(200), **opts):
    "The first seeded battle in which Red (side 0) has the first turn."
    for seed in seeds:
        s = Votoms.new({"squads": squads, "table": table, "budget": 0, **opts}, seed)
        if s.to_move() == (0,): return s
    raise AssertionError("no seed gives Red the first turn")


def unit(s, uid): return s.by_id[uid]


def contests(s, start=0):
    return [e.data for e in s.log.events[start:] if e.kind == "contest"]


def rule_result(att, dfd):
    "The contest as DECISIONS reads it, computed here: signed (k ≥ 0 attacker overkill, −1 − k defender overkill)."
    a, d = sorted(att, reverse=True), sorted(dfd, reverse=True)
    if not a: win = False
    elif not d: win = True
    else:
        win = False
        for x, y in zip(a, d):
            if x != y: win = x > y; break
    w, l = (a, d) if win else (d, a)
    top = l[0] if l else 0
    over = max(sum(x > top for x in w) - 1, 0)
    return over if win else -1 - over


def defend_all(s, choice="armor"):
    "Answer every defence decision with `choice` (or the first choice if that is not open)."
    while s.decision is not None and s.decision.kind == "defend":
        s.apply(s.decision.player, choice if choice in s.decision.choices else s.decision.choices[0])


def act(s, a):
    s.apply(s.to_move()[0], a)


def raised(faces, f):
    "The dice with one die showing f made f + 1 (a +1 may take a die above 6)."
    x = list(faces); x[x.index(f)] += 1
    return sorted(x, reverse=True)


def plus_value(faces, dfd, k):
    "The best signed result from `faces` with k +1s left, each optional, computed here by trying every placement."
    r = rule_result(faces, dfd)
    return max([r] + [plus_value(raised(faces, f), dfd, k - 1) for f in set(faces)]) if k else r


def best_plus(d):
    "The answer with the best result by the rule (declining on a tie, as a player keeping a Killing Blow use would)."
    af, df, k = d.data["attack_faces"], d.data["defend_faces"], d.data["left"]
    val = lambda c: rule_result(af, df) if c == "no +1" else plus_value(raised(af, int(c.split()[-1])), df, k - 1)
    return max(d.choices, key=lambda c: (val(c), c == "no +1"))


SCOPE = {"at": "Scopedog"}


# --- shooting: pools, range, defence ----------------------------------------------------------------------------

def test_shooting_range_penalty_and_long_range():
    # "RANGE: roll 1 less die for every 2 sticks away the target is", unless LONG RANGE
    s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49", "SAT-03"], "pos": [3, 1]}], [{**SCOPE, "pos": [3, 5]}]])
    act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    d = s.decision
    assert d.kind == "defend" and d.player == 1 and d.choices == ["move", "armor"]
    assert d.data["attack_dice"] == 3 - 2          # 4 sticks away: 2 dice less
    assert d.data["defend"]["move"]["dice"] == 3 and d.data["defend"]["armor"]["dice"] == 3   # MOVE on smooth ground: its dash
    defend_all(s)
    act(s, {"unit": "R1", "act": "shoot", "weapon": "SAT-03 Solid Shooter", "target": "B1"})
    assert s.decision.data["attack_dice"] == 4     # Long Range: no penalty


def test_contest_result_applied_as_the_rule_says():
    # STUN with no overkill, −1 ARMOR per overkill; the pools from the log decide
    seen = set()
    for seed in range(60):
        s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49"], "pos": [3, 3]}], [{**SCOPE, "pos": [3, 4]}]], seeds=range(seed, seed + 200))
        act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
        defend_all(s, "armor")
        c = contests(s)[-1]
        r = rule_result(c["attack_faces"], c["defend_faces"])
        assert c["outcome"] == r
        b = unit(s, "B1")
        if r < 0: assert b.hp == 3 and b.stun == 0
        elif r == 0: assert b.hp == 3 and b.stun == 1
        else: assert b.hp == 3 - r and b.stun == 0
        seen.add(min(r, 1) if r >= 0 else -1)
    assert seen == {-1, 0, 1}


def test_cover_only_for_armor_and_behind_costs_a_die():
    # COVER: +1 die defending with ARMOR only; attacked from BEHIND: −1 die to defend
    t = "standard"      # a crate at (1, 2): Red at (0, 2) fires along the row at (3, 2), the crate between
    s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49"], "pos": [0, 2]}], [{**SCOPE, "pos": [3, 2], "facing": [1, 0]}]], table=t)
    act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    dd = s.decision.data["defend"]
    # B1 faces away (towards +x), so Red is behind it: −1; ARMOR 3 + 1 cover − 1 = 3, MOVE (dash 3 on smooth) − 1 = 2
    assert dd["armor"]["dice"] == 3 and dd["move"]["dice"] == 2


def test_stun_spent_on_next_roll_and_markers_stack():
    s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49"], "pos": [3, 3]}], [{**SCOPE, "pos": [3, 4]}]])
    b = unit(s, "B1"); b.stun = 2          # two markers from earlier hits
    act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    assert s.decision.data["defend"]["armor"]["dice"] == 1      # 3 − 2 markers
    s.apply(1, "armor")
    c = contests(s)[-1]
    assert len(c["defend_faces"]) == 1 and b.stun == (1 if c["outcome"] == 0 else 0)   # spent; a new one only if stunned again


def test_pool_below_one_loses():
    s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49"], "pos": [3, 3]}], [{**SCOPE, "pos": [3, 4]}]])
    unit(s, "B1").stun = 5
    act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    s.apply(1, "armor")
    c = contests(s)[-1]
    assert c["defend_faces"] == [] and c["outcome"] >= 0        # no defence dice: the attacker wins outright


# --- melee and the free melee after a move ----------------------------------------------------------------------

def test_move_ending_beside_an_enemy_gives_a_free_melee():
    s = first_red([[{**SCOPE, "pos": [3, 1]}], [{**SCOPE, "pos": [3, 4]}]])
    act(s, {"unit": "R1", "act": "move", "mode": "dash", "to": [3, 3]})
    d = s.decision
    assert d.kind == "charge" and d.choices == ["B1", "none"]
    s.apply(0, "B1")
    assert s.decision.kind == "defend" and s.decision.choices == ["move", "armor", "melee"]
    assert unit(s, "R1").actions == 1          # the melee was free: one action left


def test_melee_defender_winning_with_melee_deals_the_damage():
    for seed in range(300):
        s = first_red([[{**SCOPE, "pos": [3, 3]}], [{"at": "Boxing Dog", "pos": [3, 4]}]], seeds=range(seed, seed + 100))
        act(s, {"unit": "R1", "act": "melee", "target": "B1"})
        s.apply(1, "melee")
        c = contests(s)[-1]
        r = rule_result(c["attack_faces"], c["defend_faces"])
        assert len(c["attack_faces"]) == 3 and len(c["defend_faces"]) == 5     # MELEE 3 against MELEE 5
        if r <= -2:
            assert unit(s, "R1").hp == max(3 - (-1 - r), 0) and unit(s, "B1").hp == 3
            return
    raise AssertionError("no seed where the defender won with overkill")


def test_snap_fire_before_a_melee():
    # SNAP FIRE: a free attack on an enemy just before it melees
    s = first_red([[{**SCOPE, "pos": [3, 3]}], [{"at": "Zwerg", "pos": [3, 4]}]])
    act(s, {"unit": "R1", "act": "melee", "target": "B1"})
    assert s.decision.kind == "snap" and s.decision.player == 1
    s.apply(1, "fire")
    assert s.decision.kind == "defend" and s.decision.player == 0 and s.decision.data["weapon"].startswith("Mounted Machine Guns")
    s.apply(0, "armor")
    if not unit(s, "R1").destroyed:
        assert s.decision.kind == "defend" and s.decision.data["kind"] == "melee"


# --- damage, destruction, explosion, bail-out ------------------------------------------------------------------

def test_destroyed_at_zero_explodes_with_more_overkill_and_pc_bails_out():
    for seed in range(400):
        s = first_red([[{"at": "Scopedog", "weapons": ["HRAT-23"], "pos": [3, 3]}],
                       [{"at": "Zwerg", "pos": [3, 4]}, {**SCOPE, "pos": [4, 5]}]], seeds=range(seed, seed + 100))
        unit(s, "B1").hp = 1
        act(s, {"unit": "R1", "act": "shoot", "weapon": "HRAT-23 Hand Rocket Launcher", "target": "B1"})
        if s.decision.kind == "snap": s.apply(1, "hold")
        s.apply(1, "move")
        c = contests(s)[-1]
        r = rule_result(c["attack_faces"], c["defend_faces"])
        if r >= 2:        # overkill 2 against 1 hit left: destroyed, and explodes
            assert unit(s, "B1").destroyed and unit(s, "B1").hp == 0
            pilot = s.by_id.get("B1p")
            assert pilot is not None and pilot.kind == "pilot" and pilot.pos == (3, 4)       # bails out on foot
            d = s.decision   # the explosion: 2 dice against every unit within 1 stick (R1 at (3,3), B2 at (4,5))
            assert d.kind == "defend" and d.data["kind"] == "explosion" and d.data["attack_dice"] == 2
            hit = {d.data["target_id"]}
            while s.decision is not None and s.decision.kind == "defend":
                hit.add(s.decision.data["target_id"]); s.apply(s.decision.player, "armor")
            assert hit == {"R1", "B2"}
            return
    raise AssertionError("no seed gave an explosion")


def test_deflect_turns_a_destroying_hit_into_one_and_a_stun():
    for seed in range(400):
        s = first_red([[{"at": "Scopedog", "weapons": ["HRAT-23"], "pos": [3, 3]}],
                       [{"at": "Scopedog", "skills": {"AT Deflect": 1}, "pos": [3, 4]}]], seeds=range(seed, seed + 100))
        unit(s, "B1").hp = 2
        act(s, {"unit": "R1", "act": "shoot", "weapon": "HRAT-23 Hand Rocket Launcher", "target": "B1"})
        s.apply(1, "move")
        c = contests(s)[-1]
        if rule_result(c["attack_faces"], c["defend_faces"]) >= 2:
            b = unit(s, "B1")
            assert b.hp == 1 and b.stun >= 1 and not b.destroyed
            return
    raise AssertionError("no seed gave a destroying hit")


def test_armor_never_below_zero():
    s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49"], "pos": [3, 3]}], [{"at": "Buggy", "pos": [3, 4]}]])
    unit(s, "B1").hp = 1
    for _ in range(2):
        if s.is_over or s.to_move() != (0,): break
        act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"}) if not unit(s, "B1").destroyed else None
        defend_all(s)
    assert all(u.hp >= 0 for u in s.units)


# --- traits -----------------------------------------------------------------------------------------------------

def test_rapid_fire_two_contests_within_two_sticks():
    s = first_red([[{"at": "Scopedog", "weapons": ["GAT-19"], "pos": [3, 3]}], [{**SCOPE, "pos": [3, 5]}, {**SCOPE, "pos": [6, 6]}]])
    legal = s.legal_actions(0)
    assert {"unit": "R1", "act": "shoot", "weapon": "GAT-19 Mid Machine Gun", "targets": ["B1", "B1"]} in legal
    assert not any(a.get("targets") and "B2" in a["targets"] for a in legal)      # B2 is 3 sticks away
    n = len(contests(s))
    act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-19 Mid Machine Gun", "targets": ["B1", "B1"]})
    defend_all(s)
    assert len(contests(s)) - n == 2 and unit(s, "R1").actions == 1


def test_aim_adds_one_and_locks_the_weapon():
    s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49"], "pos": [3, 3]}], [{**SCOPE, "pos": [3, 4]}]])
    plain = s.copy()
    act(plain, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1", "aim": True})
    aimed, unaimed = s.decision.data["defend"]["armor"], plain.decision.data["defend"]["armor"]
    assert aimed["tokens"] == [0, 0, 0, 0, 1] and unaimed["tokens"] == [0, 0, 0, 0, 0]      # the +1 counts in the odds
    assert battle_odds(3, 3, 3, tuple(aimed["tokens"]))["win"] > battle_odds(3, 3, 3)["win"]
    s.apply(1, "armor")
    if s.decision is not None and s.decision.kind == "plus": s.apply(0, best_plus(s.decision))
    c = contests(s)[-1]
    raw = rule_result(c["attack_faces"], c["defend_faces"])      # the faces logged are after the +1
    assert c["outcome"] == raw
    assert not any(a.get("weapon") == "GAT-49 Pentatrooper" for a in s.legal_actions(0))   # fired once, aimed: no more this turn


def test_knockback_stuns_against_a_wall():
    # the table's rim behind the target counts as a wall
    for seed in range(300):
        s = first_red([[{"at": "Scopedog", "weapons": ["HRAT-23"], "pos": [3, 5]}], [{**SCOPE, "pos": [3, 7]}]], seeds=range(seed, seed + 100))
        act(s, {"unit": "R1", "act": "shoot", "weapon": "HRAT-23 Hand Rocket Launcher", "target": "B1"})
        s.apply(1, "armor")
        c = contests(s)[-1]
        r = rule_result(c["attack_faces"], c["defend_faces"])
        if r >= 1 and unit(s, "B1").alive:
            assert unit(s, "B1").stun == 1 and unit(s, "B1").hp == 3 - r      # damage and a stun against the wall
            return
    raise AssertionError("no damaging knockback")


def test_knockback_off_an_edge():
    # ridge: a raised block (height 2) at x 1–4, y 3–4; B1 on its north edge at (2, 4), shot from the south
    for seed in range(300):
        s = first_red([[{"at": "Scopedog", "weapons": ["HRAT-23"], "pos": [2, 2]}], [{**SCOPE, "pos": [2, 4]}]], table="ridge", seeds=range(seed, seed + 100))
        act(s, {"unit": "R1", "act": "shoot", "weapon": "HRAT-23 Hand Rocket Launcher", "target": "B1"})
        s.apply(1, "armor")
        c = contests(s)[-1]
        r = rule_result(c["attack_faces"], c["defend_faces"])
        if r >= 0:
            b = unit(s, "B1")
            assert b.pos == (2, 5)                         # fell off the edge
            assert b.hp == max(3 - r - s.options.fall_damage, 0)
            return
    raise AssertionError("no knockback")


def test_blast_hits_neighbours_with_the_pool_less_its_highest_die():
    s = first_red([[{"at": "Scopedog", "weapons": ["HGAT-01"], "pos": [3, 2]}], [{**SCOPE, "pos": [3, 4]}, {**SCOPE, "pos": [4, 5]}]])
    act(s, {"unit": "R1", "act": "shoot", "weapon": "HGAT-01 Hand Grenade", "target": "B1"})
    assert s.decision.data["target_id"] == "B1" and s.decision.data["attack_dice"] == 4 - 1     # 2 sticks: −1
    s.apply(1, "armor")
    main = contests(s)[-1]
    assert s.decision.data["target_id"] == "B2" and s.decision.data["attack_dice"] == 2
    s.apply(1, "armor")
    other = contests(s)[-1]
    assert other["attack_faces"] == sorted(main["attack_faces"], reverse=True)[1:]
    assert unit(s, "R1").gun("HGAT-01 Hand Grenade").ammo == 0
    assert not any(a.get("weapon") == "HGAT-01 Hand Grenade" for a in s.legal_actions(0))     # Ammo 1: spent


def test_salvo_pool_is_shots_plus_one_and_spends_ammo():
    s = first_red([[{"at": "Scopedog", "weapons": ["SMAT-38"], "pos": [3, 3]}], [{**SCOPE, "pos": [3, 4]}]])
    act(s, {"unit": "R1", "act": "shoot", "weapon": "SMAT-38 Rocket Pod", "target": "B1", "shots": 3})
    assert s.decision.data["attack_dice"] == 4
    defend_all(s)
    assert unit(s, "R1").gun("SMAT-38 Rocket Pod").ammo == 9 - 3


def test_area_template_hits_every_model_with_the_full_pool_and_burn_ignores_cover():
    s = first_red([[{"at": "Scopedog", "weapons": ["FTAT-16"], "pos": [3, 2]}],
                   [{**SCOPE, "pos": [3, 3]}, {**SCOPE, "pos": [4, 4]}, {**SCOPE, "pos": [6, 6]}]])
    act(s, {"unit": "R1", "act": "shoot", "weapon": "FTAT-16 Flamethrower", "target": "B1", "corner": [1, 1]})
    hit = []
    while s.decision is not None and s.decision.kind == "defend":
        hit.append((s.decision.data["target_id"], s.decision.data["attack_dice"])); s.apply(1, "armor")
    assert hit == [("B1", 3), ("B2", 3)]        # the 2 × 2 squares at B1's north-east corner: B1 and B2, not B3
    a, b = contests(s)[-2:]
    assert a["attack_faces"] == b["attack_faces"]


def test_burn_ignores_cover():
    s = first_red([[{"at": "Scopedog", "weapons": ["FTAT-16", "GAT-49"], "pos": [1, 0]}], [{**SCOPE, "pos": [1, 3]}]], table="standard")
    act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    assert s.decision.data["defend"]["armor"]["dice"] == 4     # the crate: cover
    s.apply(1, "move")
    if s.is_over or s.to_move() != (0,): return
    act(s, {"unit": "R1", "act": "shoot", "weapon": "FTAT-16 Flamethrower", "target": "B1", "corner": [0, 0]})
    assert s.decision.data["defend"]["armor"]["dice"] == 3 - unit(s, "B1").stun     # Burn: no cover die


def test_volatile_rolls_when_damaged():
    for seed in range(300):
        s = first_red([[{"at": "Scopedog", "weapons": ["HRAT-23"], "pos": [3, 3]}], [{"at": "Scopedog", "weapons": ["FTAT-16"], "pos": [3, 4]}]], seeds=range(seed, seed + 100))
        act(s, {"unit": "R1", "act": "shoot", "weapon": "HRAT-23 Hand Rocket Launcher", "target": "B1"})
        s.apply(1, "move")
        c = contests(s)[-1]
        if 1 <= rule_result(c["attack_faces"], c["defend_faces"]) < 3:
            vol = [e for e in s.log.events if e.data.get("why") == "Volatile"]
            assert len(vol) == 1
            if vol[0].data["faces"] == [6]:
                assert not any(g.w.name == "FTAT-16 Flamethrower" for g in unit(s, "B1").guns)
                assert s.decision is not None and s.decision.data["kind"] == "volatile" and s.decision.data["attack_dice"] == 3
            return
    raise AssertionError("no damage")


def test_charge_takes_three_actions_then_fires():
    s = first_red([[{"at": "Scopedog", "weapons": ["GAT-35"], "pos": [3, 3]}], [{**SCOPE, "pos": [3, 6]}]])
    assert not any(a.get("act") == "shoot" for a in s.legal_actions(0))
    act(s, {"unit": "R1", "act": "charge", "weapon": "GAT-35 Long Gun"})
    act(s, {"unit": "R1", "act": "charge", "weapon": "GAT-35 Long Gun"})
    assert unit(s, "R1").gun("GAT-35 Long Gun").charge == 2


def test_indirect_ignores_front_cover_beyond_a_stick():
    # a crate at (1, 2); the mortar at (1, 0), target at (1, 4): the crate is 2 sticks from the target: ignored
    s = first_red([[{"at": "Scopedog", "weapons": ["MAT-02", "GAT-49"], "pos": [1, 0]}], [{**SCOPE, "pos": [1, 4]}]], table="standard")
    act(s, {"unit": "R1", "act": "shoot", "weapon": "MAT-02 Mortar", "target": "B1"})
    assert s.decision.data["attack_dice"] == 4 and s.decision.data["defend"]["armor"]["dice"] == 3
    s.apply(1, "armor")
    if s.is_over or s.to_move() != (0,): return
    act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    assert s.decision.data["defend"]["armor"]["dice"] == 4 - unit(s, "B1").stun      # a plain shot: the crate is cover


def test_indirect_ignores_front_cover_right_at_the_target_too():
    # DECISIONS: beyond 1 stick from the firer the target's front cover gives no die, wherever the cover stands.
    # The crate at (1, 2) is right in front of the target at (1, 3), which is 3 sticks from the mortar at (1, 0).
    s = first_red([[{"at": "Scopedog", "weapons": ["MAT-02", "GAT-49"], "pos": [1, 0]}], [{**SCOPE, "pos": [1, 3]}]], table="standard")
    act(s, {"unit": "R1", "act": "shoot", "weapon": "MAT-02 Mortar", "target": "B1"})
    assert s.decision.data["defend"]["armor"]["dice"] == 3                            # Scopedog Armor 3, no cover die
    s.apply(1, "armor")
    if s.is_over or s.to_move() != (0,): return
    act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    assert s.decision.data["defend"]["armor"]["dice"] == 4 - unit(s, "B1").stun      # a plain shot: the crate is cover


def test_indirect_within_a_stick_keeps_the_cover_die():
    # 1 stick from the firer, front cover counts against Indirect fire as against any shot: the wall at (5, 2),
    # touched at a corner by the line from (4, 2) to (5, 3), covers the target.
    s = first_red([[{"at": "Scopedog", "weapons": ["MAT-02"], "pos": [4, 2]}], [{**SCOPE, "pos": [5, 3]}]], table="standard")
    act(s, {"unit": "R1", "act": "shoot", "weapon": "MAT-02 Mortar", "target": "B1"})
    assert s.decision.data["defend"]["armor"]["dice"] == 4


# --- skills -----------------------------------------------------------------------------------------------------

def test_dual_fire_merges_the_pools():
    s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49", "HRAT-23"], "skills": {"AT Dual Fire": 1}, "pos": [3, 3]}], [{**SCOPE, "pos": [3, 4]}]])
    a = {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1", "with": ["HRAT-23 Hand Rocket Launcher"]}
    assert a in s.legal_actions(0)
    act(s, a)
    assert s.decision.data["attack_dice"] == 3 + 4


def test_dual_fire_level_two_merges_three():
    s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49", "HRAT-23", "MAT-02"], "skills": {"AT Dual Fire": 2}, "pos": [3, 3]}], [{**SCOPE, "pos": [3, 4]}]])
    legal = s.legal_actions(0)
    three = [a for a in legal if len(a.get("with", [])) == 2]
    assert three and all(a["act"] == "shoot" for a in three)
    act(s, three[0])
    guns = [three[0]["weapon"], *three[0]["with"]]
    assert s.decision.data["attack_dice"] == sum({"GAT-49 Pentatrooper": 3, "HRAT-23 Hand Rocket Launcher": 4, "MAT-02 Mortar": 4}[g] for g in guns)


def test_drive_by_fires_in_the_middle_of_a_move():
    s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49"], "skills": {"AT Drive By": 1}, "pos": [0, 0]}], [{**SCOPE, "pos": [5, 6]}]])
    act(s, {"unit": "R1", "act": "move", "mode": "dash", "to": [1, 1], "drive_by": True})
    u = unit(s, "R1")
    assert u.rest == ["dash", 2, False] and u.actions == 1
    act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    defend_all(s)
    assert u.actions == 0 and s.to_move() == (0,)
    assert {"unit": "R1", "act": "move", "mode": "dash", "to": [3, 3], "rest": True} in s.legal_actions(0)
    act(s, {"unit": "R1", "act": "move", "mode": "dash", "to": [3, 3], "rest": True})
    assert u.pos == (3, 3)


def test_grapple_reduces_melee_damage_and_costs_an_action():
    for seed in range(400):
        s = first_red([[{"at": "Boxing Dog", "pos": [3, 3]}], [{"at": "Scopedog", "skills": {"AT Grapple": 1}, "pos": [3, 4]}]], seeds=range(seed, seed + 100))
        act(s, {"unit": "R1", "act": "melee", "target": "B1"})
        s.apply(1, "armor")
        c = contests(s)[-1]
        r = rule_result(c["attack_faces"], c["defend_faces"])
        if r >= 1:
            assert s.decision.kind == "grapple" and s.decision.player == 1 and s.decision.data["damage"] == r
            no = s.copy(); no.apply(1, "no")
            s.apply(1, "grapple")
            b = unit(s, "B1")
            assert b.hp == max(3 - (r - 1), 0) and b.lose_action == 1
            assert unit(no, "B1").hp == max(3 - r, 0) and unit(no, "B1").lose_action == 0
            return
    raise AssertionError("no melee damage")


def test_waterproof_units_hide_in_water():
    # standard: water at (0, 4); a Diving Beetle (waterproof) hides there; only waterproof units may melee it
    s = first_red([[{"at": "Diving Beetle", "pos": [1, 3]}, {"at": "Scopedog", "weapons": ["GAT-49"], "pos": [0, 2]}],
                   [{**SCOPE, "weapons": ["GAT-49"], "pos": [3, 6]}]], table="standard")
    act(s, {"unit": "R1", "act": "move", "mode": "swim", "to": [0, 4], "hide": True})
    assert unit(s, "R1").hidden
    act(s, {"act": "end"})
    assert not any(a.get("target") == "R1" or "R1" in (a.get("targets") or []) for a in s.legal_actions(1))


def test_backward_move_a_stick_less_keeps_facing():
    s = first_red([[{**SCOPE, "pos": [3, 3]}], [{**SCOPE, "pos": [3, 7]}]])
    legal = s.legal_actions(0)
    assert {"unit": "R1", "act": "move", "mode": "dash", "to": [3, 1], "back": True} in legal
    assert {"unit": "R1", "act": "move", "mode": "dash", "to": [3, 0], "back": True} not in legal    # 3 sticks: dash 3 − 1
    act(s, {"unit": "R1", "act": "move", "mode": "dash", "to": [3, 1], "back": True})
    assert unit(s, "R1").facing == (0, 1)


def test_repair_needs_a_six():
    for seed in range(300):
        s = first_red([[{"at": "Scopedog", "skills": {"AT Repair": 2}, "pos": [3, 0]}], [{**SCOPE, "pos": [3, 7]}]], seeds=range(seed, seed + 100))
        unit(s, "R1").hp = 1
        act(s, {"unit": "R1", "act": "repair", "target": "R1"})
        e = [e for e in s.log.events if e.kind == "dice"][-1]
        assert len(e.data["faces"]) == 3          # 1 die + 1 per AT Repair level
        assert unit(s, "R1").hp == (2 if 6 in e.data["faces"] else 1)
        if 6 in e.data["faces"]: return
    raise AssertionError("no six")


def test_objective_pickup_scores():
    s = first_red([[{**SCOPE, "pos": [4, 2]}], [{**SCOPE, "pos": [3, 7]}]], table="standard")
    act(s, {"unit": "R1", "act": "pickup", "at": [4, 3]})
    assert s.points == [2, 0] and (4, 3) not in s.objectives


# --- the turn ---------------------------------------------------------------------------------------------------

def test_two_actions_then_the_other_side():
    s = first_red([[{**SCOPE, "pos": [3, 0]}], [{**SCOPE, "pos": [3, 7]}]])
    act(s, {"unit": "R1", "act": "move", "mode": "run", "to": [3, 2]})
    act(s, {"unit": "R1", "act": "move", "mode": "run", "to": [3, 4]})        # the same action twice
    assert s.to_move() == (1,)
    with pytest.raises(VotomsError, match="not Blue's unit|not your turn"):
        s.apply(1, {"unit": "R1", "act": "move", "mode": "run", "to": [3, 3]})


def test_reroll_skills_are_decisions_with_exact_choices():
    # AT Marksman: reroll 1 of your dice when firing; level 1: one use a game
    for seed in range(300):
        s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49"], "skills": {"AT Marksman": 1}, "pos": [3, 3]}],
                       [{**SCOPE, "pos": [3, 4]}]], seeds=range(seed, seed + 100))
        act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
        s.apply(1, "armor")
        d = s.decision
        assert d is not None and d.kind == "reroll" and d.player == 0 and d.data["side"] == "attacker"
        faces = d.data["attack_faces"]
        assert d.choices[0] == "keep" and {c for c in d.choices[1:]} == {f"own {f}" for f in set(faces)}
        low = min(faces)
        if low < 6:
            s.apply(0, f"own {low}")
            c = contests(s)[-1]
            assert "AT Marksman" in " ".join(c["notes"]) and unit(s, "R1").uses["AT Marksman"] == 0
            assert sorted(c["attack_faces"]) != sorted(faces) or low in c["attack_faces"]     # one die thrown again
            assert len(c["attack_faces"]) == len(faces)
            return
    raise AssertionError("no reroll offered")


def test_advise_from_an_ally_once_a_turn():
    s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49"], "pos": [3, 3]}, {"at": "Scopedog", "skills": {"Advise": 1}, "pos": [0, 0]}],
                   [{**SCOPE, "pos": [3, 4]}]])
    act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    assert s.decision.data["defend"]["armor"]["tokens"][0] == 1      # R2's Advise: a reroll for R1
    s.apply(1, "armor")
    assert s.decision.kind == "reroll"
    s.apply(0, next(c for c in s.decision.choices if c != "keep"))
    assert unit(s, "R2").uses["Advise"] == 0 and ("R2", "Advise") in s.helped


def find_plus(squads, shot, seeds=range(400)):
    "The first seed whose attack (a shot or melee by R1 at B1, defended with ARMOR) asks R1 where to put a +1."
    for seed in seeds:
        s = first_red(squads, seeds=range(seed, seed + 100))
        act(s, shot)
        if s.decision is not None and s.decision.kind == "defend": s.apply(1, "armor")
        if s.decision is not None and s.decision.kind == "plus": return s
    raise AssertionError("no +1 decision offered")


def check_plus_choices(d, k):
    "The +1 decision lists every face once, and each choice's values are the rule's (computed here), k +1s left."
    af, df = d.data["attack_faces"], d.data["defend_faces"]
    assert d.kind == "plus" and d.player == 0 and d.data["side"] == "attacker" and d.data["left"] == k
    assert d.choices == ["no +1"] + [f"+1 on {f}" for f in sorted(set(af))]
    for c in d.choices:
        v = rule_result(af, df) if c == "no +1" else plus_value(raised(af, int(c.split()[-1])), df, k - 1)
        ch = d.data["choices"][c]
        assert ch["outcome"] == v and ch["p_win"] == float(v >= 0) and ch["damage"] == max(v, 0), (c, ch, v)
    vals = {c: d.data["choices"][c]["outcome"] for c in d.choices}
    assert len(set(vals.values())) > 1                      # only asked when a +1 changes the result
    assert [c for c in d.choices if d.data["choices"][c]["best"]] == [max(d.choices, key=lambda c: (vals[c], -d.choices.index(c)))]


def test_aim_plus_one_is_a_decision_with_exact_choices():
    # AIM: "may add +1 to any one of the weapon's dice rolled" — the attacker chooses which (or none)
    s = find_plus([[{"at": "Scopedog", "weapons": ["GAT-49"], "pos": [3, 3]}], [{**SCOPE, "pos": [3, 4]}]],
                  {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1", "aim": True})
    d = s.decision
    check_plus_choices(d, 1)
    assert d.data["source"] == "Aim"
    with pytest.raises(RulesError):                       # not a face on the table: refused, nothing changes
        s.apply(0, "+1 on 7")
    assert s.decision.kind == "plus"
    # a human may place it anywhere: take the worst choice and the contest is resolved with exactly that die raised
    af, df = d.data["attack_faces"], d.data["defend_faces"]
    pick = min(d.choices[1:], key=lambda c: (d.data["choices"][c]["outcome"], c))
    f = int(pick.split()[-1])
    s.apply(0, pick)
    c = contests(s)[-1]
    assert c["attack_faces"] == raised(af, f) and c["defend_faces"] == df
    assert c["outcome"] == rule_result(raised(af, f), df) and f"Aim: +1 on a {f}" in c["notes"]


def test_killing_blow_plus_one_within_a_stick_is_a_decision():
    # AT Killing Blow: "may add +1 to any 1 die when attacking within 1 stick"; level 1: one use a game
    kb = [[{"at": "Scopedog", "weapons": ["GAT-49"], "skills": {"AT Killing Blow": 1}, "pos": [3, 3]}], [{**SCOPE, "pos": [3, 4]}]]
    s = find_plus(kb, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    d = s.decision
    check_plus_choices(d, 1)
    assert d.data["source"] == "AT Killing Blow"
    s.apply(0, best_plus(d))
    c = contests(s)[-1]
    used = any(n.startswith("AT Killing Blow: +1") for n in c["notes"])
    assert used and unit(s, "R1").uses["AT Killing Blow"] == 0
    # declining keeps the use
    s = find_plus(kb, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    s.apply(0, "no +1")
    assert unit(s, "R1").uses["AT Killing Blow"] == 1 and not any("+1" in n for n in contests(s)[-1]["notes"])


def test_killing_blow_not_beyond_a_stick():
    s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49"], "skills": {"AT Killing Blow": 1}, "pos": [3, 3]}], [{**SCOPE, "pos": [3, 6]}]])
    act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    assert s.decision.data["defend"]["armor"]["tokens"][4] == 0       # 3 sticks away: no +1
    s.apply(1, "armor")
    assert s.decision is None or s.decision.kind != "plus"


def test_aim_and_killing_blow_two_plus_ones():
    both = [[{"at": "Scopedog", "weapons": ["GAT-49"], "skills": {"AT Killing Blow": 1}, "pos": [3, 3]}], [{**SCOPE, "pos": [3, 4]}]]
    s = find_plus(both, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1", "aim": True})
    d = s.decision
    check_plus_choices(d, 2)                                 # values count the second +1 placed as well as possible
    assert d.data["source"] == "Aim"
    pick = next(c for c in d.choices if c != "no +1")
    s.apply(0, pick)
    if s.decision is not None and s.decision.kind == "plus":   # the Killing Blow's +1 next, on the raised dice
        check_plus_choices(s.decision, 1)
        assert s.decision.data["source"] == "AT Killing Blow"
        assert s.decision.data["attack_faces"] == raised(d.data["attack_faces"], int(pick.split()[-1]))


def test_greedy_bot_places_the_plus_one_best():
    from fortune_suite.games.votoms import greedy_bot
    s = find_plus([[{"at": "Scopedog", "weapons": ["GAT-49"], "pos": [3, 3]}], [{**SCOPE, "pos": [3, 4]}]],
                  {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1", "aim": True})
    v = s.view(0)
    assert greedy_bot(v, v["legal_actions"]) == best_plus(s.decision)


# --- referee findings (votoms-referee, /work/wt/votoms-referee-findings.md) ---------------------------------------

def test_own_reroll_skill_once_a_contest_then_the_allys_advise():
    # AT Marksman: "May reroll 1 die when firing" (one die a contest, level 2: two uses a game); Advise: "Any ally may
    # reroll 1 die when attacking": with both, the second reroll of a contest is the ally's Advise
    for seed in range(300):
        s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49"], "skills": {"AT Marksman": 2}, "pos": [3, 3]},
                        {"at": "Scopedog", "skills": {"Advise": 1}, "pos": [0, 0]}], [{**SCOPE, "pos": [3, 4]}]],
                      seeds=range(seed, seed + 100))
        act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
        assert s.decision.data["defend"]["armor"]["tokens"][0] == 2
        s.apply(1, "armor")
        if s.decision is None or s.decision.kind != "reroll": continue
        s.apply(0, next(c for c in s.decision.choices if c != "keep"))
        if s.decision is None or s.decision.kind != "reroll" or s.decision.data["side"] != "attacker": continue
        s.apply(0, next(c for c in s.decision.choices if c != "keep"))
        assert unit(s, "R1").uses["AT Marksman"] == 1 and unit(s, "R2").uses["Advise"] == 0 and ("R2", "Advise") in s.helped
        notes = " ".join(contests(s)[-1]["notes"])
        assert "(AT Marksman)" in notes and "(Advise from R2" in notes
        return
    raise AssertionError("no contest with two attacker rerolls taken")


def test_advise_serves_an_area_attack_like_marksman():
    s = first_red([[{"at": "Scopedog", "weapons": ["FTAT-16"], "pos": [3, 3]}, {"at": "Scopedog", "skills": {"Advise": 1}, "pos": [0, 0]}],
                   [{**SCOPE, "pos": [3, 4]}]])
    act(s, {"unit": "R1", "act": "shoot", "weapon": "FTAT-16 Flamethrower", "target": "B1", "corner": [1, 1]})
    assert s.decision.kind == "defend" and s.decision.data["defend"]["armor"]["tokens"][0] == 1


def test_a_pilot_on_foot_cannot_melee_an_at():
    # only anti-AT weapons hurt ATs (DECISIONS); a pilot's fists are none: no melee against an AT, free or not
    from fortune_suite.games.votoms.units import pilot_on_foot
    s = first_red([[{**SCOPE, "pos": [0, 0], "pc": True}], [{**SCOPE, "pos": [3, 4]}, {"infantry": "Foot Soldier", "pos": [1, 2]}]])
    r1 = unit(s, "R1"); p = pilot_on_foot(r1); r1.destroyed = True; p.pos = (3, 3); p.begin_turn(); s.add_unit(p)
    legal = s.legal_actions(0)
    assert not any(a.get("act") == "melee" and a.get("target") == "B1" for a in legal)
    with pytest.raises(RulesError):
        s.apply(0, {"unit": p.id, "act": "melee", "target": "B1"})
    to = next(a for a in legal if a.get("act") == "move" and a.get("unit") == p.id and list(a["to"]) == [2, 3])
    s.apply(0, to)                                        # beside both B1 (an AT) and B2 (infantry)
    assert s.decision is not None and s.decision.kind == "charge" and s.decision.choices == ["B2", "none"]


def test_two_hit_team_odds_count_both_hits():
    # Machine Gunner Team: ARMOR 1 (2 hits): overkill 1 leaves it one hit, so P(destroyed) needs overkill 2
    s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49"], "pos": [3, 3]}], [{"infantry": "Machine Gunner Team", "pos": [3, 4]}]])
    act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
    assert s.decision.data["hp"] == 2


def test_choices_read_from_the_contests_first_engine_match_reroll_choices():
    # the battle reads every reroll decision of a contest from one engine (its first tokens); votoms-contest's
    # reroll_choices, asked afresh with the tokens left, must give the same choices, values and best pick
    import random
    from fortune_suite.games.votoms.combat import contest_choices
    from fortune_suite.games.votoms.rerolls import reroll_choices
    rng = random.Random(13)
    for _ in range(120):
        n, m = rng.randint(1, 4), rng.randint(1, 4)
        tk0 = [rng.randint(0, 2), rng.randint(0, 1), rng.randint(0, 2), rng.randint(0, 1), rng.randint(0, 2)]
        side = rng.choice(["attacker", "defender"])
        tk = list(tk0)
        if side == "attacker": tk[0], tk[1] = rng.randint(0, tk0[0]), rng.randint(0, tk0[1])
        else: tk[0], tk[1], tk[2], tk[3] = 0, 0, rng.randint(0, tk0[2]), rng.randint(0, tk0[3])
        if (tk[0] + tk[1] if side == "attacker" else tk[2] + tk[3]) == 0: continue
        af = sorted((rng.randint(1, 6) for _ in range(n)), reverse=True); df = sorted((rng.randint(1, 6) for _ in range(m)), reverse=True)
        ties = rng.choice(["defender", "cancel"])
        got = contest_choices(af, df, side, tk, tk0, ties, "minus1")
        want = reroll_choices(af, df, side, att_rerolls=tk[0], att_opp_rerolls=tk[1], def_rerolls=tk[2], def_opp_rerolls=tk[3],
                              plus=tk[4], ties=ties)
        assert [(c.action, c.die, c.best) for c in got] == [(c.action, c.die, c.best) for c in want], (af, df, side, tk, tk0)
        for c, w in zip(got, want):
            assert abs(c.p_win - w.p_win) < 1e-12 and abs(c.damage - w.damage) < 1e-12


def test_a_pilot_winning_a_melee_defence_does_not_hurt_the_at():
    # the pilot's fists are no anti-AT weapon: beating an AT's melee only spares it (no stun, no damage to the AT)
    from fortune_suite.games.votoms.units import pilot_on_foot
    for seed in range(400):
        s = first_red([[{**SCOPE, "pos": [3, 3]}], [{**SCOPE, "pos": [0, 0], "pc": True}, {**SCOPE, "pos": [6, 6]}]],
                      seeds=range(seed, seed + 100))
        b1 = unit(s, "B1"); p = pilot_on_foot(b1); b1.destroyed = True; p.pos = (3, 4); s.add_unit(p)
        act(s, {"unit": "R1", "act": "melee", "target": p.id})
        assert s.decision.kind == "defend" and "melee" in s.decision.choices
        s.apply(1, "melee")
        c = contests(s)[-1]
        if c["outcome"] < 0:
            assert rule_result(c["attack_faces"], c["defend_faces"]) == c["outcome"]
            assert unit(s, "R1").hp == 3 and unit(s, "R1").stun == 0
            return
    raise AssertionError("no seed where the pilot won")


# --- wounded mid-turn -------------------------------------------------------------------------------------------
# DECISIONS: a unit wounded during its own turn loses its second action at once (a two-hit team at its first hit
# likewise). Actions left are counted from what the unit may take now, so every way of being hurt counts.

def test_a_team_hit_in_its_own_melee_loses_its_second_action():
    for seed in range(300):
        s = first_red([[{"infantry": "Machine Gunner Team", "pos": [3, 3]}], [{**SCOPE, "pos": [3, 4]}]], seeds=range(seed, seed + 100))
        act(s, {"unit": "R1", "act": "melee", "target": "B1"})        # its first action
        s.apply(1, "melee")
        c = contests(s)[-1]
        if rule_result(c["attack_faces"], c["defend_faces"]) == -2:    # the Scopedog's MELEE wins with overkill 1: one hit
            r1 = unit(s, "R1")
            assert r1.alive and r1.hp == 1
            assert r1.actions == 0 and s.to_move() == (1,)            # no second action: Blue's turn
            return
    raise AssertionError("no seed where the team took one hit")


def test_a_team_hit_by_the_explosion_of_its_own_target_loses_its_second_action():
    # overkill "count": the team's 2 dice can give the Zwerg (1 hit left) overkill 2, more than it has: it explodes
    for seed in range(600):
        s = first_red([[{"infantry": "Missile Launcher Team", "pos": [3, 3]}], [{"at": "Zwerg", "pos": [3, 4]}, {**SCOPE, "pos": [7, 7]}]],
                      seeds=range(seed, seed + 100), overkill="count")
        unit(s, "B1").hp = 1
        act(s, {"unit": "R1", "act": "shoot", "weapon": "Missile Launcher Team gun", "target": "B1"})
        while s.decision is not None and s.decision.kind in ("defend", "snap"):
            s.apply(s.decision.player, "armor" if s.decision.kind == "defend" else "hold")
        won = [c["kind"] for c in contests(s) if c["target_id"] == "R1" and rule_result(c["attack_faces"], c["defend_faces"]) >= 0]
        r1 = unit(s, "R1")
        if r1.alive and r1.hp == 1 and won == ["explosion"]:            # its own blast missed it; the Zwerg's explosion hit once
            assert r1.actions == 0 and s.to_move() == (1,)
            return
    raise AssertionError("no seed where the explosion alone hit the team once")


def test_a_pilot_wounded_in_its_own_melee_loses_its_second_action():
    from fortune_suite.games.votoms.units import pilot_on_foot
    for seed in range(300):
        s = first_red([[{**SCOPE, "pos": [0, 0], "pc": True}, {**SCOPE, "pos": [7, 0]}], [{"infantry": "Armor Hunter", "pos": [3, 4]}]],
                      seeds=range(seed, seed + 100))
        r1 = unit(s, "R1"); p = pilot_on_foot(r1); r1.destroyed = True; p.pos = (3, 3); p.begin_turn(); s.add_unit(p)
        act(s, {"unit": p.id, "act": "melee", "target": "B1"})
        assert s.decision is None          # man-to-man (both on foot): MELEE is the one defence, so nothing is asked
        c = contests(s)[-1]
        assert c["defence"] == "melee"
        if rule_result(c["attack_faces"], c["defend_faces"]) == -2:    # MELEE 2 against 1, overkill 1: the wound
            assert p.alive and p.wounded and p.actions == 0 and s.to_move() == (0,)      # R2 still has its actions
            assert not any(a.get("unit") == p.id for a in s.legal_actions(0))
            return
    raise AssertionError("no seed wounded the pilot")


def test_a_unit_hit_on_the_other_sides_turn_has_one_action_on_its_own():
    for seed in range(300):
        s = first_red([[{"at": "Scopedog", "weapons": ["GAT-49"], "pos": [3, 3]}], [{"infantry": "Machine Gunner Team", "pos": [3, 5]}]],
                      seeds=range(seed, seed + 100))
        act(s, {"unit": "R1", "act": "shoot", "weapon": "GAT-49 Pentatrooper", "target": "B1"})
        s.apply(1, "armor")
        if unit(s, "B1").alive and unit(s, "B1").hp == 1:
            act(s, {"act": "end"})
            assert s.to_move() == (1,) and unit(s, "B1").actions == 1
            return
    raise AssertionError("no seed hit the team once")
