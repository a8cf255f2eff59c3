"""The VOTOMS app in a real browser (JupyterLab at a 1280 px window).

1. The character builder: a stat and a skill group clicked up, an AT skill whose prerequisite the sheet lacks (the
   error beside it, in plain words), one over the XP (beside it too), an AT and a weapon bought (the Gildan left),
   save the sheet, change it, load it back.

2. A short whole game against the random bot (one round on the standard table; Blue moved first): R1 clicked on the
   table (its run reach lit, each enemy labelled with hit/kill), a lit square clicked (R1 moves there, read back from
   BokehJS), an enemy clicked (its attacks with the odds by defence), Fire (the bot defends; the contest drawn as two
   pools), a refused click said beside the table, undo restoring the screen, save then load, End turn to the end.
3. Hot seat: Blue's shot clicked, Red's defence offered with the odds of each choice, answered by its button.
4. A pilot built inside the app (the builder opened above the table, clicked into a sheet) and *Play with this
   pilot*: the new game's R1 is the character's Scopedog, selected and moved by clicks.
5. The same game in Voilà: select, move and fire by clicking.
6. A reroll question (a pilot with AT Marksman, reached by a seeded random playout in the notebook): the roll so far
   drawn, a button per answer with its chance to win, answered by a click.
7. A scenario against the greedy bot: the budget line seen over the budget before Play, then a scenario picked
   (its line, Blue's force against its budget), a life-threatening skill check set by the referee with its exact
   odds before the roll and Burn Fate answered by a click, then the defence preference set to "best" in play and
   rounds of End turn: the bot attacks, Red is never asked a defence (each taken and logged).
8. A campaign from the app: the builder's character starts it, the next battle (the arena) started from the campaign
   panel, played to its end by bots, concluded by a click: the sheet shows 1 game, 2 XP earned, 20 more Gildan;
   the campaign saved to the box. Before the battle an upgrade is bought between games (DEX 1 -> 2, its 2 XP shown
   before the click): the sheet shows 4 XP left and DEX 2.
9. A bail-out and a shot on foot: Fyana's Zwerg wrecked by Blue's Solid Shooter (played in the notebook), her pilot
   on the table (drawn smaller, its card on foot with DODGE and AIM), selected by a click, the Foot Soldier's odds
   against his one DODGE die, her Rifle fired (her AIM rerolls answered), the contest drawn against DODGE.

At every step no text is cut off, no stray scrollbar shows, no label sits on another and no arrow on a unit.

Screenshots of the key moments go to test-artifacts/votoms_app-*.png (looked at by hand when the layout changes)."""
import base64, re
from test_boards import click_at
from helpers import wait, app_shot, cut_off, log_lines, tidy

BUILDER = "from fortune_suite.apps.votoms_builder import CharacterBuilder\nb = CharacterBuilder()\nb"


def shot(panel, name):
    "Screenshot of the app alone (test-artifacts/votoms_app-NAME.png)."
    app_shot(panel, f"votoms_app-{name}", width=1280, height=2400)


def no_cut(panel, where):
    "No text cut off, no stray scrollbar, no label on another and no arrow over a unit on the table."
    tidy(panel, where, ["fs-table-figure"])


def level(panel, kind, name, value):
    "Click level `value` of the stat or skill group `name`."
    panel.locator(f".fs-vt-{kind}-{name} button").filter(has_text=str(value)).first.click()


