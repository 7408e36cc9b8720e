"""The phases before play, as pure steps: the deal, round one's bids, round two's offers, the
widow and the naming of trumps, and the chips between deals. Each takes the deal's part (and the
hands where they matter) and gives the next part, or the
:class:`~tablegames.core.violations.Violation` that forbids the call;
:mod:`tablegames.preference.state` builds the states and says which phase comes next.

>>> from tablegames.pieces import Suit
>>> from tablegames.preference import Rules, Bid, Offer, PASS
>>> from tablegames.preference.deal import start_part
>>> part = start_part(Rules(), 0, (95,) * 4, 20, ())
>>> part = round_one(part, Bid(Suit.DIAMONDS))
>>> part.declarer, part.trump, [str(a) for a in legal_bids(part)]
(1, <Suit.DIAMONDS: 1>, ['pass', 'bid H'])
>>> print(round_one(part, Bid(Suit.CLUBS)))
Clubs do not rank above diamonds, the last suit named: name a higher suit or pass.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from tablegames.core.actions import PASS, Deal, Pass
from tablegames.core.errors import TableGamesError
from tablegames.core.history import History, LogNode
from tablegames.core.seats import Seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.pieces.cards import CARD_UNIVERSE, CARDS, DECK_32, Card
from tablegames.pieces.sets import PieceSet, mask_of

from .actions import BIDS, DECK_CARDS, KEEP, TRUMPS, Action, Bid, Discard, Keep, Offer, Trump
from .deal import ACTIVE, CALLS, HAND, PACKETS, SEATS, WIDOW, DealPart, DealResult, new_part
from .deal import new_result as _new_result
from .rules import CONTRACT_RANK, SUIT_ORDER, Contract, Rules

Hands = tuple[int, ...]
"""Card masks by seat."""

_DECK_MASK = DECK_32.mask
_WIDOW_PLACE = SEATS
"""Where the widow's cards go when dealt (after the four seats)."""


def deal_of(
    hands: Sequence[Sequence[Card] | PieceSet[Card] | str],
    widow: Sequence[Card] | PieceSet[Card] | str,
    dealer: Seat = 0,
) -> Deal[Card]:
    """The deal that gives seat ``i`` the cards ``hands[i]`` (ten each; the dealer's entry is
    empty) and puts ``widow`` (two cards) in the widow, for a given dealer.

    Cards go out in packets from the dealer's left: 3 each, 2 to the widow, 4 each, 3 each.

    >>> deal = deal_of(["", "AH KH QH JH TH 9H 8H 7H AS KS", "AD KD QD JD TD 9D 8D 7D QS JS",
    ...                 "AC KC QC JC TC 9C 8C 7C TS 9S"], widow="8S 7S")
    >>> " ".join(str(c) for c in deal.order[:11])
    '7H 8H 9H 7D 8D 9D 7C 8C 9C 7S 8S'
    """
    if len(hands) != SEATS:
        raise TableGamesError("deal_of needs four hands, by seat (the dealer's one empty)")
    masks = [mask_of(CARD_UNIVERSE, h) for h in hands]
    widow_mask = mask_of(CARD_UNIVERSE, widow)
    counts = [m.bit_count() for m in masks]
    if masks[dealer] or any(counts[s] != HAND for s in ACTIVE[dealer]):
        raise TableGamesError("each active player gets ten cards and the dealer none")
    total = widow_mask
    for m in masks:
        if total & m:
            raise TableGamesError("a card is given twice")
        total |= m
    if widow_mask.bit_count() != WIDOW or total != _DECK_MASK:
        raise TableGamesError("the hands and the widow must share out the 32 cards")
    queues = [[CARDS[i] for i in range(52) if m >> i & 1] for m in masks]
    order: list[Card] = []
    for size in PACKETS:
        if size == 0:
            order.extend(CARDS[i] for i in range(52) if widow_mask >> i & 1)
            continue
        for seat in ACTIVE[dealer]:
            order.extend(queues[seat][:size])
            del queues[seat][:size]
    return Deal(tuple(order))


