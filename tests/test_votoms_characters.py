"""VOTOMS character sheets: seeded random campaigns of sheet operations, legal and illegal. After every operation the
sheet still passes its own check and reloads from its JSON unchanged; a refused operation (SheetError) changes nothing;
the XP and Gildan accounts follow the rules' numbers computed here, independently of the module."""
import json, random
import pytest
from fortune_suite.games.votoms import (Character, SheetError, VotomsError, STATS, GROUPS, AT_SKILLS, VEHICLES,
                                        AT_WEAPONS, PERSONAL_WEAPONS, NAMED_SKILLS)

TOTAL = {1: 1, 2: 3, 3: 6, 4: 10}                      # the text's cost table, typed in again here
BUYABLE = [n for n, v in VEHICLES.items()] + [n for n, w in AT_WEAPONS.items() if w.cost] + list(PERSONAL_WEAPONS)
PRICE = {**{n: v.cost for n, v in VEHICLES.items()}, **{n: w.cost for n, w in AT_WEAPONS.items() if w.cost},
         **{n: w.cost for n, w in PERSONAL_WEAPONS.items()}}

def spent(c):
    "XP the sheet holds, from the cost table and the skills' per-level prices."
    sg = sum(TOTAL[v] for v in [*c.stats.values(), *c.groups.values()])
    at = sum(sum(AT_SKILLS[n].costs[:l]) for n, l in c.at_skills.items())
    return sg, at

def step(c, rng):
    "One random operation, legal or not."
    op = rng.choices(["raise", "skill", "sell", "buy", "end", "burn", "surprise", "use", "bad"],
                     weights=[3, 3, 1, 2, 2, 0.4, 1, 1, 1])[0]
    if op == "raise":
        name = rng.choice([*STATS, *GROUPS, "LUCK"])
        return lambda: c.raise_level(name, rng.randint(0, 5))
    if op == "skill":
        name = rng.choice([*AT_SKILLS, "AT Sniping"])
        return lambda: c.buy_skill(name, rng.choice([None, 1, 2, 3, 4]))
    if op == "sell":
        name = rng.choice(list(c.at_skills) or ["AT Dodge"])
        return lambda: c.sell_skill(name, rng.randint(0, 2), referee_allows=rng.random() < 0.7)
    if op == "buy":
        name = rng.choice(BUYABLE + ["Laser", "Mounted Machine Guns"])
        return lambda: c.buy(name)
    if op == "end":
        lost = rng.sample(c.equipment, k=min(len(c.equipment), rng.randint(0, 3))) + (["Laser"] if rng.random() < 0.1 else [])
        return lambda: c.end_game(lost=lost, gildan=rng.choice([None, 0, 50, -1]), award=rng.choice([0, 0, 1]))
    if op == "burn":
        return lambda: c.burn_fate(life_threatening=rng.random() < 0.9)
    if op == "surprise":
        return lambda: c.surprise_move(rng.choice(["kick the grenade back", "ride the missile", "play dead"]), rng.random() < 0.5)
    if op == "use":
        name = rng.choice(list(c.at_skills) or ["AT Block"])
        return lambda: c.use_skill(name)
    return lambda: c.pool(rng.choice([*NAMED_SKILLS, "FLY"]))

@pytest.mark.parametrize("seed", range(25))
def test_random_campaign(seed):
    rng = random.Random(seed)
    c = Character.new(f"pilot {seed}", challenges=[{"name": "a past", "xp": rng.randint(1, 5)}])
    refused = done = 0
    for _ in range(150):
        before = c.to_json()
        was_xp, was_gildan, was_games = c.xp_left(), c.gildan, c.games
        try:
            step(c, rng)()
            done += 1
        except SheetError as e:
            refused += 1
            assert str(e).split(":")[0], e                    # the message starts with the field
            assert c.to_json() == before                      # refused: nothing changed
            continue
        c.check()
        assert Character.from_json(c.to_json()) == c          # the sheet reloads as it is
        sg, at = spent(c)
        assert c.xp_spent() == {"stats": sg, "at": at}
        gained_any = sum(x["xp"] for x in c.challenges) + c.xp_earned
        assert max(0, sg - 15) + max(0, at - 1) <= gained_any  # every purchase was paid for
        left = c.xp_left()
        assert sum(left.values()) == 15 + 1 + gained_any - sg - at - c.xp_burned
        assert all(1 <= v <= 4 for v in [*c.stats.values(), *c.groups.values()])
        for n, l in c.at_skills.items():
            s = AT_SKILLS[n]
            assert 1 <= l <= s.max_level and any(c.stats[k] >= s.needs[l - 1] for k in s.stats)
        assert c.gildan >= 0
        if c.games > was_games:                                # a game was booked: +2 XP (+award), Gildan earned
            assert c.xp_earned >= 2
        assert all(e in PRICE for e in c.equipment)
    assert refused and done

def test_purchases_match_the_text():
    "The rules' own example and prices: strength 2 and FIGHTING 4 roll six dice; AT Marksman 1 / 3 / 5 XP."
    c = Character.new("B", groups={"FIGHTING": 4}, challenges=[{"name": "debt", "xp": 4}])
    c.xp_earned = 2 + 5 + 3 + 5          # STR 1 -> 2, DEX 1 -> 3, AT Marksman levels 2 and 3 (level 1: the AT-skill XP)
    assert c.raise_level("STR", 2) == TOTAL[2] - TOTAL[1] and c.pool("MELEE") == 6
    c.raise_level("DEX", 3)
    assert [c.buy_skill("AT Marksman") for _ in range(3)] == [1, 3, 5] and c.xp_left() == {"stats": 0, "at": 0, "any": 0}
    with pytest.raises(SheetError, match="AT Marksman: 4 is over the maximum 3"): c.buy_skill("AT Marksman")

@pytest.mark.parametrize("bad, field", [
    ({"stats": {"STR": 5, "DEX": 1, "INT": 1, "CHA": 1}}, "stats.STR"),
    ({"at_skills": {"AT Prediction": 1}}, "at_skills.AT Prediction"),
    ({"equipment": ["Laser Cannon"]}, "equipment[0]"),
    ({"gildan": 601}, "gildan"),
    ({"challenges": [{"name": "x", "xp": 6}]}, "challenges"),
    ({"xp_burned": -1}, "xp_burned"),
    ({"uses_left": {"AT Dodge": 1}}, "uses_left.AT Dodge"),
])
def test_bad_sheets_name_the_field(bad, field):
    d = json.loads(Character.new("X").to_json()); d.update(bad)
    with pytest.raises(SheetError) as e: Character.from_json(json.dumps(d))
    assert str(e.value).startswith(field), str(e.value)
    assert isinstance(e.value, VotomsError)
