"""PlayPanel in a real browser: Pig against a bot, played by clicking the panel's buttons in JupyterLab.

The test clicks what a player would (an action, Undo, Save, Load) and reads the page: the action buttons, the
log lines and the status line. The expected log after an undo is the log before the action, as the page showed it."""
import os
import pytest
from pathlib import Path
from helpers import wait, log_lines

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SHOTS = os.environ.get("FS_SHOTS")   # set to keep a screenshot of passing runs too

CELLS = [
    "from fortune_suite.games.pig import Pig, greedy_bot\n"
    "from fortune_suite.ui.playpanel import PlayPanel\n"
    "score = lambda v, b: f'<span class=\"pig-score\">{v[\"scores\"][0]} : {v[\"scores\"][1]}, turn total {v[\"turn_total\"]}</span>'\n"
    "p = PlayPanel(Pig.new(seed=3), bots={1: greedy_bot}, render=score, title='Pig')\n"
    "p"]

def buttons(panel):
    return [t.strip() for t in panel.locator(".fs-play-action").all_inner_texts()]

def log(panel):
    return log_lines(panel, ".fs-play-log")

def test_action_then_undo(lab, page):
    lab.run(page, "play_pig.ipynb", CELLS)
    panel = page.locator(".fs-playpanel").first
    panel.wait_for(state="visible")
    wait(lambda: buttons(panel) == ["steady", "bold"], "the stance buttons")
    assert not any("steady stance" in t for t in log(panel))          # the bot's secret stance is not shown
    panel.get_by_role("button", name="bold", exact=True).click()
    wait(lambda: buttons(panel) == ["roll"], "the roll button after the stances are revealed")
    before = log(panel)
    assert "Orders revealed: Player 0 takes a bold stance. Player 1 takes a steady stance." in before
    panel.get_by_role("button", name="roll", exact=True).click()
    wait(lambda: len(log(panel)) > len(before), "the roll in the log")
    assert any("2d6" in t for t in log(panel)[len(before):])          # a bold roll throws 2d6
    panel.locator(".fs-play-undo").click()
    wait(lambda: log(panel) == before, "the log as it was before the roll")
    assert buttons(panel) == ["roll"]
    assert panel.locator(".pig-score").inner_text().strip() == "0 : 0, turn total 0"
    page.screenshot(path=str(ARTIFACTS / "playpanel.png")) if SHOTS else None

def test_save_and_bad_load(lab, page):
    lab.run(page, "play_pig_save.ipynb", CELLS)
    panel = page.locator(".fs-playpanel").first
    panel.wait_for(state="visible")
    wait(lambda: buttons(panel) == ["steady", "bold"], "the stance buttons")
    panel.get_by_role("button", name="steady", exact=True).click()
    wait(lambda: buttons(panel) == ["roll"], "the roll button")
    panel.locator(".fs-play-save").click()
    box = panel.locator(".fs-play-savetext textarea")
    wait(lambda: '"actions": [[1, "steady"], [0, "steady"]]' in box.input_value(), "the save text")
    assert panel.locator(".fs-play-download a").get_attribute("download") == "pig-3-2.json"
    box.fill("{this is not a save")
    panel.locator(".fs-play-load").click()
    status = panel.locator(".fs-status")
    wait(lambda: "SaveError: not JSON" in status.inner_text(), "the SaveError in the status line")
    assert buttons(panel) == ["roll"]                                   # the game on screen is unchanged
