"""The option types of the command line (``tablegames ...`` and ``tablegames serve``): every
option is checked as it is read, and a bad one ends the command with one short line on stderr
and exit status 2, quoting at most a short prefix of what was typed (docs/limits.md).

>>> whole(1, 9)("7"), number(0.0, 60.0, "a delay")("1.5")
(7, 1.5)
>>> whole(1, 9)("10")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: a whole number 1 to 9, not 10
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import NoReturn

from tablegames.core.errors import excerpt
from tablegames.games import available_games

__all__ = [
    "MAX_OPTION_CHARS",
    "MAX_SEED",
    "Parser",
    "UsageError",
    "game_choice",
    "number",
    "one_line",
    "text_option",
    "whole",
]

MAX_SEED = 2**63
"""Seeds are whole numbers above -2**63 and below 2**63."""
MAX_OPTION_CHARS = 10_000
"""The longest text any one option takes (``--agents`` for many seats stays far below)."""


class UsageError(Exception):
    """A command line that cannot run: reported as one line, exit status 2.

    >>> str(UsageError("argument --port: a whole number 0 to 65535, not 'x'"))
    "argument --port: a whole number 0 to 65535, not 'x'"
    """


class Parser(argparse.ArgumentParser):
    """argparse with its errors turned into one short line (no usage block, no long echo).

    >>> parser = Parser(prog="x")
    >>> _ = parser.add_argument("--n", type=whole(0, 3))
    >>> parser.parse_args(["--n", "5"])
    Traceback (most recent call last):
    ...
    tablegames.cli_options.UsageError: argument --n: a whole number 0 to 3, not 5
    """

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number ``low`` to ``high`` (short digits only).

    >>> whole(-5, 5)("-5")
    -5
    """

    def read(text: str) -> int:
        body = text.strip()
        digits = body[1:] if body.startswith("-") else body
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 19:
            raise argparse.ArgumentTypeError(f"a whole number {low} to {high}, not {excerpt(text)}")
        value = int(body)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"a whole number {low} to {high}, not {value}")
        return value

    return read


def number(
    low: float, high: float, what: str = "a number", *, from_low: bool = False
) -> Callable[[str], float]:
    """An argparse type: a finite number above ``low`` (from ``low`` with ``from_low``) and at
    most ``high`` (no nan, no inf).

    >>> number(0.0, 60.0, "seconds", from_low=True)("0")
    0.0
    >>> number(0.0, 60.0, "seconds", from_low=True)("-0.5")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: seconds from 0 to 60, not '-0.5'
    >>> number(0.0, 10.0, "a number of seconds")("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a number of seconds above 0 and at most 10, not 'nan'
    """

    def read(text: str) -> float:
        try:
            value = float(text) if len(text) <= 40 and text.isascii() else math.nan
        except ValueError:
            value = math.nan
        above = low <= value if from_low else low < value
        if not (math.isfinite(value) and above and value <= high):
            bounds = (
                f"from {low:g} to {high:g}" if from_low else f"above {low:g} and at most {high:g}"
            )
            raise argparse.ArgumentTypeError(f"{what} {bounds}, not {excerpt(text)}")
        return value

    return read


def text_option(text: str) -> str:
    """An argparse type: any text up to :data:`MAX_OPTION_CHARS` characters.

    >>> text_option("target=3")
    'target=3'
    """
    if len(text) > MAX_OPTION_CHARS:
        raise argparse.ArgumentTypeError(
            f"at most {MAX_OPTION_CHARS:,} characters, not {len(text):,}: {excerpt(text)}"
        )
    return text


def game_choice(text: str) -> str:
    """An argparse type: a known game's name (argparse would echo a long wrong one whole).

    >>> game_choice("texas42")
    'texas42'
    """
    if text not in available_games():
        names = ", ".join(sorted(available_games()))
        raise argparse.ArgumentTypeError(f"there is no game {excerpt(text)}: try {names}")
    return text


def one_line(message: str, limit: int = 300) -> str:
    """``message`` on one line, at most ``limit`` characters (argparse quotes what was typed).

    >>> one_line("two\\nlines")
    'two lines'
    """
    flat = " ".join(message.split())
    return flat if len(flat) <= limit else flat[:limit] + "…"
