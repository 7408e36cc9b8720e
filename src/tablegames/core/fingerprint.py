"""Position fingerprints: a short digest of where a match stands, checked when state JSON is read.

A fingerprint is a consistency check, not a signature (see :mod:`tablegames.core.signing`): it
says that the actions of a state's JSON reach the position that was saved. It is computed from
an explicit encoding of the position in plain values, never from a ``repr`` or from a class's
private fields, so it changes only when the position does.

**Form 2** (this library writes it) is the first 24 hex digits of the SHA-256 of the UTF-8
text ``tablegames fingerprint 2`` and a newline, followed by compact JSON (no spaces, text kept
as it is) of the list::

    [2, game name, actions so far, finished deals, {rules}, part, part, ...]

- *actions so far* is the length of the history (chance steps included) and *finished deals*
  the number of results (0 for a game without ``results``): the match before the current
  deal is summed up by them and by the scores among the parts, so the cost is O(current
  position), never O(match);
- *{rules}* holds the settings that differ from their defaults (keys sorted; see
  :meth:`~tablegames.core.settings.GameRules.changed`), so a setting added later with a
  default never changes a fingerprint;
- each *part* is one of the state's :attr:`~tablegames.core.game.GameState.fingerprint_fields`
  (public properties, in order; an entry may also be a function of the state), encoded by
  :func:`encode`: whole numbers, strings, true/false and null as themselves, tuples and lists
  as lists; suits and ranks by their numbers (clubs 0, diamonds 1, hearts 2, spades 3; two 2
  to ace 14), any other enum by its value (a phase as ``"play"``); cards and dominoes in the
  notation (``AH``, ``6:4``); a set of pieces as the whole number whose bit *i* is set when
  the piece of index *i* is in it (hands are such masks); an action in the notation
  (``bid 4 H``); a log (a :class:`~tablegames.core.history.History`, such as a deal's asks)
  by its length, like the match's history; any other record of public fields as the list of
  those fields, in order. The play of a hand is read by :func:`trick_table`.

States written by tablegames 0.1.0 carry the 0.1.0 form, a digest of ``repr`` texts; they are
recognised by :mod:`tablegames.core.fingerprint_0_1_0`, which restates that encoding.

>>> from tablegames import texas42
>>> state = texas42.new_match(texas42.Rules(target=100))
>>> position_text(state)
'[2,"texas42",0,0,{"target":100},"deal",0,[0,0,0,0],[],0,null,null,null,[0,0],"bid",0,[]]'
>>> fingerprint(state) == state.fingerprint(), len(fingerprint(state))
(True, 24)
"""

from __future__ import annotations

import enum
import functools
import hashlib
import json
from collections.abc import Callable, Sequence, Sized
from typing import Any, ClassVar, Protocol

import attrs

from tablegames.pieces.cards import Card
from tablegames.pieces.dominoes import Domino
from tablegames.pieces.sets import PieceSet

from .history import History
from .settings import changed_json

FORM = 2
"""The fingerprint form this library writes."""
PREFIX = f"tablegames fingerprint {FORM}\n"
"""What the digested text starts with."""
RULES_MEMO_SIZE = 64
"""How many rules' JSON texts :func:`rules_json` keeps (keyed by the rules themselves)."""


class _Position(Protocol):
    """What a fingerprint reads of every state: its game's name, its log and its rules."""

    game_name: ClassVar[str]

    @property
    def history(self) -> Sized: ...
    @property
    def rules(self) -> object: ...


class _FinishedTrick(Protocol):
    """A finished trick, as a fingerprint reads it."""

    @property
    def leader(self) -> object: ...
    @property
    def pieces(self) -> object: ...
    @property
    def seats(self) -> object: ...
    @property
    def winner(self) -> object: ...


class _TrickPlay(Protocol):
    """The play of a hand (a trick table), as :func:`trick_table` reads it."""

    @property
    def order(self) -> object: ...
    @property
    def leader(self) -> object: ...
    @property
    def pieces(self) -> object: ...
    @property
    def tricks(self) -> Sequence[_FinishedTrick]: ...


class _AtTable(Protocol):
    """A state of a trick game: its trick table, or ``None`` outside play."""

    @property
    def table(self) -> _TrickPlay | None: ...


def plain(value: object) -> object:
    """A value that is not already JSON (a list, a whole number, text, true/false, null) as
    the plain value a fingerprint digests in its place (see the module doc).

    >>> from tablegames.pieces import Domino, cards
    >>> from tablegames.core.actions import PASS
    >>> [plain(v) for v in (Domino(6, 4), cards("AS 2C"), PASS, History.of(["pass"] * 3))]
    ['6:4', 2251799813685249, 'pass', 3]
    """
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Card | Domino):
        return str(value)
    if isinstance(value, PieceSet):
        return value.mask
    if isinstance(value, History):
        return len(value)
    kind = value.__class__
    fields = getattr(kind, "__attrs_attrs__", None)
    if fields is not None:
        if "__str__" in kind.__dict__:  # an action: its notation
            return str(value)
        return [getattr(value, field.name) for field in fields if field.name[0] != "_"]
    raise TypeError(f"a fingerprint cannot encode a {kind.__name__}; name plain parts instead")


