"""The luck panel in a real browser (JupyterLab, Chromium): a finished seeded Fortune Fodder game — the chart holds a
line per player inside BokehJS (read back from the page), the summary names each player's index, the table lists
the decisive rolls the ledger finds; then a click shows another game (Pig, as Player 1) and the same chart's data
changes in the page. Screenshot: test-artifacts/luck_panel.png (looked at by hand)."""
from fortune_suite.engine import random_playout
from fortune_suite.luck import ledger
from helpers import wait, app_shot

CELLS = [
    "from fortune_suite.engine import random_playout\n"
    "from fortune_suite.ui.luck import LuckPanel\n"
    "import ipywidgets as W\n"
    "g = random_playout('fortune_fodder', 3)\n"
    "panel = LuckPanel(name='t-luck')\n"
    "L = panel.show(g)\n"
    "panel",
    "b = W.Button(description='Show a Pig game as Player 1'); b.add_class('t-luck-next')\n"
    "b.on_click(lambda _: panel.show(random_playout('pig', 4), 1))\n"
    "b",
]


def test_luck_panel(lab, page, bokeh_data):
    nb = lab.run(page, "t_luck_panel.ipynb", CELLS)
    panel = nb.locator(".fs-luck").first
    panel.wait_for(state="visible")
    panel.locator(".fs-luck-chart").first.wait_for(state="visible")
    L = ledger(random_playout("fortune_fodder", 3))            # the same seeded game, read here
    assert len(L.counted(0)) > 3 and len(L.counted(1)) > 3

    # a line per player in BokehJS: from (0, 0), a step at each of the player's rolls to their index so far
    d = bokeh_data(page, "t-luck-lines")
    assert d["player"] == [0, 1] and [l.split()[0] for l in d["label"]] == ["Red", "Blue"]
    for p in (0, 1):
        s = L.series(p)
        assert d["xs"][p] == [0] + [n for n, _ in s for _ in (0, 1)] + [len(L.rows)]
        assert all(abs(a - z) < 1e-9 for a, (_, z) in zip(d["ys"][p][2::2], s)) and d["ys"][p][0] == 0
        assert abs(d["ys"][p][-1] - L.index(p)) < 1e-9
    pts = bokeh_data(page, "t-luck-points")
    assert len(pts["x"]) == len(L.counted())

    # the summary and the decisive rolls, as a reader sees them
    summary = panel.locator(".fs-luck-summary").inner_text()
    for p, name in enumerate(["Red", "Blue"]):
        assert f"{name}: luck index {L.index(p):+.2f} over {len(L.counted(p))} rolls" in summary, summary
    rows = panel.locator(".fs-luck-row")
    top = L.decisive(5)
    assert top and rows.count() == len(top)
    for i, r in enumerate(top):
        text = rows.nth(i).inner_text()
        assert r.purpose in text and r.consequence in text, (text, r)
        assert ("lucky for" if r.lucky else "unlucky for") in text
    app_shot(panel, "luck_panel", width=1000, height=1400)

    # another game shown in the same panel: the chart's data changes in the page (the figure is not rebuilt)
    nb.locator("button.t-luck-next").click()
    d = bokeh_data(page, "t-luck-lines", until=lambda d: d["label"] and d["label"][0].startswith("Player 0"))
    P = ledger(random_playout("pig", 4), 1)
    assert all(abs(ys[-1] - P.index(p)) < 1e-9 for p, ys in enumerate(d["ys"])), d["ys"]
    wait(lambda: "the rolls Player 1 may see" in panel.locator(".fs-luck-summary").inner_text(), "the summary of Player 1's view")
    assert panel.locator(".fs-luck-row").count() == len(P.decisive(5))
