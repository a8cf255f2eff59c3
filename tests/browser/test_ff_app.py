"""The Fortune Fodder table app in a real browser (JupyterLab at a 1280 px window, and once in Voilà).

1. A short whole game against the greedy bot (one round, two pairs a side, set up on an open table), played by clicking
   what a person clicks: Red's Longshot on the table (its activation waits in the confirm box, a second click
   activates it); the Wisp (the Rail Lance's odds on the table, then the exact odds by defence beside it; *Fire Rail
   Lance*; the dice with the chance they had); an empty spot (moved there, read back from BokehJS); *End activation*;
   the bot's turn (a defence question answered by its button when it shoots); the Bulwark; to the end of the game. On
   the way: the status cards (AP, HP, active, done), the summary (round, VP), the log (sentences, no ids), undo
   restoring the screen, save then load restoring the game, no text cut off, no stray scrollbar, no label on another and no
   arrow over a Mech (`helpers.tidy`); then New game with other options.
2. Hot seat: the privacy screen, the team builder's cards clicked into pairs, the screen between the seats (nothing of
   Red's team left for Blue), the secondary buttons, the upgrades menu, deployment by clicking the tinted zone.
3. The same set-up game in Voilà: activate and shoot by clicking.
4. Four Mechs all but touching: every name tag and odds label readable (none on another), the attack's arrow beside
   the pieces, not over them.

Screenshots of the key moments go to test-artifacts/ff_app-*.png (looked at by hand when the layout changes)."""
import base64, re
from test_boards import click_at
from helpers import wait, log_lines, app_shot, cut_off, tidy

OPTS = ('{"teams": [[["Longshot", "Vega"], ["Bulwark", "Rook"]], [["Wisp", "Juno"], ["Breaker", "Ash"]]], "scenario": "control", '
        '"terrain": "none", "secondaries": ["take_names", "plan"], "first": 0, "max_rounds": 1, '
        '"positions": {"a1": [6, 4], "a2": [18, 4], "b1": [6, 14], "b2": [18, 20]}}')
APP = "import json\nfrom fortune_suite.apps.fortune_fodder import FFApp\n" f"app = FFApp(options=json.loads('{OPTS}'), seed=2)\napp"


def log(panel):
    return log_lines(panel, ".fs-app-log")


def shot(panel, name):
    "Screenshot of the app alone (test-artifacts/ff_app-NAME.png)."
    app_shot(panel, f"ff_app-{name}", width=1280, height=2400)


def no_cut(panel, where):
    "No text cut off, no stray scrollbar, no label on another and no arrow over a Mech on the table."
    tidy(panel, where, ["fs-table-figure"])


def card(panel, uid):
    return panel.locator(f".fs-unit-{uid}")


def answer_questions(panel, status):
    "While the bot's attack asks Red to defend (or to strike as it leaves), answer with the first choice offered; the log before each answer."
    before = []
    for _ in range(6):
        t = status.inner_text()
        if "attacked" not in t and "leaves" not in t: break
        before.append(log(panel))
        panel.locator(".fs-ff-tools button:visible").first.click()
        wait(lambda: log(panel) != before[-1], "the answer taken")
    return before


