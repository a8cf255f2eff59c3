"""The FOMO card table in a real browser (JupyterLab and Voilà, Chromium), inside the app frame, played as a person
plays it: by clicking cards.

1. Against a bot, a whole 2-player game: the 1st player's peek (click a stack), bids (click a card of the hand: it
   is raised and the stacks where it may go light up green with a line saying what the bid does; click one), the
   Hook's target (click a player's card), the order step (click a card of the own pile), Undo refused past the bot's
   peek (nobody undoes what a player has seen), Save → Load restoring the game, the status cards and the summary following the game's own
   scoring, the log grouped by round — and no text cut off and no stray scrollbar at any step.
2. Hot-seat: the privacy screen; while one seat looks, the other seat's hand, its face-down discard and the cards
   only it has seen are nowhere in the page's DOM; Undo on the screen goes back to the player who just left.
3. Voilà: the same table served as an app, with five players (four bots): a peek and a bid clicked there.

Screenshots of the key moments go to test-artifacts/fomo_app-*.png (looked at by hand when the layout changes).
Click → visible change is timed and printed (target: median ≤ 300 ms)."""
import base64, json, statistics, time
from pathlib import Path
from helpers import wait, log_lines, app_shot, cut_off, run_in_kernel, no_scrollbars

def py(page, code):
    "Run `code` in the current notebook's kernel; returns what it printed."
    return run_in_kernel(page, code)


def pyj(page, expr):
    "The JSON value of `expr` in the kernel."
    return json.loads(py(page, f"import json; print(json.dumps({expr}))"))


def num(x):
    "A number as the table prints it (true minus sign)."
    return str(x).replace("-", "−")


def log(panel):
    return log_lines(panel, ".fs-app-log")


def shot(panel, name):
    "Screenshot of the app alone (test-artifacts/fomo_app-NAME.png)."
    app_shot(panel, f"fomo_app-{name}")


_CARDS_CLIPPED = """(root) => {
    const out = [];
    for (const card of root.querySelectorAll(".fs-card")) {
        if (card.getBoundingClientRect().width === 0) continue;
        if (card.scrollHeight > card.clientHeight + 1) out.push(`card "${card.innerText.replace(/\\s+/g, " ")}": ${card.scrollHeight}px high, shows ${card.clientHeight}px`);
        for (const d of card.querySelectorAll("div"))
            if (d.scrollWidth > d.clientWidth + 1) out.push(`card line "${d.innerText}": needs ${d.scrollWidth}px, has ${d.clientWidth}px`);
    }
    return out;
}"""


def fits(panel):
    "No text cut off: the frame's check of buttons and labels, and every line inside every card drawn; no stray scrollbar."
    bad = cut_off(panel) + panel.evaluate(_CARDS_CLIPPED)
    assert bad == [], bad
    bars = no_scrollbars(panel)
    assert bars == [], f"stray scrollbars: {bars}"


def hand(panel):
    "The values of the hand as drawn (the classes of the hand's buttons)."
    return [int(c.split("fs-fomo-card-")[1].split()[0]) for c in
            panel.locator("button.fs-fomo-card").evaluate_all("bs => bs.map(b => b.className)")]


def lit_stacks(panel):
    "The stacks (A–D) outlined green: where the selected card (or the peek) may go."
    return [s for s in "ABCD" if panel.locator(f".fs-fomo-slot:has(button.fs-fomo-stack-{s}) .fs-fomo-lit").count()]


def table_text(panel):
    "What the table shows (stacks, hand, players, own pile), as text: compared before and after Undo / Load."
    return panel.locator(".fs-fomo-board").inner_text()


_CLICK_TIMED = """(root, css) => new Promise(res => {
    const b = root.querySelector(css), board = () => root.querySelector(".fs-fomo-board");
    const before = board().innerText, t0 = performance.now();
    const check = () => {                                   // the table's text changed: what the player sees is new
        const now = board();
        if (now && now.innerText !== before) { mo.disconnect(); res(performance.now() - t0); }
    };
    const mo = new MutationObserver(check);
    mo.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
    b.click();
    setTimeout(() => { mo.disconnect(); res(-1); }, 20000);
})"""


