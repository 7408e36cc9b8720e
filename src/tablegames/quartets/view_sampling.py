"""Dealing the hidden cards again: a state one seat cannot tell from the real one.

Every movement of a card after the deal is public (the asks, what they brought, the sets laid
down), so only the deal is hidden, and only its *free* cards: those never handed over nor laid
down, which still lie where they were dealt. A sample keeps the rest where it is, deals the free
cards again within what the asks showed (:func:`~tablegames.collecting.reveal.knowledge`, drawn
by :func:`~tablegames.collecting.sampling.sample_deal`), and carries the new deal in its
history, so the history replays to it.

``state.sample(seat, rng)`` knows the deal and swaps it in its history (:func:`dealt_knowledge`,
:func:`with_deal`). ``view.sample(rng)`` knows only the view: it starts from the start of this
deal (nothing before it is read), works out what the seat knows of the deal
(:func:`seat_knowledge`, the same knowledge, so both draw alike) and replays this deal's asks
(:func:`deal_actions`) through the rules (:func:`deal_again`).

>>> import random
>>> from tablegames import quartets
>>> state = quartets.new_match(quartets.Rules(players=3))
>>> state = state.apply(state.chance_outcome(random.Random(0)))
>>> state = state.apply(quartets.parse_action("ask 2 2C"))
>>> world = state.view(0).sample(random.Random(5))
>>> [str(action) for action in world.history.to_tuple()[1:]]  # the asks, as they went
['ask 2 2C']
>>> [world.view(seat) == state.view(seat) for seat in range(3)]  # the others hold other cards
[True, False, False]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from tablegames.collecting.asking import Asked
from tablegames.collecting.hands import hand_sizes
from tablegames.collecting.reveal import Knowledge, knowledge
from tablegames.collecting.sampling import sample_deal
from tablegames.core.game import GameState
from tablegames.core.history import LogNode
from tablegames.core.seats import Seat
from tablegames.pieces.cards import Card, Rank
from tablegames.pieces.sets import PieceSet

from .actions import ASKS, RANK_ASKS, Action
from .dealing import DECK, deal_of_masks
from .model import RANK_SETS
from .rules import Rules

G = TypeVar("G", bound=GameState[Any])


class Seen(Protocol):
    """What a seat's view shows that sampling reads (a
    :class:`~tablegames.quartets.state.QuartetsView` shows it).

    >>> from tablegames import quartets
    >>> seen: Seen = quartets.new_match().view(2)
    >>> seen.seat, seen.hand_sizes
    (2, (0, 0, 0, 0))
    """

    @property
    def seat(self) -> Seat: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def hand(self) -> PieceSet[Card]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def laid(self) -> tuple[PieceSet[Card], ...]: ...
    @property
    def asks(self) -> tuple[Asked, ...]: ...
    @property
    def rules(self) -> Rules: ...


def deal_again(start: G, view: Seen, rng: random.Random) -> G:
    """The state ``start`` (the start of ``view``'s deal) after a deal drawn from what the seat
    knows and this deal's asks, replayed: a state whose view for the seat is ``view``.

    >>> from tablegames import quartets
    >>> state = quartets.new_match(quartets.Rules(players=3))
    >>> view = state.apply(state.chance_outcome(random.Random(0))).view(2)
    >>> deal_again(state, view, random.Random(1)).view(2) == view
    True
    """
    players = len(view.hand_sizes)
    dealt = sample_deal(seat_knowledge(view), RANK_SETS, rng)
    state = start.apply(deal_of_masks(dealt, (view.dealer + 1) % players))
    for action in deal_actions(view):
        state = state.apply(action)
    return state


def deal_actions(view: Seen) -> tuple[Action, ...]:
    """This deal's asks, read off ``view``.

    >>> from tablegames import quartets
    >>> state = quartets.new_match(quartets.Rules(players=3))
    >>> state = state.apply(state.chance_outcome(random.Random(0)))
    >>> [str(a) for a in deal_actions(state.apply(quartets.parse_action("ask 2 2C")).view(0))]
    ['ask 2 2C']
    """
    out: list[Action] = []
    for asked in view.asks:
        wanted = asked.wanted
        low = (wanted & -wanted).bit_length() - 1
        if wanted.bit_count() == 1:
            out.append(ASKS[asked.target][low])
        else:
            out.append(RANK_ASKS[asked.target][Rank(low % 13 + 2) - 2])
    return tuple(out)


def seat_knowledge(view: Seen) -> Knowledge:
    """What ``view``'s seat knows of how this deal was dealt (see
    :mod:`tablegames.collecting.reveal`): its own hand as dealt is its hand and sets now, less
    what it was handed, plus what it handed over; the sets laid down straight from the deal are
    those no ask brought.

    >>> from tablegames import quartets
    >>> state = quartets.new_match(quartets.Rules(players=3))
    >>> state = state.apply(state.chance_outcome(random.Random(0)))
    >>> seat_knowledge(state.view(1)).known[1] == state.dealt()[1]
    True
    """
    seat = view.seat
    laid = [m.mask for m in view.laid]
    own = view.hand.mask | laid[seat]
    for asked in reversed(view.asks):
        if asked.asker == seat:
            own &= ~asked.given
        if asked.target == seat:
            own |= asked.given
    for asked in view.asks:
        laid[asked.asker] &= ~asked.laid
    piece_asks = view.rules.ask == "card"
    return _knowledge(
        seat, view.dealer, own=own, laid_at_deal=tuple(laid), asks=view.asks, piece_asks=piece_asks
    )


def dealt_knowledge(
    seat: Seat, dealer: Seat, dealt: Sequence[int], asks: Sequence[Asked], piece_asks: bool
) -> Knowledge:
    """What ``seat`` knows of the deal that gave the hands ``dealt`` (masks by seat), after
    ``asks``: the same as :func:`seat_knowledge` reads off its view.

    >>> from tablegames import quartets
    >>> state = quartets.new_match(quartets.Rules(players=3))
    >>> state = state.apply(state.chance_outcome(random.Random(0)))
    >>> dealt_knowledge(1, 0, state.dealt(), (), True) == seat_knowledge(state.view(1))
    True
    """
    laid_at_deal = tuple(RANK_SETS.complete(hand) for hand in dealt)
    return _knowledge(
        seat, dealer, own=dealt[seat], laid_at_deal=laid_at_deal, asks=asks, piece_asks=piece_asks
    )


def _knowledge(
    seat: Seat,
    dealer: Seat,
    *,
    own: int,
    laid_at_deal: tuple[int, ...],
    asks: Sequence[Asked],
    piece_asks: bool,
) -> Knowledge:
    players = len(laid_at_deal)
    return knowledge(
        RANK_SETS,
        seat,
        counts=hand_sizes(DECK, players, (dealer + 1) % players),
        own=own,
        laid_at_deal=laid_at_deal,
        asks=asks,
        piece_asks=piece_asks,
    )


def with_deal(log: LogNode, asks: int, deal: Action) -> LogNode:
    """The log ``log``, whose last ``asks`` actions follow a deal, with ``deal`` instead of
    that deal (the actions after it are the same).

    >>> from tablegames.core.history import History
    >>> History.of_log(with_deal(History.of("abcd").log, 2, "B")).to_tuple()
    ('a', 'B', 'c', 'd')
    """
    after = []
    for _ in range(asks):
        after.append(log[1])
        log = log[0]  # type: ignore[assignment]
    log = (log[0], deal, log[2])
    for action in reversed(after):
        log = (log, action, log[2] + 1)
    return log


__all__ = [
    "Seen",
    "deal_actions",
    "deal_again",
    "dealt_knowledge",
    "seat_knowledge",
    "with_deal",
]
