"""Small helpers the browser tests share (the fixtures themselves live in conftest.py)."""
import time


def wait(cond, what, timeout=40):
    "Poll `cond()` every 0.1 s until it is true; fail naming `what` after `timeout` seconds."
    t0 = time.time()
    while time.time() - t0 < timeout:
        if cond(): return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def log_lines(panel, css):
    "The stripped text of each log line (`.fs-log-line`) inside the element `css` of `panel`."
    return [t.strip() for t in panel.locator(f"{css} .fs-log-line").all_inner_texts()]


def app_shot(panel, name, width=None, height=2200):
    "Screenshot of an app alone into test-artifacts/NAME.png, in a viewport tall enough to hold all of it (then the viewport as it was)."
    from pathlib import Path
    artifacts = Path(__file__).resolve().parents[2] / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    page = panel.page
    vp = page.viewport_size
    page.set_viewport_size({"width": max(vp["width"], width or vp["width"]), "height": height})
    try:
        page.mouse.move(1, 1, steps=4)           # the pointer off the app (in steps: the board sees it leave): no hover tooltip in the picture
        panel.scroll_into_view_if_needed(); page.wait_for_timeout(400)
        panel.screenshot(path=str(artifacts / f"{name}.png"))
    finally: page.set_viewport_size(vp)


CUT_OFF_JS = """(root) => {
    const out = [], ctx = document.createElement("canvas").getContext("2d");
    for (const el of root.querySelectorAll("button, label, .widget-label, .widget-html-content, select")) {
        const r = el.getBoundingClientRect(), st = getComputedStyle(el);
        if (r.width === 0 || r.height === 0 || st.visibility === "hidden") continue;      // not visible
        if (el.tagName === "SELECT" && !el.multiple) {      // a dropdown shows the option chosen: each must end 2 px clear of the arrow
            ctx.font = `${st.fontStyle} ${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;    // (its 20 px box at the right: ipywidgets')
            const has = el.clientWidth - parseFloat(st.paddingLeft) - 20;
            for (const opt of el.options) {
                const need = Math.ceil(ctx.measureText(opt.text).width - 0.5) + 2;
                if (need > has) { out.push(`select "${opt.text.slice(0, 80)}": needs ${need}px, has ${Math.floor(has)}px`); break; }
            }
            continue;
        }
        if (el.scrollWidth > el.clientWidth + 1) {
            const text = (el.innerText || el.value || "").trim().replace(/\\s+/g, " ").slice(0, 80);
            const cls = (typeof el.className === "string" ? el.className : "").trim().split(/\\s+/).slice(0, 3).join(".");
            out.push(`${el.tagName.toLowerCase()}${cls ? "." + cls : ""} "${text}": needs ${el.scrollWidth}px, has ${el.clientWidth}px`);
        }
    }
    return out;
}"""


def cut_off(panel) -> list:
    """Every visible `button, label, .widget-label, .widget-html-content, select` inside the element `panel` (a
    Playwright locator) whose text does not fit (`scrollWidth > clientWidth + 1`; for a dropdown, its chosen option
    every option measured in its font against the room inside its padding, where the arrow is drawn), described as
    'tag.class "text": needs N px, has M px'. Assert it is `[]` to check that no text is cut off."""
    return panel.evaluate(CUT_OFF_JS)


KERNEL_RUN_JS = """async (code) => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const f = k.requestExecute({code, silent: false, store_history: false});
  let out = "";
  f.onIOPub = (msg) => { if (msg.header.msg_type === 'stream') out += msg.content.text; };
  await f.done;
  return out;
}"""


def run_in_kernel(page, code):
    "Run `code` in the kernel of the page's current JupyterLab notebook; returns what it printed."
    return page.evaluate(KERNEL_RUN_JS, code)


