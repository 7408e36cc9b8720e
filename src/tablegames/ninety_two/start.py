"""Ninety-Two start positions: the position at the start of a deal, from a view or from the
notation a record carries (``"start"``, format 2).

A start is ``{"dealer": seat, "scores": [by seat], "results": [...]}``, the finished deals
written as in a view's ``results``. Reading it checks its form, that the deals were dealt in
turn from the first dealer, that the scores are the deals' scores added up, and that the match
was not over before the last deal; it does not replay the earlier deals.

>>> from tablegames import ninety_two
>>> start = start_from_notation(ninety_two.Rules(), {"dealer": 0, "scores": [0, 0, 0, 0],
...                                                  "results": []})
>>> start.phase.value, len(start.history)
('deal', 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.core.history import History
from tablegames.core.start import StartHistory
from tablegames.core.start_reading import StartReader, require
from tablegames.errors import RecordError, TableGamesError

from .actions import Action, Bid, parse_action
from .bidding import call_table
from .rules import Rules
from .scoring import match_winners
from .state import _DEAL, _IN_PHASE, _NO_STOCK, _OVER, DealResult, NinetyTwoState, _DealPart
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


def start_state(
    rules: Rules,
    dealer: int,
    scores: tuple[int, ...],
    results: tuple[DealResult, ...],
    *,
    over: bool,
) -> NinetyTwoState:
    """The state at the start of a deal (or at the end of the match when ``over``), whose
    history starts there.

    >>> start_state(Rules(players=6), 5, (0,) * 6, (), over=False).dealer
    5
    """
    players = rules.players
    part = _DealPart(rules, dealer, (), None, None, (), results, scores, None, call_table(rules))
    history: History[Action] = StartHistory(start_notation(dealer, scores, results))
    phase = _OVER if over else _DEAL
    return _IN_PHASE[phase]((0,) * players, (), part, None, _NO_STOCK, 0, history.log)


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


def start_from_notation(rules: Rules, data: Mapping[str, Any]) -> NinetyTwoState:
    """The state at the start position ``data`` (a record's ``start``); a malformed start is a
    RecordError.

    >>> from tablegames import ninety_two
    >>> start_from_notation(ninety_two.Rules(), {"dealer": 2, "scores": [0, 0, 0, 0],
    ...                                          "results": []})
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
    over = bool(match_winners(scores, rules))
    return start_state(rules, dealer, scores, results, over=over)
