"""VOTOMS: a golden seeded battle (greedy against greedy, the default squads on the standard table, seed 7) whose
referee's log is compared line by line with the stored copy; the same battle replayed from its save; and a
golden game's events carry the round and the units' names (what the app's log entries read)."""
from pathlib import Path
from fortune_suite.engine import play_bots, load_game, replay
from fortune_suite.engine.testing import golden_check
from fortune_suite.games.votoms import Votoms

GOLDEN = Path(__file__).parent / "data" / "votoms_golden.txt"
OPTIONS = {"squads": [[{"at": "Scopedog", "weapons": ["GAT-22"], "skills": {"AT Marksman": 1}, "pilot": "Chirico"},
                       {"at": "Brutishdog", "weapons": ["HRAT-23"]}],
                      [{"at": "Scopedog", "weapons": ["HRAT-23"], "skills": {"AT Dodge": 1}},
                       {"at": "Fatty", "weapons": ["GAT-49", "HGAT-01"]}]],
           "budget": 1000, "table": "standard", "max_rounds": 6}
SEED = 7


def golden_game():
    return play_bots(Votoms.new(OPTIONS, SEED), ["greedy", "greedy"], seed=SEED)


def test_golden_log():
    g = golden_game()
    lines = golden_check(g, GOLDEN)          # GOLDEN_UPDATE=1 pytest … rewrites it after an intended change
    assert g.is_over and lines[-1].startswith("Game over after round")


def test_golden_save_replays():
    g = golden_game()
    h = load_game(g.save())
    assert h.log.lines() == g.log.lines() and h.result() == g.result()
    assert g.undo(5).log.lines() == replay("votoms", OPTIONS, SEED, g.actions[:-5]).log.lines()


def test_events_name_round_and_units():
    g = golden_game()
    cs = [e for e in g.log.events if e.kind == "contest"]
    assert cs, "the golden game has contests"
    for e in cs:
        d = e.data
        assert isinstance(d["round"], int) and d["target"] and d["defence"] in ("move", "armor", "melee")
        assert 0 <= d["odds"]["win"] <= 1 and "%" in e.text and f"Round {d['round']}" in e.text