def test_character_builder(lab, page):
    page.set_viewport_size({"width": 1280, "height": 1000})
    lab.run(page, "votoms_builder.ipynb", [BUILDER])
    panel = page.locator(".fs-vt-builder").first
    panel.wait_for(state="visible")
    xp, gildan = panel.locator(".fs-vt-xp"), panel.locator(".fs-vt-gildan")
    wait(lambda: "stats and groups 10 of 15" in xp.inner_text(), "the XP counted at the start (ten levels of 1 XP)")
    no_cut(panel, "builder start")
    level(panel, "stats", "DEX", 3)                                              # 6 XP in all for level 3: 5 more
    wait(lambda: "stats and groups 15 of 15" in xp.inner_text(), "DEX 3 paid")
    panel.locator(".fs-vt-skill-AT-Block select").select_option(label="level 1 · 2 XP · needs INT 2")
    spots = panel.locator(".fs-error-spot:visible")
    wait(lambda: spots.count() and "Level 1 needs INT 2 (INT 1)." in spots.first.inner_text(), "the prerequisite refused beside AT Block")
    shot(panel, "1-builder-prerequisite")
    panel.locator(".fs-vt-skill-AT-Block select").select_option(index=0)
    wait(lambda: spots.count() == 0, "the error gone with the skill")
    panel.locator(".fs-vt-skill-AT-Dodge select").select_option(index=1)          # the 1 AT XP
    level(panel, "groups", "FIGHTING", 2)                                         # 2 more XP: over the 15
    wait(lambda: spots.count() >= 1 and any("Over the XP" in t for t in spots.all_inner_texts()), "over the XP, said beside FIGHTING")
    assert "stats and groups 17 of 15" in xp.inner_text()
    level(panel, "groups", "FIGHTING", 1)
    panel.locator(".fs-vt-buy-at select").select_option(label="Scopedog (300 G)")
    panel.locator(".fs-vt-buy-GAT-22-Heavy-Machinegun").click()
    wait(lambda: "450 of 600 spent, 150 left" in gildan.inner_text(), "the Gildan counted")
    wait(lambda: spots.count() == 0, "a legal sheet")
    no_cut(panel, "builder filled")
    shot(panel, "2-builder-filled")
    panel.locator("button.fs-vt-save").click()
    box = panel.locator(".fs-vt-json textarea")
    wait(lambda: '"ATM-09-ST Scopedog"' in box.input_value(), "the sheet saved as JSON")
    text = box.input_value()
    level(panel, "stats", "DEX", 1)
    wait(lambda: "stats and groups 10 of 15" in xp.inner_text(), "DEX back to 1")
    box.fill(text)
    panel.locator("button.fs-vt-load").click()
    wait(lambda: "stats and groups 15 of 15" in xp.inner_text() and "150 left" in gildan.inner_text(), "the saved sheet loaded")
    box.fill(text.replace('"DEX": 3', '"DEX": 5'))
    panel.locator("button.fs-vt-load").click()
    wait(lambda: any("5 is over the maximum 4" in t for t in spots.all_inner_texts()), "a bad sheet refused, naming the field")
    assert "stats and groups 15 of 15" in xp.inner_text()


APP = ("from fortune_suite.apps.votoms import VotomsApp\n"
       "app = VotomsApp(options={'max_rounds': 1}, seed=1, seats={1: 'random'})\napp")
FIG = "fs-table-figure"
SQ = lambda x, y: (6 * x + 3, 6 * y + 3)          # the centre of square (x, y) in the table's inches


def log(panel):
    return log_lines(panel, ".fs-app-log")


