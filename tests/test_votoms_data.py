"""VOTOMS data against the rules text itself: every table of rules/003_… (tab-separated in the text) is parsed here,
independently of games.votoms.data, and compared entry by entry with the checked tables."""
import os, re
from pathlib import Path
import pytest
from fortune_suite.games.votoms import (VEHICLES, AT_WEAPONS, AT_WEAPONS_DATA, PERSONAL_WEAPONS, INFANTRY, AT_SKILLS,
                                        SKILL_GRID, GROUPS, STATS, LEVEL_COST, NAMED_SKILLS, vehicle, at_weapon)

RULES = Path(os.environ.get("VOTOMS_RULES", "/work/shared/rules/003_576084c78bbe7ef9.txt"))
pytestmark = pytest.mark.skipif(not RULES.exists(), reason=f"rules text not found at {RULES}")

def table(header):
    "The rows (lists of cells) of the tab-separated table whose header line starts with `header`."
    lines = RULES.read_text(encoding="utf-8").splitlines()
    i = next(k for k, l in enumerate(lines) if l.startswith(header))
    rows = []
    for l in lines[i + 1:]:
        if "\t" not in l:
            if rows: break
            continue
        rows.append([c.strip() for c in l.split("\t")])
    return rows

def num(s): return None if s in ("--", "") else int(s)
STAT = {"Str": "STR", "Dex": "DEX", "Int": "INT", "Chr": "CHA"}

SAID = {"Mounted Machine Gun": "Mounted Machine Guns", "Dual Missile": "Dual Missile Pod", "Arm Gun (as GAT-22C)": "Arm Gun"}

def test_vehicles():
    rows = table("ATS and other vehicles")
    assert len(rows) == len(VEHICLES) == 14
    for name, run, dash, swim, armor, melee, mounted, cost in rows:
        v = VEHICLES[name]
        assert (v.run, v.dash, v.swim, v.armor, v.melee, v.cost) == (num(run), num(dash), num(swim), num(armor), num(melee), num(cost)), name
        said = [m.strip() for m in re.split(r"[,.]", mounted) if m.strip() and not m.strip().startswith("Transports")]
        assert [SAID.get(m, m) for m in said] == list(v.mounted), name
        assert v.transports == (4 if "Transports 4" in mounted else 0)
        assert v.waterproof == ("WP" in re.split(r"[- ]", name)), name             # the WP designations
    g = at_weapon("GAT-22C")
    assert (at_weapon("Arm Gun").dice, at_weapon("Arm Gun").traits) == (g.dice, g.traits)

def test_at_weapons():
    rows = table("AT WEAPONS")
    assert len(rows) == len(AT_WEAPONS_DATA) == 14
    for name, dice, special, mount, cost in rows:
        w = AT_WEAPONS[name]
        assert w.dice == (1 if dice == "1/rocket" else int(dice)), name
        traits = [t.strip() for t in special.split(",")]
        assert list(w.traits) == [re.sub(r" \d+$", "", t) for t in traits], name
        ammo = [int(t.split()[1]) for t in traits if t.startswith("Ammo")]
        assert w.ammo == (ammo[0] if ammo else None), name
        assert w.mount == mount and w.cost == num(cost), name
        assert w.rapid_range == (2 if "Rapid Fire" in traits else None), name
    assert at_weapon("SMAT-38").pool(3) == 3 + 1              # "1/rocket", Salvo: that many dice, plus one

def test_personal_weapons():
    rows = table("PERSONAL WEAPONS")
    assert len(rows) == len(PERSONAL_WEAPONS) == 8
    for name, dice, special, anti, cost in rows:
        w = PERSONAL_WEAPONS[name]
        traits = [t.strip() for t in special.split(",")]
        assert (w.dice, w.anti_at, w.cost) == (int(dice), anti == "yes", int(cost)), name
        assert list(w.traits) == [re.sub(r" \d+$", "", t) for t in traits], name
        assert w.rapid_range == (1 if "Rapid Fire" in traits else None), name

def test_infantry():
    rows = table("ENEMY INFANTRY")
    assert len(rows) == len(INFANTRY) == 5
    for name, move, armor, melee, shooting, cost in rows:
        u = INFANTRY[name]
        assert (u.move, u.armor, u.melee, u.cost) == (int(move), int(armor.split()[0]), int(melee), int(cost)), name
        assert u.hits == (2 if "(2 hits)" in armor else 1) and u.hurt_action_loss == ("-1 action" in shooting), name
        assert u.weapon.dice == int(shooting.split()[0]), name
        for t in ("Aim", "Long Range", "Blast", "Rapid Fire"):
            assert u.weapon.has(t) == (t in shooting), (name, t)
        if "Rapid Fire 1 stick" in shooting: assert u.weapon.rapid_range == 1

def test_at_skills():
    rows = table("ATTACK SKILLS") + table("DEFENSE SKILLS")
    assert len(rows) == len(AT_SKILLS) == 14
    for name, benefit, prereq, max_level, cost in rows:
        s = AT_SKILLS[name.rstrip("*")]
        assert s.outside_at == name.endswith("*"), name
        assert s.max_level == int(max_level), name
        assert list(s.costs) == [int(c) for c in cost.split("/")], name
        stats, values = re.fullmatch(r"([A-Za-z ]+?) ([\d / ]+)", prereq).groups()
        assert list(s.stats) == [STAT[x.strip()] for x in stats.split(" or ")], name
        values = [int(v) for v in values.split("/")]
        assert list(s.needs) == (values if len(values) > 1 else values * s.max_level), name
    assert all(AT_SKILLS[n.rstrip("*")].kind == "attack" for n, *_ in table("ATTACK SKILLS"))
    assert all(AT_SKILLS[n.rstrip("*")].kind == "defense" for n, *_ in table("DEFENSE SKILLS"))

def test_grid_and_costs():
    rows = table("STATS\tFIGHTING")
    header = RULES.read_text(encoding="utf-8").split("STATS\t", 1)[1].splitlines()[0].split("\t")
    assert [h.strip() for h in header] == list(GROUPS)
    for stat, *skills in rows[:4]:
        key = next(k for k, full in STATS.items() if full == stat)
        assert list(SKILL_GRID[key]) == skills
        for sk, g in zip(skills, GROUPS): assert NAMED_SKILLS[sk] == (key, g)
    text = RULES.read_text(encoding="utf-8")
    lv = re.search(r"LEVEL\t1\t2\t3\t4\s*\nCOST\t(\d+)\t(\d+)\t(\d+)\t(\d+)", text)
    assert {k + 1: int(v) for k, v in enumerate(lv.groups())} == LEVEL_COST
