"""The FMC Basic referee's table in a real browser (JupyterLab, Chromium), clicked as a referee and players click.

Generators: every button shows its card with its seed. Characters: a mage made by clicking (a third spell refused
beside the spells, in words), kept, levelled. Region: wander, then a click on a yellow hex (through the page's
Bokeh) moves the party's marker; the open hexes carry their encounter chance before the move. Skirmish: a short
fight (two fighters against two hoblins) played to its end by clicking the foes on the table and Confirm, the
odds on the board and in the confirm box, the fallen crossed; undo and a save loaded back. Campaign (issue 30): a
campaign started from the party made by clicking, travel, a fight whose end the sheets show, the players' screen
holding no unexplored hex or unvisited place.

At every step no text is cut off, no stray scrollbar shows, no label sits on another and no arrow on a piece, at a
1280 px window. Screenshots go to test-artifacts/fmc_app-*.png (looked at by hand)."""
import base64, json, statistics, time
from test_boards import _JS_PX
from conftest import _JS_BOKEH_DATA
from helpers import wait, log_lines, cut_off, app_shot, run_in_kernel, tidy

SKIRMISH = '{"encounter": "2 hoblin", "distance": 2, "surprise": "none", "size": 2, "classes": "fighter:a, fighter:b"}'
TARGET, ACTING, OPEN = "#e53935", "#ffb300", "#ffd600"
TIMES = []


def data(page, name): return page.evaluate(_JS_BOKEH_DATA, name)


def click_fig(page, fig, x, y):
    "Click the point (x, y) of the live Bokeh figure `fig` (scrolled into view, once its place has settled)."
    page.wait_for_function("([fig]) => [...window.Bokeh.index.roots].some(v => v.model.name === fig && v.el.isConnected && v.el.offsetParent)", arg=[fig])
    page.evaluate("""([fig]) => { const v = [...window.Bokeh.index.roots].filter(v => v.model.name === fig && v.el.isConnected && v.el.offsetParent).pop();
                                  v.el.scrollIntoView({block: 'center'}); }""", [fig])
    px, t0 = None, time.time()
    while time.time() - t0 < 20:
        nxt = page.evaluate(_JS_PX, [fig, x, y])
        if nxt is not None and nxt == px: break
        px = nxt; time.sleep(0.2)
    page.wait_for_timeout(350)
    page.mouse.click(*px)


def open_table(lab, page, name, code):
    page.set_viewport_size({"width": 1280, "height": 1000})
    lab.run(page, name, ["import json\nfrom fortune_suite.apps.fmc import FmcTable\n" + code])
    t = page.locator(".fs-fmc-table").first
    t.wait_for(state="visible")
    return t


def checks(page, panel):
    def fits(step):
        page.wait_for_timeout(150)
        tidy(panel, step, ["fs-hex-figure", "fs-table-figure"])
    return fits, (lambda name: app_shot(panel, f"fmc_app-{name}"))


def tab(t, title):
    t.locator(".lm-TabBar-tab, .p-TabBar-tab", has_text=title).first.click()


