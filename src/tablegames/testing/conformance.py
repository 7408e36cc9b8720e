"""Conformance checks every game passes, usable on any game that meets the contract.

Each ``check_*`` raises :class:`~tablegames.errors.ConformanceError` (an ``AssertionError`` and a
``TableGamesError``) with a sentence naming the broken invariant on the first failure. The checks
never use ``assert``, so they check under ``python -O`` too.

>>> from tablegames import texas42
>>> final = check_playthrough(texas42.GAME, texas42.Rules(target=60), seed=3)
>>> final.is_over
True
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from tablegames.core.actions import Deal
from tablegames.core.errors import ConformanceError, IllegalActionError
from tablegames.core.game import Game, GameState, play_randomly, random_action
from tablegames.core.violations import Violation

StateCheck = Callable[[Any], None]

S = TypeVar("S", bound=GameState[Any])
"""A game's state class (generic functions tie a game to its states)."""
R = TypeVar("R")
"""A game's rules class."""


def require(condition: object, message: str) -> None:
    """Raise :class:`ConformanceError` with ``message`` (the invariant) unless ``condition``.

    >>> require(1 + 1 == 2, "arithmetic works") is None
    True
    """
    if not condition:
        raise ConformanceError(message)


def check_conservation(game: Game[S, R], state: S) -> None:
    """Every piece of the game's deck is in exactly one zone.

    >>> from tablegames import texas42
    >>> check_conservation(texas42.GAME, texas42.new_match()) is None
    True
    """
    seen = 0
    total = 0
    for name, zone in state.zones().items():
        require(
            seen & zone.mask == 0, f"conservation: a piece is in {name} and in another zone too"
        )
        seen |= zone.mask
        total += len(zone)
    require(
        seen == game.deck.mask,
        "conservation: some pieces are in no zone, or a zone holds a foreign piece",
    )
    require(total == len(game.deck), "conservation: the zones hold more pieces than the deck")


def check_actions(game: Game[S, R], state: S, refusals: bool = True) -> None:
    """Legal actions exist iff a seat must act; each applies; every other action is refused
    with a violation, by ``check`` and by ``apply``, and the state is left as it was.

    >>> from tablegames import texas42
    >>> state = texas42.new_match()
    >>> check_actions(texas42.GAME, state.apply(state.chance_outcome(random.Random(0)))) is None
    True
    """
    legal = state.legal_actions()
    require(
        bool(legal) == (state.to_act is not None),
        f"legal actions {'present' if legal else 'missing'} with to_act={state.to_act}",
    )
    require(len(set(legal)) == len(legal), "legal actions: an action is listed twice")
    require(legal == state.legal_actions(), "legal actions are not deterministic")
    if state.is_over:
        require(
            state.to_act is None and not state.is_chance and state.winners,
            "a match that is over has nobody to act, no chance step and winners",
        )
    for action in legal:
        require(state.check(action) is None, f"{action} is listed but refused")
        require(
            state.check(action, seat=state.to_act) is None,
            f"{action} is listed but refused from the seat to act",
        )
        after = state.apply(action)
        require(after is not state, f"apply({action}) returned the same state object")
    if state.to_act is not None:
        other = (state.to_act + 1) % game.seats(state.rules)
        if other != state.to_act and legal:
            violation = state.check(legal[0], seat=other)
            require(
                isinstance(violation, Violation) and violation.code.value == "out_of_turn",
                f"{legal[0]} from seat {other} out of turn is not refused as out_of_turn",
            )
    if not refusals:
        return
    before = state.fingerprint()
    listed = set(legal)
    for action in game.action_space(state.rules):
        if action in listed:
            continue
        violation = state.check(action)
        if not isinstance(violation, Violation):
            raise ConformanceError(f"{action} is not listed but accepted")
        require(
            violation.message.endswith("."),
            f"violation sentence unfinished: {violation.message!r}",
        )
        try:
            state.apply(action)
        except IllegalActionError as exc:
            require(exc.violation == violation, f"apply({action}) and check disagree on the rule")
        else:
            raise ConformanceError(f"apply({action}) did not raise")
    require(state.fingerprint() == before, "a refused action changed the state")


def check_notation(game: Game[S, R], actions: Sequence[object]) -> None:
    """Every action prints to text that parses back to it.

    >>> from tablegames import texas42
    >>> check_notation(texas42.GAME, texas42.action_space(texas42.Rules())) is None
    True
    """
    for action in actions:
        text = str(action)
        require(game.parse_action(text) == action, f"notation: {text!r} does not parse back")


def check_view(state: S, seat: int, rng: random.Random) -> None:
    """A state sampled for ``seat`` looks the same to ``seat``, so the view leaks nothing
    about how the hidden pieces lie.

    >>> from tablegames import texas42
    >>> state = texas42.new_match()
    >>> state = state.apply(state.chance_outcome(random.Random(1)))
    >>> check_view(state, 1, random.Random(2)) is None
    True
    """
    sampled = state.sample(seat, rng)
    require(sampled.view(seat) == state.view(seat), "sampling changed what the seat sees")
    require(
        sampled.to_act == state.to_act and sampled.phase == state.phase,
        "sampling changed whose turn it is or the phase",
    )


