"""JSON values that cannot change: what records, start positions and logs hold.

A record's rules and start position come from JSON (or from a state) and go back to JSON; held
as plain dicts and lists, anyone holding the record could change them, and with them the state
they came from. :func:`freeze` makes an immutable, hashable copy (objects become
:class:`FrozenObject`, arrays become tuples); :func:`thaw` makes plain dicts and lists again, for
``json.dumps`` and for readers that expect them. Both walk the value without recursion and
refuse anything deeper than :data:`~tablegames.core.limits.MAX_JSON_DEPTH` or anything that is
not JSON with a :class:`~tablegames.errors.RecordError`.

>>> start = freeze({"dealer": 0, "scores": [0, 5], "results": []})
>>> start, hash(start) == hash(freeze({"dealer": 0, "scores": [0, 5], "results": []}))
({'dealer': 0, 'scores': (0, 5), 'results': ()}, True)
>>> start["scores"] = [9, 9]
Traceback (most recent call last):
...
TypeError: 'FrozenObject' object does not support item assignment
>>> thaw(start)
{'dealer': 0, 'scores': [0, 5], 'results': []}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from tablegames.errors import RecordError

from .limits import MAX_JSON_DEPTH

_SCALARS = (str, int, float, bool, type(None))


class FrozenObject(dict[str, Any]):
    """An immutable JSON object: a dict of names to frozen JSON values that refuses every
    change. Being a dict, it reads, iterates and goes through ``json.dumps`` like the dict it
    was made from.

    It is equal to any mapping with the same content as JSON (an array may be a list or a
    tuple), hashes by its content, and shows like the dict it was made from.

    >>> point = FrozenObject({"x": 1, "y": (2, 3)})
    >>> point["y"], len(point), point == {"x": 1, "y": [2, 3]}, dict(point)
    ((2, 3), 2, True, {'x': 1, 'y': (2, 3)})
    >>> import json
    >>> json.dumps(point)
    '{"x": 1, "y": [2, 3]}'
    >>> point.update(x=2)
    Traceback (most recent call last):
    ...
    TypeError: 'FrozenObject' object does not support item assignment
    """

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("'FrozenObject' object does not support item assignment")

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenObject):
            return dict.__eq__(self, other)
        if isinstance(other, Mapping):  # as JSON: a tuple and a list with equal items agree
            try:
                return bool(thaw(self) == thaw(other))
            except RecordError:  # not JSON: not equal to a JSON object
                return False
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple[Callable[..., object], tuple[object, ...]]:
        return (FrozenObject, (dict(self),))

    def __copy__(self) -> FrozenObject:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> FrozenObject:
        return self


class FreshObject(Mapping[str, object]):
    """The base of a JSON object written out anew at each reading (every value a fresh copy,
    so no reader can change it for another): immutable as it stands, so a log's start position
    (:attr:`~tablegames.core.history.StartHistory.start`) is handed out as it is, unwalked; a
    record freezes it (a record is made rarely and must hash). A start position that sums up a
    long match is one (Quartets' start notation): freezing it would write out every finished
    deal each time it is read.

    >>> class Origin(FreshObject):
    ...     def __getitem__(self, key: str) -> Any:
    ...         if key != "at":
    ...             raise KeyError(key)
    ...         return [0, 0]
    ...     def __iter__(self) -> Any:
    ...         return iter(("at",))
    ...     def __len__(self) -> int:
    ...         return 1
    >>> origin = Origin()
    >>> origin["at"] is origin["at"], freeze_object(origin)
    (False, {'at': (0, 0)})
    """

    __slots__ = ()


def freeze(value: object, what: str = "record") -> Any:
    """An immutable copy of the JSON value ``value``: mappings become :class:`FrozenObject`
    (names must be strings), lists and tuples become tuples, scalars stay as they are.

    >>> freeze([1, {"a": [2]}])
    (1, {'a': (2,)})
    >>> freeze({"a": {1, 2}})
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: A record holds JSON values only, not a set.
    """
    return _convert(value, what, frozen=True)


def thaw(value: object, what: str = "record", max_text: int | None = None) -> Any:
    """A plain copy of the JSON value ``value``: dicts and lists, ready for ``json.dumps``;
    with ``max_text``, a text (a value or a name) longer than that is a RecordError.

    >>> thaw(freeze({"a": [1, {"b": ()}]}))
    {'a': [1, {'b': []}]}
    >>> thaw({"team": ["x" * 10_000]}, "start", max_text=100)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: The start holds a text of 10,000 characters; its texts ...
    """
    return _convert(value, what, frozen=False, max_text=max_text)


def _convert(value: object, what: str, frozen: bool, max_text: int | None = None) -> object:
    """Convert without recursion: a stack of frames, one a container being converted, each
    ``[its items still to convert, the parts done, is an object, the name being converted]``."""
    if isinstance(value, _SCALARS):
        _text_within(value, what, max_text)
        return value
    stack: list[list[Any]] = [_frame(value, what)]
    while True:
        frame = stack[-1]
        item: Any = next(frame[0], _DONE)
        if item is _DONE:
            stack.pop()
            parts = frame[1]
            built: object
            if frame[2]:
                built = FrozenObject(dict(parts)) if frozen else dict(parts)
            else:
                built = tuple(parts) if frozen else parts
            if not stack:
                return built
            parent = stack[-1]
            parent[1].append((parent[3], built) if parent[2] else built)
            continue
        name: object
        child: object
        if frame[2]:
            name, child = item
            if type(name) is not str:
                raise RecordError(f"A {what}'s objects are named by strings, not {_kind(name)}.")
        else:
            name, child = None, item
        if max_text is not None:
            _text_within(name, what, max_text)
            _text_within(child, what, max_text)
        if isinstance(child, _SCALARS):
            frame[1].append((name, child) if frame[2] else child)
            continue
        if len(stack) >= MAX_JSON_DEPTH:
            raise RecordError(f"A {what}'s values nest deeper than {MAX_JSON_DEPTH}.")
        frame[3] = name
        stack.append(_frame(child, what))


_DONE = object()


def _text_within(value: object, what: str, max_text: int | None) -> None:
    if max_text is not None and type(value) is str and len(value) > max_text:
        raise RecordError(
            f"The {what} holds a text of {len(value):,} characters; its texts are at most "
            f"{max_text}."
        )


def _frame(value: object, what: str) -> list[Any]:
    if isinstance(value, Mapping):
        return [iter(list(value.items())), [], True, None]
    if isinstance(value, (list, tuple)):
        return [iter(list(value)), [], False, None]
    raise RecordError(f"A {what} holds JSON values only, not {_kind(value)}.")


def _kind(value: object) -> str:
    name = type(value).__name__
    return f"an {name}" if name[:1] in "aeiou" else f"a {name}"


def frozen_or_none(value: object) -> FrozenObject | None:
    """``value`` frozen, or ``None`` (an attrs converter for optional JSON objects).

    >>> frozen_or_none(None), frozen_or_none({"a": [1]})
    (None, {'a': (1,)})
    """
    return None if value is None else freeze_object(value)


def freeze_object(value: object) -> FrozenObject:
    """``value``, a JSON object, frozen (a converter for rules and start positions).

    >>> freeze_object({"target": 250})
    {'target': 250}
    >>> freeze_object([1])
    Traceback (most recent call last):
    ...
    tablegames.core.errors.RecordError: A record's rules and start are JSON objects, not a list.
    """
    if isinstance(value, FrozenObject):
        return value
    if not isinstance(value, Mapping):
        raise RecordError(f"A record's rules and start are JSON objects, not {_kind(value)}.")
    frozen: FrozenObject = freeze(value)
    return frozen


__all__ = ["FreshObject", "FrozenObject", "freeze", "freeze_object", "frozen_or_none", "thaw"]
