"""Fortune Fodder on the engine's protocol: `check_protocol` on seeded random games (legal actions, refusals that change
nothing, replay, save/load, undo, secret orders that never show, decisions asked through the engine, quiet mode)."""
import pytest
from fortune_suite.engine import check_protocol, bots_for, get_bot
from fortune_suite.games.fortune_fodder import FortuneFodder


@pytest.mark.parametrize("options", [{"max_rounds": 1}, {"max_rounds": 1, "draft": True, "scenario": "flag"},
                                     {"max_rounds": 2, "scenario": "tower", "terrain": "standard"}])
def test_check_protocol(options):
    counts = check_protocol("fortune_fodder", seeds=range(3), options=options)
    assert counts["games"] == 3 and counts["actions"] > 30 and counts["quiet_games"] == 3, counts
    assert counts["hidden_swaps"] > 0, counts


def test_decisions_are_asked_through_the_engine():
    "A defender's answer is an engine decision: only that player moves, with exactly the listed choices."
    from fortune_suite.engine import random_playout
    seen = set()
    def check(s):
        if s.decision is not None:
            d = s.decision
            assert s.to_move() == (d.player,) and s.legal_actions(d.player) == d.choices
            assert s.stack[-1]["kind"] == d.kind
            seen.add(d.kind)
    for seed in range(6): random_playout("fortune_fodder", seed, check=check, options={"max_rounds": 2, "scenario": "tower"})
    assert "defend" in seen, seen


def test_bots_registered():
    assert list(bots_for("fortune_fodder"))[:2] == ["random", "greedy"]
    assert get_bot("fortune_fodder", "greedy").fn.__name__ == "greedy_bot"
    assert FortuneFodder.kind.dynamics == "mixed" and FortuneFodder.kind.hidden and FortuneFodder.new(seed=1).players == 2
