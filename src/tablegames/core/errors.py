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
    """Base of every error this library raises on purpose."""


class IllegalActionError(TableGamesError, ValueError):
    """An action the rules do not allow now; ``violation`` says which rule it breaks."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(violation.message)
        self.violation = violation


class NotationError(TableGamesError, ValueError):
    """Text that is not an action, piece or suit in the library's notation."""


class RecordError(TableGamesError, ValueError):
    """A game record or serialized state that is malformed, forged or inconsistent."""


class RulesError(TableGamesError, ValueError):
    """A rules object whose settings contradict each other or the game."""