def test_whole_game_against_the_bot(lab, page, bokeh_data):
    page.set_viewport_size({"width": 1280, "height": 1000})
    lab.run(page, "votoms_app.ipynb", [APP])
    panel = page.locator(".fs-vt-app").first
    panel.wait_for(state="visible")
    status, summary, ask = panel.locator(".fs-app-status"), panel.locator(".fs-app-summary"), panel.locator(".fs-vt-ask")
    bokeh_data(page, "fs-table-pieces", until=lambda d: {"R1", "R2", "B1", "B2"} <= set(d["id"]))
    wait(lambda: "Red, your turn: click one of your units" in status.inner_text(), "Red's first prompt")
    assert "1 of 1" in summary.inner_text() and "Red 6 - Blue 6" in summary.inner_text()
    assert "B1 Scopedog dashes to E5." in log(panel)                                   # the bot's move, in squares
    legend = panel.locator(".fs-vt-legend").inner_text()
    assert "Red (you)" in legend and "water" in legend and "armor pips" in legend
    assert "2 actions left" in panel.locator(".fs-vt-unit-R1").inner_text()
    no_cut(panel, "start")
    shot(panel, "3-table-start")

    click_at(page, FIG, *SQ(3, 0))                                                      # R1: its reach and targets
    hl = bokeh_data(page, "fs-table-highlight", until=lambda d: d["color"].count("#43a047") == 10)
    labels = bokeh_data(page, "fs-table-labels", until=lambda d: any(t.startswith("hit ") for t in d["text"]))
    assert all(re.fullmatch(r"hit (<1|>99|\d+)% · kill (<1|>99|\d+)%", t) for t in labels["text"] if t.startswith("hit ")), labels["text"]
    assert "fs-status-active" in panel.locator(".fs-vt-unit-R1").get_attribute("class")
    assert "run reach" in panel.locator(".fs-vt-legend").inner_text()
    no_cut(panel, "R1 selected")
    shot(panel, "4-selected")

    click_at(page, FIG, *SQ(3, 2))                                                      # a lit square: R1 runs there
    wait(lambda: "R1 Scopedog runs to D3." in log(panel), "the move in the log")
    d = bokeh_data(page, "fs-table-pieces", until=lambda d: "R1" in d["id"] and abs(d["y"][d["id"].index("R1")] - 15) < 1e-6)
    assert abs(d["x"][d["id"].index("R1")] - 21) < 1e-6
    wait(lambda: "1 action left" in panel.locator(".fs-vt-unit-R1").inner_text(), "one action left on R1's card")
    click_at(page, FIG, *SQ(0, 7))                                                      # out of reach: refused beside the table
    spot = panel.locator(".fs-error-spot:visible")
    wait(lambda: spot.count() and "cannot move to A8" in spot.first.inner_text(), "the refusal beside the table")

    before, card_before = log(panel), panel.locator(".fs-vt-unit-R1").inner_text()
    click_at(page, FIG, *SQ(4, 4))                                                      # B1: its attacks with the odds
    wait(lambda: ask.is_visible() and "R1 attacks B1 Scopedog" in ask.inner_text(), "the attacks on B1")
    wait(lambda: all(w in ask.inner_text() for w in ("MOVE", "ARMOR", "★")), "the odds by defence under each attack")   # (drawn a moment after the heading)
    bokeh_data(page, "fs-table-arrows", until=lambda d: len(d["x0"]) == 1)
    no_cut(panel, "attack chosen")
    shot(panel, "5-attack-odds")
    ask.locator("button").filter(has_text="Fire").first.click()
    dice = panel.locator(".fs-vt-dice")
    wait(lambda: "Last contest" in dice.inner_text() and "Before the roll" in dice.inner_text(), "the contest drawn")
    assert panel.locator(".fs-vt-die").count() >= 2
    assert any(re.match(r"R1 Scopedog attacks B1 Scopedog with .*: \d+ dice \(", t) for t in log(panel)), log(panel)
    assert not any(re.search(r"\[|\]|None", t) for t in log(panel) if "attacks" in t or "runs" in t)
    no_cut(panel, "after the shot")
    shot(panel, "6-contest")

    panel.locator("button.fs-app-undo").click()                                         # undo: the shot taken back
    wait(lambda: log(panel) == before, "the log as before the shot")
    wait(lambda: panel.locator(".fs-vt-unit-R1").inner_text() == card_before, "R1's card as before")
    panel.locator("button.fs-app-save").click()                                         # save, play on, load
    link = panel.locator(".fs-app-download a")
    wait(lambda: link.count() == 1, "the download link")
    text = base64.b64decode(link.get_attribute("href").split(",", 1)[1]).decode()
    saved = log(panel)
    panel.get_by_role("button", name="End turn", exact=True).click()
    wait(lambda: "Game over" in status.inner_text(), "the end of the one round")
    assert any(t.startswith("Game over after round 1") for t in log(panel))
    no_cut(panel, "game over")
    shot(panel, "7-game-over")
    panel.locator(".fs-app-savetext textarea").fill(text)
    panel.locator("button.fs-app-load").click()
    wait(lambda: log(panel) == saved, "the saved game back")
    wait(lambda: "Red, your turn" in status.inner_text(), "Red to move again after the load")

    panel.locator("button.fs-app-newgame-open").click()                                 # New game: the ridge table
    form = panel.locator(".fs-app-newgame")
    form.wait_for(state="visible")
    form.locator(".fs-vt-newgame-table select").select_option(label="ridge")
    no_cut(panel, "new game form")
    shot(panel, "7b-new-game")
    form.locator("button.fs-newgame-start").click()
    wait(lambda: any("VOTOMS on the ridge table" in t for t in log(panel)), "the new game on the ridge table")
    assert "wall" not in panel.locator(".fs-vt-legend").inner_text()                    # the ridge has no walls


