"""VOTOMS scenarios and campaign (issue 31): seeded random playouts of every ready scenario under each defence
preference (ask / best / a margin) with the playout invariants checked after every action; the engine's
`check_protocol` on a scenario with characters; skill checks, Burn Fate and surprise moves in quiet mode keep the same
records as with the log; a campaign file round-trips through load/save byte for byte after every step."""
import pytest
from fortune_suite.engine import random_playout, check_protocol, play_bots
from fortune_suite.games.votoms import Votoms, Character, Campaign, SCENARIOS, scenario_options
from test_votoms_playouts import check

SQUAD = [{"at": "Scopedog", "weapons": ["GAT-22", "HGAT-01"], "skills": {"AT Dodge": 1, "Warn": 1}},
         {"at": "Brutishdog", "weapons": ["HRAT-23"], "skills": {"AT Marksman": 1}}]
PREFS = ["ask", "best", 0.1, {1: "best"}]


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_scenario_playouts(name):
    for seed in range(40):
        opts = scenario_options(name, SQUAD, defend=PREFS[seed % len(PREFS)])
        s = random_playout("votoms", seed, options=opts, quiet=True, check=check, max_steps=5000)
        r = s.result()
        assert s.is_over and 1 <= r["rounds"] <= SCENARIOS[name].max_rounds and set(r["winners"]) <= {0, 1}


def chirico():
    return Character.new("Chirico", stats={"DEX": 2}, groups={"ESCAPING": 2}, equipment=["Scopedog", "GAT-22"])


def test_protocol_with_characters():
    opts = scenario_options("river", SQUAD[:1], characters={"R1": chirico().to_dict()}, defend=0.05)
    counts = check_protocol("votoms", seeds=range(1), options=opts)
    assert counts["games"] == 1


def test_checks_quiet_and_logged_agree():
    opts = scenario_options("arena", SQUAD[:1], characters={"R1": chirico().to_dict()}, first=0)
    acts = [(0, {"act": "check", "unit": "R1", "stat": "DEX", "group": "ESCAPING", "target": 12, "life": True})]
    loud = Votoms.new(opts, 3)
    for p, a in acts: loud.apply(p, a)
    if loud.decision is not None: acts.append((0, "burn")); loud.apply(0, "burn")
    acts.append((0, {"act": "surprise", "unit": "R1", "move": "Jumps the pit wall", "stat": "DEX", "group": "ESCAPING", "target": 3}))
    loud.apply(*acts[-1])
    quiet = Votoms.new(opts, 3, quiet=True)
    for p, a in acts: quiet.apply(p, a)
    assert quiet.checks == loud.checks and quiet.burned == loud.burned and quiet.surprises == loud.surprises
    assert len(quiet.log.events) == 0 and any(e.kind == "check" for e in loud.log.events)


def test_campaign_file_round_trips():
    camp = Campaign.new([chirico()], seed=4)
    for name in ("arena", "river"):
        s = camp.battle(name, defend="best")
        assert Campaign.load(camp.save()).save() == camp.save()
        camp.conclude(play_bots(s, ["greedy", "greedy"], seed=1))
        assert Campaign.load(camp.save()).save() == camp.save()
    c = camp.character("Chirico")
    assert (c.games, c.xp_earned) == (2, 4) and c.gildan >= 150 + 40
