"""Helpers for reading action notation: words separated by spaces, case-insensitive verbs.

>>> words("  Bid   30 ")
('bid', '30')
>>> number("30", "a bid")
30
"""

from __future__ import annotations

from .errors import NotationError


def words(text: str) -> tuple[str, ...]:
    """Split an action into words; the first (the verb) is lower-cased.

    >>> words("PLAY 6:4")
    ('play', '6:4')
    """
    parts = text.split()
    if not parts:
        raise NotationError("an empty string is not an action")
    return (parts[0].lower(), *parts[1:])


def number(text: str, what: str) -> int:
    """Read a whole number, naming ``what`` it should be in the error.

    >>> number("7", "tricks")
    7
    """
    try:
        return int(text)
    except ValueError:
        raise NotationError(f"{text!r} is not a number ({what})") from None


def expect_args(parts: tuple[str, ...], count: int, form: str) -> None:
    """Refuse an action with the wrong number of words; ``form`` shows the right one.

    >>> expect_args(("bid", "30"), 1, "bid 30") is None
    True
    """
    if len(parts) - 1 != count:
        raise NotationError(f"{' '.join(parts)!r} is not an action: write {form}")
