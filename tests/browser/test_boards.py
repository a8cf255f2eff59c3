"""Boards in a real browser: a click on the page reaches Python, which answers by changing what the page draws.

Each test writes a small notebook, runs it in JupyterLab (fixtures in conftest.py), clicks the Bokeh canvas
where a cell is drawn, and reads the board's named ColumnDataSources back from BokehJS in the page."""
import os
import pytest
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SHOTS = os.environ.get("FS_SHOTS")   # set to keep screenshots of passing tests too (for a look by eye)

_JS_PX = """([fig, x, y]) => {
  // page pixel of figure point (x, y) in the newest live Bokeh figure called `fig`
  const roots = [...window.Bokeh.index.roots].filter(v => v.model.name === fig && v.el.isConnected);
  if (!roots.length) return null;
  const v = roots[roots.length - 1], r = v.el.getBoundingClientRect();
  return [r.left + v.frame.x_scale.compute(x), r.top + v.frame.y_scale.compute(y)];
}"""

def click_at(page, fig:str, x:float, y:float):
    "Click the page where the Bokeh figure named `fig` draws the point (x, y) of its own coordinates."
    page.wait_for_function("([fig]) => [...window.Bokeh.index.roots].some(v => v.model.name === fig && v.el.isConnected)",
                           arg=[fig])
    px = page.evaluate(_JS_PX, [fig, x, y])
    assert px is not None, f"figure {fig} not on the page"
    page.mouse.click(*px)

def test_grid_click_highlights_cell(lab, page, bokeh_data):
    lab.run(page, "grid_click.ipynb", [
        "from fortune_suite.ui.grid import GridBoard\n"
        "g = GridBoard(24, 24, cell_px=22)\n"
        "g.place('red-1', 'C5', color='#c62828', label='R1', tooltip='Red 1')\n"
        "def clicked(ev):  # green for an empty cell, blue for a piece: proves the piece came back too\n"
        "    g.clear_highlight(); g.highlight([ev.cell], color='#1e88e5' if ev.piece == 'red-1' else '#43a047')\n"
        "g.on_click(clicked)\n"
        "g"])
    page.locator(".fs-grid-figure").first.wait_for(state="visible")
    bokeh_data(page, "fs-grid-pieces", until=lambda d: d["cell"] == ["C5"])
    click_at(page, "fs-grid-figure", 7.5, 2.5)                                     # the centre of H3
    hl = bokeh_data(page, "fs-grid-highlight", until=lambda d: d["cell"] == ["H3"])
    assert hl["color"] == ["#43a047"]
    sel = bokeh_data(page, "fs-grid-selection", until=lambda d: len(d["xs"]) == 1)
    assert (min(sel["xs"][0]), min(sel["ys"][0])) == (7, 2)                         # H3 outlined as the selection
    click_at(page, "fs-grid-figure", 2.5, 4.5)                                     # on the piece in C5
    bokeh_data(page, "fs-grid-highlight", until=lambda d: d["cell"] == ["C5"] and d["color"] == ["#1e88e5"])
    page.screenshot(path=str(ARTIFACTS / "grid_board.png")) if SHOTS else None