def test_referee_table(lab, page, bokeh_data):
    t = open_table(lab, page, "fmc_table.ipynb", f"t = FmcTable(seed=4, skirmish=json.loads('{SKIRMISH}'))\nt")
    fits, shot = checks(page, t)

    # 1. generators: a card per button, each with its seed
    for key, title in (("treasure", "Treasure of a level-1 site"), ("weapon", "weapon"), ("site", "A level-1 site"), ("hex", "A hex"),
                       ("region", "A starting region"), ("negotiation", "Negotiation"), ("encounter", "Random encounter")):
        seed = t.locator(".fs-fmc-gen-seed input").input_value()
        t.locator(f"button.fs-fmc-gen-{key}").click()
        card = t.locator(".fs-fmc-card").first
        wait(lambda: title in card.inner_text() and f"seed {seed}" in card.inner_text(), f"the {key} card with seed {seed}")
    assert t.locator(".fs-fmc-card").count() == 6                               # the last six stay
    fits("generators"); shot("1-generators")

    # 2. characters: a mage, two spells; a third refused beside the spells; kept, then levelled by experience
    tab(t, "Characters")
    t.locator(".fs-fmc-make-class button", has_text="Mage").click()
    spots = t.locator(".fs-fmc-maker .fs-error-spot")
    wait(lambda: any("A mage starts with 2 of the 20 spells" in s for s in spots.all_inner_texts()), "the spells' refusal")
    for sp in ("heal", "knock"): t.locator(f"button.fs-fmc-make-spell-{sp}").click()
    sheet = t.locator(".fs-fmc-make-sheet")
    wait(lambda: "level 1 mage" in sheet.inner_text() and "heal, knock" in sheet.inner_text(), "the mage's sheet")
    t.locator("button.fs-fmc-make-spell-lullaby").click()
    wait(lambda: any("got 3 (heal, knock, lullaby)" in s for s in spots.all_inner_texts()), "a third spell refused beside the spells")
    fits("a refused choice"); shot("2-maker")
    t.locator("button.fs-fmc-make-spell-lullaby").click()
    t.locator("button.fs-fmc-make-go").click()
    card = t.locator(".fs-fmc-sheets .fs-fmc-sheet-card").first
    wait(lambda: "Ada" in card.inner_text() and "level 1 mage" in card.inner_text(), "the kept sheet")
    t.locator(".fs-fmc-sheet-xp input").fill("2000"); t.locator("button.fs-fmc-sheet-gain").click()
    t.locator("button.fs-fmc-sheet-levelup").click()
    wait(lambda: "level 2 mage" in card.inner_text() and "2 of 2" in card.inner_text(), "level 2: energy 2")
    fits("the sheet"); shot("3-sheet")

    # 3. region: wander; the open hexes carry their days and encounter chance; a click on one moves the party
    tab(t, "Region")
    t.locator("button.fs-fmc-crawl-wander").click()
    hl = bokeh_data(page, "fs-hex-highlight", until=lambda d: OPEN in d["color"])
    labels = bokeh_data(page, "fs-hex-labels", until=lambda d: any("·" in x for x in d["text"]))["text"]
    assert len(labels) >= hl["color"].count(OPEN)
    assert all(l.split(" · ")[1].endswith("%") for l in labels if "·" in l), labels
    assert "chance of a random encounter" in t.locator(".fs-fmc-crawl-open").inner_text()
    fits("the map"); shot("4-region")
    k = hl["color"].index(OPEN); to = hl["cell"][k]
    cx, cy = sum(hl["xs"][k]) / len(hl["xs"][k]), sum(hl["ys"][k]) / len(hl["ys"][k])
    click_fig(page, "fs-hex-figure", cx, cy)
    bokeh_data(page, "fs-hex-pieces", until=lambda d: d["cell"] == [to])
    wait(lambda: f"→ {to}" in t.locator(".fs-fmc-crawl-news").inner_text(), "the trip reported")
    assert "Day" in t.locator(".fs-fmc-crawl-status").first.inner_text()
    fits("after a move"); shot("5-travelled")

    # 4. skirmish: click the red-ringed foes, Confirm; Hold/Pass when nothing to hit; to the end
    tab(t, "Skirmish")
    app = t.locator(".fs-fmc-app")
    status = app.locator(".fs-app-status")
    wait(lambda: "Fighter" in status.inner_text(), "a fighter's turn")
    fits("the skirmish"); shot("6-skirmish")
    shot_confirm = False
    for _ in range(60):
        if "The skirmish is over" in status.inner_text(): break
        page.wait_for_timeout(300)
        if "The skirmish is over" in status.inner_text(): break           # the last click's answer can land during the wait
        hl = data(page, "fs-table-highlight") or {"cell": [], "color": []}
        foes = [c for c, col in zip(hl["cell"], hl["color"]) if col == TARGET]
        if foes:
            p = data(page, "fs-table-pieces")
            i = p["id"].index(foes[0])
            before = app.locator(".fs-fmc-confirm-text, .fs-fmc-chosen").first.inner_text() if app.locator(".fs-fmc-chosen").count() else ""
            t0 = time.perf_counter()
            click_fig(page, "fs-table-figure", p["x"][i], p["y"][i])
            t1 = time.perf_counter()
            wait(lambda: app.locator(".fs-fmc-chosen").count() == 1, "the confirm box")
            TIMES.append(time.perf_counter() - t1)
            if not shot_confirm and "hits" in app.locator(".fs-fmc-chosen").inner_text():
                assert "chance to kill" in app.locator(".fs-fmc-chosen").inner_text() or "kills" in app.locator(".fs-fmc-chosen").inner_text()
                labels = data(page, "fs-table-labels")["text"]
                assert any(l.startswith("hit ") and "kill" in l for l in labels), labels
                fits("the confirm box"); shot("7-confirm"); shot_confirm = True
            app.locator("button.fs-fmc-confirm").click()
        else:
            btn = next((app.locator(f"button.fs-fmc-{k}") for k in ("pass", "hold") if app.locator(f"button.fs-fmc-{k}").is_visible()), None)
            if btn is None and "The skirmish is over" in status.inner_text(): break
            assert btn is not None, status.inner_text()
            btn.click()
        page.wait_for_timeout(200)
    wait(lambda: "The skirmish is over" in status.inner_text(), "the end of the skirmish")
    pieces = data(page, "fs-table-pieces")
    assert "✕" in pieces["label"] and app.locator(".fs-status-card.fs-status-out").count() == pieces["label"].count("✕")
    assert app.locator(".fs-app-log .fs-log-casualty").count() >= 1
    fits("the end"); shot("8-end")

    # undo; then the save loaded back
    text = run_in_kernel(page, "print(t.skirmish.state.save())").strip()
    app.locator("button.fs-app-undo").click()
    wait(lambda: "The skirmish is over" not in status.inner_text(), "the last move undone")
    app.locator(".fs-app-savetext textarea").fill(text)
    app.locator("button.fs-app-load").click()
    wait(lambda: "The skirmish is over" in status.inner_text(), "the save loaded back")
    fits("loaded")
    if TIMES:
        ms = sorted(t * 1e3 for t in TIMES)
        print(f"\nFMC table clicks → confirm box on the page: median {statistics.median(ms):.0f} ms, max {ms[-1]:.0f} ms over {len(ms)} clicks")


