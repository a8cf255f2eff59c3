"""The app scaffold in a real browser (JupyterLab, Chromium): hot-seat games of Pig clicked through as two people
sharing one screen would — the privacy screen, a secret stance, undo (on the screen and at the table), save to a
download, load from the text box and from a file, errors beside the control that caused them, a new game with a
changed option, a whole short game to its end with the summary, the round headers, the tones and the filter of the
log — and, at every step, no text cut off and no stray scrollbar at a 1280 px window.

The page is read as a player reads it: the turn line, the summary, the status cards, the buttons, the log.
Screenshots of the key moments go to test-artifacts/app_scaffold-*.png (looked at by hand when the layout changes).
Click → visible change is timed in the page (performance.now, a MutationObserver) and printed, never asserted."""
import base64, json, re, statistics
from helpers import wait, log_lines, cut_off, app_shot, tidy

CELLS = ["from fortune_suite.apps.pig import PigApp\napp = PigApp(seed=3)\napp"]

# click `sel` inside `root` and time until the text of `watch` (inside `root`) changes; -1 after 5 s
TIMED_CLICK = """([root, sel, watch]) => new Promise(res => {
    const r = document.querySelector(root), target = r.querySelector(watch), before = target.innerText;
    const t0 = performance.now();
    const obs = new MutationObserver(() => {
        if (target.innerText !== before) { obs.disconnect(); res(performance.now() - t0); } });
    obs.observe(target, {subtree: true, childList: true, characterData: true, attributes: true});
    r.querySelector(sel).click();
    setTimeout(() => { obs.disconnect(); res(-1); }, 5000);
})"""


