"""Texas 42's part in the trick engine (:mod:`tablegames.tricks.play`): when a hand is over and
what it scored, what a trick is worth, and who plays for whom. The engine does the rest: who
may play what (the contract's model: nello's three seats, sevens' forced order), taking the
tricks, and handing the hand's result to :mod:`tablegames.texas42.state`.

A hand ends after seven tricks; under marks scoring as soon as it is decided (nello: with the
first trick the bidder takes).

>>> from tablegames.texas42.model import MODELS
>>> from tablegames.tricks import TrickTally
>>> tally = TrickTally.begin((0, 1, 2, 3), leader=0, seats=4, model=MODELS[6])
>>> tally = tally.after((27, 26, 0, 1))                       # 6:6 6:5 0:0 1:0: seat 0 takes it
>>> side_points(tally), trick_value((27, 26, 0, 1))
(((1, 0), (1, 0)), 1)
"""

from __future__ import annotations

from tablegames.core.seats import Seat
from tablegames.core.violations import Violation, ViolationCode
from tablegames.pieces.dominoes import Domino
from tablegames.tricks.hooks import PlayHooks, Valuation
from tablegames.tricks.tally import TrickTally

from .actions import PLAYS
from .contracts import is_nello
from .hand import HAND, HandPart, HandResult, new_result, side_of
from .scoring import decided, marks_for, settle
from .trumps import COUNT


def not_a_domino(piece: object) -> Violation | None:
    """The refusal of a play of something that is not a domino (None for a domino).

    >>> print(not_a_domino("6:4")), not_a_domino(Domino(6, 4))
    6:4 is not a domino.
    (None, None)
    """
    if isinstance(piece, Domino):
        return None
    return Violation(ViolationCode.NOT_IN_DECK, f"{piece} is not a domino.")


def trick_value(pieces: tuple[int, ...]) -> int:
    """What a trick is worth to the side that takes it: a point, plus its tiles' count.

    >>> trick_value((Domino(5, 5).index, Domino(6, 4).index, 0, 1))
    21
    """
    value = 1
    for piece in pieces:
        value += COUNT[piece]
    return value


def seat_side(part: HandPart, seat: Seat) -> int:
    """The side a seat plays for: its partnership (0 for seats 0 and 2).

    >>> seat_side(None, 3)  # type: ignore[arg-type]
    1
    """
    return side_of(seat)


def ends_early(part: HandPart) -> bool:
    """Whether a hand may stop before its seventh trick: under marks scoring (as soon as it is
    decided; nello with the bidder's first trick), for a solver.

    >>> from tablegames.texas42 import Rules
    >>> from tablegames.texas42.hand import start_part
    >>> ends_early(start_part(Rules(), 0, (0, 0), ())), ends_early(
    ...     start_part(Rules(scoring="marks"), 0, (0, 0), ()))
    (False, True)
    """
    return part.rules.scoring == "marks"


def declarer(part: HandPart) -> Seat | None:
    """The seat whose contract the hand plays for: the high bidder.

    >>> from tablegames.texas42 import Rules
    >>> from tablegames.texas42.hand import start_part
    >>> declarer(start_part(Rules(), 0, (0, 0), ())) is None
    True
    """
    return part.bidder


def made(result: HandResult) -> bool | None:
    """Whether the bidder's side made its contract (None for a hand thrown in).

    >>> made(HandResult(0, None, 0, None, (0, 0), (0, 0), None, (0, 0))) is None
    True
    """
    return result.made


def side_points(tally: TrickTally) -> tuple[tuple[int, int], tuple[int, int]]:
    """Points (tricks plus count) and tricks each side has taken, read off the finished tricks
    (seven at most).

    >>> from tablegames.texas42.model import MODELS
    >>> side_points(TrickTally.begin((0, 1, 2, 3), 0, 4, MODELS[0]))
    ((0, 0), (0, 0))
    """
    points = [0, 0]
    tricks = [0, 0]
    count = COUNT
    node = tally.finished
    while node is not None:
        node, trick, _ = node
        side = trick.winner & 1
        tricks[side] += 1
        taken = 1  # a trick is worth a point, plus the count of its tiles
        for piece in trick.pieces:
            taken += count[piece]
        points[side] += taken
    return (points[0], points[1]), (tricks[0], tricks[1])


def hand_result(part: HandPart, hands: tuple[int, ...], tally: TrickTally) -> HandResult | None:
    """After a trick: the hand's result if it is over, else None. Seven tricks end a hand;
    under marks scoring a hand ends as soon as it is decided, and nello with the first trick
    the bidder takes.

    >>> from tablegames.texas42 import Rules
    >>> from tablegames.texas42.hand import start_part
    >>> from tablegames.texas42.model import MODELS
    >>> tally = TrickTally.begin((0, 1, 2, 3), 0, 4, MODELS[6]).after((27, 26, 0, 1))
    >>> hand_result(start_part(Rules(), 0, (0, 0), ()), (0,) * 4, tally) is None
    True
    """
    number = tally.number
    rules = part.rules
    if number < HAND and rules.scoring != "marks":
        return None
    bidder, bid, trump = part.bidder, part.high_bid, part.trump
    assert bidder is not None
    side = side_of(bidder)
    points, tricks = side_points(tally)
    if is_nello(trump):
        # Nello: set by the first trick the bidder takes, made after seven.
        taken = tally.won[bidder]
        if number < HAND and not taken:
            return None
        made = not taken
        marks_won = marks_for(bid)
        ours, theirs = (marks_won, 0) if made else (0, marks_won)
    elif number < HAND and not decided(bid, points[side], points[1 - side], tricks[1 - side]):
        return None
    else:
        made, ours, theirs = settle(bid, points[side], points[1 - side], rules)
    score = (ours, theirs) if side == 0 else (theirs, ours)
    return new_result(
        part.dealer, bidder, bid, trump, points, tricks, made, score, tally.tricks, part.contract
    )


HOOKS: PlayHooks[HandPart, HandResult, Domino] = PlayHooks(
    plays=PLAYS,
    chunks=((0, 10), (10, 10), (20, 8)),
    not_a_piece=not_a_domino,
    wrong_phase="It is time to play a tile.",
    hand_result=hand_result,
)
"""Texas 42's hooks for the trick engine (:class:`~tablegames.tricks.hooks.PlayHooks`): its
tiles and sentences, and the end of a hand and its result.

>>> HOOKS.hand_result is hand_result, HOOKS.after_trick is None
(True, True)
"""

VALUATION: Valuation[HandPart, HandResult] = Valuation(
    trick_value=trick_value,
    side_of=seat_side,
    piece_value=COUNT,
    ends_early=ends_early,
    declarer=declarer,
    made=made,
)
"""What a solver needs beside the hooks (:class:`~tablegames.tricks.hooks.Valuation`): what a
trick is worth, the sides, and whose contract the hand plays for."""
