"""VOTOMS data: the package's checked tables (games.votoms.data) against the data file it ships,
fortune_suite/games/votoms/data/tables.toml. The file is read here on its own — the standard library's TOML reader
and this file's own reading of each field and its default, not the package's loader or checkers — and compared
with the package's records entry by entry, field by field, names in order. Nothing outside the repository is needed.
(That the file's facts and figures are the rules text's tables was checked against the text when it was written.)"""
import json, tomllib
from pathlib import Path
from fortune_suite.games.votoms import (DATA_FILE, TABLES, PERSONAL_WEAPONS, PERSONAL_WEAPONS_DATA, AT_WEAPONS,
                                        AT_WEAPONS_DATA, ARM_GUN, INFANTRY, INFANTRY_DATA, VEHICLES, VEHICLES_DATA,
                                        AT_SKILLS, AT_SKILLS_DATA, STATS, GROUPS, SKILL_GRID, NAMED_SKILLS, LEVEL_COST)

FILE = Path(__file__).resolve().parents[1] / "fortune_suite" / "games" / "votoms" / "data" / "tables.toml"
T = tomllib.loads(FILE.read_text(encoding="utf-8"))

WEAPON_FIELDS = {"name", "dice", "traits", "ammo", "rapid_range", "anti_at", "mount", "cost", "host"}


def weapon_expected(r, scale):
    "What a weapon entry means, read here: (dice, traits, ammo, rapid_range, anti_at, mount, cost, host)."
    assert set(r) <= WEAPON_FIELDS, r
    rapid = r.get("rapid_range", {"personal": 1, "AT": 2}[scale] if "Rapid Fire" in r["traits"] else None)
    return (r["dice"], tuple(r["traits"]), r.get("ammo"), rapid, r.get("anti_at", True),
            r.get("mount", "personal" if scale == "personal" else "Handheld"), r.get("cost"), r.get("host"))


def weapon_record(w):
    return (w.dice, w.traits, w.ammo, w.rapid_range, w.anti_at, w.mount, w.cost, w.host)


def test_the_package_ships_this_file():
    assert DATA_FILE.read_bytes() == FILE.read_bytes()
    assert set(T) == {"personal_weapons", "at_weapons", "arm_gun", "infantry", "vehicles", "at_skills", "stats",
                      "skill_groups", "level_cost", "skill_grid"}


def test_personal_weapons():
    rows = T["personal_weapons"]
    assert len(rows) == 8 and list(PERSONAL_WEAPONS) == [r["name"] for r in rows]
    for r in rows:
        assert weapon_record(PERSONAL_WEAPONS[r["name"]]) == weapon_expected(r, "personal"), r["name"]
    assert PERSONAL_WEAPONS_DATA == rows


def test_at_weapons():
    rows = T["at_weapons"] + [T["arm_gun"]]                  # the table's 14, then the Arm Gun
    assert len(rows) == 15 and list(AT_WEAPONS) == [r["name"] for r in rows]
    for r in rows:
        assert weapon_record(AT_WEAPONS[r["name"]]) == weapon_expected(r, "AT"), r["name"]
        if "host" in r: assert r["host"] in AT_WEAPONS
    assert (AT_WEAPONS_DATA, ARM_GUN) == (T["at_weapons"], T["arm_gun"])


def test_infantry():
    rows = T["infantry"]
    assert len(rows) == 5 and list(INFANTRY) == [r["name"] for r in rows]
    for r in rows:
        assert set(r) <= {"name", "move", "armor", "hits", "melee", "cost", "hurt_action_loss", "weapon"}, r["name"]
        u = INFANTRY[r["name"]]
        assert (u.move, u.armor, u.hits, u.melee, u.cost, u.hurt_action_loss) == \
               (r["move"], r["armor"], r["hits"], r["melee"], r["cost"], r.get("hurt_action_loss", False)), r["name"]
        assert u.weapon.name == r["weapon"].get("name", f"{r['name']} gun")
        assert weapon_record(u.weapon) == weapon_expected({"name": u.weapon.name, **r["weapon"]}, "AT"), r["name"]
    assert INFANTRY_DATA == rows


def test_vehicles():
    rows = T["vehicles"]
    weapons = {w["name"] for w in T["at_weapons"] + [T["arm_gun"]]}
    assert len(rows) == 14 and list(VEHICLES) == [r["name"] for r in rows]
    for r in rows:
        assert set(r) <= {"name", "short", "run", "dash", "swim", "armor", "melee", "cost", "mounted", "waterproof",
                          "height", "transports", "kind"}, r["name"]
        v = VEHICLES[r["name"]]
        assert (v.short, v.run, v.dash, v.swim, v.armor, v.melee, v.cost) == \
               (r["short"], r.get("run"), r["dash"], r["swim"], r["armor"], r["melee"], r["cost"]), r["name"]
        assert v.mounted == tuple(r["mounted"]) and set(r["mounted"]) <= weapons, r["name"]
        assert (v.waterproof, v.height, v.transports, v.kind) == \
               (r.get("waterproof", False), r.get("height"), r.get("transports", 0), r.get("kind", "AT")), r["name"]
    assert VEHICLES_DATA == [{**r, "run": r.get("run")} for r in rows]     # no run: None (TOML writes no null)


def test_at_skills():
    rows = T["at_skills"]
    assert len(rows) == 14 and list(AT_SKILLS) == [r["name"] for r in rows]
    for r in rows:
        s = AT_SKILLS[r["name"]]
        assert (s.kind, s.benefit, s.stats, s.needs, s.costs, s.effect, s.when) == \
               (r["kind"], r["benefit"], tuple(r["stats"]), tuple(r["needs"]), tuple(r["costs"]), r["effect"], r["when"]), r["name"]
        assert (s.outside_at, s.per_turn, s.max_level) == (r.get("outside_at", False), r.get("per_turn", False), len(r["costs"])), r["name"]
    assert [r["kind"] for r in rows] == ["attack"] * 7 + ["defense"] * 7
    assert AT_SKILLS_DATA == rows


def test_grid_and_costs():
    assert STATS == T["stats"] and list(STATS) == ["STR", "DEX", "INT", "CHA"]
    assert GROUPS == tuple(T["skill_groups"]) and len(GROUPS) == 6
    assert SKILL_GRID == {k: tuple(v) for k, v in T["skill_grid"].items()} and list(SKILL_GRID) == list(STATS)
    assert NAMED_SKILLS == {s: (stat, g) for stat, row in T["skill_grid"].items() for s, g in zip(row, T["skill_groups"], strict=True)}
    assert len(NAMED_SKILLS) == 24
    assert LEVEL_COST == {int(k): v for k, v in T["level_cost"].items()} and list(LEVEL_COST) == [1, 2, 3, 4]


def test_tables_is_the_file():
    want = {"personal_weapons": T["personal_weapons"], "at_weapons": T["at_weapons"] + [T["arm_gun"]],
            "infantry": T["infantry"], "vehicles": [{**r, "run": r.get("run")} for r in T["vehicles"]],
            "at_skills": T["at_skills"], "level_cost": T["level_cost"]}
    assert json.dumps(TABLES, sort_keys=True) == json.dumps(want, sort_keys=True)
