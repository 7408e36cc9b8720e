"""Actions every game shares: passing, playing a piece, and dealing (a chance step).

Action classes accept whatever they are given (their constructors never raise); ``check`` and
``apply`` refuse an action whose fields have the wrong type or an absurd size with a
:class:`~tablegames.core.violations.Violation` coded ``malformed_action``, before any rule is
consulted. Each game registers the field checks of its own action classes with
:func:`register_field_check`.

>>> from tablegames.pieces import Domino
>>> str(Play(Domino(6, 4))), str(PASS)
('play 6:4', 'pass')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

import attrs

from tablegames.pieces.cards import Card
from tablegames.pieces.dominoes import Domino
from tablegames.pieces.sets import Piece

from .text import describe
from .violations import Violation, ViolationCode

P = TypeVar("P", bound=Piece)

FieldCheck = Callable[[Any], "Violation | None"]
"""A function that returns the violation of an action whose fields are malformed, else None."""

FIELD_CHECKS: dict[type, FieldCheck] = {}
"""The field check of each action class, by exact class (see :func:`register_field_check`)."""

LATE_CHECKS: dict[type, FieldCheck] = {}
"""Field checks run only when the rules refuse an action or fail on it: for classes whose
well-formed instances are all ready-made (``Play``), so the legal path pays nothing."""

TRUSTED: set[int] = set()
"""Identities of ready-made actions known to be well formed (see :func:`trust`)."""
_KEPT: list[object] = []

LARGEST_NUMBER = 10**9
"""No number in an action (a bid, an offer, a seat) may reach this, whatever the rules."""


def register_field_check(cls: type, check: FieldCheck) -> None:
    """Have ``check`` and ``apply`` run ``check`` on every action of class ``cls`` first.

    >>> class Nod:
    ...     pass
    >>> register_field_check(Nod, lambda action: None)
    >>> FIELD_CHECKS.pop(Nod) is not None
    True
    """
    FIELD_CHECKS[cls] = check


def trust(actions: Iterable[object]) -> None:
    """Mark ready-made, well-formed actions (a game's tables of actions) so ``check`` and
    ``apply`` skip their field checks. They are kept alive for good, so their identities are
    never reused.

    >>> trust([PASS])
    >>> id(PASS) in TRUSTED
    True
    """
    for action in actions:
        _KEPT.append(action)
        TRUSTED.add(id(action))


def malformed(sentence: str) -> Violation:
    """The violation of an action whose fields are not what its class takes.

    >>> malformed("A bid is a whole number of points, not 30.0.").code.value
    'malformed_action'
    """
    return Violation(ViolationCode.MALFORMED_ACTION, sentence)


def is_count(value: object) -> bool:
    """True for a plain ``int`` (not a bool) of sane size, negative or not: what an action's
    number fields hold. The rules then judge its range.

    >>> is_count(30), is_count(-1), is_count(30.0), is_count(True), is_count(10**20)
    (True, True, False, False, False)
    """
    return type(value) is int and -LARGEST_NUMBER < value < LARGEST_NUMBER


def refusal(action: object, verdict: Violation) -> Violation:
    """The violation to report when the rules refused ``action`` with ``verdict``: a
    malformed-field violation if the action's class has a late check that finds one, else
    ``verdict``.

    >>> from tablegames.core.violations import ViolationCode
    >>> refusal(Play(10**5000), Violation(ViolationCode.NOT_IN_HAND, "?")).code.value
    'malformed_action'
    """
    check = LATE_CHECKS.get(action.__class__)
    if check is not None:
        return check(action) or verdict
    return verdict


def failure(action: object) -> Violation | None:
    """After the rules code raised on ``action``: its malformed-field violation, if any (the
    caller re-raises when there is none, as that is a bug, not bad input).

    >>> failure(Play("6:4")).code.value
    'malformed_action'
    """
    check = LATE_CHECKS.get(action.__class__) or FIELD_CHECKS.get(action.__class__)
    return None if check is None else check(action)


def field_violation(action: object) -> Violation | None:
    """The malformed-field violation of ``action``, if its class registered a check.

    >>> field_violation(Deal(5)).message
    'A deal is a tuple of pieces, not 5.'
    >>> field_violation(PASS) is None
    True
    """
    check = FIELD_CHECKS.get(action.__class__) or LATE_CHECKS.get(action.__class__)
    if check is None or id(action) in TRUSTED:
        return None
    return check(action)


def _as_tuple(value: Iterable[P]) -> tuple[P, ...]:
    """A tuple of ``value``'s items when it is a collection or iterator of them (not text);
    anything else as it is (the field check then refuses it)."""
    if type(value) is tuple or isinstance(value, (str, bytes)):
        return value
    try:
        return tuple(value)
    except TypeError:
        return value  # type: ignore[return-value]


@attrs.frozen
class Pass:
    """Decline to bid (or to offer).

    >>> str(Pass()), Pass() == PASS
    ('pass', True)
    """

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
"""The one pass action."""


@attrs.frozen
class Play(Generic[P]):
    """Play ``piece`` to the trick.

    >>> from tablegames.pieces import Card
    >>> str(Play(Card.parse("10h")))
    'play TH'
    """

    piece: P

    def __str__(self) -> str:
        return f"play {self.piece}"


@attrs.frozen
class Deal(Generic[P]):
    """A chance step: the shuffled deck, top card first. The game deals it out by its own rules.

    >>> from tablegames.pieces import cards
    >>> str(Deal(tuple(cards("AS KS"))))
    'deal KS AS'
    """

    order: tuple[P, ...] = attrs.field(converter=_as_tuple)

    def __str__(self) -> str:
        return "deal " + " ".join(str(p) for p in self.order)


PIECE_TYPES: frozenset[type] = frozenset((Card, Domino))
"""The classes of pieces a ``Play`` may hold: dominoes and cards."""


def _play_fields(action: Play[Any]) -> Violation | None:
    if action.piece.__class__ in PIECE_TYPES:
        return None
    return malformed(f"A play names a piece, as play 6:4 or play AH, not {describe(action.piece)}.")


LATE_CHECKS[Play] = _play_fields


def _deal_fields(action: Deal[Any]) -> Violation | None:
    if type(action.order) is not tuple:
        return malformed(f"A deal is a tuple of pieces, not {describe(action.order)}.")
    return None


register_field_check(Deal, _deal_fields)
