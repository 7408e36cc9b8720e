"""A full Texas 42 state from one seat's view alone (``Texas42View.sample``).

The view holds the rules, the match so far (dealer, scores, finished hands) and this hand's
public course (calls, trump, tiles played), which is all its actions: a tile is only ever
played face up. So a sample is the start of this hand (:func:`start_position`), a deal of the
hidden tiles drawn by :func:`~tablegames.texas42.hidden.deal_hidden` exactly as
``Texas42State.sample`` draws it, and this hand's actions (:func:`hand_actions`) replayed
through the rules. Nothing before this hand is read, so the cost does not grow with the match.

>>> import random
>>> from tablegames import texas42
>>> state = texas42.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(3))).apply(texas42.PASS)
>>> view = state.view(2)
>>> world = view.sample(random.Random(5))
>>> world.view(2) == view, len(world.history)
(True, 2)
>>> world.view(0) == state.sample(2, random.Random(5)).view(0)
True
"""

from __future__ import annotations

import random

from tablegames.core.actions import PASS
from tablegames.pieces.dominoes import DOMINOES
from tablegames.tricks.rebuild import table_of

from .actions import PLAYS, PLUNGE, SPLASH, TRUMPS, Action, Bid
from .contracts import is_nello
from .hidden import SEATS, deal_hidden, seen_voids
from .model import model_for
from .start import start_state
from .state import _DEAL, _NO_HANDS, _OVER, Texas42State, Texas42View, deal_of

ALL_TILES = (1 << 28) - 1


def start_position(view: Texas42View) -> Texas42State:
    """The state at the start of ``view``'s hand (before its deal), or at the end of the match
    once it is over; its history is empty and starts there (see :mod:`.start`).

    >>> from tablegames import texas42
    >>> start = start_position(texas42.new_match(texas42.Rules(target=100)).view(3))
    >>> start.phase.value, start.rules.target, len(start.history)
    ('deal', 100, 0)
    """
    return start_state(view.rules, view.dealer, view.scores, view.results, over=view.phase is _OVER)


def hand_actions(view: Texas42View) -> tuple[Action, ...]:
    """This hand's actions after the deal, read off ``view``: calls, trump, tiles played.

    >>> import random
    >>> from tablegames import texas42
    >>> state = texas42.new_match()
    >>> state = state.apply(state.chance_outcome(random.Random(0))).apply(texas42.Bid(30))
    >>> [str(a) for a in hand_actions(state.view(0))]
    ['bid 30']
    """
    specials = dict(view.specials)
    out: list[Action] = []
    for index, call in enumerate(view.calls):
        if index in specials:
            out.append(PLUNGE if specials[index] == "plunge" else SPLASH)
        else:
            out.append(PASS if call == 0 else Bid(call))
    if view.trump is not None:
        out.append(TRUMPS[view.trump])
    out.extend(PLAYS[tile.index] for _, tiles, _ in view.tricks for tile in tiles)
    out.extend(PLAYS[tile.index] for _, tile in view.trick)
    return tuple(out)


def sample_view(view: Texas42View, rng: random.Random) -> Texas42State:
    """A full state consistent with ``view``, drawn as ``state.sample(view.seat, rng)`` draws.

    Before the deal and once the match is over there is nothing hidden: the start position.

    >>> from tablegames import texas42
    >>> sample_view(texas42.new_match().view(0), random.Random(0)).phase.value
    'deal'
    """
    start = start_position(view)
    if view.phase is _DEAL or view.phase is _OVER:
        return start
    seat = view.seat
    aside_seat = view.aside_seat
    counts = list(view.hand_sizes)
    own = view.hand.mask
    if aside_seat is not None:
        counts[aside_seat] = view.aside_size
        if aside_seat == seat:
            own = view.aside.mask
    table = None
    model = None
    if view.trump is not None:
        model = model_for(view.trump, view.rules.follow)
        plays = [t.index for _, tiles, _ in view.tricks for t in tiles]
        plays.extend(t.index for _, t in view.trick)
        leader = view.tricks[0][0] if view.tricks else view.trick[0][0] if view.trick else 0
        order: tuple[int, ...] = (0, 1, 2, 3)
        if is_nello(view.trump) and aside_seat is not None:
            order = tuple(s for s in order if s != aside_seat)
        if plays:
            table = table_of(order, leader, plays, model, SEATS)
    played = table.played() if table is not None else _NO_HANDS
    seen = own
    for mask in played:
        seen |= mask
    hands, aside = deal_hidden(
        seat,
        counts,
        ALL_TILES & ~seen,
        seen_voids(table, model, view.trump),
        played,
        own,
        view.dealer,
        view.specials,
        aside_seat,
        rng,
    )
    held = [hands[s] | played[s] | aside[s] for s in range(SEATS)]
    dealt = [[DOMINOES[i] for i in range(28) if held[s] >> i & 1] for s in range(SEATS)]
    state = start.apply(deal_of(dealt, view.dealer))
    for action in hand_actions(view):
        state = state.apply(action)
    return state
