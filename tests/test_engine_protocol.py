"""The engine protocol, property-tested on the worked example (Pig with a secret stance), and bad save files.

Random action sequences — mostly legal, some illegal — must never change a state when refused, and every state
reached must survive save → load, replay and undo unchanged."""
import json
import pytest
from hypothesis import given, settings, strategies as st
from fortune_suite.engine import (RulesError, SaveError, State, canon, load_game, replay, random_playout,
                                  check_protocol, get_game)
from fortune_suite.games.pig import Pig, PigState

JUNK = ["steady", "bold", "roll", "hold", "fold", 0, None, True, ["roll"], {"a": 1}, float("nan")]
# a move: (legal?, index used to pick a player/action, raw player, raw action)
MOVE = st.tuples(st.booleans(), st.integers(0, 10**6), st.integers(-1, 2), st.sampled_from(JUNK))
OPTIONS = st.sampled_from([None, {"target": 12, "max_rounds": 3}, {"bold_dice": 3, "target": 20}, {"max_rounds": 1}])


def snapshot(s):
    "Everything observable about a state."
    return s.save(), s.log.to_json(), tuple(canon(s.view(p)) for p in (0, 1)), len(s.roller.log)


def play(s, moves):
    "Apply the moves; refused ones must leave the state exactly as it was. Returns how many were refused."
    refused = 0
    for legal, k, p, a in moves:
        if legal and s.to_move():
            p = s.to_move()[k % len(s.to_move())]
            la = s.legal_actions(p)
            a = la[k % len(la)]
        before = snapshot(s)
        try:
            s.apply(p, a)
        except RulesError as e:
            assert str(e), "a RulesError names the rule"
            assert snapshot(s) == before, f"refused apply({p!r}, {a!r}) changed the state"
            refused += 1
    return refused


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**53 - 1), options=OPTIONS, moves=st.lists(MOVE, max_size=120), cut=st.integers(0, 10**6))
def test_random_action_sequences(seed, options, moves, cut):
    s = Pig.new(options, seed)
    play(s, moves)
    acts = list(s.actions)
    # same seed + same actions => the same log, byte for byte
    again = replay("pig", options, seed, acts)
    assert again.log.to_json() == s.log.to_json() and again == s
    # save -> load round-trips, for every player's view too
    loaded = load_game(s.save())
    assert snapshot(loaded) == snapshot(s)
    # save at a cut, load, continue == playing on
    k = cut % (len(acts) + 1)
    t = load_game(replay("pig", options, seed, acts[:k]).save())
    for p, a in acts[k:]:
        t.apply(p, a)
    assert snapshot(t) == snapshot(s)
    # undo == replay without the last action; undo then redo == the original
    # (unless it would take back stances both players have seen: then it is refused, and `past` still looks back)
    for j in sorted({1, 1 + cut % len(acts)} if acts else ()):
        back = replay("pig", options, seed, acts[:-j])
        assert snapshot(s.past(j)) == snapshot(back)
        if s.undo_refusal(len(acts) - j):
            before = snapshot(s)
            with pytest.raises(RulesError, match="undo rule: every player saw every side's secret orders"):
                s.undo(j)
            assert snapshot(s) == before
            continue
        u = s.copy().undo(j)
        assert snapshot(u) == snapshot(back)
        for p, a in acts[-j:]:
            u.apply(p, a)
        assert snapshot(u) == snapshot(s)
    before = snapshot(s)
    with pytest.raises(RulesError, match="nothing to undo"):
        s.undo(len(acts) + 1)
    assert snapshot(s) == before


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), first=st.sampled_from([0, 1]), mine=st.sampled_from(["steady", "bold"]),
       moves=st.lists(MOVE, max_size=40))
def test_pending_stance_never_leaks(seed, first, mine, moves):
    "Whatever happened before, a pending stance is invisible to the other player (view and log)."
    s = Pig.new(None, seed)
    play(s, moves)
    if s.is_over or s.turn is not None or s.pending:
        return
    a, b = s.copy(), s.copy()
    a.apply(first, mine)
    b.apply(first, "bold" if mine == "steady" else "steady")
    other = 1 - first
    assert a.view(other) == b.view(other)
    assert a.log.to_json(other) == b.log.to_json(other)
    assert a.view(other)["has_chosen"][first] is True and a.view(first)["my_stance"] == mine