def places(dealer: Seat) -> tuple[int, ...]:
    """Where each card of the pack goes when ``dealer`` deals, top card first: the seat, or
    the widow (4), in packets from the dealer's left (3 each, 2 to the widow, 4 each, 3 each).

    >>> places(0)[:11]
    (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4)
    """
    out: list[int] = []
    for size in PACKETS:
        if size == 0:
            out += [_WIDOW_PLACE] * WIDOW
            continue
        for seat in ACTIVE[dealer]:
            out += [seat] * size
    return tuple(out)


_PLACES = tuple(places(dealer) for dealer in range(SEATS))
_BAD_DEAL = Violation(
    ViolationCode.BAD_DEAL, "A deal must order all 32 cards, 7 to ace, each exactly once."
)


def deal(part: DealPart, shuffled: Deal[Card], log: LogNode) -> tuple[Hands, DealPart] | Violation:
    """The hands dealt from ``shuffled`` (in packets from the dealer's left) and the part of
    the deal about to be bid, its widow dealt; ``log`` is the history before the deal.

    >>> from tablegames.preference import Rules
    >>> from tablegames.preference.deal import start_part
    >>> print(deal(start_part(Rules(), 0, (95,) * 4, 20, ()), Deal(DECK_CARDS[:31]), (None,
    ...     None, 0)))
    A deal must order all 32 cards, 7 to ace, each exactly once.
    """
    order = shuffled.order
    if len(order) != len(DECK_32):
        return _BAD_DEAL
    # Where each card of the pack goes for this dealer: a hand, or the widow (place 4).
    held = [0] * (SEATS + 1)
    for card, place in zip(order, _PLACES[part.dealer]):
        if not isinstance(card, Card):
            return _BAD_DEAL
        held[place] |= 1 << card.index
    h0, h1, h2, h3, widow = held
    if h0 | h1 | h2 | h3 | widow != _DECK_MASK:  # 32 cards cover the deck: each came once
        return _BAD_DEAL
    return (h0, h1, h2, h3), part.with_widow(widow, False, 0, History.of_log(log))


# -- round one -------------------------------------------------------------------------------

_BIDS_OVER: dict[int, tuple[Action, ...]] = {
    floor: (PASS, *(b for b in BIDS.values() if CONTRACT_RANK[b.suit] > floor))
    for floor in range(-1, len(BIDS))
}
"""Round one's choices, by the rank of the standing bid (-1: none yet): the ready-made
actions of every call the rule allows (a table of the contracts, not of any rule setting)."""


def legal_bids(part: DealPart) -> tuple[Action, ...]:
    """Round one's calls open to the seat to call: pass, or a suit above the last one named.

    >>> from tablegames.preference import Rules
    >>> from tablegames.preference.deal import start_part
    >>> [str(a) for a in legal_bids(start_part(Rules(), 0, (95,) * 4, 20, ()))]
    ['pass', 'bid S', 'bid C', 'bid D', 'bid H']
    """
    trump = part.trump
    return _BIDS_OVER[-1 if trump is None else CONTRACT_RANK[trump]]


def round_one(part: DealPart, action: object) -> DealPart | Violation:
    """The part after a call of round one by the seat to call: a bid of a suit above the
    last one named makes its bidder the standing declarer; a pass leaves the standing bid.

    >>> from tablegames.preference import Rules
    >>> from tablegames.preference.deal import start_part
    >>> round_one(start_part(Rules(), 0, (95,) * 4, 20, ()), PASS).calls
    (None,)
    """
    kind = action.__class__
    if kind is Bid:
        suit: Contract = action.suit  # type: ignore[attr-defined]
        standing = part.trump
        if standing is not None and CONTRACT_RANK[suit] <= CONTRACT_RANK[standing]:
            return Violation(
                ViolationCode.BID_NOT_HIGHER,
                f"{suit.plural.capitalize()} do not rank above {standing.plural}, the last suit "
                "named: name a higher suit or pass.",
            )
        return part.after_call((*part.calls, suit), part.to_bid, suit)
    if kind is Pass:
        return part.after_call((*part.calls, None), part.declarer, part.trump)
    return Violation(
        ViolationCode.WRONG_PHASE, "It is round one: name a higher suit (bid H) or pass."
    )


