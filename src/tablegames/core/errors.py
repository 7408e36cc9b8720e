"""The library's exceptions, re-exported from :mod:`tablegames.errors` (their one home).

>>> from tablegames import errors
>>> RecordError is errors.RecordError and TableGamesError is errors.TableGamesError
True
"""

from __future__ import annotations

from tablegames.errors import (
    ConformanceError,
    IllegalActionError,
    NotationError,
    PieceError,
    RecordError,
    RulesError,
    SeatError,
    SignatureError,
    TableGamesError,
    excerpt,
)

__all__ = [
    "ConformanceError",
    "IllegalActionError",
    "NotationError",
    "PieceError",
    "RecordError",
    "RulesError",
    "SeatError",
    "SignatureError",
    "TableGamesError",
    "excerpt",
]
