"""VOTOMS: `state.odds(player, action)`, the exact odds of an attack before it is declared. Over every attack action
offered in seeded greedy battles (skills, Aim, melee, infantry): the state is unchanged, and the numbers are those of
the defence question the same attack asks once declared (on a copy), turned into odds by the game's `battle_odds`; a
bad call gets the game's error naming the problem."""
import copy
import pytest
from fortune_suite.engine import get_bot
from fortune_suite.engine.testing import assert_unchanged
from fortune_suite.games.votoms import Votoms, VotomsError, battle_odds

SKILLED = {"squads": [[{"at": "Scopedog", "weapons": ["GAT-22"], "skills": {"AT Marksman": 1, "AT Prediction": 1}, "pilot": "Chirico"},
                       {"at": "Brutishdog", "weapons": ["HRAT-23"], "skills": {"AT Killing Blow": 1}}],
                      [{"at": "Scopedog", "weapons": ["HRAT-23"], "skills": {"AT Dodge": 1, "AT Block": 1}},
                       {"at": "Fatty", "weapons": ["GAT-49", "HGAT-01"], "skills": {"AT Evade": 1}}]],
           "budget": 0, "max_rounds": 4}
CASES = [({}, 3), (SKILLED, 11), ({"opponent": "infantry", "max_rounds": 4}, 5),
         ({"squads": [[{"at": "Boxing Dog"}, {"at": "Scopedog", "weapons": ["GAT-49"]}], [{"at": "Strike Dog"}, {"at": "Zwerg"}]],
           "budget": 0, "table": "open", "max_rounds": 4}, 2)]


def declared(s, p, a):
    "The odds of the defence question that declaring `a` on a copy asks (None if another question comes first)."
    c = copy.deepcopy(s)
    c.apply(p, a)
    d = c.decision
    if d is None or d.kind != "defend": return None
    q = d.data
    return {k: {"dice": e["dice"], **battle_odds(q["attack_dice"], e["dice"], q["hp"], tuple(e["tokens"]), *q["rules"])}
            for k, e in q["defend"].items()}


@pytest.mark.parametrize("opts,seed", CASES)
def test_odds_match_the_declared_question(opts, seed):
    s = Votoms.new(opts, seed)
    bot = get_bot("votoms", "greedy")
    import numpy as np
    rng = np.random.default_rng(seed)
    compared = unchanged = 0
    while not s.is_over:
        p = s.to_move()[0]
        v = s.view(p)
        if s.decision is None:
            for i, a in enumerate(x for x in v["legal_actions"] if x.get("act") in ("shoot", "melee")):
                if i % 3 == 0:
                    with assert_unchanged(s, "odds"): o = s.odds(p, a)
                    unchanged += 1
                else: o = s.odds(p, a)
                want = declared(s, p, a)
                if want is None: continue          # a melee answered first by Snap Fire: no defence question yet
                assert o == want, (a, o, want)
                compared += 1
        s.apply(p, bot.fn(v, v["legal_actions"], rng))
    assert compared >= 10 and unchanged >= 3, (compared, unchanged)


def test_bad_calls_name_the_problem():
    s = Votoms.new({}, 3)
    p = s.to_move()[0]
    with assert_unchanged(s):
        with pytest.raises(VotomsError, match="odds are for an attack"): s.odds(p, {"act": "end"})
        with pytest.raises(VotomsError, match="has no attack to declare now"): s.odds(1 - p, {"unit": "R1", "act": "shoot", "weapon": "GAT-22 Heavy Machinegun", "target": "B1"})
        with pytest.raises(VotomsError, match="illegal action"): s.odds(p, {"unit": "R1", "act": "shoot", "weapon": "Laser", "target": "B1"})
