"""The VOTOMS app in a real browser (JupyterLab at a 1280 px window).

1. The character builder: a stat and a skill group clicked up, an AT skill whose prerequisite the sheet lacks (the
   error beside it, in plain words), one over the XP (beside it too), an AT and a weapon bought (the Gildan left),
   save the sheet, change it, load it back.

Screenshots of the key moments go to test-artifacts/votoms_app-*.png (looked at by hand when the layout changes)."""
from helpers import wait, app_shot, cut_off

BUILDER = "from fortune_suite.apps.votoms_builder import CharacterBuilder\nb = CharacterBuilder()\nb"


def shot(panel, name):
    "Screenshot of the app alone (test-artifacts/votoms_app-NAME.png)."
    app_shot(panel, f"votoms_app-{name}", width=1280, height=2400)


def no_cut(panel, where):
    bad = cut_off(panel)
    assert bad == [], f"{where}: text cut off: {bad}"


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
