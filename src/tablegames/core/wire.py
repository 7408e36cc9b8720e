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
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, ClassVar, Protocol

import attrs

from tablegames.pieces.cards import Card, Rank, Suit
from tablegames.pieces.dominoes import Domino
from tablegames.pieces.sets import PieceSet

from .drawing import drawing_of, text_of
from .settings import GameRules


def plain(value: object) -> object:
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
    kind = type(value)
    if attrs.has(kind):
        if "__str__" in kind.__dict__:
            return str(value)
        return {f.name: plain(getattr(value, f.name)) for f in attrs.fields(kind)}
    return str(value)


def actions_text(actions: Sequence[object]) -> list[str]:
    """Actions in the notation.

    >>> from tablegames.core.actions import PASS
    >>> actions_text((PASS,))
    ['pass']
    """
    return [str(a) for a in actions]


def trick_now(trick: Sequence[tuple[int, object]]) -> list[dict[str, object]]:
    """The trick in progress as ``[{"seat": 1, "piece": "6:4"}, ...]`` in play order.

    >>> from tablegames.pieces import Domino
    >>> trick_now(((1, Domino(6, 4)),))
    [{'seat': 1, 'piece': '6:4'}]
    """
    return [{"seat": seat, "piece": str(piece)} for seat, piece in trick]


def tricks_done(
    tricks: Sequence[tuple[object, Sequence[object], int]],
) -> list[dict[str, object]]:
    """Finished tricks in play order, each ``{"led_by": seat, "pieces": [...], "winner": seat}``,
    or with ``"seats"`` (every seat in play order) instead of ``"led_by"`` where a game records
    the seats.

    >>> from tablegames.pieces import Domino
    >>> tricks_done(((0, (Domino(6, 4), Domino(1, 1)), 0),))
    [{'led_by': 0, 'pieces': ['6:4', '1:1'], 'winner': 0}]
    """
    out: list[dict[str, object]] = []
    for lead, played, winner in tricks:
        key = "seats" if isinstance(lead, tuple) else "led_by"
        out.append({key: plain(lead), "pieces": [str(p) for p in played], "winner": winner})
    return out


def rules_dict(rules: Any) -> dict[str, object]:
    """A game's rules as the same dict records use (``"rules"`` in a record): every setting
    by name, enums as their values, tuples as lists.

    >>> from tablegames import texas42
    >>> rules_dict(texas42.Rules(target=100))["target"]
    100
    """
    if isinstance(rules, GameRules):
        return rules.to_dict()
    return attrs.asdict(rules, value_serializer=_setting)  # a kit game's own attrs rules


def shown_rules(rules: object) -> dict[str, object]:
    """A game's rules as views show them: :func:`rules_dict`, with each setting whose default
    depends on the others (``None`` in the rules) given as the value it plays as.

    >>> from tablegames import texas42
    >>> marks = texas42.Rules(scoring="marks")
    >>> shown_rules(texas42.Rules())["target"], shown_rules(marks)["target"]
    (250, 7)
    """
    if isinstance(rules, GameRules):
        return rules.shown()
    return rules_dict(rules)


SHOWN: Mapping[str, Callable[..., object]] = {
    "trick": trick_now,
    "tricks": tricks_done,
    "legal_actions": actions_text,
    "rules": shown_rules,
}
"""How :func:`fields_dict` shows the fields every trick game's view has that the notation
alone (:func:`plain`) does not: the trick in progress, the finished tricks, the legal actions
and the rules."""


def fields_dict(
    view: object,
    game: str,
    schema: type,
    shown: Mapping[str, object],
    hidden: Collection[str] = (),
) -> dict[str, object]:
    """A view as JSON-ready data: ``"game"``, then every field of the attrs class ``schema``
    (the game's view class: its fields' order is the keys' order) but the ``hidden`` ones,
    each as ``shown`` gives it, else as :data:`SHOWN` converts it, else in the notation
    (:func:`plain`). A game's ``view_dict`` names only what it shows its own way.

    >>> from tablegames import ninety_two
    >>> view = ninety_two.new_match().view(1)
    >>> data = fields_dict(view, "ninety-two", type(view), {"high": "none yet"}, ("won",))
    >>> list(data)[:4], data["high"], "won" in data, data["trick"]
    (['game', 'seat', 'players', 'phase'], 'none yet', False, [])
    """
    data: dict[str, object] = {"game": game}
    for field in attrs.fields(schema):
        name = field.name
        if name in hidden:
            continue
        if name in shown:
            data[name] = shown[name]
        else:
            data[name] = SHOWN.get(name, plain)(getattr(view, name))
    return data