def test_hot_seat_both_sides(lab, page, bokeh_data):
    "Two people at one screen: no privacy screen (nothing is hidden in a skirmish), the turn line names the side to act."
    t = open_table(lab, page, "fmc_hot.ipynb", f"t = FmcTable(seed=5, skirmish=json.loads('{SKIRMISH}'))\n"
                   "t.skirmish.set_controller(1, 'human')\nt")
    fits, shot = checks(page, t)
    tab(t, "Skirmish")
    app = t.locator(".fs-fmc-app"); status = app.locator(".fs-app-status")
    seen = set()
    for _ in range(40):
        txt = status.inner_text()
        if "The skirmish is over" in txt: break
        seen.update(side for side in ("The party", "The foes") if f"{side}, your turn" in txt)
        assert app.locator("button.fs-app-iam").count() == 0 or not app.locator("button.fs-app-iam").is_visible()
        btn = next((app.locator(f"button.fs-fmc-{k}") for k in ("hold", "pass") if app.locator(f"button.fs-fmc-{k}").is_visible()), None)
        if btn is None: break
        btn.click(); page.wait_for_timeout(250)
    assert seen == {"The party", "The foes"}, seen
    fits("hot seat"); shot("9-hot-seat")


def test_voila(lab, voila, vpage, bokeh_data):
    "The referee's table through Voilà: the region's map answers a click, the generators their buttons."
    lab.write("fmc_voila.ipynb", ["from fortune_suite.apps.fmc import FmcTable\nt = FmcTable(seed=4)\nt"])
    voila.open(vpage, "fmc_voila.ipynb", wait_for=".fs-fmc-table")
    t = vpage.locator(".fs-fmc-table").first
    t.locator("button.fs-fmc-gen-site").click()
    wait(lambda: "A level-1 site" in t.locator(".fs-fmc-card").first.inner_text(), "a site card in Voilà")
    tab(t, "Region")
    t.locator("button.fs-fmc-crawl-wander").click()
    hl = bokeh_data(vpage, "fs-hex-highlight", until=lambda d: OPEN in d["color"])
    k = hl["color"].index(OPEN)
    cx, cy = sum(hl["xs"][k]) / len(hl["xs"][k]), sum(hl["ys"][k]) / len(hl["ys"][k])
    click_fig(vpage, "fs-hex-figure", cx, cy)
    bokeh_data(vpage, "fs-hex-pieces", until=lambda d: d["cell"] == [hl["cell"][k]])
    app_shot(t, "fmc_app-voila")


def test_site_rooms(lab, page, bokeh_data):
    "Seed 1: the first wander opens the site next to the haven; travel there, explore it room by room."
    t = open_table(lab, page, "fmc_site.ipynb", "t = FmcTable(seed=1)\nt")
    fits, shot = checks(page, t)
    tab(t, "Region")
    t.locator("button.fs-fmc-crawl-wander").click()
    hl = bokeh_data(page, "fs-hex-highlight", until=lambda d: "0204" in d["cell"] and d["color"][d["cell"].index("0204")] == OPEN)
    k = hl["cell"].index("0204")
    click_fig(page, "fs-hex-figure", sum(hl["xs"][k]) / len(hl["xs"][k]), sum(hl["ys"][k]) / len(hl["ys"][k]))
    explore = t.locator("button.fs-fmc-crawl-explore")
    wait(lambda: explore.is_visible(), "Explore the site here")
    explore.click()
    rooms = t.locator(".fs-fmc-crawl-rooms")
    wait(lambda: rooms.is_visible() and t.locator(".fs-fmc-room").count() == 6, "the six rooms")
    assert "Room 1 (entrance) — the party is here" in rooms.inner_text()
    exits = t.locator("button.fs-fmc-crawl-exit")
    assert exits.count() == 2, exits.all_inner_texts()
    fits("the site"); shot("10-site")
    t.locator("button.fs-fmc-crawl-torch").click()
    wait(lambda: "torch" in t.locator(".fs-fmc-crawl-status").last.inner_text(), "the torch lit")
    go = t.locator("button.fs-fmc-crawl-exit", has_text="Go to room").first
    go.click()
    wait(lambda: "Room 1 (entrance) — the party is here" not in rooms.inner_text() or "door holds" in rooms.inner_text(), "a way taken (or a door that held)")
    fits("in the site"); shot("11-site-room")


def _travel_open(page, t, bokeh_data, avoid=()):
    "Wander, then click the first open hex (not in `avoid`) on the map; return its number once the party's marker is there."
    t.locator("button.fs-fmc-crawl-wander").click()
    hl = bokeh_data(page, "fs-hex-highlight", until=lambda d: any(c == OPEN and n not in avoid for n, c in zip(d["cell"], d["color"])))
    k = next(i for i, (n, c) in enumerate(zip(hl["cell"], hl["color"])) if c == OPEN and n not in avoid)
    to = hl["cell"][k]
    click_fig(page, "fs-hex-figure", sum(hl["xs"][k]) / len(hl["xs"][k]), sum(hl["ys"][k]) / len(hl["ys"][k]))
    bokeh_data(page, "fs-hex-pieces", until=lambda d: d["cell"] == [to])
    return to


