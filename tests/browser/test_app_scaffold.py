"""The app scaffold in a real browser (JupyterLab, Chromium): a hot-seat game of Pig clicked through as two people
sharing one screen would — the privacy screen, a secret stance, the other seat, undo (on the screen and at the
table), save to a download, load from the text box and from a file, and a bad file.

The page is read as a player reads it: the status line, the privacy screen, the scoreboard, the buttons, the log.
Screenshots of the key moments go to test-artifacts/app_scaffold-*.png (looked at by hand when the layout changes)."""
import base64, json
from pathlib import Path
from helpers import wait, log_lines

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CELLS = ["from fortune_suite.apps.pig import PigApp\napp = PigApp(seed=3)\napp"]


def shot(page, panel, name):
    ARTIFACTS.mkdir(exist_ok=True)
    panel.screenshot(path=str(ARTIFACTS / f"app_scaffold-{name}.png"))


def test_hot_seat_pig(lab, page, tmp_path):
    lab.run(page, "app_pig.ipynb", CELLS)
    app = page.locator(".fs-pig-app").first
    app.wait_for(state="visible")
    status, iam, board = app.locator(".fs-app-status"), app.locator("button.fs-app-iam"), app.locator(".fs-pig-board")
    log = lambda: log_lines(app, ".fs-app-log")
    button = lambda name: app.get_by_role("button", name=name, exact=True)

    # the game opens behind the privacy screen, waiting for the first player
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Player 0", "the screen waiting for Player 0")
    wait(lambda: "Pass the screen to Player 0" in status.inner_text(), 'the status line: "Pass the screen to Player 0" in status.inner_text()')
    assert board.count() == 0 and log() == []
    shot(page, app, "1-screen")
    iam.click()
    wait(lambda: button("Bold stance (roll 2d6)").is_visible(), "Player 0's stance buttons")
    wait(lambda: "Player 0, your turn: choose your stance in secret" in status.inner_text(), 'the status line: "Player 0, your turn: choose your stance in secret" in statu')
    shot(page, app, "2-stance")

    # a secret stance: the screen comes up for Player 1 and nothing on the page tells the stance
    button("Bold stance (roll 2d6)").click()
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Player 1", "the screen waiting for Player 1")
    assert "bold" not in app.inner_text().lower().replace("bold stance", "")
    shot(page, app, "3-pass")

    # Undo on the screen takes back the move of the player who just left: the screen now waits for Player 0
    app.locator("button.fs-app-undo").click()
    wait(lambda: iam.inner_text().strip() == "I am Player 0", "the screen waiting for Player 0 after the undo")
    assert board.count() == 0 and log() == []
    iam.click()
    wait(lambda: button("Steady stance (roll 1d6)").is_visible(), "the stance buttons again")
    wait(lambda: "Undone: Player 0's last move." in status.inner_text(), 'the status line: "Undone: Player 0\'s last move." in status.inner_text()')
    button("Bold stance (roll 2d6)").click()
    wait(lambda: iam.inner_text().strip() == "I am Player 1", "the screen for Player 1")
    iam.click()
    wait(lambda: "chosen (hidden)" in board.inner_text(), "Player 1's board: Player 0's stance hidden")
    assert not any("bold" in l for l in log()) and "Player 0 has given a secret order." in log()
    shot(page, app, "4-player1")
    button("Steady stance (roll 1d6)").click()
    wait(lambda: iam.inner_text().strip() == "I am Player 0", "the screen for Player 0's turn")
    iam.click()
    wait(lambda: button("Roll (31% bust chance)").is_visible(), "Player 0's roll button")
    assert "Orders revealed: Player 0 takes a bold stance. Player 1 takes a steady stance." in log()
    before = log()
    shot(page, app, "5-turn")

    # save: a download link (the text box stays empty: the save holds secret choices)
    app.locator("button.fs-app-save").click()
    link = app.locator(".fs-app-download a")
    wait(lambda: link.count() == 1, "the download link")
    assert link.get_attribute("download") == "pig-3-2.json"
    text = base64.b64decode(link.get_attribute("href").split("base64,", 1)[1]).decode()
    assert json.loads(text)["actions"] == [[0, "bold"], [1, "steady"]]
    assert app.locator(".fs-app-savetext textarea").input_value() == ""

    # the roll busts (seed 3: a 1 among the 2d6), the screen comes up for Player 1; Undo on the screen takes back
    # Player 0's roll and the screen waits for Player 0 again — Player 1 never sees Player 0's screen
    button("Roll (31% bust chance)").click()
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Player 1", "the screen for Player 1 after the bust")
    assert log() == [] and board.count() == 0
    assert app.locator("button.fs-app-undo").inner_text().strip() == "Undo Player 0's last move"
    app.locator("button.fs-app-undo").click()
    wait(lambda: iam.inner_text().strip() == "I am Player 0", "the screen for Player 0 after the undo")
    iam.click()
    wait(lambda: log() == before, "the log as it was before the roll")

    # a bad file: its message beside Load text, in plain words; nothing changes
    box = app.locator(".fs-app-savetext textarea")
    box.fill("{this is not a save")
    app.locator("button.fs-app-load").click()
    spot = app.locator(".fs-app-loadrow .fs-error-spot")
    wait(lambda: spot.is_visible() and spot.inner_text().strip().startswith("⚠ Not JSON:"), "the message beside Load text")
    assert "SaveError" not in app.inner_text() and "Not JSON" not in status.inner_text()
    assert log() == before and button("Roll (31% bust chance)").is_visible()
    shot(page, app, "6-bad-file")

    # load from the text box, pressed while the screen waits for Player 1: the saved game goes to Player 0, whose
    # turn it is, through the screen
    button("Roll (31% bust chance)").click()
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Player 1", "the screen after the bust")
    box.fill(text)
    app.locator("button.fs-app-load").click()
    wait(lambda: iam.inner_text().strip() == "I am Player 0", "the screen for Player 0 after the load")
    iam.click()
    wait(lambda: log() == before, "the saved game back")
    assert not spot.is_visible() and "Loaded a saved game" in status.inner_text()

    # load from a file through the upload control
    button("Roll (31% bust chance)").click()
    wait(lambda: iam.is_visible(), "the screen after the bust")
    f = tmp_path / "pig.json"; f.write_text(text)
    with page.expect_file_chooser() as chooser: app.locator(".fs-app-upload").click()
    chooser.value.set_files(str(f))
    wait(lambda: iam.inner_text().strip() == "I am Player 0", "the screen for Player 0 after loading the file")
    iam.click()
    wait(lambda: log() == before, "the saved game back from the file")
    shot(page, app, "7-loaded")
