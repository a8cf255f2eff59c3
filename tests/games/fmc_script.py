"""Shared scaffolding of the FMC skirmish rule tests: a quiet state whose dice are scripted (its `rolls` replaced by a
list of totals, so each test knows what was thrown), a figure by name, and a figure put at the start of a phase."""
from fortune_suite.engine import get_game


def state(script=None, **opts):
    "A new quiet skirmish without surprise; with `script`, its rolls come from that list (and `s.asked` records what was rolled)."
    s = get_game("fmc").new({"surprise": "none", **opts}, 1, quiet=True)
    if script is not None:
        s.script, s.asked = list(script), []
        def rolls(what, why, actor=None, target=None, side=None):
            s.asked.append(what); return s.script.pop(0)
        s.rolls = rolls
    return s


def fig(s, name):
    "The figure of `s` called `name`."
    return next(f for f in s.figures if f.name == name)


def to_phase(s, f, phase):
    "Make `f` the acting figure at the start of `phase` (0 movement … 3 magic), its side first, its options fresh."
    s.phase, s.turn, s.order, s.queue, s.current = phase, 0, (f.side, 1 - f.side), [], f
    f.moved = f.attacked = False
    s.opts = s.choices(f)
