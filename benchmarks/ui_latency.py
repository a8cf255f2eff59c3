"""UI latency: how long from a person's action to a visible change — in the apps, and in the panels.

Apps (browser): JupyterLab headless (loopback, token, temp dirs; the machinery of tests/browser) in Debian's
Chromium. Each app of the table below is played through a short list of steps, each a real click (Playwright's
mouse) on a control or on the board; the time runs from the click's `pointerdown` in the page to the first
animation frame after the watched part of the page changed (its text, an attribute, or a board's data in BokehJS):
browser → kernel → rules (and any bot's answer) → widgets → page. Every round starts from a fresh app (its cell is
run again). The peer, measured in the same run and interleaved with the apps: a plain ipywidgets Button whose
click sets an HTML widget's text — the round trip every widget app pays; `× peer` is an action's median over it.
Target: median ≤ 300 ms for every action (issue 11).

Panels: in Python, a control's value is set and the panel recomputes and replaces its ColumnDataSource data
(target ≤ 20 ms, peer the bare Dist computation); in the browser, a number typed into a control until BokehJS
holds the new data, and the dice tray's Roll until the chart counts it (target median ≤ 300 ms).

    python benchmarks/ui_latency.py                 # everything
    python benchmarks/ui_latency.py --quick         # Python side only, fewer repeats, the app table checked (CI smoke)
    python benchmarks/ui_latency.py --apps-only --rounds 10 --apps pig,spcfkrs
    python benchmarks/ui_latency.py --browser-only --reps 40
Numbers are printed, never asserted. When an app's screen changes, update its rows in APPS (nothing else): a step
whose control is not on the page, or whose watched part never changes, is reported as such and the rest go on.
"""
from __future__ import annotations
import argparse, importlib.util, json, statistics, sys, tempfile, time
from collections import namedtuple
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from helpers import run_in_kernel   # the kernel round trip the browser tests use

# ================================================================== the table: what to click in each app
# App: `cell` is the notebook cell that makes the app and binds it to `app` (it is displayed after it); `root` is
# the CSS class of the app's outermost element. Step: (what, click, watch)
#   click — a Playwright selector inside the app ("button.fs-app-undo", "button:has-text('Roll (')"), or
#           ("board", figure name, x, y): a click where that Bokeh figure draws its point (x, y);
#   watch — what must change: a CSS selector inside the app (its text; "selector@attribute" for an attribute), or
#           "bokeh:NAME", the data of the ColumnDataSource called NAME.
App = namedtuple("App", "cell root steps")
Step = namedtuple("Step", "what click watch")

_SP_NEAR = ('{"map": "open", "deploy_rows": 11, "forces": [[{"mods": ["assault_rifle"], "at": "C11"}, {"mods": [], "at": "H11"}], '
            '[{"mods": [], "at": "C14"}, {"mods": [], "at": "H16"}]]}')
_FF_SETUP = ('{"teams": [[["Longshot", "Vega"], ["Bulwark", "Rook"]], [["Wisp", "Juno"], ["Breaker", "Ash"]]], "scenario": "control", '
             '"terrain": "none", "secondaries": ["take_names", "plan"], "first": 0, '
             '"positions": {"a1": [6, 4], "a2": [18, 4], "b1": [6, 14], "b2": [18, 20]}}')
def _sq(cell): return "ABCDEFGHIJKLMNOPQRSTUVWX".index(cell[0]) + 0.5, int(cell[1:]) - 0.5   # a square's centre on the grid

PEER = App("import ipywidgets as W\ndef _peer():\n    b, h = W.Button(description='peer'), W.HTML('0')\n"
           "    b.on_click(lambda _: setattr(h, 'value', str(int(h.value) + 1)))\n"
           "    return W.VBox([b, h]).add_class('fs-bench-peer')\napp = _peer()",
           ".fs-bench-peer", [Step("ipywidgets Button → HTML", "button", ".widget-html")])

