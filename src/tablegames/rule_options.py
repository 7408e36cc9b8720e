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

import ast
import inspect
import itertools
import textwrap
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


PROBED = range(17)
"""The whole numbers :func:`describe_rules` tries for a number setting, to find its range (no
setting's range starts above 16)."""


def describe_rules(rules_type: Any, seats: int | None = None) -> list[dict[str, Any]]:
    """Each setting of ``rules_type`` as a form's control describes it: its ``name``, ``kind``,
    ``default`` (as the rules dict writes it), ``help`` (the setting's docstring) and, by kind,
    ``choices`` or ``min``.

    The kinds: ``flag`` (true or false); ``choice`` (one of ``choices``: a setting's words, or
    the only whole numbers the rules take, such as 4, 6 or 8 players); ``seat`` (a seat,
    0 to the number of players less one: the whole numbers valid under the default rules are
    exactly ``range(seats)``); ``number`` (a whole number from ``min``, with ``optional``
    true when ``None`` is allowed: the control's empty value); ``numbers`` (a list of whole
    numbers, written ``1,2,3,4``). Ranges are found by asking the ``Rules`` constructor, so
    they stay the rules' own.

    >>> from tablegames import ninety_two
    >>> players, dealer, target = describe_rules(ninety_two.Rules, seats=4)[:3]
    >>> players["kind"], players["choices"], players["default"]
    ('choice', [4, 6, 8], 4)
    >>> dealer["kind"], target["kind"], target["min"]
    ('seat', 'number', 1)
    >>> players["help"]
    '4, 6 or 8 players; the high bidder takes 1, 2 or 3 partners.'
    """
    kinds = typing.get_type_hints(rules_type)
    helps = _attribute_docs(rules_type)
    defaults = rules_type().to_dict() if hasattr(rules_type, "to_dict") else {}
    described = []
    for field in attrs.fields(rules_type):
        name = field.name
        out: dict[str, object] = {"name": name, "kind": "text", "default": defaults.get(name)}
        options = _union(kinds.get(name, str))
        literal = [o for o in options if typing.get_origin(o) is typing.Literal]
        if bool in options:
            out["kind"] = "flag"
        elif literal:
            out.update(kind="choice", choices=[v for o in literal for v in typing.get_args(o)])
        elif any(typing.get_origin(o) is tuple for o in options):
            out["kind"] = "numbers"
        elif int in options:
            valid = [n for n in PROBED if _accepts(rules_type, name, n)]
            if seats is not None and valid == list(range(seats)):
                out["kind"] = "seat"
            elif valid and valid[-1] != PROBED[-1]:
                out.update(kind="choice", choices=valid)
            else:
                out.update(kind="number", min=valid[0] if valid else None)
                out["optional"] = type(None) in options
        out["help"] = helps.get(name, "")
        described.append(out)
    return described


def _accepts(rules_type: Callable[..., object], name: str, value: int) -> bool:
    try:
        rules_type(**{name: value})
    except (RulesError, ValueError, TypeError):
        return False
    return True


def _attribute_docs(cls: type) -> dict[str, str]:
    """The docstring under each attribute of a class's source, by name (empty when the
    source cannot be read)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError, SyntaxError):
        return {}
    docs: dict[str, str] = {}
    body = next((n.body for n in tree.body if isinstance(n, ast.ClassDef)), [])
    for node, after in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[node.target.id] = " ".join(after.value.value.split())
    return docs
