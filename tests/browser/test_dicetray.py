"""DiceTray in a real browser: Roll adds a history row and the chart's BokehJS data updates, a bad notation shows
its error beside the box, quick buttons, one roll of a d20 leaves the exact bars filling the chart (the y range
follows them), Roll ×1000 overlays observed frequencies, CSV export downloads, a dropped die is struck through."""
import csv, io
import pytest
from fortune_suite.dice import Roller
from helpers import wait, app_shot

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

_JS_RANGE = """(name) => {
  const live = [];
  for (const v of window.Bokeh.index.roots) if (v.el && v.el.isConnected) live.push(v.model.document);
  for (const doc of live.reverse()) for (const m of doc._all_models.values()) if (m.name === name && m.end !== undefined) return [m.start, m.end];
  return null;
}"""

def y_range(page, name):
    "[start, end] of the Bokeh Range1d called `name`, as BokehJS in the page holds it."
    return page.evaluate(_JS_RANGE, name)

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
    d = bokeh_data(page, "t-tray", until=lambda d: d["outcome"] == list(range(1, 21)) and sum(d["count"]) == 1)
    assert tray_nb.locator(".fs-tray-notation input").input_value() == "d20"
    # one roll of a d20: the axis follows the exact bars (1.3 × 5%), so they fill most of the chart's height, and
    # the single observation (100%) is a ▲ pinned inside the top, labelled with its count
    wait(lambda: y_range(page, "t-tray-y") is not None and abs(y_range(page, "t-tray-y")[1] - 0.065) < 1e-9, "the d20 range")
    start, end = y_range(page, "t-tray-y")
    assert start == 0 and max(d["p"]) / end > 0.75, (start, end)
    seen = d["count"].index(1)
    assert d["obs_marker"][seen] == "triangle" and d["obs_label"][seen] == "1" and d["obs_y"][seen] <= end
    assert [x for x in d["obs_y"] if x is not None and x == x] == [d["obs_y"][seen]]   # no mark on the other faces
    app_shot(tray_nb.locator(".fs-tray").first, "dicetray_d20_one_roll")
    tray_nb.locator(".fs-tray-roll1000").click()
    d = bokeh_data(page, "t-tray", until=lambda d: sum(d["count"]) == 1001)
    assert abs(sum(d["observed"]) - 1) < 1e-9
    assert all(abs(o - 0.05) < 4 * (0.05 * 0.95 / 1001) ** 0.5 for o in d["observed"])
    assert max(d["obs_y"]) <= y_range(page, "t-tray-y")[1] and set(d["obs_marker"]) == {"circle"}   # all within the range now
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

def test_dropped_die_struck_through(page, tray_nb):
    _notation(tray_nb, "4d6kh3")
    n_rows = int(tray_nb.locator(".fs-tray-history .fs-tray-row").first.inner_text().split()[0][1:])
    tray_nb.locator(".fs-tray-roll").click()
    row = tray_nb.locator(".fs-tray-history .fs-tray-row").first.filter(has_text=f"#{n_rows + 1}")
    row.wait_for()
    dropped = row.locator(".fs-tray-dropped")
    assert dropped.count() == 1 and dropped.get_attribute("title") == "dropped"
    assert "line-through" in dropped.evaluate("e => getComputedStyle(e).textDecorationLine")
    faces = [int(f) for f in row.locator(".fs-tray-faces").inner_text().strip("[]").split(", ")]
    total = int(row.locator("b").inner_text())
    # keep the highest three: the struck die is a lowest one, and the total is the other three
    assert len(faces) == 4 and int(dropped.inner_text()) == min(faces) and total == sum(faces) - min(faces), (faces, total)
    app_shot(tray_nb.locator(".fs-tray").first, "dicetray_dropped")
