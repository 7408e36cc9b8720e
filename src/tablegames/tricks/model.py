"""The model a game supplies to the trick core: suits, ranks and trump under one contract.

Pieces are identified by their index in their universe. The trick core never asks what a piece
*is*; it asks the model which suit a piece leads, which pieces follow a suit, how pieces rank
within a suit, which suit is trump, and whether a special rule takes the trick.

>>> from tablegames.tricks import plain_card_model
>>> from tablegames.pieces import Card, Suit
>>> model = plain_card_model(Suit.HEARTS)
>>> model.suit_names[model.lead_suit[Card.parse("QS").index]]
'spades'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, SupportsIndex

import attrs

from tablegames.pieces.cards import CARD_UNIVERSE, Card, Suit, suit_mask
from tablegames.pieces.sets import Universe

TRUMP_BONUS = 1 << 10
"""Added to a trump's strength so that any trump outranks any piece of the suit led."""

SpecialWinner = Callable[[tuple[int, ...], "TrickModel"], "int | None"]
"""A hook: given a complete trick's pieces in play order, the position that takes it, or None."""


@attrs.frozen(eq=False)
class TrickModel:
    """How one contract sorts pieces into suits and ranks them (see module doc).

    >>> from tablegames.pieces import Suit
    >>> model = plain_card_model(Suit.HEARTS)
    >>> model.trump, model.suit_names[2], model.name(51)
    (2, 'hearts', 'AS')
    """

    universe: Universe[object]  # type: ignore[type-var]
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
    keys: tuple[tuple[int, ...], ...] = attrs.field(init=False, repr=False)
    """By suit led then piece index: how strongly the piece bids for the trick (derived from
    the fields above: any trump beats any piece of the suit led; -1 for a piece that cannot
    win)."""

    def __attrs_post_init__(self) -> None:
        trump = self.trump
        trump_mask = self.follow_masks[trump] if trump is not None else 0
        keys = []
        for led in range(len(self.follow_masks)):
            led_mask = self.follow_masks[led]
            row = []
            for piece in range(len(self.lead_suit)):
                bit = 1 << piece
                if bit & trump_mask:
                    row.append(TRUMP_BONUS + self.strength[trump][piece])  # type: ignore[index]
                elif bit & led_mask:
                    row.append(self.strength[led][piece])
                else:
                    row.append(-1)
            keys.append(tuple(row))
        object.__setattr__(self, "keys", tuple(keys))

    def name(self, piece: int) -> str:
        """The notation of the piece with this index."""
        return str(self.universe.pieces[piece])

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        recipe = _RECIPES.get(id(self))
        if recipe is None:  # not published: by value (its special winner must pickle too)
            return object.__reduce_ex__(self, protocol)
        return recipe

    def __copy__(self) -> TrickModel:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> TrickModel:
        return self


_PUBLISHED: dict[str, TrickModel] = {}
_RECIPES: dict[int, tuple[Callable[..., TrickModel], tuple[Any, ...]]] = {}
_KEPT: list[TrickModel] = []


def publish_models(prefix: str, models: Iterable[TrickModel]) -> None:
    """Give a game's module-level models stable names, so that states holding them pickle (by
    reference: unpickling restores the very same model object, which compares by identity).
    Copies of a model are the model itself: it is immutable.

    >>> from tablegames.pieces import Suit
    >>> import pickle
    >>> model = plain_card_model(Suit.CLUBS)
    >>> publish_models("example.clubs", [model])
    >>> pickle.loads(pickle.dumps(model)) is model
    True
    """
    for number, model in enumerate(models):
        key = f"{prefix}[{number}]"
        _PUBLISHED[key] = model
        publish_recipe(model, published_model, (key,))


def publish_recipe(
    model: TrickModel, recipe: Callable[..., TrickModel], args: tuple[Any, ...]
) -> None:
    """Have ``model`` pickle as the call ``recipe(*args)``, which must return this very object
    in any process (a module-level cached factory, say), so unpickled states compare equal.

    >>> import pickle
    >>> from tablegames.texas42.model import model_for  # publishes what it builds
    >>> model = model_for(4, "higher_end")
    >>> pickle.loads(pickle.dumps(model)) is model
    True
    """
    _KEPT.append(model)  # kept alive, so its identity is never reused
    _RECIPES[id(model)] = (recipe, args)


def published_model(key: str) -> TrickModel:
    """The model published under ``key`` (how pickles of trick states find their models).

    >>> published_model("example.missing")
    Traceback (most recent call last):
    ...
    KeyError: 'example.missing'
    """
    return _PUBLISHED[key]


def plain_card_model(trump: Suit | None, special_winner: SpecialWinner | None = None) -> TrickModel:
    """The usual card contract: four suits, ace high, one optional trump suit.

    >>> from tablegames.pieces import Suit
    >>> plain_card_model(Suit.SPADES).trump
    3
    """
    ranks = tuple(c.rank for c in CARD_UNIVERSE.pieces)
    return TrickModel(
        universe=CARD_UNIVERSE,  # type: ignore[arg-type]
        lead_suit=tuple(int(c.suit) for c in CARD_UNIVERSE.pieces),
        follow_masks=tuple(suit_mask(s) for s in Suit),
        strength=(ranks,) * 4,
        trump=None if trump is None else int(trump),
        suit_names=tuple(s.plural for s in Suit),
        special_winner=special_winner,
    )


def card_of(model: TrickModel, piece: int) -> Card:
    """The card with index ``piece`` (for card models).

    >>> str(card_of(plain_card_model(None), 51))
    'AS'
    """
    card = model.universe.pieces[piece]
    assert isinstance(card, Card)
    return card
