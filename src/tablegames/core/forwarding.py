"""Read-only attributes that forward a field of an object a state holds.

A state often shows a field of the part it wraps as its own (``state.high`` is
``state._part.high``). :class:`Forwarded` writes that once: declared in a class body with the
name of the holding attribute, it reads the field of the same name (or another, given second)
through the holder. The docstring goes on the line under the assignment, where the docs site
reads it.

>>> class Part:
...     def __init__(self) -> None:
...         self.high = 30
...         self.low = 4
>>> class State:
...     high = Forwarded[int]("_part")
...     '''The standing bid.'''
...     least = Forwarded[int]("_part", "low")
...     def __init__(self) -> None:
...         self._part = Part()
>>> State().high, State().least
(30, 4)

It costs no more than the ``@property`` it replaces (less: the read is one
:func:`operator.attrgetter` call, made once when the class is built, with no Python frame).
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Generic, TypeVar, overload

from typing_extensions import Never, Self

__all__ = ["Forwarded"]

T = TypeVar("T")


class Forwarded(property, Generic[T]):
    """A read-only attribute that reads ``self.<holder>.<field>``: ``field`` is the attribute's
    own name unless given. Typed by its parameter (``Forwarded[Bid | None]("_part")`` reads as
    ``Bid | None``); read on the class it is the descriptor itself. Setting or deleting it
    raises :class:`AttributeError`, as for a property (and mypy refuses an assignment). Do not
    annotate the class attribute (in an attrs class that would make it a field).

    >>> class Part:
    ...     dealer = 3
    >>> class State:
    ...     dealer = Forwarded[int]("part")
    ...     part = Part()
    >>> State().dealer, State.dealer.path, State.dealer.__doc__
    (3, 'part.dealer', 'Reads ``self.part.dealer``.')
    >>> State().dealer = 0  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    AttributeError: property of 'State' object has no setter
    """

    path: str
    """The dotted path read from the instance (``holder.field``); set with the owner's class."""

    def __init__(self, holder: str, field: str | None = None) -> None:
        """Reads ``field`` (default: the attribute's own name) of the attribute ``holder``."""
        super().__init__()
        self._holder = holder
        self._field = field

    def __set_name__(self, owner: type[object], name: str) -> None:
        """Makes the reader, once, now that the attribute's name is known: the property's
        getter is the C-level ``attrgetter`` of the dotted path."""
        self.path = f"{self._holder}.{self._field or name}"
        # A property is initialised again with its getter: the only way to give one its fget.
        doc = f"Reads ``self.{self.path}``."
        property.__init__(self, attrgetter(self.path), None, None, doc)
        self.__doc__ = doc  # a subclass's instance keeps its own (the class's would shadow it)

    if TYPE_CHECKING:  # the runtime reads are property's own (C) ``__get__``; these type them

        @overload
        def __get__(self, instance: None, owner: type[object], /) -> Self: ...

        @overload
        def __get__(self, instance: object, owner: type[object] | None = None, /) -> T: ...

        def __get__(self, instance: object, owner: type[object] | None = None, /) -> Self | T: ...

        def __set__(self, instance: object, value: Never, /) -> None:
            """Refused (AttributeError); typed so that mypy refuses any assignment too."""