def test_whole_game_against_the_bot(lab, page, bokeh_data):
    page.set_viewport_size({"width": 1280, "height": 1000})
    lab.run(page, "ff_app.ipynb", [APP])
    panel = page.locator(".fs-ff-app").first
    panel.wait_for(state="visible")
    status, box = panel.locator(".fs-app-status"), panel.locator(".fs-ff-preview")
    bokeh_data(page, "fs-table-pieces", until=lambda d: {"a1", "a2", "b1", "b2"} <= set(d["id"]))
    wait(lambda: "Red, your turn: click one of your Mechs on the table (ringed)" in status.inner_text(), "the first prompt")
    summary = panel.locator(".fs-app-summary")
    assert "1 of 1" in summary.inner_text() and "Red 0 - Blue 0" in summary.inner_text() and "Capture and Control" in summary.inner_text()
    legend = panel.locator(".fs-ff-legend").inner_text()
    assert "Red (you)" in legend and "objective" in legend
    assert card(panel, "a1").count() == 1 and "3/3" in card(panel, "a1").inner_text()                 # AP on the status card
    no_cut(panel, "start")
    shot(panel, "1-start")

    click_at(page, "fs-table-figure", 6, 4)                                        # the Longshot: its activation waits
    wait(lambda: box.is_visible() and "Activate Longshot (pilot Vega): 3 AP to spend." in box.inner_text(), "the activation shown")
    click_at(page, "fs-table-figure", 6, 4)                                        # a second click activates it
    wait(lambda: "Longshot has 3 AP to spend." in log(panel), "the activation in the log")
    wait(lambda: "fs-status-active" in card(panel, "a1").get_attribute("class"), "the Longshot's card marked active")
    tools = panel.locator(".fs-ff-tools")
    wait(lambda: 'Rail Lance · 20" · 1 AP' in tools.inner_text(), "one button per weapon")
    assert "End activation" in tools.inner_text() and "Jets · 1 AP" in tools.inner_text()
    labels = bokeh_data(page, "fs-table-labels", until=lambda d: any(t.startswith("hit ") for t in d["text"]))
    odds = [t for t in labels["text"] if t.startswith("hit ")]
    assert len(odds) == 2 and all(re.fullmatch(r"hit (<1|>99|\d+)% · KO (<1|>99|\d+)%", t) for t in odds), labels["text"]   # odds, no distance
    assert {"Longshot", "Bulwark", "Wisp", "Breaker"} <= set(labels["text"])                              # each Mech named on the table
    assert bokeh_data(page, "fs-table-rings")["x"] == []                           # play mode: no range rings
    assert "No pre-measuring" in panel.locator(".fs-ff-help").inner_text()
    no_cut(panel, "activated")
    shot(panel, "2-activated")

    click_at(page, "fs-table-figure", 6, 14)                                       # the Wisp: the attack waits, with its odds
    odds = panel.locator(".fs-ff-odds")
    wait(lambda: "Longshot fires Rail Lance at Blue Wisp (1 AP)" in box.inner_text() and "Exact odds" in odds.inner_text(), "the odds table")
    assert "no defence" in odds.inner_text() and "smoke" in odds.inner_text() and "away" not in odds.inner_text()
    bokeh_data(page, "fs-table-arrows", until=lambda d: len(d["x0"]) == 1)
    no_cut(panel, "attack chosen")
    shot(panel, "3-attack-odds")
    n = len(log(panel))
    panel.get_by_role("button", name="Fire Rail Lance", exact=True).click()
    wait(lambda: any("rolls Aim" in t and "Rail Lance" in t for t in log(panel)[n:]), "the attack's roll in the log")
    dice = panel.locator(".fs-ff-dice")
    wait(lambda: dice.count() and "Last attack" in dice.inner_text() and "was " in dice.inner_text(), "the dice with the odds they had")
    assert not any(re.search(r"\b[ab][12]\b|None|\[", t) for t in log(panel)), log(panel)              # sentences: no ids, lists, None
    click_at(page, "fs-table-figure", 6, 8)                                        # an empty spot: the Longshot moves there
    wait(lambda: any('Red Longshot moves 4.00" to (6.00, 8.00).' in t for t in log(panel)), "the move in the log")
    d = bokeh_data(page, "fs-table-pieces", until=lambda d: "a1" in d["id"] and abs(d["y"][d["id"].index("a1")] - 8) < 1e-6)
    assert abs(d["x"][d["id"].index("a1")] - 6) < 1e-6
    click_at(page, "fs-table-figure", 6, 20)                                       # a second move: refused beside the table
    spot = panel.locator(".fs-error-spot:visible")
    wait(lambda: spot.count() and "once" in spot.first.inner_text().lower(), "the refusal beside the table")
    shot(panel, "4-after-shot-and-move")

    before, cards_before = log(panel), card(panel, "a1").inner_text()
    panel.get_by_role("button", name="End activation", exact=True).click()        # the bot takes its turn
    wait(lambda: any(re.fullmatch(r"(Wisp|Breaker) has \d AP to spend\.", t) for t in log(panel)), "the bot's activation in the log")
    wait(lambda: "Red, your turn" in status.inner_text(), "Red asked again")
    answered = answer_questions(panel, status)
    wait(lambda: "activated" in card(panel, "a1").inner_text(), "the Longshot's card: done for the round")
    shot(panel, "5-after-bot")
    undo = panel.locator("button.fs-app-undo")
    for asked in reversed(answered):                                               # Red's last moves were its answers: undone first
        undo.click()
        wait(lambda: log(panel) == asked and "attacked" in status.inner_text(), "the question back, as it was asked")
    undo.click()
    wait(lambda: log(panel) == before, "the log as it was before End activation")
    wait(lambda: card(panel, "a1").inner_text() == cards_before, "the card as it was")
    assert "Undone: Red's last move" in status.inner_text()
    shot(panel, "6-after-undo")

    panel.locator("button.fs-app-save").click()                                   # save, play on, then load the save
    link = panel.locator(".fs-app-download a")
    wait(lambda: link.count() == 1, "the download link")
    text = base64.b64decode(link.get_attribute("href").split(",", 1)[1]).decode()
    saved_log = log(panel)
    panel.get_by_role("button", name="End activation", exact=True).click()
    wait(lambda: log(panel) != saved_log, "a move after the save")
    panel.locator(".fs-app-savetext textarea").fill(text)
    panel.locator("button.fs-app-load").click()
    wait(lambda: log(panel) == saved_log, "the saved game back")
    wait(lambda: "fs-status-active" in card(panel, "a1").get_attribute("class"), "the Longshot active again after the load")

    for _ in range(12):                                                           # to the end of the game
        t = status.inner_text()
        if "Game over" in t: break
        if "attacked" in t or "leaves" in t: answer_questions(panel, status); continue
        if "click one of your Mechs" in t:
            click_at(page, "fs-table-figure", 18, 4); wait(lambda: box.is_visible(), "the Bulwark's activation shown")
            panel.locator(".fs-ff-go-row button").first.click()
        else:
            panel.get_by_role("button", name="End activation", exact=True).click()
        wait(lambda: status.inner_text() != t, "the game moving on")
    wait(lambda: "Game over after round 1" in status.inner_text(), "the end of the game")
    assert any("Game over after round 1" in t for t in log(panel))
    no_cut(panel, "game over")
    shot(panel, "7-game-over")

    panel.locator("button.fs-app-newgame-open").click()                            # a new game with the game's options
    form = panel.locator(".fs-app-newgame")
    form.wait_for(state="visible")
    form.locator(".fs-newgame-scenario select").select_option(label="flag")
    form.locator(".fs-ff-newgame-terrain select").select_option(label="the standard table")
    no_cut(panel, "new game form")
    shot(panel, "7b-new-game")
    form.locator("button.fs-newgame-start").click()
    wait(lambda: "build your team in secret" in status.inner_text(), "the new game, at the team builder")
    assert panel.locator(".fs-ff-builder").is_visible() and "setting up" in summary.inner_text()


