"""The FOMO card table in a real browser (JupyterLab, Chromium), inside the app frame: peek at a stack, click a card of
the hand, bid it on a stack, and see the bot answer — the page and the kernel's game state both change; Undo takes the
bid back. Then hot-seat: the table is hidden behind the privacy screen until the next player presses *I am …*, shows
only that player's hand, and Undo pressed on the screen goes back to the player who just left, behind the screen.

Screenshots of the key moments go to test-artifacts/fomo_app-*.png (looked at by hand when the layout changes)."""
import json
from pathlib import Path
from helpers import wait, log_lines, app_shot

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
    return log_lines(panel, ".fs-app-log")


def shot(panel, name):
    "Screenshot of the app alone (test-artifacts/fomo_app-NAME.png)."
    app_shot(panel, f"fomo_app-{name}")


def test_peek_click_card_then_stack(lab, page):
    lab.run(page, "fomo_app.ipynb", [
        "from fortune_suite.apps.fomo import FomoApp\napp = FomoApp(players=2, seed=3, bots={1: 'greedy'})\napp"])
    panel = page.locator(".fs-fomo-app").first
    panel.wait_for(state="visible")
    status = panel.locator(".fs-app-status")
    wait(lambda: "Player 0, your turn: you hold the 1st player card: peek at a stack" in status.inner_text(), 'the status line: "Player 0, your turn: you hold the 1st player card: peek at ')
    shot(panel, "1-peek")
    panel.locator("button.fs-fomo-stack-B").click()                                   # the 1st player's peek
    wait(lambda: any(l.startswith("Player 0 sees in stack B:") for l in log(panel)), "the peek in the log")
    panel.locator("button.fs-fomo-card-5").click()                                    # select the 5 …
    wait(lambda: panel.locator("button.fs-fomo-stack-A").inner_text() == "Bid 5 on A", "the stack button offering the bid")
    shot(panel, "2-selected")
    before = log(panel)
    panel.locator("button.fs-fomo-stack-A").click()                                   # … and bid it on stack A
    wait(lambda: "P0: 5" in panel.locator(".fs-fomo-stack-box-A").inner_text(), "the bid drawn on stack A")
    wait(lambda: any(l.startswith("Player 1 ") and ("bids" in l or "discards" in l) for l in log(panel)), "the bot's answer")
    assert panel.locator("button.fs-fomo-card-5").count() == 0                          # the 5 left the hand
    wait(lambda: "Since you last looked:" in status.inner_text() and "Player 1" in status.inner_text(), 'the status line: "Since you last looked:" in status.inner_text() and "Player ')
    shot(panel, "3-after-bot")
    state = json.loads(py(page, "import json; print(json.dumps([app.state.actions[:2], app.state.view(0)['hand']]))"))
    assert state[0] == [[0, {"peek": 1}], [0, {"play": 5, "stack": 0}]]
    assert 5 not in state[1] and len(state[1]) == 9

    # Undo: the bid and the bot's answer go; the 5 is back in the hand
    panel.locator("button.fs-app-undo").click()
    wait(lambda: panel.locator("button.fs-fomo-card-5").count() == 1, "the 5 back in the hand")
    wait(lambda: log(panel) == before, "the log as it was before the bid")
    wait(lambda: "Undone: Player 0's last move and the 1 move(s) after it." in status.inner_text(), 'the status line: "Undone: Player 0\'s last move and the 1 move(s) after it." i')
    shot(panel, "4-undo")


def test_hot_seat_screen(lab, page):
    lab.run(page, "fomo_hot.ipynb", [
        "from fortune_suite.apps.fomo import FomoApp\nhot = FomoApp(players=2, seed=4, bots={})\nhot"])
    panel = page.locator(".fs-fomo-app").first
    panel.wait_for(state="visible")
    iam, status = panel.locator("button.fs-app-iam"), panel.locator(".fs-app-status")
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Player 0", "the screen waiting for Player 0")
    assert panel.locator(".fs-fomo-board").count() == 0
    iam.click()
    panel.locator("button.fs-fomo-stack-C").click()
    wait(lambda: panel.locator("button.fs-fomo-card-7").is_enabled(), "the hand after the peek")
    panel.locator("button.fs-fomo-card-7").click()
    wait(lambda: panel.locator("button.fs-fomo-stack-A").inner_text() == "Bid 7 on A", "the bid button")
    panel.locator("button.fs-fomo-stack-A").click()
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Player 1", "the screen between players")
    assert panel.locator(".fs-fomo-board").count() == 0 and log(panel) == []          # nothing of the table shows
    wait(lambda: "Pass the screen to Player 1" in status.inner_text(), 'the status line: "Pass the screen to Player 1" in status.inner_text()')
    shot(panel, "hot-1-screen")
    iam.click()
    wait(lambda: panel.locator("button.fs-fomo-card").count() == 10, "player 1's full hand of ten cards")
    assert "Player 0 sees in stack C" not in " ".join(log(panel))                      # player 0's peek stays private
    wait(lambda: "P0: 7" in panel.locator(".fs-fomo-stack-box-A").inner_text(), "player 0's bid shown on stack A")
    assert py(page, "print(hot.seat, hot.screen_for)").strip() == "1 None"
    shot(panel, "hot-2-player1")

    # player 1 bids; Undo pressed on the screen that waits for player 0 takes that bid back, behind the screen
    panel.locator("button.fs-fomo-card-8").click()
    wait(lambda: panel.locator("button.fs-fomo-stack-B").inner_text() == "Bid 8 on B", "player 1's bid button")
    panel.locator("button.fs-fomo-stack-B").click()
    wait(lambda: iam.inner_text().strip() == "I am Player 0", "the screen waiting for Player 0")
    assert panel.locator("button.fs-app-undo").inner_text().strip() == "Undo Player 1's last move"
    panel.locator("button.fs-app-undo").click()
    wait(lambda: iam.inner_text().strip() == "I am Player 1", "the screen waiting for Player 1 after the undo")
    assert panel.locator(".fs-fomo-board").count() == 0
    iam.click()
    wait(lambda: panel.locator("button.fs-fomo-card").count() == 10, "player 1's hand, the 8 back")
    wait(lambda: "Undone: Player 1's last move." in status.inner_text(), 'the status line: "Undone: Player 1\'s last move." in status.inner_text()')
    shot(panel, "hot-3-undo")
