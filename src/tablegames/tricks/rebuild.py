"""A hand's trick table rebuilt from its public plays (for sampling a state from a view).

>>> from tablegames.tricks import plain_card_model
>>> from tablegames.pieces import Card
>>> plays = [Card.parse(t).index for t in ("9C", "JC", "7D", "8C")]
>>> table = table_of((0, 1, 2), 1, plays, plain_card_model(None))
>>> table.won, table.pieces, table.leader
((0, 0, 1), (6,), 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.core.seats import Seat

from .model import TrickModel
from .table import TrickTable


def table_of(
    order: tuple[Seat, ...],
    leader: Seat,
    plays: Sequence[int],
    model: TrickModel,
    seats: int | None = None,
) -> TrickTable:
    """The table after ``plays`` (pieces in play order) when ``leader`` led the first trick
    among ``order`` (``seats``: the seats at the table, default ``max(order) + 1``).

    >>> from tablegames.tricks import plain_card_model
    >>> table_of((0, 1), 0, (), plain_card_model(None), seats=3).won
    (0, 0, 0)
    """
    table = TrickTable.start(order, leader, seats if seats is not None else max(order) + 1)
    for piece in plays:
        table = table.play(piece, model)
    return table