def timed(panel, times, css, cond, what):
    "Click the first button matching `css` in the app; the time (ms) until the table's text changes goes to `times`; then wait for `cond`."
    ms = panel.evaluate(_CLICK_TIMED, css)
    assert ms >= 0, f"nothing changed on screen after clicking {css}"
    times.append(ms)
    wait(cond, what)


def test_whole_game_against_a_bot(lab, page):
    lab.run(page, "fomo_app.ipynb", [
        "from fortune_suite.apps.fomo import FomoApp\napp = FomoApp(players=2, seed=3, bots={1: 'greedy'})\napp"])
    panel = page.locator(".fs-fomo-app").first
    panel.wait_for(state="visible")
    status = panel.locator(".fs-app-status")
    actions = lambda: int(py(page, "print(len(app.state.actions))"))
    wait(lambda: "Player 0, your turn: you hold the 1st player card: click a stack to peek at its cards." in status.inner_text(),
         "the status line asking for the peek")
    assert lit_stacks(panel) == list("ABCD") and "peek here" in panel.locator(".fs-fomo-stacks").inner_text()
    summary = panel.locator(".fs-app-summary").inner_text()
    assert "Round 1" in summary and "1st player Player 0" in summary and "Mecha deck 20 cards left" in summary
    assert panel.locator(".fs-fomo-back").count() >= 2 and panel.locator(".fs-legend").count() == 1   # backs drawn, a legend
    fits(panel)
    shot(panel, "1-peek")

    sel_ms, act_ms = [], []
    timed(panel, act_ms, "button.fs-fomo-stack-B",
          lambda: any(l.startswith("Player 0 sees in stack B:") for l in log(panel)), "the peek in the log")
    known = pyj(page, "app.state.view(0)['stacks'][1]['known']")
    assert panel.locator(".fs-fomo-slot:has(button.fs-fomo-stack-B) .fs-fomo-face").evaluate_all(
        "cs => cs.map(c => c.dataset.card)") == known                                  # what the peek showed, face up
    assert lit_stacks(panel) == []

    # a bid: the 5 raised, every stack green (no bid yet), the line says what it does; click stack A
    timed(panel, sel_ms, "button.fs-fomo-card-5",
          lambda: panel.locator("button.fs-fomo-card-5.fs-fomo-selected").count() == 1, "the 5 selected")
    wait(lambda: lit_stacks(panel) == list("ABCD"), "every stack lit for the 5")
    assert "bid the 5: first bid here" in panel.locator(".fs-fomo-slot:has(button.fs-fomo-stack-A)").inner_text()
    assert panel.locator("button.fs-fomo-discard").inner_text().strip() == "Discard the 5 face down"
    fits(panel)
    shot(panel, "2-selected")
    before, screen_before = log(panel), table_text(panel)
    timed(panel, act_ms, "button.fs-fomo-stack-A",
          lambda: panel.locator("button.fs-fomo-card-5").count() == 0, "the 5 gone from the hand")
    wait(lambda: panel.locator(".fs-fomo-slot:has(button.fs-fomo-stack-A) .fs-fomo-bid-p0").count() == 1, "the bid drawn on stack A")
    wait(lambda: any(l.startswith("Player 1 ") and ("bids" in l or "discards" in l) for l in log(panel)), "the bot's answer")
    assert pyj(page, "app.state.actions[:2]") == [[0, {"peek": 1}], [0, {"play": 5, "stack": 0}]]
    shot(panel, "3-after-bot")

    # Undo: the bot answered with its 1 and peeked at stack C; no undo takes back what a player has seen (the engine's
    # knowledge rule), so it is refused beside Undo and nothing changes
    after = log(panel)
    panel.locator("button.fs-app-undo").click()
    tool_spot = panel.locator(".fs-app-toolbar .fs-error-spot")
    wait(lambda: tool_spot.is_visible() and "Undo rule: Player 1 saw stack C (the 1's peek) at move 3" in tool_spot.inner_text(),
         "the undo rule beside Undo")
    assert log(panel) == after and panel.locator("button.fs-fomo-card-5").count() == 0
    assert pyj(page, "[p for p, _ in app.state.actions]") == [0, 0, 1]
    shot(panel, "3b-undo-refused")

    # an error beside the control: a stack clicked with no card chosen
    panel.locator("button.fs-fomo-stack-C").click()
    spot = panel.locator(".fs-fomo-error-stacks")
    wait(lambda: spot.is_visible() and "Choose a card of your hand first, then stack C." in spot.inner_text(), "the error beside the stacks")

    # the rest of the game, clicked: the lowest card on the first green stack (none: Discard), the Hook on a pile, the order step
    saved = hooked = ordered = None
    steps = 0
    while not pyj(page, "app.state.is_over"):
        steps += 1; assert steps < 80, "the game does not end"
        n, want = actions(), py(page, "print(app.component.prompt(app.state.view(0)) if 0 in app.state.to_move() else '')").strip()
        wait(lambda: want in status.inner_text(), f"the status line of the new position: {want}")   # the page shows the kernel's game
        text = status.inner_text()
        if "click a stack to peek" in text:
            timed(panel, act_ms, "button.fs-fomo-stack-A", lambda: actions() > n, "the peek")
        elif "lie on top" in text:
            cards = panel.locator("button.fs-fomo-pile-card:enabled")
            wait(lambda: cards.count() > 0, "the pile's cards to click")
            top = pyj(page, "app.state.view(0)['my_pile'][0]")
            if ordered is None: fits(panel); shot(panel, "5-order-step")
            timed(panel, act_ms, "button.fs-fomo-pile-card:enabled", lambda: actions() > n, "the order step")
            if ordered is None:
                ordered = top
                assert pyj(page, "[a for p, a in app.state.actions if p == 0][-1]") == {"top": top}
        elif "click a card of your hand" in text:
            v = hand(panel)[0]
            timed(panel, sel_ms, f"button.fs-fomo-card-{v}",
                  lambda: panel.locator(f"button.fs-fomo-card-{v}.fs-fomo-selected").count() == 1, f"the {v} selected")
            targets, now = panel.locator("button.fs-fomo-player:enabled"), False
            if v == 4 and targets.count() and hooked is None:                        # the Hook: choose whose pile
                q = int(targets.last.evaluate("b => b.className").split("fs-fomo-player-")[1].split()[0])
                targets.last.click()
                wait(lambda: "Hook takes from here" in panel.locator(f".fs-fomo-slot:has(button.fs-fomo-player-{q})").inner_text(), "the Hook's target")
                who = "your own" if q == 0 else f"Player {q}'s"
                wait(lambda: f"the Hook pulls in {who} top card" in panel.locator(".fs-fomo-stacks").inner_text(), "the Hook's line")
                fits(panel); shot(panel, "4-hook")
                hooked, now = q, True
            wait(lambda: panel.locator(".fs-fomo-stack-line").count() == 4, f"the stacks' lines for the {v}")   # drawn with the selection
            green = lit_stacks(panel)
            if green: timed(panel, act_ms, f"button.fs-fomo-stack-{green[0]}", lambda: actions() > n, "the bid")
            else: timed(panel, act_ms, "button.fs-fomo-discard", lambda: actions() > n, "the discard")
            if now:
                assert pyj(page, "[a for p, a in app.state.actions if p == 0 and 'play' in a][-1]").get("hook") == hooked
        else: raise AssertionError(f"what to click? {text}")
        # the status cards and the summary follow the game: own points from the game's scoring, the deck count
        view = pyj(page, "{k: app.state.view(0)[k] for k in ('my_score', 'deck_left', 'round', 'is_over', 'piles')}")
        if not view["is_over"]:
            wait(lambda: f"Points {num(view['my_score'])}" in panel.locator(".fs-fomo-status-p0").inner_text().replace("\n", " "), "player 0's points")
            wait(lambda: f"Mecha deck {view['deck_left']} cards left" in panel.locator(".fs-app-summary").inner_text(), "the deck count")
            assert f"Mecha pile {view['piles'][1]} card" in panel.locator(".fs-fomo-status-p1").inner_text().replace("\n", " ")
        if view["round"] == 3 and saved is None and "click a card of your hand" in status.inner_text():
            fits(panel)
            panel.locator("button.fs-app-save").click()
            link = panel.locator(".fs-app-download a")
            wait(lambda: link.count() == 1 and f"-{actions()}.json" in link.get_attribute("download"), "the download link")
            saved = (base64.b64decode(link.get_attribute("href").split("base64,", 1)[1]).decode(), table_text(panel), log(panel))
    assert hooked is not None and ordered is not None and saved is not None
    r = pyj(page, "app.state.result()")
    wait(lambda: "Game over" in panel.locator(".fs-app-summary").inner_text(), "the summary's game over")
    summary = panel.locator(".fs-app-summary").inner_text()
    assert f"Scores Player 0 {num(r['scores'][0])}, Player 1 {num(r['scores'][1])}" in summary
    for p in (0, 1):
        assert f"Points {num(r['scores'][p])}" in panel.locator(f".fs-fomo-status-p{p}").inner_text().replace("\n", " ")
    assert panel.locator(".fs-app-log .fs-log-round").count() >= r["rounds"] and panel.locator(".fs-app-log .fs-log-result").count() >= 4
    assert not any("secret order" in l.lower() or "{" in l for l in log(panel))
    fits(panel)
    shot(panel, "6-game-over")
    everything = log(panel)
    panel.locator(".fs-app-log-filter select").select_option(label="Stack A")       # the log filtered by stack
    wait(lambda: log(panel) != everything, "the log filtered to stack A")
    lines = [l for l in log(panel) if not l.startswith("Round ")]                    # (the round headers stay)
    assert lines and all("stack A" in l or "stack facing them, A" in l for l in lines), lines
    panel.locator(".fs-app-log-filter select").select_option(label="everything")
    wait(lambda: log(panel) == everything, "the whole log again")

    # Load the save of round 3: the table and the log as they were then
    panel.locator(".fs-app-savetext textarea").fill(saved[0])
    panel.locator("button.fs-app-load").click()
    wait(lambda: not pyj(page, "app.state.is_over") and pyj(page, "app.state.round") == 3, "the saved game loaded")
    wait(lambda: table_text(panel) == saved[1], "the table as it was when saved")
    assert log(panel) == saved[2]
    # New game: three players, the rules' options on the form; the table follows (three status cards, a 3-player deal)
    panel.locator("button.fs-app-newgame-open").click()
    form = panel.locator(".fs-app-newgame")
    wait(lambda: form.is_visible(), "the new game form")
    form.locator(".fs-newgame-players input").fill("3"); form.locator(".fs-newgame-players input").press("Enter")
    wait(lambda: form.locator(".fs-newgame-seats select").count() == 3, "a seat choice per player")
    fits(panel); shot(panel, "7-newgame")
    form.locator("button.fs-newgame-start").click()
    wait(lambda: panel.locator(".fs-fomo-status").count() == 3, "three players' status cards")
    assert pyj(page, "[app.state.players, app.state.actions]") == [3, []]
    wait(lambda: "Round 1" in panel.locator(".fs-app-summary").inner_text(), "the new game's summary")
    fits(panel)
    print(f"\nFOMO click → visible change: select median {statistics.median(sel_ms):.0f} ms (n={len(sel_ms)}, max {max(sel_ms):.0f}); "
          f"play (bid/peek/order, bot answer included) median {statistics.median(act_ms):.0f} ms (n={len(act_ms)}, max {max(act_ms):.0f})")


