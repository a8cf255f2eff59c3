"""Rooms in real browsers: `fortune-suite play` serving the lobby and the seats (standalone Voilà), each seat in its
own Chromium context (its own cookies and storage: another person's browser).

1. FOMO for three — two people and the greedy bot — played to its end by clicking, each person at their own page, a
   spectator at a third: every page checked, after every move, to hold no card, hand or peek that its seat may not
   know (the cards drawn in the page against that seat's view, read straight from the store).
2. SPCFKRS: a round's orders written at two pages; neither page shows the other's orders before the round resolves,
   then both watch it.
3. Fortune Fodder: a move made at a seat's page; the server killed with SIGKILL mid-game and started again on the same
   store: the same link opens the same position and log, and the game goes on.
4. The lobby page opens only with the host's link; a seat's link with its key removed opens nothing.

At the key moments no text is cut off, no stray scrollbar shows, no label sits on another and no arrow on a piece.
Screenshots of the key moments go to test-artifacts/rooms-*.png.
"""
import json, os, re, signal, subprocess, sys, time
from pathlib import Path
import pytest
from helpers import wait, app_shot, log_lines, tidy
from conftest import free_port, ROOT

PLAY_TIMEOUT = 120


class Play:
    "A running `fortune-suite play`: its links, its store; `stop(kill=True)` ends it with SIGKILL (its server dies with it)."
    def __init__(self, store, token_file, env, args):
        self.store, self.token_file, self.env, self.args, self.proc = store, token_file, env, args, None
    def start(self):
        self.port = free_port()
        self.log = open(self.store.parent / f"play-{self.port}.log", "w")
        cmd = [sys.executable, "-c", "import sys; from fortune_suite.cli import main; sys.exit(main())", "play", *self.args, "--rooms", str(self.store), "--port", str(self.port),
               "--token-file", str(self.token_file), "--cull", "30"]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self.log, text=True, env=self.env)
        lines, t0 = [], time.time()
        while time.time() - t0 < PLAY_TIMEOUT:
            line = self.proc.stdout.readline()
            if not line:
                if self.proc.poll() is not None: raise RuntimeError(f"play exited: {(self.store.parent / f'play-{self.port}.log').read_text()[-2000:]}")
                continue
            lines.append(line.rstrip("\n"))
            if line.startswith("The rooms live in"): break
        self.out = "\n".join(lines)
        self.lobby = re.search(r"^  (http\S+lobby\.ipynb\?\S+)$", self.out, re.M).group(1)
        self.seats = {m.group(1): m.group(2) for m in re.finditer(r"^  (Player \d|Red|Blue|spectators): (http\S+)$", self.out, re.M)}
        return self
    def stop(self, kill=False):
        if self.proc is None or self.proc.poll() is not None: return
        self.proc.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        self.proc.wait(30); self.log.close()


@pytest.fixture
def play(tmp_path, jupyter_env, chromium_path):
    env, _ = jupyter_env
    token = tmp_path / "token"; token.write_text("t" + os.urandom(8).hex()); token.chmod(0o600)
    started = []
    def run(*args):
        p = Play(tmp_path / "rooms.sqlite", token, env, list(args)).start()
        started.append(p); return p
    yield run
    for p in started: p.stop()


def page_for(browser, url, css, request=None):
    "A new context (another person's browser) with the page at `url`, once `css` shows."
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
    pg = ctx.new_page()
    for attempt in range(2):                   # Voilà now and then leaves a page unrendered until it is loaded again
        pg.goto(url)
        try: pg.locator(css).first.wait_for(state="visible", timeout=90_000); break
        except Exception:
            if attempt: raise
    return pg


def views(store, room_id):
    "Each seat's view of the room, read straight from the store (what each page may show)."
    from fortune_suite import rooms
    s = rooms.open(store).state(room_id)
    return s, [s.view(p) for p in range(s.players)]


def drawn_cards(panel):
    return set(panel.locator("[data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)"))


def hand(panel):
    "The values of the hand's cards, as drawn (each button's fs-fomo-card-N class)."
    return [int(m.group(1)) for c in panel.locator("button.fs-fomo-card").evaluate_all("bs => bs.map(b => b.className)")
            for m in [re.search(r"fs-fomo-card-(\d+)", c)] if m]