def test_check_protocol_on_pig():
    counts = check_protocol("pig", seeds=range(5), options={"target": 20})
    assert counts["games"] == 5 and counts["hidden_swaps"] >= 5


def test_random_playout_limits_and_determinism():
    assert random_playout("pig", 3).log == random_playout("pig", 3).log
    with pytest.raises(AssertionError, match="did not end within 2 actions"):
        random_playout("pig", 3, max_steps=2)


# --- bad save files: each gives a SaveError naming the problem ---------------------------------------------------
GOOD = replay("pig", {"target": 20}, 5, [[0, "bold"], [1, "steady"], [0, "roll"]]).save()


def edited(**changes):
    d = json.loads(GOOD)
    for k, v in changes.items():
        if v is ...:
            del d[k]
        else:
            d[k] = v
    return json.dumps(d)


BAD_SAVES = [
    ("", "not JSON"),
    ("{'format': 1}", "not JSON"),
    (GOOD[:-5], "not JSON"),
    ("[]", "expected a JSON object, got list"),
    ("null", "expected a JSON object, got NoneType"),
    (edited(format="other.save"), "wrong format tag 'other.save'"),
    (edited(version=7), "unsupported save version 7"),
    (edited(seed=...), "missing key 'seed'"),
    (edited(actions=...), "missing key 'actions'"),
    (edited(extra=1), "unexpected key 'extra'"),
    (edited(game="chess"), "unknown game 'chess' (known:"),
    (edited(game=3), "a game is named by a string, got 3"),
    (edited(options=[20]), "options must be a JSON object"),
    (edited(options={"target": 20, "max_rounds": 20, "bold_dice": 2, "jokers": 1}), "unknown option 'jokers' for pig"),
    (edited(options={"target": "20", "max_rounds": 20, "bold_dice": 2}), "bad option 'target' for pig: expected int, got '20'"),
    (edited(options={"target": 20.5, "max_rounds": 20, "bold_dice": 2}), "bad option 'target' for pig: expected int"),
    (edited(options={"target": 20, "max_rounds": 20}), "missing option 'bold_dice' for pig"),
    (edited(options={"target": 20, "max_rounds": 20, "bold_dice": 0}), "option bold_dice must be a whole number from 1 to 10"),
    (edited(seed="5"), "seed must be a non-negative integer, got '5'"),
    (edited(seed=-5), "seed must be a non-negative integer"),
    (edited(seed=True), "seed must be a non-negative integer"),
    (edited(actions={"0": "bold"}), "actions must be a JSON list, got dict"),
    (edited(actions=[[0, "bold"], "roll"]), "actions[1] must be a [player, action] pair, got 'roll'"),
    (edited(actions=[[0, "bold", 1]]), "actions[0] must be a [player, action] pair"),
    (edited(actions=[[0, "bold"], [0, "steady"]]), "actions[1] [0, 'steady'] is illegal: order already given"),
    (edited(actions=[[0, "bold"], [1, "steady"], [1, "roll"]]), "actions[2] [1, 'roll'] is illegal: not your turn"),
    (edited(actions=[[0, "bold"], [1, "steady"], [0, "hold"]]), "is illegal: hold rule"),
    (edited(actions=[[0, "wild"]]), "actions[0] [0, 'wild'] is illegal: stance rule"),
    (edited(actions=[["0", "bold"]]), "actions[0] ['0', 'bold'] is illegal: no such player '0'"),
    (edited(actions=[[2, "bold"]]), "no such player 2: pig has players 0 to 1"),
]


@pytest.mark.parametrize("text,message", BAD_SAVES)
def test_bad_save_files(text, message):
    with pytest.raises(SaveError) as e:
        load_game(text)
    assert message in str(e.value), str(e.value)


def test_good_save_and_typed_load():
    s = load_game(GOOD)
    assert isinstance(s, PigState) and s.save() == GOOD and s.options.target == 20
    assert PigState.load(GOOD) == s and State.load(GOOD) == s
    assert get_game("pig") is Pig
