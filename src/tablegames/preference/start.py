"""Preference start positions: the position at the start of a deal, from a view or from the
notation a record carries (``"start"``, format 2).

A start is ``{"dealer": seat, "stacks": [by seat], "pot": chips, "results": [...]}``: the chips
as they are when the deal begins (antes paid), and the finished deals written as in a view's
``results``. Reading it checks its form, that the deals were dealt in turn from the first
dealer and numbered in order, that no chip was made or lost (stacks and pot add up to the
starting stacks), and that the match still had a deal to play unless it is over; it does not
replay the earlier deals.

>>> from tablegames import preference
>>> start = start_from_notation(preference.Rules(), {"dealer": 0, "stacks": [95, 95, 95, 95],
...                                                  "pot": 20, "results": []})
>>> start.phase.value, start.pot, len(start.history)
('deal', 20, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.core.history import History
from tablegames.core.start import StartHistory
from tablegames.core.start_reading import StartReader, require
from tablegames.errors import RecordError
from tablegames.pieces.cards import Suit

from .actions import Action
from .rules import Rules
from .state import (
    _DEAL,
    _IN_PHASE,
    _NO_HANDS,
    _OVER,
    SEATS,
    DealResult,
    PreferenceState,
    _DealPart,
)
from .wire import result_dict

_RESULT_KEYS = (
    "number",
    "dealer",
    "declarer",
    "trump",
    "offer",
    "tricks",
    "made",
    "chips",
    "stacks",
    "pot",
)
_CHIPS = 10**9


def start_notation(
    dealer: int, stacks: Sequence[int], pot: int, results: Sequence[DealResult]
) -> dict[str, Any]:
    """A start position in the notation.

    >>> start_notation(0, (95,) * 4, 20, ())
    {'dealer': 0, 'stacks': [95, 95, 95, 95], 'pot': 20, 'results': []}
    """
    return {
        "dealer": dealer,
        "stacks": list(stacks),
        "pot": pot,
        "results": [result_dict(r) for r in results],
    }


def start_state(
    rules: Rules,
    dealer: int,
    stacks: tuple[int, ...],
    pot: int,
    results: tuple[DealResult, ...],
    *,
    over: bool,
) -> PreferenceState:
    """The state at the start of a deal (or at the end of the match when ``over``), whose
    history starts there.

    >>> start_state(Rules(), 1, (95,) * 4, 20, (), over=False).active
    (2, 3, 0)
    """
    part = _DealPart(rules, dealer, 0, False, 0, (), (), None, None, stacks, pot, results, None)
    history: History[Action] = StartHistory(start_notation(dealer, stacks, pot, results))
    return _IN_PHASE[_OVER if over else _DEAL](_NO_HANDS, (), part, None, 0, history.log)


def _result(data: object, number: int, rules: Rules) -> DealResult:
    where = f"Deal {number} of the start"
    read = StartReader(data, "Preference", where, _RESULT_KEYS)
    value = read.get("number")
    require(type(value) is int and value == number, f"{where} is not numbered {number}.")
    dealer = read.seat("dealer", SEATS)
    require(
        dealer == (rules.first_dealer + number - 1) % SEATS,
        f"{where} was dealt by seat {dealer}, out of turn.",
    )
    letter = read.text("trump", optional=True)
    trump = None
    if letter is not None:
        trump = next((s for s in Suit if s.letter == letter), None)
        if trump is None:
            raise RecordError(f"{where} names {letter[:10]!r}, which is not a suit letter.")
    return DealResult(
        number,
        dealer,
        read.seat("declarer", SEATS, optional=True),
        trump,
        read.integer("offer", 0, _CHIPS),
        read.numbers("tricks", SEATS, 0, 10),
        read.flag("made", optional=True),
        read.integer("chips", -_CHIPS, _CHIPS),
        read.numbers("stacks", SEATS, -_CHIPS, _CHIPS),
        read.integer("pot", 0, _CHIPS),
    )


def start_from_notation(rules: Rules, data: Mapping[str, Any]) -> PreferenceState:
    """The state at the start position ``data`` (a record's ``start``); a malformed start is a
    RecordError.

    >>> from tablegames import preference
    >>> start_from_notation(preference.Rules(), {"dealer": 0, "stacks": [95, 95, 95, 99],
    ...                                          "pot": 20, "results": []})
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: The start's stacks and pot hold 404 chips; there are 400.
    """
    read = StartReader(data, "Preference", keys=("dealer", "stacks", "pot", "results"))
    dealer = read.seat("dealer", SEATS)
    stacks = read.numbers("stacks", SEATS, -_CHIPS, _CHIPS)
    pot = read.integer("pot", 0, _CHIPS)
    results = tuple(
        _result(item, n, rules) for n, item in enumerate(read.items("results", rules.deals), 1)
    )
    require(
        dealer == (rules.first_dealer + len(results)) % SEATS,
        f"The start's dealer is seat {dealer}, out of turn after {len(results)} deals.",
    )
    chips = SEATS * rules.starting_stack
    require(
        sum(stacks) + pot == chips,
        f"The start's stacks and pot hold {sum(stacks) + pot} chips; there are {chips}.",
    )
    over = len(results) >= rules.deals
    return start_state(rules, dealer, stacks, pot, results, over=over)