def test_hot_seat_defence(lab, page, bokeh_data):
    page.set_viewport_size({"width": 1280, "height": 1000})
    lab.run(page, "votoms_hot.ipynb", ["from fortune_suite.apps.votoms import VotomsApp\napp = VotomsApp(seed=1, seats={})\napp"])
    panel = page.locator(".fs-vt-app").first
    panel.wait_for(state="visible")
    status, ask = panel.locator(".fs-app-status"), panel.locator(".fs-vt-ask")
    wait(lambda: "Blue, your turn" in status.inner_text(), "Blue first (it rolled higher)")
    bokeh_data(page, "fs-table-pieces", until=lambda d: {"B2", "R1"} <= set(d["id"]))
    click_at(page, FIG, *SQ(4, 7))                                                      # B2, then R1
    bokeh_data(page, "fs-table-labels", until=lambda d: any(t.startswith("hit ") for t in d["text"]))
    click_at(page, FIG, *SQ(3, 0))
    wait(lambda: ask.is_visible() and "B2 attacks R1 Scopedog" in ask.inner_text(), "B2's attacks on R1")
    ask.locator("button").filter(has_text="HRAT-23").first.click()
    wait(lambda: "Red, your turn: R1 Scopedog is attacked: choose its defence" in status.inner_text(), "Red asked to defend")
    wait(lambda: ask.locator("button").filter(has_text="MOVE").count() == 1 and ask.locator("button").filter(has_text="ARMOR").count() == 1,
         "a button per defence")
    assert re.search(r"MOVE \(\d dice\): hit \d+%", ask.inner_text()) and "★" in ask.inner_text()
    bokeh_data(page, "fs-table-arrows", until=lambda d: len(d["x0"]) == 1)               # the attack drawn as an arrow
    no_cut(panel, "defence asked")
    shot(panel, "8-defence")
    ask.locator("button").filter(has_text="MOVE").first.click()
    wait(lambda: "defends with MOVE" in panel.locator(".fs-vt-dice").inner_text(), "the contest drawn with its defence")
    wait(lambda: "Blue, your turn" in status.inner_text(), "back to Blue")


def test_pilot_from_the_builder_plays(lab, page, bokeh_data):
    page.set_viewport_size({"width": 1280, "height": 1000})
    lab.run(page, "votoms_pilot.ipynb", ["from fortune_suite.apps.votoms import VotomsApp\napp = VotomsApp(seed=1, seats={1: 'random'})\napp"])
    panel = page.locator(".fs-vt-app").first
    panel.wait_for(state="visible")
    status = panel.locator(".fs-app-status")
    panel.locator(".fs-vt-builder-box .p-Accordion-child, .fs-vt-builder-box .lm-AccordionPanel-title, .fs-vt-builder-box .jupyter-widget-Collapse-header, "
                  ".fs-vt-builder-box .p-Collapse-header").first.click()
    builder = panel.locator(".fs-vt-builder")
    wait(lambda: builder.is_visible(), "the builder opened")
    level(panel, "stats", "DEX", 3)
    panel.locator(".fs-vt-skill-AT-Dodge select").select_option(index=1)
    panel.locator(".fs-vt-buy-at select").select_option(label="Scopedog (300 G)")
    panel.locator(".fs-vt-buy-GAT-22-Heavy-Machinegun").click()
    wait(lambda: "150 left" in panel.locator(".fs-vt-gildan").inner_text(), "the pilot's equipment bought")
    name = panel.locator(".fs-vt-name input")
    name.fill("Fiana"); name.press("Enter")
    no_cut(panel, "pilot built in the app")
    panel.locator("button.fs-vt-play").click()
    wait(lambda: "R1 Fiana (Scopedog)" in panel.locator(".fs-vt-unit-R1").inner_text(), "R1 piloted by the character")
    card = panel.locator(".fs-vt-unit-R1").inner_text()
    assert "AT Dodge 1" in card and "GAT-22 Heavy" in card
    wait(lambda: "Red, your turn" in status.inner_text(), "Red's turn in the new game")
    bokeh_data(page, "fs-table-pieces", until=lambda d: "R1" in d["id"])
    click_at(page, FIG, *SQ(3, 0))
    bokeh_data(page, "fs-table-highlight", until=lambda d: "#43a047" in d["color"])
    click_at(page, FIG, *SQ(3, 2))
    wait(lambda: any("R1 Fiana (Scopedog) runs to D3." == t for t in log(panel)), "the pilot's AT moved by a click")
    shot(panel, "9-pilot-playing")


