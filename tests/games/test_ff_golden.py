"""Fortune Fodder: a golden seeded game (greedy against greedy, Destroy the Tower on the standard table) whose
referee's log is compared line by line with the stored copy; and the same game replayed from its save."""
from pathlib import Path
from fortune_suite.engine import play_bots, load_game
from fortune_suite.engine.testing import golden_check
from fortune_suite.games.fortune_fodder import FortuneFodder, greedy_bot

GOLDEN = Path(__file__).parent / "data" / "ff_golden.txt"
OPTIONS = {"teams": [[["Bulwark", "Vega"], ["Longshot", "Ash"], ["Pyre", "Rook"]],
                     [["Breaker", "Juno"], ["Skirmisher", "Kestrel"], ["Wisp", "Brick"]]],
           "upgrades": [{"mods": [[1, "Scouter", "Rail Lance"]]}, {"mods": [[2, "Auto Stimmy Medical Kit"]]}],
           "scenario": "tower", "terrain": "standard", "secondaries": ["take_names", "bulwark"], "max_rounds": 2, "points": 160}
SEED = 2024


def golden_game():
    return play_bots(FortuneFodder.new(OPTIONS, SEED), [greedy_bot, greedy_bot])


def test_golden_log():
    g = golden_game()
    lines = golden_check(g, GOLDEN)          # GOLDEN_UPDATE=1 pytest … rewrites it after an intended change
    assert g.is_over and lines[-1].startswith("Game over after round 2")


def test_golden_save_replays():
    g = golden_game()
    h = load_game(g.save())
    assert h.log.lines() == g.log.lines() and h.result() == g.result()
    from fortune_suite.engine import replay
    assert g.copy().undo(5).log.lines() == replay("fortune_fodder", OPTIONS, SEED, g.actions[:-5]).log.lines()