def lit(panel):
    return [s for s in "ABCD" if panel.locator(f".fs-fomo-slot:has(button.fs-fomo-stack-{s}) .fs-fomo-lit").count()]


def test_fomo_three_seats_three_browsers(play, browser):
    p = play("fomo", "--players", "3", "--bot", "2=greedy", "--seed", "11")
    rid = re.search(r"room=([0-9a-f]+)", p.seats["Player 0"]).group(1)
    pages = {q: page_for(browser, p.seats[f"Player {q}"], ".fs-fomo-app") for q in (0, 1)}
    eye = page_for(browser, p.seats["spectators"], ".fs-spectator")
    panels = {q: pg.locator(".fs-fomo-app").first for q, pg in pages.items()}
    for q, pn in panels.items(): assert f"Player {q}</b>: you" in pn.locator(".fs-app-seats").inner_html()

    def private_ok():
        """Each page, once it shows the room as it is, draws only cards its seat knows (the stacks it has seen, its own pile,
        what it saw go into other piles) and its own hand, and no other seat's peek in its log; the spectator no peek."""
        from fortune_suite import rooms
        for q, pn in panels.items():
            wait(lambda: shown(q) == rooms.open(p.store).version(rid), f"page {q} up to date", timeout=120)
            v = views(p.store, rid)[1][q]
            mine = {k for st in v["stacks"] for k in st["known"]} | set(v["my_pile"]) | {k for ks in v["known_in_piles"] for k in ks}
            extra = set() if v["is_over"] else drawn_cards(pn) - mine            # (the end reveals every pile)
            if extra: app_shot(pn, f"rooms-fomo-leak-seat{q}")
            assert not extra, f"page {q} draws cards its seat does not know: {extra} (view: {v})"
            # the status line (with its version) and the hand's buttons are separate widgets: the page draws them one after
            # the other, so the hand may catch up a moment after the version shows (seen under load)
            wait(lambda: sorted(hand(pn)) == sorted(v["hand"]), f"page {q}'s hand {sorted(v['hand'])} (drawn: {sorted(hand(pn))})", timeout=30)
            assert not any(l.startswith(f"Player {r} sees") for r in range(3) if r != q for l in log_lines(pn, ".fs-app-log"))
        assert " sees in stack " not in eye.locator(".fs-spectator").inner_text()

    def shown(q):
        "The room's version the page of seat `q` shows."
        v = panels[q].locator(".fs-app-turn").get_attribute("data-version")
        return int(v) if v else -1

    def wait_turn(q):
        "The page of seat `q` shows the room as it is now (the ticker brought the other seats' moves in), and its turn."
        from fortune_suite import rooms
        wait(lambda: shown(q) == rooms.open(p.store).version(rid), f"Player {q}'s page up to date", timeout=120)
        wait(lambda: "your turn" in panels[q].locator(".fs-app-status").inner_text(), f"Player {q}'s page showing its turn", timeout=120)

    private_ok()
    for q, pn in panels.items(): tidy(pn, f"seat {q}'s page"); app_shot(pn, f"rooms-fomo-1-seat{q}")
    steps = 0
    while True:
        s, vs = views(p.store, rid)
        if s.is_over: break
        steps += 1; assert steps < 150, "the game does not end"
        q = s.to_move()[0]
        if q == 2: time.sleep(0.2); continue                         # the bot moves by itself
        pn, n = panels[q], len(s.actions)
        wait_turn(q)
        text = pn.locator(".fs-app-status").inner_text()
        if "peek" in text and "click a stack" in text: pn.locator("button.fs-fomo-stack-A").click()
        elif "lie on top" in text: pn.locator("button.fs-fomo-pile-card:enabled").first.click()
        else:
            h = [v for v in hand(pn) if v != 4] or hand(pn)
            pn.locator(f"button.fs-fomo-card-{h[0]}").click()
            wait(lambda: pn.locator(f"button.fs-fomo-card-{h[0]}.fs-fomo-selected").count() == 1, "the card selected")
            green = lit(pn)
            if green: pn.locator(f"button.fs-fomo-stack-{green[0]}").click()
            else: pn.locator("button.fs-fomo-discard").click()
        from fortune_suite import rooms
        try: wait(lambda: len(rooms.open(p.store).state(rid).actions) > n, f"Player {q}'s move stored", timeout=120)
        except AssertionError:
            app_shot(pn, f"rooms-fomo-stuck-seat{q}")
            import sqlite3
            raw = sqlite3.connect(p.store).execute("SELECT count(*), max(v) FROM actions WHERE room=?", (rid,)).fetchone()
            raise AssertionError(f"Player {q}'s move was not stored (n={n}, store: {raw}, state: {len(rooms.open(p.store).state(rid).actions)}); "
                                 f"the page said: {text!r}; now: {pn.locator('.fs-app-status').inner_text()!r}")
        if steps % 5 == 0: private_ok()
    private_ok()
    for q, pn in panels.items():
        wait(lambda: "Game over" in pn.locator(".fs-app-status").inner_text() or "wins" in pn.locator(".fs-app-status").inner_text(),
             f"page {q}: the end", timeout=120)
        tidy(pn, f"the end at seat {q}"); app_shot(pn, f"rooms-fomo-2-end-seat{q}")
    wait(lambda: "The game is over." in eye.locator(".fs-spectator").inner_text(), "the spectator: the end")
    for pg in [*pages.values(), eye]: pg.context.close()


