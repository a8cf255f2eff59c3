"""PettingZoo's own checks on our games, in a quick form (issue 32): `api_test` and `seed_test` on the AEC environment
of every game with a codec (2, 3 and 5 players where allowed), and `parallel_api_test` on a small simultaneous game
defined here (none of the codec'd games is simultaneous throughout)."""
from dataclasses import dataclass
import numpy as np
import pytest

pytest.importorskip("pettingzoo")
fpz = pytest.importorskip("fortune_suite.interop.pettingzoo")
from pettingzoo.test import api_test, parallel_api_test, seed_test
from fortune_suite.engine import Game, GameKind, State, ActionSpace, register_game, get_game, known_games, RulesError

GAMES = [g for g in known_games() if get_game(g).__module__.startswith("fortune_suite.games.")
         and get_game(g).action_space(get_game(g).make_options(None)) is not None]
CASES = [(g, n) for g in GAMES for n in (2, 3, 5) if get_game(g).kind.min_players <= n <= get_game(g).kind.max_players]


@pytest.mark.parametrize("game,n", CASES)
def test_api_test(game, n):
    api_test(fpz.env(game, players=n), num_cycles=300)


@pytest.mark.parametrize("game,n", CASES)
def test_seed_test(game, n):
    seed_test(lambda: fpz.env(game, players=n), num_cycles=100)


@dataclass(frozen=True)
class OddEvenOptions:
    rounds: int = 4


class OddEvenState(State):
    "Each round every player shows one or two fingers in secret; the sum's parity scores (odd: player 0, even: the rest); a d4 breaks a tie."
    def _setup(self): self.round, self.points, self.tiebreak = 1, [0] * self.players, None
    def _to_move(self): return tuple(range(self.players)) if self.round <= self.options.rounds else ()
    def _legal(self, p): return [1, 2]
    def _resolve(self, orders):
        odd = sum(orders.values()) % 2
        for p in range(self.players):
            if (p == 0) == bool(odd): self.points[p] += 1
        self.round += 1
        if self.round > self.options.rounds: self.tiebreak = self.roll("1d4", "tiebreak").total
    def _view(self, p): return {"round": self.round, "points": list(self.points)}
    def _result(self):
        best = max(self.points)
        return {"winners": [p for p in range(self.players) if self.points[p] == best], "scores": self.points}


@register_game
class OddEven(Game):
    name, Options, State = "odd_even_test", OddEvenOptions, OddEvenState
    kind = GameKind("simultaneous", chance=True, hidden=True, min_players=2, max_players=2)
    @classmethod
    def action_space(cls, options=None): return ActionSpace([1, 2], cls.name)
    @classmethod
    def observation_shape(cls, options=None): return (5,)
    @classmethod
    def encode_view(cls, v): return np.array([v["player"] == 0, v["player"] == 1, v["round"] / 10, *v["points"]], np.float32)


def test_parallel_api_test_on_a_simultaneous_game():
    parallel_api_test(fpz.parallel_env("odd_even_test", rounds=6), num_cycles=200)


def test_spcfkrs_aec_env_masks_the_order_steps_of_the_fighter_due():
    env = fpz.env("spcfkrs", players=2, forces=[[[], []], [[]]])      # the battle at once: Red writes Red 1's action first
    env.reset(seed=3)
    obs = env.observe("player_0")
    sp = get_game("spcfkrs").action_space(env.options)
    ids = np.flatnonzero(obs["action_mask"]).tolist()
    assert obs["observation"].shape == get_game("spcfkrs").observation_shape(env.options)
    assert ids == sp.at(env.state, 0).ids() and len(ids) == len(env.state.legal_actions(0))
    assert all(sp.at(env.state, 0).decode(i)["unit"] == "red-1" for i in ids)
    env.step(int(sp.encode({"act": None})))                            # Red 1 passes; Blue's turn to write
    assert env.state.pending[0] == {"unit": "red-1", "act": None} and env.agent_selection == "player_1"


def test_parallel_refuses_spcfkrs_for_now():
    # SPCFKRS's secret orders are simultaneous, but its phase-by-phase mode is not (its kind is 'mixed'): the parallel
    # environment takes only games whose kind is 'simultaneous' throughout, so SPCFKRS plays as an AEC environment
    with pytest.raises(RulesError, match="spcfkrs is not a simultaneous-order game"):
        fpz.parallel_env("spcfkrs", players=2)


def test_parallel_refuses_a_sequential_game():
    with pytest.raises(RulesError, match="fomo is not a simultaneous-order game"):
        fpz.parallel_env("fomo", players=3)