APPS = {
    "pig": App("from fortune_suite.apps.pig import PigApp\napp = PigApp(seed=1, seats={1: 'greedy'})", ".fs-pig-app", [
        Step("choose a stance (the bot answers)", "button:has-text('Steady stance')", ".fs-pig-score"),
        Step("roll", "button:has-text('Roll (')", ".fs-pig-score"),
        Step("hold (the bot plays its turn)", "button:has-text('Hold (')", ".fs-pig-score"),
        Step("undo", "button.fs-app-undo", ".fs-pig-score"),
    ]),
    "spcfkrs": App(f"import json\nfrom fortune_suite.apps.spcfkrs import SpcfkrsApp\napp = SpcfkrsApp(options=json.loads('{_SP_NEAR}'), seed=1)",
                   ".fs-spcfkrs-app", [
        Step("select a fighter on the board", ("board", "fs-grid-figure", *_sq("C11")), "bokeh:fs-grid-highlight"),
        Step("click its target: the order and its odds", ("board", "fs-grid-figure", *_sq("C14")), ".fs-sp-orders"),
        Step("click a square to move to", ("board", "fs-grid-figure", *_sq("C9")), "bokeh:fs-grid-arrows"),
        Step("lock the orders (the bot's too)", ".fs-sp-lock", ".fs-app-log"),
        Step("next step of the report", ".fs-sp-step", ".fs-sp-report"),
        Step("undo", "button.fs-app-undo", ".fs-app-log"),
    ]),
    "fomo": App("from fortune_suite.apps.fomo import FomoApp\napp = FomoApp(players=2, seed=3, bots={1: 'greedy'})", ".fs-fomo-app", [
        Step("peek at a stack", "button.fs-fomo-stack-B", ".fs-app-log"),
        Step("pick a card of the hand (the stacks light up)", "button.fs-fomo-card-5", ".fs-fomo-stacks"),
        Step("bid it on a stack (the bot answers)", "button.fs-fomo-stack-A", ".fs-fomo-hand"),
        Step("undo", "button.fs-app-undo", ".fs-app-log"),
    ]),
    "fortune_fodder": App(f"import json\nfrom fortune_suite.apps.fortune_fodder import FFApp\napp = FFApp(options=json.loads('{_FF_SETUP}'), seed=2)",
                          ".fs-ff-app", [
        Step("click a Mech on the table: its activation shown", ("board", "fs-table-figure", 6, 4), ".fs-ff-preview"),
        Step("click it again: activate it", ("board", "fs-table-figure", 6, 4), ".fs-app-log"),
        Step("choose another weapon: its targets' odds", "button:has-text('Sidearm ·')", "bokeh:fs-table-labels"),
        Step("click an enemy: the exact odds", ("board", "fs-table-figure", 6, 14), ".fs-ff-odds-box"),
        Step("confirm: shoot", "button:has-text('Fire Sidearm')", ".fs-app-log"),
        Step("click an empty spot: move", ("board", "fs-table-figure", 6, 8), ".fs-app-log"),
        Step("end the activation (the bot plays)", "button:has-text('End activation')", ".fs-app-log"),
        Step("undo", "button.fs-app-undo", ".fs-app-log"),
    ]),
}

def check_table(apps=None) -> list:
    "Problems with the table's rows (an empty list when every row is well formed)."
    bad = []
    for name, a in {"peer": PEER, **(apps or APPS)}.items():
        if "app =" not in a.cell: bad.append(f"{name}: the cell must bind the app to `app`")
        if not a.root.startswith("."): bad.append(f"{name}: root should be a CSS class selector, got {a.root!r}")
        for k, st in enumerate(a.steps):
            c = st.click
            if not (isinstance(c, str) and c or isinstance(c, tuple) and len(c) == 4 and c[0] == "board"
                    and all(isinstance(v, (int, float)) for v in c[2:])):
                bad.append(f"{name} step {k + 1} ({st.what}): click must be a selector or ('board', figure, x, y), got {c!r}")
            if not (isinstance(st.watch, str) and st.watch): bad.append(f"{name} step {k + 1} ({st.what}): watch must be a selector")
    return bad