def test_spcfkrs_orders_at_two_pages(play, browser):
    near = ('{"map": "open", "deploy_rows": 11, "forces": [[{"mods": ["assault_rifle"], "at": "C11"}, {"mods": [], "at": "H11"}], '
            '[{"mods": [], "at": "C14"}, {"mods": [], "at": "H16"}]]}')
    p = play("spcfkrs", "--option", f"map=open", "--option", "deploy_rows=11", "--option",
             "forces=" + json.dumps(json.loads(near)["forces"]), "--seed", "1")
    names = [k for k in p.seats if k != "spectators"]
    pages = {k: page_for(browser, p.seats[k], ".fs-spcfkrs-app") for k in names}
    red, blue = pages[names[0]], pages[names[1]]
    from test_spcfkrs_app import click
    rid = re.search(r"room=([0-9a-f]+)", p.seats[names[0]]).group(1)
    for pg, me, them, (who, at) in ((red, "Red", "Blue", ("C11", "C14")), (blue, "Blue", "Red", ("C14", "C11"))):
        app = pg.locator(".fs-spcfkrs-app").first
        wait(lambda: "write your orders" in app.locator(".fs-app-status").inner_text(), f"{me}'s page: orders to write")
        click(pg, who); pg.wait_for_timeout(400); click(pg, at, "fs-grid-arrows")
        wait(lambda: f"shoots at" in app.locator(".fs-sp-orders").inner_text(), f"{me}'s order listed")
        app.locator(".fs-sp-lock").click()
    # the round resolved in the store; each page replays it, and neither showed the other's order before
    from fortune_suite import rooms
    wait(lambda: rooms.open(p.store).state(rid).view(0)["round"] == 2 or rooms.open(p.store).state(rid).is_over, "the round resolved")
    for pg in (red, blue):
        app = pg.locator(".fs-spcfkrs-app").first
        wait(lambda: "Orders revealed for round 1:" in " ".join(log_lines(app, ".fs-app-log")), "the round on both pages", timeout=120)
    for pg, me in ((red, "red"), (blue, "blue")):
        tidy(pg.locator(".fs-spcfkrs-app").first, f"{me}'s page after the round", ["fs-grid-figure"])
        app_shot(pg.locator(".fs-spcfkrs-app").first, f"rooms-spcfkrs-{me}")
    for pg in pages.values(): pg.context.close()


