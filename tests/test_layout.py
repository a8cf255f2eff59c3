"""The package's shape (issue 28): games import in one direction, keep their private names to themselves, and apps
reach a game only through its public face (`fortune_suite.games.<g>`).

Read from the source with `ast` (nothing imported). What is not yet so is listed by name below (`STILL_*`): each list
only shrinks — a new private import, cycle or app reaching inside a game fails, and so does an entry that has been
fixed but is still listed (so the list stays the true to-do)."""
import ast, pathlib
import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent / "fortune_suite"
GAMES = sorted(p.stem if p.suffix == ".py" else p.name for p in (ROOT / "games").iterdir()
               if (p.suffix == ".py" and p.stem != "__init__") or (p.is_dir() and (p / "__init__.py").exists()))


def _modname(p: pathlib.Path) -> str:
    return ".".join(p.relative_to(ROOT.parent).with_suffix("").parts).removesuffix(".__init__")


FILES = {_modname(p): p for p in ROOT.rglob("*.py") if p.name != "_modidx.py"}


def _target(mod: str, node: ast.ImportFrom) -> str:
    "The absolute module an ImportFrom reads from."
    if node.level == 0: return node.module
    parts = mod.split(".")
    pkg = parts if FILES[mod].name == "__init__.py" else parts[:-1]
    pkg = pkg[:len(pkg) - (node.level - 1)]
    return ".".join(pkg + ([node.module] if node.module else []))


def _imports():
    "(importing module, imported module, name, at module top?) for every `from … import name` in the package."
    out = []
    for m, p in FILES.items():
        tree = ast.parse(p.read_text(encoding="utf-8"))
        top = {id(n) for n in tree.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                t = _target(m, node)
                for a in node.names:
                    full = f"{t}.{a.name}"
                    out.append((m, full if full in FILES else t, a.name, id(node) in top))
    return out


IMPORTS = _imports()


def _game_of(mod: str):
    parts = mod.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


STILL_PRIVATE = set()      # (FMC, VOTOMS and SPCFKRS shared private helpers between their modules: none now)
# modules of one game that import each other at the top (Fortune Fodder's knot of four is undone)
STILL_CYCLES = []
STILL_INSIDE = set()       # (apps that still imported from inside a game's package: none now)


def test_no_private_name_crosses_a_game_module():
    found = set()
    for m, t, name, _ in IMPORTS:
        g = _game_of(m)
        if g and name.startswith("_") and not name.startswith("__") and t != m and _game_of(t) == g:
            found.add((m, t, name))
    for m, p in FILES.items():                  # module objects imported and then read for a private name: `rounds._x`
        if not _game_of(m): continue
        tree = ast.parse(p.read_text(encoding="utf-8"))
        mods = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                for a in n.names if f"{_target(m, n)}.{a.name}" in FILES}
        for n in ast.walk(tree):
            if (isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in mods
                    and n.attr.startswith("_") and not n.attr.startswith("__")):
                found.add((m, n.value.id, n.attr))
    assert found - STILL_PRIVATE == set(), f"private names read across modules: {sorted(found - STILL_PRIVATE)}"
    assert STILL_PRIVATE - found == set(), f"fixed: take these off STILL_PRIVATE: {sorted(STILL_PRIVATE - found)}"


def test_no_game_imports_another_game_or_the_table():
    bad = [(m, t) for m, t, _, _ in IMPORTS if _game_of(m) and (
        (_game_of(t) and _game_of(t) != _game_of(m)) or t.startswith(("fortune_suite.apps", "fortune_suite.ui", "ipywidgets", "bokeh")))]
    assert bad == [], bad


def _cycles():
    graph = {}
    for m, t, _, top in IMPORTS:
        if top and _game_of(m) and _game_of(t) == _game_of(m) and t in FILES and t != m:
            graph.setdefault(m, set()).add(t)
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]
    def visit(v):                           # Tarjan's strongly connected components
        index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
        for w in graph.get(v, ()):
            if w not in index: visit(w); low[v] = min(low[v], low[w])
            elif w in on: low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v: break
            if len(comp) > 1: out.append(sorted(comp))
    for v in list(graph):
        if v not in index: visit(v)
    return sorted(out)


