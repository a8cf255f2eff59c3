"""FMC skirmish against the whole engine protocol (`check_protocol`): legal actions iff to move, junk refused with the
state unchanged, replay, save/load mid-game, undo, quiet mode — on small skirmishes with specials and options."""
import pytest
from fortune_suite.engine import check_protocol


@pytest.mark.parametrize("opts", [
    {"encounter": "2 hoblin, 1 porc", "size": 2},
    {"encounter": "1 dragon, young, 1 skeleton", "size": 2, "classes": "mage, fighter:c", "into_melee": "forbidden"},
    {"encounter": "1 medusa", "size": 2, "level": 2, "death": "excess", "gaze": "round", "classes": "fighter:b, mage"},
    {"encounter": "1 troll", "size": 1, "retainers": 1, "level": 3, "shields": "always", "surprise": "party"},
    {"site": 1, "site_seed": 4, "room": "other", "size": 2, "classes": "expert, mage", "spells": "captivate, hamper"},
])
def test_protocol(opts):
    c = check_protocol("fmc", seeds=range(3), options=opts)
    assert c["games"] == 3 and c["illegal_refused"] > 0 and c["quiet_games"] == 3
