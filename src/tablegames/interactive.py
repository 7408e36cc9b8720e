"""Play a match at the terminal: you take one seat, random players take the others.

Your moves are typed in the game's notation; anything illegal is refused with the rule it
breaks, and you are asked again.

>>> replies = iter(["bid 29", "pass", "quit"])
>>> from tablegames import texas42
>>> final = play(texas42.GAME, texas42.Rules(), seat=1, seed=1,
...              read=lambda prompt: next(replies), write=lambda line: None)
>>> final.phase.value, final.to_act          # seat 1 quit when its first tile was due
('play', 1)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable
from typing import Any

import attrs

from tablegames.agents import RandomAgent
from tablegames.core.errors import NotationError
from tablegames.core.game import Game, GameState
from tablegames.core.seats import Seat
from tablegames.pieces.sets import PieceSet

_HIDDEN = {"seat", "legal_actions", "results", "history"}
_LONG = 8


def describe(view: object) -> list[str]:
    """One line per non-empty field of a seat's view, for people.

    >>> from tablegames import texas42
    >>> describe(texas42.new_match().view(0))[:2]
    ['  phase: deal', '  dealer: 0']
    """
    cls = type(view)
    if not attrs.has(cls):
        return [f"  {view}"]
    lines = []
    for field in attrs.fields(cls):
        value = getattr(view, field.name)
        if field.name in _HIDDEN or value is None or value == ():
            continue
        lines.append(f"  {field.name.replace('_', ' ')}: {_text(value)}")
    return lines


def _text(value: Any) -> str:
    if isinstance(value, PieceSet):
        return str(value) or "(none)"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple):
        shown = value[-_LONG:]
        items = ", ".join(_text(v) for v in shown)
        return f"(... {items})" if len(value) > _LONG else f"({items})"
    return str(value)


def play(
    game: Game[Any, Any],
    rules: Any,
    seat: Seat,
    *,
    seed: int | None = None,
    read: Callable[[str], str] | None = None,
    write: Callable[[str], None] = print,
) -> GameState[Any]:
    """Play ``game`` as ``seat`` until the match ends or you type ``quit``; returns the state.

    ``read`` gets each prompt and returns the typed line (default: ``input``).

    >>> from tablegames import quartets
    >>> final = play(quartets.GAME, quartets.Rules(players=3), seat=2, seed=5,
    ...              read=lambda prompt: "quit", write=lambda line: None)
    >>> final.to_act
    2
    """
    read = read or input
    rng = random.Random(seed)
    others = RandomAgent(rng)
    state: GameState[Any] = game.new_match(rules)
    write(f"{game.title}: you are seat {seat}. Type a move, 'help' for the legal ones, 'quit'.")
    shown: GameState[Any] | None = None
    while not state.is_over:
        if state.is_chance:
            state = state.apply(state.chance_outcome(rng))
            write("The pieces are shuffled and dealt.")
            continue
        if state.to_act != seat:
            mover, action = state.to_act, others.choose(state)
            state = state.apply(action)
            write(f"seat {mover}: {action}")
            continue
        if state is not shown:
            for line in describe(state.view(seat)):
                write(line)
            shown = state
        legal = state.legal_actions()
        text = read(f"your move (e.g. {legal[0]}): ").strip()
        if text == "quit":
            return state
        if text in ("help", "?"):
            write("legal: " + ", ".join(str(a) for a in legal))
            continue
        try:
            action = game.parse_action(text)
        except NotationError as exc:
            write(f"Not a move: {exc}")
            continue
        violation = state.check(action, seat=seat)
        if violation is not None:
            write(f"Refused ({violation.code.value}): {violation.message}")
            continue
        state = state.apply(action, seat=seat)
    write(f"The match is over. Winners: seats {', '.join(map(str, state.winners))}.")
    return state
