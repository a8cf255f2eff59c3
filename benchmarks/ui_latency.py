"""UI latency: how long from a control change to new chart data.

Python side (no browser): a control's value is set, the panel's handler recomputes the distribution and
replaces its ColumnDataSource data (jupyter_bokeh serialises the patch in the same call); we time that call.
Target: ≤ 20 ms for pools up to 40 dice. Peer: the bare Dist computation the handler has to do anyway, so the
ratio is the panel's overhead.

Browser side: JupyterLab headless (loopback, token, temp dirs; the same machinery as tests/browser) in Debian's
Chromium. In the page, a number is typed into a control's input (an `input`+`change` event, as a person's edit
fires) and we time, with performance.now(), until BokehJS holds the new data: browser → kernel → recompute →
patch → BokehJS. Target: median ≤ 300 ms. Also: a click on the tray's Roll button until the chart counts it.

    python benchmarks/ui_latency.py             # both sides
    python benchmarks/ui_latency.py --quick     # Python side only, fewer repeats (CI smoke)
    python benchmarks/ui_latency.py --browser-only --reps 40
Numbers are printed, never asserted.
"""
from __future__ import annotations
import argparse, importlib.util, json, statistics, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

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

def browser_side(reps:int):
    spec = importlib.util.spec_from_file_location("fs_browser_conftest", ROOT / "tests" / "browser" / "conftest.py")
    cf = importlib.util.module_from_spec(spec); spec.loader.exec_module(cf)
    if not Path(cf.CHROMIUM).exists():
        print(f"\nBrowser side skipped: no Chromium at {cf.CHROMIUM}"); return None
    from playwright.sync_api import sync_playwright
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        env, dirs = cf.make_jupyter_env(Path(tmp))
        t_start = time.time()
        lab = cf.start_lab(env, dirs)
        pw = sync_playwright().start()
        try:
            browser = cf.launch_chromium(pw)
            page = cf.open_lab_page(browser, lab)
            lab.write("bench.ipynb", BENCH_CELLS); lab.open(page, "bench.ipynb"); lab.run_all(page)
            for name in ("bench-readout", "bench-sum", "bench-tray"):
                page.wait_for_function(_JS_SOURCE, arg=name, timeout=60_000)
            print(f"\n(JupyterLab up and notebook run in {time.time() - t_start:.1f} s)")
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
            browser.close()
        finally:
            pw.stop(); cf._stop(lab.proc)
    print(f"Browser side: edit in the page → new data in BokehJS ({reps} changes each; target median ≤ 300 ms)")
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

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="Python side only, 10 repeats (CI smoke)")
    ap.add_argument("--browser-only", action="store_true")
    ap.add_argument("--no-browser", action="store_true")
    ap.add_argument("--reps", type=int, default=None, help="changes per case (default 50 Python, 30 browser)")
    ap.add_argument("--json", type=Path, default=None, help="also write the numbers to this file")
    a = ap.parse_args(argv)
    res = {}
    if not a.browser_only: res["python"] = python_side(a.reps or (10 if a.quick else 50))
    if not (a.quick or a.no_browser): res["browser"] = browser_side(a.reps or 30)
    if a.json: a.json.write_text(json.dumps(res, indent=1))

if __name__ == "__main__":
    main()
