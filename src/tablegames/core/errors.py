"""The library's exceptions. Everything it raises on purpose derives from :class:`TableGamesError`.

>>> from tablegames.core.violations import Violation, ViolationCode
>>> sentence = "It is seat 2's turn, not seat 1's."
>>> err = IllegalActionError(Violation(ViolationCode.OUT_OF_TURN, sentence))
>>> isinstance(err, ValueError), err.violation.code.value, str(err)
(True, 'out_of_turn', "It is seat 2's turn, not seat 1's.")
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .violations import Violation


class TableGamesError(Exception):
    """Base of every error this library raises on purpose.

    >>> issubclass(IllegalActionError, TableGamesError), issubclass(RecordError, TableGamesError)
    (True, True)
    """


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
    """A game record or serialized state that is malformed, forged or inconsistent.

    >>> from tablegames.core.game import GameRecord
    >>> try:
    ...     GameRecord.from_json("[]")
    ... except RecordError as exc:
    ...     print(exc)
    a record is a JSON object
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
