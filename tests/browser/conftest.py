"""Browser tests: JupyterLab and Voilà, headless on loopback, driven by Debian's Chromium through Playwright.

One JupyterLab server, one Voilà server (started only if a test asks for it) and one Chromium per session.
Servers run with a random token and temporary config/runtime/data dirs, serve a temporary notebook dir into which
tests write small notebooks (`lab.write(name, cells)`), and are stopped by their process id at the end.
The system data path (where the lab extensions for ipywidgets and jupyter_bokeh live) is untouched.

Fixtures: `lab` (server + helpers), `page` (the shared JupyterLab page, reset between tests), `voila`
(server + `voila.open(page, name)`), `vpage` (a fresh page for Voilà), `bokeh_data` (reads a ColumnDataSource from BokehJS in the page),
`external_requests` (requests pages tried to send off the loopback: refused and listed, so offline use is tested).
A failing test saves a screenshot of the page(s) it used to test-artifacts/<test>.png. Without /usr/bin/chromium the tests skip locally and FAIL when the
environment variable CI is set.
"""
from __future__ import annotations
import json, os, re, secrets, signal, socket, subprocess, sys, tempfile, time, urllib.error, urllib.request
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("FS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
TIMEOUT_MS = 60_000

# ---------------------------------------------------------------- pytest plumbing

def pytest_configure(config):
    config.addinivalue_line("markers", "browser: runs in a real browser against a live Jupyter server")
    config.addinivalue_line("markers", "slow: takes more than a few seconds")

def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for it in items:
        if here in Path(str(it.fspath)).parents: it.add_marker(pytest.mark.browser)

@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    rep = yield
    setattr(item, f"rep_{rep.when}", rep)
    return rep

def _safe(nodeid): return re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid).strip("_")

def screenshot_if_failed(request, pg, suffix=""):
    "If the test of `request` failed, save a full-page screenshot of `pg` to test-artifacts/<test><suffix>.png."
    rep = getattr(request.node, "rep_call", None)
    if rep is None or not rep.failed: return None
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{_safe(request.node.nodeid)}{suffix}.png"
    try: pg.screenshot(path=str(path), full_page=True)
    except Exception as e: print(f"screenshot failed: {e}"); return None
    print(f"screenshot saved: {path}")
    return path

# ---------------------------------------------------------------- servers

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0)); return s.getsockname()[1]

def _wait_http(url, proc, log, timeout=90):
    t0 = time.time()
    while time.time() - t0 < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{Path(log).read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                if r.status == 200: return
        except (urllib.error.URLError, ConnectionError, OSError): pass
        time.sleep(0.3)
    raise TimeoutError(f"{url} not up after {timeout}s:\n{Path(log).read_text()[-3000:]}")

def _stop(proc):
    "Stop a server we started (and the kernels it started: they share its process group) by its process id."
    if proc.poll() is not None: return
    try: os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError: return
    try: proc.wait(5)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL); proc.wait(5)

def make_jupyter_env(base:Path):
    """Temporary Jupyter dirs under `base` + lab settings; returns (env, dirs). The system data path (where the
    lab extensions live) stays as installed."""
    dirs = {k: base / k for k in ("config", "runtime", "data", "ipython", "workspaces", "notebooks", "logs")}
    for d in dirs.values(): d.mkdir(parents=True, exist_ok=True)
    settings = dirs["config"] / "lab" / "user-settings"
    for name, value in {
        "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},   # render every cell, even off screen
        "@jupyterlab/apputils-extension/notification": {"checkForUpdates": False, "fetchNews": "false"},
    }.items():
        f = settings / f"{name}.jupyterlab-settings"
        f.parent.mkdir(parents=True, exist_ok=True); f.write_text(json.dumps(value))
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(dirs["config"]), JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
               JUPYTER_DATA_DIR=str(dirs["data"]), IPYTHONDIR=str(dirs["ipython"]),
               JUPYTERLAB_SETTINGS_DIR=str(settings), JUPYTERLAB_WORKSPACES_DIR=str(dirs["workspaces"]),
               JUPYTER_PLATFORM_DIRS="1", PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
               PYDEVD_DISABLE_FILE_VALIDATION="1")
    env.pop("JUPYTER_PATH", None)
    return env, dirs

@pytest.fixture(scope="session")
def jupyter_env(tmp_path_factory):
    "Temporary Jupyter dirs + lab settings (see `make_jupyter_env`)."
    return make_jupyter_env(tmp_path_factory.mktemp("jupyter"))

def write_notebook(path:Path, cells:list[str]) -> Path:
    "Write a notebook whose code cells are `cells` (a cell starting with '%%md' becomes markdown)."
    import nbformat
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}})
    for src in cells:
        nb.cells.append(nbformat.v4.new_markdown_cell(src[4:].lstrip()) if src.startswith("%%md")
                        else nbformat.v4.new_code_cell(src))
    nbformat.write(nb, str(path))
    return path