# -- round two -------------------------------------------------------------------------------

OFFER_LISTS = 256
"""How many lists of round two's calls :func:`legal_offers` keeps, by the largest offer so far
and the stack of the seat to call (plain numbers, each at most ``Rules.max_offer``): a match
meets a few dozen."""
KEPT_OFFERS = 1024
"""The longest list of offers kept (longer lists, met only under rules with stacks in the
thousands, are made when asked for): so the lists kept hold at most
``OFFER_LISTS * KEPT_OFFERS`` offers, whatever the rules."""


def _offers(largest: int, stack: int) -> tuple[Action, ...]:
    return (PASS, *(Offer(n) for n in range(largest + 1, stack + 1)))


_kept_offers = functools.lru_cache(maxsize=OFFER_LISTS)(_offers)


def legal_offers(part: DealPart) -> tuple[Action, ...]:
    """Round two's calls open to the seat to call: pass, or an offer above the largest so far
    and no more than its stack.

    >>> from tablegames.preference import Rules
    >>> from tablegames.preference.deal import start_part
    >>> [str(a) for a in legal_offers(start_part(Rules(), 0, (3,) * 4, 388, ()))]
    ['pass', 'offer 1', 'offer 2', 'offer 3']
    """
    largest = part.largest_offer
    stack = part.stacks[part.to_offer]
    return (_kept_offers if stack - largest <= KEPT_OFFERS else _offers)(largest, stack)


def pay(stacks: tuple[int, ...], seat: Seat, chips: int) -> tuple[int, ...]:
    """``stacks`` after ``seat`` pays ``chips`` (negative: receives them).

    >>> pay((95, 95, 95, 95), 2, 3)
    (95, 95, 92, 95)
    """
    out = list(stacks)
    out[seat] -= chips
    return tuple(out)


def round_two(part: DealPart, action: object) -> DealPart | Violation:
    """The part after a call of round two by the seat to call: an offer above the largest so
    far (paid into the pot at once, unless only the winner pays) makes its maker the standing
    winner; a pass leaves it. Once all three have called, the winner pays under
    ``round_two_payment="winner_only"``.

    >>> from tablegames.preference import Rules
    >>> from tablegames.preference.deal import start_part
    >>> part = round_two(start_part(Rules(), 0, (95,) * 4, 20, ()), Offer(3))
    >>> part.offers, part.declarer, part.stacks, part.pot
    ((3,), 1, (95, 92, 95, 95), 23)
    >>> print(round_two(part, Offer(2)))
    An offer must be more than 3, the largest so far, not 2.
    """
    kind = action.__class__
    stacks, pot = part.stacks, part.pot
    winner_only = part.rules.round_two_payment == "winner_only"
    if kind is Offer:
        chips: int = action.chips  # type: ignore[attr-defined]
        largest = part.largest_offer
        if chips <= largest:
            text = "at least 1 chip" if largest == 0 else f"more than {largest}, the largest so far"
            return Violation(
                ViolationCode.OFFER_NOT_HIGHER, f"An offer must be {text}, not {chips}."
            )
        seat = part.to_offer
        stack = stacks[seat]
        if chips > stack:
            return Violation(
                ViolationCode.OFFER_OVER_STACK,
                f"You have {stack} chips: you cannot offer {chips}.",
            )
        if not winner_only:
            stacks, pot = pay(stacks, seat, chips), pot + chips
        offers = (*part.offers, chips)
        declarer: Seat | None = seat
    elif kind is Pass:
        offers = (*part.offers, 0)
        declarer = part.declarer
    else:
        return Violation(
            ViolationCode.WRONG_PHASE,
            "It is round two: offer more chips than anyone so far (offer 3) or pass.",
        )
    if winner_only and declarer is not None and len(offers) == CALLS:
        offer = max(offers)
        stacks, pot = pay(stacks, declarer, offer), pot + offer
    return part.after_offer(offers, declarer, stacks, pot)


