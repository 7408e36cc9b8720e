"""Quoting input in messages: short, safe, never raising.

An error message quotes at most :data:`QUOTE_LIMIT` characters of what it was given.

>>> quote("x" * 100)[-3:]
"x…'"
"""

from __future__ import annotations

QUOTE_LIMIT = 40
"""The most characters of the input an error message quotes."""


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters and ``…``.

    >>> quote("bid 30"), quote("x" * 50, 5)
    ("'bid 30'", "'xxxxx…'")
    """
    if len(text) <= limit:
        return repr(text)
    shown = repr(text[:limit])
    return shown[:-1] + "…" + shown[-1]


def describe(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A short, safe description of any object for a message: never long, never raising.

    >>> describe(30.0), describe("30"), describe(10**5000)
    ('30.0', "'30'", 'a very large number')

    True and False read alike to a JSON client (``true``) and to Python:

    >>> describe(True), describe(False), describe(None)
    ('the boolean true', 'the boolean false', 'None')
    """
    if value is True or value is False:
        return f"the boolean {str(value).lower()}"
    if type(value) is int and value.bit_length() > 64:
        return "a very large number"
    if type(value) is str:
        return quote(value, limit)
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not escape
        return f"a {type(value).__name__} object"
    return text if len(text) <= limit else text[:limit] + "…"
