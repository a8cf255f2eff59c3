"""The documentation site in a real browser (Chromium): `fortune-suite docs OUT --quick` (the tour, one tutorial, one
reference page and the index), served from a loopback `http.server`, each page opened with every request that does
not go to that server refused and recorded.

Per page: it loads with no console error and no failed request; every widget area holds a rendered widget (not the
empty box static pages show when the widget scripts are missing); every Bokeh root on the page (each render
item's element, a figure shown twice counts twice) holds a drawn canvas of non-zero size; nothing was asked of another host. The navigation links of every page lead to pages that exist.
Screenshots of the pages go to test-artifacts/docs_site-*.png.

Search: typing a word of the reference page into the search box of another page lists that page's section, linked to its
heading; Enter opens it. The same from the site opened as files (file://), where the index is loaded as a script."""
import os, re, subprocess, sys, time
from pathlib import Path
from urllib.parse import urlparse, unquote
import pytest
from conftest import ROOT, ARTIFACTS, TIMEOUT_MS, free_port, _wait_http, _stop
from helpers import wait

PAGES = ["index.html", "welcome.html", "tutorials/spcfkrs.html", "11_ui_readout.html"]


@pytest.fixture(scope="module")
def site(tmp_path_factory, chromium_path):
    "The quick site, built through the CLI (the notebooks run in a temporary copy; nbs/ is not written)."
    out = tmp_path_factory.mktemp("docs") / "site"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    r = subprocess.run([sys.executable, "-c", "import sys; from fortune_suite.cli import main; sys.exit(main())",
                        "docs", str(out), "--quick", "--jobs", "2", "--nbs", str(ROOT / "nbs")],
                       env=env, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, f"the build failed ({r.returncode}):\n{r.stdout}\n{r.stderr[-4000:]}"
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html")) == sorted(PAGES)
    return out


@pytest.fixture(scope="module")
def server(site):
    "A loopback http.server serving the site, started here and stopped by its process id."
    port = free_port()
    log = site.parent / "http.log"
    proc = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(site), str(port)],
                            stdout=open(log, "w"), stderr=subprocess.STDOUT, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_http(f"{url}/index.html", proc, log)
        yield url
    finally:
        _stop(proc)


_JS_STATE = """() => {
  const views = [...document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')];
  const areas = views.map(v => { const a = v.parentElement.querySelector(':scope > .widget-subarea');
                                 const r = a && a.getBoundingClientRect();
                                 return a ? {children: a.children.length, height: r.height, width: r.width} : null; });
  const canvases = (el) => { const out = [];
    const walk = (n) => { for (const e of n.querySelectorAll('*')) {
      if (e.tagName === 'CANVAS') { const r = e.getBoundingClientRect(); out.push([e.width, e.height, r.width, r.height]); }
      if (e.shadowRoot) walk(e.shadowRoot); } };
    if (el.shadowRoot) walk(el.shadowRoot); walk(el); return out; };
  // every Bokeh root drawn on the page: the element of each render item (data-root-id), from a widget view or not
  const roots = [...document.querySelectorAll('[data-root-id]')].map(el => ({id: el.getAttribute('data-root-id'), canvases: canvases(el)}));
  const state = document.querySelector('script[type="application/vnd.jupyter.widget-state+json"]');
  const bokehModels = state ? Object.values(JSON.parse(state.textContent).state).filter(m => m.model_name === 'BokehModel').length : 0;
  return {views: views.length, areas, roots, bokehModels, bokeh: !!window.Bokeh};
}"""


def open_page(browser, server, path, external):
    "A fresh page on `path` of the site; returns (page, console errors, failed requests). Off-server requests are refused."
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    here = urlparse(server)
    def route(r):
        u = urlparse(r.request.url)
        if u.scheme in ("http", "https", "ws", "wss") and (u.hostname, u.port) != (here.hostname, here.port):
            external.append(("docs", r.request.url)); r.abort()
        else: r.continue_()
    ctx.route("**/*", route)
    pg = ctx.new_page(); pg.set_default_timeout(TIMEOUT_MS)
    errors, failed = [], []
    pg.on("console", lambda m: errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    pg.on("requestfailed", lambda r: failed.append(f"{r.url} ({r.failure})"))
    pg.on("response", lambda r: failed.append(f"{r.url} ({r.status})") if r.status >= 400 else None)
    pg.goto(f"{server}/{path}", wait_until="load")
    return pg, errors, failed


@pytest.mark.parametrize("path", PAGES)
def test_page(browser, server, path, external_requests):
    before = len(external_requests)
    pg, errors, failed = open_page(browser, server, path, external_requests)
    try:
        st = pg.evaluate(_JS_STATE)
        if st["views"]:
            # the widgets render: each widget area gets a view with something in it
            wait(lambda: all(a and a["children"] and a["height"] > 0 for a in pg.evaluate(_JS_STATE)["areas"]),
                 f"every widget on {path} to render: {pg.evaluate(_JS_STATE)['areas']}")
        if st["bokeh"] or st["bokehModels"]:
            # every Bokeh figure draws: each root view on the page holds a canvas of non-zero size
            def drawn():
                s = pg.evaluate(_JS_STATE)
                return len(s["roots"]) >= s["bokehModels"] > 0 and all(
                    any(c[0] > 0 and c[1] > 0 and c[2] > 0 and c[3] > 0 for c in r["canvases"]) for r in s["roots"])
            wait(drawn, f"every Bokeh root on {path} to draw: {pg.evaluate(_JS_STATE)['roots']}")
        pg.wait_for_timeout(500)                   # late requests (fonts, modules) get their chance to fail
        st = pg.evaluate(_JS_STATE)
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"docs_site-{path.replace('/', '_')[:-5]}.png"), full_page=True)
        assert errors == [], errors
        assert failed == [], failed
        assert external_requests[before:] == [], external_requests[before:]
        if path == "index.html":
            assert st["views"] == 0 and not st["bokeh"]          # the index needs no scripts
            assert pg.locator(".fs-index-section h2").all_inner_texts() == ["Tour", "Tutorials", "Reference"]
        else:
            assert st["views"] > 0 and st["bokehModels"] > 0, st   # each of these pages shows widgets and figures
            assert pg.locator(".fs-nav li.fs-current").count() == 1
            assert pg.locator(".fs-snapshot").is_visible()
    finally:
        pg.context.close()