_encoder = json.JSONEncoder(
    separators=(",", ":"), ensure_ascii=False, allow_nan=False, default=plain
)


def encode(value: object) -> str:
    """``value`` as the JSON text a fingerprint digests: JSON values as they are (tuples as
    lists; suits and ranks, which are whole numbers, as their numbers), anything else as
    :func:`plain` makes it.

    >>> from tablegames.pieces import Domino, Suit
    >>> encode((Suit.HEARTS, Domino(6, 4), None, (1, 2)))
    '[2,"6:4",null,[1,2]]'
    """
    return _encoder.encode(value)


@functools.lru_cache(maxsize=RULES_MEMO_SIZE)
def _memo_rules_json(rules: object) -> str:
    return changed_json(rules)


def trick_table(state: _AtTable) -> list[object] | None:
    """The play of the hand in ``state.table`` (a trick table), without what follows from it:
    ``[seats in play in turn order, the seat that led the trick in progress, its pieces by
    index, [[leader, pieces by index, seats in play order, winner] for each finished trick]]``,
    or ``None`` outside play. (Tricks and pieces won follow from the finished tricks.)

    >>> import random
    >>> from tablegames import preference
    >>> from tablegames.core.game import random_action
    >>> state, rng = preference.new_match(), random.Random(2)
    >>> while state.phase.value != "play":
    ...     state = state.apply(random_action(state, rng))
    >>> trick_table(state)
    [(1, 2, 3), 2, (), []]
    """
    table = state.table
    if table is None:
        return None
    return [
        table.order,
        table.leader,
        table.pieces,
        [[t.leader, t.pieces, t.seats, t.winner] for t in table.tricks],
    ]


def rules_json(rules: object) -> str:
    """The settings of ``rules`` away from their defaults as compact JSON, keys sorted (memoized
    for the last :data:`RULES_MEMO_SIZE` rules, keyed by the rules' value).

    >>> from tablegames import ninety_two
    >>> rules_json(ninety_two.Rules(players=6, target=92))
    '{"players":6}'
    """
    try:
        return _memo_rules_json(rules)
    except TypeError:  # unhashable rules (a kit game's mutable attrs class)
        return changed_json(rules)


Part = str | Callable[[Any], object]
"""One entry of ``fingerprint_fields``: a public property's name, or a function of the state."""


def parts_of(cls: type) -> tuple[Part, ...]:
    """What a state class's fingerprint digests after the rules: its ``fingerprint_fields``,
    or, when it names none, every attrs field but ``rules``, ``history`` and ``results`` (all
    must be public then).

    >>> from tablegames.examples import whist3
    >>> parts_of(whist3.Whist3State)
    ('dealer', 'hands_played', 'hands', 'table', 'scores')
    """
    named: tuple[Part, ...] = getattr(cls, "fingerprint_fields", ())
    if named:
        return named
    if not attrs.has(cls):
        raise TypeError(f"{cls.__name__} names the parts of its position in fingerprint_fields")
    fields = [f.name for f in attrs.fields(cls) if f.name not in ("rules", "history", "results")]
    private = [name for name in fields if name.startswith("_")]
    if private:
        raise TypeError(
            f"{cls.__name__} has private fields ({', '.join(private)}): name the public parts "
            "of its position in fingerprint_fields"
        )
    return tuple(fields)


def position_text(state: _Position) -> str:
    """The JSON text a form 2 fingerprint digests (see the module doc).

    >>> from tablegames import quartets
    >>> position_text(quartets.new_match(quartets.Rules(players=2)))
    '[2,"quartets",0,0,{"players":2},"deal",0,[0,0],[0,0],null,[0,0],0]'
    """
    values = [
        getattr(state, part) if isinstance(part, str) else part(state)
        for part in parts_of(type(state))
    ]
    head = (
        f"[{FORM},{_encoder.encode(type(state).game_name)},{len(state.history)},"
        f"{len(getattr(state, 'results', ()))},{rules_json(state.rules)}"
    )
    body = _encoder.encode(values)
    return head + ("," + body[1:] if values else "]")


def fingerprint(state: _Position) -> str:
    """The form 2 fingerprint of ``state``'s position: 24 hex digits.

    >>> from tablegames import preference
    >>> fingerprint(preference.new_match()) == preference.new_match().fingerprint()
    True
    """
    text = PREFIX + position_text(state)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:24]
