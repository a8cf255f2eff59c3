"""Fortune Fodder bots on the new engine: same seeds ⇒ the same games as the pre-issue-9 greedy bot (results recorded
from that code, commit 4ffd83e), in quiet mode and with the full log; the bot registry."""
import json
from pathlib import Path
import pytest
from fortune_suite.engine import play_bots, bots_for
from fortune_suite.games.fortune_fodder import FortuneFodder, greedy_bot

RECORD = json.loads((Path(__file__).parent / "data" / "ff_greedy_seeds.json").read_text())


@pytest.mark.parametrize("quiet", [True, False])
def test_greedy_plays_as_before(quiet):
    seeds = range(len(RECORD["results"])) if quiet else range(4)
    for seed in seeds:
        g = play_bots(FortuneFodder.new(seed=seed, quiet=quiet), ["greedy", "greedy"], seed=seed)
        r = g.result()
        assert r.pop("first") in (0, 1), seed          # who activated first in round 1: reported since the write-up's study (not in the record)
        assert [r, len(g.actions)] == RECORD["results"][seed], seed


def test_registry():
    assert bots_for("fortune_fodder") ["greedy"] is greedy_bot and "random" in bots_for("fortune_fodder")
