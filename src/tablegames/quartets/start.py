"""Quartets start positions: the position at the start of a deal, from a view or from the
notation a record carries (``"start"``, format 2).

A start is ``{"dealer": seat, "scores": [by seat], "results": [{"dealer", "points"}, ...]}``.
Reading it checks its form, that the deals were dealt in turn from the first dealer, that each
deal laid down the 13 sets, that the scores are the deals' points added up, and that the match
had a deal left to play unless it is over; it does not replay the earlier deals.

>>> from tablegames import quartets
>>> start = start_from_notation(quartets.Rules(players=3), {"dealer": 0, "scores": [0, 0, 0],
...                                                         "results": []})
>>> start.phase.value, start.players, len(start.history)
('deal', 3, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.core.history import EMPTY_LOG, History
from tablegames.core.start import StartHistory
from tablegames.core.start_reading import StartReader, require

from .actions import Action
from .rules import Rules
from .state import _BUILD, _DEAL, _OVER, DealResult, QuartetsState, _part

SETS = 13


def start_notation(
    dealer: int, scores: Sequence[int], results: Sequence[DealResult]
) -> dict[str, Any]:
    """A start position in the notation.

    >>> start_notation(0, (0, 0, 0), ())
    {'dealer': 0, 'scores': [0, 0, 0], 'results': []}
    """
    return {
        "dealer": dealer,
        "scores": list(scores),
        "results": [{"dealer": r.dealer, "points": list(r.points)} for r in results],
    }


def start_state(
    rules: Rules,
    dealer: int,
    scores: tuple[int, ...],
    results: tuple[DealResult, ...],
    *,
    over: bool,
) -> QuartetsState:
    """The state at the start of a deal (or at the end of the match when ``over``), whose
    history starts there.

    >>> start_state(Rules(players=5), 4, (0,) * 5, (), over=False).dealer
    4
    """
    empty = (0,) * rules.players
    part = _part(rules, empty, dealer, laid=empty, scores=scores, results=results)
    history: History[Action] = StartHistory(start_notation(dealer, scores, results))
    return _BUILD[_OVER if over else _DEAL](empty, None, part, EMPTY_LOG, history.log)


def start_from_notation(rules: Rules, data: Mapping[str, Any]) -> QuartetsState:
    """The state at the start position ``data`` (a record's ``start``); a malformed start is a
    RecordError.

    >>> from tablegames import quartets
    >>> start_from_notation(quartets.Rules(), {"dealer": 0, "scores": [0, 0, 0, 0],
    ...     "results": [{"dealer": 0, "points": [13, 0, 0, 1]}]})
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: Deal 1 of the start lays down 14 sets, not 13.
    """
    players = rules.players
    read = StartReader(data, "Quartets", keys=("dealer", "scores", "results"))
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
    over = len(results) >= rules.match_deals
    return start_state(rules, dealer, scores, tuple(results), over=over)
