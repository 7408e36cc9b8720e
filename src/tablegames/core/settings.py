"""Checking rule settings: every field of a game's ``Rules`` is checked for its type (a bool is
not a whole number, a whole number is not a float), its range and its options, and any problem
raises :class:`~tablegames.core.errors.RulesError` naming the field, never ``TypeError``.

>>> whole("target", 250, 1, MAX_TARGET)
250
>>> whole("target", 1.5, 1, MAX_TARGET)
Traceback (most recent call last):
...
tablegames.core.errors.RulesError: target is a whole number, not 1.5
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from .errors import RulesError
from .text import describe

T = TypeVar("T")

MAX_TARGET = 1_000_000
"""The largest match target (points or marks) any game accepts."""
MAX_DEALS = 1_000
"""The most deals a match may be set to last."""
MAX_CHIPS = 10_000
"""The largest chip amount (stack, ante, payout, penalty) Preference accepts."""


def whole(name: str, value: object, low: int, high: int) -> int:
    """``value`` if it is an ``int`` (not a bool) from ``low`` to ``high``, else RulesError.

    >>> whole("deals", 8, 1, MAX_DEALS)
    8
    >>> whole("deals", True, 1, MAX_DEALS)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: deals is a whole number, not True
    """
    if type(value) is not int:
        raise RulesError(f"{name} is a whole number, not {describe(value)}")
    if not low <= value <= high:
        raise RulesError(f"{name} must be from {low} to {high}, not {describe(value)}")
    return value


def flag(name: str, value: object) -> bool:
    """``value`` if it is ``True`` or ``False``, else RulesError.

    >>> flag("forced_bid", 1)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: forced_bid is true or false, not 1
    """
    if type(value) is not bool:
        raise RulesError(f"{name} is true or false, not {describe(value)}")
    return value


def choice(name: str, value: object, options: Sequence[str]) -> str:
    """``value`` if it is one of the strings ``options``, else RulesError listing them.

    >>> choice("ask", "suit", ("card", "rank"))
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: ask is 'card' or 'rank', not 'suit'
    """
    if type(value) is not str or value not in options:
        listed = " or ".join(repr(o) for o in options)
        raise RulesError(f"{name} is {listed}, not {describe(value)}")
    return value


def strict_rules(cls: type[T]) -> type[T]:
    """Make an attrs ``Rules`` class refuse unknown keywords and extra positional arguments
    with :class:`RulesError` (attrs alone raises ``TypeError``). ``Rules(...)`` stays the
    constructor; apply this decorator above ``@attrs.frozen``.

    >>> @strict_rules
    ... @attrs.frozen
    ... class Options:
    ...     size: int = 1
    >>> Options(size=2).size
    2
    >>> Options(colour="red")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: Options has no setting 'colour'; its settings are: size
    """
    names = tuple(f.name for f in attrs.fields(cls) if f.init)  # type: ignore[arg-type]
    init: Callable[..., None] = cls.__init__

    @functools.wraps(init)
    def strict_init(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > len(names):
            raise RulesError(
                f"{cls.__name__} takes at most {len(names)} settings in order, not {len(args)}"
            )
        for key in kwargs:
            if key not in names:
                raise RulesError(
                    f"{cls.__name__} has no setting {describe(key)}; its settings are: "
                    + ", ".join(names)
                )
        for key in names[: len(args)]:
            if key in kwargs:
                raise RulesError(f"{cls.__name__} got {key} twice")
        init(self, *args, **kwargs)

    setattr(cls, "__init__", strict_init)  # noqa: B010 (mypy forbids assigning a method)
    return cls
