"""A full Ninety-Two state from one seat's view alone (``NinetyTwoView.sample``).

The view holds the rules, the match so far (dealer, scores, finished deals) and this deal's
public course (calls, partners, cards played): all its actions but the deal
(:func:`deal_actions`). The deal is a deck order, which the stock's refills read on: a sample
draws one by :func:`~tablegames.ninety_two.hidden.deal_hidden` as ``NinetyTwoState.sample``
draws it (:func:`sampled_deal`), and :class:`~tablegames.ninety_two.state.NinetyTwoView`
replays the course on it (see :meth:`~tablegames.tricks.facade.TrickState.replayed`).
``NinetyTwoState.sample`` also puts each of the seat's own cards back where the seat received
it, at the deal or in a refill, which no view holds: the two samples' deals may order the
seat's own cards otherwise, yet the states they reach are equal.

>>> import random
>>> from tablegames import ninety_two
>>> state = ninety_two.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(3))).apply(ninety_two.PASS)
>>> world = state.view(2).sample(random.Random(5))
>>> drawn = state.sample(2, random.Random(5))
>>> world == drawn, world.history.to_tuple()[1:] == drawn.history.to_tuple()[1:]
(True, True)
"""

from __future__ import annotations

import random

from tablegames.core.actions import Deal
from tablegames.pieces.cards import CARDS, Card
from tablegames.tricks.facade import pieces_played

from .actions import PLAYS, Action, Partners
from .hidden import Plays, deal_hidden
from .model import model_of
from .view import SeatView


def deal_actions(view: SeatView) -> tuple[Action, ...]:
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
    out.extend(PLAYS[index] for index in pieces_played(view.tricks, view.trick))
    return tuple(out)


def sampled_deal(view: SeatView, rng: random.Random) -> Deal[Card]:
    """A deal (a deck order) consistent with ``view``, drawn as ``state.sample(view.seat, rng)``
    draws: the seat's own cards where it received them, every card played where its player
    received it before playing it, the hidden ones within what play revealed; only for a view
    of a deal dealt.

    >>> import random
    >>> from tablegames import ninety_two
    >>> state = ninety_two.new_match()
    >>> view = state.apply(state.chance_outcome(random.Random(0))).view(3)
    >>> ninety_two.new_match().apply(sampled_deal(view, random.Random(1))).hand(3) == view.hand
    True
    """
    plays: Plays = [(seats, tuple(c.index for c in cards)) for seats, cards, _ in view.tricks]
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
        model=None if view.high is None else model_of(view.high.suit, view.rules),
        rng=rng,
    )
    return Deal(tuple(CARDS[c] for c in order))