def test_hot_seat_team_builder_and_deployment(lab, page, bokeh_data):
    page.set_viewport_size({"width": 1280, "height": 1000})
    lab.run(page, "ff_hot.ipynb", ["from fortune_suite.apps.fortune_fodder import FFApp\napp = FFApp(seed=4, bots={}, "
                                   "options={'scenario': 'control', 'terrain': 'standard'})\napp"])
    panel = page.locator(".fs-ff-app").first
    panel.wait_for(state="visible")
    status, iam = panel.locator(".fs-app-status"), panel.locator("button.fs-app-iam")
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Red", "the screen waiting for Red")
    assert "Pass the screen to Red" in status.inner_text() and not panel.locator(".fs-ff-builder").is_visible()
    shot(panel, "8-screen-red")
    iam.click()
    builder = panel.locator(".fs-ff-builder")
    wait(lambda: builder.is_visible(), "the team builder")
    assert "build your team in secret" in status.inner_text()
    pick = lambda kind, name: panel.locator(f".fs-ff-pick-{kind}-{name}").click()
    pick("mech", "Longshot")
    wait(lambda: "Now click a Pilot card to pair with Longshot." in builder.inner_text(), "the Mech picked")
    pick("pilot", "Vega"); pick("pilot", "Rook"); pick("mech", "Bulwark")
    pts = panel.locator(".fs-ff-points")
    wait(lambda: "Points: 110 of 150 spent, 40 left" in pts.inner_text(), "the points counted (40 + 15 + 40 + 15, as printed on the cards)")
    chips = lambda: panel.locator(".fs-ff-pairs").inner_text().replace("\xa0", " ")
    wait(lambda: "Longshot + Vega" in chips() and "Bulwark + Rook" in chips(), "the pairs as chips")
    assert "✓ in your team" in panel.locator(".fs-ff-card-mech-Longshot").inner_text()
    no_cut(panel, "builder")
    shot(panel, "9-team-builder")
    panel.locator(".fs-ff-submit").click()
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Blue", "the screen waiting for Blue")
    assert "Longshot" not in panel.inner_text() and not any("Longshot" in t for t in log(panel))
    shot(panel, "10-screen-blue")
    iam.click()
    wait(lambda: builder.is_visible(), "Blue's team builder")
    assert "Points: 0 of 150 spent" in pts.inner_text() and "in your team" not in builder.inner_text()
    assert "Red has given a secret order." in log(panel) and not any("Longshot" in t for t in log(panel))
    menu = panel.locator(".fs-ff-presets select")
    menu.select_option(index=1)                                                    # a ready-made team, then sent
    wait(lambda: "+" in builder.inner_text() and "left" in pts.inner_text(), "the ready-made team in the builder")
    panel.locator(".fs-ff-submit").click()
    wait(lambda: "build your team" not in status.inner_text(), "Blue's team in")
    def seated():                                                                  # whoever the screen waits for sits down
        wait(lambda: iam.is_visible() or "your turn" in status.inner_text(), "the next seat")
        if iam.is_visible(): iam.click()
        wait(lambda: "your turn" in status.inner_text(), "a prompt")
        return status.inner_text()
    for _ in range(2):                                                             # the secondaries, in secret
        assert "secret secondary objective" in seated()
        no_cut(panel, "secondary")
        panel.get_by_role("button", name="Take Names", exact=True).click()
        wait(lambda: "secret secondary objective" not in status.inner_text() or iam.is_visible(), "the secondary taken")
    for _ in range(2):                                                             # the upgrades: a menu and Confirm
        assert "mods and buy-ins" in seated()
        wait(lambda: panel.locator(".fs-ff-menu select").is_visible(), "the upgrades menu")
        panel.locator(".fs-ff-menu-go").click()
        wait(lambda: "mods and buy-ins" not in status.inner_text() or iam.is_visible(), "the upgrades taken")
    for _ in range(8):                                                             # initiative, then deployment by clicking the zone
        t = seated()
        if "choose beside the table" in t:
            panel.get_by_role("button", name="Go first", exact=True).click()
            wait(lambda: status.inner_text() != t, "the initiative taken"); continue
        if "click in your zone" in t: break
    bokeh_data(page, "fs-table-terrain", until=lambda d: "zone" in d["id"])
    assert "your deployment zone" in panel.locator(".fs-ff-legend").inner_text()
    red = "bottom edge" in status.inner_text()
    no_cut(panel, "deployment")
    shot(panel, "11-deploy")
    n = len(bokeh_data(page, "fs-table-pieces")["id"])
    click_at(page, "fs-table-figure", 3, 2 if red else 22)
    bokeh_data(page, "fs-table-pieces", until=lambda d: len(d["id"]) == n + 1)    # a Mech set up where the zone was clicked
    wait(lambda: any(f"deploys 3\" from the left edge, 2\" in from {'Red' if red else 'Blue'}'s edge." in t for t in log(panel)), "the deployment in the log")


