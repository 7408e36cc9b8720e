"""Hypothesis strategies of a game's rules (:func:`rules`), variants included, and the
registry that teaches them a game's settings (:func:`register_rules_strategy`); the four games'
own are registered here. :mod:`tablegames.testing.strategies` draws states, actions and views
under them.

>>> from hypothesis import find
>>> from tablegames import quartets
>>> find(rules(quartets.GAME), lambda r: r.players == 5).players
5
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import attrs
from hypothesis import strategies as st

from tablegames.core.game import Game, GameState
from tablegames.core.settings import MAX_CHIPS, MAX_DEALS, MAX_TARGET

if TYPE_CHECKING:  # each game's module is imported only when its rules are drawn
    from tablegames.ninety_two import Rules as NinetyTwoRules
    from tablegames.preference import Rules as PreferenceRules
    from tablegames.quartets import Rules as QuartetsRules
    from tablegames.texas42 import Rules as Texas42Rules

__all__ = ["RulesStrategy", "register_rules_strategy", "rules", "rules_or"]

S = TypeVar("S", bound=GameState[Any])
"""A game's state class."""
R = TypeVar("R")
"""A game's rules class."""

RulesStrategy = Callable[[bool], st.SearchStrategy[Any]]
"""Given ``short``, the strategy of one game's rules (see :func:`register_rules_strategy`)."""

_RULES: dict[str, RulesStrategy] = {}


def register_rules_strategy(name: str, strategy: RulesStrategy) -> None:
    """Teach :func:`rules` the valid settings of the game called ``name``.

    ``strategy(short)`` returns a strategy of that game's rules; with ``short`` it keeps
    matches short (small targets, few deals) so a whole match plays in a moment. A game with no
    strategy registered gets its default rules only.

    >>> register_rules_strategy("my-game", lambda short: st.just("my rules"))
    >>> _RULES.pop("my-game") is not None
    True
    """
    _RULES[name] = strategy


def rules(game: Game[S, R], *, short: bool = True) -> st.SearchStrategy[R]:
    """Any valid ``Rules`` of ``game``, variants included, shrinking toward the defaults.

    With ``short`` (the default), targets and match lengths stay small so a whole match is
    quick to play; ``short=False`` draws them from the whole valid range.

    >>> from hypothesis import given
    >>> from tablegames import ninety_two
    >>> @given(rules(ninety_two.GAME))
    ... def test_first_dealer_sits_at_the_table(r):
    ...     assert 0 <= r.first_dealer < ninety_two.GAME.seats(r)
    >>> test_first_dealer_sits_at_the_table()
    """
    make = _RULES.get(game.name)
    if make is None:
        return st.builds(game.rules_type)
    return make(short)


def _target(short: bool, default_none: bool, high: int = 300) -> st.SearchStrategy[int | None]:
    numbers = st.integers(1, high if short else MAX_TARGET)
    return st.one_of(st.none(), numbers) if default_none else numbers


@st.composite
def _texas42_rules(draw: st.DrawFn, short: bool) -> Texas42Rules:
    from tablegames.texas42 import Rules  # noqa: PLC0415 (each game only when asked for)

    settings: dict[str, Any] = {
        "first_dealer": draw(st.integers(0, 3)),
        "forced_bid": draw(st.booleans()),
        "bid_ladder": draw(st.sampled_from(("points", "marks"))),
        "scoring": draw(st.sampled_from(("points", "marks"))),
        "doubles_trump": draw(st.booleans()),
        "follow_me": draw(st.booleans()),
        "target": draw(_target(short, default_none=True)),
    }
    # Settings a Rules class may or may not have (the special contracts of the tournament game,
    # which need marks scoring and the marks ladder): drawn only when the class takes them.
    known = {a.name for a in attrs.fields(Rules)}
    tournament = settings["scoring"] == settings["bid_ladder"] == "marks"
    for name in ("nello", "plunge", "splash", "sevens"):
        if name in known and tournament:
            settings[name] = draw(st.booleans())
    optional = {
        "nello_doubles": ("choose", "suit", "high", "low"),
        "splash_marks": (2, 3),
        "follow": ("either_end", "higher_end"),
    }
    for name, values in optional.items():
        if name in known:
            settings[name] = draw(st.sampled_from(values))
    return Rules(**settings)


