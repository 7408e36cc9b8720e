"""Ninety-Two's part in the trick engine (:mod:`tablegames.tricks.play`): what happens after a
trick (the refill from the stock, the leftovers, seats whose cards ran out), when a deal is over
and what it scored, and who plays with whom. The engine does the rest: who may play what
(:mod:`tablegames.tricks.follow`), who takes a trick (the duplicate two in
:mod:`~tablegames.ninety_two.model`), and handing the deal's result to
:mod:`tablegames.ninety_two.state`.

Every hook is a pure function of the part, the hands and the tally, so a solver drives bare
positions through the very same rules: after each trick everybody draws one card from the stock
the part holds, the trick's winner first, while it holds one for every seat; then the cards
that cannot go round are dead (or, with ``leftovers="deal"``, dealt one each from the winner
on); a deal ends once nobody holds a card.

>>> from tablegames.pieces import Card, Suit
>>> from tablegames.ninety_two import Rules
>>> from tablegames.ninety_two.model import MODELS
>>> from tablegames.ninety_two.part import start_part, stock_left
>>> from tablegames.tricks import TrickTally
>>> part = start_part(Rules(), 0, (0,) * 4, ())
>>> part = part_with_stock(part, (40, 41, 42, 43, 44), 0)
>>> tally = TrickTally.begin((0, 1, 2, 3), 0, 4, MODELS[Suit.HEARTS]).after((0, 1, 2, 3))
>>> part, hands, tally = after_trick(part, (1 << 5, 1 << 6, 1 << 7, 1 << 8), tally)
>>> tally.leader, stock_left(part, tally), hands[3] == 1 << 8 | 1 << 40  # 5C takes it, draws
(3, (44,), True)
"""

from __future__ import annotations

from tablegames.core.actions import Play
from tablegames.core.seats import Seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.pieces.cards import Card
from tablegames.tricks.hooks import PlayHooks, Valuation, one_trick
from tablegames.tricks.stock import draw_in_turn
from tablegames.tricks.tally import TrickTally

from .actions import PLAYS
from .part import DealPart, DealResult, new_part, new_result
from .scoring import deal_scores

Hands = tuple[int, ...]
"""Card masks by seat."""

LONE_PLAYS: dict[int, tuple[Play[Card], ...]] = {1 << i: (play,) for i, play in enumerate(PLAYS)}
"""By the mask of a single card, the legal actions when that card is the only legal play (a
third of all plays: the engine's ``quick`` look-up)."""


def not_a_card(piece: object) -> Violation | None:
    """The refusal of a play of something that is not a playing card (None for a card).

    >>> print(not_a_card("AS")), not_a_card(Card.parse("AS"))
    AS is not a playing card.
    (None, None)
    """
    if isinstance(piece, Card):
        return None
    return Violation(ViolationCode.NOT_IN_DECK, f"{piece} is not a playing card.")


def part_with_stock(part: DealPart, stock: tuple[int, ...], dead: int) -> DealPart:
    """``part`` with the stock ``stock`` (card indices, top first) and the dead cards ``dead``.

    >>> from tablegames.ninety_two import Rules
    >>> from tablegames.ninety_two.part import start_part
    >>> part_with_stock(start_part(Rules(), 0, (0,) * 4, ()), (7,), 1).stock
    (7,)
    """
    return new_part(
        part.rules,
        part.dealer,
        part.calls,
        part.high,
        part.bidder,
        part.partners,
        stock,
        dead,
        part.results,
        part.scores,
        part.before_deal,
        part.bid_options,
    )


def after_trick(
    part: DealPart, hands: Hands, tally: TrickTally
) -> tuple[DealPart, Hands, TrickTally]:
    """After a trick (its cards out of ``hands``, its winner leading ``tally``'s next trick):
    everybody draws one card from the stock in the next trick's order, the winner first, while
    it holds one for every seat; once it cannot go round, its cards are dead, or with
    ``leftovers="deal"`` dealt one each from the winner round. Seats whose cards ran out leave
    the seating: the seats still holding cards play on, led by the winner or the first seat
    after it that holds a card.

    >>> from tablegames.ninety_two import Rules
    >>> from tablegames.ninety_two.model import MODELS
    >>> from tablegames.ninety_two.part import start_part, stock_left
    >>> part = part_with_stock(start_part(Rules(players=6, leftovers="deal"), 0, (0,) * 6, ()),
    ...     (40, 41), 0)
    >>> tally = TrickTally.begin(tuple(range(6)), 2, 6, MODELS[0]).after((0, 1, 2, 3, 4, 5))
    >>> part, hands, tally = after_trick(part, (0,) * 6, tally)   # 7C (seat 1) takes it
    >>> stock_left(part, tally), hands[1] == 1 << 40, hands[2] == 1 << 41, tally.turns
    ((), True, True, (1, 2))
    """
    stock = part.stock
    turns = tally.turns
    seats = len(hands)
    drawn = seats * (tally.number - 1)  # a seat's worth for each trick before this one
    if len(stock) - drawn >= seats:  # everybody draws, so everybody plays on, in that order
        held = [*hands]  # a display: cheaper than calling list
        draw_in_turn(held, stock[drawn : drawn + seats], turns)
        return part, tuple(held), tally  # the part keeps the stock as dealt: see stock_left
    winner = turns[0]
    left = stock[drawn:]
    if left:
        dead = part.dead
        if part.rules.leftovers == "dead":
            for card in left:
                dead |= 1 << card
        else:
            held = list(hands)
            for i, card in enumerate(left):
                held[(winner + i) % seats] |= 1 << card
            hands = tuple(held)
        part = part_with_stock(part, (), dead)
    if 0 in hands:  # someone ran out: the seats still holding cards play on
        holders = tuple(seat for seat in range(seats) if hands[seat])
        if holders and len(holders) < len(tally.seating.order):
            leader = winner
            while not hands[leader]:
                leader = (leader + 1) % seats
            tally = tally.seated(holders, leader)
    return part, hands, tally


