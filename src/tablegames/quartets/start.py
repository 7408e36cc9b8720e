"""Quartets start positions in the notation a record carries (``"start"``, format 2): the
position at the start of a deal, written out and read back.

A start is ``{"dealer": seat, "scores": [by seat], "results": [{"dealer", "points"}, ...]}``.
Reading it checks its form, that the deals were dealt in turn from the first dealer, that each
deal laid down the 13 sets, that the scores are the deals' points added up, and that the match
had a deal left to play unless it is over; it does not replay the earlier deals. The state at a
start position is built by :func:`tablegames.quartets.state.start_from_notation`.

>>> from tablegames import quartets
>>> read_start(quartets.Rules(players=3), {"dealer": 0, "scores": [0, 0, 0], "results": []})
(0, (0, 0, 0), (), False)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from tablegames.core.json_values import FreshObject
from tablegames.core.start_reading import StartReader, require

from .model import SETS
from .parts import DealResult
from .rules import Rules

_KEYS = ("dealer", "scores", "results")


class StartNotation(FreshObject):
    """A start position in the notation, written out as it is read: making one costs the same
    however many deals the match has had (every world sampled from a view makes one), and each
    reading gives fresh lists, so no reader can change it for another.

    >>> start = StartNotation(1, (2, 11), (DealResult(0, (2, 11)),))
    >>> dict(start)
    {'dealer': 1, 'scores': [2, 11], 'results': [{'dealer': 0, 'points': [2, 11]}]}
    >>> start == start_notation(1, (2, 11), (DealResult(0, (2, 11)),))
    True
    >>> start["scores"] is start["scores"]  # each reading its own list
    False
    """

    __slots__ = ("_dealer", "_results", "_scores")

    def __init__(self, dealer: int, scores: Sequence[int], results: Sequence[DealResult]) -> None:
        self._dealer = dealer
        self._scores = scores
        self._results = results

    def __getitem__(self, key: str) -> Any:
        if key == "dealer":
            return self._dealer
        if key == "scores":
            return list(self._scores)
        if key == "results":
            return [{"dealer": r.dealer, "points": list(r.points)} for r in self._results]
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(_KEYS)

    def __len__(self) -> int:
        return len(_KEYS)

    def __repr__(self) -> str:
        return repr(dict(self))


def start_notation(
    dealer: int, scores: Sequence[int], results: Sequence[DealResult]
) -> dict[str, Any]:
    """A start position in the notation.

    >>> start_notation(0, (0, 0, 0), ())
    {'dealer': 0, 'scores': [0, 0, 0], 'results': []}
    """
    return dict(StartNotation(dealer, scores, results))


def read_start(
    rules: Rules, data: Mapping[str, Any]
) -> tuple[int, tuple[int, ...], tuple[DealResult, ...], bool]:
    """The dealer, scores and finished deals of the start position ``data`` (a record's
    ``start``), and whether the match is over there; a malformed start is a RecordError.

    >>> from tablegames import quartets
    >>> read_start(quartets.Rules(), {"dealer": 0, "scores": [0, 0, 0, 0],
    ...     "results": [{"dealer": 0, "points": [13, 0, 0, 1]}]})
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: Deal 1 of the start lays down 14 sets, not 13.
    """
    players = rules.players
    read = StartReader(data, "Quartets", keys=_KEYS)
    dealer = read.seat("dealer", players)
    scores = read.numbers("scores", players, 0, 10**9)
    results = []
    for number, item in enumerate(read.items("results", rules.match_deals), 1):
        where = f"Deal {number} of the start"
        deal = StartReader(item, "Quartets", where, ("dealer", "points"))
        dealt_by = deal.seat("dealer", players)
        require(
            dealt_by == (rules.first_dealer + number - 1) % players,
            f"{where} was dealt by seat {dealt_by}, out of turn.",
        )
        points = deal.numbers("points", players, 0, SETS)
        require(sum(points) == SETS, f"{where} lays down {sum(points)} sets, not {SETS}.")
        results.append(DealResult(dealt_by, points))
    require(
        dealer == (rules.first_dealer + len(results)) % players,
        f"The start's dealer is seat {dealer}, out of turn after {len(results)} deals.",
    )
    total = tuple(sum(r.points[s] for r in results) for s in range(players))
    require(total == scores, f"The start's scores {list(scores)} are not the sum of its deals'.")
    return dealer, scores, tuple(results), len(results) >= rules.match_deals