def check_view_sample(state: S, seat: int, rng: random.Random) -> None:
    """When the game's view offers ``sample(rng)``: the full state it builds from the view
    alone looks to ``seat`` exactly like the view, has the same turn, phase and legal actions,
    and its history holds this deal's actions only (it starts at the deal, not the match).

    A view whose ``sample`` gives a state of another type than ``state``'s (a wrapper game
    whose views are its inner game's and do not know the wrapper) is not checked; house rules'
    views do know theirs (:func:`tablegames.house.house_view_type`).

    >>> from tablegames import quartets
    >>> state = quartets.new_match()
    >>> state = state.apply(state.chance_outcome(random.Random(1)))
    >>> check_view_sample(state, 2, random.Random(2)) is None
    True
    """
    view = state.view(seat)
    sample = getattr(view, "sample", None)
    if sample is None:
        return
    world = sample(rng)
    if type(world) is not type(state):
        return
    require(world.view(seat) == view, "view.sample gives a state the seat sees otherwise")
    require(
        world.to_act == state.to_act and world.phase == state.phase,
        "view.sample changed whose turn it is or the phase",
    )
    require(
        world.legal_actions() == state.legal_actions() or world.to_act != seat,
        "view.sample changed the seat's legal actions",
    )
    require(
        len(world.history) <= len(state.history),
        "view.sample gives a longer history than the state's",
    )


def check_round_trips(game: Game[S, R], state: S) -> None:
    """Records replay, JSON reads back equal, states compare and hash by value.

    >>> from tablegames import texas42
    >>> state = texas42.new_match()
    >>> check_round_trips(texas42.GAME, state.apply(state.chance_outcome(random.Random(1)))) is None
    True
    """
    replayed = game.replay(game.record(state))
    require(replayed == state and hash(replayed) == hash(state), "the record does not replay")
    loaded = game.state_from_json(game.state_to_json(state))
    require(loaded == state, "JSON does not read back equal")
    require(loaded.history == state.history, "JSON does not read back the same history")
    check_copies(game, state)


def check_copies(game: Game[S, R], state: S) -> None:
    """pickle, copy and deepcopy give equal states, views, records and zones.

    >>> from tablegames import texas42
    >>> state = texas42.new_match()
    >>> check_copies(texas42.GAME, state.apply(state.chance_outcome(random.Random(1)))) is None
    True
    """
    seat = state.to_act if state.to_act is not None else 0
    originals: list[object] = [state, state.view(seat), game.record(state), *state.zones().values()]
    for original in originals:
        kind = type(original).__name__
        for how, copied in (
            ("pickle", pickle.loads(pickle.dumps(original))),
            ("copy", copy.copy(original)),
            ("deepcopy", copy.deepcopy(original)),
        ):
            require(copied == original, f"{how} of a {kind} does not give an equal {kind}")
    copied_state = pickle.loads(pickle.dumps(state))
    require(copied_state.history == state.history, "pickle of a state loses its history")


def check_state(
    game: Game[S, R],
    state: S,
    rng: random.Random,
    refusals: bool = True,
    views: bool = True,
) -> None:
    """All per-step checks on one state.

    >>> from tablegames import texas42
    >>> state = texas42.new_match()
    >>> check_state(texas42.GAME, state, random.Random(1)) is None
    True
    """
    check_conservation(game, state)
    check_actions(game, state, refusals)
    check_notation(game, state.legal_actions())
    if views and state.to_act is not None:
        check_view(state, state.to_act, rng)
        check_view(state, (state.to_act + 1) % game.seats(state.rules), rng)
        check_view_sample(state, state.to_act, rng)


def check_playthrough(
    game: Game[S, R],
    rules: R,
    seed: int,
    *,
    max_steps: int = 20_000,
    refusal_every: int = 1,
    view_every: int = 1,
    extra: Sequence[StateCheck] = (),
) -> S:
    """Play a whole match at random from ``seed``, checking every state on the way.

    ``refusal_every`` tries the whole action space on every n-th state and ``view_every``
    samples states behind the views on every n-th state (the costly checks); ``extra`` are
    game-specific checks run on every state. Returns the final state.

    >>> from tablegames import texas42
    >>> check_playthrough(texas42.GAME, texas42.Rules(target=40), seed=1).is_over
    True
    """
    rng = random.Random(seed)
    probe = random.Random(seed ^ 0x5EED)
    check_notation(game, game.action_space(rules))
    state: S = game.new_match(rules)
    for step in range(max_steps):
        check_state(
            game,
            state,
            probe,
            refusals=step % refusal_every == 0,
            views=step % view_every == 0,
        )
        for check in extra:
            check(state)
        if state.is_over:
            break
        action = random_action(state, rng)
        if isinstance(action, Deal):
            require(game.parse_action(str(action)) == action, "a deal does not parse back")
        state = state.apply(action)
    else:
        raise ConformanceError(f"the match did not end within {max_steps} actions")
    check_round_trips(game, state)
    again = play_randomly(game.new_match(rules), random.Random(seed), max_steps)
    require(
        again == state and again.history == state.history,
        "the same seed gave another match",
    )
    violation = state.check(game.action_space(rules)[0])
    require(
        violation is not None and violation.code.value == "game_over",
        "an action after the end is not refused as game_over",
    )
    return state