def test_region_save_and_load(lab, page, bokeh_data, tmp_path):
    "The region's Save: a download link and the text; a bad save refused beside Load text, nothing lost; the text and the file load back."
    t = open_table(lab, page, "fmc_region_save.ipynb", "t = FmcTable(seed=4)\nt")
    fits, shot = checks(page, t)
    tab(t, "Region")
    to = _travel_open(page, t, bokeh_data)
    news = t.locator(".fs-fmc-crawl-news")
    wait(lambda: f"→ {to}" in news.inner_text(), "the trip reported")
    saved_news = news.inner_text()

    # save: a download link holding the expedition, and the same text in the box
    files = t.locator(".fs-fmc-crawl-files")
    files.locator("button.fs-fmc-crawl-save").click()
    link = files.locator(".fs-fmc-crawl-download a")
    wait(lambda: link.count() == 1, "the download link")
    assert link.get_attribute("download").startswith("fmc-region-4-")
    text = base64.b64decode(link.get_attribute("href").split("base64,", 1)[1]).decode()
    d = json.loads(text)
    assert (d["format"], d["seed"], d["crawl"]["position"]) == ("fortune-suite fmc region", 4, to)
    assert files.locator(".fs-fmc-crawl-savetext textarea").input_value() == text
    fits("saved"); shot("12-region-saved")

    # the party goes on; then a bad save is refused beside Load text, in plain words, and the map stays as it is
    to2 = _travel_open(page, t, bokeh_data, avoid=(to,))
    wait(lambda: f"→ {to2}" in news.inner_text(), "the second trip reported")
    box = files.locator(".fs-fmc-crawl-savetext textarea")
    for bad, says in (("{this is not a save", "Bad region save is not JSON"),
                      (json.dumps({**d, "seed": 5}), "does not fit the region of seed 5"),
                      (run_in_kernel(page, "print(t.skirmish.state.save())").strip(), "a game save: load it in the skirmish tab")):
        box.fill(bad)
        files.locator("button.fs-fmc-crawl-load").click()
        spot = files.locator(".fs-error-spot")
        wait(lambda: spot.is_visible() and says in spot.inner_text(), f"the refusal: {says}")
        assert "SaveError" not in t.inner_text()
        assert data(page, "fs-hex-pieces")["cell"] == [to2] and f"→ {to2}" in news.inner_text()
    fits("a bad save"); shot("13-region-bad-save")

    # the saved text loads back: the party's marker where it was saved, the reports as they were, the message gone
    box.fill(text)
    files.locator("button.fs-fmc-crawl-load").click()
    bokeh_data(page, "fs-hex-pieces", until=lambda dd: dd["cell"] == [to])
    wait(lambda: news.inner_text() == saved_news, "the saved reports back")
    assert not files.locator(".fs-error-spot").is_visible()
    assert f"Loaded: the region of seed 4 (level 1), day 1, the party in hex {to}." in files.locator(".fs-fmc-crawl-loaded").inner_text()
    fits("loaded"); shot("14-region-loaded")

    # and from a file, after another trip
    to3 = _travel_open(page, t, bokeh_data, avoid=(to,))
    f = tmp_path / "region.json"; f.write_text(text)
    with page.expect_file_chooser() as chooser: files.locator(".fs-fmc-crawl-upload").click()
    chooser.value.set_files(str(f))
    bokeh_data(page, "fs-hex-pieces", until=lambda dd: dd["cell"] == [to])
    wait(lambda: news.inner_text() == saved_news, "the saved reports back from the file")
    assert to3 != to


def test_skirmish_terrain_and_a_shroud_on_the_table(lab, page, bokeh_data):
    "Option terrain: the wall is drawn on the table; a shrouded figure's label is in brackets and its tooltip says why."
    opts = {"encounter": "2 hoblin", "surprise": "none", "size": 3, "classes": "fighter:a, fighter:c, mage",
            "spells": "shroud, heal", "terrain": [[6, 6, 18, 8]]}
    t = open_table(lab, page, "fmc_terrain.ipynb", f"t = FmcTable(seed=3, skirmish=json.loads('{json.dumps(opts)}'))\nt")
    fits, shot = checks(page, t)
    tab(t, "Skirmish")
    app = t.locator(".fs-fmc-app")
    ter = bokeh_data(page, "fs-table-terrain", until=lambda d: len(d["id"]) == 1)
    assert ter["tooltip"] == ["piece 1: blocks sight and movement"] and sorted(ter["xs"][0]) == [6, 6, 18, 18]
    # play on (bots' choices made in the kernel, as a player would click them) until the mage may shroud, then shroud Fighter 1
    out = run_in_kernel(page, """
s = t.skirmish
for _ in range(200):
    if s.state.is_over: break
    p = s.state.to_move()[0]; s.seat = p
    legal = s.state.legal_actions(p)
    sh = [a for a in legal if a.get("spell") == "shroud" and a["target"] == "p1"]
    if sh: s.act(sh[0]); break
    s.act(next((a for a in legal if a["do"] in ("hold", "pass")), legal[-1]))
print(sorted(s.state.invisible))
""").strip()
    assert out.startswith("[") and "'p1'" in out, out
    pieces = bokeh_data(page, "fs-table-pieces", until=lambda d: "(F1)" in d["label"])
    i = pieces["label"].index("(F1)")
    assert "invisible (a shroud): the foes cannot target it" in pieces["tooltip"][i]
    fits("terrain and a shroud"); shot("15-terrain-shroud")


