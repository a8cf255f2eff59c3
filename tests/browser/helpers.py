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
