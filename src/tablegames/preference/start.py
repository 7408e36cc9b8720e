"""Preference start positions: the position at the start of a deal, from a view or from the
notation a record carries (``"start"``, format 2).

A start is ``{"dealer": seat, "stacks": [by seat], "pot": chips, "results": [...]}``: the chips
as they are when the deal begins (antes paid), and the finished deals written as in a view's
``results``. A start must be one the rules can reach, so reading it checks its form, that the
deals were dealt in turn from the first dealer and numbered in order, that the match still had
a deal to play unless it is over, and it follows the chips through every finished deal: from
the starting stacks and the first ante, each deal moves only the chips its declarer, offers,
payout or penalty can move (:func:`deal_chips`), the pot is anted again whenever a deal leaves
it empty, and the start's stacks and pot are what the last deal left. It does not replay the
earlier deals' cards (they are not in the record).

>>> from tablegames import preference
>>> start = read_start(preference.Rules(), {"dealer": 0, "stacks": [95, 95, 95, 95],
...                                         "pot": 20, "results": []})
>>> start.dealer, start.stacks, start.pot, start.over
(0, (95, 95, 95, 95), 20, False)

So a stack after ``k`` deals lies between ``min(starting_stack - ante, 0) - k * (ante + the
largest penalty)`` and ``starting_stack - ante + k * (the largest payout)``, and no offer above
``Rules.max_offer`` can ever be legal (:func:`tablegames.preference.state.start_from_notation`
makes the state at a start).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from tablegames.core.history import LogNode
from tablegames.core.start import LaterStart
from tablegames.core.start_reading import StartReader, require
from tablegames.errors import RecordError

from .calling import first_part, next_deal
from .deal import ACTIVE, HAND, SEATS, DealResult
from .rules import Rules, contract_of
from .scoring import contract_goal, settle
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
"""The widest a number of chips in a start may be before the chips are followed (the rules'
own bounds are far narrower)."""


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


class Start(NamedTuple):
    """A start position: the deal about to be dealt (its dealer), the chips, the match so far,
    and whether it is over.

    >>> Start(0, (95,) * 4, 20, (), False).over
    False
    """

    dealer: int
    stacks: tuple[int, ...]
    pot: int
    results: tuple[DealResult, ...]
    over: bool


def start_log(
    dealer: int, stacks: Sequence[int], pot: int, results: Sequence[DealResult]
) -> LogNode:
    """The first node of a log that begins at this start (the notation written out when first
    read, so building it costs nothing however long the match was).

    >>> start_log(0, (95,) * 4, 20, ())[1] == {"dealer": 0, "stacks": [95] * 4, "pot": 20,
    ...     "results": []}
    True
    """
    notation = functools.partial(start_notation, dealer, stacks, pot, results)
    return (None, LaterStart(notation), 0)


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
    trump = None if letter is None else contract_of(letter)
    if letter is not None and trump is None:
        raise RecordError(f"{where} names {letter[:10]!r}, which is not a suit letter.")
    return DealResult(
        number,
        dealer,
        read.seat("declarer", SEATS, optional=True),
        trump,
        read.integer("offer", 0, rules.max_offer),
        read.numbers("tricks", SEATS, 0, HAND),
        read.flag("made", optional=True),
        read.integer("chips", -max(rules.penalty), max(rules.payout)),
        read.numbers("stacks", SEATS, -_CHIPS, _CHIPS),
        read.integer("pot", 0, _CHIPS),
    )


def deal_chips(
    rules: Rules, result: DealResult, stacks: tuple[int, ...], pot: int
) -> tuple[tuple[int, ...], int]:
    """The stacks and pot a deal that began with ``stacks`` and ``pot`` leaves, as its result
    says, once checked against the rules (a RecordError says what no deal could do): a deal
    thrown in moves no chip; the declarer pays the winning offer of round two (under
    ``round_two_payment="all"`` the outbid offers are paid too: each made before the winning
    one, in turn, higher than the one before and no more than its maker's stack), then takes
    the payout for the trump suit from the pot (at most the pot) if the game was made (six
    of the ten tricks) or pays the penalty into it.

    >>> from tablegames.pieces import Suit
    >>> from tablegames.preference import Rules
    >>> made = DealResult(1, 0, 2, Suit.HEARTS, 0, (0, 2, 6, 2), True, 4, (95, 95, 99, 95), 16)
    >>> deal_chips(Rules(), made, (95,) * 4, 20)
    ((95, 95, 99, 95), 16)
    >>> deal_chips(Rules(), made, (95,) * 4, 2)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: Deal 1 of the start: a made game in hearts with 2 chips ...
    """
    where = f"Deal {result.number} of the start"
    declarer, trump = result.declarer, result.trump
    if declarer is None:
        require(
            trump is None
            and result.offer == 0
            and result.made is None
            and result.chips == 0
            and not any(result.tricks),
            f"{where} has no declarer (it was thrown in), so no trump, offer, tricks or chips.",
        )
        require(
            (result.stacks, result.pot) == (stacks, pot),
            f"{where} was thrown in, so no chip moved: it leaves the stacks {list(stacks)} and "
            f"the pot {pot}.",
        )
        return stacks, pot
    active = ACTIVE[result.dealer]
    require(declarer in active, f"{where}'s declarer is seat {declarer}, who dealt and sat out.")
    require(trump is not None, f"{where} has a declarer but no trump.")
    assert trump is not None
    tricks = result.tricks
    require(
        tricks[result.dealer] == 0 and sum(tricks) == HAND,
        f"{where}'s tricks add up to {sum(tricks)}: the three players dealt in take ten, the "
        "dealer none.",
    )
    goal = contract_goal(trump)
    made = goal.made(tricks[declarer])
    require(
        result.made is made,
        f"{where}'s declarer took {tricks[declarer]} tricks, so the game was "
        f"{'made' if made else 'lost'} ({goal.making} make it).",
    )
    paid = [0] * SEATS  # what each seat paid into the pot in round two
    offer = result.offer
    if offer:
        require(
            offer <= stacks[declarer],
            f"{where}'s declarer offered {offer} chips with a stack of {stacks[declarer]}.",
        )
        paid[declarer] = offer
        if rules.round_two_payment == "all":
            _outbid(where, active, declarer, offer, stacks, result.stacks, paid)
    in_pot = pot + sum(paid)
    _, chips, pot_after = settle(tricks[declarer], trump, in_pot, rules)
    require(
        result.chips == chips,
        f"{where}: a {'made' if made else 'lost'} game in {trump.plural} with {in_pot} chips in "
        f"the pot {'takes' if made else 'pays'} {abs(chips)} of them, not {abs(result.chips)}.",
    )
    left = [stack - gave for stack, gave in zip(stacks, paid)]
    left[declarer] += chips
    require(
        (result.stacks, result.pot) == (tuple(left), pot_after),
        f"{where} leaves the stacks {left} and the pot {pot_after}, not "
        f"{list(result.stacks)} and {result.pot}.",
    )
    return result.stacks, result.pot


def _outbid(  # noqa: PLR0917 (a deal's chips, seat by seat)
    where: str,
    active: tuple[int, ...],
    declarer: int,
    offer: int,
    before: tuple[int, ...],
    after: tuple[int, ...],
    paid: list[int],
) -> None:
    """Fill ``paid`` with what each other active player paid in outbid offers (every offer is
    paid under ``round_two_payment="all"``), checking that offers could have been so."""
    last = 0
    ahead = True  # in turn before the winning offer
    for seat in active:
        if seat == declarer:
            ahead = False
            continue
        gave = before[seat] - after[seat]
        if gave == 0:
            continue
        require(
            ahead and last < gave < offer and gave <= before[seat],
            f"{where}: seat {seat}'s stack went from {before[seat]} to {after[seat]}, which no "
            "outbid offer explains.",
        )
        last = paid[seat] = gave


def read_start(rules: Rules, data: Mapping[str, Any]) -> Start:
    """The start position ``data`` (a record's ``start``); a start the rules cannot reach is a
    RecordError saying why (see the module doc).

    >>> from tablegames import preference
    >>> read_start(preference.Rules(), {"dealer": 0, "stacks": [95, 95, 95, 99], "pot": 20,
    ...     "results": []})
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: The start's stacks and pot hold 404 chips; there are 400.
    >>> read_start(preference.Rules(), {"dealer": 0, "stacks": [-10**6, 10**6, 380, 0],
    ...     "pot": 20, "results": []})
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: The start's stacks [-1000000, 1000000, 380, 0] and pot ...
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
    part = first_part(rules)
    for result in results:
        deal_chips(rules, result, part.stacks, part.pot)
        part, _ = next_deal(part, result)
    require(
        (stacks, pot) == (part.stacks, part.pot),
        f"The start's stacks {list(stacks)} and pot {pot} are not what the rules leave after "
        f"{len(results)} deals: {list(part.stacks)} and {part.pot}.",
    )
    return Start(dealer, stacks, pot, results, len(results) >= rules.deals)