def test_select_move_and_fire_in_voila(lab, voila, vpage, bokeh_data):
    lab.write("votoms_voila.ipynb", [APP])
    voila.open(vpage, "votoms_voila.ipynb", wait_for=".fs-table-figure")
    panel = vpage.locator(".fs-vt-app").first
    bokeh_data(vpage, "fs-table-pieces", until=lambda d: {"R1", "B1"} <= set(d["id"]))
    click_at(vpage, FIG, *SQ(3, 0))
    bokeh_data(vpage, "fs-table-labels", until=lambda d: any(t.startswith("hit ") for t in d["text"]))
    click_at(vpage, FIG, *SQ(3, 2))
    wait(lambda: "R1 Scopedog runs to D3." in log(panel), "the move in the log")
    click_at(vpage, FIG, *SQ(4, 4))
    ask = panel.locator(".fs-vt-ask")
    wait(lambda: ask.is_visible() and "R1 attacks B1 Scopedog" in ask.inner_text(), "the attacks on B1")
    ask.locator("button").filter(has_text="Fire").first.click()
    wait(lambda: "Last contest" in panel.locator(".fs-vt-dice").inner_text(), "the contest drawn")
    no_cut(panel, "Voilà")
    app_shot(panel, "votoms_app-10-voila", width=1280)


REROLL = """import numpy as np
from fortune_suite.games.votoms import Votoms, DEFAULT_SQUAD
from fortune_suite.apps.votoms import VotomsApp
opts = {"squads": [[{"at": "Scopedog", "weapons": ["GAT-22"], "skills": {"AT Marksman": 2}, "pilot": "Grey"}, dict(DEFAULT_SQUAD[1])], list(DEFAULT_SQUAD)]}
s, rng = Votoms.new(opts, seed=0), np.random.default_rng(0)
while not (s.decision is not None and s.decision.kind == "reroll"):
    p = s.to_move()[0]; la = s.legal_actions(p); s.apply(p, la[rng.integers(len(la))])
app = VotomsApp(state=s, seats={})
app"""


def test_reroll_question(lab, page):
    page.set_viewport_size({"width": 1280, "height": 1000})
    lab.run(page, "votoms_reroll.ipynb", [REROLL])
    panel = page.locator(".fs-vt-app").first
    panel.wait_for(state="visible")
    status, ask = panel.locator(".fs-app-status"), panel.locator(".fs-vt-ask")
    wait(lambda: "reroll a die or keep the roll" in status.inner_text(), "the reroll question in the status line")
    wait(lambda: ask.is_visible() and "may reroll a die" in ask.inner_text(), "the question beside the table")
    assert ask.locator(".fs-vt-contest").count() == 1 and ask.locator("button").filter(has_text="Keep the roll").count() == 1
    assert all(re.search(r"· win (<1|>99|\d+)% · damage \d\.\d\d$", t.strip()) for t in ask.locator("button").all_inner_texts()), ask.locator("button").all_inner_texts()
    no_cut(panel, "reroll asked")
    shot(panel, "11-reroll")
    before = log(panel)
    ask.locator("button").filter(has_text="Reroll your").first.click()
    wait(lambda: log(panel) != before and any("rerolls its" in t for t in log(panel)[len(before):]), "the reroll in the log")


HEADER = (".lm-AccordionPanel-title, .p-Accordion-child, .jupyter-widget-Collapse-header, .p-Collapse-header")


def open_section(panel, box_css, title):
    "Open the accordion section titled `title` in the accordion `box_css`."
    panel.locator(f"{box_css}").locator(HEADER).filter(has_text=title).first.click()