def check_cells(apps=None) -> list:
    "Run each app's cell in Python (no browser): problems if it fails or the app's box lacks the table's root class."
    bad = []
    for name, a in (apps or APPS).items():
        ns = {}
        try: exec(a.cell, ns)
        except Exception as e: bad.append(f"{name}: its cell raised {type(e).__name__}: {e}"); continue
        box = getattr(ns["app"], "box", ns["app"])
        if a.root[1:] not in getattr(box, "_dom_classes", ()): bad.append(f"{name}: the app's box has no class {a.root[1:]!r}")
        if hasattr(ns["app"], "close"): ns["app"].close()
    return bad

def _ms(ts): return [t * 1e3 for t in ts]
def _summary(ms): ms = sorted(ms); return statistics.median(ms), ms[min(len(ms) - 1, int(0.9 * len(ms)))], ms[-1]

# ------------------------------------------------------------------ Python side

def python_side(reps:int):
    import ipywidgets as W
    from fortune_suite.dice import successes, pool_sum, die
    from fortune_suite.ui.readout import Readout
    from fortune_suite.ui.dicetray import DiceTray
    cases = {
        "successes(n, 4+)": lambda n: successes(n, 4),
        "sum of n d6": lambda n: pool_sum(n, die(6)),
    }
    rows = []
    for label, fn in cases.items():
        for n in (5, 10, 20, 40):
            ctl = W.IntSlider(value=n, min=1, max=40)
            r = Readout(fn, controls={"n": ctl})
            panel, bare = [], []
            for i in range(reps):
                v = n - 1 if i % 2 == 0 else n          # alternate so every change is real
                before = r.source.data
                t0 = time.perf_counter(); ctl.value = v; panel.append(time.perf_counter() - t0)
                assert r.source.data is not before and r.dist.max in (v, 6 * v), "no new data"
                t0 = time.perf_counter(); fn(v).at_least(0); bare.append(time.perf_counter() - t0)
            r.close()
            rows.append((label, n, _summary(_ms(panel)), statistics.median(_ms(bare))))
    # comparison readout: two options side by side
    ctl = W.IntSlider(value=40, min=1, max=40)
    r = Readout(compare={"A": lambda n: successes(n, 4), "B": lambda n: successes(n, 5)}, controls={"n": ctl})
    ts = []
    for i in range(reps):
        t0 = time.perf_counter(); ctl.value = 39 if i % 2 == 0 else 40; ts.append(time.perf_counter() - t0)
    rows.append(("compare 2 options", 40, _summary(_ms(ts)), float("nan")))
    tray = DiceTray("40d6", seed=1)
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter(); tray.roll(); ts.append(time.perf_counter() - t0)
    rows.append(("tray Roll 40d6", 40, _summary(_ms(ts)), float("nan")))
    print(f"\nPython side: control change → new ColumnDataSource data ({reps} changes each; target ≤ 20 ms)")
    print(f"{'case':<22}{'dice':>5}{'median ms':>11}{'p90 ms':>9}{'max ms':>9}{'bare Dist ms':>14}{'ratio':>7}")
    for label, n, (med, p90, mx), bare in rows:
        ratio = f"{med / bare:6.1f}" if bare == bare and bare > 0 else "     -"
        print(f"{label:<22}{n:>5}{med:>11.2f}{p90:>9.2f}{mx:>9.2f}{bare:>14.3f}{ratio:>7}")
    worst = max(med for _, _, (med, _, _), _ in rows)
    print(f"worst median: {worst:.2f} ms  ({'meets' if worst <= 20 else 'MISSES'} the 20 ms target)")
    return [dict(case=l, dice=n, median_ms=m, p90_ms=p, max_ms=x, bare_ms=b) for l, n, (m, p, x), b in rows]

