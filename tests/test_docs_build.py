"""The documentation site's reference comes from the game registry, and the site has a search index (issue 28, item 5).

A site of FMC and VOTOMS reference pages, built in a fresh process the way `fortune-suite docs` builds one, with the
reference notebooks shown as written (not run: what is tested here is which pages the build makes, their navigation
and the search index; running the notebooks is nbdev_test's job, and it would cost minutes). Every FMC and VOTOMS
notebook is a page of the site (`find_pages` on the real notebooks); four of them are rendered here (rendering a page
takes about a second, mostly nbconvert's HTML sanitising). A registered game without notebooks stops the build, named,
through the CLI. Typing in the search box is tested in a real browser in tests/browser/test_docs_site.py."""
import json, os, re, subprocess, sys
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
NBS = ROOT / "nbs"
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
BUILT = ["60_fmc_data.ipynb", "69_fmc_api.ipynb", "70_votoms_data.ipynb", "79_votoms_api.ipynb"]


def numbered(digit):
    "The reference notebooks whose name starts with `digit`, read off the folder (not from the code under test)."
    return sorted(f for f in os.listdir(NBS) if re.match(rf"{digit}\d.*\.ipynb$", f))


def run(code, *args, timeout=600):
    return subprocess.run([sys.executable, "-c", code, *map(str, args)], env=ENV, capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("docs") / "site"
    r = run("import sys, json; from fortune_suite.docs import build_site\n"
            "s = build_site(sys.argv[1], nbs=sys.argv[2], only=sys.argv[3:], run_reference=False, jobs=2)\n"
            "print(json.dumps(s))", out, NBS, *BUILT)
    assert r.returncode == 0, f"the build failed ({r.returncode}):\n{r.stdout}\n{r.stderr[-4000:]}"
    return out, json.loads(r.stdout.strip().splitlines()[-1])


def test_every_fmc_and_votoms_notebook_is_a_page():
    "The pages of the full site, from the registry: every FMC (6x) and VOTOMS (7x) notebook, in its game's group."
    r = run("import json, sys; from fortune_suite.docs import find_pages\n"
            "print(json.dumps([(p.src, p.section, p.group) for p in find_pages(sys.argv[1])]))", NBS)
    assert r.returncode == 0, r.stderr[-3000:]
    pages = json.loads(r.stdout)
    assert len(numbered(6)) >= 18 and len(numbered(7)) >= 13
    for digit, group in [(6, "FMC Basic skirmish"), (7, "VOTOMS")]:
        assert [src for src, sec, g in pages if g == group] == numbered(digit)
        assert {sec for src, sec, g in pages if g == group} == {"Reference"}


def test_fmc_and_votoms_pages_exist(site):
    out, summary = site
    assert summary["failed"] == {} and summary["pages"] == len(BUILT) + 1
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html")) == sorted(
        ["index.html"] + [b.replace(".ipynb", ".html") for b in BUILT])
    fmc = (out / "60_fmc_data.html").read_text()
    assert "<title>FMC Basic: the tables — fortune_suite</title>" in fmc
    assert re.search(r'<details open(="")?><summary>FMC Basic skirmish</summary>', fmc) and "<summary>VOTOMS</summary>" in fmc
    assert '<a href="79_votoms_api.html"' in fmc
    index = (out / "index.html").read_text()
    index = index[index.index("<main"):]                                   # the index's lists (the navigation comes first)
    assert index.index("<h3>FMC Basic skirmish</h3>") < index.index('href="69_fmc_api.html"') < index.index("<h3>VOTOMS</h3>")


def hits(index, query):
    "(page href, anchor) of each section holding every word of `query` in its page title, heading or text (as search.js matches)."
    words = query.lower().split()
    out = []
    for s in index["sections"]:
        p = index["pages"][s["page"]]
        hay = " ".join([p["title"], s["heading"], s["text"]]).lower()
        if all(w in hay for w in words): out.append((p["href"], s["anchor"]))
    return out


def test_search_index_holds_fmc_and_votoms_terms(site):
    out, summary = site
    index = json.loads((out / "_static" / "search.json").read_text())
    js = (out / "_static" / "search-index.js").read_text()
    assert js.startswith("window.FS_SEARCH_INDEX = {") and summary["search_bytes"] == len((out / "_static" / "search.json").read_bytes())
    assert sorted(p["href"] for p in index["pages"]) == sorted(b.replace(".ipynb", ".html") for b in BUILT)
    # a term of each game's page, found in the notebook's own markdown here (not taken from the index under test)
    for nb, term, heading in [("60_fmc_data.ipynb", "copper pieces", "## Money and experience"),
                              ("70_votoms_data.ipynb", "gildan", "### Personal weapons")]:
        md = [c for c in json.loads((NBS / nb).read_text())["cells"] if c["cell_type"] == "markdown"]
        assert any(heading in "".join(c["source"]) for c in md)
        found = hits(index, term)
        page, anchor = nb.replace(".ipynb", ".html"), heading.lstrip("# ").replace(" ", "-")
        assert (page, anchor) in found, (term, found)
        assert f'id="{anchor}"' in (out / page).read_text()              # the result's link lands on that heading
    assert hits(index, "copper pieces gildan") == []                    # every word must be in the one section


def test_registered_game_without_pages_fails_the_build(tmp_path):
    "A game a plugin module registers in the process that builds the site, with no notebooks: `fortune-suite docs` refuses, naming it."
    (tmp_path / "lost_plugin.py").write_text(      # a plugin module that files a game (a game written in `__main__` is no part of the site)
        "from dataclasses import dataclass\nfrom fortune_suite.engine import register_game, Game, State\n"
        "@dataclass(frozen=True)\nclass O: pass\nclass S(State): pass\n"
        "@register_game\nclass Lost(Game): name, title, Options, State, docs = 'lost_game', 'Lost Game', O, S, ('97',)\n")
    code = (f"import sys\nsys.path.insert(0, {str(tmp_path)!r})\nimport lost_plugin\n"
            "from fortune_suite.cli import main\nsys.exit(main(sys.argv[1:]))")
    r = run(code, "docs", tmp_path / "site", "--quick", "--nbs", NBS, timeout=120)
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "fortune-suite: error: the registered game 'lost_game' (Lost Game) has no pages on the site: no notebook in" in r.stderr
    assert "starts with '97'" in r.stderr and not (tmp_path / "site").exists()
