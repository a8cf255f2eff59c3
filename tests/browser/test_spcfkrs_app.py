"""The SPCFKRS app in a real browser: JupyterLab, the board clicked where the fighters are drawn, inside the app frame.

Red (Assault Rifle on C11, a base fighter on H11) faces Blue on C14 and H16, against the greedy bot. The test clicks a
fighter, then its target (the exact odds appear), then a square (a move arrow appears, read back from BokehJS), locks
the orders, and reads the referee's report as the page shows it — the reveal first, the log holding back the rest,
then, after *Next step* and *Show all*, the Shoot phase; the board's pieces in BokehJS follow what Python resolved.
Undo takes the round back. Then hot-seat: the privacy screen comes up between Red and Blue, Undo on the screen goes
back to Red, and Blue's seat shows none of Red's locked orders.

Screenshots of the key moments go to test-artifacts/spcfkrs_app-*.png (looked at by hand when the layout changes)."""
from pathlib import Path
from test_boards import click_at
from helpers import wait, log_lines, app_shot

NEAR = ('{"map": "open", "deploy_rows": 11, "forces": [[{"mods": ["assault_rifle"], "at": "C11"}, {"mods": [], "at": "H11"}], '
        '[{"mods": [], "at": "C14"}, {"mods": [], "at": "H16"}]]}')
START = ["C11", "C14", "H11", "H16"]


def centre(cell):
    "Figure coordinates of a square's centre (columns from the left, rows from the top)."
    return "ABCDEFGHIJKLMNOPQRSTUVWX".index(cell[0]) + 0.5, int(cell[1:]) - 0.5


def log(panel):
    return log_lines(panel, ".fs-app-log")


def shot(panel, name):
    "Screenshot of the app alone (test-artifacts/spcfkrs_app-NAME.png)."
    app_shot(panel, f"spcfkrs_app-{name}")


def test_click_fighter_target_square_then_lock(lab, page, bokeh_data):
    lab.run(page, "spcfkrs_app.ipynb", [
        "import json\nfrom fortune_suite.apps.spcfkrs import SpcfkrsApp\n"
        f"app = SpcfkrsApp(options=json.loads('{NEAR}'), seed=1)\napp"])
    panel = page.locator(".fs-spcfkrs-app").first
    panel.wait_for(state="visible")
    status = panel.locator(".fs-app-status")
    bokeh_data(page, "fs-grid-pieces", until=lambda d: sorted(d["cell"]) == START)
    wait(lambda: "Red, your turn: write your orders" in status.inner_text(), 'the status line: "Red, your turn: write your orders" in status.inner_text()')                 # one human: no screen
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
    click_at(page, "fs-grid-figure", *centre("C1"))                                  # out of reach: refused
    wait(lambda: "out of Red 1's reach" in status.inner_text(), "the refusal in the status line")
    shot(panel, "1-order")
    panel.locator(".fs-sp-lock").click()
    report = panel.locator(".fs-sp-report")
    wait(lambda: "Orders revealed for round 1:" in log(panel), "the reveal in the report")
    assert "Red 1 (C11): shoots at Blue 1 (C14) with the Pistol, then moves to C9." in log(panel)
    assert not any("Shoot phase" in t for t in log(panel))                          # the log holds the rest back
    wait(lambda: "Red 1 (C11): shoots at Blue 1 (C14)" in report.inner_text() and "step 1 of" in status.inner_text(), 'the status line: "Red 1 (C11): shoots at Blue 1 (C14)" in report.inner_text()')
    assert "wins" not in status.inner_text()                                         # the end is not told yet
    shot(panel, "2-report")
    panel.locator(".fs-sp-step").click()
    wait(lambda: "Shoot phase" in report.inner_text(), "the Shoot phase in the step's lines")
    wait(lambda: any("— Shoot phase —" in t for t in log(panel)), "the Shoot phase let go in the log")
    shot(panel, "3-step")
    if panel.locator(".fs-sp-skip").is_visible(): panel.locator(".fs-sp-skip").click()
    wait(lambda: not panel.locator(".fs-sp-report").is_visible(), "the end of the replay")
    moved = [t for t in log(panel) if " moves " in t or " falls" in t or "out of the fight" in t]
    assert moved, log(panel)                                                        # the round moved or killed someone…
    bokeh_data(page, "fs-grid-pieces", until=lambda d: sorted(d["cell"]) != START)   # …and the board shows it
    shot(panel, "4-after-round")

    # Undo: Red's order sheet goes (the bot's, written first, stays); the board is as it was
    panel.locator("button.fs-app-undo").click()
    wait(lambda: "Orders revealed for round 1:" not in log(panel), "the round taken back")
    bokeh_data(page, "fs-grid-pieces", until=lambda d: sorted(d["cell"]) == START)
    bokeh_data(page, "fs-grid-arrows", until=lambda d: len(d["x0"]) == 0)
    wait(lambda: "Undone: Red's last move" in status.inner_text() and "write your orders" in status.inner_text(), 'the status line: "Undone: Red\'s last move" in status.inner_text() and "write ')
    shot(panel, "5-undo")


def test_hot_seat_hides_locked_orders(lab, page, bokeh_data):
    lab.run(page, "spcfkrs_hot.ipynb", [
        "import json\nfrom fortune_suite.apps.spcfkrs import SpcfkrsApp\n"
        f"app = SpcfkrsApp(options=json.loads('{NEAR}'), seed=2, opponent=None)\napp"])
    panel = page.locator(".fs-spcfkrs-app").first
    panel.wait_for(state="visible")
    iam, status = panel.locator("button.fs-app-iam"), panel.locator(".fs-app-status")
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Red", "the screen waiting for Red")
    assert panel.locator(".fs-sp-board").count() == 0 and log(panel) == []

    def red_orders():
        iam.click()
        bokeh_data(page, "fs-grid-pieces", until=lambda d: sorted(d["cell"]) == START)
        click_at(page, "fs-grid-figure", *centre("C11"))
        bokeh_data(page, "fs-grid-highlight", until=lambda d: "C11" in d["cell"])
        click_at(page, "fs-grid-figure", *centre("D9"))
        bokeh_data(page, "fs-grid-arrows", until=lambda d: len(d["x0"]) == 1)
        panel.locator(".fs-sp-lock").click()
        wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Blue", "the screen waiting for Blue")

    red_orders()
    assert panel.locator(".fs-sp-board").count() == 0 and log(panel) == [] and "D9" not in panel.inner_text()
    wait(lambda: "Pass the screen to Blue" in status.inner_text(), 'the status line: "Pass the screen to Blue" in status.inner_text()')
    shot(panel, "hot-1-screen")

    # Undo on the screen takes back Red's sheet: the screen now waits for Red, whose drafted arrow is gone too
    panel.locator("button.fs-app-undo").click()
    wait(lambda: iam.inner_text().strip() == "I am Red", "the screen waiting for Red after the undo")
    red_orders()
    iam.click()
    bokeh_data(page, "fs-grid-pieces", until=lambda d: sorted(d["cell"]) == START)
    bokeh_data(page, "fs-grid-arrows", until=lambda d: len(d["x0"]) == 0)           # Red's arrow is not Blue's
    bokeh_data(page, "fs-grid-selection", until=lambda d: d["xs"] == [])             # nor the outline of Red's last click
    wait(lambda: "Red has given a secret order." in log(panel), "Red's order acknowledged in Blue's log")
    wait(lambda: "Blue, your turn: write your orders" in status.inner_text(), "the status line greeting Blue")
    assert not any("D9" in t for t in log(panel))
    shot(panel, "hot-2-blue")
