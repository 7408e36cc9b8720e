"""The model a game supplies to the trick core: suits, ranks and trump under one contract.

Pieces are identified by their index in their universe. The trick core never asks what a piece
*is*; it asks the model which suit a piece leads, which pieces follow a suit, how pieces rank
within a suit, which suit is trump, whether a special rule takes the trick, and whether the
contract forces an order of play (``tiers``: sevens' tiles closest to 7 first). What these mean
for a player is written once, in :mod:`tablegames.tricks.follow` (who may play what) and
:mod:`tablegames.tricks.winner` (who takes the trick).

>>> from tablegames.tricks import plain_card_model
>>> from tablegames.pieces import Card, Suit
>>> model = plain_card_model(Suit.HEARTS)
>>> model.suit_names[model.lead_suit[Card.parse("QS").index]]
'spades'
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import SupportsIndex

import attrs

from tablegames.pieces.cards import CARD_UNIVERSE, Card, Suit, suit_mask
from tablegames.pieces.sets import Piece, Universe

TRUMP_BONUS = 1 << 10
"""Added to a trump's strength so that any trump outranks any piece of the suit led."""

SpecialWinner = Callable[[tuple[int, ...], "TrickModel"], "int | None"]
"""A hook: given a complete trick's pieces in play order, the position that takes it, or None."""

Recipe = tuple[Callable[..., "TrickModel"], tuple[object, ...]]
"""How to make a model again: a module-level factory and its arguments (``factory(*args)``)."""


@attrs.frozen(cache_hash=True)
class TrickModel:
    """How one contract sorts pieces into suits and ranks them (see module doc).

    A model is a value: two models with the same fields are equal and hash alike. One made by a
    factory names it in ``recipe``, and pickles as that call (small, and the factory's own
    bounded cache gives back the very same object in the same process); any other model
    pickles by value.

    >>> from tablegames.pieces import Suit
    >>> import pickle
    >>> model = plain_card_model(Suit.HEARTS)
    >>> model.trump, model.suit_names[2], model.name(51)
    (2, 'hearts', 'AS')
    >>> pickle.loads(pickle.dumps(model)) is model, model.recipe[1]
    (True, (<Suit.HEARTS: 2>, None))
    """

    universe: Universe[Piece]
    lead_suit: tuple[int, ...]
    """By piece index: the suit a piece makes the trick when led."""
    follow_masks: tuple[int, ...]
    """By suit: the mask of pieces that follow that suit (trump's entry is every trump)."""
    strength: tuple[tuple[int, ...], ...]
    """By suit then piece index: rank within that suit; higher beats lower."""
    trump: int | None
    """The trump suit, or None for no trump."""
    suit_names: tuple[str, ...]
    """By suit: the name used in messages (``fives``, ``hearts``)."""
    special_winner: SpecialWinner | None = None
    """Optional hook that may award a complete trick to a position before the normal rule."""
    special_pieces: int = -1
    """With a special winner, the mask of the pieces it tells apart by which pieces they are
    (Ninety-Two's duplicate two): it sees every other piece by its suits alone (the suit it
    leads, the suits it follows, whether it is a trump), never by its rank. -1, the default:
    every piece (sevens' closest tile). A solver merges no such piece with another, and takes
    no trick as sure by the keys while one is still to be played."""
    tiers: tuple[int, ...] = ()
    """A forced order of play, best first (masks of pieces; empty: none): of the pieces a
    player may play by the follow rule, they must play one from the first tier that holds any
    (sevens: the tiles closest to 7 pips). A piece in no tier comes after every tier. See
    :mod:`tablegames.tricks.follow`."""
    tier_rule: str = ""
    """The sentence that refuses a piece of a later tier, with ``{piece}``, ``{piece_tier}``,
    ``{example}`` and ``{example_tier}`` (a piece of the best tier held) filled in."""
    recipe: Recipe | None = attrs.field(default=None, eq=False, repr=False)
    """The factory call that makes this model, for pickling (None: pickled by value)."""
    keys: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    """By suit led then piece index: how strongly the piece bids for the trick (derived from
    the fields above: any trump beats any piece of the suit led; -1 for a piece that cannot
    win)."""
    follows: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """By piece index: the mask of the pieces that follow it when it leads (derived: the
    follow mask of its lead suit; one look-up for the follow rule)."""

    def __attrs_post_init__(self) -> None:
        trump = self.trump
        trump_mask = self.follow_masks[trump] if trump is not None else 0
        trumps = self.strength[trump] if trump is not None else ()
        keys = []
        for led in range(len(self.follow_masks)):
            led_mask = self.follow_masks[led]
            row = []
            for piece in range(len(self.lead_suit)):
                bit = 1 << piece
                if bit & trump_mask:
                    row.append(TRUMP_BONUS + trumps[piece])
                elif bit & led_mask:
                    row.append(self.strength[led][piece])
                else:
                    row.append(-1)
            keys.append(tuple(row))
        object.__setattr__(self, "keys", tuple(keys))
        follows = tuple(self.follow_masks[suit] for suit in self.lead_suit)
        object.__setattr__(self, "follows", follows)

    def name(self, piece: int) -> str:
        """The notation of the piece with this index."""
        return str(self.universe.pieces[piece])

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[object, ...]:
        if self.recipe is None:  # by value (its special winner must pickle too)
            return object.__reduce_ex__(self, protocol)
        return self.recipe

    def __copy__(self) -> TrickModel:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> TrickModel:
        return self


CARD_MODELS = 64
"""How many card models :func:`plain_card_model` keeps (by its arguments, which are values: a
suit or None, a module-level hook, a recipe): a game asks for at most five (a trump suit or
none), so the bound is never reached in play."""


def plain_card_model(
    trump: Suit | None,
    special_winner: SpecialWinner | None = None,
    recipe: Recipe | None = None,
    special_pieces: int = -1,
) -> TrickModel:
    """The usual card contract: four suits, ace high, one optional trump suit (made once for
    each choice: see :data:`CARD_MODELS`). It pickles as this call, or as ``recipe`` when given
    (a game whose special winner is made on the fly names its own cached factory);
    ``special_pieces`` are those the special winner tells apart (see
    :attr:`TrickModel.special_pieces`).

    >>> from tablegames.pieces import Suit
    >>> plain_card_model(Suit.SPADES).trump, plain_card_model(None) is plain_card_model(None)
    (3, True)
    """
    return _card_model(trump, special_winner, recipe, special_pieces)


@functools.lru_cache(maxsize=CARD_MODELS)
def _card_model(
    trump: Suit | None,
    special_winner: SpecialWinner | None,
    recipe: Recipe | None,
    special_pieces: int,
) -> TrickModel:
    ranks = tuple(c.rank for c in CARD_UNIVERSE.pieces)
    return TrickModel(
        universe=CARD_UNIVERSE,
        lead_suit=tuple(int(c.suit) for c in CARD_UNIVERSE.pieces),
        follow_masks=tuple(suit_mask(s) for s in Suit),
        strength=(ranks,) * 4,
        trump=None if trump is None else int(trump),
        suit_names=tuple(s.plural for s in Suit),
        special_winner=special_winner,
        special_pieces=special_pieces,
        recipe=recipe or (plain_card_model, (trump, special_winner)),
    )


def card_of(model: TrickModel, piece: int) -> Card:
    """The card with index ``piece`` (for card models).

    >>> str(card_of(plain_card_model(None), 51))
    'AS'
    """
    card = model.universe.pieces[piece]
    assert isinstance(card, Card)
    return card
