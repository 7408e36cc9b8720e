"""Rule settings from text, as the command line's ``--rule KEY=VALUE`` gives them.

Each value is read by the type of the ``Rules`` field it names (``true``/``false`` for a flag,
digits for a whole number, ``none`` for an unset optional number, commas between the numbers of
a list, the word itself for a choice); the ``Rules`` constructor then checks it as always, so
every mistake is a :class:`~tablegames.core.errors.RulesError` naming the setting.

>>> from tablegames.texas42 import Rules
>>> rules = rules_from_options(Rules, ["nello=true", "scoring=marks", "bid_ladder=marks"])
>>> rules.nello, rules.scoring
(True, 'marks')
>>> rules_from_options(Rules, ["nello=yes please"])
Traceback (most recent call last):
...
tablegames.core.errors.RulesError: nello is true or false, not 'yes please'
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import attrs

from tablegames.core.errors import RulesError
from tablegames.core.text import describe

R = TypeVar("R")

_FLAGS = {"true": True, "false": False}


def parse_options(rules_type: Any, options: Iterable[str]) -> dict[str, object]:
    """``KEY=VALUE`` texts as typed keyword arguments for ``rules_type``.

    >>> from tablegames.texas42 import Rules
    >>> parse_options(Rules, ["target=3", "splash_marks=3", "follow=higher_end"])
    {'target': 3, 'splash_marks': 3, 'follow': 'higher_end'}
    >>> parse_options(Rules, ["colour=red"])
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RulesError: There is no rule 'colour': the rules are first_dealer, ...
    """
    fields = {f.name: f for f in attrs.fields(attrs.resolve_types(rules_type))}
    out: dict[str, object] = {}
    if isinstance(options, str):
        raise RulesError(f"Rule settings are a list of KEY=VALUE texts, not {describe(options)}")
    for option in options:
        if type(option) is not str:
            raise RulesError(f"A rule is written KEY=VALUE, as nello=true, not {describe(option)}")
        key, sep, text = option.partition("=")
        key = key.strip()
        if not sep:
            raise RulesError(f"A rule is written KEY=VALUE, as nello=true, not {describe(option)}")
        if key not in fields:
            raise RulesError(f"There is no rule {describe(key)}: the rules are {', '.join(fields)}")
        out[key] = read_value(key, fields[key].type, text.strip())
    return out


def rules_from_options(
    rules_type: Callable[..., R], options: Iterable[str], base: Mapping[str, object] | None = None
) -> R:
    """Build ``rules_type`` from ``KEY=VALUE`` texts (over the keyword arguments ``base``).

    >>> from tablegames.ninety_two import Rules
    >>> rules_from_options(Rules, ["target=50"], {"players": 6}).players
    6
    """
    return rules_type(**{**(base or {}), **parse_options(rules_type, options)})


def read_value(name: str, kind: object, text: str) -> object:
    """``text`` read as a value of the type ``kind`` for the setting ``name``; text that is not
    of that type is passed on unchanged, for the constructor to refuse with its sentence.

    >>> read_value("target", int | None, "none"), read_value("deals", int, "8")
    (None, 8)
    >>> read_value("payout", tuple[int, ...], "1, 2,3,4")
    (1, 2, 3, 4)
    """
    if len(text) > MAX_VALUE_CHARS:
        raise RulesError(
            f"{name} is set to {describe(text)}: a rule's value is at most {MAX_VALUE_CHARS} "
            "characters"
        )
    options = _union(kind)
    lowered = text.lower()
    if type(None) in options and lowered == "none":
        return None
    if bool in options and lowered in _FLAGS:
        return _FLAGS[lowered]
    if int in options and _digits(text):
        return _number(name, text)
    if any(typing.get_origin(o) is tuple for o in options):
        parts = [p.strip() for p in text.split(",")]
        if all(_digits(p) for p in parts):
            return tuple(_number(name, p) for p in parts)
        raise RulesError(f"{name} is a list of whole numbers such as 1,2,3,4, not {describe(text)}")
    return text


MAX_VALUE_CHARS = 200
"""The longest value a ``--rule KEY=VALUE`` may give."""
MAX_DIGITS = 18
"""The most digits a number in a ``--rule`` value may have (no rule comes near)."""


def _number(name: str, text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RulesError(
            f"{name} is a whole number of at most {MAX_DIGITS} digits, not {describe(text)}"
        )
    return int(text)


def _union(kind: object) -> tuple[object, ...]:
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        return typing.get_args(kind)
    return (kind,)


def _digits(text: str) -> bool:
    body = text[1:] if text.startswith("-") else text
    return body.isascii() and body.isdigit()
