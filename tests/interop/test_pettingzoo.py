"""PettingZoo's own checks on our games, in a quick form (issue 32): `api_test` and `seed_test` on the AEC environment
of every game with a codec (2, 3 and 5 players where allowed), `parallel_api_test` on the parallel environment of
every game with a codec and secret simultaneous orders (kind 'simultaneous' or 'mixed': SPCFKRS in both its modes,
Fortune Fodder, Pig) and on a small simultaneous game defined here. The games come from the registry: a game that
gains a codec joins every check here without a change to this file."""
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


def _variants(game):
    "The option sets a game's parallel check runs on: its defaults, and each other value its options offer for a `mode` (SPCFKRS: phased)."
    G = get_game(game)
    if "mode" not in G.Options.__dataclass_fields__: return [{}]
    default = G.make_options(None).mode
    others = sorted(m for m in getattr(G.Options, "choices", {}).get("mode", ()) if m != default)
    return [{}] + [{"mode": m} for m in others]


PARALLEL = [(g, kw) for g in GAMES if get_game(g).kind.secret_orders for kw in _variants(g)]
CYCLES = {"spcfkrs": 50, "fortune_fodder": 100}      # long games, each step observing every agent: a quick form (1 to 3 s each)


@pytest.mark.parametrize("game,options", PARALLEL, ids=[f"{g}-{kw.get('mode', 'default')}" for g, kw in PARALLEL])
def test_parallel_api_test(game, options):
    parallel_api_test(fpz.parallel_env(game, **options), num_cycles=CYCLES.get(game, 200))


@pytest.mark.parametrize("game,options", PARALLEL, ids=[f"{g}-{kw.get('mode', 'default')}" for g, kw in PARALLEL])
def test_parallel_same_seed_same_game(game, options):
    # PettingZoo's parallel_seed_test samples ids without the masks (our environments refuse an illegal id), so the same
    # check here with masked sampling: two environments, one seed, the same actions => the same observations and rewards
    # (the dice are rolled inside the environment from its seed)
    envs = [fpz.parallel_env(game, **options) for _ in range(2)]
    got = [e.reset(seed=42)[0] for e in envs]
    rng = np.random.default_rng(0)
    for _ in range(CYCLES.get(game, 200)):
        assert got[0].keys() == got[1].keys() and all(np.array_equal(got[0][a][k], got[1][a][k]) for a in got[0] for k in got[0][a])
        if not envs[0].agents: break
        acts = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in got[0].items()}
        steps = [e.step(acts) for e in envs]
        assert steps[0][1] == steps[1][1] and steps[0][2] == steps[1][2]
        got = [s[0] for s in steps]
    assert envs[0].state == envs[1].state


def test_parallel_takes_every_game_with_secret_orders():
    want = {g for g in GAMES if get_game(g).kind.dynamics != "sequential"}
    assert {"spcfkrs", "fortune_fodder", "pig"} <= want and want == {g for g, _ in PARALLEL}
    assert {kw.get("mode") for g, kw in PARALLEL if g == "spcfkrs"} == {None, "phased"}   # the default is the orders mode


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


def test_parallel_spcfkrs_takes_both_sides_orders_in_one_step_and_noops_in_phased_mode():
    # SPCFKRS's kind is 'mixed': in the orders mode both sides write each fighter's order at once (one step, both act);
    # phase by phase one side acts at a time and the other's mask holds only the no-op (the codec's size)
    sp = get_game("spcfkrs").action_space(get_game("spcfkrs").make_options({"forces": [[[], []], [[]]]}))
    par = fpz.parallel_env("spcfkrs", players=2, forces=[[[], []], [[]]])
    obs, _ = par.reset(seed=3)
    assert par.noop == sp.size and par.action_space("player_0").n == sp.size + 1
    assert [obs[a]["action_mask"][par.noop] for a in par.agents] == [0, 0]
    par.step({"player_0": int(sp.encode({"unit": "red-1", "act": None})), "player_1": int(sp.encode({"unit": "blue-1", "act": None}))})
    assert [p for p, _ in par.state.actions] == [0, 1]
    ph = fpz.parallel_env("spcfkrs", mode="phased")
    obs, _ = ph.reset(seed=1)
    rng, seen = np.random.default_rng(1), 0
    while ph.agents and not seen:
        movers = ph.state.to_move()
        if len(movers) == 1:
            idle = ph.possible_agents[1 - movers[0]]
            assert np.flatnonzero(obs[idle]["action_mask"]).tolist() == [ph.noop]
            with pytest.raises(RulesError, match=f"{idle} has nothing to decide now"):
                ph.step({ph.possible_agents[movers[0]]: 0, idle: 0})
            seen = 1
        obs, *_ = ph.step({a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in obs.items()})
    assert seen


def test_parallel_refuses_a_sequential_game():
    with pytest.raises(RulesError, match="fomo is not a simultaneous-order game \\(its turns are sequential, one player at a time\\): use pettingzoo.env"):
        fpz.parallel_env("fomo", players=3)
