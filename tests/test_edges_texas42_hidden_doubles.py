"""Sampling after a plunge gives its caller only the doubles still owed, and a bad first pick
of those doubles is drawn again, not given up on.

docs/texas42.md, "Plunge": a plunge shows that its caller held at least four
doubles; docs/views.md, "Sampling from a view": a sample deals the hidden tiles within what the seat
knows (the caller's shown doubles, counting those already played, and every void), and finds
such a deal whenever one exists. Written to kill mutants of ``tablegames.texas42.hidden``
(docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import random

from tablegames.texas42.hidden import deal_hidden

DOUBLES = (0, 2, 5, 9, 14, 20, 27)  # the tile indices of 0:0 ... 6:6
EVERY_TILE = (1 << 28) - 1


def _mask(*tiles: int) -> int:
    return sum(1 << tile for tile in tiles)


def test_a_caller_who_has_played_the_doubles_it_showed_is_owed_none() -> None:
    # Seat 1 (left of dealer 0) plunged and has played four doubles: no hidden tile need be a
    # double, and none is left to give it, so a deal exists and is found.
    played = (0, _mask(*DOUBLES[:4]), 0, 0)
    hidden = _mask(1, 3, 4, 6, 7, 8)
    for seed in range(10):
        hands, aside = deal_hidden(
            0, (0, 2, 2, 2), hidden, {}, played, 0, 0, ((0, "plunge"),), None, random.Random(seed)
        )
        assert [hand.bit_count() for hand in hands] == [0, 2, 2, 2]
        assert sum(hands) == hidden and not any(aside)


def test_a_pick_of_doubles_that_leaves_no_deal_is_drawn_again() -> None:
    # Seat 1 plunged and played three doubles: one of the two hidden doubles is owed to it.
    # Seat 2 is known to hold only the 1:1 (it lacks every other tile), so seat 1 must get the
    # 2:2; a first pick of the 1:1 leaves no deal, and the sample draws again.
    one_one, two_two, plain = DOUBLES[2], DOUBLES[3], 1
    played = (0, _mask(*DOUBLES[4:]), 0, 0)
    voids = {2: EVERY_TILE & ~_mask(one_one)}
    for seed in range(40):
        hands, _ = deal_hidden(
            0,
            (0, 1, 1, 1),
            _mask(one_one, two_two, plain),
            voids,
            played,
            0,
            0,
            ((0, "plunge"),),
            None,
            random.Random(seed),
        )
        assert hands == [0, _mask(two_two), _mask(one_one), _mask(plain)]
