"""Boards in a real browser: a click on the page reaches Python, which answers by changing what the page draws.

Each test writes a small notebook, runs it in JupyterLab (fixtures in conftest.py), clicks the Bokeh canvas
where a cell is drawn, and reads the board's named ColumnDataSources back from BokehJS in the page."""
import os, time
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
    page.evaluate("""([fig]) => { const v = [...window.Bokeh.index.roots].filter(v => v.model.name === fig && v.el.isConnected).pop();
                                  v.el.scrollIntoView({block: 'center'}); }""", [fig])
    px, t0 = None, time.time()
    while time.time() - t0 < 20:                      # wait until the layout has settled (same spot twice running)
        nxt = page.evaluate(_JS_PX, [fig, x, y])
        if nxt is not None and nxt == px: break
        px = nxt; time.sleep(0.25)
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

def test_hex_click_highlights_neighbours(lab, page, bokeh_data):
    lab.run(page, "hex_click.ipynb", [
        "from fortune_suite.ui.hexboard import HexBoard\n"
        "from fortune_suite.geometry import hex_neighbours\n"
        "m = HexBoard(8, 6, hex_px=26)\n"
        "m.set_cells({'0403': 'forest'})\n"
        "m.on_click(lambda ev: (m.clear_highlight(), m.highlight([ev.cell] + [n for n in hex_neighbours(ev.cell) if n in m.hexes])))\n"
        "m"])
    page.locator(".fs-hex-figure").first.wait_for(state="visible")
    cells = bokeh_data(page, "fs-hex-cells", until=lambda d: len(d["cell"]) == 48)
    i = cells["cell"].index("0403")
    assert cells["kind"][i] == "forest"
    x, y = sum(cells["xs"][i]) / 6, sum(cells["ys"][i]) / 6                        # centre of hex 0403
    click_at(page, "fs-hex-figure", x, y)
    hl = bokeh_data(page, "fs-hex-highlight", until=lambda d: len(d["cell"]) == 7)
    assert hl["cell"][0] == "0403"
    # row 03 is the third row: not shifted in odd-r, so its diagonal neighbours lean left (read off a printed map)
    assert set(hl["cell"]) == {"0403", "0303", "0503", "0302", "0402", "0304", "0404"}
    page.screenshot(path=str(ARTIFACTS / "hex_board.png")) if SHOTS else None

def test_table_click_on_base_draws_rings_and_tape(lab, page, bokeh_data):
    lab.run(page, "table_click.ipynb", [
        "from fortune_suite.ui.table import TableBoard\n"
        "from fortune_suite.geometry import segment_polygon_intersects\n"
        "t = TableBoard(36, 24, px_per_in=18)\n"
        "t.add_terrain('wall', [(16, 4), (18, 4), (18, 14), (16, 14)], kind='blocking')\n"
        "t.place('a', (6, 8), radius_in=1, color='#c62828', label='A')\n"
        "t.place('b', (30, 8), radius_in=1, label='B')\n"
        "def picked(ev):\n"
        "    if ev.piece is None: return\n"
        "    other = 'b' if ev.piece == 'a' else 'a'\n"
        "    t.clear_overlays(); t.range_rings(ev.piece, [6, 12])\n"
        "    t.measure(ev.piece, other)\n"
        "    t.los(ev.piece, other, blocked=segment_polygon_intersects(t.base(ev.piece)[:2], t.base(other)[:2], t.terrain['wall'][1]))\n"
        "t.on_click(picked)\n"
        "t"])
    page.locator(".fs-table-figure").first.wait_for(state="visible")
    bokeh_data(page, "fs-table-pieces", until=lambda d: d["id"] == ["a", "b"])
    click_at(page, "fs-table-figure", 6.3, 8.2)                                     # on base A
    rings = bokeh_data(page, "fs-table-rings", until=lambda d: len(d["x"]) == 2)
    assert rings["radius"] == [7, 13] and rings["x"] == [6, 6]
    tape = bokeh_data(page, "fs-table-measure", until=lambda d: len(d["text"]) == 1)
    assert tape["text"] == ['22.0"']                                               # 24" between centres − 2 × 1"
    los = bokeh_data(page, "fs-table-los", until=lambda d: len(d["x0"]) == 1)
    assert los["blocked"] == [True]
    page.screenshot(path=str(ARTIFACTS / "table_board.png")) if SHOTS else None

def test_grid_click_in_voila(lab, voila, vpage, bokeh_data):
    "The same round trip in Voilà, where the per-game apps are served."
    lab.write("grid_voila.ipynb", [
        "from fortune_suite.ui.grid import GridBoard\n"
        "g = GridBoard(12, 12, cell_px=26)\n"
        "g.set_cells({'D4': 'cover'})\n"
        "g.on_click(lambda ev: (g.clear_highlight(), g.highlight([ev.cell])))\n"
        "g"])
    voila.open(vpage, "grid_voila.ipynb", wait_for=".fs-grid-figure")
    cells = bokeh_data(vpage, "fs-grid-cells", until=lambda d: len(d["cell"]) == 144)
    assert cells["kind"][cells["cell"].index("D4")] == "cover"
    click_at(vpage, "fs-grid-figure", 10.5, 11.5)                                    # the centre of K12
    bokeh_data(vpage, "fs-grid-highlight", until=lambda d: d["cell"] == ["K12"])
