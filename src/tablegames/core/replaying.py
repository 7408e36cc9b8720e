"""Reading the actions of a record quickly, for :meth:`~tablegames.core.game.Game.replay`.

A match repeats a few dozen distinct actions (``pass``, ``play 6:4``...) hundreds of times, and
actions are immutable, so each distinct text is parsed once per replay. A deal in canonical
notation (every piece written as it prints, the whole deck) is read by one look-up per piece.
Anything else goes through the game's own ``parse_action``, so errors read the same.

>>> from tablegames import texas42
>>> read = ActionReader(texas42.GAME.parse_action, texas42.GAME.deck)
>>> deal = "deal " + " ".join(str(tile) for tile in texas42.GAME.deck)
>>> read("play 6:4") is read("play 6:4"), read(deal) == texas42.GAME.parse_action(deal)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .actions import Deal


class ActionReader:
    """A caching reader of one game's action notation (see the module doc).

    >>> from tablegames import quartets
    >>> read = ActionReader(quartets.GAME.parse_action, quartets.GAME.deck)
    >>> read("ask 1 8S") == quartets.GAME.parse_action("ask 1 8S")
    True
    """

    __slots__ = ("_parse", "_pieces", "_size", "known")

    def __init__(self, parse_action: Callable[[str], Any], deck: Iterable[Any]) -> None:
        pieces = {str(piece): piece for piece in deck}
        self._parse = parse_action
        self._pieces = pieces
        self._size = len(pieces)
        self.known: dict[str, Any] = {}
        """Every action text read so far but deals, with its action (look here first)."""

    def every(self, texts: Iterable[str]) -> list[Any]:
        """The actions of ``texts``, in order; the first unreadable one raises ``NotationError``.

        >>> from tablegames import texas42
        >>> [str(a) for a in ActionReader(texas42.GAME.parse_action, ()).every(["PASS", "pass"])]
        ['pass', 'pass']
        """
        known = self.known
        return [known.get(text) or self(text) for text in texts]

    def __call__(self, text: str) -> Any:
        """The action ``text`` stands for; unreadable text raises ``NotationError``."""
        known = self.known.get(text)
        if known is not None:
            return known
        if text.startswith("deal "):
            words = text.split(" ")
            if len(words) == self._size + 1:
                pieces = self._pieces
                try:
                    return Deal(tuple([pieces[word] for word in words[1:]]))
                except KeyError:
                    pass
            return self._parse(text)
        action = self._parse(text)
        self.known[text] = action
        return action
