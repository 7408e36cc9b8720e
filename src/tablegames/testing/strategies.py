"""Hypothesis strategies for driving games: rules, reachable states, actions, notation, views,
and moves (a state with one of its legal actions).

Every strategy takes a :class:`~tablegames.core.game.Game` descriptor (or a state), so it works
on any registered game, yours included. States are reached by play from a seed, so hypothesis
shrinks a failing example toward a short history and seed 0.

>>> from hypothesis import given
>>> from tablegames import texas42
>>> @given(states(texas42.GAME, max_steps=12))
... def test_listed_actions_are_legal(state):
...     assert all(state.check(a) is None for a in state.legal_actions())
>>> test_listed_actions_are_legal()
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from tablegames.core.game import Game, random_action
from tablegames.core.seats import Seat

from .rules_strategies import R, S, register_rules_strategy, rules, rules_or

__all__ = [
    "actions",
    "legal_actions",
    "moves",
    "notation",
    "play_from",
    "play_to_act",
    "register_rules_strategy",
    "rules",
    "seeds",
    "states",
    "views",
]


def seeds() -> st.SearchStrategy[int]:
    """Seeds for random playthroughs (a playthrough is reproducible from its seed).

    >>> seeds()
    integers(min_value=0, max_value=4_294_967_295)
    """
    return st.integers(min_value=0, max_value=2**32 - 1)


def play_from(state: S, seed: int, steps: int) -> S:
    """``state`` after up to ``steps`` random actions from ``seed`` (chance included); stops
    early at the end of the match.

    >>> from tablegames import texas42
    >>> len(play_from(texas42.new_match(), seed=1, steps=5).history)
    5
    """
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(random_action(state, rng))
    return state


def play_to_act(state: S, seed: int, steps: int, seat: Seat | None = None) -> S | None:
    """A state where a seat must act: ``state`` after up to ``steps`` random actions from
    ``seed``, then on through any chance step (the deal) to the first seat to act; if the
    match ends first, the last state on the way where a seat had to act (None if none had).

    With ``seat``, a state where that very seat must act: play goes on (at most
    :data:`TURN_STEPS` more actions) until its turn comes, or, if the match ends first, the
    last state on the way where it had to act.

    >>> from tablegames import preference, texas42
    >>> play_to_act(texas42.new_match(), seed=1, steps=0).to_act      # dealt: seat 1 bids
    1
    >>> play_to_act(texas42.new_match(), seed=1, steps=0, seat=3).to_act
    3
    >>> play_to_act(preference.new_match(), seed=1, steps=0, seat=0).phase.value  # after a deal
    'bid'
    """
    rng = random.Random(seed)
    last: S | None = None
    more = _CHANCE_STEPS if seat is None else TURN_STEPS
    for step in range(steps + more):
        if state.to_act is not None and (seat is None or state.to_act == seat):
            last = state
            if step >= steps:
                break
        if state.is_over:
            break
        state = state.apply(random_action(state, rng))
    return last


_CHANCE_STEPS = 10
"""Chance steps in a row :func:`play_to_act` resolves before a seat must act (a game deals
once, then someone acts; a bound keeps a game that never lets anyone act from looping)."""
TURN_STEPS = 2_000
"""The most actions :func:`play_to_act` plays on, after the steps drawn, for one seat's turn to
come: a whole deal of any of the four games and the next deal's start (the Preference dealer
sits a deal out; a Quartets or Ninety-Two seat whose hand ran out waits for the next deal)."""


@st.composite
def states(
    draw: st.DrawFn,
    game: Game[S, R],
    rules: R | st.SearchStrategy[R] | None = None,
    *,
    max_steps: int = 200,
    to_act: bool | Seat = False,
) -> S:
    """States reachable under ``rules`` (a Rules object, a strategy of them, or None for any):
    a seed and a number of steps (at most ``max_steps``) are drawn and random actions played,
    chance resolved from the seed. Shrinks toward the first state and seed 0.

    With ``to_act=True`` every state drawn is one where a seat must act (``state.to_act`` is a
    seat and ``legal_actions()`` is not empty): no chance step, no finished match (see
    :func:`play_to_act`). With ``to_act=k``, a seat number, every state drawn is one where seat
    ``k`` must act (``state.to_act == k``; a table drawn with fewer seats is rejected). ``True``
    means any seat and is no seat number: write seat 1 as ``to_act=1``.

    >>> from hypothesis import given
    >>> from tablegames import quartets
    >>> @given(states(quartets.GAME, quartets.Rules(players=3)))
    ... def test_three_seats(state):
    ...     assert len(state.view(0).hand_sizes) == 3
    >>> test_three_seats()
    >>> @given(states(quartets.GAME, to_act=True))
    ... def test_someone_must_ask(state):
    ...     assert state.to_act is not None and state.legal_actions()
    >>> test_someone_must_ask()
    >>> @given(states(quartets.GAME, to_act=2))
    ... def test_seat_2_must_ask(state):
    ...     assert state.to_act == 2 and state.legal_actions()
    >>> test_seat_2_must_ask()
    """
    seat = _acting_seat(to_act)
    chosen = draw(rules_or(game, rules))
    if seat is not None and seat >= game.seats(chosen):
        absent: S = draw(st.nothing())  # no such seat at this table
        return absent
    seed = draw(seeds())
    steps = draw(st.integers(0, max_steps))
    start = game.new_match(chosen)
    if to_act is False:
        return play_from(start, seed, steps)
    state = play_to_act(start, seed, steps, seat)
    if state is None:  # a match in which that seat (or any) never acts: nothing to draw
        reject: S = draw(st.nothing())
        return reject
    return state


def _acting_seat(to_act: object) -> Seat | None:
    """The seat ``to_act`` names: None for True or False (any seat, or no condition)."""
    if to_act is True or to_act is False:
        return None
    if type(to_act) is not int or to_act < 0:
        raise InvalidArgument(f"to_act is True, False or a seat number, not {to_act!r}")
    return to_act


@st.composite
def moves(
    draw: st.DrawFn,
    game: Game[S, R],
    rules: R | st.SearchStrategy[R] | None = None,
    *,
    max_steps: int = 200,
    to_act: bool | Seat = True,
) -> tuple[S, Any]:
    """A state where a seat must act and one of its legal actions, as ``(state, action)``: the
    state is drawn as ``states(game, rules, max_steps=max_steps, to_act=to_act)`` draws it (so
    ``to_act=2`` gives seat 2's moves), the action from ``state.legal_actions()``. Shrinks
    toward the first state and its first action.

    >>> from hypothesis import given
    >>> from tablegames import ninety_two
    >>> @given(moves(ninety_two.GAME))
    ... def test_a_legal_move_is_accepted_from_its_seat(move):
    ...     state, action = move
    ...     assert state.check(action, seat=state.to_act) is None
    ...     assert state.apply(action, seat=state.to_act) != state
    >>> test_a_legal_move_is_accepted_from_its_seat()
    """
    if to_act is False:
        raise InvalidArgument("moves are drawn where a seat must act: to_act is True or a seat")
    state = draw(states(game, rules, max_steps=max_steps, to_act=to_act))
    legal = state.legal_actions()
    # An index, not sampled_from(legal): a fresh sampled_from of each state's actions keeps
    # hypothesis from shrinking the state drawn before it.
    return state, legal[draw(st.integers(0, len(legal) - 1))]


def legal_actions(state: S) -> st.SearchStrategy[Any]:
    """One legal action of ``state``: at a chance step, a deal drawn from a seed; once the match
    is over, nothing (hypothesis then rejects the example).

    >>> from hypothesis import given
    >>> from tablegames import texas42
    >>> start = texas42.new_match()
    >>> @given(legal_actions(start))
    ... def test_deal_is_legal(action):
    ...     assert start.check(action) is None
    >>> test_deal_is_legal()
    """
    if state.is_chance:
        return seeds().map(lambda seed: state.chance_outcome(random.Random(seed)))
    legal = state.legal_actions()
    if not legal:
        return st.nothing()
    return st.sampled_from(legal)


def actions(game: Game[S, R], rules: R | None = None) -> st.SearchStrategy[Any]:
    """Any action of ``game``'s finite action space under ``rules`` (default rules when None):
    legal or not in a given state.

    >>> from hypothesis import given
    >>> from tablegames import texas42
    >>> @given(actions(texas42.GAME))
    ... def test_prints_and_parses(action):
    ...     assert texas42.GAME.parse_action(str(action)) == action
    >>> test_prints_and_parses()
    """
    space = game.action_space(game.rules_type() if rules is None else rules)
    return st.sampled_from(tuple(space))


_NOISE = " \t\n:+-_0123456789abcdefghijklmnopqrstuvwxyzACDHJKQST♠♥♦♣\u00a0\u200b"


@st.composite
def notation(draw: st.DrawFn, game: Game[S, R], rules: R | None = None) -> str:
    """Text near ``game``'s notation, for testing parsers: a canonical action string (or a
    whole deal), perhaps re-cased, re-spaced, cut, with a word dropped, repeated or swapped,
    or a character changed; sometimes arbitrary text. Most of it is not an action.

    >>> from hypothesis import given
    >>> from tablegames import texas42
    >>> from tablegames.core.errors import NotationError
    >>> @given(notation(texas42.GAME))
    ... def test_parser_refuses_cleanly(text):
    ...     try:
    ...         texas42.GAME.parse_action(text)
    ...     except NotationError:
    ...         pass
    >>> test_parser_refuses_cleanly()
    """
    source = draw(st.integers(0, 9))
    if source == 0:
        return draw(st.text(max_size=40))
    text = str(draw(actions(game, rules)))
    if source == 1:  # a whole deal: the longest text a game reads
        start = game.new_match(game.rules_type() if rules is None else rules)
        if start.is_chance:
            text = str(start.chance_outcome(random.Random(draw(seeds()))))
    for _ in range(draw(st.integers(0, 3))):
        text = _mutate(draw, text)
    return text


def _mutate(draw: st.DrawFn, text: str) -> str:
    parts = text.split(" ")
    how = draw(st.integers(0, 8))
    if how == 0:
        return text.upper() if draw(st.booleans()) else text.lower()
    if how == 1:
        space = draw(st.sampled_from(("  ", "\t", " \n ", "")))
        return space.join(parts)
    if how == 2 and text:
        return text[: draw(st.integers(0, len(text) - 1))]
    if how == 3 and len(parts) > 1:
        del parts[draw(st.integers(0, len(parts) - 1))]
        return " ".join(parts)
    if how == 4:
        word = draw(st.sampled_from(parts))
        return " ".join([*parts, word])
    if how == 5 and len(parts) > 1:
        i = draw(st.integers(0, len(parts) - 2))
        parts[i], parts[i + 1] = parts[i + 1], parts[i]
        return " ".join(parts)
    if how == 6 and text:
        i = draw(st.integers(0, len(text) - 1))
        return text[:i] + draw(st.sampled_from(_NOISE)) + text[i + 1 :]
    if how == 7:
        i = draw(st.integers(0, len(text)))
        return text[:i] + draw(st.text(alphabet=_NOISE, min_size=1, max_size=3)) + text[i:]
    return text


@st.composite
def views(
    draw: st.DrawFn,
    game: Game[S, R],
    rules: R | st.SearchStrategy[R] | None = None,
    *,
    max_steps: int = 200,
    to_act: bool | Seat = False,
) -> Any:
    """What one seat may know in a reachable state: ``state.view(seat)`` for a drawn state
    (see :func:`states`) and a drawn seat of its table.

    With ``to_act=True`` the view is that of the seat that must act, in a state drawn with
    ``to_act=True``: its ``legal_actions`` are never empty (a bot's input). With ``to_act=k``,
    the view of seat ``k`` when it must act (the input of a bot that sits at seat ``k``).

    >>> from hypothesis import given
    >>> from tablegames import preference
    >>> @given(views(preference.GAME))
    ... def test_views_compare_by_value(view):
    ...     assert view == view
    >>> test_views_compare_by_value()
    >>> @given(views(preference.GAME, to_act=True))
    ... def test_the_seat_to_act_has_a_choice(view):
    ...     assert view.to_act == view.seat and view.legal_actions
    >>> test_the_seat_to_act_has_a_choice()
    """
    state = draw(states(game, rules, max_steps=max_steps, to_act=to_act))
    if to_act is not False:
        seat = state.to_act
        assert seat is not None  # (states drawn with to_act always have one)
        return state.view(seat)
    seat = draw(st.integers(0, game.seats(state.rules) - 1))
    return state.view(seat)
