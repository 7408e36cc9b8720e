"""Quartets' mask arithmetic (``tablegames.quartets.masks``) against a direct reading of the rule.

The ruling (docs/quartets.md, "Rulings", an ask): "A turn is a request ...
for one exact card, of a rank the asker holds, and that the asker does not hold." Each test reads
that sentence card by card and compares it with the masks. They were written to kill mutants of
``nox -s mutation -- quartets.masks`` (docs/testing.md).
"""

from __future__ import annotations

import random

from tablegames.pieces import CARDS, cards
from tablegames.quartets.masks import askable_cards, ranks_held


def _hands() -> list[int]:
    """Every single card, the corners of the deck, whole ranks and random hands of every size."""
    rng = random.Random(71)
    hands = [1 << card.index for card in CARDS]
    hands += [0, (1 << 52) - 1, cards("2C AS").mask, cards("AC 2S").mask]
    hands += [cards(f"{r}C {r}D {r}H {r}S").mask for r in "23456789TJQKA"]
    for size in range(53):
        for _ in range(4):
            hands.append(sum(1 << card.index for card in rng.sample(CARDS, size)))
    return hands


def test_ranks_held_are_the_ranks_of_the_cards_in_hand() -> None:
    # "of a rank the asker holds": bit rank - 2 is set exactly when some card of that rank is held.
    for hand in _hands():
        held = [card for card in CARDS if hand >> card.index & 1]
        assert ranks_held(hand) == sum({1 << card.rank - 2 for card in held})


def test_askable_cards_are_the_missing_cards_of_held_ranks() -> None:
    # "for one exact card, of a rank the asker holds, and that the asker does not hold".
    for hand in _hands():
        held = [card for card in CARDS if hand >> card.index & 1]
        ranks = {card.rank for card in held}
        expected = [c for c in CARDS if c.rank in ranks and not hand >> c.index & 1]
        assert askable_cards(hand) == sum(1 << card.index for card in expected)


def test_a_complete_set_or_no_card_leaves_nothing_to_ask() -> None:
    assert askable_cards(0) == 0
    assert askable_cards(cards("AC AD AH AS").mask) == 0
    assert askable_cards(cards("AS").mask) == cards("AC AD AH").mask
    assert askable_cards(cards("2C").mask) == cards("2D 2H 2S").mask