def test_scenario_check_and_defend_best(lab, page):
    from fortune_suite.games.votoms import skill_check_odds
    from fortune_suite.apps.votoms_contest import pct
    page.set_viewport_size({"width": 1280, "height": 1000})
    lab.run(page, "votoms_scenario.ipynb", ["from fortune_suite.apps.votoms import VotomsApp\napp = VotomsApp(seed=2, seats={1: 'greedy'})\napp"])
    panel = page.locator(".fs-vt-app").first
    panel.wait_for(state="visible")
    status, ask = panel.locator(".fs-app-status"), panel.locator(".fs-vt-ask")
    open_section(panel, ".fs-vt-builder-box", "Your character")
    wait(lambda: panel.locator(".fs-vt-builder").is_visible(), "the builder opened")
    level(panel, "stats", "DEX", 2)
    level(panel, "groups", "ESCAPING", 2)
    panel.locator(".fs-vt-buy-at select").select_option(label="Scopedog (300 G)")
    panel.locator(".fs-vt-buy-GAT-22-Heavy-Machinegun").click()
    panel.locator(".fs-vt-buy-SAT-03-Solid-Shooter").click()
    budget = panel.locator(".fs-vt-budget")
    wait(lambda: "over the budget" in budget.inner_text(), "the squad over the skirmish's budget, seen before Play")
    assert re.search(r"Red \(your squad\): (\d+) of 900 Gildan — \d+ over the budget", budget.inner_text()), budget.inner_text()
    no_cut(panel, "over the budget")
    shot(panel, "10-over-budget")
    panel.locator(".fs-vt-scenario select").select_option(label="Holding the ford")
    wait(lambda: "510 of 550" in budget.inner_text() and "no limit" in budget.inner_text(), "the scenario's budget line")
    assert "one ford" in panel.locator(".fs-vt-scenario-line").inner_text()
    panel.locator("button.fs-vt-play").click()
    wait(lambda: "R1 Chirico (Scopedog)" in panel.locator(".fs-vt-unit-R1").inner_text(), "the ford battle with Chirico as R1")
    wait(lambda: "Red, your turn" in status.inner_text(), "Red to move")
    assert any("Scenario river" in t for t in log(panel))

    open_section(panel, ".fs-vt-gm-box", "Referee")                                   # a life-threatening check, 4 dice against 12
    gm = panel.locator(".fs-vt-gm")
    wait(lambda: gm.is_visible(), "the referee's box open")
    gm.locator(".fs-vt-gm-target input").fill("12"); gm.locator(".fs-vt-gm-target input").press("Enter")
    gm.locator(".fs-vt-gm-life input").check()
    want = f"4 dice against 12 — passes {pct(skill_check_odds(4, 12))}"
    wait(lambda: want in gm.locator(".fs-vt-gm-odds").inner_text(), f"the exact odds before the roll ({want})")
    no_cut(panel, "challenge set")
    shot(panel, "11-challenge")
    gm.locator("button.fs-vt-gm-roll").click()
    wait(lambda: "Last:" in gm.locator(".fs-vt-gm-last").inner_text(), "the check rolled")
    if "failed" in gm.locator(".fs-vt-gm-last").inner_text():
        wait(lambda: "Burn fate?" in ask.inner_text(), "the Burn Fate question on the table")
        shot(panel, "12-burn-fate")
        ask.locator("button").filter(has_text="Burn fate").first.click()
        wait(lambda: "passed by burning fate" in gm.locator(".fs-vt-gm-last").inner_text(), "fate burned, the check passed")
        assert any("burns fate" in t for t in log(panel))

    panel.locator(".fs-vt-prefer-mode button").filter(has_text="Take the best").click()
    wait(lambda: any("sets its defence preference: best" in t for t in log(panel)), "the preference sent to the game")
    ends = 0
    while "Game over" not in status.inner_text() and ends < 12:
        assert "choose its defence" not in status.inner_text() and "Defend with" not in ask.inner_text(), "a defence question asked"
        n = len(log(panel))
        panel.get_by_role("button", name="End turn", exact=True).click()
        ends += 1
        wait(lambda: len(log(panel)) > n + 1 and ("Red, your turn" in status.inner_text() or "Game over" in status.inner_text()),
             "Blue's turn played, then Red's turn again (or the end)")
        assert "choose its defence" not in status.inner_text() and "Defend with" not in ask.inner_text(), "a defence question asked"
    taken = [t for t in log(panel) if "its seat takes the best exact defence" in t]
    assert taken, "the bot never attacked"
    no_cut(panel, "defend best")
    shot(panel, "13-defend-best")


