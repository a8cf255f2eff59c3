"""The SPCFKRS app in a real browser: JupyterLab, the board clicked where the fighters are drawn.

Red (Assault Rifle on C11, a base fighter on H11) faces Blue on C14 and H16, against the greedy bot. The test clicks a
fighter, then its target (the exact odds appear), then a square (a move arrow appears, read back from BokehJS), locks
the orders, and reads the referee's report as the page shows it — the reveal first, then, after *Show all*, the Shoot
phase; the board's pieces in BokehJS follow what Python resolved. Then hot-seat: Blue's seat shows none of Red's
locked orders."""
import os, time
import pytest
from pathlib import Path
from test_boards import click_at
from helpers import wait, log_lines

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SHOTS = os.environ.get("FS_SHOTS")
NEAR = ('{"map": "open", "deploy_rows": 11, "forces": [[{"mods": ["assault_rifle"], "at": "C11"}, {"mods": [], "at": "H11"}], '
        '[{"mods": [], "at": "C14"}, {"mods": [], "at": "H16"}]]}')


def centre(cell):
    "Figure coordinates of a square's centre (columns from the left, rows from the top)."
    return "ABCDEFGHIJKLMNOPQRSTUVWX".index(cell[0]) + 0.5, int(cell[1:]) - 0.5


def log(panel):
    return log_lines(panel, ".fs-sp-log")


def test_click_fighter_target_square_then_lock(lab, page, bokeh_data):
    lab.run(page, "spcfkrs_app.ipynb", [
        "import json\nfrom fortune_suite.apps.spcfkrs import SpcfkrsApp\n"
        f"app = SpcfkrsApp(options=json.loads('{NEAR}'), seed=1)\napp"])
    panel = page.locator(".fs-spcfkrs-app").first
    panel.wait_for(state="visible")
    bokeh_data(page, "fs-grid-pieces", until=lambda d: sorted(d["cell"]) == ["C11", "C14", "H11", "H16"])
    click_at(page, "fs-grid-figure", *centre("C11"))                                 # select Red 1
    hl = bokeh_data(page, "fs-grid-highlight", until=lambda d: "C11" in d["cell"])
    assert hl["color"][hl["cell"].index("C11")] == "#ffeb3b" and "C14" in hl["cell"]  # its targets are tinted
    click_at(page, "fs-grid-figure", *centre("C14"))                                 # shoot Blue 1
    odds = panel.locator(".fs-sp-odds")
    wait(lambda: "Blue 1: hit" in odds.inner_text(), "the odds of the shot")
    assert "kill" in odds.inner_text()
    click_at(page, "fs-grid-figure", *centre("C9"))                                  # move to C9
    bokeh_data(page, "fs-grid-arrows", until=lambda d: len(d["x0"]) == 2)
    wait(lambda: "moves to C9" in panel.locator(".fs-sp-info").inner_text(), "the move in the order line")
    panel.locator(".fs-sp-lock").click()
    wait(lambda: "Orders revealed for round 1:" in log(panel), "the reveal in the report")
    assert "Red 1 (C11): shoots at Blue 1 (C14) with the Pistol, then moves to C9." in log(panel)
    assert not any("Shoot phase" in t for t in log(panel))                          # the replay starts at the reveal
    panel.locator(".fs-sp-skip").click()
    wait(lambda: any("— Shoot phase —" in t for t in log(panel)), "the Shoot phase after Show all")
    wait(lambda: "write your orders" in panel.locator(".fs-sp-turn").inner_text(), "round 2's orders")
    moved = [t.split()[0] + " " + t.split()[1] for t in log(panel) if " moves " in t or " falls" in t or "out of the fight" in t]
    assert moved, log(panel)                                                        # the round moved or killed someone…
    bokeh_data(page, "fs-grid-pieces", until=lambda d: sorted(d["cell"]) != ["C11", "C14", "H11", "H16"])   # …and the board shows it
    page.screenshot(path=str(ARTIFACTS / "spcfkrs_app.png")) if SHOTS else None


def test_hot_seat_hides_locked_orders(lab, page, bokeh_data):
    lab.run(page, "spcfkrs_hot.ipynb", [
        "import json\nfrom fortune_suite.apps.spcfkrs import SpcfkrsApp\n"
        f"app = SpcfkrsApp(options=json.loads('{NEAR}'), seed=2, opponent=None)\napp"])
    panel = page.locator(".fs-spcfkrs-app").first
    panel.wait_for(state="visible")
    bokeh_data(page, "fs-grid-pieces", until=lambda d: len(d["cell"]) == 4)
    click_at(page, "fs-grid-figure", *centre("C11"))
    bokeh_data(page, "fs-grid-highlight", until=lambda d: "C11" in d["cell"])
    click_at(page, "fs-grid-figure", *centre("D9"))
    bokeh_data(page, "fs-grid-arrows", until=lambda d: len(d["x0"]) == 1)
    panel.locator(".fs-sp-lock").click()
    wait(lambda: panel.locator(".fs-sp-turn").inner_text().startswith("Blue"), "the seat passing to Blue")
    bokeh_data(page, "fs-grid-arrows", until=lambda d: len(d["x0"]) == 0)           # Red's arrow is gone
    wait(lambda: "Red has given a secret order." in log(panel), "Red's order acknowledged in Blue's log")
    assert not any("D9" in t for t in log(panel))
