"""What a Quartets state is made of, for the steps that make the next one: the phase, the finished
deals, the *deal part* (what stays put through most of a deal, shared by the states of a deal),
the slot layout of a state, and the builders a step makes the next state with.

The state classes themselves are in :mod:`tablegames.quartets.state`; the steps
(:mod:`.dealing`, :mod:`.asking`) sit below it and are handed its builders (:class:`Builders`),
so the modules import one way only.

>>> part = deal_part(Rules(), (5, 0, 9, 1), 0, laid=(0,) * 4, scores=(0,) * 4, results=())
>>> part.targets  # by seat, whom it may ask: the others holding cards, from its left
((2, 3), (2, 3, 0), (3, 0), (0, 2))
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from typing import Generic, TypeVar

import attrs

from tablegames.core.frozen import builder
from tablegames.core.history import LogNode
from tablegames.core.seats import Seat

from .listing import Listings, listings
from .rules import Rules

S = TypeVar("S")
Hands = tuple[int, ...]
"""Card masks by seat."""


class Phase(enum.Enum):
    """What the table is doing.

    >>> Phase("ask") is Phase.ASK
    True
    """

    DEAL = "deal"
    ASK = "ask"
    OVER = "over"


@attrs.frozen
class DealResult:
    """How one deal ended: who dealt and the sets (points) each seat laid down.

    >>> DealResult(0, (4, 5, 4)).points[1]
    5
    """

    dealer: Seat
    """Who dealt."""
    points: tuple[int, ...]
    """The sets each seat laid down this deal, by seat."""


class _PartSlots:
    """The slots of :class:`DealPart`'s fields (built by plain stores: see
    :mod:`tablegames.core.frozen`)."""

    __slots__ = (
        "__weakref__",
        "cards",
        "dealer",
        "laid",
        "listed",
        "results",
        "rules",
        "scores",
        "targets",
        "to_asked",
    )


@attrs.frozen(repr=False)
class DealPart(_PartSlots):
    """What stays put through most of a deal: the rules, the dealer, the sets laid down, the
    scores and results, and, by seat, the other seats still holding cards.

    >>> part = deal_part(Rules(players=3), (0, 0, 0), 2, laid=(0,) * 3, scores=(1, 0, 3),
    ...                  results=())
    >>> part.dealer, part.scores, part.cards, part.to_asked
    (2, (1, 0, 3), True, True)
    """

    rules: Rules
    dealer: Seat
    laid: tuple[int, ...]
    """By seat: the cards of the sets it has laid down this deal."""
    scores: tuple[int, ...]
    results: tuple[DealResult, ...]
    targets: tuple[tuple[Seat, ...], ...] = attrs.field(eq=False)
    """By seat: the other seats that hold cards, clockwise from its left (whom it may ask)."""
    cards: bool = attrs.field(eq=False)
    """True when an ask names one card (``ask="card"``)."""
    to_asked: bool = attrs.field(eq=False)
    """True when a failed ask passes the turn to the seat asked (``turn_passes="asked"``)."""
    listed: Listings = attrs.field(eq=False)
    """By seat, its last listing of legal asks (see :mod:`tablegames.quartets.listing`): good
    for every state of this part, as whom a seat may ask is the part's."""

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled without the remembered listings (a copy starts with none)."""
        fields = (self.rules, self.dealer, self.laid, self.scores, self.results, self.targets)
        return (_unpickled, (*fields, self.cards, self.to_asked, len(self.listed)))


new_part = builder(DealPart)
"""A deal part from its fields, in order, filled straight into its slots (see
:mod:`tablegames.core.frozen`): made a few times a deal, after an ask that laid a set."""


def _unpickled(  # noqa: PLR0917 (the fields, in order)
    rules: Rules,
    dealer: Seat,
    laid: tuple[int, ...],
    scores: tuple[int, ...],
    results: tuple[DealResult, ...],
    targets: tuple[tuple[Seat, ...], ...],
    cards: bool,
    to_asked: bool,
    seats: int,
) -> DealPart:
    """A deal part as pickled (:meth:`DealPart.__reduce__`), with no listings remembered.

    >>> import pickle
    >>> part = deal_part(Rules(players=2), (1, 2), 0, laid=(0, 0), scores=(0, 0), results=())
    >>> part.listed[0] = (1, 0, ())
    >>> copy = pickle.loads(pickle.dumps(part))
    >>> copy == part, copy.targets, copy.listed
    (True, ((1,), (0,)), [(-1, 0, ()), (-1, 0, ())])
    """
    return new_part(rules, dealer, laid, scores, results, targets, cards, to_asked, listings(seats))


def deal_part(
    rules: Rules,
    hands: Hands,
    dealer: Seat,
    *,
    laid: tuple[int, ...],
    scores: tuple[int, ...],
    results: tuple[DealResult, ...],
) -> DealPart:
    """The deal part for ``hands`` (whom each seat may ask follows from them).

    >>> deal_part(Rules(players=2), (1, 0), 0, laid=(0, 0), scores=(0, 0), results=()).targets
    ((), (0,))
    """
    return new_part(
        rules,
        dealer,
        laid,
        scores,
        results,
        targets_of(tuple(map(bool, hands))),
        rules.ask == "card",
        rules.turn_passes == "asked",
        listings(len(hands)),
    )


@functools.lru_cache(maxsize=1024)
def targets_of(holding: tuple[bool, ...]) -> tuple[tuple[Seat, ...], ...]:
    """By seat, the other seats holding cards (``holding[seat]``), clockwise from its left.

    Remembered for each table size and set of seats holding cards: at most 1,020 of them
    (2**2 + ... + 2**9), keyed by that tuple of booleans, so the cache is bounded by its size.

    >>> targets_of((True, False, True))
    ((2,), (2, 0), (0,))
    """
    players = len(holding)
    return tuple(
        tuple(t for t in ((seat + i) % players for i in range(1, players)) if holding[t])
        for seat in range(players)
    )


class StateSlots:
    """The slots of a state's fields: states are built as one of these, filled by plain stores,
    then given the class of their phase (see :mod:`tablegames.core.frozen`). The steps read a
    state through these names.

    >>> sorted(StateSlots.__slots__)
    ['__weakref__', '_asker', '_asks', '_deal', '_log', 'hands']
    """

    __slots__ = ("__weakref__", "_asker", "_asks", "_deal", "_log", "hands")
    hands: Hands
    """By seat: the cards it holds."""
    _asker: Seat | None
    """The seat to ask (None outside the asking)."""
    _deal: DealPart
    _asks: LogNode
    """This deal's public ask record, as a bare log node (see :mod:`tablegames.core.history`)."""
    _log: LogNode
    """The history, as a bare log node."""


@attrs.frozen
class Builders(Generic[S]):
    """How a step makes the state that follows it: for each phase, a builder taking the state's
    fields in order (hands, the seat to ask, the deal part, this deal's asks, the history). The
    state module, which defines the state classes, hands its own to the steps.

    >>> count = Builders(*[lambda *fields: len(fields)] * 3)
    >>> count.over((0, 0), None, None, (None, None, 0), (None, None, 0))
    5
    """

    dealing: Callable[[Hands, None, DealPart, LogNode, LogNode], S]
    asking: Callable[[Hands, Seat | None, DealPart, LogNode, LogNode], S]
    over: Callable[[Hands, None, DealPart, LogNode, LogNode], S]