def test_new_game_with_terrain(lab, page, bokeh_data):
    "The Skirmish tab's New game form: a terrain layout picked from its menu starts a skirmish with that wall on the table; a bad piece is refused beside Start."
    t = open_table(lab, page, "fmc_newgame_terrain.ipynb", f"t = FmcTable(seed=2, skirmish=json.loads('{SKIRMISH}'))\nt")
    fits, shot = checks(page, t)
    tab(t, "Skirmish")
    app = t.locator(".fs-fmc-app")
    app.locator("button.fs-app-newgame-open").click()
    form = app.locator(".fs-app-newgame")
    form.wait_for(state="visible")
    box = form.locator(".fs-fmc-newgame-pieces input")
    form.locator(".fs-fmc-newgame-terrain select").select_option(label="a wall between the sides")
    wait(lambda: box.input_value() == "6 2.6 18 3.4", "the wall's piece in the box")   # 2" apart: a thin wall between the lines (y = 2, 4)
    assert "Terrain" in form.inner_text() and "Pieces block sight and movement" in form.inner_text()
    fits("the new game form"); shot("16-new-game-terrain")
    dist = form.locator(".fs-newgame-distance input")
    dist.fill("6"); dist.press("Tab")                                  # the layout follows the distance chosen in the form
    wait(lambda: box.input_value() == "6 4 18 6", "the wall redrawn mid-way between the lines at y = 2 and y = 8")
    assert "at distance 6" in form.locator(".fs-fmc-newgame-terrainnote").inner_text()
    fits("the layout at another distance"); shot("16b-new-game-terrain-distance")
    dist.fill("2"); dist.press("Tab")
    wait(lambda: box.input_value() == "6 2.6 18 3.4", "the wall back between the lines 2 inches apart")
    box.fill("6 3 18"); box.press("Tab"); form.locator("button.fs-newgame-start").click()   # a bad piece: refused beside Start, the form stays
    spot = form.locator(".fs-error-spot")
    wait(lambda: any("piece 1 ('6 3 18') has 3 numbers" in s for s in spot.all_inner_texts()), "the refusal beside Start")
    fits("a refused piece"); shot("17-new-game-bad-terrain")
    form.locator(".fs-fmc-newgame-terrain select").select_option(label="a wall between the sides")
    form.locator("button.fs-newgame-start").click()
    ter = bokeh_data(page, "fs-table-terrain", until=lambda d: len(d["id"]) == 1)
    assert sorted(ter["xs"][0]) == [6, 6, 18, 18] and [round(y, 6) for y in sorted(ter["ys"][0])] == [2.6, 2.6, 3.4, 3.4], ter
    assert app.locator(".fs-app-newgame").count() == 0
    fits("the walled table"); shot("18-walled-table")


