"""The FOMO card table in a real browser (JupyterLab, Chromium): peek at a stack, click a card of the hand, bid it on
a stack, and see the bot answer — the page and the kernel's game state both change. Then hot-seat: the table is
hidden behind a screen until the next player takes the seat, and shows only that player's hand."""
import json, time
from helpers import wait, log_lines

_PY = """async (code) => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const f = k.requestExecute({code, silent: false, store_history: false});
  let out = "";
  f.onIOPub = (msg) => { if (msg.header.msg_type === 'stream') out += msg.content.text; };
  await f.done;
  return out;
}"""


def py(page, code):
    "Run `code` in the current notebook's kernel; returns what it printed."
    return page.evaluate(_PY, code)


def log(panel):
    return log_lines(panel, ".fs-fomo-log")


def test_peek_click_card_then_stack(lab, page):
    lab.run(page, "fomo_app.ipynb", [
        "from fortune_suite.apps.fomo import FomoApp\napp = FomoApp(players=2, seed=3, bots={1: 'greedy'})\napp"])
    panel = page.locator(".fs-fomo-app").first
    panel.wait_for(state="visible")
    assert "choose a stack to peek at" in panel.locator(".fs-fomo-turn").inner_text()
    panel.locator("button.fs-fomo-stack-B").click()                                   # the 1st player's peek
    wait(lambda: any(l.startswith("Player 0 sees in stack B:") for l in log(panel)), "the peek in the log")
    panel.locator("button.fs-fomo-card-5").click()                                    # select the 5 …
    wait(lambda: panel.locator("button.fs-fomo-stack-A").inner_text() == "Bid 5 on A", "the stack button offering the bid")
    panel.locator("button.fs-fomo-stack-A").click()                                   # … and bid it on stack A
    wait(lambda: "P0: 5" in panel.locator(".fs-fomo-stack-box-A").inner_text(), "the bid drawn on stack A")
    wait(lambda: any(l.startswith("Player 1 ") and "bids" in l or "discards" in l for l in log(panel) if l.startswith("Player 1")),
         "the bot's answer")
    assert panel.locator("button.fs-fomo-card-5").count() == 0                          # the 5 left the hand
    state = json.loads(py(page, "import json; print(json.dumps([app.state.actions[:2], app.state.view(0)['hand']]))"))
    assert state[0] == [[0, {"peek": 1}], [0, {"play": 5, "stack": 0}]]
    assert 5 not in state[1] and len(state[1]) == 9


def test_hot_seat_screen(lab, page):
    lab.run(page, "fomo_hot.ipynb", [
        "from fortune_suite.apps.fomo import FomoApp\nhot = FomoApp(players=2, seed=4, bots={})\nhot"])
    panel = page.locator(".fs-fomo-app").first
    panel.wait_for(state="visible")
    panel.locator("button.fs-fomo-stack-C").click()
    wait(lambda: panel.locator("button.fs-fomo-card-7").is_enabled(), "the hand after the peek")
    panel.locator("button.fs-fomo-card-7").click()
    wait(lambda: panel.locator("button.fs-fomo-stack-A").inner_text() == "Bid 7 on A", "the bid button")
    panel.locator("button.fs-fomo-stack-A").click()
    ready = panel.locator("button.fs-fomo-ready")
    wait(lambda: ready.is_visible(), "the screen between players")
    assert not panel.locator(".fs-fomo-table").is_visible()                             # nothing of the table shows
    assert "Pass the device to Player 1" in panel.locator(".fs-fomo-screen").inner_text()
    ready.click()
    wait(lambda: panel.locator(".fs-fomo-table").is_visible(), "player 1's table")
    wait(lambda: panel.locator("button.fs-fomo-card").count() == 10, "player 1's full hand of ten cards")
    assert "Player 0 sees in stack C" not in " ".join(log(panel))                      # player 0's peek stays private
    wait(lambda: "P0: 7" in panel.locator(".fs-fomo-stack-box-A").inner_text(), "player 0's bid shown on stack A")
    assert py(page, "print(hot.seat, hot.screened)").strip() == "1 False"