def deal_result(part: DealPart, hands: Hands, tally: TrickTally) -> DealResult | None:
    """After a trick (and :func:`after_trick`, which has a seat that holds a card lead the next
    trick if any does): the deal's result once nobody holds a card, else None. The team must
    take exactly the tricks bid (see :mod:`~tablegames.ninety_two.scoring`).

    >>> from tablegames.ninety_two import Bid, Partners, Rules
    >>> from tablegames.ninety_two.calling import bid, name_partners
    >>> from tablegames.ninety_two.part import start_part
    >>> part = bid(start_part(Rules(), 0, (0,) * 4, ()), Bid(1, 0))
    >>> _, part, tally = name_partners(part, Partners((3,)))
    >>> tally = tally.after((8, 9, 10, 11))                      # 6C 7C 8C 9C: seat 0 takes it
    >>> deal_result(part, (1, 0, 0, 0), tally) is None
    True
    >>> result = deal_result(part, (0, 0, 0, 0), tally)
    >>> result.team, result.tricks, result.made, result.score
    ((1, 3), (1, 0, 0, 0), False, (3, 0, 3, 0))
    """
    if hands[tally.turns[0]]:  # after_trick has a seat holding cards lead, if any holds one
        return None
    bidder, high = part.bidder, part.high
    assert bidder is not None and high is not None
    team = tuple(sorted((bidder, *part.partners)))
    won = tally.won
    made, score = deal_scores(high.tricks, team, won, part.rules)
    return new_result(part.dealer, bidder, high, team, won, made, score)


def tricks_left(part: DealPart, hands: Hands, tally: TrickTally) -> int:
    """How many tricks are still to play from the start of a trick (for a solver's bounds):
    the largest hand's cards, one more for each round the stock still goes round, and one more
    for the leftovers when they are dealt.

    >>> from tablegames.ninety_two import Rules
    >>> from tablegames.ninety_two.model import MODELS
    >>> from tablegames.ninety_two.part import start_part
    >>> part = part_with_stock(start_part(Rules(players=6, leftovers="deal"), 0, (0,) * 6, ()),
    ...     tuple(range(8)), 0)
    >>> tally = TrickTally.begin(tuple(range(6)), 0, 6, MODELS[0])
    >>> tricks_left(part, (0b1111,) * 6, tally)    # four cards, one round, two leftovers dealt
    6
    """
    seats = len(hands)
    stock = part.stock  # its cards for the tricks finished are drawn (see stock_left)
    rounds, leftovers = divmod(max(0, len(stock) - seats * tally.number) if stock else 0, seats)
    most = 0
    for hand in hands:
        count = hand.bit_count()
        if count > most:  # noqa: PLR1730 (no call of max: a solver asks this at every entry)
            most = count
    return most + rounds + (1 if leftovers and part.rules.leftovers == "deal" else 0)


def team_side(part: DealPart, seat: Seat) -> int:
    """The side a seat plays for in this deal (for a solver): 0 for the bidder and the partners
    it named, 1 for the others.

    >>> from tablegames.ninety_two import Bid, Partners, Rules
    >>> from tablegames.ninety_two.calling import bid, name_partners
    >>> from tablegames.ninety_two.part import start_part
    >>> _, part, _ = name_partners(bid(start_part(Rules(), 0, (0,) * 4, ()), Bid(1, 0)),
    ...     Partners((3,)))
    >>> [team_side(part, seat) for seat in range(4)]
    [1, 0, 1, 0]
    """
    return 0 if seat == part.bidder or seat in part.partners else 1


def bidder_of(part: DealPart) -> Seat | None:
    """The seat whose contract the deal plays for (for a solver): the high bidder.

    >>> from tablegames.ninety_two import Bid, Rules
    >>> from tablegames.ninety_two.calling import bid
    >>> from tablegames.ninety_two.part import start_part
    >>> bidder_of(bid(start_part(Rules(), 0, (0,) * 4, ()), Bid(1, 0)))
    1
    """
    return part.bidder


def bid_made(result: DealResult) -> bool | None:
    """Whether the bidding team took exactly the tricks bid, by the deal's own result (for a
    solver; None for a deal thrown in).

    >>> from tablegames.ninety_two import Bid
    >>> from tablegames.ninety_two.part import DealResult
    >>> bid_made(DealResult(0, 1, Bid(2, 2), (1, 3), (1, 1, 5, 6), True, (6, 0, 6, 0)))
    True
    """
    return result.made


HOOKS: PlayHooks[DealPart, DealResult, Card] = PlayHooks(
    plays=PLAYS,
    chunks=((0, 11), (11, 11), (22, 10), (32, 10), (42, 10)),
    quick=LONE_PLAYS,
    not_a_piece=not_a_card,
    wrong_phase="It is time to play a card.",
    hand_result=deal_result,
    after_trick=after_trick,
)
"""Ninety-Two's hooks for the trick engine (:class:`~tablegames.tricks.hooks.PlayHooks`): its
cards and sentences, the refill after each trick, and the deal's end and result.

>>> HOOKS.wrong_phase, HOOKS.after_trick is after_trick
('It is time to play a card.', True)
"""

VALUATION: Valuation[DealPart, DealResult] = Valuation(
    trick_value=one_trick,
    tricks_left=tricks_left,
    side_of=team_side,
    declarer=bidder_of,
    made=bid_made,
)
"""What a solver needs beside the hooks (:class:`~tablegames.tricks.hooks.Valuation`): what a
trick is worth, the sides, and whose contract the hand plays for."""
