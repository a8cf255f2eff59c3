"""Fuzzing every registered game: mutated actions, save files and options, and every file loader of the kit.

What must hold, whatever comes in:
- only our error types come out (`RulesError` and its subclasses: `SaveError`, the games' loader errors), each with a
  message;
- a refused action changes nothing (the state's fingerprint: save, log, dice, every view), and an accepted one
  leaves a state that is not broken and still saves and loads;
- a whole number never passes as a bool (`True` is not `1`), and a float equal to a whole number, if accepted where
  the whole number was, does what the whole number does;
- options are refused at `new()` or give a playable game (whoever is to move has a legal action; save and load);
- nothing hangs (a generous guard per case: SIGALRM) and no case holds on to hundreds of MB (tracemalloc peak).

Quick by default (CI); `FS_FUZZ=full` runs many more examples, e.g. `FS_FUZZ=full python -m pytest tests/test_fuzz.py`.
"""
import json, os, tracemalloc
from contextlib import contextmanager
from functools import lru_cache
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st, HealthCheck, assume
from hang import hang_guard
from fortune_suite.engine import (RulesError, SaveError, known_games, get_game, load_game, fingerprint, canon,
                                  options_to_dict)

FULL = os.environ.get("FS_FUZZ") == "full"
EXAMPLES = 600 if FULL else 40
GAMES = known_games()
HANG_S = 60                 # no single case may take this long: a hang guard, not a speed claim (benchmarks time things)
MEM_MB = 300                # nor allocate this much at its peak
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=not FULL,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


@contextmanager
def bounded(what):
    "Fail if the block runs longer than HANG_S seconds (it hangs) or allocates more than MEM_MB at its peak."
    tracing = tracemalloc.is_tracing()
    if not tracing: tracemalloc.start()
    tracemalloc.reset_peak()
    try:
        with hang_guard(HANG_S, what): yield
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        if not tracing: tracemalloc.stop()
    assert peak < MEM_MB * 2**20, f"{what}: peaked at {peak / 2**20:.0f} MB"


def ours(e):
    "An exception of ours, with a message."
    assert isinstance(e, RulesError), f"{type(e).__name__} escaped: {e}"
    assert str(e).strip(), f"{type(e).__name__} without a message"


# --- positions: a game after some random legal actions (cached by game, seed and number of actions) ---
@lru_cache(maxsize=256)
def _position(name, seed, steps):
    s = get_game(name).new(None, seed)
    rng = np.random.default_rng([seed, 7])
    for _ in range(steps):
        movers = s.to_move()
        if not movers: break
        p = movers[int(rng.integers(len(movers)))]
        legal = s.legal_actions(p)
        s.apply(p, legal[int(rng.integers(len(legal)))])
    return s.save()

def position(name, seed, steps):
    "A fresh state (its own copy) of `name` after `steps` random legal actions."
    return load_game(_position(name, seed, steps))


# --- mutations of a JSON value ---
JUNK = [None, True, False, 0, 1, -1, 2**63, 1.5, float(1e308), "", "x", "🙂" * 300, [], {}, [None], {"": None}]

def paths(x, at=()):
    "Every place in `x`: () for the whole, then keys and indexes down to the leaves."
    yield at
    if isinstance(x, dict):
        for k, v in x.items(): yield from paths(v, at + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x): yield from paths(v, at + (i,))

def get(x, at):
    for k in at: x = x[k]
    return x

def put(x, at, v):
    "A copy of `x` with the value at `at` replaced by `v`."
    if not at: return v
    x = json.loads(json.dumps(x))
    get(x, at[:-1])[at[-1]] = v
    return x

def drop(x, at):
    "A copy of `x` without the key or item at `at`."
    x = json.loads(json.dumps(x))
    c = get(x, at[:-1])
    del c[at[-1]]
    return x

