"""OpenSpiel's own checks on our games, in a quick form (issue 32): `pyspiel.random_sim_test` with serialization, the
`sim_game` of OpenSpiel's games_sim_test run as an absltest case, and `rl_environment` stepping random legal actions
on observation tensors — for every game `fortune_suite.interop.openspiel` registers, at 2, 3 and 5 players where the
game allows them."""
import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
fos = pytest.importorskip("fortune_suite.interop.openspiel")
from fortune_suite.engine import get_game, known_games

CASES = [(name, n) for name in fos.REGISTERED for n in (2, 3, 5)
         if get_game(name[3:]).kind.min_players <= n <= get_game(name[3:]).kind.max_players]
SIMS = {2: 3, 3: 2, 5: 1}     # fewer sims for bigger tables: the whole interop run stays under two minutes
FEWER = {"fs_fortune_fodder": 1,   # a long game, serialized and rebuilt at every step: one sim (about 20 s) is its quick form
         "fs_spcfkrs": 1,          # the same: forces built step by step, then every fighter's order steps (2 sims at 3 players took 23 s)
         "fs_votoms": 1,           # 8 rounds of contests, every die a chance node, serialized at each step: 3 sims took 11 s, one about 4 s
         "fs_fmc": 1}              # every d20 and damage die a chance node, serialized at every step: 3 sims took 17 s, one about 6 s


def load(name, n):
    return pyspiel.load_game(name, {"players": n})


def test_every_game_with_a_codec_is_registered():
    shipped = [g for g in known_games() if get_game(g).__module__.startswith("fortune_suite.games.")]   # (not test games)
    want = {f"fs_{g}" for g in shipped if get_game(g).action_space(get_game(g).make_options(None)) is not None}
    assert want <= set(fos.REGISTERED) and {"fs_pig", "fs_fomo", "fs_fortune_fodder", "fs_spcfkrs", "fs_fmc", "fs_votoms"} <= want
    assert set(fos.REGISTERED) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name,n", CASES)
def test_random_sim_test(name, n):
    pyspiel.random_sim_test(load(name, n), num_sims=FEWER.get(name, SIMS[n]), serialize=True, verbose=False)


@pytest.mark.parametrize("name,n", CASES)
def test_games_sim_test_sim_game(name, n):
    from open_spiel.python.tests import games_sim_test
    case = games_sim_test.GamesSimTest("test_pig")       # an absltest case of OpenSpiel's suite; sim_game is its method
    np.random.seed(n)
    case.sim_game(load(name, n))


@pytest.mark.parametrize("name,n", CASES)
def test_rl_environment_on_observation_tensors(name, n):
    from open_spiel.python import rl_environment
    env = rl_environment.Environment(name, players=n, observation_type=rl_environment.ObservationType.OBSERVATION)
    size = env.game.observation_tensor_size()
    rng = np.random.default_rng(n)
    ts, steps = env.reset(), 0
    while not ts.last():
        p = ts.observations["current_player"]
        assert all(len(ts.observations["info_state"][q]) == size for q in range(n))
        ts = env.step([int(rng.choice(ts.observations["legal_actions"][p]))])
        steps += 1
    assert steps > 0 and abs(sum(ts.rewards)) < 1e-9 and (max(ts.rewards) > 0 or max(map(abs, ts.rewards)) == 0)   # a win, or a draw (Fortune Fodder: 0 VP each)


def test_fmc_sizes_and_chance_nodes():
    "FMC as OpenSpiel sees it: the codec's ids and array (nb 64a), and a chance node's exact odds (a surprise toss: a d6)."
    fmc = load("fs_fmc", 2)
    assert (fmc.num_distinct_actions(), fmc.max_chance_outcomes(), fmc.observation_tensor_shape()) == (4293, 30, [8641])
    st = fmc.new_initial_state()
    assert st.is_chance_node()
    outs = st.chance_outcomes()
    assert len(outs) == 6 and all(abs(p - 1 / 6) < 1e-12 for _, p in outs)      # (outcome ids are the faces' places)
