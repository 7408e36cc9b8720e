"""A full Quartets state from one seat's view alone (``QuartetsView.sample``).

Every movement of a card after the deal is public (the asks, what they brought, the sets laid
down), so the view holds all of this deal's actions; only the deal is hidden. A sample is the
start of this deal (:func:`start_position`), a deal drawn by
:func:`~tablegames.collecting.sampling.sample_deal` from what the seat knows
(:func:`seat_knowledge`, the same knowledge ``QuartetsState.sample`` feeds it, so both draw
alike), and the asks (:func:`deal_actions`) replayed through the rules. Nothing before this
deal is read.

>>> import random
>>> from tablegames import quartets
>>> state = quartets.new_match(quartets.Rules(players=3))
>>> state = state.apply(state.chance_outcome(random.Random(0)))
>>> state = state.apply(quartets.parse_action("ask 2 2C"))
>>> view = state.view(1)
>>> world = view.sample(random.Random(5))
>>> world.view(1) == view, len(world.history)
(True, 2)
>>> world.view(0) == state.sample(1, random.Random(5)).view(0)
True
"""

from __future__ import annotations

import random

from tablegames.collecting.hands import hand_sizes
from tablegames.collecting.reveal import Knowledge, knowledge
from tablegames.collecting.sampling import sample_deal
from tablegames.pieces.cards import Rank

from .actions import ASKS, RANK_ASKS, Action
from .model import RANK_SETS
from .start import start_state
from .state import (
    _DEAL,
    _OVER,
    DECK,
    QuartetsState,
    QuartetsView,
    _deal_of_masks,
)


def start_position(view: QuartetsView) -> QuartetsState:
    """The state at the start of ``view``'s deal (before the cards are dealt), or at the end of
    the match once it is over; its history is empty and starts there (see :mod:`.start`).

    >>> from tablegames import quartets
    >>> start = start_position(quartets.new_match(quartets.Rules(players=5)).view(3))
    >>> start.phase.value, start.players, len(start.history)
    ('deal', 5, 0)
    """
    return start_state(view.rules, view.dealer, view.scores, view.results, over=view.phase is _OVER)


def deal_actions(view: QuartetsView) -> tuple[Action, ...]:
    """This deal's asks, read off ``view``.

    >>> import random
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


def seat_knowledge(view: QuartetsView) -> Knowledge:
    """What ``view``'s seat knows of how this deal was dealt (see
    :mod:`tablegames.collecting.reveal`): its own hand as dealt is its hand and sets now, less
    what it was handed, plus what it handed over; the sets laid down straight from the deal are
    those no ask brought.

    >>> import random
    >>> from tablegames import quartets
    >>> state = quartets.new_match(quartets.Rules(players=3))
    >>> state = state.apply(state.chance_outcome(random.Random(0)))
    >>> seat_knowledge(state.view(1)).known[1] == state.dealt()[1]
    True
    """
    seat = view.seat
    players = len(view.hand_sizes)
    laid = [m.mask for m in view.laid]
    own = view.hand.mask | laid[seat]
    for asked in reversed(view.asks):
        if asked.asker == seat:
            own &= ~asked.given
        if asked.target == seat:
            own |= asked.given
    for asked in view.asks:
        laid[asked.asker] &= ~asked.laid
    return knowledge(
        RANK_SETS,
        seat,
        counts=hand_sizes(DECK, players, (view.dealer + 1) % players),
        own=own,
        laid_at_deal=tuple(laid),
        asks=view.asks,
        piece_asks=view.rules.ask == "card",
    )


def sample_view(view: QuartetsView, rng: random.Random) -> QuartetsState:
    """A full state consistent with ``view``, drawn as ``state.sample(view.seat, rng)`` draws.

    Before the deal and once the match is over there is nothing hidden: the start position.

    >>> from tablegames import quartets
    >>> sample_view(quartets.new_match().view(0), random.Random(0)).phase.value
    'deal'
    """
    start = start_position(view)
    if view.phase is _DEAL or view.phase is _OVER:
        return start
    players = len(view.hand_sizes)
    dealt = sample_deal(seat_knowledge(view), RANK_SETS, rng)
    state = start.apply(_deal_of_masks(dealt, (view.dealer + 1) % players))
    for action in deal_actions(view):
        state = state.apply(action)
    return state


__all__ = [
    "deal_actions",
    "sample_view",
    "seat_knowledge",
    "start_position",
]
