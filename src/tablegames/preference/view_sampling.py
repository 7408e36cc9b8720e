"""A full Preference state from one seat's view alone (``PreferenceView.sample``).

The view holds the rules, the match so far (dealer, chips, finished deals) and this deal's
public course: the calls, the offers, whether the round-two winner kept the hand or discarded
(only that player knows which two cards), the trump and the cards played. So a sample is the
start of this deal (:func:`start_position`: the chips as they were before round two's offers),
a deal of the hidden cards drawn by :func:`~tablegames.preference.hidden.deal_hidden` exactly
as ``PreferenceState.sample`` draws it, and this deal's actions (:func:`deal_actions`, with the
sampled discards) replayed through the rules. Nothing before this deal is read.

>>> import random
>>> from tablegames import preference
>>> state = preference.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(3))).apply(preference.PASS)
>>> view = state.view(2)
>>> world = view.sample(random.Random(5))
>>> world.view(2) == view, len(world.history)
(True, 2)
>>> world.view(1) == state.sample(2, random.Random(5)).view(1)
True
"""

from __future__ import annotations

import random

from tablegames.core.actions import PASS
from tablegames.pieces.cards import DECK_32
from tablegames.tricks.rebuild import table_of
from tablegames.tricks.table import revealed_voids

from .actions import BIDS, KEEP, PLAYS, TRUMPS, Action, Discard, Offer
from .hidden import SEATS, chips_before_offers, deal_hidden
from .start import start_state
from .state import (
    _ACTIVE,
    _DEAL,
    _NO_HANDS,
    _OVER,
    MODELS,
    Phase,
    PreferenceState,
    PreferenceView,
    _cards,
    deal_of,
    first_leader,
)


def _chips(view: PreferenceView) -> tuple[tuple[int, ...], int]:
    return chips_before_offers(
        view.rules.round_two_payment,
        dealer=view.dealer,
        offers=view.offers,
        declarer=view.declarer,
        stacks=view.stacks,
        pot=view.pot,
    )


def start_position(view: PreferenceView) -> PreferenceState:
    """The state at the start of ``view``'s deal (before its cards are dealt), or at the end
    of the match once it is over; its history is empty and starts there (see :mod:`.start`).

    >>> from tablegames import preference
    >>> start = start_position(preference.new_match(preference.Rules(deals=4)).view(3))
    >>> start.phase.value, start.rules.deals, start.pot, len(start.history)
    ('deal', 4, 20, 0)
    """
    stacks, pot = _chips(view)
    return start_state(view.rules, view.dealer, stacks, pot, view.results, over=view.phase is _OVER)


def deal_actions(view: PreferenceView, discards: int = 0) -> tuple[Action, ...]:
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
        out.append(Discard(tuple(_cards(discards))) if view.discards_size else KEEP)
        if view.phase is Phase.PLAY:
            out.append(TRUMPS[view.trump])  # type: ignore[index]
    out.extend(PLAYS[card.index] for _, cards, _ in view.tricks for card in cards)
    out.extend(PLAYS[card.index] for _, card in view.trick)
    return tuple(out)


def sample_view(view: PreferenceView, rng: random.Random) -> PreferenceState:
    """A full state consistent with ``view``, drawn as ``state.sample(view.seat, rng)`` draws.

    Before the deal and once the match is over there is nothing hidden: the start position.

    >>> from tablegames import preference
    >>> sample_view(preference.new_match().view(0), random.Random(0)).phase.value
    'deal'
    """
    start = start_position(view)
    if view.phase is _DEAL or view.phase is _OVER:
        return start
    seat = view.seat
    knows = bool(view.widow)
    table = None
    if view.phase is Phase.PLAY and (view.tricks or view.trick):
        assert view.declarer is not None and view.trump is not None
        plays = [c.index for _, cards, _ in view.tricks for c in cards]
        plays.extend(c.index for _, c in view.trick)
        leader = first_leader(view.declarer, view.dealer)
        table = table_of(_ACTIVE[view.dealer], leader, plays, MODELS[view.trump], SEATS)
    played = table.played() if table is not None else _NO_HANDS
    seen = view.hand.mask
    for mask in played:
        seen |= mask
    if knows:
        seen |= view.widow.mask | view.discards.mask
    widow_taken = view.discards_size > 0
    dealt, widow, discards = deal_hidden(
        seat,
        view.active,
        view.hand_sizes,
        DECK_32.mask & ~seen,
        own=view.hand.mask,
        widow=view.widow.mask if knows else None,
        discards=view.discards.mask if knows else None,
        widow_taken=widow_taken,
        discards_size=view.discards_size,
        declarer=view.declarer,
        played=played,
        voids=revealed_voids(table, MODELS[view.trump]) if table else {},  # type: ignore[index]
        rng=rng,
    )
    state = start.apply(deal_of([_cards(m) for m in dealt], _cards(widow), view.dealer))
    for action in deal_actions(view, discards):
        state = state.apply(action)
    return state
