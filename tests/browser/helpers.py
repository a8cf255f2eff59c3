"""Small helpers the browser tests share (the fixtures themselves live in conftest.py)."""
import time


def wait(cond, what, timeout=40):
    "Poll `cond()` every 0.1 s until it is true; fail naming `what` after `timeout` seconds."
    t0 = time.time()
    while time.time() - t0 < timeout:
        if cond(): return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def log_lines(panel, css):
    "The stripped text of each log line (`.fs-log-line`) inside the element `css` of `panel`."
    return [t.strip() for t in panel.locator(f"{css} .fs-log-line").all_inner_texts()]


def app_shot(panel, name, width=None, height=2200):
    "Screenshot of an app alone into test-artifacts/NAME.png, in a viewport tall enough to hold all of it (then the viewport as it was)."
    from pathlib import Path
    artifacts = Path(__file__).resolve().parents[2] / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    page = panel.page
    vp = page.viewport_size
    page.set_viewport_size({"width": max(vp["width"], width or vp["width"]), "height": height})
    try:
        panel.scroll_into_view_if_needed(); page.wait_for_timeout(400)
        panel.screenshot(path=str(artifacts / f"{name}.png"))
    finally: page.set_viewport_size(vp)


CUT_OFF_JS = """(root) => {
    const out = [];
    for (const el of root.querySelectorAll("button, label, .widget-label, .widget-html-content, select")) {
        const r = el.getBoundingClientRect(), st = getComputedStyle(el);
        if (r.width === 0 || r.height === 0 || st.visibility === "hidden") continue;      // not visible
        if (el.scrollWidth > el.clientWidth + 1) {
            const text = (el.innerText || el.value || "").trim().replace(/\\s+/g, " ").slice(0, 80);
            const cls = (typeof el.className === "string" ? el.className : "").trim().split(/\\s+/).slice(0, 3).join(".");
            out.push(`${el.tagName.toLowerCase()}${cls ? "." + cls : ""} "${text}": needs ${el.scrollWidth}px, has ${el.clientWidth}px`);
        }
    }
    return out;
}"""


def cut_off(panel) -> list:
    """Every visible `button, label, .widget-label, .widget-html-content, select` inside the element `panel` (a
    Playwright locator) whose text does not fit (`scrollWidth > clientWidth + 1`), described as
    'tag.class "text": needs N px, has M px'. Assert it is `[]` to check that no text is cut off."""
    return panel.evaluate(CUT_OFF_JS)


KERNEL_RUN_JS = """async (code) => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const f = k.requestExecute({code, silent: false, store_history: false});
  let out = "";
  f.onIOPub = (msg) => { if (msg.header.msg_type === 'stream') out += msg.content.text; };
  await f.done;
  return out;
}"""


def run_in_kernel(page, code):
    "Run `code` in the kernel of the page's current JupyterLab notebook; returns what it printed."
    return page.evaluate(KERNEL_RUN_JS, code)