def test_hot_seat_pig(lab, page, tmp_path):
    page.set_viewport_size({"width": 1280, "height": 1000})       # the default JupyterLab window the text must fit
    lab.run(page, "app_pig.ipynb", CELLS)
    app = page.locator(".fs-pig-app").first
    app.wait_for(state="visible")
    status, iam, board = app.locator(".fs-app-status"), app.locator("button.fs-app-iam"), app.locator(".fs-pig-board")
    summary = app.locator(".fs-app-summary")
    log = lambda: log_lines(app, ".fs-app-log")
    button = lambda name: app.get_by_role("button", name=name, exact=True)
    roll = lambda: app.locator("button.fs-app-action", has_text=re.compile(r"^Roll"))
    def fits(step):
        page.wait_for_timeout(150)
        tidy(app, step)
    def shot(name): app_shot(app, f"app_scaffold-{name}")

    # the game opens behind the privacy screen, waiting for the first player: nothing of either seat is shown
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Player 0", "the screen waiting for Player 0")
    wait(lambda: "Pass the screen to Player 0" in status.inner_text(), "the turn line: pass the screen to Player 0")
    assert board.count() == 0 and log() == [] and not summary.is_visible()
    fits("the privacy screen"); shot("1-screen")
    iam.click()
    wait(lambda: button("Bold stance (roll 2d6)").is_visible(), "Player 0's stance buttons")
    wait(lambda: "Player 0, your turn: choose your stance in secret" in status.inner_text(), "the turn line for Player 0")
    assert summary.inner_text().split() == "Round 1 of 20 Target 30 Score Player 0 0 · Player 1 0".split(), summary.inner_text()
    assert app.locator(".fs-app-log .fs-log-round").all_inner_texts() == ["Round 1: both players choose a stance in secret."]
    assert app.locator(".fs-pig-card-0").inner_text().startswith("Player 0 (you)")
    fits("Player 0's stance"); shot("2-stance")
    screen_before = board.inner_text(), log()

    # a secret stance: the screen comes up for Player 1 and nothing on the page tells the stance
    button("Bold stance (roll 2d6)").click()
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Player 1", "the screen waiting for Player 1")
    assert "bold" not in app.inner_text().lower() and board.count() == 0 and log() == [] and not summary.is_visible()
    fits("the screen for Player 1"); shot("3-pass")

    # Undo on the screen takes back the move of the player who just left: the screen waits for Player 0, whose screen
    # is then exactly as it was before the stance
    app.locator("button.fs-app-undo").click()
    wait(lambda: iam.inner_text().strip() == "I am Player 0", "the screen waiting for Player 0 after the undo")
    assert board.count() == 0 and log() == []
    iam.click()
    wait(lambda: button("Steady stance (roll 1d6)").is_visible(), "the stance buttons again")
    wait(lambda: "Undone: Player 0's last move." in status.inner_text(), "the news of the undo")
    assert (board.inner_text(), log()) == screen_before
    button("Bold stance (roll 2d6)").click()
    wait(lambda: iam.inner_text().strip() == "I am Player 1", "the screen for Player 1")
    iam.click()
    wait(lambda: "chosen (hidden)" in board.inner_text(), "Player 1's board: Player 0's stance hidden")
    assert not any("bold" in l for l in log()) and "Player 0 has chosen a stance (hidden until both have)." in log()
    fits("Player 1's stance"); shot("4-player1")
    button("Steady stance (roll 1d6)").click()
    wait(lambda: iam.inner_text().strip() == "I am Player 0", "the screen for Player 0's turn")
    iam.click()
    wait(lambda: button("Roll (31% bust chance)").is_visible(), "Player 0's roll button")   # 1 - (5/6)**2 = 31%
    assert "Stances revealed: Player 0 bold, Player 1 steady." in log()
    before = log()
    fits("Player 0's turn"); shot("5-turn")

    # save: a download link (the text box stays empty: the save holds secret choices)
    app.locator("button.fs-app-save").click()
    link = app.locator(".fs-app-download a")
    wait(lambda: link.count() == 1, "the download link")
    assert link.get_attribute("download") == "pig-3-2.json"
    text = base64.b64decode(link.get_attribute("href").split("base64,", 1)[1]).decode()
    assert json.loads(text)["actions"] == [[0, "bold"], [1, "steady"]]
    assert app.locator(".fs-app-savetext textarea").input_value() == ""
    fits("saved")

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

    # a bad save pasted: the message beside Load text, in plain words; nothing changes
    box = app.locator(".fs-app-savetext textarea")
    box.fill("{this is not a save")
    app.locator("button.fs-app-load").click()
    spot = app.locator(".fs-app-loadrow .fs-error-spot")
    wait(lambda: spot.is_visible() and spot.inner_text().strip().startswith("⚠ Save file is not JSON:"), "the message beside Load text")
    assert "SaveError" not in app.inner_text() and "not JSON" not in status.inner_text()
    assert log() == before and button("Roll (31% bust chance)").is_visible()
    fits("the bad save"); shot("6-bad-save")

    # Undo refused for Player 1: their stance was revealed with Player 0's, and no undo takes back what a player has
    # seen; the rule shows beside the toolbar, not in the turn line, and nothing changes
    button("Roll (31% bust chance)").click()
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Player 1", "the screen after the bust")
    iam.click()
    wait(lambda: roll().count() == 1, "Player 1's roll button")
    shown = log()
    app.locator("button.fs-app-undo").click()
    tool_spot = app.locator(".fs-app-toolbar .fs-error-spot")
    wait(lambda: tool_spot.is_visible() and "Undo rule: every player saw every side's secret orders at move 2" in tool_spot.inner_text(),
         "the undo rule beside Undo")
    assert "Undo rule" not in status.inner_text() and roll().count() == 1 and log() == shown
    fits("undo refused")

    # load the saved game from the text box: it goes to Player 0, whose turn it is, through the screen
    box.fill(text)
    app.locator("button.fs-app-load").click()
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Player 0", "the screen for Player 0 after the load")
    assert not spot.is_visible() and not tool_spot.is_visible()    # the game moved on: old messages are gone
    iam.click()
    wait(lambda: log() == before, "the saved game back")
    assert "Loaded a saved game" in status.inner_text()

    # load from a file through the upload control
    button("Roll (31% bust chance)").click()
    wait(lambda: iam.is_visible(), "the screen after the bust")
    f = tmp_path / "pig.json"; f.write_text(text)
    with page.expect_file_chooser() as chooser: app.locator(".fs-app-upload").click()
    chooser.value.set_files(str(f))
    wait(lambda: iam.inner_text().strip() == "I am Player 0", "the screen for Player 0 after loading the file")
    iam.click()
    wait(lambda: log() == before, "the saved game back from the file")
    shot("7-loaded")

    # New game: a target of 0 is refused beside Start (the game stays); a target of 6 starts a short new game
    app.locator("button.fs-app-newgame-open").click()
    form = app.locator(".fs-app-newgame")
    form.wait_for(state="visible")
    assert form.locator(".fs-newgame-target input").input_value() == "30"
    assert "points that end the game" in form.inner_text()
    fits("the new game form"); shot("8-newgame")
    form.locator(".fs-newgame-target input").fill("0"); form.locator(".fs-newgame-target input").press("Enter")
    form.locator("button.fs-newgame-start").click()
    wait(lambda: "Option target must be a whole number from 1 to 10000, got 0." in form.locator(".fs-error-spot").inner_text(),
         "the refusal beside Start")
    assert log() == before
    form.locator(".fs-newgame-target input").fill("6"); form.locator(".fs-newgame-target input").press("Enter")
    form.locator(".fs-newgame-seed input").fill("1")
    form.locator("button.fs-newgame-start").click()
    wait(lambda: form.count() == 0 and iam.is_visible() and iam.inner_text().strip() == "I am Player 0", "the new game, behind the screen")
    iam.click()
    wait(lambda: "Target 6" in summary.inner_text() and "Round 1 of 20" in summary.inner_text(), "the new game's summary")
    assert log() == ["Round 1: both players choose a stance in secret."]

    # play it out: steady stances, roll to a turn total of 3 then hold; every click timed
    rounds_seen, times = {"Round 1 of 20"}, []
    for _ in range(200):
        page.wait_for_timeout(50)
        if "Game over" in status.inner_text(): break
        if iam.is_visible():
            times.append(page.evaluate(TIMED_CLICK, [".fs-pig-app", "button.fs-app-iam", ".fs-app-status"])); continue
        if button("Steady stance (roll 1d6)").is_visible():
            times.append(page.evaluate(TIMED_CLICK, [".fs-pig-app", "button.fs-app-action:nth-child(1)", ".fs-app-status"]))
        elif app.locator("button.fs-app-action", has_text=re.compile(r"^Hold \((bank [3-9]|bank \d\d)")).count():
            times.append(page.evaluate(TIMED_CLICK, [".fs-pig-app", "button.fs-app-action:nth-child(2)", ".fs-app-status"]))
        elif roll().count():
            times.append(page.evaluate(TIMED_CLICK, [".fs-pig-app", "button.fs-app-action:nth-child(1)", ".fs-app-status"]))
        else: wait(lambda: iam.is_visible() or app.locator("button.fs-app-action").count(), "something to click")
        rounds_seen |= set(re.findall(r"Round \d+ of 20", summary.inner_text()))
    wait(lambda: "Game over after round" in status.inner_text(), "the end of the game")
    assert "Press New game to play again" in status.inner_text()
    assert len(rounds_seen) >= 2, rounds_seen                       # the summary followed the rounds
    heads = app.locator(".fs-app-log .fs-log-round").all_inner_texts()
    n = int(re.search(r"after round (\d+)", status.inner_text()).group(1))
    assert heads == [f"Round {r}: both players choose a stance in secret." for r in range(1, n + 1)], heads
    tone = lambda t: app.locator(f".fs-app-log .fs-log-{t} .fs-log-line").all_inner_texts()
    assert tone("roll") and all(re.fullmatch(r"Player [01] rolls 1d6: \d(?: \(a \d+% chance of \d or more\))?\.", l) for l in tone("roll"))
    assert all(l.startswith("Bust! A 1") for l in tone("casualty")) and len(tone("casualty")) == sum("Bust!" in l for l in log())
    assert tone("result") == [l for l in log() if l.startswith("Game over")] and len(tone("result")) == 1
    assert len(tone("score")) >= n                                  # banked points and each round's end
    fits("the end"); shot("9-over")

    # the log filtered by player: only Player 1's lines (their rolls, banks, turns) and the lines about both
    everything = log()
    app.locator(".fs-app-log-filter select").select_option(label="Player 1")
    wait(lambda: log() != everything, "the filtered log")
    only = log()
    assert only and set(only) < set(everything)
    assert not any(l.startswith("Player 0") for l in only) and any(l.startswith("Player 1 rolls") for l in only)
    assert "of" in app.locator(".fs-app-log-count").inner_text()
    fits("the filtered log"); shot("10-filter")
    app.locator(".fs-app-log-filter select").select_option(label="everything")
    wait(lambda: log() == everything, "the whole log again")
    box_scroll = app.locator(".fs-app-log").evaluate("e => [e.scrollTop, e.scrollHeight > e.clientHeight]")
    assert box_scroll == [0, True]                                  # a long log, kept scrolled to the newest line (column-reverse: 0)

    ok = [t for t in times if t >= 0]
    print(f"\nclick → visible change: {len(ok)} clicks, median {statistics.median(ok):.0f} ms, max {max(ok):.0f} ms; "
          f"{len(times) - len(ok)} without a change within 5 s")