def test_ff_resumed_after_sigkill(play, browser, bokeh_data):
    opts = {"teams": [[["Longshot", "Vega"], ["Bulwark", "Rook"]], [["Wisp", "Juno"], ["Breaker", "Ash"]]], "scenario": "control",
            "terrain": "none", "secondaries": ["take_names", "plan"], "first": 0, "max_rounds": 1,
            "positions": {"a1": [6, 4], "a2": [18, 4], "b1": [6, 14], "b2": [18, 20]}}
    args = ["fortune_fodder", "--bot", "1=greedy", "--seed", "2"] + [x for k, v in opts.items() for x in ("--option", f"{k}={json.dumps(v)}")]
    p = play(*args)
    url = p.seats["Red"]
    rid = re.search(r"room=([0-9a-f]+)", url).group(1)
    pg = page_for(browser, url, ".fs-ff-app")
    app = pg.locator(".fs-ff-app").first
    from test_boards import click_at
    bokeh_data(pg, "fs-table-pieces", until=lambda d: {"a1", "a2", "b1", "b2"} <= set(d["id"]))
    wait(lambda: "Red, your turn: click one of your Mechs" in app.locator(".fs-app-status").inner_text(), "Red to move")
    click_at(pg, "fs-table-figure", 6, 4)                                                  # the Longshot: its activation waits
    wait(lambda: "Activate Longshot" in app.locator(".fs-ff-preview").inner_text(), "the activation shown")
    click_at(pg, "fs-table-figure", 6, 4)                                                  # … activated
    from fortune_suite import rooms
    wait(lambda: len(rooms.open(p.store).state(rid).actions) >= 1, "the activation stored")
    wait(lambda: "Longshot has 3 AP to spend." in log_lines(app, ".fs-app-log"), "the activation in the log")
    click_at(pg, "fs-table-figure", 6, 8)                                                  # … and moved
    wait(lambda: len(rooms.open(p.store).state(rid).actions) >= 2, "the move stored")
    wait(lambda: any("Red Longshot moves" in l for l in log_lines(app, ".fs-app-log")), "the move in the page's log")  # (stored first, drawn after)
    before = rooms.open(p.store).state(rid)
    lines = log_lines(app, ".fs-app-log")
    tidy(app, "before the kill", ["fs-table-figure"]); app_shot(app, "rooms-ff-1-before-kill")
    pg.context.close()
    p.stop(kill=True)                                                                      # SIGKILL: the server goes with it
    q = play()                                                                             # the same store, no new room
    pg2 = page_for(browser, q.lobby.split("lobby.ipynb")[0] + "seat.ipynb?" + url.split("?", 1)[1], ".fs-ff-app")
    app2 = pg2.locator(".fs-ff-app").first
    after = rooms.open(p.store).state(rid)
    assert after.save() == before.save()
    wait(lambda: log_lines(app2, ".fs-app-log") == lines, "the same log after the restart", timeout=120)
    d = bokeh_data(pg2, "fs-table-pieces", until=lambda d: "a1" in d["id"] and abs(d["y"][d["id"].index("a1")] - 8) < 1e-6)
    app_shot(app2, "rooms-ff-2-after-restart")
    app2.get_by_role("button", name="End activation", exact=True).click()                # and the game goes on
    wait(lambda: len(rooms.open(p.store).state(rid).actions) > len(before.actions), "a move after the restart")
    pg2.context.close()


def test_lobby_needs_the_host_and_a_seat_its_key(play, browser):
    p = play("pig")
    lob = page_for(browser, p.lobby, ".fs-lobby")
    assert "Choose a game" in lob.locator(".fs-lobby").inner_text()
    wait(lambda: lob.locator(".fs-lobby-rooms").inner_text().count("Pig") >= 1, "the room listed")
    tidy(lob.locator(".fs-lobby").first, "the host's lobby"); app_shot(lob.locator(".fs-lobby").first, "rooms-lobby")
    bad = page_for(browser, re.sub(r"host=[^&]+", "host=nope", p.lobby), ".fs-page-notice")
    assert "This page is the host's" in bad.locator(".fs-page-notice").inner_text() and bad.locator(".fs-lobby").count() == 0
    nokey = page_for(browser, re.sub(r"&key=[^&]+", "", p.seats["Player 0"]), ".fs-page-notice")
    assert "It holds no seat's key" in nokey.locator(".fs-page-notice").inner_text() and nokey.locator(".fs-app").count() == 0
    for pg in (lob, bad, nokey): pg.context.close()
