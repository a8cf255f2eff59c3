"""BokehJS in JupyterLab comes from the Jupyter server (fortune_suite.serve_bokeh), never from the notebook (issue 29).

A notebook holding a SPCFKRS app and a Fortune Fodder app, run in JupyterLab in Chromium: both boards draw (a canvas
in each figure, their pieces in BokehJS), the notebook holds one small loader and no BokehJS, and once saved the file
is far under 1 MB (it was 8 MB with BokehJS inline). A JupyterLab whose server does not serve BokehJS (the extension
disabled) gets a sentence in the output saying so and what to do, instead of charts that silently never draw.
Screenshot: test-artifacts/bokeh_loader-apps.png."""
import json, time
from pathlib import Path
import pytest
from conftest import make_jupyter_env, start_lab, open_lab_page, _stop
from helpers import wait, app_shot
from test_spcfkrs_app import NEAR, START
from test_ff_app import OPTS

LOAD_MIME = "application/vnd.bokehjs_load.v0+json"
APPS = ["import json\nfrom fortune_suite.apps.spcfkrs import SpcfkrsApp\n" f"SpcfkrsApp(options=json.loads('{NEAR}'), seed=1)",
        "from fortune_suite.apps.fortune_fodder import FFApp\n" f"FFApp(options=json.loads('{OPTS}'), seed=2)"]

_JS_SAVE = """async () => {
  const w = window.jupyterapp.shell.currentWidget;
  await window.jupyterapp.commands.execute('docmanager:save');
  return w.context.model.dirty;
}"""


def save(page):
    "Save the current notebook (as Ctrl-S does) and wait until JupyterLab says it is saved."
    wait(lambda: page.evaluate(_JS_SAVE) is False, "the notebook to be saved")


def outputs(path:Path) -> list:
    "(cell index, MIME type, size in bytes) of every output in the notebook file at `path`."
    nb = json.loads(path.read_text())
    return [(i, m, len(json.dumps(v))) for i, c in enumerate(nb["cells"]) for o in c.get("outputs", [])
            for m, v in o.get("data", {}).items()]


def canvas_drawn(page, css):
    "True when the Bokeh figure `css` has a canvas of non-zero size (Bokeh draws into its shadow DOM)."
    return page.evaluate("""(css) => [...document.querySelectorAll(css)].some(el => {
        const roots = [el, ...[...el.querySelectorAll('*')].map(e => e.shadowRoot).filter(Boolean)];
        const deep = (r) => [...r.querySelectorAll('canvas'), ...[...r.querySelectorAll('*')].filter(e => e.shadowRoot).flatMap(e => deep(e.shadowRoot))];
        return roots.flatMap(deep).some(c => c.width > 0 && c.height > 0);
    })""", css)


def test_two_apps_draw_and_the_saved_notebook_stays_small(lab, page, bokeh_data):
    page.set_viewport_size({"width": 1280, "height": 1000})
    nb = lab.run(page, "two_apps.ipynb", APPS, timeout=300)
    bokeh_data(page, "fs-grid-pieces", until=lambda d: sorted(d["cell"]) == START)                  # SPCFKRS
    bokeh_data(page, "fs-table-pieces", until=lambda d: {"a1", "a2", "b1", "b2"} <= set(d["id"]))  # Fortune Fodder
    for css in (".fs-grid-figure", ".fs-table-figure"):
        wait(lambda: canvas_drawn(page, css), f"a drawn canvas in {css}")
    assert nb.locator(".fs-bokeh-loader-error").count() == 0
    save(page)
    path = lab.nbdir / "two_apps.ipynb"
    size = path.stat().st_size
    print(f"two_apps.ipynb after Run All and save: {size} bytes")
    assert size < 1_000_000, size
    outs = outputs(path)
    loaders = [o for o in outs if o[1] == LOAD_MIME]
    assert len(loaders) == 1 and loaders[0][2] < 4000, loaders                   # one loader, a few kB
    assert max(n for _, _, n in outs) < 20_000, sorted(outs, key=lambda o: -o[2])[:3]
    assert "application/javascript" not in {m for _, m, _ in outs}
    # the page runs the BokehJS the loader asked for (the installed bokeh's version), fetched from this server
    assert page.evaluate("() => window.Bokeh.version") == page.evaluate(
        "() => [...document.scripts].map(s => s.textContent).join('').match(/var want = \"([^\"]+)\"/)[1]")
    app_shot(page.locator(".fs-spcfkrs-app").first, "bokeh_loader-apps", width=1280)
    app_shot(page.locator(".fs-ff-app").first, "bokeh_loader-ff", width=1280)


@pytest.fixture
def lab_without_extension(tmp_path_factory):
    "A JupyterLab whose server does not load fortune_suite's extension (even if an install enabled it in a config file)."
    env, dirs = make_jupyter_env(tmp_path_factory.mktemp("lab-no-ext"))
    lab = start_lab(env, dirs, extensions=("--ServerApp.jpserver_extensions=fortune_suite.serve_bokeh=False",))
    try: yield lab
    finally: _stop(lab.proc)


def test_without_the_extension_the_output_says_why(lab_without_extension, browser, request):
    lab = lab_without_extension
    pg = open_lab_page(browser, lab)
    try:
        nb = lab.run(pg, "no_ext.ipynb", ["from fortune_suite.ui.grid import GridBoard\nb = GridBoard(6, 4)\nb.place('S', 'B2')\nb"])
        msg = nb.locator(".fs-bokeh-loader-error").first
        msg.wait_for(state="visible")
        text = msg.inner_text()
        assert "Bokeh charts cannot be drawn" in text and "HTTP 404" in text, text
        assert "jupyter server extension enable fortune_suite.serve_bokeh" in text and "fortune-suite lab" in text, text
        assert pg.evaluate("() => typeof window.Bokeh") == "undefined"
        app_shot(msg, "bokeh_loader-no-extension")
    finally:
        try: lab.close_all(pg)
        finally: pg.context.close()