def test_games_import_in_one_direction():
    assert _cycles() == STILL_CYCLES


def test_votoms_state_is_read_in_its_game_module():
    "VOTOMS (issue 28): `game.py` holds the options, the state and the game; the rule modules never import it (one direction)."
    g = "fortune_suite.games.votoms"
    tree = ast.parse(FILES[g + ".game"].read_text(encoding="utf-8"))
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    assert {"VotomsOptions", "VotomsState", "Votoms"} <= set(classes)
    body = {t.id for n in classes["VotomsState"].body for t in (
        [e for x in n.targets for e in (x.elts if isinstance(x, ast.Tuple) else [x])] if isinstance(n, ast.Assign) else [n])
        if isinstance(t, ast.Name)} | {n.name for n in classes["VotomsState"].body if isinstance(n, ast.FunctionDef)}
    for hook in ("_setup", "flow", "_view", "_result", "_describe", "_end_text", "answers"):
        assert hook in body, f"VotomsState.{hook} is not defined in its class body"
    rules = {m for m in FILES if _game_of(m) == "votoms" and m not in (g, g + ".game", g + ".campaign", g + ".scenarios")}
    up = sorted((m, t) for m, t, _, _ in IMPORTS if m in rules and t == g + ".game")
    assert up == [], f"rule modules importing games.votoms.game: {up}"


def test_apps_use_a_games_public_face():
    inside = {}
    for m, t, name, _ in IMPORTS:
        if m.startswith("fortune_suite.apps.") and _game_of(t):
            if t.count(".") > 2: inside.setdefault(_game_of(t), set()).add((m, t))      # a module inside the game's package
    assert set(inside) == STILL_INSIDE, {g: sorted(v) for g, v in inside.items() if g not in STILL_INSIDE} or f"fixed: {STILL_INSIDE - set(inside)}"


@pytest.mark.parametrize("game", GAMES)
def test_a_game_has_a_public_face(game):
    face = ROOT / "games" / (game + ".py" if (ROOT / "games" / (game + ".py")).exists() else game + "/__init__.py")
    assert "__all__" in face.read_text(encoding="utf-8"), f"{game}: its public face declares no __all__"


OUTSIDE_LIBS = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium")   # the `interop` extra (issue 32)