def test_hot_seat_privacy(lab, page):
    lab.run(page, "fomo_hot.ipynb", [
        "from fortune_suite.apps.fomo import FomoApp\nhot = FomoApp(players=2, seed=4, bots={})\nhot"])
    panel = page.locator(".fs-fomo-app").first
    panel.wait_for(state="visible")
    iam, status = panel.locator("button.fs-app-iam"), panel.locator(".fs-app-status")
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Player 0", "the screen waiting for Player 0")
    assert panel.locator(".fs-fomo-board").count() == 0
    iam.click()
    panel.locator("button.fs-fomo-stack-C").click()                                    # player 0 peeks at C …
    wait(lambda: panel.locator("button.fs-fomo-card-3:enabled").count() == 1, "the hand after the peek")
    panel.locator("button.fs-fomo-card-3").click()                                     # … and discards the 3 face down
    wait(lambda: panel.locator("button.fs-fomo-discard").inner_text().strip() == "Discard the 3 face down", "the discard button")
    panel.locator("button.fs-fomo-discard").click()
    wait(lambda: iam.is_visible() and iam.inner_text().strip() == "I am Player 1", "the screen between players")
    wait(lambda: panel.locator(".fs-fomo-board").count() == 0 and log(panel) == [], "nothing of the table or the log behind the screen")
    wait(lambda: "Pass the screen to Player 1" in status.inner_text(), "the status line passing the screen")
    shot(panel, "hot-1-screen")
    iam.click()
    wait(lambda: panel.locator("button.fs-fomo-card").count() == 10, "player 1's full hand of ten cards")
    v0, v1 = pyj(page, "hot.state.view(0)"), pyj(page, "hot.state.view(1)")
    assert hand(panel) == v1["hand"] != v0["hand"]                                      # player 1's hand, not player 0's
    only0 = {k for st in v0["stacks"] for k in st["known"]} - {k for st in v1["stacks"] for k in st["known"]}
    drawn = set(panel.locator("[data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)"))
    mine = {k for st in v1["stacks"] for k in st["known"]} | set(v1["my_pile"])
    assert drawn <= mine and not (drawn & only0), (drawn, only0)                       # no card only player 0 has seen
    dom = panel.evaluate("el => el.outerHTML")
    assert "discards the 3" not in dom and "Discard the 3" not in dom and "fs-fomo-card-3 fs-fomo-selected" not in dom
    assert "Player 0 discards a card face down." in log(panel)
    assert not any("sees in stack C" in l for l in log(panel))                         # player 0's peek stays private
    fits(panel)
    shot(panel, "hot-2-player1")

    # player 1 bids; Undo pressed on the screen that waits for player 0 takes that bid back, behind the screen
    panel.locator("button.fs-fomo-card-8").click()
    wait(lambda: lit_stacks(panel) == list("ABCD"), "player 1's stacks lit for the 8")
    panel.locator("button.fs-fomo-stack-B").click()
    wait(lambda: iam.inner_text().strip() == "I am Player 0", "the screen waiting for Player 0")
    assert panel.locator("button.fs-app-undo").inner_text().strip() == "Undo Player 1's last move"
    panel.locator("button.fs-app-undo").click()
    wait(lambda: iam.inner_text().strip() == "I am Player 1", "the screen waiting for Player 1 after the undo")
    assert panel.locator(".fs-fomo-board").count() == 0
    iam.click()
    wait(lambda: panel.locator("button.fs-fomo-card").count() == 10, "player 1's hand, the 8 back")
    wait(lambda: "Undone: Player 1's last move." in status.inner_text(), "the undo news")
    shot(panel, "hot-3-undo")


