"""FMC campaigns (issue 30) played at random over several seeds: every step saved and loaded to the same text, the
sheets valid, the players' view free of unexplored hexes and unseen rooms, fights written back as they ended."""
import json
import numpy as np
import pytest
from fortune_suite.engine import play_bots
from fortune_suite.games import fmc


def party(seed):
    r = np.random.default_rng(seed)
    return [fmc.new_character("Ada", "fighter", kit="a", weapon_choice="sword", items=["rations", "torches"], leather=True, rng=int(r.integers(1e6))),
            fmc.new_character("Bo", "mage", spells=["lullaby", "heal"], items=["rations", "torches", "oil flask"], rng=int(r.integers(1e6))),
            fmc.new_character("Cy", "expert", kit="ab", skills=["navigating the outdoors", "surprising enemies"], items=["rations", "lantern"], rng=int(r.integers(1e6)))]


def again(c):
    t = c.save(); c2 = fmc.Campaign.load(t); assert c2.save() == t; return c2


def players_ok(c):
    v = c.view("players")
    visited = {n for n, h in c.crawl.hexes.items() if h["state"] == "visited"}
    assert set(v["hexes"]) == visited
    if c.crawl.delve is not None:
        assert [r["number"] for r in v["site"]["rooms"]] == c.crawl.delve.visited
        for r in v["site"]["rooms"]:
            assert all(w["to"] is None or w["to"] in c.crawl.delve.visited for w in r["ways"])
    assert not any(e.get("referee") for e in v["log"])
    json.dumps(v)


def fight(c, enc=None):
    before = {m.name: m.xp for m in c.party}
    s = c.skirmish(enc); c = again(c)
    play_bots(s, ["party", "monsters"])
    out = c.conclude(s); c = again(c)
    for i, d in enumerate(s.options.characters):
        f, m = s.by_id[f"p{i + 1}"], c.member(d["name"])
        assert m.damage == min(f.damage, m.hp_max) and m.dead == (f.status in ("dead", "undead"))
        assert m.xp == before[m.name] + out["members"][m.name].get("xp", 0)
    return c


@pytest.mark.parametrize("seed", range(6))
def test_random_campaign(seed):
    g = np.random.default_rng(seed)
    c = again(fmc.Campaign.new(party(seed), seed=seed))
    keep = c.save()
    try: c.buy("rations", 3)
    except fmc.CampaignError as e:                   # a poor party: refused, and nothing changed
        assert "nobody can pay" in str(e) and c.save() == keep
    c = again(c)
    for step in range(8):
        players_ok(c)
        if not c.present or all(m.hp == 0 for m in c.party if not m.dead): break
        h = c.region.hexes.get(c.crawl.position)
        if c.crawl.delve is None and h is not None and h.site is not None and step < 6:
            c.enter_site(); c = again(c)
            for _ in range(3):
                if c.facing():                       # a wandering monster or a room's occupants stop the party: fought
                    if not any(m.hp for m in c.party if not m.dead): break
                    c = fight(c); continue
                ways = [e for e in c.crawl.exits() if not e["state"].endswith("(not found)")]
                hidden = [e for e in c.crawl.exits() if e["state"].endswith("(not found)")]
                if not ways and hidden: c.uncover(hidden[0]["room"]); c = again(c); continue
                if not ways: break
                c.go(ways[int(g.integers(len(ways)))]["room"]); c = again(c); players_ok(c)
                r = c.crawl.delve.site.rooms[c.crawl.delve.room - 1]
                if r.occupants is not None and r.number not in c.sites[c.crawl.position]["cleared"] and any(m.hp for m in c.party if not m.dead):
                    c = fight(c)
            continue
        if c.offered and any(m.hp for m in c.party if not m.dead): c = fight(c); continue
        if c.crawl.delve is not None: break
        c.wander(); c = again(c)
        c.travel(c.crawl.open_hexes()[int(g.integers(len(c.crawl.open_hexes())))]); c = again(c)
    for m in c.party: m.validate()
