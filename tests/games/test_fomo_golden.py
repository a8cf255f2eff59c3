"""FOMO golden game: a 2-player game (seed 2026, greedy bot as player 0, expected-value bot as player 1) whose whole
referee's log is compared line by line, and player 1's part of it.

The log was read through by hand when it was frozen. Checks of its end by hand: player 0's pile (3 diamonds, a
circle, a star, 2 Shapeshifters, core −2) scores best with both Shapeshifters as circles — a triple of circles and a
triple of diamonds, 10 — minus 2: 8. Player 1's pile (3 circles, 2 stars, the Unicorn, the Poltergeist and six red
cards) scores a triple of circles, 5, doubled by the Unicorn to 10, minus 9 for the red: 1; but its red cards hold
all five parts (head, torso, arms, legs, core), so player 1 has completed the Giant Mecha and wins at the round's
end. Any change to the rules, the bots, the shuffle or the wording shows up here line by line."""
from fortune_suite.engine import play_bots
from fortune_suite.games.fomo import Fomo, deal_order, score, giant_mecha

REFEREE = [
    'FOMO for 2 players with 24 Mecha cards; each player holds Scavenger cards 1 to 10.',
    'Roll — shuffle the Mecha deck, place 24: Dist(1..24) → [5] = 5 (top 83%)',
    'Roll — shuffle the Mecha deck, place 23: Dist(1..23) → [15] = 15 (top 39%)',
    'Roll — shuffle the Mecha deck, place 22: Dist(1..22) → [11] = 11 (top 55%)',
    'Roll — shuffle the Mecha deck, place 21: Dist(1..21) → [8] = 8 (top 67%)',
    'Roll — shuffle the Mecha deck, place 20: Dist(1..20) → [8] = 8 (top 65%)',
    'Roll — shuffle the Mecha deck, place 19: Dist(1..19) → [16] = 16 (top 21%)',
    'Roll — shuffle the Mecha deck, place 18: Dist(1..18) → [17] = 17 (top 11%)',
    'Roll — shuffle the Mecha deck, place 17: Dist(1..17) → [4] = 4 (top 82%)',
    'Roll — shuffle the Mecha deck, place 16: Dist(1..16) → [11] = 11 (top 38%)',
    'Roll — shuffle the Mecha deck, place 15: Dist(1..15) → [5] = 5 (top 73%)',
    'Roll — shuffle the Mecha deck, place 14: Dist(1..14) → [14] = 14 (top 7%)',
    'Roll — shuffle the Mecha deck, place 13: Dist(1..13) → [12] = 12 (top 15%)',
    'Roll — shuffle the Mecha deck, place 12: Dist(1..12) → [8] = 8 (top 42%)',
    'Roll — shuffle the Mecha deck, place 11: Dist(1..11) → [9] = 9 (top 27%)',
    'Roll — shuffle the Mecha deck, place 10: Dist(1..10) → [6] = 6 (top 50%)',
    'Roll — shuffle the Mecha deck, place 9: Dist(1..9) → [8] = 8 (top 22%)',
    'Roll — shuffle the Mecha deck, place 8: Dist(1..8) → [4] = 4 (top 62%)',
    'Roll — shuffle the Mecha deck, place 7: Dist(1..7) → [3] = 3 (top 71%)',
    'Roll — shuffle the Mecha deck, place 6: Dist(1..6) → [2] = 2 (top 83%)',
    'Roll — shuffle the Mecha deck, place 5: Dist(1..5) → [2] = 2 (top 80%)',
    'Roll — shuffle the Mecha deck, place 4: Dist(1..4) → [3] = 3 (top 50%)',
    'Roll — shuffle the Mecha deck, place 3: Dist(1..3) → [2] = 2 (top 67%)',
    'Roll — shuffle the Mecha deck, place 2: Dist(1..2) → [2] = 2 (top 50%)',
    'Round 1: Player 0 holds the 1st player card. 4 Mecha cards dealt face down (20 left in the deck); rainbow back on C.',
    'Player 0 looks at the stack facing them, A: circle.',
    'Player 0 looks at the stack facing them, B: core −1.',
    'Player 1 looks at the stack facing them, C: Shapeshifter.',
    'Player 1 looks at the stack facing them, D: diamond.',
    'Player 0 uses the 1st player card to peek at stack C.',
    'Player 0 sees in stack C: Shapeshifter.',
    'Player 0 bids the 1 on stack A, and peeks at it.',
    'Player 0 sees in stack A: circle.',
    'Player 1 bids the 1 on stack C, and peeks at it.',
    'Player 1 sees in stack C: Shapeshifter.',
    "Player 0 bids the 2 on stack C, over Player 1's 1.",
    'Player 1 bids the 2 on stack D.',
    "Player 0 bids the 3 on stack D, over Player 1's 2.",
    "Player 1 bids the 3 on stack C, over Player 0's 2.",
    'Player 0 takes stack A with the 1: 1 Mecha card (pile: 1).',
    "Player 0's new cards: circle.",
    'Nobody bid on stack B: its card stays for the next round.',
    'Player 1 takes stack C with the 3: 1 Mecha card, 1 rainbow-backed (pile: 1).',
    "Player 1's new cards: Shapeshifter.",
    'Player 0 takes stack D with the 3: 1 Mecha card (pile: 2).',
    "Player 0's new cards: diamond.",
    'Round 2: Player 1 holds the 1st player card. 4 Mecha cards dealt face down (16 left in the deck).',
    'Player 0 looks at the stack facing them, A: star.',
    'Player 0 looks at the stack facing them, B: core −1, circle.',
    'Player 1 looks at the stack facing them, C: circle.',
    'Player 1 looks at the stack facing them, D: legs −2.',
    'Player 1 uses the 1st player card to peek at stack B.',
    'Player 1 sees in stack B: core −1, circle.',
    'Player 1 bids the Hook (4) on stack B, taking nothing.',
    "Player 0 bids the Hook (4) on stack A, hooking the top card of Player 1's pile.",
    "The Hook pulls the top card of Player 1's pile (a rainbow-backed card) into stack A; that pile has 0 left.",
    "Player 1's Shapeshifter was hooked into stack A.",
    "Player 1 bids the 5 on stack A, over Player 0's 4.",
    "Player 0 bids the 6 on stack A, over Player 1's 5.",
    "Player 1 bids the 7 on stack A, over Player 0's 6.",
    "Player 0 bids the 8 on stack A, over Player 1's 7.",
    'Player 0 takes stack A with the 8: 2 Mecha cards, 1 rainbow-backed (pile: 4).',
    "Player 0's new cards: star, Shapeshifter.",
    'Player 1 takes stack B with the 4: 2 Mecha cards (pile: 2).',
    "Player 1's new cards: core −1, circle.",
    'Nobody bid on stack C: its card stays for the next round.',
    'Nobody bid on stack D: its card stays for the next round.',
    'Round 3: Player 0 holds the 1st player card. 4 Mecha cards dealt face down (12 left in the deck).',
    'Player 0 looks at the stack facing them, A: torso −1.',
    'Player 0 looks at the stack facing them, B: diamond.',
    'Player 1 looks at the stack facing them, C: circle, star.',
    'Player 1 looks at the stack facing them, D: legs −2, core −2.',
    'Player 0 uses the 1st player card to peek at stack C.',
    'Player 0 sees in stack C: circle, star.',
    'Player 0 bids the 5 on stack B.',
    'Secret order — Player 1 puts a core −1 on top of their Mecha pile.',
    'Player 1 has given a secret order.',
    'Player 1 rearranges their Mecha pile.',
    'Player 1 bids the 6 on stack C.',
    "Player 0 bids the 7 on stack C, over Player 1's 6.",
    "Player 1 bids the 8 on stack C, over Player 0's 7.",
    "Player 0 bids the 9 on stack C, over Player 1's 8.",
    "Player 1 bids the Tank (10) on stack C, over Player 0's 9.",
    'Nobody bid on stack A: its card stays for the next round.',
    'Player 0 takes stack B with the 5: 1 Mecha card (pile: 5).',
    "Player 0's new cards: diamond.",
    'Player 1 takes stack C with the 10: 2 Mecha cards (pile: 4).',
    "Player 1's new cards: circle, star.",
    'Nobody bid on stack D: its 2 cards stay for the next round.',
    "Player 1's Tank is set aside face up: it is used for the game.",
    'Player 0 has 1 card left and takes back 9 from the discard pile.',
    'Player 1 has 1 card left and takes back 8 from the discard pile.',
    'Round 4: Player 1 holds the 1st player card. 4 Mecha cards dealt face down (8 left in the deck); rainbow back on C, D.',
    'Player 0 looks at the stack facing them, A: torso −1, head −2.',
    'Player 0 looks at the stack facing them, B: torso −2.',
    'Player 1 looks at the stack facing them, C: Poltergeist.',
    'Player 1 looks at the stack facing them, D: legs −2, core −2, Shapeshifter.',
    'Player 1 uses the 1st player card to peek at stack A.',
    'Player 1 sees in stack A: torso −1, head −2.',
    'Secret order — Player 1 puts a core −1 on top of their Mecha pile.',
    'Player 1 has given a secret order.',
    'Player 1 rearranges their Mecha pile.',
    'Player 1 bids the 1 on stack D, and peeks at it.',
    'Player 1 sees in stack D: legs −2, core −2, Shapeshifter.',
    'Secret order — Player 0 puts a circle on top of their Mecha pile.',
    'Player 0 has given a secret order.',
    'Player 0 rearranges their Mecha pile.',
    "Player 0 bids the 2 on stack D, over Player 1's 1.",
    "Player 1 bids the 3 on stack D, over Player 0's 2.",
    "Player 0 bids the Hook (4) on stack D, over Player 1's 3, taking nothing.",
    "Player 1 bids the 5 on stack D, over Player 0's 4.",
    "Player 0 bids the 6 on stack D, over Player 1's 5.",
    'Nobody bid on stack A: its 2 cards stay for the next round.',
    'Nobody bid on stack B: its card stays for the next round.',
    'Nobody bid on stack C: its card stays for the next round.',
    'Player 0 takes stack D with the 6: 3 Mecha cards, 1 rainbow-backed (pile: 8).',
    "Player 0's new cards: legs −2, core −2, Shapeshifter.",
    'Round 5: Player 0 holds the 1st player card. 4 Mecha cards dealt face down (4 left in the deck); rainbow back on D.',
    'Player 0 looks at the stack facing them, A: torso −1, head −2, circle.',
    'Player 0 looks at the stack facing them, B: torso −2, legs −1.',
    'Player 1 looks at the stack facing them, C: Poltergeist, arms −2.',
    'Player 1 looks at the stack facing them, D: Unicorn.',
    'Player 0 uses the 1st player card to peek at stack C.',
    'Player 0 sees in stack C: Poltergeist, arms −2.',
    'Secret order — Player 0 puts a legs −2 on top of their Mecha pile.',
    'Player 0 has given a secret order.',
    'Player 0 rearranges their Mecha pile.',
    'Player 0 bids the 1 on stack D, and peeks at it.',
    'Player 0 sees in stack D: Unicorn.',
    "Player 1 bids the 2 on stack D, over Player 0's 1.",
    "Player 0 bids the 3 on stack D, over Player 1's 2.",
    "Player 1 bids the Hook (4) on stack D, over Player 0's 3, hooking the top card of Player 0's pile.",
    "The Hook pulls the top card of Player 0's pile (a silver-backed card) into stack D; that pile has 7 left.",
    "Player 0's legs −2 was hooked into stack D.",
    'Secret order — Player 0 puts a core −2 on top of their Mecha pile.',
    'Player 0 has given a secret order.',
    'Player 0 rearranges their Mecha pile.',
    "Player 0 bids the 5 on stack D, over Player 1's 4.",
    "Player 1 bids the 6 on stack D, over Player 0's 5.",
    'Nobody bid on stack A: its 3 cards stay for the next round.',
    'Nobody bid on stack B: its 2 cards stay for the next round.',
    'Nobody bid on stack C: its 2 cards stay for the next round.',
    'Player 1 takes stack D with the 6: 2 Mecha cards, 1 rainbow-backed (pile: 6).',
    "Player 1's new cards: Unicorn, legs −2.",
    'Round 6: Player 1 holds the 1st player card. 4 Mecha cards dealt face down (0 left in the deck).',
    'Player 0 looks at the stack facing them, A: torso −1, head −2, circle, star.',
    'Player 0 looks at the stack facing them, B: torso −2, legs −1, head −1.',
    'Player 1 looks at the stack facing them, C: Poltergeist, arms −2, arms −1.',
    'Player 1 looks at the stack facing them, D: diamond.',
    'Player 1 uses the 1st player card to peek at stack B.',
    'Player 1 sees in stack B: torso −2, legs −1, head −1.',
    'Player 1 bids the 7 on stack A.',
    "Player 0 bids the 8 on stack A, over Player 1's 7.",
    "Player 1 bids the 9 on stack A, over Player 0's 8.",
    'Player 0 bids the 7 on stack D.',
    'Player 1 bids the 8 on stack C.',
    'Secret order — Player 0 discards the 9.',
    'Player 0 has given a secret order.',
    'Player 0 discards a card face down.',
    'Player 1 takes stack A with the 9: 4 Mecha cards (pile: 10).',
    "Player 1's new cards: torso −1, head −2, circle, star.",
    'Nobody bid on stack B: its 3 cards stay for the next round.',
    'Player 1 takes stack C with the 8: 3 Mecha cards, 1 rainbow-backed (pile: 13).',
    "Player 1's new cards: Poltergeist, arms −2, arms −1.",
    'Player 0 takes stack D with the 7: 1 Mecha card (pile: 8).',
    "Player 0's new cards: diamond.",
    'Player 0 has 1 card left and takes back 9 from the discard pile.',
    'Player 1 has 0 cards left and takes back 9 from the discard pile.',
    'Player 0 shows 8 Mecha cards: diamond, star, Shapeshifter, diamond, circle, Shapeshifter, core −2, diamond — score 8.',
    'Player 1 shows 13 Mecha cards: circle, circle, star, core −1, Unicorn, legs −2, torso −1, head −2, circle, star, Poltergeist, arms −2, arms −1 — score 1.',
    'Game over after round 6: Player 1 completes the Giant Mecha and wins (scores 8, 1).',
]

