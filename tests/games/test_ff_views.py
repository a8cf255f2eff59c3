"""Fortune Fodder: what a player sees. Property tests (hypothesis): a player's secret choices during setup — team,
secondary objective, mods and buy-ins — never show in the opponent's view or log until both are revealed together;
views are plain JSON; bots see only views."""
import json
from hypothesis import given, settings, strategies as st, HealthCheck
from fortune_suite.engine import replay
from fortune_suite.games.fortune_fodder import FortuneFodder, greedy_bot
from fortune_suite.games.fortune_fodder.teams import sample_teams, sample_upgrades
from fortune_suite.games.fortune_fodder.state import cards_for

CARDS = cards_for("example")
TEAMS = sample_teams(CARDS, 150)
SECS = ["take_names", "bulwark", "stitches", "plan"]


def seen(s, p):
    return json.dumps(s.view(p), sort_keys=True), s.log.to_json(p)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), i=st.integers(0, len(TEAMS) - 1), j=st.integers(0, len(TEAMS) - 1))
def test_secret_team_does_not_leak(seed, i, j):
    a = replay("fortune_fodder", None, seed, [[0, {"team": TEAMS[i]}]])
    b = replay("fortune_fodder", None, seed, [[0, {"team": TEAMS[j]}]])
    assert seen(a, 1) == seen(b, 1)
    assert a.view(0)["my_order"] == {"team": TEAMS[i]}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), s0=st.sampled_from(SECS), s1=st.sampled_from(SECS), k=st.integers(0, 11))
def test_secret_secondary_and_upgrades_do_not_leak(seed, s0, s1, k):
    team0, team1 = TEAMS[0], TEAMS[-1]
    base = [[0, {"team": team0}], [1, {"team": team1}]]
    a = replay("fortune_fodder", None, seed, base + [[1, {"secondary": s0}]])
    b = replay("fortune_fodder", None, seed, base + [[1, {"secondary": s1}]])
    assert seen(a, 0) == seen(b, 0)
    ups = sample_upgrades(CARDS, team1, 150 - sum(CARDS.mechs[m].cost + CARDS.pilots[p].cost for m, p in team1))
    u = ups[k % len(ups)]
    a = replay("fortune_fodder", None, seed, base + [[0, {"secondary": "plan"}], [1, {"secondary": s0}], [1, {"upgrades": u}]])
    b = replay("fortune_fodder", None, seed, base + [[0, {"secondary": "plan"}], [1, {"secondary": s0}], [1, {"upgrades": ups[0]}]])
    assert seen(a, 0) == seen(b, 0)


def test_views_are_json_and_reveal_together():
    s = FortuneFodder.new(seed=5)
    s.apply(0, {"team": TEAMS[0]})
    assert s.view(1)["teams"] == [None, None]
    s.apply(1, {"team": TEAMS[1]})
    assert s.view(1)["teams"] == [TEAMS[0], TEAMS[1]] and s.view(0)["teams"] == [TEAMS[0], TEAMS[1]]
    while not s.is_over and s.round < 2:
        p = s.to_move()[0]
        v = s.view(p)
        assert json.loads(json.dumps(v)) == v
        s.apply(p, greedy_bot(v, s.legal_actions(p), None))
