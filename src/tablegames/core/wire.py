"""What goes to clients: views and results as JSON-ready data in the notation.

Pieces are written as text (``6:4``, ``AH``), suits as letters, actions as their notation
(``pass``, ``bid 30``, ``ask 3 8S``); there are no masks and no numbers standing for suits.
Each game's ``wire`` module builds its view's dict from these helpers; the views' ``to_dict``
and ``to_json`` call it. The schemas are in ``docs/views.md``.

>>> from tablegames.pieces import cards
>>> plain(cards("AS 10H")), plain((1, None, True))
(['TH', 'AS'], [1, None, True])
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs

from tablegames.pieces.cards import Card, Rank, Suit
from tablegames.pieces.dominoes import Domino
from tablegames.pieces.sets import PieceSet

from .drawing import drawing_of
from .settings import GameRules


def plain(value: Any) -> Any:
    """``value`` as JSON-ready data in the notation.

    Suits and ranks become letters, pieces and actions their text, piece sets lists of text
    (in index order), tuples lists, other attrs records dicts of their fields.

    >>> from tablegames.pieces import Card
    >>> plain(Suit.HEARTS), plain(Card.parse("TH")), plain(Rank.QUEEN)
    ('H', 'TH', 'Q')
    """
    if value is None or type(value) in (bool, int, str):
        return value
    if isinstance(value, Suit | Rank):
        return value.letter
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Card | Domino):
        return str(value)
    if isinstance(value, PieceSet):
        return [str(p) for p in value]
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if attrs.has(type(value)):
        if "__str__" in type(value).__dict__:
            return str(value)
        return {f.name: plain(getattr(value, f.name)) for f in attrs.fields(type(value))}
    return str(value)


def actions_text(actions: Sequence[object]) -> list[str]:
    """Actions in the notation.

    >>> from tablegames.core.actions import PASS
    >>> actions_text((PASS,))
    ['pass']
    """
    return [str(a) for a in actions]


def trick_now(trick: Sequence[tuple[int, Any]]) -> list[dict[str, Any]]:
    """The trick in progress as ``[{"seat": 1, "piece": "6:4"}, ...]`` in play order.

    >>> from tablegames.pieces import Domino
    >>> trick_now(((1, Domino(6, 4)),))
    [{'seat': 1, 'piece': '6:4'}]
    """
    return [{"seat": seat, "piece": str(piece)} for seat, piece in trick]


def tricks_done(tricks: Sequence[tuple[Any, Sequence[Any], int]]) -> list[dict[str, Any]]:
    """Finished tricks in play order, each ``{"led_by": seat, "pieces": [...], "winner": seat}``,
    or with ``"seats"`` (every seat in play order) instead of ``"led_by"`` where a game records
    the seats.

    >>> from tablegames.pieces import Domino
    >>> tricks_done(((0, (Domino(6, 4), Domino(1, 1)), 0),))
    [{'led_by': 0, 'pieces': ['6:4', '1:1'], 'winner': 0}]
    """
    out: list[dict[str, Any]] = []
    for lead, played, winner in tricks:
        key = "seats" if isinstance(lead, tuple) else "led_by"
        out.append({key: plain(lead), "pieces": [str(p) for p in played], "winner": winner})
    return out


def rules_dict(rules: Any) -> dict[str, Any]:
    """A game's rules as the same dict records use (``"rules"`` in a record): every setting
    by name, enums as their values, tuples as lists.

    >>> from tablegames import texas42
    >>> rules_dict(texas42.Rules(target=100))["target"]
    100
    """
    if isinstance(rules, GameRules):
        return rules.to_dict()
    return attrs.asdict(rules, value_serializer=_setting)  # a kit game's own attrs rules


def _setting(_: Any, __: Any, value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


def to_json(data: Mapping[str, object]) -> str:
    """A view's dict as compact JSON (keys in schema order, UTF-8 text kept as it is).

    >>> to_json({"seat": 0, "hand": ["AH"]})
    '{"seat":0,"hand":["AH"]}'
    """
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class ClientView:
    """What every game's view offers besides its fields: itself as JSON-ready data and as JSON in
    the notation (``to_dict``, ``to_json``; the schemas are in docs/views.md) and as a picture
    (``_repr_svg_``, so Jupyter draws it). A view class names its game's converter in ``wire``.

    >>> from tablegames import quartets
    >>> view = quartets.new_match().view(0)
    >>> isinstance(view, ClientView), view.to_dict()["seat"], view.to_json()[:8]
    (True, 0, '{"game":')
    """

    __slots__ = ()
    wire: ClassVar[Any]
    """The game's function from a view to its dict (``staticmethod`` of the wire module's)."""

    def to_dict(self) -> dict[str, object]:
        """This view as JSON-ready data in the notation.

        >>> from tablegames import texas42
        >>> texas42.new_match().view(0).to_dict()["seat"]
        0
        """
        converted: dict[str, object] = type(self).wire(self)
        return converted

    def to_json(self) -> str:
        """This view as JSON in the notation.

        >>> from tablegames import ninety_two
        >>> ninety_two.new_match().view(0).to_json().startswith('{"game":')
        True
        """
        return to_json(self.to_dict())

    def _repr_svg_(self) -> str | None:
        """This view drawn as SVG: the seat's own hand face up, the others as backs (see
        :mod:`tablegames.core.drawing`)."""
        return drawing_of(self)