def test_campaign_sheet_changes(lab, page):
    from helpers import run_in_kernel
    page.set_viewport_size({"width": 1280, "height": 1000})
    lab.run(page, "votoms_campaign.ipynb", ["from fortune_suite.apps.votoms import VotomsApp\napp = VotomsApp(seed=3, seats={1: 'random'})\napp"])
    panel = page.locator(".fs-vt-app").first
    panel.wait_for(state="visible")
    status = panel.locator(".fs-app-status")
    open_section(panel, ".fs-vt-builder-box", "Your character")
    wait(lambda: panel.locator(".fs-vt-builder").is_visible(), "the builder opened")
    panel.locator(".fs-vt-buy-at select").select_option(label="Scopedog (300 G)")
    panel.locator(".fs-vt-buy-GAT-22-Heavy-Machinegun").click()
    wait(lambda: "150 left" in panel.locator(".fs-vt-gildan").inner_text(), "the equipment bought")
    open_section(panel, ".fs-vt-gm-box", "Campaign")
    panel.locator("button.fs-vt-camp-start").click()
    sheet = panel.locator(".fs-vt-camp-table")
    wait(lambda: "Chirico" in sheet.inner_text(), "the campaign's sheet")
    row = lambda: [t.strip() for t in sheet.locator("tr").nth(1).locator("td").all_inner_texts()]
    first = row()
    assert first[:6] == ["Chirico", "0", "0", "6", "0", "150"], first            # games, XP earned, XP left, burned, Gildan
    panel.locator(".fs-vt-camp-level-of select").select_option(label="DEX (dexterity)")   # an upgrade between games: DEX 1 -> 2
    quotes = panel.locator(".fs-vt-camp-quotes")
    wait(lambda: "DEX to 2: 2 XP" in quotes.inner_text(), "its price (the text's 3 - 1 XP) shown before buying")
    panel.locator("button.fs-vt-camp-raise").click()
    wait(lambda: row()[3] == "4" and "DEX 2" in row()[7], "the sheet changed: 2 of the 6 XP spent, DEX 2")
    assert "Chirico raises DEX to 2 for 2 XP" in panel.locator(".fs-vt-camp-news").inner_text()
    no_cut(panel, "campaign upgrade")
    shot(panel, "14a-campaign-upgrade")
    panel.locator(".fs-vt-camp-scenario select").select_option(label="The battling pit")
    panel.locator("button.fs-vt-camp-go").click()
    wait(lambda: any("Scenario arena" in t for t in log(panel)), "the campaign's battle on the table")
    no_cut(panel, "campaign battle")
    shot(panel, "14-campaign-battle")
    run_in_kernel(page, "app.set_controller(0, 'random')")                              # the battle played to its end by bots
    wait(lambda: "Game over" in status.inner_text(), "the battle over")
    panel.locator("button.fs-vt-camp-conclude").click()
    wait(lambda: "Booked The battling pit" in panel.locator(".fs-vt-camp-news").inner_text(), "the battle booked")
    wait(lambda: row()[:3] == ["Chirico", "1", "2"], "1 game and 2 XP on the sheet")
    assert row()[5] == "170", row()                                                     # 150 + 20 Gildan a game
    panel.locator("button.fs-vt-camp-save").click()
    wait(lambda: '"fortune_suite.votoms_campaign"' in panel.locator(".fs-vt-camp-json textarea").input_value(), "the campaign saved")
    no_cut(panel, "campaign booked")
    shot(panel, "15-campaign-booked")


