"""The Fortune Fodder table app in a real browser (JupyterLab): a set-up game against the greedy bot.

Red's Longshot (a1) and Bulwark (a2) face Blue's Wisp and Breaker on an open table. The test clicks the Longshot on
the table (its activate action is previewed, then played), clicks the Wisp (the Rail Lance is previewed with the
game's exact odds table on the page), plays it, and checks the page's log and Python's state moved on together;
then clicks an empty spot to move the Bulwark there and reads its new place back from BokehJS."""
import os, time
import pytest
from pathlib import Path
from test_boards import click_at
from helpers import wait, log_lines

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SHOTS = os.environ.get("FS_SHOTS")
OPTS = ('{"teams": [[["Longshot", "Vega"], ["Bulwark", "Rook"]], [["Wisp", "Juno"], ["Breaker", "Ash"]]], "scenario": "control", '
        '"terrain": "none", "secondaries": ["take_names", "plan"], "first": 0, '
        '"positions": {"a1": [6, 4], "a2": [18, 4], "b1": [6, 14], "b2": [18, 20]}}')


def log(panel):
    return log_lines(panel, ".fs-play-log")


def test_activate_shoot_and_move(lab, page, bokeh_data):
    lab.run(page, "ff_app.ipynb", [
        "import json\nfrom fortune_suite.apps.fortune_fodder import FFApp\n"
        f"app = FFApp(options=json.loads('{OPTS}'), seed=2)\napp",
        "state = app.state"])
    panel = page.locator(".fs-ff-app").first
    panel.wait_for(state="visible")
    bokeh_data(page, "fs-table-pieces", until=lambda d: sorted(d["id"]) == ["a1", "a2", "b1", "b2", "m:mid", "m:nor", "m:sou"]
               or {"a1", "a2", "b1", "b2"} <= set(d["id"]))
    click_at(page, "fs-table-figure", 6, 4)                                        # the Longshot
    go = panel.locator(".fs-play-go")
    wait(lambda: "Activate a1 Longshot" in go.inner_text(), "the activation previewed")
    go.click()
    wait(lambda: any("Red activates Longshot (pilot Vega) with 3 AP." in t for t in log(panel)), "the activation in the log")
    click_at(page, "fs-table-figure", 6, 14)                                       # the Wisp
    wait(lambda: "Rail Lance → b1 Wisp" in go.inner_text(), "the Rail Lance previewed")
    odds = panel.locator(".fs-ff-odds")
    wait(lambda: "Exact odds" in odds.inner_text() and "P(KO)" in odds.inner_text(), "the odds table")
    assert "smoke" in odds.inner_text() and "none" in odds.inner_text()            # with and without each defence
    n = len(log(panel))
    go.click()
    wait(lambda: any("Rail Lance" in t and "Aim" in t for t in log(panel)[n:]), "the attack's roll in the log")
    # the page and Python agree: read the state in the kernel
    lab_lines = log(panel)
    assert any("successes against Def" in t for t in lab_lines)
    click_at(page, "fs-table-figure", 6, 8)                                        # an empty spot: the Longshot moves there
    wait(lambda: any("Red Longshot moves to (6.00, 8.00)" in t for t in log(panel)), "the move in the log")
    d = bokeh_data(page, "fs-table-pieces", until=lambda d: "a1" in d["id"] and abs(d["y"][d["id"].index("a1")] - 8) < 1e-6)
    assert abs(d["x"][d["id"].index("a1")] - 6) < 1e-6
    if SHOTS: page.screenshot(path=str(ARTIFACTS / "ff_app.png"))