@st.composite
def _ninety_two_rules(draw: st.DrawFn, short: bool) -> NinetyTwoRules:
    from tablegames.ninety_two import Rules  # noqa: PLC0415

    players = draw(st.sampled_from((4, 6, 8)))
    return Rules(
        players=players,
        first_dealer=draw(st.integers(0, players - 1)),
        target=draw(st.integers(1, 150 if short else MAX_TARGET)),
        defenders_score_when_made=draw(st.booleans()),
        leftovers=draw(st.sampled_from(("dead", "deal"))),
    )


def _options(
    rules: type[attrs.AttrsInstance], ranges: Mapping[str, st.SearchStrategy[object]]
) -> dict[str, st.SearchStrategy[object]]:
    """A strategy for every option of the ``rules`` class, read from the class itself: the
    given ``ranges`` for the numbers, and any other option by its type (a ``bool`` either way,
    a ``Literal`` any of its values), so an option of those types needs no edit here.

    >>> from tablegames.preference import Rules
    >>> numbers = ("starting_stack", "ante", "payout", "penalty", "deals", "first_dealer")
    >>> _options(Rules, dict.fromkeys(numbers, st.just(1)))["round_two_payment"]
    sampled_from(('all', 'winner_only'))
    >>> _options(Rules, {})
    Traceback (most recent call last):
    ...
    TypeError: Rules.starting_stack needs a range to draw it from
    """
    hints = typing.get_type_hints(rules)
    options: dict[str, st.SearchStrategy[object]] = {}
    for field in attrs.fields(rules):
        kind = hints[field.name]
        if field.name in ranges:
            options[field.name] = ranges[field.name]
        elif kind is bool:
            options[field.name] = st.booleans()
        elif typing.get_origin(kind) is Literal:
            options[field.name] = st.sampled_from(typing.get_args(kind))
        else:
            raise TypeError(f"{rules.__name__}.{field.name} needs a range to draw it from")
    return options


def _preference_rules(short: bool) -> st.SearchStrategy[PreferenceRules]:
    from tablegames.preference import Rules  # noqa: PLC0415

    chips = st.integers(0, 20 if short else MAX_CHIPS)
    ranges = {
        "starting_stack": st.integers(0, 200 if short else MAX_CHIPS),
        "ante": st.integers(1, 20 if short else MAX_CHIPS),
        "payout": st.tuples(chips, chips, chips, chips),
        "penalty": st.tuples(chips, chips, chips, chips),
        "deals": st.integers(1, 8 if short else MAX_DEALS),
        "first_dealer": st.integers(0, 3),
    }
    return st.builds(Rules, **_options(Rules, ranges))


@st.composite
def _quartets_rules(draw: st.DrawFn, short: bool) -> QuartetsRules:
    from tablegames.quartets import Rules  # noqa: PLC0415

    players = draw(st.integers(2, 9))
    return Rules(
        players=players,
        first_dealer=draw(st.integers(0, players - 1)),
        deals=draw(st.one_of(st.none(), st.integers(1, 3 if short else MAX_DEALS))),
        turn_passes=draw(st.sampled_from(("asked", "left"))),
        ask=draw(st.sampled_from(("card", "rank"))),
    )


register_rules_strategy("texas42", _texas42_rules)
register_rules_strategy("ninety-two", _ninety_two_rules)
register_rules_strategy("preference", _preference_rules)
register_rules_strategy("quartets", _quartets_rules)


def rules_or(game: Game[S, R], given: R | st.SearchStrategy[R] | None) -> st.SearchStrategy[R]:
    """``given`` as a strategy: the rules given, a strategy of them, or (``None``) any of
    :func:`rules`.

    >>> from tablegames import texas42
    >>> from hypothesis import find
    >>> find(rules_or(texas42.GAME, texas42.Rules()), lambda r: True) == texas42.Rules()
    True
    """
    if given is None:
        return rules(game)
    if isinstance(given, st.SearchStrategy):
        return given
    return st.just(given)
