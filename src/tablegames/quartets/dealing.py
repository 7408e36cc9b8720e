"""Dealing a Quartets deal, and its end: the step of the dealing phase, as a function.

The dealer shuffles and deals the 52 cards one at a time from the left, clockwise; every set a
hand holds complete is laid down at once, and the seat on the dealer's left (or the next one
holding cards) asks first. A deal ends when nobody holds cards: each set laid down is a point,
the deal passes left, and the match is over after its last deal.

>>> import random
>>> from tablegames.quartets import Rules, new_match
>>> state = new_match(Rules(players=3, first_dealer=2))
>>> dealt = state.apply(state.chance_outcome(random.Random(0)))
>>> dealt.to_act, [hand.bit_count() for hand in dealt.dealt()]
(0, [18, 17, 17])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from tablegames.collecting.hands import deal_round, hand_sizes, lay_down_all
from tablegames.collecting.turns import first_asker
from tablegames.core.actions import Deal
from tablegames.core.errors import TableGamesError
from tablegames.core.history import EMPTY_LOG, LogNode, logged
from tablegames.core.seats import Seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.pieces.cards import CARD_UNIVERSE, CARDS, DECK_52, Card
from tablegames.pieces.sets import MaskDecoder, PieceSet, mask_of

from .model import RANK_SETS, SETS
from .parts import Builders, DealPart, DealResult, StateSlots, deal_part

S = TypeVar("S")

DECK = 52
"""Cards in the deck, all dealt."""


def deal(state: StateSlots, action: object, make: Builders[S]) -> S | Violation:
    """The state after ``action`` in the dealing phase: the deal (the cards dealt, whole sets
    laid down, the first asker to ask), or the rule it breaks.

    >>> from tablegames.quartets import Ask, new_match
    >>> print(new_match().check(Ask(1, Card.parse("2S"))))
    The cards must be shuffled and dealt first.
    """
    if type(action) is not Deal:
        return Violation(ViolationCode.DEAL_EXPECTED, "The cards must be shuffled and dealt first.")
    order = action.order
    if len(order) != DECK or len({c.index for c in order if isinstance(c, Card)}) != DECK:
        return Violation(
            ViolationCode.BAD_DEAL, "A deal must order all 52 cards, each exactly once."
        )
    part = state._deal
    players = len(state.hands)
    dealer = part.dealer
    dealt = deal_round([c.index for c in order], players, (dealer + 1) % players)
    hands, laid = lay_down_all(dealt, RANK_SETS)
    history = logged(state._log, action)
    asker = first_asker(hands, dealer)
    if asker is None:
        return end_deal(part, laid, history, make)
    fixed = deal_part(
        part.rules, hands, dealer, laid=laid, scores=part.scores, results=part.results
    )
    return make.asking(hands, asker, fixed, EMPTY_LOG, history)


def end_deal(part: DealPart, laid: tuple[int, ...], history: LogNode, make: Builders[S]) -> S:
    """The state once nobody holds cards: each seat scores the sets it laid down (``laid``)
    and the next dealer is to deal, or the match is over after its last deal.

    >>> from tablegames.quartets import Rules, new_match
    >>> from tablegames.quartets.state import BUILD
    >>> state = new_match(Rules(players=2, deals=1))
    >>> half = sum(1 << i for i in range(52) if i % 13 < 6)  # the twos to the sevens
    >>> over = end_deal(state._deal, (half, DECK_52.mask ^ half), state._log, BUILD)
    >>> over.phase.value, over.scores, over.winners
    ('over', (6, 7), (1,))
    """
    points = tuple(m.bit_count() // 4 for m in laid)
    assert sum(points) == SETS
    scores = tuple(a + b for a, b in zip(part.scores, points))
    results = (*part.results, DealResult(part.dealer, points))
    rules = part.rules
    players = rules.players
    empty = (0,) * players
    following = deal_part(
        rules, empty, (part.dealer + 1) % players, laid=empty, scores=scores, results=results
    )
    build = make.over if len(results) >= rules.match_deals else make.dealing
    return build(empty, None, following, EMPTY_LOG, history)


def deal_of(hands: Sequence[Sequence[Card] | PieceSet[Card] | str], dealer: Seat = 0) -> Deal[Card]:
    """The deal that gives seat ``i`` the cards ``hands[i]``, for a given dealer.

    Cards are dealt one at a time from the dealer's left, so this orders them to match; the
    hands must hold all 52 cards, and the seats nearest the dealer's left one more when the
    deck does not divide evenly.

    >>> from tablegames.pieces import DECK_52, cards
    >>> deal = deal_of([cards("AS KS"), DECK_52 - cards("AS KS")], dealer=1)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.TableGamesError: dealt from seat 0, the hands hold 26, 26 cards
    >>> red = cards("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    >>> str(deal_of([red, DECK_52 - red], dealer=1)).split()[:5]
    ['deal', '2D', '2C', '3D', '3C']
    """
    players = len(hands)
    masks = [mask_of(CARD_UNIVERSE, h) for h in hands]
    total = 0
    for mask in masks:
        if total & mask:
            raise TableGamesError("the hands must hold all 52 cards, each once")
        total |= mask
    if total != DECK_52.mask:
        raise TableGamesError("the hands must hold all 52 cards, each once")
    first = (dealer + 1) % players
    sizes = hand_sizes(DECK, players, first)
    if tuple(m.bit_count() for m in masks) != sizes:
        raise TableGamesError(
            f"dealt from seat {first}, the hands hold {', '.join(map(str, sizes))} cards"
        )
    return deal_of_masks(masks, first)


def deal_of_masks(masks: Sequence[int], first: Seat) -> Deal[Card]:
    """The deal order giving each seat its mask, one card at a time from ``first`` (the
    masks' sizes must be those such a deal gives).

    >>> evens = sum(1 << i for i in range(0, 52, 2))
    >>> str(deal_of_masks([evens, DECK_52.mask ^ evens], first=1))[:16]
    'deal 3C 2C 5C 4C'
    """
    players = len(masks)
    queues = [list(_CARD_DECODER.decode(m))[::-1] for m in masks]
    return Deal(tuple(queues[(first + i) % players].pop() for i in range(DECK)))


def dealt_hands(deal: Deal[Card], players: int, dealer: Seat) -> tuple[int, ...]:
    """The hands (card masks by seat) ``deal`` gives, before any set is laid down.

    >>> from tablegames.pieces import CARDS
    >>> [h.bit_count() for h in dealt_hands(Deal(CARDS), 3, dealer=1)]
    [17, 17, 18]
    """
    return deal_round([c.index for c in deal.order], players, (dealer + 1) % players)


_CARD_DECODER: MaskDecoder[Card] = MaskDecoder(CARDS)
"""The cards of a mask, in index order (tables of 7 x 256 entries, made at import)."""
