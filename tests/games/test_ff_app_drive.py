"""Fortune Fodder's app driven the way a person plays it, through its own controls (no browser): the team builder's
cards, clicks on the table (deploy in the zone, activate, move, the targets, the Flag's spots, the objective line),
the weapon and tool buttons, the confirm box, the questions and menus — every scenario, in play and analysis mode,
against the greedy bot, to the end of the game. Each click must play the action it was meant for: a refusal is a
failure (a control that does not do what the game offers)."""
import random
import pytest
pytest.importorskip("ipywidgets"); pytest.importorskip("bokeh")
from fortune_suite.apps.fortune_fodder import FFApp


def same(a, b) -> bool:
    "The same action, a spot clicked on the table counting as the same within the click's rounding (0.01\")."
    if isinstance(a, dict): return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list): return isinstance(b, list) and len(a) == len(b) and all(map(same, a, b))
    if isinstance(a, float) or isinstance(b, float): return abs(a - b) <= 0.006
    return a == b


def drive(opts, seed, steps=600):
    "Play the game of `opts` and `seed` to its end by the app's controls, choosing at random among the offered actions."
    app = FFApp(options=opts, seed=seed, bots={1: "greedy"})
    b = app.component; rng = random.Random(seed); errs = 0
    for i in range(steps):
        if app.state.is_over: return app, i, errs
        v = app.view; k = v["frame"].get("kind"); legal = v["legal_actions"]
        n0 = len(app.state.actions)
        if k == "build":
            a = legal[rng.randrange(len(legal))]
            for m, p in a["team"]: b.builder.pick("mech", m); b.builder.pick("pilot", p)
            b.builder._submit.click()
        elif k in ("deploy", "respawn"):
            a = rng.choice(legal); app.board.click(*a["at"])
        elif k == "place_objective":
            a = rng.choice(legal); app.board.click(*a["objective_at"])
        elif k == "place_flag":
            a = rng.choice(legal); app.board.click(*a["place_flag"])
        elif k == "choose_unit":
            a = rng.choice(legal); u = app.state.by_id[a["activate"]]; app.board.click(*u.pos); app.board.click(*u.pos)
        elif k == "act":
            a = rng.choice(legal)
            if a["act"] == "move" and "path" in a: app.board.click(*a["path"][-1])
            elif a["act"] in ("ranged", "melee"):
                btn = next(x for x in b.buttons if x.startswith(a["weapon"] + " ·")); b.buttons[btn].click()
                t = app.state.target(a["target"]); app.board.click(*t["pos"] if isinstance(t, dict) else t.pos)
                if b.preview is not None: b._go_row.children[0].click()
            elif a["act"] == "charge":
                b.buttons[f"Charge · {a['weapon']} · 2 AP"].click()
                t = app.state.target(a["target"]); app.board.click(*t["pos"] if isinstance(t, dict) else t.pos)
                if b.preview is not None: b._go_row.children[0].click()
            elif a["act"] == "jets":
                b.buttons["Jets · 1 AP"].click(); app.board.click(*a["to"])
            elif a["act"] == "dust_off":
                b.buttons["Dust Off · 2 AP"].click(); app.board.click(*app.state.by_id[a["ally"]].pos)
                b.buttons[{"mech": "Mend the Mech", "pilot": "Heal the Pilot", "fire": "Put out the Fire"}[a["what"]]].click()
            elif a["act"] == "drop":
                b.buttons["Drop the Flag · 1 AP"].click(); app.board.click(*a["at"])
            else:
                lbl = {"end": "End activation", "meds": "Meds · 1 AP", "pick_up": "Pick up the Flag · 1 AP"}.get(a["act"])
                if a["act"] == "repairs": lbl = "Put out Fire · 1 AP" if a["what"] == "fire" else "Repairs · 1 AP"
                if a["act"] == "claim": lbl = next(x for x in b.buttons if x.startswith("Claim"))
                b.buttons[lbl].click()
        elif k == "obelisk":
            a = rng.choice(legal)
            if a["obelisk"]: app.board.click(*app.state.by_id[a["obelisk"]].pos); b._go_row.children[0].click()
            else: b.buttons["Hold the Obelisk"].click()
        elif b._menubox.layout.display is None:
            b._menu.value = rng.randrange(len(b._menu.options)); b._menu_go.click()
        else:
            btns = [x for x in b.buttons.values() if not x.disabled]
            rng.choice(btns).click()
        if len(app.state.actions) == n0:
            errs += 1
            msg = app.status or b._board_spot.message or b._tool_spot.message or b._confirm_spot.message
            raise AssertionError(f"the click for {a!r} ({k}) played nothing: {msg}")
        if k in ("act", "obelisk", "place_flag", "place_objective", "choose_unit"):       # the very action meant
            p, got = app.state.actions[n0]
            assert p == 0 and same(a, got), (k, a, got)
        if k in ("deploy", "respawn"): assert same(app.state.actions[n0][1]["at"], a["at"]), (a, app.state.actions[n0])
    return app, steps, errs


@pytest.mark.parametrize("scenario", ["tower", "control", "flag"])
@pytest.mark.parametrize("play", [True, False])
def test_whole_game_by_the_controls(scenario, play):
    app, n, errs = drive({"scenario": scenario, "no_pre_measuring": play, "max_rounds": 2}, seed=1)
    assert app.state.is_over and errs == 0, (n, errs)
    assert any(e.kind == "end" for e in app.state.log.events)
    app.close()
