"""The library's exceptions: everything it raises on purpose derives from :class:`TableGamesError`.

This module is the ground floor: it imports nothing from the library, so ``pieces`` and ``core``
both build on it. ``tablegames.core.errors`` re-exports the same classes, and they keep their
long-standing public name there (``tablegames.core.errors.RecordError`` in tracebacks and pickles).

>>> from tablegames.core.violations import Violation, ViolationCode
>>> sentence = "It is seat 2's turn, not seat 1's."
>>> err = IllegalActionError(Violation(ViolationCode.OUT_OF_TURN, sentence))
>>> isinstance(err, ValueError), err.violation.code.value, str(err)
(True, 'out_of_turn', "It is seat 2's turn, not seat 1's.")
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - for the type checker only; no import at run time
    from tablegames.core.violations import Violation

EXCERPT_CHARS = 40
"""Error messages quote at most this many characters of the input that caused them."""

MAX_MESSAGE_CHARS = 500
"""No error message of this library is longer: a longer one is cut (a backstop; messages quote
their input through :func:`excerpt`, so real ones stay far shorter)."""


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """``text`` quoted for an error message, cut to ``limit`` characters and ``…``: the one
    quoting helper every message uses (``tablegames.core.text.quote`` is this function).

    >>> excerpt("bid 30")
    "'bid 30'"
    >>> excerpt("x" * 10_000_000, limit=5)
    "'xxxxx…'"
    """
    if len(text) <= limit:
        return repr(text)
    shown = repr(text[:limit])
    return shown[:-1] + "…" + shown[-1]


class TableGamesError(Exception):
    """Base of every error this library raises on purpose. Its message is one sentence of at
    most :data:`MAX_MESSAGE_CHARS` characters (a longer one is cut).

    >>> issubclass(IllegalActionError, TableGamesError), issubclass(RecordError, TableGamesError)
    (True, True)
    >>> len(str(TableGamesError("x" * 10_000)))
    501
    """

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and type(args[0]) is str and len(args[0]) > MAX_MESSAGE_CHARS:
            args = (args[0][:MAX_MESSAGE_CHARS] + "…",)
        super().__init__(*args)


class IllegalActionError(TableGamesError, ValueError):
    """An action the rules do not allow now; ``violation`` says which rule it breaks.

    >>> from tablegames.core.violations import Violation, ViolationCode
    >>> error = IllegalActionError(Violation(ViolationCode.GAME_OVER, "The match is over."))
    >>> error.violation.code.value, str(error)
    ('game_over', 'The match is over.')
    """

    def __init__(self, violation: Violation) -> None:
        super().__init__(violation.message)
        self.violation = violation

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[Violation]]:
        return (type(self), (self.violation,))


class NotationError(TableGamesError, ValueError):
    """Text that is not an action, piece or suit in the library's notation.

    >>> from tablegames.pieces import Card
    >>> try:
    ...     Card.parse("1H")
    ... except NotationError as exc:
    ...     print(exc)
    '1H' is not a card: write rank then suit, as AH, TD or 7S
    """


class RecordError(TableGamesError, ValueError):
    """A game record or serialized state that is malformed, forged, too large or inconsistent.

    >>> from tablegames.core.game import GameRecord
    >>> try:
    ...     GameRecord.from_json("[]")
    ... except RecordError as exc:
    ...     print(exc)
    A record is a JSON object.
    """


class SignatureError(RecordError):
    """A signed text whose signature is missing, malformed or wrong (see ``core.signing``).

    >>> from tablegames.core.signing import verify
    >>> try:
    ...     verify('{"game": "texas42"}', b"server secret key")
    ... except SignatureError as exc:
    ...     print(exc)
    The text is not signed: it must start with a 'hmac-sha256=' line.
    """


class PieceError(TableGamesError, ValueError):
    """A piece built from values no piece has: a domino end that is not a whole number 0 to 6
    (``True`` and ``6.0`` are not), a rank or suit that is not one.

    >>> from tablegames.pieces import Domino
    >>> try:
    ...     Domino(True, False)
    ... except PieceError as exc:
    ...     print(exc)
    A domino end is a whole number of pips 0 to 6, not True.
    """


class RulesError(TableGamesError, ValueError):
    """A rules object whose settings contradict each other or the game.

    >>> from tablegames.texas42 import Rules
    >>> try:
    ...     Rules(target=0)
    ... except RulesError as exc:
    ...     print(exc)
    target must be at least 1, not 0
    """


class SeatError(TableGamesError, ValueError):
    """A seat number that is not a seat at this table: not a whole number, or outside 0..n-1.

    >>> from tablegames.core.seats import check_seat
    >>> try:
    ...     check_seat(-1, 4)
    ... except SeatError as exc:
    ...     print(exc)
    Seats are numbered 0 to 3; -1 is not a seat.
    """


class ConformanceError(TableGamesError, AssertionError):
    """A conformance check (``tablegames.testing``) found a broken invariant.

    It is an ``AssertionError`` so test runners report it as a failure, but it is raised
    explicitly, so the checks still check under ``python -O``.

    >>> from tablegames.testing.conformance import require
    >>> try:
    ...     require(False, "every piece is in exactly one zone")
    ... except ConformanceError as exc:
    ...     print(exc)
    every piece is in exactly one zone
    """


_PUBLIC_MODULE = "tablegames.core.errors"
for _error in (
    TableGamesError,
    IllegalActionError,
    NotationError,
    RecordError,
    SignatureError,
    PieceError,
    RulesError,
    SeatError,
    ConformanceError,
):
    _error.__module__ = _PUBLIC_MODULE
del _error
