"""A full Preference state from one seat's view alone (``PreferenceView.sample``).

The view holds the rules, the match so far (dealer, chips, finished deals) and this deal's
public course: the calls, the offers, whether the round-two winner kept the hand or discarded,
the trump and the cards played. The widow stays hidden, and so do the two cards laid aside
after taking it: only the player who took it knows them. So a sample starts from the chips as
they were before round two's offers
(:func:`~tablegames.preference.hidden.chips_before_offers`), draws the hidden cards, the widow
and the discards among them, by :func:`~tablegames.preference.hidden.deal_hidden` exactly as
``PreferenceState.sample`` draws them (:func:`sampled_deal`), and
:class:`~tablegames.preference.state.PreferenceView` replays this deal's actions
(:func:`deal_actions`, with the discards drawn) on it (see
:meth:`~tablegames.tricks.facade.TrickState.replayed`).

>>> import random
>>> from tablegames import preference
>>> state = preference.new_match()
>>> view = state.apply(state.chance_outcome(random.Random(3))).view(2)
>>> world = view.sample(random.Random(5))
>>> len(view.widow), world.widow.bit_count(), world.widow & view.hand.mask  # drawn, unseen
(0, 2, 0)
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from tablegames.core.actions import PASS, Deal
from tablegames.pieces.cards import DECK_32, Card
from tablegames.tricks.facade import pieces_played
from tablegames.tricks.rebuild import table_of
from tablegames.tricks.table import revealed_voids

from .actions import BIDS, KEEP, PLAYS, TRUMPS, Action, Discard, Offer
from .calling import deal_of
from .deal import ACTIVE, SEATS, Phase, first_leader
from .hidden import deal_hidden
from .playing import model_of
from .view import SeatView, cards_of

_NO_HANDS = (0,) * SEATS


def deal_actions(view: SeatView, discards: int = 0) -> tuple[Action, ...]:
    """This deal's actions after the deal, read off ``view``: calls, offers, the widow (a
    discard of ``discards``, the cards laid aside, unless the hand was kept), trump, plays.

    >>> import random
    >>> from tablegames import preference
    >>> state = preference.new_match()
    >>> state = state.apply(state.chance_outcome(random.Random(0))).apply(preference.PASS)
    >>> [str(a) for a in deal_actions(state.view(0))]
    ['pass']
    """
    out: list[Action] = [PASS if c is None else BIDS[c] for c in view.calls]
    out.extend(PASS if chips == 0 else Offer(chips) for chips in view.offers)
    round_two = len(view.offers) == SEATS - 1 and view.declarer is not None
    if round_two and view.phase in (Phase.TRUMP, Phase.PLAY):
        out.append(Discard(tuple(cards_of(discards))) if view.discards_size else KEEP)
        if view.phase is Phase.PLAY:
            out.append(TRUMPS[view.trump])  # type: ignore[index]
    out.extend(PLAYS[index] for index in pieces_played(view.tricks, view.trick))
    return tuple(out)


def sampled_deal(view: SeatView, rng: random.Random) -> tuple[Deal[Card], int]:
    """A deal of this deal's cards consistent with ``view`` (the seat's own cards, every card
    played where it was played, the hidden ones dealt within what play revealed), and the
    discards that go with it, drawn as ``state.sample(view.seat, rng)`` draws; only for a view
    of a deal dealt.

    >>> import random
    >>> from tablegames import preference
    >>> state = preference.new_match()
    >>> view = state.apply(state.chance_outcome(random.Random(0))).view(3)
    >>> deal, discards = sampled_deal(view, random.Random(1))
    >>> preference.new_match().apply(deal).hand(3) == view.hand, discards
    (True, 0)
    """
    seat = view.seat
    knows = bool(view.widow)
    table = None
    voids: Mapping[int, int] = {}
    if view.phase is Phase.PLAY and (view.tricks or view.trick):
        declarer, trump = view.declarer, view.trump
        assert declarer is not None and trump is not None
        plays = pieces_played(view.tricks, view.trick)
        leader = first_leader(declarer, view.dealer)
        model = model_of(trump, view.rules)
        table = table_of(ACTIVE[view.dealer], leader, plays, model, SEATS)
        voids = revealed_voids(table, model)
    played = table.played() if table is not None else _NO_HANDS
    seen = view.hand.mask
    for mask in played:
        seen |= mask
    if knows:
        seen |= view.widow.mask | view.discards.mask
    dealt, widow, discards = deal_hidden(
        seat,
        view.active,
        view.hand_sizes,
        DECK_32.mask & ~seen,
        own=view.hand.mask,
        widow=view.widow.mask if knows else None,
        discards=view.discards.mask if knows else None,
        widow_taken=view.discards_size > 0,
        discards_size=view.discards_size,
        declarer=view.declarer,
        played=played,
        voids=voids,
        rng=rng,
    )
    return deal_of([cards_of(m) for m in dealt], cards_of(widow), view.dealer), discards
