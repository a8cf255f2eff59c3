"""Hypothesis fuzzes the notation: any text either parses or raises DiceError, and never hangs; nothing else escapes.
How fast (a refusal, any fuzzed input) is measured in benchmarks/notation.py, not asserted here."""
from hypothesis import given, settings, strategies as st, HealthCheck
from fortune_suite.dice import parse, DiceError, Roller
import numpy as np
from hang import hang_guard

HANG = 30.0   # seconds: no input may take this long to parse and compute or refuse (a hang guard; typical is well under 1 ms)

ALPHABET = "0123456789dDkhl!%+-*()<>= coinxy.\t"
pieces = st.sampled_from(["d", "d6", "3d6", "10", "kh", "kl", "dl", "dh", "!", "+", "-", "*", "(", ")", ">=", "<",
                          "==", "coin", "d%", "1000", "d10000", " ", "!20", "999d999", "0"])
texts = st.one_of(st.text(alphabet=ALPHABET, max_size=40), st.lists(pieces, max_size=25).map("".join),
                  st.text(max_size=30))


def _evaluate(text):
    with hang_guard(HANG, repr(text)):
        try:
            d = parse(text).dist()
            assert abs(d.probs.sum() - 1) < 1e-9
            assert d.min <= d.max
        except DiceError as e:
            assert str(e), "a DiceError must say what is wrong"


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts)
def test_parse_or_dice_error(text):
    _evaluate(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(pieces, min_size=1, max_size=12).map("".join))
def test_what_parses_also_rolls_within_bounds(text):
    try:
        e = parse(text); d = e.dist()
    except DiceError:
        return
    o = e.roll(np.random.default_rng(0))
    assert d.p(o.total) > 0, f"{text!r} rolled {o.total}, which has probability 0"
    s = e.sample(np.random.default_rng(1), 50)
    assert s.min() >= d.min and s.max() <= d.max


def test_huge_inputs_refused():
    for text in ["1000d10000", "d6" + "*d6" * 30, "(" * 400 + "d6" + ")" * 400, "9" * 400 + "d6", "d6!" + "9" * 30,
                 "1000d100kh500", "1000d6*1000d6"]:
        with hang_guard(HANG, repr(text[:30])):
            try:
                parse(text).dist()
                raise AssertionError(f"{text[:30]!r} should be refused")
            except DiceError:
                pass


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 8), st.sampled_from([2, 4, 6, 20]), st.sampled_from(["kh", "kl", "dh", "dl"]), st.integers(0, 12),
       st.booleans(), st.integers(0, 2**32))
def test_dropped_dice_are_the_ones_the_total_leaves_out(n, sides, how, k, bang, seed):
    """`dropped_dice` names the dice a keep/drop pool leaves out: the total is the sum of the other faces, the dropped are
    never better (kh/dl) or worse (kl/dh) than a kept die, and their number is what the notation says (keeping or
    dropping more dice than were rolled keeps or drops them all)."""
    from fortune_suite.dice import dropped_dice
    text = f"{n}d{sides}{'!' if bang else ''}{how}{k}"
    try: rec = Roller(seed).roll(text)
    except DiceError: return
    out = dropped_dice(rec)
    kept = [f for i, f in enumerate(rec.faces) if i not in out]
    gone = [rec.faces[i] for i in out]
    assert rec.total == sum(kept), (text, rec.faces, out)
    n_drop = n - min(k, n) if how in ("kh", "kl") else min(k, n)
    assert len(out) == n_drop, (text, rec.faces, out)
    high = how in ("kh", "dl")                                      # keeps the highest dice
    if kept and gone: assert (max(gone) <= min(kept)) if high else (min(gone) >= max(kept)), (text, rec.faces, out)
