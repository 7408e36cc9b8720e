"""Actions every game shares: passing, playing a piece, and dealing (a chance step).

Action classes accept whatever they are given (their constructors never raise); ``check``,
``apply`` and ``transition`` refuse an action whose fields have the wrong type or an absurd size
with a :class:`~tablegames.core.violations.Violation` coded ``malformed_action``, before any
rule is consulted. Each game registers the field checks of its own action classes with
:func:`register_field_check`; a check that raises (a client object whose ``==`` or ``str``
fails) counts as a refusal too. A ``Play`` must hold a real piece (:func:`is_piece`: a domino
with plain int ends 0-6, a card with its enums).

>>> from tablegames.pieces import Domino
>>> str(Play(Domino(6, 4))), str(PASS)
('play 6:4', 'pass')
>>> Play(Domino(6, 4)), PASS
(Play.parse('play 6:4'), Pass())
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

import attrs

from tablegames.pieces.cards import Card
from tablegames.pieces.dominoes import Domino
from tablegames.pieces.sets import Piece
from tablegames.pieces.well_formed import is_piece

from .errors import NotationError
from .notated import Notated, reads
from .registries import FIELD_CHECKS, LATE_CHECKS, FieldCheck
from .text import describe, quote
from .violations import Violation, ViolationCode
from .words import expect_args, words

P = TypeVar("P", bound=Piece)
T = TypeVar("T")

_TRUSTED: set[int] = set()
"""The ``id`` of each live ready-made action known to be well formed (see :func:`trust`): the
hot paths ask ``id(action) in _TRUSTED``. An id leaves the set when its action goes (a weak
reference's callback, run as the action is freed and before its address can be reused), so
nothing is kept alive, a new object at a reused address is never trusted, and the set holds
no more than the live tables of ready-made actions."""


class _Mark(weakref.ref[object]):
    """The weak reference that marks one trusted action: it knows the id it stands for, so one
    callback for all (:func:`_forget`) takes that id out when the action goes."""

    __slots__ = ("key",)
    key: int


_MARKS: dict[int, _Mark] = {}
"""The mark behind each id of :data:`_TRUSTED` (kept so that the mark lives as long as its
action)."""


def _forget(mark: _Mark) -> None:
    if _MARKS.get(mark.key) is mark:
        del _MARKS[mark.key]
        _TRUSTED.discard(mark.key)


LARGEST_NUMBER = 10**9
"""No number in an action (a bid, an offer, a seat) may reach this, whatever the rules."""


def register_field_check(cls: type, check: FieldCheck) -> None:
    """Have ``check`` and ``apply`` run ``check`` on every action of class ``cls`` first.

    >>> class Nod:
    ...     pass
    >>> register_field_check(Nod, lambda action: None)
    >>> FIELD_CHECKS.pop(Nod) is not None
    True
    """
    FIELD_CHECKS[cls] = check


def trust(actions: Iterable[object]) -> None:
    """Mark ready-made, well-formed actions (a game's tables of actions) so ``check`` and
    ``apply`` skip their field checks. Nothing is kept alive: the mark goes with the action
    (an object that takes no weak reference is simply never trusted, and always checked).

    >>> deal = Deal(())
    >>> trust([deal])
    >>> is_trusted(deal), is_trusted(Deal(()))
    (True, False)
    """
    for action in actions:
        key = id(action)
        if key in _TRUSTED:
            continue  # this very object (a live one holds its address)
        try:
            mark = _Mark(action, _forget)
        except TypeError:  # no weak references to this kind of object: check it every time
            continue
        mark.key = key
        _MARKS[key] = mark
        _TRUSTED.add(key)


def is_trusted(action: object) -> bool:
    """True when ``action`` itself (not merely an equal object) was marked by :func:`trust`.

    >>> is_trusted(Deal(())), is_trusted(None)
    (False, False)
    """
    return id(action) in _TRUSTED


def malformed(sentence: str) -> Violation:
    """The violation of an action whose fields are not what its class takes.

    >>> malformed("A bid is a whole number of points, not 30.0.").code.value
    'malformed_action'
    """
    return Violation(ViolationCode.MALFORMED_ACTION, sentence)


def is_count(value: object) -> bool:
    """True for a plain ``int`` (not a bool) of sane size, negative or not: what an action's
    number fields hold. The rules then judge its range.

    >>> is_count(30), is_count(-1), is_count(30.0), is_count(True), is_count(10**20)
    (True, True, False, False, False)
    """
    return type(value) is int and -LARGEST_NUMBER < value < LARGEST_NUMBER


def count_field(value: object, wanted: str) -> Violation | None:
    """``None`` when ``value`` is a count (:func:`is_count`); else the violation of a malformed
    action, saying what was ``wanted`` and what came instead.

    >>> count_field(30, "A bid is a whole number of points, as bid 30") is None
    True
    >>> count_field(30.5, "A bid is a whole number of points, as bid 30").message
    'A bid is a whole number of points, as bid 30, not 30.5.'
    """
    if is_count(value):
        return None
    return malformed(f"{wanted}, not {describe(value)}.")


def _run(check: FieldCheck, action: object) -> Violation | None:
    """Run a field check; one that raises (a client object's ``==`` or ``str`` failing) or
    answers anything but a violation or ``None`` means the action cannot be read."""
    try:
        verdict = check(action)
    except Exception:  # a hostile field: refused, never escaping
        return _unreadable(action)
    if verdict is None or verdict.__class__ is Violation:
        return verdict
    return _unreadable(action)


def _unreadable(action: object) -> Violation:
    return malformed(
        f"{describe(action)} cannot be read as an action: its fields are not what its class takes."
    )


def checked_fields(action: object) -> Violation | None:
    """The violation of ``action``'s fields by its class's (early) field check, or ``None``
    when they are fine, the class has no check or ``action`` is trusted; never raises. This is
    what ``check``, ``apply`` and ``transition`` run before the rules.

    >>> checked_fields(Deal(5)).message
    'A deal is a tuple of pieces, not 5.'
    """
    check = FIELD_CHECKS.get(type(action))
    if check is None or is_trusted(action):
        return None
    return _run(check, action)


def refusal(action: object, verdict: Violation) -> Violation:
    """The violation to report when the rules refused ``action`` with ``verdict``: a
    malformed-field violation if the action's class has a late check that finds one, else
    ``verdict``.

    >>> from tablegames.core.violations import ViolationCode
    >>> refusal(Play(10**5000), Violation(ViolationCode.NOT_IN_HAND, "?")).code.value
    'malformed_action'
    """
    check = LATE_CHECKS.get(type(action))
    if check is not None:
        return _run(check, action) or verdict
    return verdict


def failure(action: object) -> Violation | None:
    """After the rules code raised on ``action``: its malformed-field violation, if any (the
    caller re-raises when there is none, as that is a bug, not bad input).

    >>> failure(Play("6:4")).code.value
    'malformed_action'
    """
    kind = type(action)
    check = LATE_CHECKS.get(kind) or _FAILURE_CHECKS.get(kind) or FIELD_CHECKS.get(kind)
    verdict = None if check is None else _run(check, action)
    return verdict if verdict is not None else _forged_piece(action)


_PIECE_CLASSES = (Card, Domino)


def _forged_piece(action: object) -> Violation | None:
    """The violation of an action holding a domino or a card made around its constructor (the
    rules failed on it, so look): any game's action, whatever its own field check says."""
    kind = type(action)
    if not attrs.has(kind):
        return None
    for field in attrs.fields(kind):
        try:
            value = object.__getattribute__(action, field.name)
        except AttributeError:
            return _unreadable(action)
        if isinstance(value, _PIECE_CLASSES) and not is_piece(value):
            return malformed(f"{describe(value)} is not a real piece: it was not made as one.")
    return None


def field_violation(action: object) -> Violation | None:
    """The malformed-field violation of ``action``, if its class registered a check (early or
    late); never raises.

    >>> field_violation(Deal(5)).message
    'A deal is a tuple of pieces, not 5.'
    >>> field_violation(PASS) is None
    True
    """
    kind = type(action)
    check = LATE_CHECKS.get(kind) or FIELD_CHECKS.get(kind)
    if check is None or is_trusted(action):
        return None
    return _run(check, action)


def as_tuple(value: Iterable[T]) -> tuple[T, ...]:
    """A tuple of ``value``'s items when it is a collection or iterator of them (not text);
    anything else as it is (the field check then refuses it): what an action's converter of a
    field of many items calls, so its constructor never raises.

    >>> as_tuple([1, 2]), as_tuple("12"), as_tuple(5)
    ((1, 2), '12', 5)
    """
    if type(value) is tuple or isinstance(value, (str, bytes)):
        return value
    try:
        return tuple(value)
    except Exception:  # not iterable, or a hostile iterator: the field check refuses it
        return value  # type: ignore[return-value]


@attrs.frozen
class Pass:
    """Decline to bid (or to offer).

    >>> str(Pass()), Pass() == PASS
    ('pass', True)
    """

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
"""The one pass action."""


@attrs.frozen(repr=False)
class Play(Notated, Generic[P]):
    """Play ``piece`` to the trick.

    >>> from tablegames.pieces import Card
    >>> str(Play(Card.parse("10h"))), Play.parse("play 10h") == Play(Card.parse("TH"))
    ('play TH', True)
    """

    piece: P
    """The piece played: a :class:`~tablegames.pieces.Domino` or a
    :class:`~tablegames.pieces.Card`."""

    def __str__(self) -> str:
        return f"play {self.piece}"


@attrs.frozen(repr=False)
class Deal(Notated, Generic[P]):
    """A chance step: the shuffled deck, top card first. The game deals it out by its own rules.

    >>> from tablegames.pieces import cards
    >>> str(Deal(tuple(cards("AS KS")))), Deal.parse("deal KS AS")
    ('deal KS AS', Deal.parse('deal KS AS'))
    """

    order: tuple[P, ...] = attrs.field(converter=as_tuple)
    """The whole deck in the order it was shuffled to, top first."""

    def __str__(self) -> str:
        return "deal " + " ".join(str(p) for p in self.order)


def _any_piece(text: str) -> Domino | Card:
    """A tile (``6:4``) or a card (``AS``)."""
    if ":" in text or "-" in text:
        return Domino.parse(text)
    return Card.parse(text)


def read_shared(text: str) -> Pass | Play[Domino | Card] | Deal[Domino | Card]:
    """The actions every game shares, with pieces of either kind: ``pass``, ``play 6:4`` or
    ``play AS``, ``deal`` and any number of pieces (what :meth:`Play.parse` and
    :meth:`Deal.parse` read; a game's own ``parse_action`` also checks that the pieces are its
    own and that a deal holds the whole deck).

    >>> read_shared("Play 10h"), read_shared("deal 6:4 1:0")
    (Play.parse('play TH'), Deal.parse('deal 6:4 1:0'))
    """
    parts = words(text)
    shared = shared_verbs(
        parts,
        lambda word: Play(_any_piece(word)),
        lambda pieces: Deal(tuple(_any_piece(p) for p in pieces)),
    )
    if shared is None:
        raise NotationError(f"{quote(text)} is not pass, play or deal: write play 6:4 or play AS")
    return shared


def shared_verbs(
    parts: tuple[str, ...],
    play: Callable[[str], Play[P]],
    deal: Callable[[tuple[str, ...]], Deal[P]],
) -> Pass | Play[P] | Deal[P] | None:
    """The verbs every game shares, read from an action's words: ``pass``, ``play`` and one
    piece (read by ``play``), ``deal`` and its pieces (read by ``deal``); other verbs give
    ``None``.

    >>> shared_verbs(("pass",), Play, Deal), shared_verbs(("bid", "30"), Play, Deal)
    (Pass(), None)
    """
    verb = parts[0]
    if verb == "pass":
        expect_args(parts, 0, "pass")
        return PASS
    if verb == "play":
        expect_args(parts, 1, "play and one piece")
        return play(parts[1])
    if verb == "deal":
        return deal(parts[1:])
    return None


reads(read_shared, Play, Deal)


def _play_fields(action: Play[Piece]) -> Violation | None:
    piece = action.piece
    if is_piece(piece):
        return None
    return malformed(f"A play names a piece, as play 6:4 or play AH, not {describe(piece)}.")


LATE_CHECKS[Play] = _play_fields


def _deal_fields(action: Deal[Piece]) -> Violation | None:
    if type(action.order) is not tuple:
        return malformed(f"A deal is a tuple of pieces, not {describe(action.order)}.")
    return None


def _deal_pieces(action: Deal[Piece]) -> Violation | None:
    """The check of a deal after the rules failed on it: a tuple of real pieces (a deal the
    rules merely refuse keeps their verdict, ``bad_deal``)."""
    early = _deal_fields(action)
    if early is not None:
        return early
    for piece in action.order:
        if not is_piece(piece):
            return malformed(f"A deal orders pieces, not {describe(piece)}.")
    return None


register_field_check(Deal, _deal_fields)
_FAILURE_CHECKS: dict[type, FieldCheck] = {Deal: _deal_pieces}
"""Checks run only after the rules code raised on an action: deeper than its field check."""