def test_activate_and_shoot_in_voila(lab, voila, vpage, bokeh_data):
    lab.write("ff_voila.ipynb", [APP])
    voila.open(vpage, "ff_voila.ipynb", wait_for=".fs-table-figure")
    panel = vpage.locator(".fs-ff-app").first
    bokeh_data(vpage, "fs-table-pieces", until=lambda d: {"a1", "b1"} <= set(d["id"]))
    click_at(vpage, "fs-table-figure", 6, 4)
    wait(lambda: "Activate Longshot" in panel.locator(".fs-ff-preview").inner_text(), "the activation shown")
    click_at(vpage, "fs-table-figure", 6, 4)
    wait(lambda: "Longshot has 3 AP to spend." in log(panel), "the activation in the log")
    click_at(vpage, "fs-table-figure", 6, 14)
    wait(lambda: "Exact odds" in panel.locator(".fs-ff-odds").inner_text(), "the odds table")
    vpage.get_by_role("button", name="Fire Rail Lance", exact=True).click()
    wait(lambda: any("rolls Aim" in t for t in log(panel)), "the roll in the log")
    no_cut(panel, "Voilà")
    app_shot(panel, "ff_app-12-voila", width=1280)


CLOSE = OPTS.replace('"positions": {"a1": [6, 4], "a2": [18, 4], "b1": [6, 14], "b2": [18, 20]}',
                     '"positions": {"a1": [6, 4], "a2": [7.7, 4.6], "b1": [6, 5.7], "b2": [7.9, 6.3]}')


