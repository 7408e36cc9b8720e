"""A full Texas 42 state from one seat's view alone (``Texas42View.sample``).

The view holds the rules, the match so far (dealer, scores, finished hands) and this hand's
public course (calls, trump, tiles played), which is all its actions: a tile is only ever
played face up, so every seat reads the same course (:func:`hand_actions`), the history since
the deal. Only the deal is hidden: :func:`sampled_deal` draws the tiles the seat has not seen
by :func:`~tablegames.texas42.hidden.deal_hidden`, exactly as ``Texas42State.sample`` draws
them; :class:`~tablegames.texas42.state.Texas42View` replays the course on it (see
:meth:`~tablegames.tricks.facade.TrickState.replayed`).

>>> import random
>>> from tablegames import texas42
>>> state = texas42.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(3)))
>>> for _ in range(8):  # three bids, a pass, the trump, three tiles
...     state = state.apply(state.legal_actions()[-1 if state.phase.value == "bid" else 0])
>>> course = hand_actions(state.view(0))
>>> all(hand_actions(state.view(seat)) == course for seat in range(4))
True
>>> course == state.history.to_tuple()[1:], len(course)
(True, 8)
"""

from __future__ import annotations

import random

from tablegames.core.actions import PASS, Deal
from tablegames.pieces.dominoes import DOMINOES, Domino
from tablegames.tricks.facade import pieces_played
from tablegames.tricks.rebuild import table_of
from tablegames.tricks.table import revealed_voids

from .actions import PLAYS, PLUNGE, SPLASH, TRUMPS, Action, Bid
from .calling import deal_of
from .contracts import is_nello
from .hand import ORDER, SEATS
from .hidden import deal_hidden
from .model import model_of
from .view import SeatView

ALL_TILES = (1 << 28) - 1
_NO_HANDS = (0,) * SEATS


def hand_actions(view: SeatView) -> tuple[Action, ...]:
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
    out.extend(PLAYS[index] for index in pieces_played(view.tricks, view.trick))
    return tuple(out)


def sampled_deal(view: SeatView, rng: random.Random) -> Deal[Domino]:
    """A deal of this hand consistent with ``view`` (the seat's own tiles, every tile played
    where it was played, the hidden ones dealt within what play revealed), drawn as
    ``state.sample(view.seat, rng)`` draws; only for a view of a hand dealt.

    >>> import random
    >>> from tablegames import texas42
    >>> state = texas42.new_match()
    >>> view = state.apply(state.chance_outcome(random.Random(0))).view(3)
    >>> deal = sampled_deal(view, random.Random(1))
    >>> texas42.new_match().apply(deal).hand(3) == view.hand
    True
    """
    seat = view.seat
    aside_seat = view.aside_seat
    counts = list(view.hand_sizes)
    own = view.hand.mask
    if aside_seat is not None:
        counts[aside_seat] = view.aside_size
        if aside_seat == seat:
            own = view.aside.mask
    played = _NO_HANDS
    voids = {}
    if view.trump is not None:
        model = model_of(view.trump, view.rules)
        plays = pieces_played(view.tricks, view.trick)
        leader = view.tricks[0][0] if view.tricks else view.trick[0][0] if view.trick else 0
        order: tuple[int, ...] = ORDER
        if is_nello(view.trump) and aside_seat is not None:
            order = tuple(s for s in order if s != aside_seat)
        if plays:
            table = table_of(order, leader, plays, model, SEATS)
            played = table.played()
            voids = revealed_voids(table, model)
    seen = own
    for mask in played:
        seen |= mask
    hands, aside = deal_hidden(
        seat,
        counts,
        ALL_TILES & ~seen,
        voids,
        played,
        own,
        view.dealer,
        view.specials,
        aside_seat,
        rng,
    )
    held = [hands[s] | played[s] | aside[s] for s in range(SEATS)]
    return deal_of(
        [[DOMINOES[i] for i in range(28) if held[s] >> i & 1] for s in range(SEATS)], view.dealer
    )
