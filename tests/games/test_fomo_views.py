"""FOMO hidden information: nothing in a player's view (or their part of the log) depends on a card they have not
seen, on another player's face-down discard, or on the order of another player's pile — also after undo, replay
and save/load. Property tests with hypothesis over random games."""
import json
import numpy as np
from hypothesis import given, settings, assume, strategies as st, HealthCheck
from fortune_suite.engine import RulesError, load_game, replay
from fortune_suite.games.fomo import Fomo, deal_order
from fortune_suite.games.fomo.cards import DEFAULT_DECK
from fortune_suite.games.fomo.bots import obs_from_view, observe

SETTINGS = dict(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = DEFAULT_DECK.cards


def play_random(n, deck, seed, steps):
    "A game on a stacked deck with up to `steps` random legal actions (stops before the end)."
    s = Fomo.new({"players": n, "deck_order": deck}, seed=0)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        p = s.to_move()[0]
        L = s.legal_actions(p)
        s.apply(p, L[int(rng.integers(len(L)))])
        if s.is_over: return s.past(1)         # (the end reveals every pile: stop just before it)
    return s


def other_world(s, p, seed):
    """The same actions on a deck where every card `p` has never seen is swapped, at random, with another unseen card
    of the same back (what `p` could not tell apart). None if those actions are not playable there."""
    t = s
    deck = list(s.options.deck_order)
    # deck position i holds the card with id ids[i] (the engine maps the i-th copy of a name to that kind's i-th id)
    pos, ids = {}, []
    for i, c in enumerate(DEFAULT_DECK.cards): pos.setdefault(c, []).append(i)
    for name in deck: ids.append(pos[name].pop(0))
    rng = np.random.default_rng(seed)
    new = list(deck)
    # A pile's owner orders it by kind ({'top': kind}, their own turns and the order step after the rewards): the
    # same secret action on different cards is a different choice, so the cards that ever sat in the pile of another
    # player who gives such orders stay as they are (what they hold is theirs to know; its backs are public).
    orderers = {q for q, a in s.actions if "top" in a and q != p}
    fixed, w = set(), Fomo.new({"players": s.players, **{k: v for k, v in json.loads(s.save())["options"].items() if k != "players"}}, seed=0, quiet=True)
    for q, a in [(None, None)] + list(s.actions):
        if q is not None: w.apply(q, a)
        for r in orderers: fixed.update(w.piles[r])
    for back in (False, True):
        slots = [i for i, c in enumerate(ids) if c not in t.seen[p] and c not in fixed and t.rainbow[c] == back]
        names = [deck[i] for i in slots]
        rng.shuffle(names)
        for i, nm in zip(slots, names): new[i] = nm
    try: u = replay("fomo", {**json.loads(s.save())["options"], "deck_order": new}, 0, s.actions)
    except RulesError: return None
    return None if u.is_over else u


@given(n=st.integers(2, 5), deal=st.integers(0, 10**6), seed=st.integers(0, 10**6), steps=st.integers(0, 120),
       p=st.integers(0, 4), swap=st.integers(0, 10**6))
@settings(**SETTINGS)
def test_view_does_not_depend_on_unseen_cards(n, deal, seed, steps, p, swap):
    p %= n
    deck = tuple(NAMES[i] for i in deal_order(deal))
    s = play_random(n, deck, seed, steps)
    u = other_world(s, p, swap)
    assume(u is not None)
    assert u.view(p) == s.view(p)
    assert u.log.to_json(p) == s.log.to_json(p)
    assert obs_from_view(u.view(p)) == observe(s.copy(quiet=True).view(p))
    k = len(s.actions) // 2                                # ... and after undo, on both
    if k: assert u.past(k).view(p) == s.past(k).view(p)
    assert load_game(u.save()).view(p) == s.view(p)        # ... and after save/load


@given(n=st.integers(2, 5), deal=st.integers(0, 10**6), seed=st.integers(0, 10**6), steps=st.integers(0, 100),
       pick=st.integers(0, 9))
@settings(**SETTINGS)
def test_face_down_discards_and_pile_order_are_hidden(n, deal, seed, steps, pick):
    s = play_random(n, tuple(NAMES[i] for i in deal_order(deal)), seed, steps)
    q = s.to_move()[0]
    if s.phase != "bid": return
    secret = [a for a in s.legal_actions(q) if "discard" in a or "top" in a]
    a, b = secret[pick % len(secret)], secret[(pick + 1) % len(secret)]
    x, y = s.copy(), s.copy()
    x.apply(q, a); y.apply(q, b)
    kind = lambda act: "discard" if "discard" in act else "top"
    if x.is_over or y.is_over or kind(a) != kind(b): return
    backs = {x.view(q)["pile_tops"][q], y.view(q)["pile_tops"][q]}   # a new top card shows its back (option backs_visible)
    for p in range(n):
        if p == q: continue
        vx, vy = x.view(p), y.view(p)
        if len(backs) > 1: vx["pile_tops"][q] = vy["pile_tops"][q] = "?"
        assert vx == vy, (a, b)
        assert x.log.to_json(p) == y.log.to_json(p), (a, b)
    if a != b: assert x.view(q) != y.view(q) or x.log.to_json(q) != y.log.to_json(q)


@given(n=st.integers(2, 5), deal=st.integers(0, 10**6), seed=st.integers(0, 10**6), steps=st.integers(0, 120))
@settings(**SETTINGS)
def test_views_never_show_others_hands_or_pile_order(n, deal, seed, steps):
    s = play_random(n, tuple(NAMES[i] for i in deal_order(deal)), seed, steps)
    t = s
    for p in range(n):
        v = s.view(p)
        text = json.dumps(v)
        for key in ("hands", "draw", "deck_order", "know", "seen", "spent"): assert f'"{key}"' not in text
        assert v["hand"] == [c for c in range(1, 11) if t.hands[p] >> c & 1]
        for q in range(n):
            names = [t.deck.kinds[t.kind[c]].name for c in t.piles[q]]
            if q == p: assert v["my_pile"] == names
            else: assert v["known_in_piles"][q] == sorted(v["known_in_piles"][q], key=t.deck.index.__getitem__)


def test_cached_observation_is_the_view_at_every_decision():
    """The bots' quiet observation is cached across decisions (per card move, per player's new knowledge). At every
    decision of many games — peeks, the Hook, pile reorders, round ends — it equals the observation read from the full
    game's JSON view of the same player, for every player; and the bots' cached stack values pick the action they pick
    from that uncached observation."""
    from fortune_suite.games.fomo.bots import choose, GREEDY, EV, action_from_obs
    from fortune_suite.engine import get_bot
    checked = 0
    for n in (2, 3, 4, 5):
        for g in range(6):
            bots = [get_bot("fomo", ["greedy", "ev", "random"][(g + p) % 3]) for p in range(n)]
            q, f = Fomo.new({"players": n}, g, quiet=True), Fomo.new({"players": n}, g)
            rngs = [np.random.default_rng([g, p]) for p in range(n)]
            while not q.is_over:
                for p in range(n):
                    assert observe(q.view(p)) == obs_from_view(f.view(p)), (n, g, len(q.actions), p)
                p = q.to_move()[0]
                for style in (GREEDY, EV):
                    assert action_from_obs(choose(observe(q.view(p)), style, q.sc), q.view(p)) == \
                        action_from_obs(choose(obs_from_view(f.view(p)), style, q.sc), f.view(p))
                a = bots[p](q.view(p), q.legal_actions(p), rngs[p])
                q.apply(p, a); f.apply(p, a); checked += 1
            assert q.result() == f.result()
    assert checked > 1000


@given(n=st.integers(2, 5), deal=st.integers(0, 10**6), seed=st.integers(0, 10**6), steps=st.integers(0, 120),
       p=st.integers(0, 4), swap=st.integers(0, 10**6))
@settings(**SETTINGS)
def test_seat_export_holds_nothing_the_seat_may_not_see(n, deal, seed, steps, p, swap):
    """Issue 10: a save holds the seed (the deck order can be rebuilt from it); a player's export holds only their
    view and their own log lines: byte-identical in a world where every card they have not seen is swapped, and
    not loadable as a save."""
    p %= n
    s = play_random(n, tuple(NAMES[i] for i in deal_order(deal)), seed, steps)
    e = json.loads(s.export_for(p))
    assert (e["format"], e["not_a_save"], e["seat"]) == ("fomo-seat-export", True, p)
    assert not {"seed", "actions", "options"} & set(e)
    assert e["view"] == s.view(p) and [x["text"] for x in e["log"]] == s.log.lines(p)
    try: load_game(s.export_for(p)); assert False, "an export loaded as a save"
    except RulesError: pass
    u = other_world(s, p, swap)
    assume(u is not None)
    assert u.export_for(p) == s.export_for(p)
