"""The phases before play, as pure steps: the deal, the bidding (with plunge and splash) and
the naming of trump. Each takes the hand's part and the hands and gives the next part (or the
hand's end, or the start of play), or the :class:`~tablegames.core.violations.Violation` that
forbids the call; :mod:`tablegames.texas42.state` builds the states.

>>> from tablegames.texas42 import Rules
>>> from tablegames.texas42.hand import start_part
>>> part = start_part(Rules(), 0, (0, 0), ())
>>> part = bid(part, 30)
>>> part.high_bid, part.bidder, part.to_call, [str(a) for a in legal_calls(part, (0,) * 4)[:2]]
(30, 1, 2, ['pass', 'bid 31'])
>>> print(bid(part, 30))
A bid must be higher than the standing bid of 30; 30 is not.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from tablegames.core.actions import PASS, Deal, Pass
from tablegames.core.history import History, LogNode
from tablegames.core.seats import check_seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.pieces.dominoes import DOMINO_UNIVERSE, DOMINOES, DOUBLE_SIX, Domino
from tablegames.pieces.sets import PieceSet, hand_masks
from tablegames.tricks.tally import TrickTally

from .actions import BIDS, PLUNGE, SPLASH, TRUMPS, Action, Bid, SpecialBid, Trump, trump_options
from .bidding import bid_violation, bids_over, legal_bids
from .contracts import (
    LAST_TRUMP,
    PLUNGE_DOUBLES,
    PLUNGE_MARKS,
    SEVENS,
    SPLASH_DOUBLES,
    doubles_held,
    is_nello,
    special_worth,
)
from .hand import ORDER, SEATS, HandPart, HandResult, SpecialContract, new_part
from .model import DOUBLES, NO_TRUMP, model_of
from .rules import Rules
from .scoring import match_winner

Hands = tuple[int, ...]
"""Tile masks by seat."""


def deal_of(
    hands: Sequence[Sequence[Domino] | PieceSet[Domino] | str], dealer: int = 0
) -> Deal[Domino]:
    """The deal that gives seat ``i`` the tiles ``hands[i]`` (7 each), for a given dealer.

    Tiles are dealt one at a time from the dealer's left, so this orders them to match.

    >>> from tablegames.texas42 import new_match
    >>> deal = deal_of(["6:6 6:5 6:4 6:3 6:2 6:1 6:0", "5:5 5:4 5:3 5:2 5:1 5:0 4:4",
    ...                 "4:3 4:2 4:1 4:0 3:3 3:2 3:1", "3:0 2:2 2:1 2:0 1:1 1:0 0:0"])
    >>> str(new_match().apply(deal).hand(0))
    '6:0 6:1 6:2 6:3 6:4 6:5 6:6'
    """
    check_seat(dealer, SEATS)
    masks = hand_masks(DOMINO_UNIVERSE, hands, SEATS, "A Texas 42 deal")
    queues = [[DOMINOES[i] for i in range(28) if m >> i & 1] for m in masks]
    order: list[Domino] = []
    for i in range(28):
        seat = (dealer + 1 + i) % SEATS
        order.append(queues[seat].pop(0) if queues[seat] else DOMINOES[0])
    return Deal(tuple(order))


def deal(
    part: HandPart, shuffled: Deal[Domino], log: LogNode
) -> tuple[Hands, HandPart] | Violation:
    """The hands dealt from ``shuffled`` (one tile at a time from the dealer's left) and the
    part of the hand about to be bid; ``log`` is the history before the deal.

    >>> from tablegames.texas42 import Rules
    >>> from tablegames.texas42.hand import start_part
    >>> print(deal(start_part(Rules(), 0, (0, 0), ()), Deal(DOMINOES[:27]), (None, None, 0)))
    A deal must order all 28 tiles, each exactly once.
    """
    hands = [0] * SEATS
    seen = 0
    dealer = part.dealer
    for i, tile in enumerate(shuffled.order):
        if tile.__class__ is not Domino:
            seen = -1
            break
        bit = 1 << tile.index
        seen |= bit
        hands[(dealer + 1 + i) % SEATS] |= bit
    if len(shuffled.order) != 28 or seen != DOUBLE_SIX.mask:
        return Violation(
            ViolationCode.BAD_DEAL, "A deal must order all 28 tiles, each exactly once."
        )
    before = History.of_log(log)
    dealt = new_part(part.rules, dealer, (), 0, None, None, part.results, part.scores, before, None)
    return tuple(hands), dealt


BID_LISTS = 256
"""How many lists of calls :func:`legal_calls` keeps, by the standing bid, the rules (a value)
and whether the dealer is forced to bid: a match meets a few dozen."""


@functools.lru_cache(maxsize=BID_LISTS)
def _bid_actions(standing: int, rules: Rules, must_bid: bool) -> tuple[Action, ...]:
    bids = tuple(BIDS.get(b) or Bid(b) for b in legal_bids(standing, rules))
    return bids if must_bid else (PASS, *bids)


def must_bid(part: HandPart) -> bool:
    """True when the dealer must bid (forced bid: the other three passed).

    >>> from tablegames.texas42 import Rules
    >>> from tablegames.texas42.hand import start_part
    >>> must_bid(start_part(Rules(forced_bid=True), 0, (0, 0), ()))
    False
    """
    return part.rules.forced_bid and len(part.calls) == SEATS - 1 and part.high_bid == 0


def legal_calls(part: HandPart, hands: Hands) -> tuple[Action, ...]:
    """The calls open to the seat to call: pass (unless forced), the bids over the standing
    one, and plunge or splash to a holder of enough doubles where they are played.

    >>> from tablegames.texas42 import Rules
    >>> from tablegames.texas42.hand import start_part
    >>> len(legal_calls(start_part(Rules(), 0, (0, 0), ()), (0,) * 4))  # pass, 30..42
    14
    """
    rules = part.rules
    actions = _bid_actions(part.high_bid, rules, must_bid(part))
    if rules.plunge or rules.splash:
        doubles = doubles_held(hands[part.to_call])
        if rules.plunge and doubles >= PLUNGE_DOUBLES:
            actions += (PLUNGE,)
        if rules.splash and doubles >= SPLASH_DOUBLES:
            actions += (SPLASH,)
    return actions


def call(part: HandPart, hands: Hands, action: object) -> HandPart | HandResult | Violation:
    """The part after the seat to call makes ``action``: a bid, pass or special bid (the
    bidding is over once all four have called), or the result of a hand all four passed.

    >>> from tablegames.texas42 import Rules, PASS
    >>> from tablegames.texas42.hand import start_part
    >>> part = start_part(Rules(), 0, (0, 0), ())
    >>> for _ in range(4):
    ...     part = call(part, (0,) * 4, PASS)
    >>> part.thrown_in
    True
    """
    kind = type(action)
    if kind is Bid:
        return bid(part, action.amount)  # type: ignore[attr-defined]
    if kind is Pass:
        return pass_(part)
    if kind is SpecialBid:
        return special_bid(part, hands, action.contract)  # type: ignore[attr-defined]
    return Violation(ViolationCode.WRONG_PHASE, "It is time to bid or pass.")


def pass_(part: HandPart) -> HandPart | HandResult | Violation:
    """The part after a pass (the result of a hand all four passed).

    >>> from tablegames.texas42 import Rules
    >>> from tablegames.texas42.hand import start_part
    >>> pass_(start_part(Rules(), 0, (0, 0), ())).calls
    (0,)
    """
    if must_bid(part):
        return Violation(
            ViolationCode.MUST_BID,
            "The dealer must bid when the other three have passed (forced bid): bid 30 or more.",
        )
    calls = (*part.calls, 0)
    if len(calls) == SEATS and part.bidder is None:
        return HandResult(part.dealer, None, 0, None, (0, 0), (0, 0), None, (0, 0))
    return _bidding(part, calls, part.high_bid, part.bidder)


def bid(part: HandPart, amount: int) -> HandPart | Violation:
    """The part after a bid of ``amount`` points by the seat to call.

    >>> from tablegames.texas42 import Rules
    >>> from tablegames.texas42.hand import start_part
    >>> print(bid(start_part(Rules(), 0, (0, 0), ()), 29))
    The lowest bid is 30, not 29.
    """
    if amount not in bids_over(part.high_bid, part.rules):
        violation = bid_violation(amount, part.high_bid, part.rules)
        assert violation is not None
        return violation
    return _bidding(part, (*part.calls, amount), amount, part.to_call)


def special_bid(part: HandPart, hands: Hands, contract: str) -> HandPart | Violation:
    """The part after a plunge or splash (``contract``) by the seat to call.

    >>> from tablegames.texas42 import Rules
    >>> from tablegames.texas42.hand import start_part
    >>> print(special_bid(start_part(Rules(), 0, (0, 0), ()), (0,) * 4, "plunge"))
    Plunge is not played at this table (option plunge).
    """
    rules = part.rules
    plunge = contract == "plunge"
    if not (rules.plunge if plunge else rules.splash):
        return Violation(
            ViolationCode.BID_NOT_ON_LADDER,
            f"{contract.capitalize()} is not played at this table (option {contract}).",
        )
    needed = PLUNGE_DOUBLES if plunge else SPLASH_DOUBLES
    seat = part.to_call
    held = doubles_held(hands[seat])
    if held < needed:
        return Violation(
            ViolationCode.BID_NOT_ON_LADDER,
            f"Only a player holding at least {needed} doubles may bid {contract}; you hold {held}.",
        )
    worth = special_worth(PLUNGE_MARKS if plunge else rules.splash_marks, part.high_bid)
    return _bidding(part, (*part.calls, worth), worth, seat, contract)


def _bidding(
    part: HandPart,
    calls: tuple[int, ...],
    high_bid: int,
    bidder: int | None,
    contract: str | None = None,
) -> HandPart:
    extra = None
    if part.extra is not None or contract is not None:
        specials = part.specials
        if contract is not None:
            specials = (*specials, (len(calls) - 1, contract))
        elif bidder == part.bidder:  # a pass: the standing bid stays what it was
            contract = part.contract
        extra = SpecialContract(contract or "bid", specials)
    return new_part(
        part.rules,
        part.dealer,
        calls,
        high_bid,
        bidder,
        None,
        part.results,
        part.scores,
        part.before_deal,
        extra,
    )


def trump_choices_now(part: HandPart) -> tuple[Action, ...]:
    """The trumps the seat naming trump may name.

    >>> from tablegames.texas42 import Rules
    >>> from tablegames.texas42.hand import start_part
    >>> len(trump_choices_now(bid(start_part(Rules(), 0, (0, 0), ()), 30)))
    7
    """
    extra = part.extra
    special = extra is not None and extra.contract != "bid"
    return trump_options(part.rules, part.high_bid, special)


def name_trump(
    part: HandPart, hands: Hands, action: object
) -> tuple[Hands, HandPart, TrickTally] | Violation:
    """The start of play once trump is named: the hands (in nello the partner's laid aside),
    the part with its trump, and the first trick's tally (who plays, who leads, the model).

    >>> from tablegames.texas42 import Rules, Trump
    >>> from tablegames.texas42.hand import start_part
    >>> part = _bidding(start_part(Rules(), 0, (0, 0), ()), (30, 0, 0, 0), 30, 1)
    >>> hands, part, tally = name_trump(part, (1, 2, 4, 8), Trump(5))
    >>> part.trump, tally.leader, tally.model.trump
    (5, 1, 5)
    >>> print(name_trump(part, (1, 2, 4, 8), Trump(7)))
    Doubles may be named trumps only under the doubles_trump option.
    """
    if type(action) is not Trump:
        return Violation(
            ViolationCode.WRONG_PHASE, "The high bidder must name trumps first (trump 0..6)."
        )
    suit = action.suit
    rules = part.rules
    extra = part.extra
    special = extra is not None and extra.contract != "bid"
    if suit not in range(LAST_TRUMP + 1) or TRUMPS[suit] not in trump_options(
        rules, part.high_bid, special
    ):
        return _bad_trump(suit, rules, part.high_bid, special)
    bidder = part.bidder
    assert bidder is not None
    model = model_of(suit, rules)
    held = list(hands)
    order: tuple[int, ...] = ORDER
    leader = (bidder + 2) % SEATS if special else bidder  # the plunger's partner leads
    contract = None
    if not (suit <= NO_TRUMP and extra is None and rules.follow == "either_end"):
        # Not the plain game, as it always was: the part carries a SpecialContract (the plain
        # game's None is what position fingerprints digest, so it stays as it was written).
        aside = 0
        if is_nello(suit):
            partner = (bidder + 2) % SEATS
            aside, held[partner] = held[partner], 0
            order = tuple(s for s in ORDER if s != partner)
        contract = SpecialContract(part.contract, part.specials, aside)
    named = new_part(
        rules,
        part.dealer,
        part.calls,
        part.high_bid,
        bidder,
        suit,
        part.results,
        part.scores,
        part.before_deal,
        contract,
    )
    tally = TrickTally.begin(order, leader, SEATS, model)
    return tuple(held), named, tally


def _bad_trump(suit: int, rules: Rules, high_bid: int, special: bool) -> Violation:
    if suit == DOUBLES:
        sentence = "Doubles may be named trumps only under the doubles_trump option."
    elif suit == NO_TRUMP:
        sentence = "No trump (follow-me) may be named only under the follow_me option."
    elif NO_TRUMP < suit <= LAST_TRUMP:
        name = "sevens" if suit == SEVENS else "nello"
        if not getattr(rules, name):
            sentence = f"{name.capitalize()} may be named only under the {name} option."
        elif special:
            sentence = f"After a plunge or splash the partner names a trump, not {name}."
        elif high_bid < 42:
            sentence = f"{name.capitalize()} needs a winning bid of at least one mark (42)."
        else:
            mode = rules.nello_doubles
            sentence = (
                f"At this table nello is played with the doubles {mode}: name trump nello {mode}."
            )
    else:
        sentence = f"Trump is a number from 0 (blanks) to 6 (sixes), not {suit}."
    return Violation(ViolationCode.BAD_TRUMP, sentence)


def next_hand(part: HandPart, result: HandResult) -> tuple[HandPart, bool]:
    """The part of the next hand once this one ended with ``result`` (its score added, the
    deal passing left), and whether the match is over.

    >>> from tablegames.texas42 import Rules
    >>> from tablegames.texas42.hand import start_part
    >>> thrown_in = HandResult(0, None, 0, None, (0, 0), (0, 0), None, (0, 0))
    >>> part, over = next_hand(start_part(Rules(), 0, (0, 0), ()), thrown_in)
    >>> part.dealer, part.results == (thrown_in,), over
    (1, True, False)
    """
    score = result.score
    before = part.scores
    scores = (before[0] + score[0], before[1] + score[1])
    rules = part.rules
    results = (*part.results, result)
    following = new_part(
        rules, (part.dealer + 1) % SEATS, (), 0, None, None, results, scores, None, None
    )
    return following, match_winner(scores, rules) is not None