# ------------------------------------------------------------------ browser side

BENCH_CELLS = [
    "import ipywidgets as W\nfrom fortune_suite.dice import successes, pool_sum, die\n"
    "from fortune_suite.ui.readout import Readout\nfrom fortune_suite.ui.dicetray import DiceTray",
    "n = W.IntText(value=40, continuous_update=False); n.add_class('fs-bench-n')\n"
    "r = Readout(lambda n: successes(max(1, min(40, n)), 4), controls={'n': n}, name='bench-readout')\nr",
    "m = W.IntText(value=40, continuous_update=False); m.add_class('fs-bench-m')\n"
    "s = Readout(lambda m: pool_sum(max(1, min(40, m)), die(6)), controls={'m': m}, name='bench-sum')\ns",
    "t = DiceTray('40d6', seed=3, name='bench-tray')\nt",
]

_JS_SOURCE = """(name) => {
  const B = window.Bokeh, live = [];
  for (const v of B.index.roots) if (v.el && v.el.isConnected) live.push(v.model.document);
  for (const doc of live.reverse()) for (const m of doc._all_models.values()) if (m.name === name && m.data !== undefined) return true;
  return false;
}"""
# time from an edit of the control's <input> to the new column length in BokehJS
_JS_EDIT = """async ([css, value, name, want]) => {
  const B = window.Bokeh;
  let src = null;
  const live = [];
  for (const v of B.index.roots) if (v.el && v.el.isConnected) live.push(v.model.document);
  for (const doc of live.reverse()) { for (const m of doc._all_models.values()) if (m.name === name && m.data !== undefined) { src = m; break; } if (src) break; }
  const col = () => { const d = src.data; return d instanceof Map ? d.get('outcome') : d['outcome']; };
  const input = document.querySelector('.' + css + ' input');
  const t0 = performance.now();
  input.value = String(value);
  input.dispatchEvent(new Event('input', {bubbles: true}));
  input.dispatchEvent(new Event('change', {bubbles: true}));
  return await new Promise((resolve, reject) => {
    const check = () => {
      if (col().length === want) resolve(performance.now() - t0);
      else if (performance.now() - t0 > 15000) reject(new Error('no update within 15 s'));
      else setTimeout(check, 1);
    };
    check();
  });
}"""
_JS_ROLL = """async ([name]) => {
  const B = window.Bokeh;
  let src = null;
  const live = [];
  for (const v of B.index.roots) if (v.el && v.el.isConnected) live.push(v.model.document);
  for (const doc of live.reverse()) { for (const m of doc._all_models.values()) if (m.name === name && m.data !== undefined) { src = m; break; } if (src) break; }
  const total = () => { const d = src.data; const c = d instanceof Map ? d.get('count') : d['count']; let s = 0; for (const x of c) s += x; return s; };
  const before = total(), t0 = performance.now();
  document.querySelector('.fs-tray-roll').click();
  return await new Promise((resolve, reject) => {
    const check = () => {
      if (total() === before + 1) resolve(performance.now() - t0);
      else if (performance.now() - t0 > 15000) reject(new Error('no update within 15 s'));
      else setTimeout(check, 1);
    };
    check();
  });
}"""

# ------------------------------------------------------------------ browser: the apps