def thrown_in(part: DealPart) -> DealResult:
    """The result of a deal all three passed in both rounds: nobody plays, no chip moves.

    >>> from tablegames.preference import Rules
    >>> from tablegames.preference.deal import start_part
    >>> thrown_in(start_part(Rules(), 0, (95,) * 4, 20, ())).thrown_in
    True
    """
    return _new_result(
        len(part.results) + 1,
        part.dealer,
        None,
        None,
        0,
        (0,) * SEATS,
        None,
        0,
        part.stacks,
        part.pot,
    )


# -- the widow and trumps --------------------------------------------------------------------

_DISCARD_OF: dict[int, Discard] = {
    1 << a.index | 1 << b.index: Discard((a, b))
    for i, a in enumerate(DECK_CARDS)
    for b in DECK_CARDS[i + 1 :]
}
"""Every discard by the mask of its two cards (the widow phase lists the pairs of twelve)."""


def widow_choices(part: DealPart, hands: Hands) -> tuple[Action, ...]:
    """What the round-two winner may do with the widow: keep the hand, or discard any two of
    the twelve cards (the hand and the widow), pairs in deck order.

    >>> from tablegames.preference import Rules
    >>> from tablegames.pieces import cards
    >>> from tablegames.preference.deal import start_part
    >>> part = start_part(Rules(), 0, (95,) * 4, 20, ())
    >>> part = part.with_widow(cards("9H TH").mask, False, 0, None)
    >>> part = part.after_offer((1, 0, 0), 1, part.stacks, part.pot)
    >>> [str(a) for a in widow_choices(part, (0, cards("7H 8H").mask, 0, 0))][:3]
    ['keep', 'discard 7H 8H', 'discard 7H 9H']
    """
    pool = hands[part.declarer] | part.widow  # type: ignore[index]
    bits = []  # the twelve cards' bits, lowest (first in deck order) first
    while pool:
        bit = pool & -pool
        bits.append(bit)
        pool ^= bit
    pairs = [_DISCARD_OF[a | b] for i, a in enumerate(bits) for b in bits[i + 1 :]]
    return (KEEP, *pairs)


def deck_refusal(card: object) -> Violation:
    """The refusal of ``card``, which is not a card of the 32-card deck.

    >>> print(deck_refusal(CARDS[0]))
    2C is not in the 32-card deck: cards run 7 to ace.
    """
    return Violation(
        ViolationCode.NOT_IN_DECK, f"{card} is not in the 32-card deck: cards run 7 to ace."
    )


def in_deck(card: object) -> bool:
    """True for a card of the 32-card deck.

    >>> in_deck(Card.parse("7H")), in_deck(CARDS[0]), in_deck("7H")
    (True, False, False)
    """
    return isinstance(card, Card) and bool(_DECK_MASK >> card.index & 1)


def take_widow(part: DealPart, hands: Hands, action: object) -> tuple[Hands, DealPart] | Violation:
    """The hands and part after the round-two winner keeps the hand (the widow laid aside
    unused) or discards two of the twelve cards (the widow taken into the hand).

    >>> from tablegames.preference import Rules
    >>> from tablegames.preference.deal import start_part
    >>> part = start_part(Rules(), 0, (95,) * 4, 20, ()).after_offer((1, 0, 0), 1, (95,) * 4, 21)
    >>> print(take_widow(part, (0,) * 4, Discard((Card.parse("7H"),))))
    Discard exactly two different cards of the twelve (or keep your hand).
    """
    kind = action.__class__
    if kind is Keep:
        return hands, part
    if kind is not Discard:
        return Violation(
            ViolationCode.WRONG_PHASE,
            "The round-two winner must first keep the hand or discard two cards "
            "(keep, discard 7S 8S).",
        )
    cards: tuple[Card, ...] = action.cards  # type: ignore[attr-defined]
    if len(cards) != WIDOW or cards[0] == cards[1]:
        return Violation(
            ViolationCode.DISCARD_WRONG_COUNT,
            "Discard exactly two different cards of the twelve (or keep your hand).",
        )
    declarer = part.declarer
    assert declarer is not None
    pool = hands[declarer] | part.widow
    mask = 0
    for card in cards:
        if not in_deck(card):
            return deck_refusal(card)
        if not pool >> card.index & 1:
            return Violation(
                ViolationCode.NOT_IN_HAND,
                f"You do not hold {card}: discard two of your ten cards and the widow's two.",
            )
        mask |= 1 << card.index
    held = list(hands)
    held[declarer] = pool & ~mask
    return tuple(held), part.with_widow(part.widow, True, mask, part.before_deal)