SCROLLBARS_JS = """(root) => {
    // scroll containers inside `root` that draw a scrollbar a player did not ask for: horizontal ones (content wider than
    // the box by more than 1 px, overflow-x: scroll, or a bar drawn), and phantom vertical ones (overflow-y: scroll on a box
    // with nothing to scroll, or a bar drawn / content taller in a box whose height no one set: no max-height, no height)
    const out = [], els = [root, ...root.querySelectorAll("*")];
    const name = (d) => `${d.tagName.toLowerCase()}.${(typeof d.className === "string" ? d.className : "").trim().split(/\\s+/).slice(-3).join(".")}` +
                        `(${Math.round(d.getBoundingClientRect().width)}px, margin ${getComputedStyle(d).margin})`;
    for (const el of els) {
        const r = el.getBoundingClientRect(), st = getComputedStyle(el);
        if (r.width === 0 || r.height === 0 || st.visibility === "hidden" || st.display === "none") continue;   // not visible
        const ox = st.overflowX, oy = st.overflowY, scrolls = (o) => o === "auto" || o === "scroll";
        const text = (el.innerText || "").trim().replace(/\\s+/g, " ").slice(0, 60);
        const cls = (typeof el.className === "string" ? el.className : "").trim().split(/\\s+/)
            .filter(c => c.startsWith("fs-") || c.startsWith("widget-") || c.startsWith("jupyter-")).slice(0, 4).join(".");
        const what = `${el.tagName.toLowerCase()}${cls ? "." + cls : ""}`;
        // the room a drawn scrollbar takes (0: none drawn): the box's outer size less its inner size and borders
        const bw = (a, b) => parseFloat(st[a]) + parseFloat(st[b]);
        const vbar = el.offsetWidth - el.clientWidth - bw("borderLeftWidth", "borderRightWidth");
        const hbar = el.offsetHeight - el.clientHeight - bw("borderTopWidth", "borderBottomWidth");
        if (scrolls(ox) && (ox === "scroll" || el.scrollWidth > el.clientWidth + 1 || hbar > 2)) {
            // what sticks out: the descendant reaching furthest right (with its width and margins)
            const right = r.left + el.clientLeft + el.clientWidth;
            let far = null, farR = right;
            for (const d of el.querySelectorAll("*")) {
                const dr = d.getBoundingClientRect(), r2 = dr.right + parseFloat(getComputedStyle(d).marginRight || 0);
                if (dr.width > 0 && r2 > farR + 0.5) { far = d; farR = r2; }
            }
            const chain = [];
            for (let d = far; d && d !== el; d = d.parentElement) chain.unshift(name(d));
            const who = far ? ` — sticks out ${Math.round(farR - right)}px: ${chain.join(" > ")}` : "";
            out.push(`${what} (overflow-x ${ox}) "${text}": content ${el.scrollWidth}px wide, shows ${el.clientWidth}px${who}`);
        }
        // a text box, a list, a log given a height scroll on purpose; a box whose height nobody set, yet scrolls, is a phantom
        if (el.tagName === "TEXTAREA" || el.tagName === "SELECT") continue;
        const extra = el.scrollHeight - el.clientHeight, sized = st.maxHeight !== "none" || el.style.height !== "";
        if (scrolls(oy) && ((oy === "scroll" && extra <= 1) || (!sized && (extra > 1 || vbar > 2))))
            out.push(`${what} (overflow-y ${oy}) "${text}": a vertical scrollbar (${Math.round(vbar)}px wide) for ${Math.max(extra, 0)}px ` +
                     `(content ${el.scrollHeight}px high, shows ${el.clientHeight}px)`);
    }
    return out;
}"""


def no_scrollbars(panel) -> list:
    """Every visible element inside the element `panel` (a Playwright locator), the panel included, that draws a
    scrollbar nobody needs: a horizontal one (computed `overflow-x` is `scroll`, or `auto` with content wider than the
    box: `scrollWidth > clientWidth + 1`, or a scrollbar drawn under it), or a phantom vertical one (`overflow-y: scroll`
    with nothing to scroll, or a scrollbar drawn or content taller in a box whose height nobody set: no `max-height`, no
    `height` of its own — a text box, a list, a log given a height scroll on purpose). A drawn scrollbar is read from the
    room it takes (`offsetWidth - clientWidth - borders`; the browser must draw scrollbars: `launch_chromium` does), so
    a sub-pixel overflow that still draws one is caught. Assert it is `[]`."""
    return panel.evaluate(SCROLLBARS_JS)


LABEL_BOXES_JS = """(fig) => {
    // the label boxes of the board `fig` as the page draws them: each label's text measured in its own font, at its place on screen
    if (!window.Bokeh) return null;
    const views = [...window.Bokeh.index.roots].filter(v => v.model.name === fig && v.el.isConnected && v.el.getClientRects().length);
    if (!views.length) return null;                 // not on the page, or not shown (a hidden tab)
    const v = views[views.length - 1], ctx = document.createElement("canvas").getContext("2d"), out = [];
    const xs = v.frame.x_scale, ys = v.frame.y_scale;
    for (const r of v.model.renderers) {
        const src = r.data_source, g = r.glyph;
        if (!src || !src.name || !src.name.endsWith("-labels") || g.type !== "Text") continue;
        const d = src.data, get = (k) => Array.from(d instanceof Map ? d.get(k) : d[k]);
        const X = get("x"), Y = get("y"), T = get("text");
        const size = g.text_font_size.value || g.text_font_size, font = (g.text_font.value || g.text_font);
        const style = g.text_font_style.value || g.text_font_style, pad = g.padding.left !== undefined ? g.padding.left : g.padding;
        ctx.font = `${style} ${size} ${font}`;
        for (let i = 0; i < T.length; i++) {
            const m = ctx.measureText(T[i]);
            const w = m.width + 2 * pad + 2, h = m.fontBoundingBoxAscent + m.fontBoundingBoxDescent + 2 * pad + 2;
            const cx = xs.compute(X[i]), cy = ys.compute(Y[i]);
            out.push({text: T[i], x0: cx - w / 2, x1: cx + w / 2, y0: cy - h / 2, y1: cy + h / 2});
        }
    }
    return out;
}"""