@st.composite
def mutation(draw, x):
    """How to change `x` in one place (drawn small, so that a failing example prints): (where, how, value) — a junk
    value, a type swap, a key dropped or added, wrapped, nested absurdly deep, repeated. `mutate` makes the change."""
    where = draw(st.sampled_from(list(paths(x))))
    here = get(x, where)
    how = draw(st.sampled_from(["junk", "swap", "drop", "add", "wrap", "deep", "long"]))
    if how == "junk": return where, how, draw(st.sampled_from(JUNK))
    if how == "swap":
        if type(here) is bool: v = int(here)
        elif type(here) is int: v = draw(st.sampled_from([float(here), bool(here % 2), str(here), [here], here + 10**6, -here - 1]))
        elif type(here) is float: v = draw(st.sampled_from([int(here), str(here), -here, here * 1e6]))
        elif type(here) is str: v = draw(st.sampled_from([here.upper(), here + "x", here[:-1], 0, [here], {here: here}]))
        else: v = draw(st.sampled_from(JUNK))
        return where, how, v
    if how == "drop" and where: return where, how, None
    if how == "add" and isinstance(here, dict): return where, how, draw(st.sampled_from(["zz", "", "act", "unit"]))
    if how == "add" and isinstance(here, list): return where, how, draw(st.sampled_from(JUNK))
    if how == "deep": return where, how, draw(st.sampled_from([65, 2000]))
    if how == "long": return where, how, 10_000
    return where, "wrap", None

def mutate(x, m):
    "`x` changed as `mutation` drew it."
    where, how, v = m
    here = get(x, where)
    if how in ("junk", "swap"): return put(x, where, v)
    if how == "drop": return drop(x, where)
    if how == "add": return put(x, where, {**here, v: 1} if isinstance(here, dict) else here + [v])
    if how == "deep":
        for _ in range(v): here = [here]
        return put(x, where, here)
    if how == "long": return put(x, where, [here] * v)
    return put(x, where, [here])


def whole_to_bool(a, b):
    "Is `b` `a` with a whole number somewhere turned into a bool?"
    if type(a) is int and type(b) is bool: return True
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys(): return any(whole_to_bool(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b): return any(whole_to_bool(u, v) for u, v in zip(a, b))
    return False

def whole_to_float(a, b):
    "Is `b` `a` with whole numbers turned into equal floats, and nothing else changed?"
    def same(u, v):
        if type(u) is int and type(v) is float: return u == v
        if isinstance(u, dict) and isinstance(v, dict): return u.keys() == v.keys() and all(same(u[k], v[k]) for k in u)
        if isinstance(u, list) and isinstance(v, list): return len(u) == len(v) and all(map(same, u, v))
        return type(u) is type(v) and u == v
    return canon(a) != canon(b) and same(a, b)


# --- actions ---
@FUZZ
@given(data=st.data(), name=st.sampled_from(GAMES), seed=st.integers(0, 5), steps=st.sampled_from([0, 1, 3, 8, 20, 45, 90, 150]))
def test_mutated_actions(data, name, seed, steps):
    s = position(name, seed, steps)
    assume(not s.is_over)
    movers = s.to_move()
    p = data.draw(st.sampled_from(movers), "player")
    legal = s.legal_actions(p)
    a = data.draw(st.sampled_from(legal), "legal action")
    m = data.draw(mutation(a), "mutation")
    b = mutate(a, m)
    before = fingerprint(s)
    with bounded(f"{name} seed {seed} step {steps}: {m[1]} at {m[0]} {str(m[2])[:80]}"):
        try: s.apply(p, b)
        except Exception as e:
            ours(e)
            assert fingerprint(s) == before, f"{name}: refusing {str(b)[:200]} changed the state"
            return
    # accepted: the state is sound, saves and loads to the same position
    assert not s._broken
    assert not whole_to_bool(a, b), f"{name}: {str(b)[:200]} was accepted: a bool passed for a whole number ({a})"
    t = load_game(s.save())
    assert [canon(t.view(q)) for q in range(t.players)] == [canon(s.view(q)) for q in range(s.players)]
    if whole_to_float(a, b):                                        # 3.0 where 3 was: it must do what 3 does
        u = position(name, seed, steps); u.apply(p, a)
        assert [canon(u.view(q)) for q in range(u.players)] == [canon(s.view(q)) for q in range(s.players)], \
            f"{name}: {b} did not do what {a} does"


@FUZZ
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 5), steps=st.sampled_from([0, 3, 20]),
       who=st.sampled_from([-1, 2, 7, True, 1.0, None, "0", [0]]),
       junk=st.sampled_from(JUNK + [float("nan"), float("inf"), {1, 2}, object()]))