# In the page: the app's element (inside notebook cell `i`), what a watch reads, and a stopwatch armed before a click.
_JS_BENCH = r"""() => {
  if (window.__fsBench) return;
  const B = window.__fsBench = {t0: null};
  window.addEventListener('pointerdown', () => { if (B.armed && B.t0 === null) B.t0 = performance.now(); }, {capture: true});
  B.cell = (i) => window.jupyterapp.shell.currentWidget.content.widgets[i].node;
  B.root = (i, css) => B.cell(i).querySelector(css);
  B.source = (root, name) => {
    for (const v of window.Bokeh.index.roots) {
      if (!v.el.isConnected || !root.contains(v.el)) continue;
      for (const m of v.model.document._all_models.values()) if (m.name === name && m.data !== undefined) return m;
    }
    return null;
  };
  B.read = (i, css, spec) => {
    const root = B.root(i, css);
    if (!root) return null;
    if (spec.startsWith('bokeh:')) {
      const m = B.source(root, spec.slice(6));
      if (!m) return null;
      const d = m.data instanceof Map ? Object.fromEntries(m.data) : m.data, out = {};
      for (const k of Object.keys(d)) out[k] = Array.from(d[k], v => (v !== null && typeof v === 'object' && v.length !== undefined) ? Array.from(v) : v);
      return JSON.stringify(out);
    }
    const [sel, attr] = spec.split('@');
    const el = root.querySelector(sel);
    return el ? (attr ? el.getAttribute(attr) : el.innerText) : null;
  };
  B.arm = (i, css, spec) => {
    B.before = B.read(i, css, spec); B.t0 = null; B.t1 = null; B.t2 = null; B.armed = true;
    const check = () => {
      if (B.t1 !== null) return;
      if (B.t0 !== null && B.read(i, css, spec) !== B.before) {
        B.t1 = performance.now();
        requestAnimationFrame(() => { B.t2 = performance.now(); B.armed = false; });   // the frame that shows it
      } else B.timer = setTimeout(check, 2);
    };
    check();
  };
  B.result = () => B.t2 === null ? null : [B.t1 - B.t0, B.t2 - B.t0];
  B.disarm = () => { B.armed = false; clearTimeout(B.timer); };
  B.px = (i, css, fig, x, y) => {
    const root = B.root(i, css);
    const views = [...window.Bokeh.index.roots].filter(v => v.model.name === fig && v.el.isConnected && root && root.contains(v.el));
    if (!views.length) return null;
    const v = views[views.length - 1], r = v.el.getBoundingClientRect();
    return [r.left + v.frame.x_scale.compute(x), r.top + v.frame.y_scale.compute(y)];
  };
  B.idle = () => {
    const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    return k && k.status === 'idle';
  };
}"""
_JS_RUN_CELL = """async (i) => {
  const app = window.jupyterapp, w = app.shell.currentWidget;
  w.content.activeCellIndex = i;
  await app.commands.execute('notebook:run-cell');
}"""

def _idle(page, timeout=60):
    "Wait until the kernel is idle (the last action's handler, bots included, has finished)."
    page.wait_for_function("() => window.__fsBench.idle()", timeout=timeout * 1000, polling=20)
    page.wait_for_timeout(50)

def _fresh(page, i, app:App, timeout=120):
    "Run cell `i` again: a fresh app, drawn and idle."
    page.evaluate(_JS_RUN_CELL, i)
    page.wait_for_timeout(200)
    page.wait_for_function("([i, css]) => { const r = window.__fsBench.root(i, css); return r && r.offsetHeight > 0; }",
                           arg=[i, app.root], timeout=timeout * 1000)
    _idle(page, timeout)
    page.wait_for_timeout(300)                       # let the layout (and Bokeh's first paint) settle

def _click(page, i, app:App, click, timeout=5):
    "Do a step's click; returns None, or why it could not be done."
    if isinstance(click, tuple):
        _, fig, x, y = click
        page.evaluate("([i, css, fig]) => { const r = window.__fsBench.root(i, css); const v = [...window.Bokeh.index.roots]"
                      ".filter(v => v.model.name === fig && v.el.isConnected && r && r.contains(v.el)).pop(); if (v) v.el.scrollIntoView({block: 'center'}); }",
                      [i, app.root, fig])
        px, t0 = None, time.time()
        while time.time() - t0 < timeout:            # the same spot twice running: the layout has settled
            nxt = page.evaluate("([i, css, fig, x, y]) => window.__fsBench.px(i, css, fig, x, y)", [i, app.root, fig, x, y])
            if nxt is not None and nxt == px: break
            px = nxt; time.sleep(0.1)
        if px is None: return f"no Bokeh figure {fig!r} in the app"
        page.mouse.click(*px)
        return None
    cell = page.locator(".jp-Notebook .jp-Cell").nth(i)
    target = cell.locator(app.root).first.locator(click).first
    try: target.click(timeout=timeout * 1000)
    except Exception as e: return f"{click!r} not clickable ({type(e).__name__})"
    return None

