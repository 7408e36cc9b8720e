"""Actions that read and print themselves in the notation, in the way python-chess's
``Move.from_uci('e2e4')`` does: ``Bid.parse('bid 30')`` reads one action of that class, and
each action's ``repr`` is that very call, so a list of legal actions is short to read and can
be pasted back where the game's classes are imported (``from tablegames.texas42 import Bid``).
``str(action)`` stays the bare notation, ``bid 30``.

An action whose fields are not what its class takes (``Bid(30.0)``, which ``check`` refuses)
cannot be written in the notation: its ``repr`` shows its fields instead, and never raises.

>>> from tablegames import texas42
>>> texas42.Bid.parse("bid 30"), texas42.parse_action("play 6:4")
(Bid.parse('bid 30'), Play.parse('play 6:4'))
>>> texas42.Bid(30.0)
Bid(amount=30.0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import attrs
from typing_extensions import Self

from tablegames.pieces.sets import fields_text

from .errors import NotationError
from .text import quote

__all__ = ["Notated", "fields_repr", "reads"]


class Notated:
    """The base of every action class with fields: :meth:`parse` and a ``repr`` in the
    notation. A game names the function that reads its notation with :func:`reads`.

    >>> from tablegames import preference
    >>> preference.Discard.parse("discard 8s 7s")
    Discard.parse('discard 7S 8S')
    """

    __slots__ = ()
    _read: ClassVar[Callable[[str], object]]
    """The game's reader of its whole notation (``parse_action``), set by :func:`reads`."""

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read an action of this class in the game's notation (any spelling the game's
        ``parse_action`` takes); a text that is another kind of action is refused with a
        :class:`~tablegames.core.errors.NotationError`.

        >>> from tablegames import texas42
        >>> texas42.Trump.parse("Trump 5") == texas42.Trump(5)
        True
        >>> texas42.Trump.parse("bid 30")
        Traceback (most recent call last):
        ...
        tablegames.core.errors.NotationError: 'bid 30' is a Bid, not a Trump.
        """
        action = cls._read(text)
        if type(action) is not cls:
            raise NotationError(
                f"{quote(text)} is a {type(action).__name__}, not a {cls.__name__}."
            )
        return action

    def __repr__(self) -> str:
        """``Bid.parse('bid 30')`` when the notation reads back this very action, else the
        fields (``Bid(amount=30.0)``)."""
        try:
            text = str(self)
            if type(self)._read(text) == self:
                return f"{type(self).__name__}.parse({text!r})"
        except Exception:  # malformed fields: not in the notation
            pass
        return fields_repr(self)


def reads(read: Callable[[str], object], *classes: type[Notated]) -> None:
    """Have ``classes`` read their notation with ``read`` (the game's ``parse_action``).

    >>> from tablegames import texas42
    >>> texas42.Bid._read is texas42.parse_action
    True
    """
    for cls in classes:
        cls._read = staticmethod(read)


def fields_repr(action: object) -> str:
    """An attrs action as its class and fields, each value short; never raises.

    >>> from tablegames import quartets
    >>> fields_repr(quartets.Ask("3", None))
    "Ask(seat='3', card=None)"
    """
    kind = type(action)
    names = [field.name for field in attrs.fields(kind) if field.repr] if attrs.has(kind) else []
    return f"{kind.__name__}({fields_text(action, names)})"
