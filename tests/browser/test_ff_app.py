"""The Fortune Fodder table app in a real browser (JupyterLab), inside the app frame.

Against the greedy bot, a set-up game: Red's Longshot (a1) and Bulwark (a2) face Blue's Wisp and Breaker on an open
table. The test clicks the Longshot on the table (its activation is chosen, then played with *Play*), clicks the Wisp
(the Rail Lance is chosen, the game's exact odds table on the page), plays it, clicks an empty spot to move there
(read back from BokehJS), ends the activation and lets the bot take its turn, then presses Undo. Then hot-seat: the
privacy screen, the team builder filled through its menus, and the screen between the seats — nothing of Red's team
left on the page for Blue.

Screenshots of the key moments go to test-artifacts/ff_app-*.png (looked at by hand when the layout changes)."""
from pathlib import Path
from test_boards import click_at
from helpers import wait, log_lines, app_shot

OPTS = ('{"teams": [[["Longshot", "Vega"], ["Bulwark", "Rook"]], [["Wisp", "Juno"], ["Breaker", "Ash"]]], "scenario": "control", '
        '"terrain": "none", "secondaries": ["take_names", "plan"], "first": 0, '
        '"positions": {"a1": [6, 4], "a2": [18, 4], "b1": [6, 14], "b2": [18, 20]}}')


def log(panel):
    return log_lines(panel, ".fs-app-log")


def shot(panel, name):
    "Screenshot of the app alone (test-artifacts/ff_app-NAME.png)."
    app_shot(panel, f"ff_app-{name}", width=1280, height=2000)


def test_activate_shoot_move_bot_undo(lab, page, bokeh_data):
    lab.run(page, "ff_app.ipynb", [
        "import json\nfrom fortune_suite.apps.fortune_fodder import FFApp\n"
        f"app = FFApp(options=json.loads('{OPTS}'), seed=2)\napp"])
    panel = page.locator(".fs-ff-app").first
    panel.wait_for(state="visible")
    status, go = panel.locator(".fs-app-status"), panel.locator(".fs-ff-play")
    bokeh_data(page, "fs-table-pieces", until=lambda d: {"a1", "a2", "b1", "b2"} <= set(d["id"]))
    assert "Red, your turn: click one of your Mechs" in status.inner_text()          # one human: no screen
    assert panel.locator("button.fs-app-iam").count() == 0 or not panel.locator("button.fs-app-iam").is_visible()
    click_at(page, "fs-table-figure", 6, 4)                                        # the Longshot
    wait(lambda: "Activate a1 Longshot" in go.inner_text(), "the activation chosen")
    assert "not played yet" in panel.locator(".fs-ff-chosen").inner_text()
    shot(panel, "1-unit-chosen")
    go.click()
    wait(lambda: any("Red activates Longshot (pilot Vega) with 3 AP." in t for t in log(panel)), "the activation in the log")
    wait(lambda: "a1 Longshot has 3 AP" in status.inner_text(), "the prompt for the active Mech")
    click_at(page, "fs-table-figure", 6, 14)                                       # the Wisp
    wait(lambda: "Rail Lance → b1 Wisp" in go.inner_text(), "the Rail Lance chosen")
    odds = panel.locator(".fs-ff-odds")
    wait(lambda: "Exact odds" in odds.inner_text() and "P(KO)" in odds.inner_text(), "the odds table")
    assert "smoke" in odds.inner_text() and "none" in odds.inner_text()            # with and without each defence
    bokeh_data(page, "fs-table-arrows", until=lambda d: len(d["x0"]) == 1)         # an arrow to the target
    shot(panel, "2-attack-odds")
    n = len(log(panel))
    go.click()
    wait(lambda: any("Rail Lance" in t and "Aim" in t for t in log(panel)[n:]), "the attack's roll in the log")
    assert any("successes against Def" in t for t in log(panel))
    wait(lambda: "Since you last looked" in status.inner_text(), "the news of the shot")
    click_at(page, "fs-table-figure", 6, 8)                                        # an empty spot: the Longshot moves there
    wait(lambda: any("Red Longshot moves to (6.00, 8.00)" in t for t in log(panel)), "the move in the log")
    d = bokeh_data(page, "fs-table-pieces", until=lambda d: "a1" in d["id"] and abs(d["y"][d["id"].index("a1")] - 8) < 1e-6)
    assert abs(d["x"][d["id"].index("a1")] - 6) < 1e-6
    before = log(panel)
    # end the activation: the bot takes its turn, and Red is asked again
    panel.get_by_role("button", name="End activation", exact=True).click()
    wait(lambda: "End activation" in go.inner_text(), "End activation chosen")
    go.click()
    wait(lambda: any(t.startswith("Blue activates") for t in log(panel)), "the bot's activation in the log")
    wait(lambda: "Red, your turn" in status.inner_text() and "Since you last looked" in status.inner_text(), "Red asked again")
    if "choose a defence" in status.inner_text():                                  # the bot shot at Red: the defences, with odds
        assert "Defend: nothing — hit" in panel.locator(".fs-app-actions").inner_text()
    shot(panel, "3-after-bot")
    undo = panel.locator("button.fs-app-undo")
    assert undo.inner_text().strip() == "Undo Red's last move"
    undo.click()
    wait(lambda: log(panel) == before, "the log as it was before End activation")
    assert "Undone: Red's last move" in status.inner_text()
    shot(panel, "4-after-undo")


def test_hot_seat_team_builder(lab, page):
    from fortune_suite.games.fortune_fodder.state import cards_for
    cards = cards_for("example")
    mechs, pilots = list(cards.mechs), list(cards.pilots)
    lab.run(page, "ff_hot.ipynb", ["from fortune_suite.apps.fortune_fodder import FFApp\napp = FFApp(seed=4, bots={})\napp"])
    panel = page.locator(".fs-ff-app").first
    panel.wait_for(state="visible")
    status, iam = panel.locator(".fs-app-status"), panel.locator("button.fs-app-iam")
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Red", "the screen waiting for Red")
    assert "Pass the screen to Red" in status.inner_text() and panel.locator(".fs-ff-builder").count() == 0
    shot(panel, "5-screen-red")
    iam.click()
    builder = panel.locator(".fs-ff-builder")
    wait(lambda: builder.is_visible(), "the team builder")
    assert "build your team in secret" in status.inner_text()
    m, p = panel.locator(".fs-ff-mech select"), panel.locator(".fs-ff-pilot select")
    m.nth(0).select_option(index=1 + mechs.index("Longshot")); p.nth(0).select_option(index=1 + pilots.index("Vega"))
    m.nth(1).select_option(index=1 + mechs.index("Bulwark")); p.nth(1).select_option(index=1 + pilots.index("Rook"))
    cost = sum(cards.mechs[a].cost + cards.pilots[b].cost for a, b in [("Longshot", "Vega"), ("Bulwark", "Rook")])
    pts = panel.locator(".fs-ff-points")
    wait(lambda: f"{cost} / 150 points" in pts.inner_text(), "the points counted")
    shot(panel, "6-team-builder")
    panel.locator(".fs-ff-submit").click()
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Blue", "the screen waiting for Blue")
    assert "Longshot" not in panel.inner_text() and log(panel) == []
    shot(panel, "7-screen-blue")
    iam.click()
    wait(lambda: builder.is_visible(), "Blue's team builder")
    assert all(s.input_value() in ("", "0") or s.evaluate("e => e.selectedIndex") == 0 for s in m.all() + p.all())
    assert "Red has given a secret order." in log(panel) and not any("Longshot" in t for t in log(panel))
    assert "0 / 150 points" in pts.inner_text()