def _plain_imports():
    "(importing module, imported top-level name) for every `import x` and `from x import …` in the package, anywhere in it."
    out = []
    for m, p in FILES.items():
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import): out += [(m, a.name.split(".")[0]) for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module: out.append((m, node.module.split(".")[0]))
    return out


def test_only_interop_imports_the_outside_game_libraries():
    bad = sorted({(m, lib) for m, lib in _plain_imports() if lib in OUTSIDE_LIBS and not m.startswith("fortune_suite.interop")})
    assert bad == [], f"only fortune_suite.interop may import {OUTSIDE_LIBS}: {bad}"
    core = [(m, t) for m, t, _, _ in IMPORTS if t.startswith("fortune_suite.interop") and not m.startswith("fortune_suite.interop")]
    assert core == [], f"nothing outside fortune_suite.interop imports it: {core}"


def _classes_by_module():
    "{class name: the modules of the package that define a class of that name at their top}"
    out = {}
    for m, p in FILES.items():
        for n in ast.parse(p.read_text(encoding="utf-8")).body:
            if isinstance(n, ast.ClassDef): out.setdefault(n.name, set()).add(m)
    return out


def _attached():
    "{(game module, class it attaches to): how many} for `Cls.name = …` / `setattr(Cls, …)` on a class of another module."
    classes, out = _classes_by_module(), {}
    def other(m, node):
        return isinstance(node, ast.Name) and node.id in classes and m not in classes[node.id]
    for m, p in FILES.items():
        if not _game_of(m): continue
        for n in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            hits = []
            if isinstance(n, ast.Assign):
                for t in n.targets:
                    hits += [e.value.id for e in (t.elts if isinstance(t, ast.Tuple) else [t])
                             if isinstance(e, ast.Attribute) and other(m, e.value)]
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "setattr" and n.args and other(m, n.args[0]):
                hits.append(n.args[0].id)
            for c in hits: out[(m, c)] = out.get((m, c), 0) + 1
    return out


# classes that still get methods from another module (issue 28: a class's methods are defined in its own module)
STILL_ATTACHED = set()


def test_no_method_attached_from_another_module():
    found = set(_attached())
    assert found - STILL_ATTACHED == set(), f"methods attached to a class of another module: {sorted(found - STILL_ATTACHED)}"
    assert STILL_ATTACHED - found == set(), f"fixed: take these off STILL_ATTACHED: {sorted(STILL_ATTACHED - found)}"


def test_the_attachment_check_can_fail(tmp_path, monkeypatch):
    "A game module that attaches a method to another module's class is found (the check above is not vacuous)."
    fake = tmp_path / "x.py"; fake.write_text("from .game import FFState\nFFState.extra = lambda self: 1\n")
    monkeypatch.setitem(FILES, "fortune_suite.games.fortune_fodder.x", fake)
    assert ("fortune_suite.games.fortune_fodder.x", "FFState") in _attached()


# games in Pig's layout all the way (issue 28): game.py defines these classes — the options, the state on the engine's
# flow, the game — and the game's registered State is that state
LAID_OUT = {"fomo": ("FomoOptions", "FomoState", "Fomo")}
FLOW_GAMES = ("fomo", "fortune_fodder", "spcfkrs", "votoms")     # their turn structure is the engine's flow (a FlowState)


@pytest.mark.parametrize("game", FLOW_GAMES)
def test_a_flow_games_state_is_in_game_py_on_the_engines_flow(game):
    tree = ast.parse((ROOT / "games" / game / "game.py").read_text(encoding="utf-8"))
    classes = {c.name: [ast.unparse(b) for b in c.bases] for c in tree.body if isinstance(c, ast.ClassDef)}
    assert [n for n, b in classes.items() if "FlowState" in b], f"{game}: game.py defines no FlowState"
    assert [n for n, b in classes.items() if "Game" in b], f"{game}: game.py defines no Game"
    for name in LAID_OUT.get(game, ()):
        assert name in classes, f"{game}: game.py does not define {name}"


def _registered():
    "game → the module whose class body is decorated with `@register_game`."
    out = {}
    for m, p in FILES.items():
        g = _game_of(m)
        if not g: continue
        for n in ast.parse(p.read_text(encoding="utf-8")).body:
            if isinstance(n, ast.ClassDef) and any(getattr(d, "id", None) == "register_game" for d in n.decorator_list):
                out.setdefault(g, set()).add(m)
    return out


STILL_NO_GAME_PY = set()      # folder games whose registered Game class is not yet in their game.py


def test_a_folder_game_keeps_its_game_in_game_py():
    folders = {g for g in GAMES if (ROOT / "games" / g / "__init__.py").exists()}
    off = {g for g, ms in _registered().items() if g in folders and ms != {f"fortune_suite.games.{g}.game"}}
    assert off == STILL_NO_GAME_PY, f"not in game.py: {sorted(off - STILL_NO_GAME_PY)}" if off - STILL_NO_GAME_PY else f"fixed: {sorted(STILL_NO_GAME_PY - off)}"


STILL_STAR_FACES = {"votoms"}              # public faces that still star-import their modules (FMC's names each one now)


def test_a_face_names_what_it_imports():
    star = {g for g in GAMES if (ROOT / "games" / g / "__init__.py").exists()
            and any(isinstance(n, ast.ImportFrom) and any(a.name == "*" for a in n.names)
                    for n in ast.walk(ast.parse((ROOT / "games" / g / "__init__.py").read_text(encoding="utf-8"))))}
    assert star == STILL_STAR_FACES, f"star imports in: {sorted(star - STILL_STAR_FACES)}" if star - STILL_STAR_FACES else f"fixed: {sorted(STILL_STAR_FACES - star)}"
