"""A hand's trick table rebuilt from its public plays (what sampling from a view does) is the
table of the hand as played: the same tricks, the winner of each leading the next.

The rules pages' play sections (docs/preference.md, "Play": *the winner of a trick leads to the
next one*; docs/ninety-two.md and docs/texas42.md alike). ``table_of`` counts the seats at the
table as ``max(order) + 1`` unless told (Preference's dealer, seat 0 or 3, may sit out of
``order``). Written to kill mutants of ``tablegames.tricks.rebuild`` (docs/testing.md,
"Mutation testing").
"""

from __future__ import annotations

import random

from tablegames.pieces import CARDS
from tablegames.tricks import TrickTable, plain_card_model
from tablegames.tricks.rebuild import table_of


def test_a_table_rebuilt_from_the_plays_is_the_table_as_played() -> None:
    rng = random.Random(30)
    model = plain_card_model(None)
    for order in ((0, 1, 2), (1, 2, 3), (0, 2, 3), (0, 1, 2, 3), (2, 4)):
        for _ in range(20):
            leader = rng.choice(order)
            plays = [card.index for card in rng.sample(CARDS, rng.randint(0, 12))]
            seats = max(order) + 1
            played = TrickTable.start(order, leader, seats)
            for piece in plays:
                played = played.play(piece, model)
            assert table_of(order, leader, plays, model) == played
            assert len(table_of(order, leader, plays, model).won) == seats
            wider = table_of(order, leader, plays, model, seats=6)
            assert len(wider.won) == 6 and wider.won[:seats] == played.won
            assert wider.tricks == played.tricks and wider.leader == played.leader
