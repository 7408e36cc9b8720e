"""How Quartets cards form sets for the collecting core: a set is the four cards of one rank.

Set ``k`` is the rank ``k + 2`` (0 for the twos, 12 for the aces).

>>> from tablegames.pieces import Card, Rank
>>> RANK_SETS.names[RANK_SETS.set_of[Card.parse("8S").index]], SET_OF_RANK[Rank.EIGHT]
('eights', 6)
"""

from __future__ import annotations

from tablegames.collecting.model import SetModel, set_model
from tablegames.pieces.cards import CARD_UNIVERSE, CARDS, Rank

RANK_NAMES = {
    Rank.TWO: "twos",
    Rank.THREE: "threes",
    Rank.FOUR: "fours",
    Rank.FIVE: "fives",
    Rank.SIX: "sixes",
    Rank.SEVEN: "sevens",
    Rank.EIGHT: "eights",
    Rank.NINE: "nines",
    Rank.TEN: "tens",
    Rank.JACK: "jacks",
    Rank.QUEEN: "queens",
    Rank.KING: "kings",
    Rank.ACE: "aces",
}
"""How messages name the set of each rank."""

RANK_SETS: SetModel = set_model(
    CARD_UNIVERSE,
    CARDS,
    key=lambda c: c.rank,
    name=RANK_NAMES.__getitem__,
    piece_noun="card",
    set_noun="value",
)
"""The collecting model of Quartets: 13 sets of four, by rank."""

SET_OF_RANK: dict[Rank, int] = {rank: int(rank) - 2 for rank in Rank}
"""The set id of each rank."""

SETS = 13
"""Sets in a deal, so points in a deal."""