def test_junk_actions_and_players(name, seed, steps, who, junk):
    "Wholly junk actions, and players who are not players (2 is a player in a game of 3 or more: skipped)."
    s = position(name, seed, steps)
    before = fingerprint(s)
    movers = s.to_move() or (0,)
    for p, a in [(movers[0], junk), (who, s.legal_actions(movers[0])[0] if s.to_move() else "x")]:
        if type(p) is int and 0 <= p < s.players: continue
        with bounded(f"{name}: apply({p!r}, {str(a)[:80]})"):
            try: s.apply(p, a)
            except Exception as e: ours(e)
            else:
                if a is not junk: raise AssertionError(f"{name}: player {p!r} was accepted")
                return                                                     # a junk value that happens to be legal
        assert fingerprint(s) == before


# --- save files ---
@FUZZ
@given(data=st.data(), name=st.sampled_from(GAMES), seed=st.integers(0, 3), steps=st.sampled_from([0, 5, 25]))
def test_mutated_saves(data, name, seed, steps):
    text = _position(name, seed, steps)
    d = json.loads(text)
    how = data.draw(st.sampled_from(["json", "json", "json", "cut", "char", "deep"]), "how")
    if how == "json":
        m = data.draw(mutation(d), "mutation")
        if m[1] == "deep":                               # (json.dumps itself recurses: write the nesting as text)
            bad = json.dumps(put(d, m[0], "@DEEP@")).replace('"@DEEP@"', "[" * m[2] + "0" + "]" * m[2])
        else: bad = json.dumps(mutate(d, m))
    elif how == "cut": bad = text[:data.draw(st.integers(0, len(text) - 1), "cut")]
    elif how == "char":
        i = data.draw(st.integers(0, len(text) - 1), "at"); bad = text[:i] + data.draw(st.sampled_from("{}[]\",:0a\\ "), "char") + text[i + 1:]
    else: bad = text[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with bounded(f"{name}: load a {how} save"):
        try: s = load_game(bad)
        except Exception as e: ours(e); assert isinstance(e, SaveError), f"{type(e).__name__}, not SaveError: {e}"
        else: assert not s._broken and load_game(s.save()).save() == s.save()


# --- options ---
def option_values(v):
    "Values to try for an option whose default is `v`."
    out = [None, True, "x", [], {}, -1, 0, 10**9, 2**70, float("nan"), float("inf"), -float("inf"), -0.5, 1e-9]
    if type(v) in (int, float): out += [v - 1, v + 1, -v, v * 10, v * 0.5]
    if isinstance(v, list): out += [v + v, v[:1], [None] * 3]
    return out

def playable(s):
    "Whoever is to move has a legal action; the game saves and loads to the same position."
    if not s.is_over:
        for p in s.to_move(): assert s.legal_actions(p), f"{s.game.name}: {s.player_name(p)} is to move with no legal action"
    t = load_game(s.save())
    assert fingerprint(t, log=False) == fingerprint(s, log=False)

@FUZZ
@given(data=st.data(), name=st.sampled_from(GAMES))
def test_options(data, name):
    g = get_game(name)
    defaults = options_to_dict(g.make_options(None))
    k = data.draw(st.sampled_from(sorted(defaults)), "option")
    v = data.draw(st.sampled_from(option_values(defaults[k])), "value")
    with bounded(f"{name}: option {k}={str(v)[:80]}"):
        try: s = g.new({k: v}, seed=1)
        except Exception as e: ours(e); return
        playable(s)
        for _ in range(3):                                  # and a few moves are possible
            if s.is_over: break
            p = s.to_move()[0]; s.apply(p, s.legal_actions(p)[0])
        playable(s)


# --- every file a user can hand the kit ---
def _ours_or_value(e):
    "Our error types: RulesError and its kin (SaveError, DeckError, CardError, CatalogError, SheetError, CharacterError, RoomError), DiceError, SweepError."
    from fortune_suite.dice import DiceError
    from fortune_suite.sweep import SweepError
    assert isinstance(e, (RulesError, DiceError, SweepError)), f"{type(e).__name__} escaped: {e}"
    assert str(e).strip(), f"{type(e).__name__} without a message"

@lru_cache(maxsize=1)
def _samples():
    "(name, JSON or TOML text of a valid file, loader of a text) for every loader."
    from importlib.resources import files
    import tempfile, pathlib
    from fortune_suite.games.fomo import load_deck
    from fortune_suite.games.fortune_fodder import load_cards
    from fortune_suite.games.spcfkrs import load_catalog
    from fortune_suite.games.spcfkrs.data import CATALOG
    from fortune_suite.games import votoms, fmc
    from fortune_suite.sweep import Study
    tmp = pathlib.Path(tempfile.mkdtemp())
    def via_file(loader, suffix):
        def load(text):
            p = tmp / f"f{suffix}"; p.write_text(text, encoding="utf-8"); return loader(p)
        return load
    crawl = fmc.HexCrawl.from_region(fmc.starting_region(1), rations=3, torches=2)
    study = {"game": "pig", "games": 3, "seed": 1, "conditions": [{"options": {"target": 20}, "bots": ["greedy", "random"]}]}
    return [("fomo deck", (files("fortune_suite") / "data" / "fomo" / "mecha.json").read_text(), via_file(load_deck, ".json")),
            ("ff cards", (files("fortune_suite") / "games" / "fortune_fodder" / "data" / "example_roster.toml").read_text(), via_file(load_cards, ".toml")),
            ("spcfkrs catalog", json.dumps(CATALOG), load_catalog),
            ("votoms sheet", votoms.Character.new("Chirico").to_json(), votoms.Character.from_json),
            ("fmc character", fmc.new_character("Ada", "fighter", kit="b", weapon_choice="greatsword", rng=3).to_json(), fmc.Character.from_json),
            ("fmc hex crawl", crawl.save(), fmc.HexCrawl.load),
            ("sweep study", json.dumps(study), via_file(Study.load, ".json"))]

@FUZZ
@given(data=st.data(), which=st.integers(0, 6))
def test_mutated_files(data, which):
    name, text, load = _samples()[which]
    load(text)                                                      # the sample itself loads
    toml = name == "ff cards"
    how = data.draw(st.sampled_from(["cut", "char", "deep"] + ([] if toml else ["json", "json", "json"])), "how")
    if how == "json":
        d = json.loads(text); m = data.draw(mutation(d), "mutation")
        bad = json.dumps(put(d, m[0], "@DEEP@")).replace('"@DEEP@"', "[" * m[2] + "0" + "]" * m[2]) if m[1] == "deep" else json.dumps(mutate(d, m))
    elif how == "cut": bad = text[:data.draw(st.integers(0, len(text) - 1), "cut")]
    elif how == "char":
        i = data.draw(st.integers(0, len(text) - 1), "at")
        bad = text[:i] + data.draw(st.sampled_from('{}[]",:=0a\\ \n#'), "char") + text[i + 1:]
    else: bad = (text + "\nx = " + "[" * 100_000) if toml else ("[" * 100_000 + text)
    with bounded(f"{name}: a {how} file"):
        try: load(bad)
        except Exception as e: _ours_or_value(e)
