"""The words of an action in the notation: splitting, counting and numbers, bounded.

A text longer than :data:`MAX_ACTION_TEXT` characters is refused before it is split, no word
may exceed :data:`MAX_WORD` characters, and numbers are plain ASCII digits (at most
:data:`MAX_DIGITS` of them). :mod:`tablegames.core.notation` builds the games' readers on these.

>>> words("  Bid   30 ")
('bid', '30')
"""

from __future__ import annotations

from .errors import NotationError
from .text import describe, quote

__all__ = ["MAX_ACTION_TEXT", "MAX_DIGITS", "MAX_WORD", "expect_args", "number", "words"]

MAX_ACTION_TEXT = 4096
"""The longest text read as one action, in characters (a 52-card deal takes about 160)."""
MAX_DIGITS = 9
"""The most digits a number in an action may have."""
MAX_WORD = 24
"""The longest word of an action (a verb, a piece, a number), in characters."""


def words(text: str) -> tuple[str, ...]:
    """Split an action into words; the first (the verb) is lower-cased.

    >>> words("PLAY 6:4")
    ('play', '6:4')
    """
    if type(text) is not str:
        raise NotationError(f"An action is written as text, not {describe(text)}.")
    if len(text) > MAX_ACTION_TEXT:
        raise NotationError(
            f"{quote(text)} is not an action: an action is at most {MAX_ACTION_TEXT} characters"
        )
    parts = text.split()
    if not parts:
        raise NotationError("An empty text is not an action: write one, as pass or play 6:4.")
    for part in parts:
        if len(part) > MAX_WORD:
            raise NotationError(f"{quote(part, MAX_WORD)} is not a word of any action")
    return (parts[0].lower(), *parts[1:])


def number(text: str, what: str) -> int:
    """Read a whole number, naming ``what`` it should be in the error.

    Only the ASCII digits 0-9 count (no sign, no ``_``, no other scripts' digits), at most
    :data:`MAX_DIGITS` of them.

    >>> number("7", "tricks")
    7
    >>> number("3_0", "a bid")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.NotationError: '3_0' is not a number (a bid)
    """
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS:
        raise NotationError(f"{quote(text)} is not a number ({what})")
    return int(text)


def expect_args(parts: tuple[str, ...], count: int, form: str) -> None:
    """Refuse an action with the wrong number of words; ``form`` shows the right one.

    >>> expect_args(("bid", "30"), 1, "bid 30") is None
    True
    """
    if len(parts) - 1 != count:
        raise NotationError(f"{quote(' '.join(parts))} is not an action: write {form}")
