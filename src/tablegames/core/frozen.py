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
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """A function that builds ``cls`` from all its attrs fields, positionally, in their order:
    what attrs' own ``__init__`` does (``__attrs_init__`` for a class that writes its own
    ``__init__`` with other arguments, as Quartets' state does).

    >>> import attrs
    >>> @attrs.frozen
    ... class Checked:
    ...     x: int = attrs.field(validator=attrs.validators.instance_of(int))
    >>> builder(Checked)
    Traceback (most recent call last):
    ...
    TypeError: Checked.x has a validator or converter: build it with its __init__
    """
    if not attrs.has(cls):
        raise TypeError(f"{cls.__name__} is not an attrs class")
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
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    for number, name in enumerate(names):
        namespace[f"set{number}"] = _slot(cls, name).__set__
    arguments = ", ".join(f"a{number}" for number in range(len(names)))
    body = "".join(f"    set{number}(o, a{number})\n" for number in range(len(names)))
    source = f"def build({arguments}):\n    o = new(cls)\n{body}    return o\n"
    exec(compile(source, f"<builder of {cls.__qualname__}>", "exec"), namespace)
    build: Callable[..., T] = namespace["build"]
    build.__doc__ = f"A {cls.__name__} from its fields, in order (see tablegames.core.frozen)."
    return build


def _slot(cls: type, name: str) -> Any:
    """The slot descriptor that stores field ``name`` of ``cls``."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    raise TypeError(f"{cls.__name__}.{name} is not a slot")  # pragma: no cover