def _step(page, i, app:App, st:Step, timeout=15):
    "One timed step: (click → change ms, click → painted ms), or a string saying why not."
    page.evaluate("([i, css, spec]) => window.__fsBench.arm(i, css, spec)", [i, app.root, st.watch])   # absent → present counts
    why = _click(page, i, app, st.click)
    if why: page.evaluate("() => window.__fsBench.disarm()"); return why
    t0 = time.time()
    while time.time() - t0 < timeout:
        r = page.evaluate("() => window.__fsBench.result()")
        if r is not None: break
        time.sleep(0.005)
    else:
        page.evaluate("() => window.__fsBench.disarm()"); _idle(page)
        there = page.evaluate("([i, css, spec]) => window.__fsBench.read(i, css, spec) !== null", [i, app.root, st.watch])
        return f"no change of {st.watch!r} within {timeout} s" + ("" if there else " (it is not in the app)")
    _idle(page)
    return r

# In the kernel: the time spent handling the widget messages of a step (rules, bots, widget and board updates, all
# that Python does between receiving the click and sending the change), read back and cleared after each step.
_KERNEL_TIMER = """import time, ipywidgets
if not hasattr(ipywidgets.Widget, '_fs_bench_orig'):
    ipywidgets.Widget._fs_bench_orig, _fs_kernel = ipywidgets.Widget._handle_msg, []
    def _fs_timed(self, msg, _orig=ipywidgets.Widget._handle_msg, _log=_fs_kernel):
        t = time.perf_counter()
        try: return _orig(self, msg)
        finally: _log.append(time.perf_counter() - t)
    ipywidgets.Widget._handle_msg = _fs_timed
def _fs_take():
    ms = 1e3 * sum(_fs_kernel); _fs_kernel.clear(); return ms"""
def _kernel_ms(page) -> float:
    "Milliseconds the kernel spent on widget messages since the last call (and clear)."
    return float(run_in_kernel(page, "print(_fs_take())"))