def label_clashes(page, fig:str) -> list:
    """Pairs of labels of the Bokeh board `fig` (its figure's name, e.g. 'fs-table-figure') whose boxes overlap on screen,
    as 'A' / 'B' strings: each label's text measured in the page in its own font and placed by the figure's own scales.
    Assert it is `[]` to check that no label sits on another (`[]` too when the board is not shown)."""
    boxes = page.evaluate(LABEL_BOXES_JS, fig) or []
    return [f"{a['text']!r} / {b['text']!r}" for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a["x0"] < b["x1"] and b["x0"] < a["x1"] and a["y0"] < b["y1"] and b["y0"] < a["y1"]]


def tidy(panel, where, boards=()):
    """Assert that inside `panel` no text is cut off (`cut_off`), no stray scrollbar shows (`no_scrollbars`) and,
    on each Bokeh board named in `boards` (e.g. 'fs-table-figure'), no label sits on another (`label_clashes`) and no
    arrow covers a piece (`buried_pieces`)."""
    bad, bars = cut_off(panel), no_scrollbars(panel)
    assert bad == [], f"{where}: text cut off: {bad}"
    assert bars == [], f"{where}: stray scrollbars: {bars}"
    for fig in boards:
        clash, buried = label_clashes(panel.page, fig), buried_pieces(panel.page, fig)
        assert clash == [], f"{where}: labels on top of each other on {fig}: {clash}"
        assert buried == [], f"{where}: arrows over the pieces on {fig}: {buried}"


BURIED_JS = """(fig) => {
    // arrows of the board `fig` that cover a piece: drawn above the pieces, or reaching into a piece's disc on screen
    if (!window.Bokeh) return null;
    const views = [...window.Bokeh.index.roots].filter(v => v.model.name === fig && v.el.isConnected && v.el.getClientRects().length);
    if (!views.length) return null;
    const v = views[views.length - 1], xs = v.frame.x_scale, ys = v.frame.y_scale, out = [];
    const col = (src, k) => Array.from(src.data instanceof Map ? src.data.get(k) : src.data[k]);
    const rs = v.model.renderers, named = (end) => rs.findIndex(r => r.data_source && r.data_source.name && r.data_source.name.endsWith(end));
    const pieces = named("-pieces"), arrows = rs.map((r, i) => [r, i]).filter(([r]) => r.data_source && r.data_source.name && r.data_source.name.endsWith("-arrows"));
    for (const a of [...v.model.center, ...rs]) if (a.type === "Arrow") out.push("arrows drawn as an annotation: above every piece");
    for (const [r, i] of arrows) if (i > pieces) out.push(`arrows (renderer ${i}) drawn after the pieces (renderer ${pieces})`);
    if (pieces < 0 || !arrows.length) return out;
    const P = rs[pieces].data_source, A = arrows[0][0].data_source;
    const px = col(P, "x"), py = col(P, "y"), pr = col(P, "radius"), ids = col(P, "id");
    const at = {tail: (i) => [col(A, "x0")[i], col(A, "y0")[i]], tip: (i) => [col(A, "x1")[i], col(A, "y1")[i]],
                middle: (i) => [(col(A, "x0")[i] + col(A, "x1")[i]) / 2, (col(A, "y0")[i] + col(A, "y1")[i]) / 2]};
    for (let i = 0; i < col(A, "x0").length; i++) for (const what of ["tail", "middle", "tip"]) {
        const [x, y] = at[what](i), ax = xs.compute(x), ay = ys.compute(y);
        for (let j = 0; j < px.length; j++) {
            const cx = xs.compute(px[j]), cy = ys.compute(py[j]), r = Math.abs(xs.compute(px[j] + pr[j]) - cx);
            if (Math.hypot(ax - cx, ay - cy) < r - 0.5) out.push(`arrow ${i}'s ${what} inside piece ${ids[j]} (${Math.round(Math.hypot(ax - cx, ay - cy))}px from its centre, radius ${Math.round(r)}px)`);
        }
    }
    return out;
}"""


def buried_pieces(page, fig:str) -> list:
    """How the arrows of the Bokeh board `fig` cover its pieces, in words: arrows drawn above the pieces (an annotation,
    or a renderer after theirs), or an arrow whose tail, middle or tip lies inside a piece's disc on screen. Assert it is `[]`."""
    return page.evaluate(BURIED_JS, fig) or []


class wider_font:
    """`with wider_font(page): ...` — every menu, button and label of the page drawn in DejaVu Sans (wider than the
    Arial/Helvetica the widgets ask for: what a browser without those fonts shows) until the block ends. Text that fits
    only in the font of the test machine is cut off in it."""
    JS_ON = """() => { const s = document.createElement("style"); s.id = "fs-wider-font";
        s.textContent = "select, button, label, .widget-label { font-family: 'DejaVu Sans' !important; }"; document.head.appendChild(s); }"""
    JS_OFF = """() => { const s = document.getElementById("fs-wider-font"); if (s) s.remove(); }"""
    def __init__(self, page): self.page = page
    def __enter__(self): self.page.evaluate(self.JS_ON); return self
    def __exit__(self, *exc): self.page.evaluate(self.JS_OFF)