def test_campaign_table(lab, page, bokeh_data):
    """Issue 30 at the table: a campaign started from the party made by clicking, travel, a fight fought in the Fight tab
    whose end the sheets show (HP and XP as the campaign has them), and the players' screen holding nothing unexplored."""
    t = open_table(lab, page, "fmc_campaign.ipynb", "t = FmcTable(seed=3)\nt")
    fits, shot = checks(page, t)
    tab(t, "Characters")
    for name in ("Ada", "Bo"):
        if name != "Ada": t.locator("button.fs-fmc-sheet-new").click()           # the maker again, for the second character
        t.locator(".fs-fmc-make-name input").fill(name); t.locator(".fs-fmc-make-name input").press("Tab")
        wait(lambda: name in t.locator(".fs-fmc-make-sheet").inner_text(), f"{name}'s sheet")
        t.locator("button.fs-fmc-make-go").click()
    assert run_in_kernel(page, "print([c.name for c in t.sheets.party])").strip() == "['Ada', 'Bo']"
    tab(t, "Campaign")
    t.locator("button.fs-fmc-start-campaign").click()
    ref = t.locator(".fs-fmc-campaign").first
    ref.wait_for(state="visible")
    wait(lambda: "day 1, 00:00" in ref.locator(".fs-fmc-ref-head").inner_text(), "the campaign's first day")
    assert run_in_kernel(page, "print(t.campaign.present)").strip() == "['Ada', 'Bo']"
    head = ref.locator(".fs-fmc-ref-head").inner_text()
    sup = json.loads(run_in_kernel(page, "print(json.dumps({**t.campaign.supplies, 'speed': t.campaign.speed}))"))
    assert f"rations {sup['rations']} (" in head and f"speed {sup['speed']}″" in head, (head, sup)     # the party's own supplies
    fits("campaign started"); shot("c1-campaign")

    # travel: look for a way on, pick a hex (its days and encounter odds on the option), go
    ref.locator("button.fs-fmc-wander").click()
    wait(lambda: ref.locator(".fs-fmc-to select option").count() > 0, "the ways on")
    opts = ref.locator(".fs-fmc-to select option").all_inner_texts()
    assert all("encounter" in o and "%" in o for o in opts), opts
    to = opts[-1].split()[0]
    ref.locator(".fs-fmc-to select").select_option(label=opts[-1])
    ref.locator("button.fs-fmc-travel").click()
    wait(lambda: f"The party travels to {to}" in ref.locator(".fs-fmc-ref-log").inner_text(), "the trip in the log")
    fits("travelled"); shot("c2-travelled")

    # fight: six hoblins, the party's seat handed to its bot in the Fight tab; the table concludes it
    ref.locator(".fs-fmc-foes input").fill("6 hoblin"); ref.locator(".fs-fmc-foes input").press("Tab")
    ref.locator("button.fs-fmc-fight").click()
    app = ref.locator(".fs-fmc-app")
    app.wait_for(state="visible")
    assert run_in_kernel(page, "print([f.name for f in t.table.fight.state.figures if f.side == 0])").strip() == "['Ada', 'Bo']"
    fits("the fight"); shot("c3-fight")
    app.locator(".fs-app-seat select").first.select_option(label="Bot: party")       # (a person at the screen could play it by clicking)
    wait(lambda: "The skirmish against 6 hoblin ends" in ref.locator(".fs-fmc-ref-log").inner_text(), "the fight concluded", timeout=60)
    wait(lambda: ref.locator(".fs-fmc-ref-sheets").is_visible(), "back on the referee's screen")
    after = json.loads(run_in_kernel(page, "print(json.dumps([[m.name, m.hp, m.hp_max, m.xp] for m in t.campaign.party]))"))
    assert run_in_kernel(page, "print(t.campaign.pending)").strip() == "None"
    cards = ref.locator(".fs-fmc-ref-sheets .fs-fmc-sheet-card")
    for (name, hp, mx, xp), card in zip(after, cards.all()):
        txt = card.inner_text()
        assert name in txt and f"{hp}/{mx}" in txt and f"{xp:,}" in txt, (name, hp, mx, xp, txt)
    assert any(hp < mx for _, hp, mx, _ in after) or all(xp > 0 for *_, xp in after), after
    fits("after the fight"); shot("c4-sheets-after")

    # the players' screen: the sheets as they stand, the map under fog, nothing unexplored in the page
    tab(ref, "Players")
    pl = ref.locator(".fs-fmc-players")
    pl.wait_for(state="visible")
    for (name, hp, mx, xp), card in zip(after, pl.locator(".fs-fmc-sheet-card").all()):
        assert f"{hp}/{mx}" in card.inner_text()
    html = pl.evaluate("el => el.innerHTML")
    hidden = json.loads(run_in_kernel(page, "c = t.campaign\nseen = {h.detail for n, h in c.region.hexes.items() if c.crawl.hexes[n]['state'] == 'visited'}\n"
                                            "print(json.dumps([n for n, h in c.crawl.hexes.items() if h['state'] == 'unknown']"
                                            " + [h.detail for n, h in c.region.hexes.items() if c.crawl.hexes[n]['state'] != 'visited' and h.detail not in seen]))"))
    assert hidden and [x for x in hidden if x in html] == [], [x for x in hidden if x in html]
    assert to in html and html.count("#616161") > 0                  # the party's hex named, the rest under fog
    fits("players"); shot("c5-players")


CAMPAIGN_AT_SITE = """from fortune_suite.games.fmc import new_character, Campaign
party = [new_character("Ada", "fighter", kit="a", weapon_choice="sword", items=["rations", "torches"], leather=True, coins=24),
         new_character("Bo", "mage", spells=["heal", "lullaby"], items=["rations", "torches", "oil flask"], coins=30),
         new_character("Cy", "expert", kit="ab", skills=["navigating the outdoors", "picking locks"], items=["rations", "lantern"], coins=20)]
c = Campaign.new(party, seed=3); c.wander(); c.travel("0302"); c.enter_site()
t = FmcTable(seed=3, campaign=c)
t"""


