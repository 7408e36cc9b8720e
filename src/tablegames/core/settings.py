"""A game's rule settings: the one base of every game's ``Rules`` and the checks of its fields.

:class:`GameRules` gives every ``Rules`` its canonical dict (what records carry as ``"rules"``),
reading it back, and a fingerprint of the settings that differ from their defaults. Every field
is checked for its type (a bool is not a whole number, a whole number is not a float), its range
and its options, and any problem raises :class:`~tablegames.core.errors.RulesError` naming the
field and quoting a short description of the value, never ``TypeError`` or ``ValueError``.

>>> whole("target", 250, 1, MAX_TARGET)
250
>>> whole("target", 1.5, 1, MAX_TARGET)
Traceback (most recent call last):
...
tablegames.core.errors.RulesError: target is a whole number, not 1.5
"""

from __future__ import annotations

import enum
import functools
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, TypeVar

import attrs
from typing_extensions import Self

from .errors import RulesError
from .text import describe

T = TypeVar("T")
R = TypeVar("R")

MAX_TARGET = 1_000_000
"""The largest match target (points or marks) any game accepts."""
MAX_DEALS = 1_000
"""The most deals a match may be set to last."""
MAX_CHIPS = 10_000
"""The largest chip amount (stack, ante, payout, penalty) Preference accepts."""


def canonical(value: object) -> object:
    """A setting's value as the rules dict holds it: enums as their values, tuples as lists.

    >>> canonical((1, 2, (3,))), canonical("marks"), canonical(None)
    ([1, 2, [3]], 'marks', None)
    """
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [canonical(v) for v in value]
    return value


