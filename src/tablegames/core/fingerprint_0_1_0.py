"""The fingerprints tablegames 0.1.0 wrote, restated, so that its state JSON keeps loading.

0.1.0 digested ``repr`` texts: the first 24 hex digits of the SHA-256 of the lines ``game
name``, ``actions so far``, ``finished deals`` and the ``repr`` of each part of the position,
joined by newlines. Today's reprs are free to change, so this module never calls them: it
writes each 0.1.0 text itself, from public properties of today's states, in the 0.1.0 layout
(``Rules(first_dealer=0, ...)``, ``<Phase.PLAY: 'play'>``, ``TrickTable(order=(0, 1, 2, 3),
...)``). It is the one place that knows how 0.1.0 wrote each game's fingerprint; the corpus of
files written by 0.1.0 (tests/data/saved_0.1.0) checks it.

A position 0.1.0 could not have reached (rules with a setting it did not have, away from its
default) has no 0.1.0 fingerprint: :func:`fingerprint_0_1_0` returns ``None``.

>>> from tablegames import texas42
>>> fingerprint_0_1_0(texas42.new_match())
'074e445083ed9de849402a87'
>>> old_text(texas42.new_match()).splitlines()[3]
"Rules(first_dealer=0, forced_bid=False, bid_ladder='points', scoring='points', \
doubles_trump=False, follow_me=False, target=None)"
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Callable, Sequence, Sized
from typing import Any, Protocol, TypeVar

from .fingerprint import _FinishedTrick, _Position, _TrickPlay
from .settings import GameRules

__all__ = ["SETTINGS_0_1_0", "fingerprint_0_1_0", "old_text", "settings_0_1_0"]

Text = Callable[[Any], str]
"""One line of a 0.1.0 fingerprint: a function of the state."""

T = TypeVar("T")


class _Lettered(Protocol):
    """A suit, as 0.1.0's text of it needs it: its letter."""

    @property
    def letter(self) -> str: ...


class _Phased(Protocol):
    """A state, as 0.1.0's text of its phase needs it."""

    @property
    def phase(self) -> enum.Enum: ...


class _Ruled(Protocol):
    """A state, as 0.1.0's text of its rules needs it."""

    @property
    def rules(self) -> GameRules: ...


class _TrickTable(_TrickPlay, Protocol):
    """A hand's trick table, as 0.1.0 wrote it."""

    @property
    def won(self) -> object: ...
    @property
    def taken(self) -> object: ...


_SUITS = ("<Suit.CLUBS: 0>", "<Suit.DIAMONDS: 1>", "<Suit.HEARTS: 2>", "<Suit.SPADES: 3>")
"""0.1.0's text of each suit, in index order (clubs, diamonds, hearts, spades)."""
_SUIT_OF_LETTER = dict(zip("CDHS", _SUITS, strict=True))


