"""VOTOMS: 1,000 seeded random playouts (the engine's `random_playout`) over several set-ups — the default squads on each
table, squads against infantry, squads full of skills and odd weapons — with the invariants checked after every action:
armor (hits) never below 0 nor above the maximum, a destroyed unit is never offered an action nor asked a decision,
stun markers never negative, every game ends with a result; and the engine's `check_protocol` on a few of them."""
import pytest
from fortune_suite.engine import random_playout, check_protocol
from fortune_suite.games.votoms import Votoms

SKILLS = {"AT Marksman": 2, "AT Dodge": 1, "AT Killing Blow": 1, "AT Block": 1, "AT Prediction": 1, "AT Evade": 1,
          "Advise": 1, "Warn": 1, "AT Deflect": 1, "AT Grapple": 1, "AT Drive By": 1, "AT Dual Fire": 1, "AT Repair": 1}
MIXED = [[{"at": "Scopedog", "weapons": ["GAT-22", "HGAT-01"], "skills": SKILLS}, {"at": "Brutishdog", "weapons": ["HRAT-23", "SMAT-38"]},
          {"at": "Zwerg", "weapons": ["FTAT-16"]}],
         [{"at": "Diving Beetle", "weapons": ["GAT-35"], "skills": SKILLS}, {"at": "Ecrivisse", "weapons": ["SAT-03", "MAT-02"]},
          {"infantry": "Missile Launcher Team"}]]
SETUPS = [{}, {"table": "ridge"}, {"table": "open"}, {"opponent": "infantry"}, {"squads": MIXED, "budget": 0},
          {"squads": MIXED, "budget": 0, "table": "ridge", "ties": "cancel", "overkill": "count"}]
GAMES = [200, 200, 200, 200, 100, 100]      # 1,000 in all (the skilled squads cost the most: exact rerolls)


def check(s):
    for u in s.units:
        assert 0 <= u.hp <= u.max_hp, f"seed {s.seed}: {u.label} has {u.hp} hits of {u.max_hp}"
        assert u.stun >= 0
        if u.destroyed: assert u.hp == 0 or u.kind == "pilot", f"seed {s.seed}: {u.label} destroyed with {u.hp} hits"
    dead = {u.id for u in s.units if u.destroyed}
    d = s.decision
    if d is not None and d.kind in ("charge", "snap"): assert d.data["unit"] not in dead, f"seed {s.seed}: a destroyed unit is asked {d.kind}"
    if d is None and s.to_move():
        for a in s.legal_actions(s.to_move()[0]):
            assert a.get("unit") not in dead, f"seed {s.seed}: destroyed {a['unit']} is offered {a}"


@pytest.mark.parametrize("k", range(len(SETUPS)))
def test_random_playouts(k):
    for seed in range(k * 1000, k * 1000 + GAMES[k]):
        s = random_playout("votoms", seed, options=SETUPS[k], quiet=True, check=check, max_steps=5000)
        r = s.result()
        assert s.is_over and r is not None and 1 <= r["rounds"] <= s.options.max_rounds
        assert set(r["winners"]) <= {0, 1}


@pytest.mark.parametrize("k", [0, 4])
def test_protocol(k):
    counts = check_protocol("votoms", seeds=range(1), options=SETUPS[k])
    assert counts["games"] == 1 and counts["decisions"] > 0
