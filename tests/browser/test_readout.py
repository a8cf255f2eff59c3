"""Readout in a real browser: the mode toggle and a control change the data inside BokehJS (read back from the
page), a failing function shows its error in the panel, and the panel works through Voilà too."""
import pytest

CELLS = [
    "import ipywidgets as W\nfrom fortune_suite.dice import pool_sum, die, DiceError\nfrom fortune_suite.ui.readout import Readout",
    # dice count as a slider; more than 8 dice raises inside the function (to test the error path)
    "n = W.IntSlider(value=2, min=1, max=12, description='dice')\n"
    "n.add_class('fs-test-n')\n"
    "def sum_of(n):\n"
    "    if n > 8: raise DiceError(f'{n} dice: too many for this test')\n"
    "    return pool_sum(n, die(6))\n"
    "r = Readout(sum_of, controls={'n': n}, name='t-readout', threshold=10)\n"
    "r",
]

# 2d6 counted by hand: ways to roll 2..12
WAYS = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]

@pytest.fixture(scope="module")
def readout_nb(lab, _lab_page):
    nb = lab.run(_lab_page, "t_readout.ipynb", CELLS)
    nb.locator(".fs-readout-chart").first.wait_for(state="visible")
    yield nb
    lab.close(_lab_page, nb)

def _approx(xs, ys, tol=1e-9): return len(xs) == len(ys) and all(abs(a - b) <= tol for a, b in zip(xs, ys))

def test_initial_data_in_bokehjs(page, readout_nb, bokeh_data):
    d = bokeh_data(page, "t-readout")
    assert d["outcome"] == list(range(2, 13))
    assert _approx(d["p"], [w / 36 for w in WAYS])

def test_mode_toggle_changes_bokehjs_data(page, readout_nb, bokeh_data):
    readout_nb.locator(".fs-readout-mode button", has_text="at least").click()
    at_least = [sum(WAYS[i:]) / 36 for i in range(11)]
    d = bokeh_data(page, "t-readout", until=lambda d: _approx(d["p"], at_least))
    assert d["alpha"][10 - 2:] == [1.0, 1.0, 1.0] and d["alpha"][0] < 1     # tail ≥ 10 highlighted
    # stats line in the page: P(≥ 10) = 6/36
    readout_nb.locator(".fs-readout-stats", has_text="P(≥ 10) = 17%").wait_for()
    readout_nb.locator(".fs-readout-mode button", has_text="exactly").click()
    bokeh_data(page, "t-readout", until=lambda d: _approx(d["p"], [w / 36 for w in WAYS]))

def _set_slider(nb, css, value):
    "Type a value into an ipywidgets slider's editable readout, as a person can."
    ro = nb.locator(f".{css} .widget-readout")
    ro.click(); ro.press("Control+A"); ro.type(str(value)); ro.press("Enter")

def test_control_changes_bokehjs_data(page, readout_nb, bokeh_data):
    _set_slider(readout_nb, "fs-test-n", 3)
    d = bokeh_data(page, "t-readout", until=lambda d: d["outcome"] == list(range(3, 19)))
    assert abs(d["p"][10 - 3] - 27 / 216) < 1e-12          # 3d6 = 10 in 27 of 216 ways
    readout_nb.locator(".fs-readout-stats", has_text="mean 10.50").wait_for()

def test_error_in_callback_shown_in_panel(page, readout_nb, bokeh_data):
    _set_slider(readout_nb, "fs-test-n", 9)
    readout_nb.locator(".fs-readout .fs-status", has_text="9 dice: too many for this test").wait_for(state="visible")
    assert bokeh_data(page, "t-readout")["outcome"] == list(range(3, 19))   # chart unchanged
    _set_slider(readout_nb, "fs-test-n", 2)
    bokeh_data(page, "t-readout", until=lambda d: d["outcome"] == list(range(2, 13)))
    readout_nb.locator(".fs-readout .fs-status").wait_for(state="hidden")

def test_readout_in_voila(lab, voila, vpage, bokeh_data):
    lab.write("t_readout_voila.ipynb", CELLS)
    voila.open(vpage, "t_readout_voila.ipynb", wait_for=".fs-readout-chart")
    assert bokeh_data(vpage, "t-readout")["outcome"] == list(range(2, 13))
    vpage.locator(".fs-readout-mode button", has_text="at most").click()
    bokeh_data(vpage, "t-readout", until=lambda d: _approx(d["p"], [sum(WAYS[:i + 1]) / 36 for i in range(11)]))