# ---------------------------------------------------------------- JupyterLab helpers (run in the page)

_JS_OPEN = """async (path) => {
  const app = window.jupyterapp;
  const w = await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
  await w.context.ready; await w.sessionContext.ready;
  app.shell.activateById(w.id);
  return w.id;
}"""
_JS_CURRENT = "() => window.jupyterapp.shell.currentWidget"
_JS_RUN_ALL = """async () => {
  const app = window.jupyterapp, w = app.shell.currentWidget;
  await w.sessionContext.ready;
  await app.commands.execute('notebook:run-all-cells');
}"""
_JS_DONE = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  if (!k || k.status !== 'idle') return false;
  const code = w.content.widgets.filter(c => c.model.type === 'code');
  return code.every(c => c.model.executionCount !== null && !c.hasClass('jp-mod-pending') && c.promptNode.textContent.indexOf('*') < 0);
}"""
_JS_ERRORS = """() => {
  const w = window.jupyterapp.shell.currentWidget, out = [];
  for (const c of w.content.widgets) {
    if (c.model.type !== 'code') continue;
    for (const o of c.model.outputs.toJSON())
      if (o.output_type === 'error') out.push(o.ename + ': ' + o.evalue + '\\n' + (o.traceback || []).join('\\n'));
  }
  return out;
}"""
_JS_OPEN_IDS = "() => [...window.jupyterapp.shell.widgets('main')].filter(w => w.sessionContext).map(w => w.id)"
_JS_CLOSE = """async (keep) => {
  const app = window.jupyterapp;
  for (const w of [...app.shell.widgets('main')]) {
    if (!w.sessionContext || (keep || []).includes(w.id)) continue;
    try { await w.sessionContext.shutdown(); } catch (e) {}
    if (w.context && w.context.model) w.context.model.dirty = false;
    w.dispose();
  }
}"""
_JS_BOKEH_DATA = """(name) => {
  const B = window.Bokeh;
  if (!B) return null;
  const conv = (d) => {
    const obj = d instanceof Map ? Object.fromEntries(d) : d, out = {};
    for (const k of Object.keys(obj)) out[k] = Array.from(obj[k], v => (v !== null && typeof v === 'object' && v.length !== undefined) ? Array.from(v) : v);
    return out;
  };
  const find = (doc) => { for (const m of doc._all_models.values()) if (m.name === name && m.data !== undefined) return m; return null; };
  // documents whose root view is on the page, newest first; then any document
  const live = [];
  try { for (const v of B.index.roots) if (v.el && v.el.isConnected) live.push(v.model.document); } catch (e) {}
  for (const doc of live.reverse()) { const m = find(doc); if (m) return conv(m.data); }
  for (const doc of [...B.documents].reverse()) { if (doc._roots && doc._roots.length === 0) continue; const m = find(doc); if (m) return conv(m.data); }
  return null;
}"""

def bokeh_data(page, name:str, timeout:float=30.0, until=None):
    """The `.data` of the Bokeh ColumnDataSource called `name`, read from BokehJS in the page (dict of lists).
    With `until` (a predicate on the data), poll until it holds (or fail after `timeout` seconds)."""
    t0, data = time.time(), None
    while True:
        data = page.evaluate(_JS_BOKEH_DATA, name)
        if data is not None and (until is None or until(data)): return data
        if time.time() - t0 > timeout:
            raise AssertionError(f"Bokeh source {name!r} {'not found' if data is None else 'never matched'} in the page; last: {data}")
        time.sleep(0.05)

class Lab:
    "A running JupyterLab: `url`, `token`, `nbdir`, and helpers to write, open and run notebooks in a page."
    def __init__(self, proc, url, token, nbdir):
        self.proc, self.url, self.token, self.nbdir = proc, url, token, nbdir

    def write(self, name:str, cells:list[str]) -> str:
        "Write notebook `name` (code cells from strings) into the served dir; returns its path relative to it."
        write_notebook(self.nbdir / name, cells); return name

    def open(self, page, name:str):
        "Open notebook `name` in the page, wait for its kernel; returns a locator of the notebook panel."
        wid = page.evaluate(_JS_OPEN, name)
        return page.locator(f'[id="{wid}"]')

    def run_all(self, page, timeout:float=120, check:bool=True):
        "Run every cell of the current notebook and wait until all have executed; raise on error outputs."
        page.evaluate(_JS_RUN_ALL)
        page.wait_for_function(_JS_DONE, timeout=timeout * 1000, polling=100)
        errs = page.evaluate(_JS_ERRORS)
        if check and errs:
            raise AssertionError("notebook raised:\n" + re.sub(r"\x1b\[[0-9;]*m", "", "\n\n".join(errs)))
        return errs

    def run(self, page, name:str, cells:list[str], **kw):
        "Write, open and run a notebook; returns the locator of its panel."
        self.write(name, cells); nb = self.open(page, name); self.run_all(page, **kw); return nb

    def open_ids(self, page) -> list:
        "Ids of the notebook panels open in the page."
        return page.evaluate(_JS_OPEN_IDS)

    def close_all(self, page, keep=()):
        "Shut down the kernels of the open notebooks (except the panel ids in `keep`) and close them, unsaved."
        page.evaluate(_JS_CLOSE, list(keep))

    def close(self, page, nb):
        "Shut down and close the one notebook panel located by `nb`."
        wid = nb.get_attribute("id")
        self.close_all(page, keep=[i for i in self.open_ids(page) if i != wid])

    def activate(self, page, nb):
        "Make the notebook panel located by `nb` (from `open`/`run`) the current one."
        page.evaluate("(id) => window.jupyterapp.shell.activateById(id)", nb.get_attribute("id"))

@pytest.fixture(scope="session")
def chromium_path():
    if not Path(CHROMIUM).exists():
        msg = f"Chromium not found at {CHROMIUM}"
        if os.environ.get("CI"): pytest.fail(msg + " (CI is set: browser tests must run)", pytrace=False)
        pytest.skip(msg)
    return CHROMIUM

SERVE_BOKEH = ("--ServerApp.jpserver_extensions=fortune_suite.serve_bokeh=True",)   # BokehJS from the server, as `fortune-suite lab` has it

def start_lab(env, dirs, extensions=SERVE_BOKEH) -> "Lab":
    """Start JupyterLab on loopback with a random token serving dirs['notebooks']; stop it with `_stop(lab.proc)`.
    `extensions`: command-line options enabling server extensions (default: fortune_suite's, which serves BokehJS, enabled
    explicitly: the tests do not depend on the config file an install may have put into the environment)."""
    port, token = free_port(), secrets.token_hex(16)
    log = dirs["logs"] / "lab.log"
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
           "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={dirs['notebooks']}",
           "--ServerApp.open_browser=False", "--LabApp.expose_app_in_browser=True",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", "--LabApp.news_url=",
           "--ContentsManager.allow_hidden=True", *extensions]
    proc = subprocess.Popen(cmd, env=env, cwd=dirs["notebooks"], stdout=open(log, "w"), stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_http(f"{url}/api/status?token={token}", proc, log)
    except BaseException:
        _stop(proc); raise
    return Lab(proc, url, token, dirs["notebooks"])

EXTERNAL_REQUESTS: list = []   # (where, url) of every request a test page tried to send off the loopback (refused)
# Voilà's own "lab" template links FontAwesome from a CDN (share/jupyter/voila/templates/lab/index.html.j2);
# offline, Voilà pages simply lack those icons. Nothing of ours may depend on them.
VOILA_TEMPLATE_CDN = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@"

def offline(ctx, where:str):
    "Refuse (and record in EXTERNAL_REQUESTS as (where, url)) every request of the context that leaves 127.0.0.1."
    from urllib.parse import urlparse
    def route(r):
        u = urlparse(r.request.url)
        if u.scheme in ("http", "https", "ws", "wss") and u.hostname not in ("127.0.0.1", "localhost"):
            EXTERNAL_REQUESTS.append((where, r.request.url)); r.abort()
        else: r.continue_()
    ctx.route("**/*", route)
    return ctx

def open_lab_page(browser, lab:"Lab"):
    "A new page with JupyterLab loaded and restored (window.jupyterapp available); requests off loopback refused."
    ctx = offline(browser.new_context(viewport={"width": 1400, "height": 1000}), "lab")
    pg = ctx.new_page()
    pg.set_default_timeout(TIMEOUT_MS)
    pg.goto(f"{lab.url}/lab?token={lab.token}&reset")
    pg.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=TIMEOUT_MS)
    pg.evaluate("async () => { await window.jupyterapp.restored; }")
    return pg

def launch_chromium(pw, path=CHROMIUM):
    """Launch Debian's Chromium headless through Playwright (no browser download), drawing scrollbars as a person's
    browser does (Playwright hides them by default): a screenshot shows a stray scrollbar."""
    return pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True, ignore_default_args=["--hide-scrollbars"])

@pytest.fixture(scope="session")
def lab(jupyter_env, chromium_path):
    env, dirs = jupyter_env
    lab = start_lab(env, dirs)
    try: yield lab
    finally: _stop(lab.proc)

@pytest.fixture(scope="session")
def browser(chromium_path):
    try: from playwright.sync_api import sync_playwright
    except ImportError:
        if os.environ.get("CI"): pytest.fail("playwright is not installed", pytrace=False)
        pytest.skip("playwright is not installed")
    pw = sync_playwright().start()
    b = launch_chromium(pw, chromium_path)
    yield b
    b.close(); pw.stop()

@pytest.fixture(scope="session")
def _lab_page(lab, browser):
    pg = open_lab_page(browser, lab)
    yield pg
    pg.context.close()

@pytest.fixture
def page(_lab_page, lab, request):
    """The shared JupyterLab page; notebooks the test opened are closed (kernels shut down) afterwards, those
    open before it (e.g. a module-scoped notebook fixture's) are kept."""
    before = lab.open_ids(_lab_page)
    yield _lab_page
    screenshot_if_failed(request, _lab_page)
    try: _lab_page.mouse.move(1, 1, steps=4)      # the pointer off the boards first: no hover tooltip outlives its notebook
    except Exception as e: print(f"moving the mouse failed: {e}")
    try: lab.close_all(_lab_page, keep=before)
    except Exception as e: print(f"closing notebooks failed: {e}")

class Voila:
    "A running Voilà serving the same notebook dir as `lab`: `open(page, name)` renders a notebook."
    def __init__(self, proc, url, token, nbdir, log=None):
        self.proc, self.url, self.token, self.nbdir, self.log = proc, url, token, nbdir, log
    def render_url(self, name): return f"{self.url}/voila/render/{name}?token={self.token}"
    def _state(self, page) -> str:
        "What the page shows (its text, shortened) and the end of Voilà's log: for a failure's message."
        try: text = page.evaluate("() => document.body ? document.body.innerText : '(no body)'")
        except Exception as e: text = f"(page text unreadable: {e})"
        log = Path(self.log).read_text(errors="replace")[-2500:] if self.log and Path(self.log).exists() else "(no log)"
        return f"page text: {text[:1500]!r}\nvoila log (end):\n{log}"
    def open(self, page, name:str, wait_for:str=None, tries:int=2):
        """Render notebook `name` through Voilà in `page`; optionally wait until CSS selector `wait_for` is visible.
        Voilà now and then serves a page whose widgets never render (voila-dashboards/voila#920, still open; a reload
        renders them), so a page that never shows `wait_for` is loaded afresh once, saying so; a second miss fails with what
        the page showed and the end of Voilà's log."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        seen = []
        for attempt in range(tries):
            page.goto(self.render_url(name))
            if not wait_for: return page
            try:
                page.locator(wait_for).first.wait_for(state="visible", timeout=TIMEOUT_MS * 2)
                return page
            except PlaywrightTimeout as e:
                seen.append(f"try {attempt + 1}: {type(e).__name__}: {str(e).splitlines()[0]}\n{self._state(page)}")
                print(f"Voilà: {wait_for!r} not shown in {name} on try {attempt + 1} of {tries}")
        raise AssertionError(f"Voilà never showed {wait_for!r} for {name}:\n" + "\n\n".join(seen))

@pytest.fixture(scope="session")
def voila(lab, jupyter_env, tmp_path_factory):
    env, dirs = jupyter_env
    env = dict(env, JUPYTER_RUNTIME_DIR=str(tmp_path_factory.mktemp("voila-runtime")))
    port, token = free_port(), secrets.token_hex(16)
    log = dirs["logs"] / "voila.log"
    cmd = [sys.executable, "-m", "voila", str(dirs["notebooks"]), "--no-browser", "--Voila.ip=127.0.0.1",
           f"--port={port}", "--Voila.port_retries=0", f"--token={token}", "--show_tracebacks=True"]
    proc = subprocess.Popen(cmd, env=env, cwd=dirs["notebooks"], stdout=open(log, "w"), stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_http(f"{url}/?token={token}", proc, log)
        yield Voila(proc, url, token, dirs["notebooks"], log)
    finally:
        _stop(proc)

@pytest.fixture
def vpage(browser, request):
    "A fresh page for Voilà (closed afterwards; its kernel ends when the page goes); requests off loopback refused."
    ctx = offline(browser.new_context(viewport={"width": 1400, "height": 1000}), "voila")
    pg = ctx.new_page(); pg.set_default_timeout(TIMEOUT_MS)
    yield pg
    screenshot_if_failed(request, pg, "-voila")
    ctx.close()

@pytest.fixture(name="bokeh_data")
def _bokeh_data_fixture():
    "The `bokeh_data(page, name, timeout=30, until=None)` reader, as a fixture (no import of conftest needed)."
    return bokeh_data

@pytest.fixture
def external_requests():
    "The (where, url) pairs of requests test pages tried to send off the loopback (refused); see `offline`."
    return EXTERNAL_REQUESTS
