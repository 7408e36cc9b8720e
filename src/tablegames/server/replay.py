"""A stored table's moves replayed into its match, with the counts the match's bounds need.

>>> from tablegames.games import get_game
>>> from tablegames.server.store import SeatInfo, TableInfo
>>> info = TableInfo("t", "texas42", {}, (SeatInfo("random"),) * 4)
>>> state, deals, in_deal = replay(get_game("texas42"), info, [])
>>> state.is_chance, deals, in_deal
(True, 0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablegames.core.actions import Deal
from tablegames.core.game import Game
from tablegames.core.records import GameRecord

from .store import TableInfo

__all__ = ["replay"]


def replay(game: Game[Any, Any], info: TableInfo, actions: Sequence[str]) -> tuple[Any, int, int]:
    """The state a stored table's moves lead to, with the deals played and the actions of the
    current deal (what the bounds count); a RecordError when the moves are beyond a record's
    limits or do not replay."""
    GameRecord(info.game, info.rules, tuple(actions)).check_limits()
    state = game.replay(GameRecord(info.game, info.rules, tuple(actions)))
    deals = in_deal = 0
    for action in state.history.to_tuple():
        if isinstance(action, Deal):
            deals, in_deal = deals + 1, 0
        else:
            in_deal += 1
    return state, deals, in_deal
