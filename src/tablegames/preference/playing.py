"""Preference's part in the trick engine (:mod:`tablegames.tricks.play`): the trump suit's model,
the first trick (led from the declarer's left, the dealer sitting out), when a deal is over and
how it settles, and who plays against whom. The engine does the rest: who may play what (follow
suit if you can: :mod:`tablegames.tricks.follow`), taking the tricks, and handing the deal's
result to :mod:`tablegames.preference.state`.

A deal ends after ten tricks; the declarer needs six (:mod:`~tablegames.preference.scoring`).

>>> from tablegames.pieces import Suit
>>> from tablegames.preference import Rules
>>> from tablegames.preference.deal import start_part
>>> part = start_part(Rules(), 0, (95,) * 4, 20, ()).after_call((Suit.HEARTS,), 1, Suit.HEARTS)
>>> tally = first_trick(part)
>>> tally.turns, tally.model is model_of(Suit.HEARTS, part.rules), seat_side(part, 3)
((2, 3, 1), True, 1)
"""

from __future__ import annotations

from tablegames.core.actions import Play
from tablegames.core.seats import Seat
from tablegames.core.violations import Violation
from tablegames.pieces.cards import DECK_32, Card, Suit
from tablegames.tricks.decode import chunk_tables
from tablegames.tricks.hooks import PlayHooks, Valuation, one_trick
from tablegames.tricks.model import TrickModel, plain_card_model
from tablegames.tricks.tally import TrickTally

from .actions import PLAYS
from .calling import deck_refusal, pay
from .deal import ACTIVE, SEATS, DealPart, DealResult, first_leader, new_result
from .rules import SUIT_ORDER, Contract, Rules, trump_of
from .scoring import TRICKS, settle

CHUNKS = ((5, 8), (18, 8), (31, 8), (44, 8))
"""How a legal mask is read into plays: the 7 to ace of each suit, 8 bits of its 13.

>>> sum(width for _, width in CHUNKS) == len(DECK_32)
True
"""


def _one_suit() -> dict[int, tuple[Play[Card], ...]]:
    quick: dict[int, tuple[Play[Card], ...]] = {}
    for first, width in CHUNKS:
        (table,) = chunk_tables(PLAYS[first : first + width], width)
        for chunk in range(1, 1 << width):
            quick[chunk << first] = table[chunk]
    return quick


ONE_SUIT = _one_suit()
"""The play actions of every legal mask that lies within one suit (followers mostly play so):
one look-up, before the engine reads the mask suit by suit.

>>> len(ONE_SUIT), [str(a) for a in ONE_SUIT[1 << Card.parse("KS").index]]
(1020, ['play KS'])
"""

_DECK_MASK = DECK_32.mask


def model_of(trump: Contract, rules: Rules) -> TrickModel:
    """The trick model of a deal in contract ``trump`` under ``rules``: the one place the rules
    choose a model (Preference has no option on the play yet: an option that changed who may
    play what, or who takes a trick, would be read here and go into the model and its recipe).

    >>> model_of(Suit.SPADES, Rules()) is plain_card_model(Suit.SPADES)
    True
    """
    return plain_card_model(trump_of(trump))


MODELS: dict[Suit, TrickModel] = {suit: plain_card_model(suit) for suit in SUIT_ORDER}
"""The trick model for each trump suit under the rules as they are (for players and tests:
the rules ask :func:`model_of`).

>>> MODELS[Suit.HEARTS].trump == Suit.HEARTS
True
"""


def not_a_card(piece: object) -> Violation | None:
    """The refusal of a play of something that is not a card of the 32-card deck (None for
    one: a card of this library's own class).

    >>> print(not_a_card(Card.parse("2H"))), not_a_card(Card.parse("7H"))
    2H is not in the 32-card deck: cards run 7 to ace.
    (None, None)
    """
    if piece.__class__ is Card and _DECK_MASK >> piece.index & 1:
        return None
    return deck_refusal(piece)


def first_trick(part: DealPart) -> TrickTally:
    """The tally of a deal's play before its first lead, once the calling has settled the
    declarer and trumps: the three active players play, the one on the declarer's left leads.

    >>> from tablegames.preference.deal import start_part
    >>> part = start_part(Rules(), 0, (95,) * 4, 20, ()).after_call((), 3, Suit.SPADES)
    >>> first_trick(part).turns
    (1, 2, 3)
    """
    dealer, declarer, trump = part.dealer, part.declarer, part.trump
    assert declarer is not None and trump is not None
    leader = first_leader(declarer, dealer)
    return TrickTally.begin(ACTIVE[dealer], leader, SEATS, model_of(trump, part.rules))


def hand_result(part: DealPart, hands: tuple[int, ...], tally: TrickTally) -> DealResult | None:
    """After a trick: the deal's result once all ten tricks are played (the declarer takes the
    payout from the pot, or pays the penalty into it), else None.

    >>> from tablegames.preference.deal import start_part
    >>> part = start_part(Rules(), 0, (95,) * 4, 20, ()).after_call((), 1, Suit.HEARTS)
    >>> hand_result(part, (0,) * 4, first_trick(part).after((5, 6, 7))) is None
    True
    """
    if tally.finished[2] < TRICKS:  # type: ignore[index]  # (the tally's number, read directly)
        return None
    declarer, trump = part.declarer, part.trump
    assert declarer is not None and trump is not None
    won = tally.won
    made, chips, pot = settle(won[declarer], trump, part.pot, part.rules)
    return new_result(
        len(part.results) + 1,
        part.dealer,
        declarer,
        trump,
        part.largest_offer,
        won,
        made,
        chips,
        pay(part.stacks, declarer, -chips),
        pot,
    )


def seat_side(part: DealPart, seat: Seat) -> int:
    """The side a seat plays for in this deal: 0 for the declarer, 1 for the other two active
    players (the dealer, who sits out, never plays).

    >>> from tablegames.preference.deal import start_part
    >>> part = start_part(Rules(), 0, (95,) * 4, 20, ()).after_call((), 2, Suit.CLUBS)
    >>> [seat_side(part, seat) for seat in (1, 2, 3)]
    [1, 0, 1]
    """
    return 0 if seat == part.declarer else 1


def declarer(part: DealPart) -> Seat | None:
    """The seat whose game the deal plays for, for a solver's contract query.

    >>> from tablegames.preference.deal import start_part
    >>> declarer(start_part(Rules(), 0, (95,) * 4, 20, ()).after_call((), 2, Suit.CLUBS))
    2
    """
    return part.declarer


def made(result: DealResult) -> bool | None:
    """Whether the declarer made the game (None for a deal thrown in), for a solver."""
    return result.made


HOOKS: PlayHooks[DealPart, DealResult, Card] = PlayHooks(
    plays=PLAYS,
    chunks=CHUNKS,
    quick=ONE_SUIT,
    not_a_piece=not_a_card,
    wrong_phase="It is time to play a card.",
    hand_result=hand_result,
)
"""Preference's hooks for the trick engine (:class:`~tablegames.tricks.hooks.PlayHooks`): its
cards and sentences, and the end of a deal and its settlement.

>>> HOOKS.plays[0].piece, HOOKS.quick is ONE_SUIT
(Card.parse('2C'), True)
"""

VALUATION: Valuation[DealPart, DealResult] = Valuation(
    trick_value=one_trick,
    side_of=seat_side,
    declarer=declarer,
    made=made,
)
"""What a solver needs beside the hooks (:class:`~tablegames.tricks.hooks.Valuation`): what a
trick is worth, the sides, and whose contract the hand plays for."""