def apps_side(page, lab, rounds:int, names=None):
    "Play every app's steps `rounds` times (a fresh app each round), interleaved with the peer; print and return the rows."
    apps = {k: APPS[k] for k in (names or APPS)}
    cells = [_KERNEL_TIMER + "\n" + PEER.cell + "\napp"] + [f"{a.cell}\napp" for a in apps.values()]
    lab.write("bench_apps.ipynb", cells); lab.open(page, "bench_apps.ipynb"); lab.run_all(page, timeout=300)
    page.evaluate(_JS_BENCH)
    times = {("peer", k): [] for k in range(len(PEER.steps))}
    times.update({(n, k): [] for n, a in apps.items() for k in range(len(a.steps))})
    kernel = {k: [] for k in times}
    fails = {}
    for r in range(rounds):
        for n, (i, a) in zip(["peer", *apps], enumerate([PEER, *apps.values()])):
            if r or n != "peer": _fresh(page, i, a)
            _kernel_ms(page)
            for rep in range(3 if n == "peer" else 1):
                for k, st in enumerate(a.steps):
                    res = _step(page, i, a, st)
                    if isinstance(res, str): fails.setdefault((n, k), []).append(res)
                    else: times[(n, k)].append(res[1]); kernel[(n, k)].append(_kernel_ms(page))
                    if isinstance(res, str) and n != "peer": break   # later steps build on this one
        print(f"  round {r + 1}/{rounds} done", file=sys.stderr)
    peer = times[("peer", 0)]
    peer_med = statistics.median(peer) if peer else float("nan")
    print(f"\nBrowser side, apps: click → visible change ({rounds} rounds, a fresh app each; target median ≤ 300 ms)")
    print(f"peer: {PEER.steps[0].what}, median {peer_med:.1f} ms over {len(peer)} clicks"
          + (f" (not measured {len(fails[('peer', 0)])}×: {'; '.join(sorted(set(fails[('peer', 0)])))})" if ("peer", 0) in fails else ""))
    print(f"(kernel ms: the median time Python spent handling the step's widget messages; peer {statistics.median(kernel[('peer', 0)]) if kernel[('peer', 0)] else float('nan'):.1f} ms)")
    print(f"{'app':<15}{'action':<38}{'n':>3}{'median ms':>11}{'p90 ms':>9}{'max ms':>9}{'× peer':>8}{'kernel ms':>11}")
    rows = []
    for n, a in apps.items():
        for k, st in enumerate(a.steps):
            ts = times[(n, k)]
            if ts:
                med, p90, mx = _summary(ts)
                km = statistics.median(kernel[(n, k)])
                print(f"{n:<15}{st.what:<38}{len(ts):>3}{med:>11.1f}{p90:>9.1f}{mx:>9.1f}{med / peer_med:>8.1f}{km:>11.1f}")
            else: med = p90 = mx = km = None; print(f"{n:<15}{st.what:<38}{0:>3}{'—':>11}")
            why = sorted(set(fails.get((n, k), [])))
            if why: print(f"{'':<15}  not measured in {len(fails[(n, k)])} round(s): {'; '.join(why)}")
            rows.append(dict(app=n, action=st.what, n=len(ts), median_ms=med, p90_ms=p90, max_ms=mx, kernel_ms=km,
                             ratio_to_peer=None if med is None else med / peer_med, failures=why))
    meds = [x["median_ms"] for x in rows if x["median_ms"] is not None]
    if meds:
        worst = max(rows, key=lambda x: x["median_ms"] or 0)
        over = [f"{x['app']}: {x['action']}" for x in rows if x["median_ms"] is not None and x["median_ms"] > 300]
        print(f"worst median: {worst['median_ms']:.1f} ms ({worst['app']}: {worst['action']}); "
              + ("every measured action meets the 300 ms target" if not over else f"{len(over)} action(s) MISS the 300 ms target: {', '.join(over)}"))
    return dict(peer_median_ms=peer_med, peer_clicks=len(peer), rows=rows)

# ------------------------------------------------------------------ browser: the panels

def panels_side(page, lab, reps:int):
    "Edit → new data in BokehJS for two readouts, and the tray's Roll → chart; print and return the rows."
    lab.write("bench.ipynb", BENCH_CELLS); lab.open(page, "bench.ipynb"); lab.run_all(page)
    for name in ("bench-readout", "bench-sum", "bench-tray"):
        page.wait_for_function(_JS_SOURCE, arg=name, timeout=60_000)
    out = {}
    for css, name, length in (("fs-bench-n", "bench-readout", lambda v: v + 1),
                              ("fs-bench-m", "bench-sum", lambda v: 5 * v + 1)):
        page.evaluate(_JS_EDIT, [css, 39, name, length(39)])          # warm-up
        ts = []
        for i in range(reps):
            v = 40 if i % 2 == 0 else 39
            ts.append(page.evaluate(_JS_EDIT, [css, v, name, length(v)]))
        out[name] = ts
    page.evaluate(_JS_ROLL, ["bench-tray"])
    out["bench-tray"] = [page.evaluate(_JS_ROLL, ["bench-tray"]) for _ in range(reps)]
    print(f"\nBrowser side, panels: edit in the page → new data in BokehJS ({reps} changes each; target median ≤ 300 ms)")
    print(f"{'case':<34}{'median ms':>11}{'p90 ms':>9}{'max ms':>9}")
    labels = {"bench-readout": "readout successes(39↔40 dice, 4+)", "bench-sum": "readout sum of 39↔40 d6",
              "bench-tray": "tray Roll 40d6 (click → chart)"}
    rows = []
    for k, ts in out.items():
        med, p90, mx = _summary(ts)
        rows.append(dict(case=labels[k], median_ms=med, p90_ms=p90, max_ms=mx))
        print(f"{labels[k]:<34}{med:>11.1f}{p90:>9.1f}{mx:>9.1f}")
    worst = max(r["median_ms"] for r in rows)
    print(f"worst median: {worst:.1f} ms  ({'meets' if worst <= 300 else 'MISSES'} the 300 ms target)")
    return rows

