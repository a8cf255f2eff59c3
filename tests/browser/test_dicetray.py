"""DiceTray in a real browser: Roll adds a history row and the chart's BokehJS data updates, a bad notation shows
its error beside the box, quick buttons, Roll ×1000 overlays observed frequencies, CSV export downloads."""
import csv, io
import pytest
from fortune_suite.dice import Roller

SEED = 4242
CELLS = [
    "from fortune_suite.ui.dicetray import DiceTray",
    f"tray = DiceTray('3d6', seed={SEED}, name='t-tray')\ntray",
]

@pytest.fixture(scope="module")
def tray_nb(lab, _lab_page):
    nb = lab.run(_lab_page, "t_dicetray.ipynb", CELLS)
    nb.locator(".fs-tray-chart").first.wait_for(state="visible")
    yield nb
    lab.close(_lab_page, nb)

def _notation(nb, text):
    box = nb.locator(".fs-tray-notation input")
    box.fill(text); box.press("Enter")

def test_roll_adds_history_row_and_chart_updates(page, tray_nb, bokeh_data):
    d = bokeh_data(page, "t-tray")
    assert d["outcome"] == list(range(3, 19)) and sum(d["count"]) == 0
    tray_nb.locator(".fs-tray-why input").fill("strength")
    tray_nb.locator(".fs-tray-roll").click()
    rows = tray_nb.locator(".fs-tray-history .fs-tray-row")
    rows.first.wait_for()
    assert rows.count() == 1
    expected = Roller(SEED).roll("3d6", "strength")             # same seed, same first roll
    text = rows.first.inner_text()
    assert "strength" in text and f"[{', '.join(map(str, expected.faces))}]" in text and str(expected.total) in text
    d = bokeh_data(page, "t-tray", until=lambda d: sum(d["count"]) == 1)
    assert d["count"][expected.total - 3] == 1 and d["alpha"][expected.total - 3] == 1.0
    tray_nb.locator(".fs-tray-roll").click()
    tray_nb.locator(".fs-tray-history .fs-tray-row").nth(1).wait_for()
    bokeh_data(page, "t-tray", until=lambda d: sum(d["count"]) == 2)
    assert tray_nb.locator(".fs-tray-history .fs-tray-row").first.inner_text().startswith("#2")   # newest first

def test_invalid_notation_shows_error_beside_box(page, tray_nb, bokeh_data):
    n_rows = tray_nb.locator(".fs-tray-history .fs-tray-row").count()
    _notation(tray_nb, "3d")
    err = tray_nb.locator(".fs-tray-error", has_text="column 3")
    err.wait_for(state="visible")
    # beside the box: same row, to its right
    box, eb = tray_nb.locator(".fs-tray-notation").bounding_box(), err.bounding_box()
    assert eb["x"] >= box["x"] + box["width"] - 1 and abs(eb["y"] - box["y"]) < box["height"]
    tray_nb.locator(".fs-tray-roll").click()
    page.wait_for_timeout(500)
    assert tray_nb.locator(".fs-tray-history .fs-tray-row").count() == n_rows    # nothing rolled
    assert not tray_nb.locator(".fs-tray > .fs-status").is_visible()             # not an exception
    assert bokeh_data(page, "t-tray")["outcome"] == list(range(3, 19))           # chart kept
    _notation(tray_nb, "3d6")
    tray_nb.locator(".fs-tray-error", has_text="column").wait_for(state="detached")

def test_quick_button_and_roll_1000(page, tray_nb, bokeh_data):
    tray_nb.locator(".fs-tray-quick-d20").click()
    bokeh_data(page, "t-tray", until=lambda d: d["outcome"] == list(range(1, 21)) and sum(d["count"]) == 1)
    assert tray_nb.locator(".fs-tray-notation input").input_value() == "d20"
    tray_nb.locator(".fs-tray-roll1000").click()
    d = bokeh_data(page, "t-tray", until=lambda d: sum(d["count"]) == 1001)
    assert abs(sum(d["observed"]) - 1) < 1e-9
    assert all(abs(o - 0.05) < 4 * (0.05 * 0.95 / 1001) ** 0.5 for o in d["observed"])
    tray_nb.locator(".fs-tray-summary", has_text="observed: 1,001 rolls").wait_for()

def test_export_csv_download(page, tray_nb):
    tray_nb.locator(".fs-tray-export-btn").click()
    link = tray_nb.locator(".fs-tray-export a.fs-tray-csv")
    link.wait_for()
    with page.expect_download() as dl:
        link.click()
    path = dl.value.path()
    rows = list(csv.DictReader(io.StringIO(open(path).read())))
    assert len(rows) >= 3 and {r["seed"] for r in rows} == {str(SEED)}
    assert rows[0]["why"] == "strength" and rows[0]["notation"] == "3d6"
