"""FMC through the kit's one simulator: `simulate("fmc", …)` and `fortune-suite simulate fmc --option …` report the
party's survival, the clear rate and the experience gained (the game's `sim_columns`), each rate with its Wilson
interval; the numbers agree with the games played one by one."""
import json
from fortune_suite.engine import play_bots, get_game
from fortune_suite.simkit import simulate, simulate_cli, wilson


def test_columns_match_the_games():
    r = simulate("fmc", 30, seed=5, options={"encounter": "6 hoblin, 4 porc"})
    assert set(r.columns) == {"survived", "clear", "survivors", "xp"}
    games = [play_bots(get_game("fmc").new({"encounter": "6 hoblin, 4 porc"}, 5 + i, quiet=True), ["greedy", "greedy"], seed=5 + i).result()
             for i in range(30)]
    k = sum(g["survived"] for g in games)
    assert r.columns["survived"]["count"] == k and r.columns["survived"]["ci95"] == list(wilson(k, 30))
    assert r.columns["clear"]["count"] == sum(g["clear"] for g in games) == r.wins[0]
    assert abs(r.columns["xp"]["mean"] - sum(g["xp"] for g in games) / 30) < 1e-9
    table = r.table()
    for name in ("survived", "clear", "survivors", "xp"): assert f"\n{name}" in table, table


def test_cli_prints_the_columns(capsys):
    assert simulate_cli(["fmc", "--games", "10", "--option", "encounter=6 hoblin, 4 porc", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "survived" in out and "clear" in out and "xp" in out and "The party (greedy)" in out
    assert simulate_cli(["fmc", "--games", "5", "--option", "site=1", "--json"]) == 0
    j = json.loads(capsys.readouterr().out)
    assert j["options"]["site"] == 1 and set(j["columns"]) == {"survived", "clear", "survivors", "xp"}
    assert simulate_cli(["fmc", "--option", "encounter=2 orc"]) == 2
    assert "unknown monster 'orc'" in capsys.readouterr().err