def test_voila(voila, lab, vpage):
    lab.write("fomo_voila.ipynb", ["from fortune_suite.apps.fomo import FomoApp\n"
                                   "FomoApp(players=5, seed=1, bots={1: 'greedy', 2: 'ev', 3: 'greedy', 4: 'random'})"])
    voila.open(vpage, "fomo_voila.ipynb", wait_for=".fs-fomo-app")
    panel = vpage.locator(".fs-fomo-app").first
    wait(lambda: "click a stack to peek" in panel.locator(".fs-app-status").inner_text(), "the peek prompt")
    panel.locator("button.fs-fomo-stack-D").click()
    wait(lambda: any(l.startswith("Player 0 sees in stack D") for l in log(panel)), "the peek in the log")
    panel.locator("button.fs-fomo-card-6").click()
    wait(lambda: lit_stacks(panel) == list("ABCD"), "the stacks lit for the 6")
    panel.locator("button.fs-fomo-stack-D").click()
    wait(lambda: panel.locator("button.fs-fomo-card-6").count() == 0, "the 6 played")
    wait(lambda: sum(l.startswith(tuple(f"Player {p} {w}" for p in (1, 2, 3, 4) for w in ("bids", "discards"))) for l in log(panel)) == 4,
         "the four bots' answers")
    assert panel.locator(".fs-fomo-status").count() == 5
    assert "faces nobody" not in panel.locator(".fs-fomo-stacks").inner_text()          # five players: four face a stack, the 1st player none
    assert "Player 0 (you)" not in panel.locator(".fs-fomo-stacks").inner_text()
    fits(panel)
    shot(panel, "voila")


ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