TRUMP_CHOICES: tuple[Action, ...] = tuple(TRUMPS[s] for s in SUIT_ORDER)
"""The round-two winner's choices of trumps: any suit.

>>> [str(a) for a in TRUMP_CHOICES]
['trump S', 'trump C', 'trump D', 'trump H']
"""


def name_trump(part: DealPart, action: object) -> DealPart | Violation:
    """The part once the round-two winner names trumps (any suit): play begins.

    >>> from tablegames.preference import Rules
    >>> from tablegames.preference.deal import start_part
    >>> from tablegames.pieces import Suit
    >>> name_trump(start_part(Rules(), 0, (95,) * 4, 20, ()), Trump(Suit.HEARTS)).trump
    <Suit.HEARTS: 2>
    """
    if action.__class__ is not Trump:
        return Violation(
            ViolationCode.WRONG_PHASE, "The round-two winner must name trumps first (trump H)."
        )
    return part.after_call(part.calls, part.declarer, action.suit)


# -- between deals ---------------------------------------------------------------------------


def ante(stacks: Sequence[int], chips: int) -> tuple[tuple[int, ...], int]:
    """The stacks and the pot after all four ante ``chips`` into an empty pot.

    >>> ante((95, 100, 90, 99), 5)
    ((90, 95, 85, 94), 20)
    """
    return tuple(s - chips for s in stacks), chips * SEATS


def first_part(rules: Rules) -> DealPart:
    """The part of a match's first deal: each participant holds ``starting_stack`` chips and
    has anted, and the first dealer is about to deal.

    >>> first_part(Rules(ante=10, first_dealer=2)).stacks, first_part(Rules()).pot
    ((90, 90, 90, 90), 20)
    """
    stacks, pot = ante((rules.starting_stack,) * SEATS, rules.ante)
    return new_part(
        rules, rules.first_dealer, 0, False, 0, (), (), None, None, stacks, pot, (), None
    )


def next_deal(part: DealPart, result: DealResult) -> tuple[DealPart, bool]:
    """The part of the next deal once this one ended with ``result`` (which holds the stacks
    and pot after it): the deal passes left, and all four ante again if the pot is empty;
    and whether the match is over (after ``Rules.deals`` deals: no ante then).

    >>> from tablegames.preference import Rules
    >>> from tablegames.preference.deal import start_part
    >>> part = start_part(Rules(), 0, (95,) * 4, 20, ())
    >>> from tablegames.pieces import Suit
    >>> empty = DealResult(1, 0, 1, Suit.HEARTS, 0, (0, 6, 2, 2), True, 20, (115, 95, 95, 95), 0)
    >>> following, over = next_deal(part, empty)
    >>> following.dealer, following.stacks, following.pot, over
    (1, (110, 90, 90, 90), 20, False)
    """
    rules = part.rules
    results = (*part.results, result)
    over = len(results) >= rules.deals
    stacks, pot = result.stacks, result.pot
    if not over and pot == 0:
        stacks, pot = ante(stacks, rules.ante)
    dealer = (part.dealer + 1) % SEATS
    following = new_part(rules, dealer, 0, False, 0, (), (), None, None, stacks, pot, results, None)
    return following, over
