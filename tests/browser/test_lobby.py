"""The lobby in a real browser (JupyterLab, Chromium): choose a game, set its seats, start it as a room, play it here;
the room listed with whose turn it is; a second tab's lobby on the same store sees the move.

Screenshots of the key moments go to test-artifacts/lobby-*.png (looked at by hand when the layout changes)."""
import json
from helpers import wait, app_shot, cut_off, run_in_kernel, tidy


def pyj(page, expr):
    return json.loads(run_in_kernel(page, f"import json; print(json.dumps({expr}))"))


def test_lobby_start_and_play_here(lab, page, tmp_path):
    store = tmp_path / "rooms.sqlite"
    page.set_viewport_size({"width": 1280, "height": 1000})
    lab.run(page, "lobby.ipynb", [f"from fortune_suite.apps.lobby import Lobby\nlobby = Lobby({str(store)!r})\nlobby"])
    lob = page.locator(".fs-lobby").first
    lob.wait_for(state="visible")
    for title in ("FOMO", "SPCFKRS", "Fortune Fodder", "Pig", "FMC Basic skirmish", "VOTOMS"):
        assert lob.get_by_role("button", name=title, exact=True).is_visible(), title
    assert "No rooms yet" in lob.inner_text()
    tidy(lob, "the games")
    app_shot(lob, "lobby-1-games")

    lob.get_by_role("button", name="FOMO", exact=True).click()
    form = lob.locator(".fs-app-newgame")
    form.wait_for(state="visible")
    assert form.locator(".fs-newgame-more").is_visible() and not form.locator(".fs-newgame-open_discards").is_visible()   # folded
    players = form.locator(".fs-newgame-players input")
    players.fill("3"); players.press("Enter")
    seats = form.locator(".fs-newgame-seat select")
    wait(lambda: seats.count() == 3, "three seats for three players")
    seats.nth(2).select_option(label="Bot: greedy")
    form.locator(".fs-newgame-seed input").fill("7")
    tidy(lob, "the new game form")
    app_shot(lob, "lobby-2-form")
    form.get_by_role("button", name="Start the game").click()
    started = lob.locator(".fs-lobby-started")
    wait(lambda: "Room " in started.inner_text(), "the room made")
    assert "Player 2: bot greedy" in started.inner_text() and "fortune-suite play" in started.inner_text()
    rooms = lob.locator(".fs-lobby-rooms")
    wait(lambda: "to move: Player 0" in rooms.inner_text(), "the room listed, Player 0 to move")
    app_shot(lob, "lobby-3-started")

    started.get_by_role("button", name="Play here: every person at this screen").click()
    app = lob.locator(".fs-fomo-app")
    app.wait_for(state="visible")
    iam = app.locator("button.fs-app-iam")
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Player 0", "the privacy screen for Player 0")
    iam.click()
    app.locator("button.fs-fomo-stack-A").click()                           # the 1st player's peek
    wait(lambda: pyj(page, "len(lobby.store.state(lobby.room.id).actions)") == 1, "the peek stored in the room")
    tidy(lob, "playing in the lobby")
    app_shot(lob, "lobby-4-playing", height=2600)
    lob.get_by_role("button", name="Refresh").click()
    wait(lambda: "1 moves" in rooms.inner_text(), "the listed room moved on")
