"""`State.copy()` without replay, for every game (issue 32): `check_copy` asserts on seeded random games, full and quiet,
that a copy agrees with its original on everything observable (save, log, roller, decisions, orders, views and legal
actions of every seat), that playing either leaves the other unchanged, and that both go on alike with the same dice
to come. And, once per game, a planted slip — an attribute play changes, declared shared — that the kit must catch."""
import dataclasses
import pytest
from fortune_suite.engine import Game, get_game, register_game, check_copy, random_playout

GAMES = ["pig", "fomo", "spcfkrs", "fortune_fodder", "fmc", "votoms"]
SEEDS = {"spcfkrs": range(1), "fortune_fodder": range(1)}          # the two slow ones: one game each
OPTIONS = {"fomo": [None, {"players": 4}], "spcfkrs": [None, {"players": 3}]}
PLANTED = {"pig": "scores", "fomo": "stacks", "spcfkrs": "battle", "fortune_fodder": "units", "fmc": "figures", "votoms": "units"}


@pytest.mark.parametrize("quiet", [False, True], ids=["full", "quiet"])
@pytest.mark.parametrize("name", GAMES)
def test_copy_is_exact_and_independent(name, quiet):
    for options in OPTIONS.get(name, [None]):
        c = check_copy(name, seeds=SEEDS.get(name, range(3)), options=options, quiet=quiet)
        assert c["copies"] >= 2 * 3 * c["games"] and c["actions played on"] > 0, c


@pytest.mark.parametrize("name", GAMES)
def test_copy_kit_catches_a_planted_slip(name):
    g = get_game(name)
    attr = PLANTED[name]
    assert attr in vars(random_playout(name, 0, quiet=True)), f"{name} has no attribute {attr!r} to plant"
    state = type(f"Planted{g.State.__name__}", (g.State,), {"copy_shared": (*g.State.copy_shared, attr)})
    planted = register_game(type(f"Planted_{name}", (g,), {"name": f"planted_{name}", "State": state}))
    with pytest.raises(AssertionError, match="playing on the copy made at action|differs from the original|went on differently"):
        check_copy(planted, seeds=range(2), quiet=True)