_SHOW_TIP = """(el) => {
    // a native title tooltip is drawn by the OS, never in a screenshot: draw its text in a box under the hovered word
    const r = el.getBoundingClientRect(), box = document.createElement("div");
    box.className = "fs-test-tip"; box.textContent = el.getAttribute("title");
    Object.assign(box.style, {position: "fixed", left: `${r.left}px`, top: `${r.bottom + 4}px`, maxWidth: "420px", zIndex: 10000,
        background: "#fffde7", border: "1px solid #616161", padding: "4px 6px", font: "12px sans-serif", color: "#212121"});
    document.body.appendChild(box); return box.textContent;
}"""


def test_tooltips_follow_the_options(lab, page):
    "The words of a term's tooltip are the game's glossary for the table's options: refresh at 2 cards, the assembly tie-break."
    lab.run(page, "fomo_terms.ipynb", [
        "from fortune_suite.apps.fomo import FomoApp\n"
        "app = FomoApp(players=3, seed=2, bots={1: 'greedy', 2: 'greedy'}, options={'refresh_at': 2, 'giant_tiebreak': 'assembly'})\napp"])
    panel = page.locator(".fs-fomo-app").first
    panel.wait_for(state="visible")
    for word, says, not_says, name in [("refresh", "a player holding 2 cards or fewer takes back", "one card (or none)", "refresh-at-2"),
                                       ("Giant Mecha", "the lowest total of the five assembled parts wins", "every red card", "giant-assembly")]:
        el = panel.locator(".fs-fomo-terms .fs-tip", has_text=word).first if word == "Giant Mecha" else \
             panel.locator(".fs-tip", has_text=word).first
        el.scroll_into_view_if_needed(); el.hover()
        text = el.evaluate(_SHOW_TIP)
        assert says in text and not_says not in text, text
        page.wait_for_timeout(200)
        b = el.bounding_box()                                # the word and its tooltip: test-artifacts/fomo_app-tip-NAME.png
        page.screenshot(path=str(ARTIFACTS / f"fomo_app-tip-{name}.png"),
                        clip={"x": max(0, b["x"] - 200), "y": max(0, b["y"] - 60), "width": 700, "height": 160})
        page.evaluate("document.querySelectorAll('.fs-test-tip').forEach(b => b.remove())")
    py(page, "app.close()")