def test_units_in_contact_keep_their_labels_apart(lab, page, bokeh_data):
    "Four Mechs all but touching: every name tag and both odds labels readable (no box on another), the attack's arrow under the pieces."
    assert CLOSE != OPTS
    page.set_viewport_size({"width": 1280, "height": 1000})
    lab.run(page, "ff_close.ipynb", [APP.replace(OPTS, CLOSE)])
    panel = page.locator(".fs-ff-app").first
    panel.wait_for(state="visible")
    bokeh_data(page, "fs-table-pieces", until=lambda d: {"a1", "a2", "b1", "b2"} <= set(d["id"]))
    click_at(page, "fs-table-figure", 6, 4)
    wait(lambda: "Activate Longshot" in panel.locator(".fs-ff-preview").inner_text(), "the activation shown")
    click_at(page, "fs-table-figure", 6, 4)
    labels = bokeh_data(page, "fs-table-labels", until=lambda d: sum(t.startswith("hit ") for t in d["text"]) == 2)
    assert {"Longshot", "Bulwark", "Wisp", "Breaker"} <= set(labels["text"])
    no_cut(panel, "units in contact")
    shot(panel, "13-close")
    click_at(page, "fs-table-figure", 6, 5.9)                                      # the Wisp, touching the Longshot: the attack waits
    wait(lambda: "Exact odds" in panel.locator(".fs-ff-odds").inner_text(), "the odds table")
    bokeh_data(page, "fs-table-arrows", until=lambda d: len(d["x0"]) == 1)
    no_cut(panel, "an attack on a Mech in contact")
    shot(panel, "14-close-attack")
