"""Texas 42 start positions: the position at the start of a hand, from a view or from the
notation a record carries (``"start"``, format 2).

A start is ``{"dealer": seat, "scores": [side 0, side 1], "results": [...]}``, the finished
hands written as in a view's ``results``. Reading it checks its form, that the hands were
dealt in turn from the first dealer, that the scores are the hands' scores added up, and that
the match was not over before the last hand; it does not replay the earlier hands (their
deals are not in it).

>>> from tablegames import texas42
>>> start = read_start(texas42.Rules(), {"dealer": 1, "scores": [0, 0],
...     "results": [{"dealer": 0, "bidder": None, "bid": 0, "trump": None, "points": [0, 0],
...                  "tricks": [0, 0], "made": None, "score": [0, 0], "played": []}]})
>>> start.dealer, start.over, len(start.results)
(1, False, 1)

(:func:`tablegames.texas42.state.start_from_notation` makes the state at a start.)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from tablegames.core.errors import TableGamesError
from tablegames.core.history import LogNode
from tablegames.core.start import LaterStart
from tablegames.core.start_reading import StartReader, require
from tablegames.errors import RecordError
from tablegames.pieces.dominoes import Domino
from tablegames.tricks.table import Trick, turn_order

from .contracts import LAST_TRUMP, is_nello
from .hand import HandResult
from .rules import Rules
from .scoring import match_winner
from .wire import result_dict, trump_word

SEATS = 4
_TRUMPS = {trump_word(code): code for code in range(LAST_TRUMP + 1)}
_RESULT_KEYS = (
    "dealer",
    "bidder",
    "bid",
    "trump",
    "points",
    "tricks",
    "made",
    "score",
    "played",
    "contract",
)


def start_notation(
    dealer: int, scores: Sequence[int], results: Sequence[HandResult]
) -> dict[str, Any]:
    """A start position in the notation.

    >>> start_notation(0, (0, 0), ())
    {'dealer': 0, 'scores': [0, 0], 'results': []}
    """
    return {
        "dealer": dealer,
        "scores": list(scores),
        "results": [result_dict(r) for r in results],
    }


class Start(NamedTuple):
    """A start position: the hand about to be dealt (its dealer), the match so far, and
    whether it is over.

    >>> Start(0, (0, 0), (), False).over
    False
    """

    dealer: int
    scores: tuple[int, int]
    results: tuple[HandResult, ...]
    over: bool


def start_log(dealer: int, scores: Sequence[int], results: Sequence[HandResult]) -> LogNode:
    """The first node of a log that begins at this start (the notation written out when first
    read, so building it costs nothing however long the match was).

    >>> start_log(0, (0, 0), ())[1] == {"dealer": 0, "scores": [0, 0], "results": []}
    True
    """
    return (None, LaterStart(functools.partial(start_notation, dealer, scores, results)), 0)


def _tile(text: object, where: str) -> int:
    if not isinstance(text, str) or len(text) > 10:
        raise RecordError(f"{where} lists tiles as text such as 6:4.")
    try:
        return Domino.parse(text).index
    except TableGamesError:
        raise RecordError(f"{where} lists {text[:10]!r}, which is not a tile.") from None


def _result(data: object, number: int, rules: Rules) -> HandResult:
    where = f"Hand {number} of the start"
    read = StartReader(data, "Texas 42", where, _RESULT_KEYS)
    dealer = read.seat("dealer", SEATS)
    require(
        dealer == (rules.first_dealer + number - 1) % SEATS,
        f"{where} was dealt by seat {dealer}, out of turn.",
    )
    bidder = read.seat("bidder", SEATS, optional=True)
    word = read.text("trump", optional=True)
    if word is not None and word not in _TRUMPS:
        raise RecordError(f"{where} names {word[:20]!r}, which is not a trump.")
    trump = None if word is None else _TRUMPS[word]
    contract = read.data.get("contract", "bid")
    require(contract in ("bid", "plunge", "splash"), f"{where} has an unknown contract.")
    order: tuple[int, ...] = (0, 1, 2, 3)
    if is_nello(trump) and bidder is not None:
        order = tuple(s for s in order if s != (bidder + 2) % SEATS)
    played: list[Trick] = []
    for trick_data in read.items("played", 7):
        trick = StartReader(
            trick_data, "Texas 42", f"A trick of hand {number}", ("led_by", "pieces", "winner")
        )
        leader = trick.seat("led_by", SEATS)
        require(leader in order, f"A trick of hand {number} is led by a seat out of play.")
        tiles = tuple(_tile(t, f"A trick of hand {number}") for t in trick.items("pieces", 4))
        require(
            len(tiles) == len(order), f"A trick of hand {number} has the wrong number of tiles."
        )
        seats = turn_order(order, leader)[: len(tiles)]
        played.append(Trick(leader, tiles, seats, trick.seat("winner", SEATS)))
    return HandResult(
        dealer,
        bidder,
        read.integer("bid", 0, 420),
        trump,
        read.numbers("points", 2, 0, 42),  # type: ignore[arg-type]
        read.numbers("tricks", 2, 0, 7),  # type: ignore[arg-type]
        read.flag("made", optional=True),
        read.numbers("score", 2, 0, 420),  # type: ignore[arg-type]
        tuple(played),
        contract,
    )


def read_start(rules: Rules, data: Mapping[str, Any]) -> Start:
    """The start position ``data`` (a record's ``start``); a malformed start is a RecordError.

    >>> from tablegames import texas42
    >>> read_start(texas42.Rules(), {"dealer": 0, "scores": [5, 0], "results": []})
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: The start's scores [5, 0] are not the sum of its hands'.
    """
    read = StartReader(data, "Texas 42", keys=("dealer", "scores", "results"))
    dealer = read.seat("dealer", SEATS)
    scores = read.numbers("scores", 2, 0, 10**9)
    results = tuple(_result(item, n, rules) for n, item in enumerate(read.items("results"), 1))
    require(
        dealer == (rules.first_dealer + len(results)) % SEATS,
        f"The start's dealer is seat {dealer}, out of turn after {len(results)} hands.",
    )
    total = [0, 0]
    for number, result in enumerate(results, 1):
        require(
            match_winner((total[0], total[1]), rules) is None,
            f"The match was over before hand {number} of the start.",
        )
        total = [total[0] + result.score[0], total[1] + result.score[1]]
    require(
        tuple(total) == scores,
        f"The start's scores {list(scores)} are not the sum of its hands'.",
    )
    over = match_winner((scores[0], scores[1]), rules) is not None
    return Start(dealer, (scores[0], scores[1]), results, over)
