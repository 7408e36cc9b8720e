"""What every game shares: errors, violations, seats, actions, chance, history and the contract."""

from .actions import PASS, Deal, Pass, Play
from .chance import rng_for, shuffle
from .errors import (
    ConformanceError,
    IllegalActionError,
    NotationError,
    RecordError,
    RulesError,
    SeatError,
    SignatureError,
    TableGamesError,
)
from .game import Game, GameRecord, GameState, play_randomly, random_action, random_states
from .history import History
from .seats import Seat, clockwise_from, left_of
from .signing import sign, verify
from .violations import Violation, ViolationCode

__all__ = [
    "PASS",
    "ConformanceError",
    "Deal",
    "Game",
    "GameRecord",
    "GameState",
    "History",
    "IllegalActionError",
    "NotationError",
    "Pass",
    "Play",
    "RecordError",
    "RulesError",
    "Seat",
    "SeatError",
    "SignatureError",
    "TableGamesError",
    "Violation",
    "ViolationCode",
    "clockwise_from",
    "left_of",
    "play_randomly",
    "random_action",
    "random_states",
    "rng_for",
    "shuffle",
    "sign",
    "verify",
]
