"""The front-door notebook (nbs/welcome.ipynb, what the README's play command opens) in a real browser:
it runs clean in JupyterLab, its trays, readouts and board render, each section's panel shows that section's state
(a later cell does not change it), a board click reaches Python and moves the board's readout in BokehJS, the
tray rolls, "Where next" links open the tutorials and write-ups; and it renders as an app through Voilà."""
import os, shutil
from pathlib import Path
import pytest
from helpers import wait, app_shot

NBS = Path(__file__).resolve().parents[2] / "nbs"
WELCOME = NBS / "welcome.ipynb"
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
    for sub in ("tutorials", "writeups"):                # what "Where next" links to, beside it as in nbs/
        shutil.copytree(NBS / sub, lab.nbdir / sub, dirs_exist_ok=True)
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
    trays = welcome_nb.locator(".fs-tray")
    assert trays.count() == 2                                        # one tray in section 1, its own in section 4
    first, last = trays.first.locator(".fs-tray-row"), trays.last.locator(".fs-tray-row")
    first.first.wait_for(); last.first.wait_for()
    # section 1 shows its three ability scores, newest first, and nothing rolled later in the notebook
    assert first.count() == 3 and first.first.inner_text().startswith("#3") and "wits" in first.first.inner_text()
    assert trays.first.locator(".fs-tray-dropped").count() == 3      # 4d6kh3: one die struck per roll
    assert last.count() == 1 and "Rifle at F6" in last.first.inner_text()
    # each readout shows its own section's range: section 2's at 6 squares, the board's at 4 (F6); Rifle on 5+ in both
    for name in ("shot", "aim"):
        d = bokeh_data(page, name)
        i = [k for k, (o, opt) in enumerate(zip(d["outcome"], d["option"])) if o == 1 and opt == "Rifle"][0]
        assert abs(d["p"][i] - _binom_at_least(3, 2 / 6, 1)) < 1e-12, name
    ranges = welcome_nb.locator(".widget-slider", has_text="range").locator(".widget-readout").all_inner_texts()
    assert [r.strip() for r in ranges] == ["6", "4"], ranges
    app_shot(trays.first, "welcome_tray_section1")
    app_shot(trays.last, "welcome_tray_section4")
    if SHOTS: page.screenshot(path=SHOTS + "/welcome_lab.png", full_page=True)

_JS_LOADERS = """(id) => {
  const w = [...window.jupyterapp.shell.widgets('main')].find(w => w.id === id);
  let n = 0;
  for (const c of w.content.widgets) if (c.model.type === 'code')
    for (const o of c.model.outputs.toJSON()) if (o.data && o.data['application/vnd.bokehjs_load.v0+json']) n++;
  return n;
}"""

def test_bokehjs_from_the_server_once_and_offline(lab, page, welcome_nb, external_requests):
    # three panels with charts, one BokehJS loader output in the whole notebook: a small one, BokehJS itself comes
    # from the Jupyter server (fortune_suite.serve_bokeh), so the saved tour stays small (it was 8 MB: issue 29)
    assert page.evaluate(_JS_LOADERS, welcome_nb.get_attribute("id")) == 1
    assert page.evaluate("() => typeof window.Bokeh.version") == "string"
    assert welcome_nb.locator(".fs-bokeh-loader-error").count() == 0
    lab.activate(page, welcome_nb)
    page.evaluate("async () => { await window.jupyterapp.commands.execute('docmanager:save'); }")
    wait(lambda: page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty") is False, "the tour saved")
    size = (lab.nbdir / "welcome.ipynb").stat().st_size
    print(f"welcome.ipynb after Run All and save: {size} bytes (as shipped: {WELCOME.stat().st_size})")
    assert size < 1_000_000, size
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
    bokeh_data(page, "aim", until=lambda d: abs(rifle_p1(d) - _binom_at_least(3, 1 / 6, 1)) < 1e-12)
    welcome_nb.locator(".fs-readout-threshold .widget-readout", has_text="1").first.wait_for()
    hl = bokeh_data(page, "fs-grid-highlight", until=lambda d: len(d["cell"]) > 0)
    assert "B4" not in hl["cell"] and "J2" not in hl["cell"]

def test_welcome_tray_roll(page, welcome_nb):
    tray = welcome_nb.locator(".fs-tray").last
    tray.locator(".fs-tray-roll").click()
    tray.locator(".fs-tray-row").first.filter(has_text="#2").wait_for()
    assert welcome_nb.locator(".fs-tray").first.locator(".fs-tray-row").count() == 3      # the other tray untouched

_JS_OPEN_PATHS = "() => [...window.jupyterapp.shell.widgets('main')].filter(w => w.context).map(w => w.context.path)"

def test_where_next_leads_to_games_tutorials_writeups(lab, page, welcome_nb):
    where = welcome_nb.locator('h2[data-jupyter-id="Where-next"]')
    assert where.count() == 1                                        # the intro's "Where next" link has its target
    cell = welcome_nb.locator(".jp-MarkdownOutput", has=page.locator('h2[data-jupyter-id="Where-next"]'))
    text = cell.inner_text()
    app_shot(cell, "welcome_where_next")
    order = [text.index(w) for w in ("Play a game", "SpcfkrsApp(seed=1)", "FomoApp(", "FFApp(", "PigApp(",
                                     "Learn a game", "Read the studies", "How it is made")]
    assert order == sorted(order), order                             # games first, developer notebooks last
    for label, path in (("SPCFKRS, step by step", "tutorials/spcfkrs.ipynb"),
                        ("Which SPCFKRS upgrades are worth their points?", "writeups/spcfkrs.ipynb")):
        lab.activate(page, welcome_nb)                               # back to the tour's tab
        welcome_nb.locator("a", has_text=label).click()
        wait(lambda: path in page.evaluate(_JS_OPEN_PATHS), f"{path} to open from its link")
        current = page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path")
        assert current == path, current                                 # opened in JupyterLab, as a notebook tab

def test_welcome_as_voila_app(lab, voila, vpage, bokeh_data, external_requests):
    shutil.copy(WELCOME, lab.nbdir / "welcome_app.ipynb")
    voila.open(vpage, "welcome_app.ipynb", wait_for=".fs-grid-figure")
    for css in (".fs-tray-chart", ".fs-readout-chart"):
        vpage.locator(css).first.wait_for(state="visible")
    assert vpage.locator("text=Traceback").count() == 0
    bokeh_data(vpage, "shot")
    vpage.locator(".fs-tray").first.locator(".fs-tray-roll").click()
    vpage.locator(".fs-tray").first.locator(".fs-tray-row", has_text="#4").first.wait_for()
    assert not [u for w, u in external_requests if "fortawesome" not in u], external_requests   # BokehJS inline here too
    assert vpage.locator(".fs-bokeh-loader-error").count() == 0 and vpage.evaluate("() => typeof window.Bokeh.version") == "string"
    if SHOTS: vpage.screenshot(path=SHOTS + "/welcome_voila.png", full_page=True)
