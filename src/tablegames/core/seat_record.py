"""A record a given seat may see: the match so far with other seats' hidden pieces withheld.

A full :class:`~tablegames.core.game.GameRecord` holds every deal, so every hand: never send it
to a player. :func:`seat_record` keeps what ``seat`` saw: each deal is reduced to the pieces
dealt to ``seat`` (written ``dealt 7C 8C ...``), and an action only its maker sees (Preference's
discards, listed in :data:`~tablegames.core.registries.WITHHELD`) is written without its pieces
for everyone else. Everything public stays as it was.

A seat record is for display (a client's history pane); it cannot be replayed, because the
deals are gone.

>>> import random
>>> from tablegames import texas42
>>> from tablegames.core import play_randomly
>>> state = texas42.new_match()
>>> state = state.apply(state.chance_outcome(random.Random(0))).apply(texas42.PASS)
>>> record = seat_record(texas42.GAME, state, 2)
>>> record.actions[0].split()[0], len(record.actions[0].split()), record.actions[1]
('dealt', 8, 'pass')
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TypeVar

import attrs

from .actions import Deal
from .errors import TableGamesError
from .game import Game
from .game_state import GameState
from .json_values import FrozenObject, freeze_object, thaw
from .registries import WITHHELD
from .seats import check_seat, seat_count
from .start import start_of
from .text import describe

S = TypeVar("S", bound="GameState[Any]")
R = TypeVar("R")

__all__ = ["WITHHELD", "SeatRecord", "seat_record"]


def _strings(items: Iterable[object]) -> tuple[str, ...]:
    return tuple(str(i) for i in items)


@attrs.frozen
class SeatRecord:
    """What ``seat`` may see of a match: the rules, and every action in the notation with deals
    reduced to ``seat``'s own pieces (``dealt ...``) and others' private actions withheld.

    >>> SeatRecord("texas42", 1, {}, ("dealt 6:6", "pass")).to_json()[-33:]
    '"actions": ["dealt 6:6", "pass"]}'
    """

    game: str
    seat: int
    rules: FrozenObject = attrs.field(converter=freeze_object)
    actions: tuple[str, ...] = attrs.field(converter=_strings)

    def to_dict(self) -> dict[str, object]:
        """The record as JSON-ready data (``format`` is ``"seat-record"``).

        >>> SeatRecord("quartets", 0, {}, ()).to_dict()["format"]
        'seat-record'
        """
        return {
            "format": "seat-record",
            "game": self.game,
            "seat": self.seat,
            "rules": thaw(self.rules),
            "actions": list(self.actions),
        }

    def to_json(self) -> str:
        """The record as a JSON document.

        >>> SeatRecord("quartets", 0, {}, ()).to_json().startswith('{"format": "seat-record"')
        True
        """
        return json.dumps(self.to_dict())


def seat_record(game: Game[S, R], state: S, seat: int) -> SeatRecord:
    """The record of ``state``'s match so far as ``seat`` may see it (see the module doc).

    The match is replayed from its start (or from the start position of a state sampled from a
    view) to find which pieces each deal gave ``seat``; a seat that is not at the table raises
    :class:`~tablegames.core.errors.SeatError`.

    >>> from tablegames import preference
    >>> state = preference.new_match()
    >>> seat_record(preference.GAME, state, 9)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.SeatError: Seats are numbered 0 to 3; 9 is not a seat.
    """
    if not callable(getattr(game, "own_state", None)):
        raise TableGamesError(f"seat_record takes a Game descriptor, not {describe(game)}.")
    game.own_state(state)
    check_seat(seat, seat_count(state.rules))
    start = start_of(state.history)
    current = game.new_match(state.rules) if start is None else game.start_state(state.rules, start)
    shown: list[str] = []
    for action in state.history.to_tuple():
        actor = current.to_act
        following = current.apply(action)
        if type(action) is Deal:
            own = [str(p) for p in following.view(seat).hand]
            shown.append(" ".join(("dealt", *own)))
        elif type(action) in WITHHELD and actor != seat:
            shown.append(WITHHELD[type(action)])
        else:
            shown.append(str(action))
        current = following
    return SeatRecord(game.name, seat, game.rules_to_json(state.rules), tuple(shown))