def test_campaign_site_and_coin_tray(lab, page, bokeh_data):
    """In a site: the referee's map has every room, the players' only the rooms seen (no unseen room's occupants anywhere
    in their screen); going to a room is a click; the coin tray shows the game's odds before the toss and logs the toss."""
    t = open_table(lab, page, "fmc_campaign_site.ipynb", CAMPAIGN_AT_SITE)
    fits, shot = checks(page, t)
    ref = t.locator(".fs-fmc-campaign").first
    ref.wait_for(state="visible")
    n = int(run_in_kernel(page, "print(len(c.crawl.delve.site.rooms))"))
    wait(lambda: ref.locator(".fs-fmc-ref-site rect").count() == n, "every room on the referee's site map")
    rooms = ref.locator(".fs-fmc-room select option").all_inner_texts()
    ref.locator(".fs-fmc-room select").select_option(label=rooms[0])
    ref.locator(".fs-fmc-go-skills input").fill("1"); ref.locator(".fs-fmc-go-skills input").press("Tab")
    ref.locator("button.fs-fmc-go").click()
    to = rooms[0].strip()
    in_room = lambda: run_in_kernel(page, "print(c.crawl.delve.room)").strip() == to
    hidden = lambda: any("hidden door the party has not found" in x for x in ref.locator(".fs-error-spot").all_inner_texts())
    wait(lambda: in_room() or hidden(), "the party gone, or the way refused beside the buttons")
    if not in_room():
        ref.locator("button.fs-fmc-uncover").click()                      # the referee rules the search finds it …
        wait(lambda: "uncovered" in ref.locator(".fs-fmc-ref-log").inner_text(), "the door uncovered")
        ref.locator("button.fs-fmc-go").click()                           # … and the party goes through
    wait(in_room, f"the party in room {to}")
    fits("in the site"); shot("c6-site-referee")
    # the coin tray: Cy with a skill, the game's chance before the toss, the toss in the log
    ref.locator(".fs-fmc-tray-who select").select_option("Cy")
    ref.locator(".fs-fmc-tray-skills select").select_option("picking locks")
    wait(lambda: "2 coins: 75.0% to succeed" in ref.locator(".fs-fmc-tray-odds").inner_text(), "the odds of two coins")
    ref.locator(".fs-fmc-tray-stakes input").fill("pick the iron door's lock before the patrol comes back")
    ref.locator(".fs-fmc-tray-stakes input").press("Tab")
    ref.locator("button.fs-fmc-tray-toss").click()
    wait(lambda: "Cy tempts fate — pick the iron door" in ref.locator(".fs-fmc-ref-log").inner_text(), "the toss in the log")
    assert "chance 75.0%" in ref.locator(".fs-fmc-tray-result").inner_text()
    fits("the coin tray"); shot("c7-tray")
    tab(ref, "Players")
    pl = ref.locator(".fs-fmc-players"); pl.wait_for(state="visible")
    seen = int(run_in_kernel(page, "print(len(c.crawl.delve.visited))"))
    assert pl.locator(".fs-fmc-players-site rect").count() == seen < n
    html = pl.evaluate("el => el.innerHTML")
    unseen = json.loads(run_in_kernel(page, "d = c.crawl.delve\nprint(json.dumps([r.occupants.text() for r in d.site.rooms if r.number not in d.visited and r.occupants]"
                                            " + [r.text() for r in d.site.rooms if r.number not in d.visited]))"))
    assert [x for x in unseen if x in html] == []
    assert "Cy tempts fate" in pl.inner_text()
    fits("players in the site"); shot("c8-site-players")


CAMPAIGN_CRAWL = """from fortune_suite.games.fmc import new_character, Campaign
party = [new_character("Bo", "mage", spells=["lullaby", "heal"], items=["rations", "torches"], coins=30),
         new_character("Cy", "expert", kit="ab", skills=["navigating the outdoors", "listening through doors"], items=["rations", "lantern"], coins=30)]
c = Campaign.new(party, seed=3); c.wander(); c.wander(); c.travel("0302"); c.enter_site(); c.light("torch"); c.uncover(2)
t = FmcTable(seed=3, campaign=c)
t"""


