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