def rules_repr(rules: object) -> str:
    """``rules`` as a short repr: the class and only the settings away from their defaults.

    >>> from tablegames import texas42
    >>> rules_repr(texas42.Rules()), rules_repr(texas42.Rules(target=100))
    ('Rules()', 'Rules(target=100)')
    """
    if not isinstance(rules, GameRules):
        return repr(rules)
    changed = ", ".join(f"{name}={value!r}" for name, value in rules.changed().items())
    return f"{type(rules).__name__}({changed})"


UNSHOWN = ("game", "rules")
"""The keys of a view's dict its repr leaves out (the game is the class; the rules are shown
by :func:`rules_repr`)."""


def view_repr(view: ClientView) -> str:
    """``view`` as its class and its dict in the notation (pieces as tiles and cards, phases by
    name), rules shown by what they change.

    >>> from tablegames import texas42
    >>> view_repr(texas42.new_match().view(2))[:55]
    "Texas42View(seat=2, phase='deal', to_act=None, dealer=0"
    """
    data = view.to_dict()
    fields = [f"{key}={value!r}" for key, value in data.items() if key not in UNSHOWN]
    rules = getattr(view, "rules", None)
    if rules is not None:
        fields.append(f"rules={rules_repr(rules)}")
    return f"{public_name(type(view))}({', '.join(fields)})"


PRIVATE = ("seat", "legal_actions", "hand", "hand_sizes")
"""The keys of a view's dict that belong to its seat (or count hidden pieces): a state's repr
shows the pieces themselves, from its zones."""


class _Shown(Protocol):
    """A state, as :func:`state_repr` reads it: its views, its zones and its rules."""

    @property
    def rules(self) -> object: ...
    def view(self, seat: int, /) -> ClientView: ...
    def zones(self) -> Mapping[str, object]: ...


def state_repr(state: _Shown, seats: int) -> str:
    """``state`` in the notation: its phase, who acts, what every seat's view shows alike (the
    public part of the position, by the views' names), then where every piece is (its
    ``zones``, empty places left out) and the rules by what they change.

    >>> from tablegames import texas42
    >>> state = texas42.new_match(texas42.Rules(target=100)).apply(texas42.deal_of([
    ...     "6:6 6:5 6:4 6:3 6:2 6:1 6:0", "5:5 5:4 5:3 5:2 5:1 5:0 4:4",
    ...     "4:3 4:2 4:1 4:0 3:3 3:2 3:1", "3:0 2:2 2:1 2:0 1:1 1:0 0:0"]))
    >>> for text in ["bid 30", "pass", "pass", "pass", "trump 5", "play 5:5"]:
    ...     state = state.apply(texas42.parse_action(text))
    >>> state_repr(state, 4)
    "Texas42State(phase='play', to_act=2, dealer=0, calls=['bid 30', 'pass', 'pass', 'pass'],
    high_bid=30, bidder=1, trump='5', trick=[{'seat': 1, 'piece': '5:5'}], tricks=[], ...,
    zones={'hand 0': '6:0 6:1 6:2 6:3 6:4 6:5 6:6', 'hand 1': '4:4 5:0 5:1 5:2 5:3 5:4', ...,
    'trick': '5:5'}, rules=Rules(target=100))"
    """
    views = [state.view(seat).to_dict() for seat in range(seats)]
    places = state.zones()
    fields = [
        f"{key}={value!r}"
        for key, value in views[0].items()
        if key not in UNSHOWN
        and key not in PRIVATE
        and not (key in places and _piece_texts(value))  # the zones show what is there
        and all(view.get(key) == value for view in views[1:])
    ]
    zones = {name: str(pieces) for name, pieces in places.items() if pieces}
    fields.append(f"zones={zones!r}")
    fields.append(f"rules={rules_repr(state.rules)}")
    return f"{public_name(type(state))}({', '.join(fields)})"


def _piece_texts(value: object) -> bool:
    return isinstance(value, list) and all(type(item) is str for item in value)


def public_name(cls: type) -> str:
    """The name of ``cls``, or of the first public class it derives from (a game's phases are
    private subclasses of its state class).

    >>> from tablegames import texas42
    >>> type(texas42.new_match()).__name__, public_name(type(texas42.new_match()))
    ('_Dealing', 'Texas42State')
    """
    for base in cls.__mro__:
        if not base.__name__.startswith("_"):
            return base.__name__
    return cls.__name__


def _setting(_: object, __: object, value: object) -> object:
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

    def __repr__(self) -> str:
        return view_repr(self)

    def __str__(self) -> str:
        """The table as this seat sees it, in plain notation (see
        :mod:`tablegames.render.table_text`)."""
        return text_of(self)

    def _repr_svg_(self) -> str | None:
        """This view drawn as SVG: the seat's own hand face up, the others as backs (see
        :mod:`tablegames.core.drawing`)."""
        return drawing_of(self)