FOOT = """from fortune_suite.games.votoms import Votoms, Character, greedy_bot
from fortune_suite.apps.votoms import VotomsApp
fy = Character.new("Fyana", stats={"STR": 2}, groups={"FIGHTING": 2}, equipment=["Zwerg", "Rifle", "Grenade"])
opts = {"squads": [[{"at": "Zwerg", "pilot": "Fyana", "pos": [3, 2]}, {"at": "Scopedog", "weapons": ["GAT-22"], "pos": [6, 0]}],
                   [{"at": "Scopedog", "weapons": ["SAT-03"], "pc": False, "pos": [3, 3]}, {"infantry": "Foot Soldier", "pos": [4, 4]}]],
        "characters": {"R1": fy.to_dict()}, "table": "open", "first": 1, "defend": "best", "budgets": [0, 0], "snap_after_ambush": False}
def bail(seed):
    s = Votoms.new(opts, seed)
    for _ in range(2):
        if s.by_id["R1"].destroyed: break
        s.apply(1, {"unit": "B1", "act": "shoot", "weapon": "SAT-03 Solid Shooter", "target": "R1"})
        while s.decision is not None: s.apply(s.decision.player, greedy_bot(s.view(s.decision.player), s.legal_actions(s.decision.player)))
    if s.to_move() == (1,): s.apply(1, {"act": "end"})
    return s
s = next(s for s in map(bail, range(200)) if s.by_id["R1"].destroyed and "R1p" in s.by_id and s.by_id["R1p"].alive and s.to_move() == (0,) and s.by_id["B2"].alive)
app = VotomsApp(state=s, seats={1: "greedy"})
app"""


def test_bail_out_and_a_shot_on_foot(lab, page, bokeh_data):
    "Fyana's Zwerg wrecked by Blue's Solid Shooter (played in the notebook): her pilot on the table, drawn smaller, selected by a click; a Foot Soldier's odds against his one DODGE die; her Rifle fired with her AIM rerolls; the contest drawn with DODGE."
    page.set_viewport_size({"width": 1280, "height": 1000})
    lab.run(page, "votoms_foot.ipynb", [FOOT])
    panel = page.locator(".fs-vt-app").first
    panel.wait_for(state="visible")
    status, ask = panel.locator(".fs-app-status"), panel.locator(".fs-vt-ask")
    wait(lambda: "Red, your turn" in status.inner_text(), "Red to move, after the bail-out")
    assert any("bails out on foot" in t for t in log(panel)), log(panel)
    pieces = bokeh_data(page, "fs-table-pieces", until=lambda d: "R1p" in d["id"])
    i = pieces["id"].index("R1p")
    assert abs(pieces["x"][i] - 21) < 1e-6 and abs(pieces["y"][i] - 15) < 1e-6
    card = panel.locator(".fs-vt-unit-R1p").inner_text()
    assert "on foot" in card and "Dodge" in card and "Rifle" in card and "Grenade" in card, card
    no_cut(panel, "bailed out")
    shot(panel, "20-bailed-out")

    click_at(page, FIG, *SQ(3, 2))                                                      # the pilot, standing in her wreck's square
    labels = bokeh_data(page, "fs-table-labels", until=lambda d: any(t.startswith("hit ") for t in d["text"]))
    assert "fs-status-active" in panel.locator(".fs-vt-unit-R1p").get_attribute("class")
    shot(panel, "21-pilot-selected")
    page.mouse.move(1, 1, steps=4)                                                      # (the pilot's hover tooltip, a long one, off B2 first)
    page.wait_for_timeout(500)
    click_at(page, FIG, *SQ(4, 4))                                                      # the Foot Soldier: her attacks on him
    wait(lambda: ask.is_visible() and "attacks B2 Foot Soldier" in ask.inner_text(), "the attacks on the soldier")
    wait(lambda: "DODGE" in ask.inner_text() and "ARMOR" not in ask.inner_text(), "one defence for him: DODGE, man to man")
    no_cut(panel, "attack on foot chosen")
    shot(panel, "22-odds-on-foot")
    ask.locator("button").filter(has_text="Rifle").first.click()
    dice = panel.locator(".fs-vt-dice")
    for _ in range(75):                                    # her AIM rerolls, asked while they can help (up to 30 s: a loaded machine is slow to ask)
        page.wait_for_timeout(400)
        if ask.is_visible() and "may reroll" in ask.inner_text(): ask.locator("button").filter(has_text="Keep").first.click()
        elif ask.is_visible() and "may add +1" in ask.inner_text(): ask.locator("button").first.click()
        elif "Last contest" in dice.inner_text(): break
    wait(lambda: "Last contest" in dice.inner_text() and "DODGE" in dice.inner_text(), "the contest drawn, against DODGE")
    assert any("pilot" in t and "B2 Foot Soldier" in t and "Rifle" in t and "dice" in t for t in log(panel)), log(panel)
    no_cut(panel, "after the shot on foot")
    shot(panel, "23-shot-on-foot")