def test_navigation_links(site):
    """Every link of every page that points into the site points at a file that exists. This quick build holds only a few
    pages: a link to a notebook left out of it stays a link to the notebook (a full build turns it into its page), so it
    must name a notebook that exists in nbs/."""
    for page in site.rglob("*.html"):
        for href in re.findall(r'<a [^>]*href="([^"#]+)(?:#[^"]*)?"', page.read_text()):
            if re.match(r"[a-z]+:", href): continue
            if href.endswith(".ipynb"):
                src = (ROOT / "nbs" / page.relative_to(site).parent / href).resolve()
                assert src.exists(), f"{page.relative_to(site)} links to {href}, which is no notebook of nbs/"
                continue
            assert (page.parent / href).resolve().exists(), f"{page.relative_to(site)} links to a missing {href}"
    nav = (site / "welcome.html").read_text()
    for p in PAGES:
        assert f'href="{p}"' in nav or p == "welcome.html", f"the navigation of welcome.html lacks {p}"


SEARCH = "dist_columns chart"                          # words of one section of the reference page of this quick site
FOUND = ("11_ui_readout.html", "The-chart's-columns")  # that page and the heading's anchor


def search(pg, words):
    "Type `words` into the page's search box; the links of the results (as the page resolves them) once they show."
    box = pg.locator("form.fs-search input")
    box.click(); box.fill(""); box.type(words, delay=20)
    pg.locator(".fs-search-results li").first.wait_for(state="visible")
    return [unquote(h) for h in pg.locator(".fs-search-results a").evaluate_all("as => as.map(a => a.href)")]


@pytest.mark.parametrize("path", ["index.html", "tutorials/spcfkrs.html"])
def test_search(browser, server, path, external_requests):
    "From the index (the site root) and from a page a folder down: a word typed shows the section it is in; Enter opens it."
    before = len(external_requests)
    pg, errors, failed = open_page(browser, server, path, external_requests)
    try:
        links = search(pg, SEARCH)
        assert links and links[0] == f"{server}/{FOUND[0]}#{FOUND[1]}", links
        assert all(l.startswith(f"{server}/{FOUND[0]}#") for l in links), links
        first = pg.locator(".fs-search-results a").first
        assert "Readout" in first.inner_text() and "dist_columns" in first.inner_text()   # the page, the heading and the words
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"docs_site-search-{path.replace('/', '_')[:-5]}.png"))
        assert search(pg, "no-such-word-anywhere") == [] and "no page holds" in pg.locator(".fs-search-results").inner_text()
        search(pg, SEARCH)
        pg.locator("form.fs-search input").press("Enter")
        pg.wait_for_url(re.compile(re.escape(FOUND[0])))
        assert unquote(urlparse(pg.url).fragment) == FOUND[1]
        assert pg.locator(f'[id="{FOUND[1]}"]').count() >= 1
        assert errors == [] and failed == [], (errors, failed)
        assert external_requests[before:] == [], external_requests[before:]
    finally:
        pg.context.close()


def test_search_from_files(browser, site):
    "The site opened from disk (file://): the search index loads as a script, and the result links to the page file."
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = ctx.new_page(); pg.set_default_timeout(TIMEOUT_MS)
    errors = []
    pg.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    pg.on("console", lambda m: errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
    try:
        pg.goto((site / "tutorials" / "spcfkrs.html").as_uri(), wait_until="load")
        links = search(pg, SEARCH)
        assert links[0] == unquote(f"{(site / FOUND[0]).as_uri()}#{FOUND[1]}"), links
        pg.locator(".fs-search-results a").first.click()
        pg.wait_for_url(re.compile(re.escape(FOUND[0])))
        assert pg.url.startswith("file://") and pg.locator(".fs-nav li.fs-current").inner_text().strip() == "Readout"
        assert not [e for e in errors if "search" in e], errors
    finally:
        ctx.close()