HIDDEN_FROM_PLAYER_1 = [
    *REFEREE[1:24],   # the 23 shuffle rolls (lines 2–24 of the referee's log): the deck order is secret
    'Player 0 looks at the stack facing them, A: circle.',
    'Player 0 looks at the stack facing them, B: core −1.',
    'Player 0 sees in stack C: Shapeshifter.',
    'Player 0 sees in stack A: circle.',
    "Player 0's new cards: circle.",
    "Player 0's new cards: diamond.",
    'Player 0 looks at the stack facing them, A: star.',
    'Player 0 looks at the stack facing them, B: core −1, circle.',
    "Player 0's new cards: star, Shapeshifter.",
    'Player 0 looks at the stack facing them, A: torso −1.',
    'Player 0 looks at the stack facing them, B: diamond.',
    'Player 0 sees in stack C: circle, star.',
    "Player 0's new cards: diamond.",
    'Player 0 looks at the stack facing them, A: torso −1, head −2.',
    'Player 0 looks at the stack facing them, B: torso −2.',
    'Secret order — Player 0 puts a circle on top of their Mecha pile.',
    "Player 0's new cards: legs −2, core −2, Shapeshifter.",
    'Player 0 looks at the stack facing them, A: torso −1, head −2, circle.',
    'Player 0 looks at the stack facing them, B: torso −2, legs −1.',
    'Player 0 sees in stack C: Poltergeist, arms −2.',
    'Secret order — Player 0 puts a legs −2 on top of their Mecha pile.',
    'Player 0 sees in stack D: Unicorn.',
    "Player 0's legs −2 was hooked into stack D.",
    'Secret order — Player 0 puts a core −2 on top of their Mecha pile.',
    'Player 0 looks at the stack facing them, A: torso −1, head −2, circle, star.',
    'Player 0 looks at the stack facing them, B: torso −2, legs −1, head −1.',
    'Secret order — Player 0 discards the 9.',
    "Player 0's new cards: diamond.",
]


