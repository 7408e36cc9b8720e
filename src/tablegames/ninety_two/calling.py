"""The phases before play, as pure steps: the deal, the bidding and the naming of partners.
Each takes the deal's part (and the hands where they matter) and gives the next part (or the
deal's end, or the start of play), or the :class:`~tablegames.core.violations.Violation` that
forbids the call; :mod:`tablegames.ninety_two.state` builds the states.

>>> from tablegames.pieces import Suit
>>> from tablegames.ninety_two import Rules
>>> from tablegames.ninety_two.part import start_part
>>> part = bid(start_part(Rules(), 0, (0,) * 4, ()), Bid(3, Suit.HEARTS))
>>> part.high, part.bidder, part.to_call, [str(a) for a in legal_calls(part)[:2]]
(Bid.parse('bid 3 H'), 1, 2, ['pass', 'bid 4 C'])
>>> print(bid(part, Bid(3, Suit.SPADES)))
A bid must name more tricks than the standing bid of 3 (bid 3 H); 3 is not more.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add

from tablegames.core.actions import PASS, Deal, Pass
from tablegames.core.history import History, LogNode
from tablegames.core.seats import Seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.pieces.cards import CARD_UNIVERSE, CARDS, Card, Suit
from tablegames.pieces.sets import PieceSet, mask_of
from tablegames.tricks.tally import TrickTally

from .actions import Action, Bid, Partners
from .bidding import bid_violation, partners_violation
from .model import model_of
from .part import DealPart, DealResult, new_part, thrown_in
from .rules import DECK_SIZE, HAND_SIZE
from .scoring import match_winners

Hands = tuple[int, ...]
"""Card masks by seat."""


def _listed(cards: Sequence[Card] | PieceSet[Card] | str) -> list[Card]:
    if isinstance(cards, str):
        return [Card.parse(t) for t in cards.split()]
    return list(cards)


def deal_of(
    hands: Sequence[Sequence[Card] | PieceSet[Card] | str],
    stock: Sequence[Card] | PieceSet[Card] | str = "",
    dealer: Seat = 0,
) -> Deal[Card]:
    """The deal that gives seat ``i`` the cards ``hands[i]`` (4 each; 4, 6 or 8 hands) when
    ``dealer`` deals, with ``stock`` on top of the stock in that order, top first; the cards
    named nowhere follow at the bottom in index order.

    >>> hands = ["2C 3C 4C 5C", "2D 3D 4D 5D", "2H 3H 4H 5H", "2S 3S 4S 5S"]
    >>> deal = deal_of(hands, "AS KS", dealer=3)
    >>> [str(c) for c in deal.order[:5]], [str(c) for c in deal.order[16:18]]
    (['2C', '2D', '2H', '2S', '3C'], ['AS', 'KS'])
    """
    players = len(hands)
    queues = [_listed(h) for h in hands]
    order: list[Card] = []
    for i in range(HAND_SIZE * players):
        order.append(queues[(dealer + 1 + i) % players].pop(0))
    order.extend(_listed(stock))
    used = mask_of(CARD_UNIVERSE, order)
    order.extend(c for c in CARDS if not used >> c.index & 1)
    return Deal(tuple(order))


_ONLY_CARDS = {Card}
_EVERY_INDEX = set(range(DECK_SIZE))


def deck_indices(order: tuple[Card, ...]) -> list[int] | None:
    """The card indices of a deal's ``order``, or None unless it orders all 52 cards once each.

    >>> len(deck_indices(CARDS)), deck_indices(CARDS[1:] + CARDS[:1])[-1]
    (52, 0)
    >>> deck_indices(CARDS[:51] + CARDS[:1]) is None, deck_indices(CARDS[:51]) is None
    (True, True)
    """
    if len(order) != DECK_SIZE:
        return None
    # Checked as a whole (types, then the set of indices) rather than card by card.
    if set(map(type, order)) != _ONLY_CARDS and not all(isinstance(c, Card) for c in order):
        return None
    indices = [c.index for c in order]
    return indices if set(indices) == _EVERY_INDEX else None


def deal(part: DealPart, shuffled: Deal[Card], log: LogNode) -> tuple[Hands, DealPart] | Violation:
    """The hands dealt from ``shuffled`` (four cards each, one at a time from the dealer's
    left; the rest is the stock, top first) and the part of the deal about to be bid; ``log``
    is the history before the deal.

    >>> from tablegames.ninety_two import Rules
    >>> from tablegames.ninety_two.part import start_part
    >>> hands, part = deal(start_part(Rules(), 3, (0,) * 4, ()), Deal(CARDS), (None, None, 0))
    >>> hands[0] == 1 | 1 << 4 | 1 << 8 | 1 << 12, part.stock[:2], len(part.stock)
    (True, (16, 17), 36)
    >>> print(deal(part, Deal(CARDS[:51]), (None, None, 0)))
    A deal must order all 52 cards, each exactly once.
    """
    indices = deck_indices(shuffled.order)
    if indices is None:
        return Violation(
            ViolationCode.BAD_DEAL, "A deal must order all 52 cards, each exactly once."
        )
    rules = part.rules
    players = rules.players
    dealer = part.dealer
    hands = [0] * players
    dealt = HAND_SIZE * players
    seat = dealer
    for card in indices[:dealt]:
        seat += 1
        if seat == players:
            seat = 0
        hands[seat] |= 1 << card
    part = new_part(
        rules,
        dealer,
        (),
        None,
        None,
        (),
        tuple(indices[dealt:]),
        part.dead,
        part.results,
        part.scores,
        History.of_log(log),
        part.bid_options,
    )
    return tuple(hands), part


def legal_calls(part: DealPart) -> tuple[Action, ...]:
    """The calls open to the seat to call: pass, then every bid over the standing one, lowest
    first (ready-made: see :class:`~tablegames.ninety_two.bidding.CallTable`).

    >>> from tablegames.ninety_two import Rules
    >>> from tablegames.ninety_two.part import start_part
    >>> len(legal_calls(start_part(Rules(), 0, (0,) * 4, ())))  # pass and 52 bids
    53
    """
    high = part.high
    return part.bid_options.bids[0 if high is None else high.tricks]


def partner_choices(part: DealPart) -> tuple[Action, ...]:
    """The partner sets the high bidder may name, in order.

    >>> from tablegames.ninety_two import Rules
    >>> from tablegames.ninety_two.part import start_part
    >>> part = bid(start_part(Rules(), 0, (0,) * 4, ()), Bid(2, Suit.CLUBS))
    >>> [str(p) for p in partner_choices(part)]
    ['partners 0', 'partners 2', 'partners 3']
    """
    return part.bid_options.partner_sets[part.bidder]  # type: ignore[index]


def call(part: DealPart, action: object) -> DealPart | DealResult | Violation:
    """The part after the seat to call makes ``action``, a bid or a pass (the last of the
    calls is the one to record: a bid as listed, its suit a ``Suit``), or the result of a deal
    everybody passed.

    >>> from tablegames.ninety_two import Rules
    >>> from tablegames.ninety_two.part import start_part
    >>> part = start_part(Rules(), 0, (0,) * 4, ())
    >>> for _ in range(4):
    ...     part = call(part, PASS)
    >>> part.thrown_in
    True
    """
    kind = type(action)
    if kind is Bid:
        return bid(part, action)  # type: ignore[arg-type]
    if kind is Pass:
        return pass_(part)
    return Violation(ViolationCode.WRONG_PHASE, "It is time to bid or pass (bid 4 H, pass).")


def pass_(part: DealPart) -> DealPart | DealResult:
    """The part after a pass (the result of the deal when everybody passed).

    >>> from tablegames.ninety_two import Rules
    >>> from tablegames.ninety_two.part import start_part
    >>> pass_(start_part(Rules(), 0, (0,) * 4, ())).calls
    (Pass(),)
    """
    calls = (*part.calls, PASS)
    players = part.rules.players
    if len(calls) == players and part.bidder is None:
        return thrown_in(part.dealer, players)
    return _calling(part, calls, part.high, part.bidder)


def bid(part: DealPart, action: Bid) -> DealPart | Violation:
    """The part after the seat to call bids ``action``. A legal bid is one of the listed ones
    (the look-up also turns a suit given as a number into the ``Suit``); the rules are asked
    only to explain a refusal.

    >>> from tablegames.ninety_two import Rules
    >>> from tablegames.ninety_two.part import start_part
    >>> bid(start_part(Rules(), 0, (0,) * 4, ()), Bid(3, 2)).calls
    (Bid.parse('bid 3 H'),)
    """
    high = part.high
    listed = part.bid_options.bid_lookup[0 if high is None else high.tricks].get(action)
    if listed is None:
        violation = bid_violation(action, high, part.rules)
        if violation is not None:
            return violation
        listed = Bid(action.tricks, Suit(action.suit))
    calls = (*part.calls, listed)
    seat = (part.dealer + len(calls)) % part.rules.players  # the seat that bid: to_call
    return _calling(part, calls, listed, seat)


def _calling(
    part: DealPart,
    calls: tuple[Bid | Pass, ...],
    high: Bid | None,
    bidder: Seat | None,
    team: tuple[Seat, ...] = (),
) -> DealPart:
    """``part`` with the calls, the high bid and bidder, and the team named (none yet)."""
    return new_part(
        part.rules,
        part.dealer,
        calls,
        high,
        bidder,
        team,
        part.stock,
        part.dead,
        part.results,
        part.scores,
        part.before_deal,
        part.bid_options,
    )


def name_partners(
    part: DealPart, action: object
) -> tuple[Partners, DealPart, TrickTally] | Violation:
    """The start of play once the high bidder names ``action``'s partners: the partners as
    listed (to record), the part with the team, and the first trick's tally (every seat plays,
    the high bidder leads, trump is the bid's suit).

    >>> from tablegames.ninety_two import Rules
    >>> from tablegames.ninety_two.part import start_part
    >>> part = bid(start_part(Rules(), 0, (0,) * 4, ()), Bid(2, Suit.CLUBS))
    >>> listed, named, tally = name_partners(part, Partners((3,)))
    >>> named.team, tally.leader, tally.model.trump
    ((1, 3), 1, 0)
    >>> print(name_partners(part, Partners((1,))))
    Seat 1 won the bidding and cannot be its own partner.
    """
    if type(action) is not Partners:
        return Violation(
            ViolationCode.WRONG_PHASE,
            "The high bidder must name partners first (partners 2, or partners 2 5).",
        )
    bidder, high = part.bidder, part.high
    assert bidder is not None and high is not None
    rules = part.rules
    listed = part.bid_options.partner_lookup[bidder].get(action)
    if listed is None:
        violation = partners_violation(action, bidder, rules)
        if violation is not None:
            return violation
        listed = action
    named = _calling(part, part.calls, high, bidder, listed.seats)
    players = rules.players
    tally = TrickTally.begin(tuple(range(players)), bidder, players, model_of(high.suit, rules))
    return listed, named, tally


def next_deal(part: DealPart, result: DealResult) -> tuple[DealPart, bool]:
    """The part of the next deal once this one ended with ``result`` (its score added, the deal
    passing left, no cards out), and whether the match is over.

    >>> from tablegames.ninety_two import Rules
    >>> from tablegames.ninety_two.part import start_part
    >>> following, over = next_deal(start_part(Rules(), 3, (0,) * 4, ()), thrown_in(3, 4))
    >>> following.dealer, len(following.results), over
    (0, 1, False)
    """
    rules = part.rules
    scores = tuple(map(add, part.scores, result.score))
    following = new_part(
        rules,
        (part.dealer + 1) % rules.players,
        (),
        None,
        None,
        (),
        (),
        0,
        (*part.results, result),
        scores,
        None,
        part.bid_options,
    )
    return following, bool(match_winners(scores, rules))
