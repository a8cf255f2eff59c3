"""FOMO on the engine protocol (check_protocol: turn-taking, JSON views, refused actions change nothing, replay,
save/load and undo agree) for every player count and for every rules option switched away from its default; and
random playouts under each option."""
import json
import pytest
from fortune_suite.engine import check_protocol, load_game, SaveError, RulesError
from fortune_suite.engine import random_playout
from fortune_suite.games.fomo import Fomo, FomoOptions, deal_order, score

VARIANTS = [{"hooked_card_stays": False}, {"open_discards": True, "tank_spent_on_discard": True},
            {"carry_over": False, "peek_all": False}, {"backs_visible": False, "overbid_strict": False},
            {"first_player_peek": False, "start_peeks": False, "hook_own_pile": False},
            {"refresh_at": 4, "giant_tiebreak": "assembly", "first_player": 1}, {"blue": (6, 5, 5)}]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_protocol_by_player_count(n):
    c = check_protocol("fomo", seeds=[100 + n], options={"players": n})
    assert c["games"] == 1 and c["illegal_refused"] > 5 * c["actions"]


@pytest.mark.parametrize("variant", VARIANTS[:3], ids=lambda v: ",".join(v))
def test_protocol_with_options(variant):
    assert check_protocol("fomo", seeds=[7], options={"players": 3, **variant})["games"] == 1


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(v))
def test_playouts_with_options(variant):
    for seed in range(150):
        n = 2 + seed % 4
        t = random_playout("fomo", seed, options={"players": n, **variant}, quiet=True)
        m = len(FomoOptions(**{"players": n, **variant}).mecha_deck())
        where = sum(map(len, t.piles)) + sum(map(len, t.stacks)) + len(t.draw)
        assert where == m if variant.get("carry_over", True) else where <= m
        names = [[t.deck.kinds[t.kind[c]].name for c in p] for p in t.piles]
        assert t.result()["scores"] == [score(p, t.deck) for p in names]
        assert t.result()["winners"]


def test_bad_input_leaves_state_unchanged():
    s = Fomo.new(seed=1)
    s.apply(0, {"peek": 0})
    s.apply(0, {"play": 10, "stack": 0})
    for p, a in [(1, {"discard": 1}), (2, {"discard": 1}), (3, {"discard": 1}), (0, {"discard": 1}),
                 (1, {"discard": 2}), (2, {"discard": 2}), (3, {"discard": 2}), (0, {"discard": 2}),
                 (1, {"discard": 3}), (2, {"discard": 3}), (3, {"discard": 3})]:
        s.apply(p, a)
    s.apply(1, {"peek": 0})
    before = (s.save(), s.log.to_json(), [json.dumps(s.view(p)) for p in range(4)])
    for p, a, msg in [(1, {"play": 2, "stack": 0}, "hand rule: Player 1 does not hold the 2"),
                      (0, {"play": 9, "stack": 0}, "not your turn"),
                      (1, {"play": 9, "stack": 7}, "stack rule"),
                      (1, {"play": 4, "stack": 0, "hook": 2}, "hook rule: Player 2.s Mecha pile is empty")]:
        with pytest.raises(RulesError, match=msg.split(":")[0]): s.apply(p, a)
    s.apply(1, {"play": 9, "stack": 1}); s.apply(2, {"discard": 4}); s.apply(3, {"discard": 4})
    before = (s.save(), s.log.to_json(), [json.dumps(s.view(p)) for p in range(4)])
    with pytest.raises(RulesError, match="Tank rule: Player 0 has already used the Tank"): s.apply(0, {"play": 10, "stack": 2})
    with pytest.raises(RulesError, match="hand rule"): s.apply(0, {"play": 1, "stack": 2})
    s.apply(0, {"play": 5, "stack": 2}); s.apply(1, {"discard": 4}); s.apply(2, {"discard": 5}); s.apply(3, {"discard": 5})
    s.apply(0, {"discard": 6})
    with pytest.raises(RulesError, match="bidding rule: Player 1 may not bid over their own top bid"): s.apply(1, {"play": 10, "stack": 1})
    assert s.save() != before[0]


@pytest.mark.parametrize("mangle, msg", [
    (lambda d: "[1, 2", "not JSON"),
    (lambda d: json.dumps({**d, "game": "fomo5"}), "unknown game 'fomo5'"),
    (lambda d: json.dumps({**d, "options": {**d["options"], "deck_order": ["star"] * 24}}), "option deck_order must hold every Mecha card once"),
    (lambda d: json.dumps({**d, "options": {**d["options"], "blue": [4, 3]}}), "bad option 'blue'"),
    (lambda d: json.dumps({**d, "actions": [[0, {"peek": 1}], [0, {"play": 99, "stack": 0}]]}), "actions\\[1\\].*card rule"),
    (lambda d: json.dumps({**d, "actions": [[0, {"peek": 1}], [0, {"play": 5, "stack": 0}], [1, {"play": 5, "stack": 0}]]}), "overbid rule"),
    (lambda d: json.dumps({k: v for k, v in d.items() if k != "seed"}), "missing key 'seed'"),
])
def test_bad_save_files(mangle, msg):
    d = json.loads(Fomo.new({"players": 4}, seed=9).save())
    with pytest.raises(SaveError, match=msg): load_game(mangle(d))


def test_shuffle_is_uniform():
    """The seeded Fisher–Yates shuffle (23 rolls of d24, d23, …, d2; the game's own, in quiet mode) deals every card to every place equally often:
    over 12,000 seeds, the card dealt first and the card dealt last are each uniform over the 24 cards (chi-square,
    23 degrees of freedom: the 0.1% critical value is 49.7), and the two are never the same card."""
    import numpy as np
    N = 12_000
    orders = np.array([deal_order(seed) for seed in range(N)])
    for col in (0, 23):
        counts = np.bincount(orders[:, col], minlength=24)
        chi2 = ((counts - N / 24) ** 2 / (N / 24)).sum()
        assert chi2 < 49.7, (col, chi2, counts)
    assert (orders[:, 0] != orders[:, 23]).all()
    assert all(sorted(o) == list(range(24)) for o in orders[:100].tolist())