def _value(value: object) -> str:
    """0.1.0's text of a plain value: Python's own repr of numbers, strings, true/false and
    None, tuples (lists too: the canonical rules dict writes tuples as lists)."""
    if isinstance(value, tuple | list):
        inner = ", ".join(_value(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if value is None or type(value) in (bool, int, str):
        return repr(value)
    raise TypeError(f"0.1.0 wrote no {type(value).__name__} here")


def _suit(suit: _Lettered | None) -> str:
    return "None" if suit is None else _SUIT_OF_LETTER[suit.letter]


def _phase(state: _Phased) -> str:
    value: str = state.phase.value
    return f"<Phase.{value.upper()}: {value!r}>"


def _trick(trick: _FinishedTrick) -> str:
    return (
        f"Trick(leader={trick.leader!r}, pieces={_value(trick.pieces)}, "
        f"seats={_value(trick.seats)}, winner={trick.winner!r})"
    )


def _table(table: _TrickTable | None) -> str:
    if table is None:
        return "None"
    tricks = ", ".join(_trick(t) for t in table.tricks)
    tricks = f"({tricks},)" if len(table.tricks) == 1 else f"({tricks})"
    return (
        f"TrickTable(order={_value(table.order)}, leader={table.leader!r}, "
        f"pieces={_value(table.pieces)}, won={_value(table.won)}, "
        f"taken={_value(table.taken)}, tricks={tricks})"
    )


def _field(name: str, text: Callable[[T], str] = _value) -> Text:
    """The line of the public property ``name``, written by ``text``."""
    return lambda state: text(getattr(state, name))


def _rules(names: Sequence[str], shown_if_changed: Sequence[str] = ()) -> Text:
    """0.1.0's ``Rules(...)`` with the settings ``names`` in order, then those of
    ``shown_if_changed`` that differ from their defaults (Texas 42 hid its later settings at
    their defaults). A setting 0.1.0 did not have must be at its default (else no line: the
    position was not one 0.1.0 could reach)."""
    known = (*names, *shown_if_changed)

    def text(state: _Ruled) -> str:
        rules = state.rules
        settings = rules.to_dict()
        changed = rules.changed()
        if any(name not in known for name in changed):
            raise _NotIn010Error
        shown = [*names, *(n for n in shown_if_changed if n in changed)]
        return "Rules(" + ", ".join(f"{n}={_value(settings[n])}" for n in shown) + ")"

    return text


class _NotIn010Error(Exception):
    """The position has something 0.1.0 did not have: it wrote no fingerprint for it."""


def _calls_92(calls: Sequence[object]) -> str:
    texts = [_action_92(call) for call in calls]
    return f"({texts[0]},)" if len(texts) == 1 else f"({', '.join(texts)})"


def _action_92(action: Any) -> str:
    """0.1.0's text of a Ninety-Two call: ``Pass()`` or ``Bid(tricks=4, suit=<Suit.SPADES: 3>)``."""
    if action is None:
        return "None"
    if str(action) == "pass":
        return "Pass()"
    return f"Bid(tricks={action.tricks!r}, suit={_suit(action.suit)})"


def _suits(calls: Sequence[_Lettered | None]) -> str:
    texts = [_suit(call) for call in calls]
    return f"({texts[0]},)" if len(texts) == 1 else f"({', '.join(texts)})"


def _history_count(history: Sized) -> str:
    return f"History({len(history)} actions)"


def _specials_42(state: _State42) -> tuple[tuple[int, str], ...]:
    """This hand's plunge and splash calls, as every view shows them."""
    rules = state.rules
    if not (rules.plunge or rules.splash) or state.phase.value in ("deal", "over"):
        return ()
    specials: tuple[tuple[int, str], ...] = state.view(0).specials
    return specials


class _Rules42(Protocol):
    """Texas 42's rules, as 0.1.0's text of its special contracts needs them."""

    @property
    def plunge(self) -> object: ...
    @property
    def splash(self) -> object: ...
    @property
    def follow(self) -> object: ...


class _View42(Protocol):
    """A Texas 42 view, as 0.1.0's text of its special contracts needs it."""

    @property
    def specials(self) -> tuple[tuple[int, str], ...]: ...


class _State42(_Phased, Protocol):
    """A Texas 42 state, as 0.1.0's text of its plunge and splash calls needs it."""

    @property
    def rules(self) -> _Rules42: ...
    def view(self, seat: int, /) -> _View42: ...


NO_TRUMP_42 = 8
"""Texas 42's trump code of ``trump none``; the codes above it are nello's and sevens'."""


def _contract_42(state: Any) -> str:
    """0.1.0's text of a Texas 42 hand's special contracts part: ``None`` in the plain game
    (no special call so far, and once trump is named a plain trump with either-end following),
    else ``_Contract(contract=..., specials=..., aside=...)``."""
    phase = state.phase.value
    specials = _specials_42(state)
    if phase in ("deal", "over"):
        plain = True
    elif phase in ("bid", "trump"):
        plain = not specials
    else:
        plain = not specials and state.trump <= NO_TRUMP_42 and state.rules.follow == "either_end"
    if plain:
        return "None"
    return (
        f"_Contract(contract={state.contract!r}, specials={_value(specials)}, "
        f"aside={state.aside.mask!r})"
    )


SETTINGS_0_1_0: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "texas42": (
        (
            "first_dealer",
            "forced_bid",
            "bid_ladder",
            "scoring",
            "doubles_trump",
            "follow_me",
            "target",
        ),
        ("nello", "nello_doubles", "plunge", "splash", "splash_marks", "sevens", "follow"),
    ),
    "ninety-two": (
        ("players", "first_dealer", "target", "defenders_score_when_made", "leftovers"),
        (),
    ),
    "preference": (
        (
            "starting_stack",
            "ante",
            "payout",
            "penalty",
            "deals",
            "round_two_payment",
            "first_dealer",
        ),
        (),
    ),
    "quartets": (("players", "first_dealer", "deals", "turn_passes", "ask"), ()),
    "whist3": (("hands", "first_dealer"), ()),
}
"""The settings each game's rules had in 0.1.0, as its fingerprints wrote them: those always
written, in order, and those written only away from their defaults (Texas 42 hid its later
settings at their defaults). A setting added since is in neither: a position with it away from
its default has no 0.1.0 fingerprint."""


def settings_0_1_0(game: str) -> frozenset[str]:
    """Every setting the rules of ``game`` had in tablegames 0.1.0 (none for a game it did not
    have).

    >>> sorted(settings_0_1_0("quartets"))
    ['ask', 'deals', 'first_dealer', 'players', 'turn_passes']
    >>> settings_0_1_0("chess")
    frozenset()
    """
    shown, hidden = SETTINGS_0_1_0.get(game, ((), ()))
    return frozenset((*shown, *hidden))


def _rules_of(game: str) -> Text:
    return _rules(*SETTINGS_0_1_0[game])


_LINES: dict[str, tuple[Text, ...]] = {
    "texas42": (
        _rules_of("texas42"),
        _phase,
        *(_field(n) for n in ("dealer", "hands", "calls", "high_bid", "bidder", "trump")),
        _field("table", _table),
        _field("scores"),
        _contract_42,
    ),
    "ninety-two": (
        _rules_of("ninety-two"),
        _phase,
        *(_field(n) for n in ("dealer", "hands", "stock", "dead")),
        _field("calls", _calls_92),
        _field("high", _action_92),
        _field("bidder"),
        _field("partners"),
        _field("table", _table),
        _field("scores"),
    ),
    "preference": (
        _rules_of("preference"),
        _phase,
        *(_field(n) for n in ("dealer", "hands", "widow", "widow_taken", "discards")),
        _field("calls", _suits),
        _field("offers"),
        _field("declarer"),
        _field("trump", _suit),
        _field("table", _table),
        _field("stacks"),
        _field("pot"),
    ),
    "quartets": (
        _rules_of("quartets"),
        _phase,
        *(_field(n) for n in ("dealer", "hands", "laid", "asker", "scores")),
        _field("asks", _history_count),
    ),
    "whist3": (
        _rules_of("whist3"),
        *(_field(n) for n in ("dealer", "hands_played", "hands")),
        _field("table", _table),
        _field("scores"),
    ),
}
"""Each game's 0.1.0 lines after the three counts, in order (0.1.0's ``fingerprint_fields``;
whist3 used every field but ``history``)."""


def old_text(state: _Position) -> str:
    """The text 0.1.0 digested for ``state``'s position (a KeyError for a game 0.1.0 did not
    have, :class:`_NotIn010Error` for a position it could not reach).

    >>> from tablegames import quartets
    >>> old_text(quartets.new_match()).splitlines()[-1]
    'History(0 actions)'
    """
    game = type(state).game_name
    lines = [game, str(len(state.history)), str(len(getattr(state, "results", ())))]
    lines += [line(state) for line in _LINES[game]]
    return "\n".join(lines)


def fingerprint_0_1_0(state: _Position) -> str | None:
    """The fingerprint tablegames 0.1.0 wrote for ``state``'s position, or ``None`` when 0.1.0
    wrote none for it (another game, or rules 0.1.0 did not have).

    >>> from tablegames import ninety_two
    >>> fingerprint_0_1_0(ninety_two.new_match(ninety_two.Rules(players=6)))
    'e025de19918cd12b601e05ce'
    """
    if getattr(type(state), "game_name", None) not in _LINES:
        return None
    try:
        text = old_text(state)
    except _NotIn010Error:
        return None
    return hashlib.sha256(text.encode()).hexdigest()[:24]
