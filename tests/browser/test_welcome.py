"""The front-door notebook (nbs/welcome.ipynb, what the README's play command opens) in a real browser:
it runs clean in JupyterLab, its tray, readout and board render, a board click reaches Python and moves the
readout's data in BokehJS, the tray rolls; and it renders as an app through Voilà."""
import os, shutil
from pathlib import Path
import pytest

WELCOME = Path(__file__).resolve().parents[2] / "nbs" / "welcome.ipynb"
SHOTS = os.environ.get("FS_SHOTS")   # keep screenshots of passing runs too, for a look by eye

_JS_PX = """([fig, x, y]) => {
  const roots = [...window.Bokeh.index.roots].filter(v => v.model.name === fig && v.el.isConnected);
  if (!roots.length) return null;
  const v = roots[roots.length - 1], r = v.el.getBoundingClientRect();
  return [r.left + v.frame.x_scale.compute(x), r.top + v.frame.y_scale.compute(y)];
}"""

def click_cell(page, col:int, row:int, fig="fs-grid-figure"):
    "Click the centre of grid square (col, row) (zero-based) where the page draws it."
    el = page.locator(f".{fig}").first
    el.scroll_into_view_if_needed()
    px = page.evaluate(_JS_PX, [fig, col + 0.5, row + 0.5])
    assert px is not None, f"{fig} not on the page"
    page.mouse.click(*px)

@pytest.fixture(scope="module")
def welcome_nb(lab, _lab_page):
    shutil.copy(WELCOME, lab.nbdir / "welcome.ipynb")
    nb = lab.open(_lab_page, "welcome.ipynb")
    lab.run_all(_lab_page)                     # raises if any cell fails
    yield nb
    lab.close(_lab_page, nb)

def _binom_at_least(n, p, k):
    from math import comb
    return sum(comb(n, i) * p**i * (1 - p)**(n - i) for i in range(k, n + 1))

def test_welcome_panels_render(page, welcome_nb, bokeh_data):
    for css in (".fs-tray-chart", ".fs-readout-chart", ".fs-grid-figure"):
        welcome_nb.locator(css).first.wait_for(state="visible")
    assert welcome_nb.locator(".fs-tray").count() == 2              # shown in sections 1 and 4
    rows = welcome_nb.locator(".fs-tray").last.locator(".fs-tray-row")
    rows.first.wait_for()
    assert rows.count() == 4 and rows.first.inner_text().startswith("#4")
    # the readout's data in the page is the state the notebook left it in: range 4, Rifle on 5+
    d = bokeh_data(page, "shot")
    i = [k for k, (o, opt) in enumerate(zip(d["outcome"], d["option"])) if o == 1 and opt == "Rifle"][0]
    assert abs(d["p"][i] - _binom_at_least(3, 2 / 6, 1)) < 1e-12
    if SHOTS: page.screenshot(path=SHOTS + "/welcome_lab.png", full_page=True)

_JS_LOADERS = """(id) => {
  const w = [...window.jupyterapp.shell.widgets('main')].find(w => w.id === id);
  let n = 0;
  for (const c of w.content.widgets) if (c.model.type === 'code')
    for (const o of c.model.outputs.toJSON()) if (o.data && o.data['application/vnd.bokehjs_load.v0+json']) n++;
  return n;
}"""

def test_bokehjs_inline_once_and_offline(page, welcome_nb, external_requests):
    # three panels with charts, one BokehJS loader output in the whole notebook
    assert page.evaluate(_JS_LOADERS, welcome_nb.get_attribute("id")) == 1
    assert page.evaluate("() => typeof window.Bokeh.version") == "string"
    assert page.evaluate("() => [...document.scripts].filter(s => s.src && !s.src.startsWith(location.origin)).length") == 0
    lab_ext = [u for w, u in external_requests if w == "lab"]
    assert lab_ext == [], lab_ext                                  # nothing in JupyterLab left the loopback
    others = [u for w, u in external_requests if w != "lab" and not u.startswith("https://cdn.jsdelivr.net/npm/@fortawesome/")]
    assert others == [], others                                    # in Voilà: only its template's icon font

def test_welcome_board_click_updates_readout(page, welcome_nb, bokeh_data):
    click_cell(page, 9, 1)                                           # J2: 8 squares from B4
    pieces = bokeh_data(page, "fs-grid-pieces", until=lambda d: "J2" in d["cell"])
    assert pieces["cell"][pieces["id"].index("T")] == "J2"
    def rifle_p1(d):
        return [p for o, opt, p in zip(d["outcome"], d["option"], d["p"]) if o == 1 and opt == "Rifle"][0]
    # range 8: the Rifle needs 6+ (4 + 8 // 4 = 6)
    bokeh_data(page, "shot", until=lambda d: abs(rifle_p1(d) - _binom_at_least(3, 1 / 6, 1)) < 1e-12)
    welcome_nb.locator(".fs-readout-threshold .widget-readout", has_text="1").first.wait_for()
    hl = bokeh_data(page, "fs-grid-highlight", until=lambda d: len(d["cell"]) > 0)
    assert "B4" not in hl["cell"] and "J2" not in hl["cell"]

def test_welcome_tray_roll(page, welcome_nb):
    tray = welcome_nb.locator(".fs-tray").last
    tray.locator(".fs-tray-roll").click()
    tray.locator(".fs-tray-row").first.filter(has_text="#5").wait_for()

def test_welcome_as_voila_app(lab, voila, vpage, bokeh_data, external_requests):
    shutil.copy(WELCOME, lab.nbdir / "welcome_app.ipynb")
    voila.open(vpage, "welcome_app.ipynb", wait_for=".fs-grid-figure")
    for css in (".fs-tray-chart", ".fs-readout-chart"):
        vpage.locator(css).first.wait_for(state="visible")
    assert vpage.locator("text=Traceback").count() == 0
    bokeh_data(vpage, "shot")
    vpage.locator(".fs-tray").first.locator(".fs-tray-roll").click()
    vpage.locator(".fs-tray").first.locator(".fs-tray-row", has_text="#5").first.wait_for()
    assert not [u for w, u in external_requests if "fortawesome" not in u], external_requests   # BokehJS inline here too
    if SHOTS: vpage.screenshot(path=SHOTS + "/welcome_voila.png", full_page=True)