def test_campaign_crawl_walk_monster_parley_fight(lab, page, bokeh_data):
    """Issue 30 item 1 at the table: a walk stops where a wandering monster comes and the referee's screen offers it then
    (Fight it / Parley / Sneak past / Dismiss); parleyed away, the party goes on; the room's porcs bar the way on until
    they are fought in the Fight tab (the sheets take what it left); listening and searching are clicks; the players'
    screen shows the foes met and nothing unseen."""
    t = open_table(lab, page, "fmc_campaign_crawl.ipynb", CAMPAIGN_CRAWL)
    fits, shot = checks(page, t)
    ref = t.locator(".fs-fmc-campaign").first
    ref.wait_for(state="visible")
    met = ref.locator(".fs-fmc-met")
    log = lambda: ref.locator(".fs-fmc-ref-log").inner_text()
    kernel = lambda code: run_in_kernel(page, code).strip()
    # listen at the found door to room 2 (a turn), then walk: seed 3 brings 2 hoblins on the way
    ref.locator(".fs-fmc-room select").select_option("2")
    ref.locator("button.fs-fmc-listen").click()
    wait(lambda: "The party listens at the door to room 2" in log(), "the listening in the log")
    ref.locator("button.fs-fmc-go").click()
    wait(lambda: "2 hoblin" in met.inner_text(), "the wandering monster offered when it came")
    assert "a wandering monster comes" in met.inner_text()
    assert kernel("print(c.crawl.delve.room, c.offered)") == "2 ['2 hoblin']"
    for k in ("fight", "parley", "sneak", "dismiss"): assert ref.locator(f"button.fs-fmc-{k}").is_enabled(), k
    fits("a wandering monster offered"); shot("c9-monster-offered")
    # the way on is refused while it stands there (beside the buttons, nothing changes)
    ref.locator(".fs-fmc-room select").select_option("3")
    ref.locator("button.fs-fmc-go").click()
    wait(lambda: "2 hoblin stands in the way" in ref.locator(".fs-error-spot").all_inner_texts().__str__(), "the walk refused")
    assert kernel("print(c.crawl.delve.room)") == "2"
    # parley: a friendly mood lets the party by; then on to room 3, where the porcs bar the way
    ref.locator(".fs-fmc-mood select").select_option("friendly")
    ref.locator("button.fs-fmc-parley").click()
    wait(lambda: "they let the party by" in log(), "the parley in the log")
    wait(lambda: "2 hoblin" not in met.inner_text(), "the monster gone from the referee's screen")
    fits("parleyed"); shot("c10-parleyed")
    ref.locator(".fs-fmc-mood select").select_option(label="mood: the campaign's default")
    ref.locator(".fs-fmc-room select").select_option("3")
    ref.locator("button.fs-fmc-go").click()
    wait(lambda: kernel("print(c.crawl.delve.room)") == "3", "the party in room 3")
    while kernel("print(bool(c.offered))") == "True":                 # any other wandering monster on the way: waved off
        n = kernel("print(len(c.offered))"); ref.locator("button.fs-fmc-dismiss").click()
        wait(lambda: kernel("print(len(c.offered))") != n, "dismissed")
    wait(lambda: "3 × Porc" in met.inner_text() and "in room 3" in met.inner_text(), "the room's porcs facing the party")
    ref.locator(".fs-fmc-room select").select_option("4")
    ref.locator("button.fs-fmc-go").click()
    wait(lambda: "bar the way on" in str(ref.locator(".fs-error-spot").all_inner_texts()), "the porcs bar the way")
    fits("the porcs"); shot("c11-porcs")
    # fight them: the Fight tab, the party's own sheets, concluded back
    ref.locator("button.fs-fmc-fight").click()
    app = ref.locator(".fs-fmc-app"); app.wait_for(state="visible")
    assert kernel("print([f.name for f in t.table.fight.state.figures if f.side == 0])") == "['Bo', 'Cy']"
    assert kernel("print(t.table.fight.state.options.encounter)") == "3 porc"
    fits("the fight"); shot("c12-fight")
    app.locator(".fs-app-seat select").first.select_option(label="Bot: party")
    wait(lambda: "The skirmish against 3 porc ends" in log(), "the fight concluded", timeout=60)
    assert kernel("print(c.pending)") == "None"
    # the players' screen: what was met, nothing unseen
    tab(ref, "Players")
    pl = ref.locator(".fs-fmc-players"); pl.wait_for(state="visible")
    txt, html = pl.inner_text(), pl.evaluate("el => el.innerHTML")
    assert "The party talks with 2 hoblin" in txt and "3 × Porc" in html
    unseen = json.loads(kernel("d = c.crawl.delve\nprint(json.dumps([r.occupants.text() for r in d.site.rooms if r.number not in d.visited and r.occupants]))"))
    assert unseen and [x for x in unseen if x in html] == []
    fits("players after the crawl"); shot("c13-players-crawl")


SHIELD_ASKED = """from fortune_suite.apps.fmc_skirmish import FmcApp
from fortune_suite.engine import get_game, get_bot
s = get_game("fmc").new({"surprise": "none", "shields": "ask", "encounter": "1 giant", "size": 2, "classes": "fighter:a, fighter:a"}, 1)
bots = [get_bot("fmc", "party").fn, get_bot("fmc", "monsters").fn]
while not s.decisions:
    pl = s.to_move()[0]; v = s.view(pl); s.apply(pl, bots[pl](v, v["legal_actions"], None))
app = FmcApp(state=s, seats={1: "monsters"})
app"""


def test_shield_question_at_the_table(lab, page, bokeh_data):
    """Issue 30 item 2: a hit on a shielded fighter stops and asks the party — who hit whom, for how much, whether it would
    drop them — with two buttons; Destroy the shield turns the hit aside (the log says so), the question goes."""
    page.set_viewport_size({"width": 1280, "height": 1000})
    lab.run(page, "fmc_shield.ipynb", [SHIELD_ASKED])
    app = page.locator(".fs-fmc-app").first
    app.wait_for(state="visible")
    fits, shot = checks(page, app)
    q = app.locator(".fs-fmc-question")
    wait(lambda: "hits Fighter 2 for 12 damage" in q.inner_text(), "the shield question")
    assert "would drop them" in q.inner_text() and "Destroy Fighter 2's shield" in q.inner_text()
    assert app.locator("button.fs-fmc-shield-destroy").is_visible() and app.locator("button.fs-fmc-shield-take").is_visible()
    assert not app.locator("button.fs-fmc-confirm").is_visible()          # nothing else to do meanwhile
    fits("the shield question"); shot("c14-shield-question")
    app.locator("button.fs-fmc-shield-destroy").click()
    wait(lambda: run_in_kernel(page, "print(s.by_id['p2'].shield, s.by_id['p2'].damage)").strip() == "False 0", "the shield destroyed, no damage")
    wait(lambda: "Fighter 2" not in q.inner_text() or not q.is_visible(), "the question answered")
    assert "destroys their shield to turn aside 12 damage" in run_in_kernel(page, "print([e.text for e in s.log.visible(0)][-12:])")
    shot("c15-shield-answered")
