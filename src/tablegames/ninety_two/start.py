"""Ninety-Two start positions: the position at the start of a deal, from a view or from the
notation a record carries (``"start"``, format 2).

A start is ``{"dealer": seat, "scores": [by seat], "results": [...]}``, the finished deals
written as in a view's ``results``. Reading it checks its form, that the deals were dealt in
turn from the first dealer, that the scores are the deals' scores added up, and that the match
was not over before the last deal; it does not replay the earlier deals.

>>> from tablegames import ninety_two
>>> start = read_start(ninety_two.Rules(), {"dealer": 1, "scores": [0, 0, 0, 0],
...     "results": [{"dealer": 0, "bidder": None, "bid": None, "team": [],
...                  "tricks": [0, 0, 0, 0], "made": None, "score": [0, 0, 0, 0]}]})
>>> start.dealer, start.over, len(start.results)
(1, False, 1)

(:func:`tablegames.ninety_two.state.start_from_notation` makes the state at a start.)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from tablegames.core.history import LogNode
from tablegames.core.start import LaterStart
from tablegames.core.start_reading import StartReader, require
from tablegames.errors import RecordError, TableGamesError

from .actions import Bid, parse_action
from .part import DealResult
from .rules import Rules
from .scoring import match_winners
from .wire import result_dict

_RESULT_KEYS = ("dealer", "bidder", "bid", "team", "tricks", "made", "score")


def start_notation(
    dealer: int, scores: Sequence[int], results: Sequence[DealResult]
) -> dict[str, Any]:
    """A start position in the notation.

    >>> start_notation(0, (0, 0, 0, 0), ())
    {'dealer': 0, 'scores': [0, 0, 0, 0], 'results': []}
    """
    return {
        "dealer": dealer,
        "scores": list(scores),
        "results": [result_dict(r) for r in results],
    }


def start_log(dealer: int, scores: Sequence[int], results: Sequence[DealResult]) -> LogNode:
    """The first node of a log that begins at this start (the notation written out when first
    read, so building it costs nothing however long the match was: see
    :class:`~tablegames.core.start.LaterStart`).

    >>> start_log(0, (0, 0, 0, 0), ())[1] == {"dealer": 0, "scores": [0] * 4, "results": []}
    True
    """
    return (None, LaterStart(functools.partial(start_notation, dealer, scores, results)), 0)


class Start(NamedTuple):
    """A start position: the deal about to be dealt (its dealer), the match so far, and
    whether it is over.

    >>> Start(0, (0, 0, 0, 0), (), False).over
    False
    """

    dealer: int
    scores: tuple[int, ...]
    results: tuple[DealResult, ...]
    over: bool


def _result(data: object, number: int, rules: Rules) -> DealResult:
    where = f"Deal {number} of the start"
    players = rules.players
    read = StartReader(data, "Ninety-Two", where, _RESULT_KEYS)
    dealer = read.seat("dealer", players)
    require(
        dealer == (rules.first_dealer + number - 1) % players,
        f"{where} was dealt by seat {dealer}, out of turn.",
    )
    text = read.text("bid", optional=True)
    bid: Bid | None = None
    if text is not None:
        try:
            action = parse_action(text)
        except TableGamesError:
            action = None
        if not isinstance(action, Bid):
            raise RecordError(f"{where} has {text[:20]!r} for its bid, which is not a bid.")
        bid = action
    team = []
    for index, seat in enumerate(read.items("team", players)):
        require(
            type(seat) is int and 0 <= seat < players,
            f"{where}'s team lists {seat!r} at {index}, which is not a seat.",
        )
        team.append(seat)
    return DealResult(
        dealer,
        read.seat("bidder", players, optional=True),
        bid,
        tuple(team),
        read.numbers("tricks", players, 0, 14),
        read.flag("made", optional=True),
        read.numbers("score", players, 0, 10**6),
    )


def read_start(rules: Rules, data: Mapping[str, Any]) -> Start:
    """The start position ``data`` (a record's ``start``); a malformed start is a RecordError.

    >>> from tablegames import ninety_two
    >>> read_start(ninety_two.Rules(), {"dealer": 2, "scores": [0, 0, 0, 0], "results": []})
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: The start's dealer is seat 2, out of turn after 0 deals.
    """
    players = rules.players
    read = StartReader(data, "Ninety-Two", keys=("dealer", "scores", "results"))
    dealer = read.seat("dealer", players)
    scores = read.numbers("scores", players, 0, 10**9)
    results = tuple(_result(item, n, rules) for n, item in enumerate(read.items("results"), 1))
    require(
        dealer == (rules.first_dealer + len(results)) % players,
        f"The start's dealer is seat {dealer}, out of turn after {len(results)} deals.",
    )
    total = [0] * players
    for number, result in enumerate(results, 1):
        require(
            not match_winners(total, rules),
            f"The match was over before deal {number} of the start.",
        )
        total = [a + b for a, b in zip(total, result.score)]
    require(
        tuple(total) == scores,
        f"The start's scores {list(scores)} are not the sum of its deals'.",
    )
    return Start(dealer, scores, results, bool(match_winners(scores, rules)))