class GameRules:
    """The base of every game's ``Rules``: a frozen attrs class of settings, each with a default.

    A game's ``Rules`` derives from it, is made with ``@strict_rules`` above
    ``@attrs.frozen(cache_hash=True)`` (unknown settings are a RulesError; the hash is worked
    out once, so memos key on the rules themselves) and checks its fields in
    ``__attrs_post_init__``. It gets:

    - :meth:`to_dict`, the canonical dict: every setting by name, enums as their values, tuples
      as lists (what a record carries as ``"rules"``);
    - :meth:`from_dict`, reading it back (a missing setting takes its default; anything wrong is
      a :class:`~tablegames.core.errors.RulesError`);
    - :meth:`changed`, the canonical dict without the settings at their defaults, and
      :attr:`fingerprint`, its digest: adding a setting with a default never changes the
      fingerprint of rules that leave it at its default.

    >>> @strict_rules
    ... @attrs.frozen(cache_hash=True)
    ... class Rules(GameRules):
    ...     size: int = 3
    ...     sides: tuple[int, ...] = (1, 2)
    >>> Rules(size=4).to_dict(), Rules(size=4).changed()
    ({'size': 4, 'sides': [1, 2]}, {'size': 4})
    >>> Rules.from_dict({"sides": [2, 1]}) == Rules(sides=(2, 1))
    True
    >>> Rules.from_dict({"colour": "red"})
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: Rules has no setting 'colour'; its settings are: size, sides
    """

    __slots__ = ()
    played_as: ClassVar[Mapping[str, str]] = {}
    """Settings whose default (``None``) depends on the others, each with the name of the
    property that gives the value it plays as (what :meth:`shown` writes)."""

    def to_dict(self) -> dict[str, object]:
        """Every setting by name, as records carry them: enums as values, tuples as lists.

        >>> from tablegames import quartets
        >>> quartets.Rules(players=5).to_dict()["players"]
        5
        """
        return {field.name: canonical(getattr(self, field.name)) for field in _fields(type(self))}

    def shown(self) -> dict[str, object]:
        """:meth:`to_dict` as a person reads it: each setting named in :attr:`played_as` (one
        whose default, ``None``, depends on the other settings) given as the value it plays as.

        >>> from tablegames import quartets
        >>> quartets.Rules(players=5).to_dict()["deals"], quartets.Rules(players=5).shown()["deals"]
        (None, 5)
        """
        out = self.to_dict()
        for name, played in type(self).played_as.items():
            if out[name] is None:
                out[name] = canonical(getattr(self, played))
        return out

    def changed(self) -> dict[str, object]:
        """The settings that differ from their defaults, canonical as in :meth:`to_dict`.

        >>> from tablegames import texas42
        >>> texas42.Rules(target=100, first_dealer=0).changed()
        {'target': 100}
        """
        out: dict[str, object] = {}
        for field in _fields(type(self)):
            value = canonical(getattr(self, field.name))
            if value != _default(field):
                out[field.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        """The rules a canonical dict describes; a setting it leaves out takes its default.

        Lists are read as the tuples they stand for, and a setting whose default is an enum
        from its value. Anything but a mapping of known setting names to good values raises
        :class:`~tablegames.core.errors.RulesError`.

        >>> from tablegames import ninety_two
        >>> ninety_two.Rules.from_dict({"players": 6}) == ninety_two.Rules(players=6)
        True
        >>> ninety_two.Rules.from_dict([("players", 6)])
        Traceback (most recent call last):
        ...
        tablegames.core.errors.RulesError: Rules are a mapping of setting names to values, ...
        """
        if not isinstance(data, Mapping):
            raise RulesError(
                f"Rules are a mapping of setting names to values, not a {type(data).__name__}"
            )
        defaults = {f.name: f.default for f in _fields(cls)}
        values: dict[str, object] = {}
        for key, given in data.items():
            if type(key) is not str:
                raise RulesError(f"Settings are named by strings, not {describe(key)}")
            default, value = defaults.get(key), given
            if isinstance(default, enum.Enum) and not isinstance(given, enum.Enum):
                try:
                    value = type(default)(given)
                except (ValueError, TypeError):
                    listed = " or ".join(repr(m.value) for m in type(default))
                    raise RulesError(f"{key} is {listed}, not {describe(given)}") from None
            values[key] = _tuples(key, value)
        return cls(**values)

    @property
    def fingerprint(self) -> str:
        """A short digest of :meth:`changed` (24 hex digits): equal for rules that set the same
        settings away from their defaults, so a new setting with a default never changes it.

        >>> from tablegames import texas42
        >>> texas42.Rules().fingerprint == texas42.Rules(target=None).fingerprint
        True
        >>> texas42.Rules().fingerprint == texas42.Rules(target=250).fingerprint
        False
        """
        text = changed_json(self)
        return hashlib.sha256(text.encode()).hexdigest()[:24]


def _fields(cls: type) -> tuple[attrs.Attribute[object], ...]:
    """The attrs fields of a ``Rules`` class (every setting, in order)."""
    fields: tuple[attrs.Attribute[object], ...] = attrs.fields(cls)
    return fields


MAX_SETTING_DEPTH = 4
"""How deeply lists may nest in a setting's value (every game's are flat)."""


def _tuples(name: str, value: object, depth: int = 0) -> object:
    """``value`` with its lists as tuples (what the canonical dict writes as lists)."""
    if type(value) is not list:
        return value
    if depth >= MAX_SETTING_DEPTH:
        raise RulesError(f"{name} is nested too deeply to be a setting")
    return tuple(_tuples(name, v, depth + 1) for v in value)


def _default(field: Any) -> object:
    """The canonical default of an attrs field (``attrs.NOTHING`` when it has none)."""
    default = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        default = default.factory()  # a factory taking self would need an instance: none do
    return canonical(default)


def changed_json(rules: object) -> str:
    """The settings of ``rules`` that differ from their defaults, as compact JSON with sorted
    keys (what fingerprints digest). Rules that are attrs classes but do not derive from
    :class:`GameRules` are read the same way.

    >>> from tablegames import preference
    >>> changed_json(preference.Rules(deals=4, payout=[1, 1, 1, 1]))
    '{"deals":4,"payout":[1,1,1,1]}'
    """
    kind = type(rules)
    if isinstance(rules, GameRules):
        changed = rules.changed()
    elif attrs.has(kind):
        changed = {
            field.name: canonical(getattr(rules, field.name))
            for field in attrs.fields(kind)
            if canonical(getattr(rules, field.name)) != _default(field)
        }
    else:
        raise TypeError(f"rules are an attrs class, not {type(rules).__name__}")
    return json.dumps(changed, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def whole(name: str, value: object, low: int, high: int) -> int:
    """``value`` if it is an ``int`` (not a bool) from ``low`` to ``high``, else RulesError.

    >>> whole("deals", 8, 1, MAX_DEALS)
    8
    >>> whole("deals", True, 1, MAX_DEALS)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: deals is a whole number, not the boolean true
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
    def strict_init(self: object, *args: object, **kwargs: object) -> None:
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


def own_rules(rules: object, rules_type: type[R], title: str) -> R:
    """``rules`` if they are rules of ``rules_type`` (a game's own), the default rules for
    ``None``, else a :class:`~tablegames.core.errors.RulesError` naming both kinds: what every
    game's ``new_match`` asks of the rules it is given.

    >>> from tablegames import quartets, texas42
    >>> own_rules(None, texas42.Rules, "Texas 42") == texas42.Rules()
    True
    >>> own_rules(quartets.Rules(), texas42.Rules, "Texas 42")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: A Texas 42 match is played under Texas 42 rules ...
    """
    if rules is None:
        return rules_type()
    if not isinstance(rules, rules_type):
        raise RulesError(
            f"A {title} match is played under {title} rules ({_type_name(rules_type)}), "
            f"not {_type_name(type(rules))}."
        )
    return rules


def _type_name(kind: type) -> str:
    return f"{kind.__qualname__} of {kind.__module__}"
