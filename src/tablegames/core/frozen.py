"""Building frozen attrs objects quickly, for the hot paths of the game states.

The ``__init__`` attrs writes for a frozen class sets each field through
``object.__setattr__``, which looks the field up by name every time. :func:`builder` makes a
function that takes the same arguments in the same order and stores each one straight into its
slot, which is about a third cheaper. The object is exactly what ``__init__`` would make: the
same class, the same fields, still frozen. It is only for classes whose ``__init__`` does
nothing else (no converters, validators, defaults computed by factories or post-init hooks),
and it refuses any other class.

>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int
>>> make = builder(Point)
>>> make(1, 2) == Point(1, 2), make(1, 2)
(True, Point(x=1, y=2))

Quicker still, for the classes built at every decision: a frozen class that derives from a
plain *slot layout* (a class whose ``__slots__`` name every field, and ``__weakref__``, which
attrs then reuses) is built as a layout object, filled by plain attribute stores (the cheapest
write Python has: a frozen class's own ``__setattr__`` refuses them), and then given its class.
That halves the cost again; the object is the same.

>>> class PointSlots:
...     __slots__ = ("x", "y", "__weakref__")
>>> @attrs.frozen
... class Pair(PointSlots):
...     x: int
...     y: int
>>> pair = builder(Pair)(1, 2)
>>> type(pair) is Pair, pair == Pair(1, 2), uses_layout(Pair)
(True, True, True)
>>> pair.x = 5
Traceback (most recent call last):
...
attr.exceptions.FrozenInstanceError: can't set attribute
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Concatenate, Protocol, TypeVar, cast, overload

import attrs
from typing_extensions import ParamSpec

T = TypeVar("T")
P = ParamSpec("P")


class _Slot(Protocol):
    """A slot's descriptor: what :func:`builder` stores a field with."""

    def __set__(self, instance: object, value: object, /) -> None: ...


@overload
def builder(cls: Callable[P, T]) -> Callable[P, T]: ...


@overload
def builder(cls: type[T], init: Callable[Concatenate[T, P], None]) -> Callable[P, T]: ...


def builder(
    cls: Callable[..., object], init: Callable[..., None] | None = None
) -> Callable[..., object]:
    """A function that builds ``cls`` from all its attrs fields, positionally, in their order:
    what attrs' own ``__init__`` does. Its signature is the class's, so mypy checks every
    construction (each argument's type, and their number). A class that writes its own
    ``__init__`` with other arguments (as Quartets' state does) passes its ``__attrs_init__``
    as ``init``, which then gives the signature.

    >>> import attrs
    >>> @attrs.frozen
    ... class Checked:
    ...     x: int = attrs.field(validator=attrs.validators.instance_of(int))
    >>> builder(Checked)
    Traceback (most recent call last):
    ...
    TypeError: Checked.x has a validator or converter: build it with its __init__
    """
    if not isinstance(cls, type) or not attrs.has(cls):
        raise TypeError(f"{cls!r} is not an attrs class")
    if init is not None and init is not getattr(cls, "__attrs_init__", None):
        raise TypeError(f"{cls.__name__}: init must be its __attrs_init__")
    fields = attrs.fields(cls)
    if hasattr(cls, "__attrs_post_init__") or hasattr(cls, "__attrs_pre_init__"):
        raise TypeError(f"{cls.__name__} has an init hook: build it with its __init__")
    if cls.__dictoffset__:  # its objects have a __dict__
        raise TypeError(f"{cls.__name__} has no slots: build it with its __init__")
    for field in fields:
        if field.validator is not None or field.converter is not None:
            raise TypeError(
                f"{cls.__name__}.{field.name} has a validator or converter: "
                "build it with its __init__"
            )
        if not field.init:
            raise TypeError(f"{cls.__name__}.{field.name} is not set by __init__")
    names = [field.name for field in fields]
    arguments = ", ".join(f"a{number}" for number in range(len(names)))
    layout = _layout_of(cls, names)
    namespace: dict[str, object] = {"new": object.__new__, "cls": cls, "layout": layout}
    if layout is not None:  # plain stores into a layout object, which then becomes a cls
        body = "".join(f"    o.{name} = a{number}\n" for number, name in enumerate(names))
        source = (
            f"def build({arguments}):\n    o = new(layout)\n{body}    o.__class__ = cls\n"
            "    return o\n"
        )
    else:  # each slot's own setter
        for number, name in enumerate(names):
            namespace[f"set{number}"] = _slot(cls, name).__set__
        body = "".join(f"    set{number}(o, a{number})\n" for number in range(len(names)))
        source = f"def build({arguments}):\n    o = new(cls)\n{body}    return o\n"
    exec(compile(source, f"<builder of {cls.__qualname__}>", "exec"), namespace)
    build = cast("Callable[..., object]", namespace["build"])  # the function exec defined
    build.__doc__ = f"A {cls.__name__} from its fields, in order (see tablegames.core.frozen)."
    return build


def uses_layout(cls: type) -> bool:
    """True when :func:`builder` builds ``cls`` through a slot layout (see the module doc).

    >>> import attrs
    >>> uses_layout(attrs.frozen(type("Bare", (), {"__annotations__": {"x": "int"}})))
    False
    """
    return _layout_of(cls, [field.name for field in attrs.fields(cls)]) is not None


def _layout_of(cls: type, names: list[str]) -> type | None:
    """The plain base of ``cls`` whose slots hold all of ``names`` and nothing else of
    ``cls``'s, that takes plain stores and can be made a ``cls`` by setting ``__class__``;
    None if there is none (then :func:`builder` uses each slot's setter)."""
    for klass in cls.__mro__[1:]:
        slots = klass.__dict__.get("__slots__")
        if not slots or isinstance(slots, str) or not set(names) <= set(slots):
            continue
        if (
            all(
                base.__dict__.get("__setattr__", object.__setattr__) is object.__setattr__
                for base in klass.__mro__
            )
            and klass.__basicsize__ == cls.__basicsize__
            and not getattr(klass, "__abstractmethods__", None)
            and all(_slot(cls, name) is klass.__dict__[name] for name in names)
        ):
            return klass
        return None
    return None


def _slot(cls: type, name: str) -> _Slot:
    """The slot descriptor that stores field ``name`` of ``cls``."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            slot: _Slot = klass.__dict__[name]
            return slot
    raise TypeError(f"{cls.__name__}.{name} is not a slot")  # pragma: no cover
