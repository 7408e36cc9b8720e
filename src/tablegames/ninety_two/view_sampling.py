"""A full Ninety-Two state from one seat's view alone (``NinetyTwoView.sample``).

The view holds the rules, the match so far (dealer, scores, finished deals) and this deal's
public course (calls, partners, cards played): all its actions but the deal. A sample is the
start of this deal (:func:`start_position`), a deck order drawn by
:func:`~tablegames.ninety_two.hidden.deal_hidden` exactly as ``NinetyTwoState.sample``
draws it, and this deal's actions (:func:`deal_actions`) replayed through the rules. Nothing
before this deal is read. (``NinetyTwoState.sample`` keeps played cards at their true deck
positions, which no view holds, so it draws otherwise.)

>>> import random
>>> from tablegames import ninety_two
>>> state = ninety_two.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(3))).apply(ninety_two.PASS)
>>> view = state.view(2)
>>> world = view.sample(random.Random(5))
>>> world.view(2) == view, len(world.history)
(True, 2)
>>> world == state.sample(2, random.Random(5))
True
"""

from __future__ import annotations

import random

from tablegames.core.actions import Deal
from tablegames.pieces.cards import CARDS

from .actions import PLAYS, Action, Partners
from .hidden import deal_hidden
from .start import start_state
from .state import (
    _DEAL,
    _OVER,
    NinetyTwoState,
    NinetyTwoView,
)


def start_position(view: NinetyTwoView) -> NinetyTwoState:
    """The state at the start of ``view``'s deal (before the cards are dealt), or at the end of
    the match once it is over; its history is empty and starts there (see :mod:`.start`).

    >>> from tablegames import ninety_two
    >>> start = start_position(ninety_two.new_match(ninety_two.Rules(players=6)).view(3))
    >>> start.phase.value, start.rules.players, len(start.history)
    ('deal', 6, 0)
    """
    return start_state(view.rules, view.dealer, view.scores, view.results, over=view.phase is _OVER)


def deal_actions(view: NinetyTwoView) -> tuple[Action, ...]:
    """This deal's actions after the deal, read off ``view``: calls, partners, plays.

    >>> import random
    >>> from tablegames import ninety_two
    >>> state = ninety_two.new_match()
    >>> state = state.apply(state.chance_outcome(random.Random(0))).apply(ninety_two.PASS)
    >>> [str(a) for a in deal_actions(state.view(0))]
    ['pass']
    """
    out: list[Action] = list(view.calls)
    if view.partners:
        out.append(Partners(view.partners))
    out.extend(PLAYS[card.index] for _, cards, _ in view.tricks for card in cards)
    out.extend(PLAYS[card.index] for _, card in view.trick)
    return tuple(out)


def sample_view(view: NinetyTwoView, rng: random.Random) -> NinetyTwoState:
    """A full state consistent with ``view``, drawn as ``state.sample(view.seat, rng)``
    draws.

    Before the deal and once the match is over there is nothing hidden: the start position.

    >>> from tablegames import ninety_two
    >>> sample_view(ninety_two.new_match().view(0), random.Random(0)).phase.value
    'deal'
    """
    start = start_position(view)
    if view.phase is _DEAL or view.phase is _OVER:
        return start
    plays: list[tuple[tuple[int, ...], tuple[int, ...]]] = [
        (seats, tuple(c.index for c in cards)) for seats, cards, _ in view.tricks
    ]
    if view.tricks or view.trick:
        plays.append((tuple(s for s, _ in view.trick), tuple(c.index for _, c in view.trick)))
    order = deal_hidden(
        view.players,
        dealer=view.dealer,
        seat=view.seat,
        own=view.hand.mask,
        plays=plays,
        winners=[winner for _, _, winner in view.tricks],
        leftovers=view.rules.leftovers,
        rng=rng,
    )
    state = start.apply(Deal(tuple(CARDS[c] for c in order)))
    for action in deal_actions(view):
        state = state.apply(action)
    return state