def game():
    return play_bots(Fomo.new({"players": 2}, seed=2026), ["greedy", "ev"])


def test_golden_log_line_by_line():
    s = game()
    lines = s.log.lines()
    for i, (got, want) in enumerate(zip(lines, REFEREE)):
        assert got == want, f"line {i}: {got!r} != {want!r}"
    assert len(lines) == len(REFEREE)


def test_player_1_reads_the_log_without_player_0_secrets():
    s = game()
    assert s.log.lines(1) == [l for l in REFEREE if l not in HIDDEN_FROM_PLAYER_1]
    assert all(l.startswith(("Roll — shuffle", "Player 0 looks at", "Player 0 sees", "Player 0's new cards", "Player 0's legs −2 was hooked", "Secret order — Player 0"))
               for l in HIDDEN_FROM_PLAYER_1), HIDDEN_FROM_PLAYER_1


def test_golden_end_by_hand():
    s = game()
    r = s.result()
    assert r == {"winners": [1], "scores": [8, 1], "cards": [8, 13], "giant": [1], "reason": "giant", "rounds": 6}
    p0 = ["diamond"] * 3 + ["circle", "star", "shapeshifter", "shapeshifter", "core-2"]
    p1 = ["circle"] * 3 + ["star"] * 2 + ["unicorn", "poltergeist", "core-1", "legs-2", "torso-1", "head-2", "arms-2", "arms-1"]
    assert sorted(s.view(0)["my_pile"]) == sorted(p0) and sorted(s.view(1)["my_pile"]) == sorted(p1)
    assert (score(p0), score(p1), giant_mecha(p0), giant_mecha(p1)) == (8, 1, None, -9)
    names = Fomo.new({"players": 2}, seed=2026).deck.cards
    assert [names[i] for i in deal_order(2026, {"players": 2})][:4] == ["circle", "core-1", "shapeshifter", "diamond"]   # round 1: A–D
