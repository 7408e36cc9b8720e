"""Reading a start position from a record (format 2) with bounded work and plain sentences.

A start position is the notation of the position at the start of a deal: the dealer, the
scores (or chips) and the finished hands. Each game reads its own from these helpers; every
problem is a :class:`~tablegames.errors.RecordError` a player can read.

>>> read = StartReader({"dealer": 1, "scores": [0, 5]}, "Texas 42")
>>> read.seat("dealer", 4), read.numbers("scores", 2)
(1, (0, 5))
>>> read.seat("dealer", 1)
Traceback (most recent call last):
...
tablegames.core.errors.RecordError: The start's dealer is a seat 0..0, not 1.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, overload

from tablegames.errors import RecordError, excerpt

from .limits import MAX_ACTIONS
from .seats import Seat

MAX_RESULTS = MAX_ACTIONS
"""The most finished hands a start position may list (a record's limit on actions)."""


class StartReader:
    """Typed fields of one JSON object of a start position (the start itself, or one finished
    hand in it: ``where`` names it in messages).

    >>> StartReader({"made": None}, "x").flag("made", optional=True) is None
    True
    """

    def __init__(
        self,
        data: object,
        title: str,
        where: str = "The start",
        keys: Sequence[str] | None = None,
    ) -> None:
        if not isinstance(data, Mapping):
            raise RecordError(f"{where} of a {title} record is a JSON object.")
        if keys is not None:
            for key in data:
                if key not in keys:
                    raise RecordError(f"{where} has no field {excerpt(str(key))}.")
        self.data = data
        self.title = title
        self.where = where

    def get(self, name: str) -> object:
        """The raw value of a field that must be there."""
        if name not in self.data:
            raise RecordError(f"{self.where} has no {name}.")
        return self.data[name]

    @overload
    def integer(self, name: str, low: int, high: int) -> int: ...

    @overload
    def integer(self, name: str, low: int, high: int, *, optional: bool) -> int | None: ...

    def integer(self, name: str, low: int, high: int, *, optional: bool = False) -> int | None:
        """An int from ``low`` to ``high`` (``None`` allowed when ``optional``)."""
        value = self.get(name)
        if (value is None and optional) or (type(value) is int and low <= value <= high):
            return value
        raise RecordError(f"{self.where}'s {name} is a number {low}..{high}, not {_shown(value)}.")

    @overload
    def seat(self, name: str, seats: int) -> Seat: ...

    @overload
    def seat(self, name: str, seats: int, *, optional: bool) -> Seat | None: ...

    def seat(self, name: str, seats: int, *, optional: bool = False) -> Seat | None:
        """A seat number of the table (``None`` allowed when ``optional``)."""
        value = self.get(name)
        if (value is None and optional) or (type(value) is int and 0 <= value < seats):
            return value
        raise RecordError(f"{self.where}'s {name} is a seat 0..{seats - 1}, not {_shown(value)}.")

    def flag(self, name: str, *, optional: bool = False) -> bool | None:
        """true or false (``None`` allowed when ``optional``)."""
        value = self.get(name)
        if (value is None and optional) or type(value) is bool:
            return value
        raise RecordError(f"{self.where}'s {name} is true or false.")

    def text(self, name: str, *, optional: bool = False) -> str | None:
        """A short string (``None`` allowed when ``optional``)."""
        value = self.get(name)
        if (value is None and optional) or (isinstance(value, str) and len(value) <= 40):
            return value
        raise RecordError(f"{self.where}'s {name} is a short text.")

    def numbers(
        self, name: str, count: int, low: int = -(10**9), high: int = 10**9
    ) -> tuple[int, ...]:
        """A list of ``count`` ints from ``low`` to ``high``."""
        value = self.get(name)
        if (
            not isinstance(value, list)
            or len(value) != count
            or not all(type(v) is int and low <= v <= high for v in value)
        ):
            raise RecordError(f"{self.where}'s {name} is a list of {count} whole numbers.")
        return tuple(value)

    def items(self, name: str, most: int = MAX_RESULTS) -> list[Any]:
        """A list of at most ``most`` entries."""
        value = self.get(name)
        if not isinstance(value, list) or len(value) > most:
            raise RecordError(f"{self.where}'s {name} is a list of at most {most:,} entries.")
        return value


def _shown(value: object) -> str:
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:40] + "…"


def require(condition: bool, sentence: str) -> None:
    """Raise a RecordError saying ``sentence`` unless ``condition`` holds.

    >>> require(True, "fine")
    """
    if not condition:
        raise RecordError(sentence)
