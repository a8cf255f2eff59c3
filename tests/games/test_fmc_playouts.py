"""FMC skirmish: 1,000+ seeded random playouts (the engine's `random_playout`) over a spread of encounters and options,
with invariants checked after every action — hit points within bounds, only standing figures act, the dead stay
dead, every skirmish ends within its round limit — and greedy bot games with the same checks."""
import pytest
from fortune_suite.engine import random_playout, play_bots, get_game
from fortune_suite.games.fmc import STATUSES, OUT, new_character

_EXPERT = new_character("Ivo", "expert", kit="ab", skills=["avoid surprise"], leather=True, weapon="spear", coins=20)
_EXPERT.scrolls.extend(["heal", "lullaby"])
_MAGE = new_character("Ada", "mage", spells=["captivate", "hamper"], leather=True, coins=20)
_MAGE.level, _MAGE.xp = 3, 5000
SHEETS = [_EXPERT.to_dict(), _MAGE.to_dict(),
          new_character("Bo", "fighter", kit="b", weapon_choice="polearm", leather=True, coins=20).to_dict()]

ENCOUNTERS = ["6 hoblin, 4 porc", "1 troll", "1 medusa, 2 porc", "1 dragon, young, 3 skeleton", "2 wraith",
              "1 lycanthrope, 4 zombie", "1 giant", "3 ghoul, 2 hoblin", "1 ogre, 1 bear", "8 skeleton"]
VARIANTS = [{}, {"death": "excess", "shields": "lethal"}, {"into_melee": "forbidden"}, {"shields": "always", "gaze": "round"},
            {"fate_saves": False, "morale": False, "surprise": "none"}, {"level": 3, "retainers": 2},
            {"classes": "mage, fighter:b", "size": 3, "level": 2}, {"surprise": "party", "skills": "avoid surprise, climbing"},
            {"surprise": "foes", "max_rounds": 5}, {"level": 5, "size": 2, "classes": "fighter:a, mage", "mage_reads": True},
            {"characters": SHEETS, "spells": "hasten, captivate"}, {"shields": "ask", "classes": "fighter:a, mage", "flying": True},
            {"troll_rises": True, "items": "oil flask, torches"}, {"base": 0}]


def options(seed):
    return {"encounter": ENCOUNTERS[seed % len(ENCOUNTERS)], **VARIANTS[(seed // len(ENCOUNTERS)) % len(VARIANTS)]}


class Invariants:
    "Checks every state after an action; remembers who was to act so it can tell that the action was theirs."
    def __init__(self, s):
        self.dead, self.acting = set(), self._acting(s)
        self.check(s, first=True)

    @staticmethod
    def _acting(s):
        return None if s.current is None else (s.current.id, s.current.status)

    def check(self, s, first=False):
        if not first and isinstance(s.actions[-1][1], dict):         # (a str is the party's answer to a shield decision)
            fig = s.actions[-1][1]["fig"]
            assert self.acting is not None and fig == self.acting[0], (s.seed, fig, self.acting)
            assert self.acting[1] == "ok", f"seed {s.seed}: {fig} acted while {self.acting[1]}"
            if s.actions[-1][1]["do"] in ("close", "away", "to") and s.options.base > 0:   # a move never ends on another's base
                me = s.by_id[fig]
                assert all(g is me or g.status in OUT or ((g.x - me.x) ** 2 + (g.y - me.y) ** 2) ** 0.5 >= s.options.base - 1e-6
                           for g in s.figures), f"seed {s.seed}: {me} stands on another's base"
        if s.decisions: assert s.decision.kind == "shield" and s.to_move() == (0,) and s.by_id[s.decision.data["figure"]].shield
        for f in s.figures:
            assert f.status in STATUSES, f
            assert 0 <= f.hp <= f.hp0 and f.damage >= 0, f
            if f.status == "ok":
                assert (f.damage <= f.hp if s.options.death == "excess" else f.damage < f.hp), f"seed {s.seed}: {f} stands past death"
            if f.id in self.dead and not (s.options.troll_rises and "regenerate" in f.specials and f.id not in s.burned):
                assert f.status in OUT, f"seed {s.seed}: {f} came back"
            if f.status in OUT: self.dead.add(f.id)
            assert 0 <= f.x <= s.options.table, f
            if f.pc is False and f.side == 0: assert f.kind == "retainer"
        assert 0 <= s.round <= s.options.max_rounds
        if s.current is not None: assert s.current.status == "ok" and not s.over
        self.acting = self._acting(s)


@pytest.mark.parametrize("block", range(14))
def test_random_playouts(block):
    "1,400 random playouts, 100 a block, in quiet mode: invariants after every action, and every game ends."
    ended = 0
    for seed in range(block * 100, block * 100 + 100):
        s = get_game("fmc").new(options(seed), seed, quiet=True)
        inv = Invariants(s)
        s = random_playout(s, seed, max_steps=5_000, check=inv.check)
        assert s.is_over and s.result() is not None
        r = s.result()
        assert r["rounds"] <= s.options.max_rounds and r["winners"] in ([], [0], [1])
        assert 0 <= r["survivors"] <= sum(f.pc for f in s.figures)
        ended += 1
    assert ended == 100


@pytest.mark.parametrize("bots", [("greedy", "greedy"), ("party", "random"), ("random", "monsters")])
def test_bot_games(bots):
    "Bot games over the same spread, with the same invariants; greedy games decide most skirmishes."
    decided = 0
    for seed in range(60):
        s = get_game("fmc").new(options(seed), seed, quiet=True)
        inv = Invariants(s)
        from fortune_suite.engine import get_bot
        import numpy as np
        b = [get_bot("fmc", x) for x in bots]
        rngs = [np.random.default_rng([seed, p]) for p in (0, 1)]
        while not s.is_over:
            p = s.to_move()[0]
            v = s.view(p)
            s.apply(p, b[p](v, v["legal_actions"], rngs[p]))
            inv.check(s)
        decided += bool(s.result()["winners"])
    if bots == ("greedy", "greedy"): assert decided >= 45, decided


def test_quiet_and_full_agree():
    "The same seeds end the same in quiet mode and with the full log (greedy bots)."
    for seed in range(20):
        a = play_bots(get_game("fmc").new(options(seed), seed, quiet=True), ["greedy", "greedy"], seed)
        b = play_bots(get_game("fmc").new(options(seed), seed), ["greedy", "greedy"], seed)
        assert a.result() == b.result() and a.save() == b.save()
        assert all(e.data.get("round") is not None for e in b.log.events if e.kind == "roll")