def browser_side(reps:int, rounds:int, panels=True, apps=True, names=None):
    "Start JupyterLab and Chromium (as tests/browser does), run the panel and app measurements, stop them."
    spec = importlib.util.spec_from_file_location("fs_browser_conftest", ROOT / "tests" / "browser" / "conftest.py")
    cf = importlib.util.module_from_spec(spec); spec.loader.exec_module(cf)
    if not Path(cf.CHROMIUM).exists():
        print(f"\nBrowser side skipped: no Chromium at {cf.CHROMIUM}"); return None
    from playwright.sync_api import sync_playwright
    res = {}
    with tempfile.TemporaryDirectory() as tmp:
        env, dirs = cf.make_jupyter_env(Path(tmp))
        t_start = time.time()
        lab = cf.start_lab(env, dirs)
        pw = sync_playwright().start()
        try:
            browser = cf.launch_chromium(pw)
            page = cf.open_lab_page(browser, lab)
            print(f"\n(JupyterLab up in {time.time() - t_start:.1f} s)")
            if panels:
                res["panels"] = panels_side(page, lab, reps); lab.close_all(page)
            if apps:
                res["apps"] = apps_side(page, lab, rounds, names); lab.close_all(page)
            browser.close()
        finally:
            pw.stop(); cf._stop(lab.proc)
    return res

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="Python side only, 10 repeats, the app table checked (CI smoke)")
    ap.add_argument("--browser-only", action="store_true", help="no Python side")
    ap.add_argument("--apps-only", action="store_true", help="only the apps, in the browser")
    ap.add_argument("--no-browser", action="store_true")
    ap.add_argument("--apps", default=None, help=f"comma-separated apps of the table (default all: {','.join(APPS)})")
    ap.add_argument("--reps", type=int, default=None, help="changes per panel case (default 50 Python, 30 browser)")
    ap.add_argument("--rounds", type=int, default=10, help="rounds of each app's steps (default 10)")
    ap.add_argument("--json", type=Path, default=None, help="also write the numbers to this file")
    a = ap.parse_args(argv)
    bad = check_table()
    if bad: raise SystemExit("the app table has bad rows:\n" + "\n".join(bad))
    names = a.apps.split(",") if a.apps else None
    unknown = [n for n in names or () if n not in APPS]
    if unknown: raise SystemExit(f"unknown app(s) {', '.join(unknown)}; the table has {', '.join(APPS)}")
    res = {}
    if not (a.browser_only or a.apps_only): res["python"] = python_side(a.reps or (10 if a.quick else 50))
    if a.quick:
        t0 = time.perf_counter(); bad = check_cells()
        print(f"\napp table: {len(APPS)} apps, {sum(len(x.steps) for x in APPS.values())} steps, well formed; each app's cell "
              + (f"runs and draws its root class ({time.perf_counter() - t0:.1f} s)" if not bad else "FAILS:\n  " + "\n  ".join(bad)))
        if bad: raise SystemExit("update APPS at the top of benchmarks/ui_latency.py")   # the smoke step fails on a stale table
    if not (a.quick or a.no_browser):
        res["browser"] = browser_side(a.reps or 30, a.rounds, panels=not a.apps_only, apps=True, names=names)
    if a.json: a.json.write_text(json.dumps(res, indent=1))

if __name__ == "__main__":
    main()
