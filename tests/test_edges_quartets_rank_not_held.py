"""Under ``ask="rank"`` a seat may ask only for a rank it holds; asking for another is refused as
``ask_rank_not_held`` with a sentence naming the rank and its set (docs/quartets.md, "Option
``ask="rank"``" and "Violations": ``ask_rank_not_held``, the asker holds no card of that value).

Written to kill a mutant of ``quartets.asking._rank_not_held`` that named another rank's set
(docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import pytest

from tablegames.core.violations import ViolationCode
from tablegames.pieces import CARDS, Rank, cards
from tablegames.quartets import AskRank, Rules, deal_of, new_match

# Seat 1 asks first (dealer 0) and holds twos, threes, fours and sixes, but no other rank.
_HELD = cards("2C 2D 2H 3C 3D 3H 4C 4D 4H 6C 6D 6H 7C")
_REST = [card for card in CARDS if card not in _HELD]
_HANDS = [_REST[0:13], list(_HELD), _REST[13:26], _REST[26:39]]

_NAMES = {
    Rank.FIVE: ("5", "fives"),
    Rank.EIGHT: ("8", "eights"),
    Rank.TEN: ("T", "tens"),
    Rank.ACE: ("A", "aces"),
}


@pytest.mark.parametrize("rank", list(_NAMES))
def test_a_rank_ask_for_a_rank_not_held_is_refused_naming_it(rank: Rank) -> None:
    state = new_match(Rules(ask="rank")).apply(deal_of(_HANDS))
    assert state.to_act == 1
    violation = state.check(AskRank(2, rank))
    assert violation is not None
    assert violation.code is ViolationCode.ASK_RANK_NOT_HELD
    letter, name = _NAMES[rank]
    assert violation.message == (
        f"You hold no {letter} (the {name}): you may ask only for a rank you hold."
    )


@pytest.mark.parametrize("rank", [Rank.TWO, Rank.SIX, Rank.SEVEN])
def test_a_rank_ask_for_a_rank_held_is_legal(rank: Rank) -> None:
    state = new_match(Rules(ask="rank")).apply(deal_of(_HANDS))
    assert state.check(AskRank(2, rank)) is None
