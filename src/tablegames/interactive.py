"""Play a match at the terminal: you take one seat, agents (random by default) take the others.

Your moves are typed in the game's notation; anything illegal is refused with the rule it
breaks, and you are asked again. Cards show with suit symbols (``A♠``) and tiles as ``[6|4]``,
on the table, in the hints and in the refusals alike, and either spelling is accepted
(``play [6|1]`` or ``play 6:1``, ``play Q♦`` or ``play QD``); ``ascii=True`` prints plain
notation (``AS``, ``6:4``) for terminals without those symbols.

The screen tells the story as it goes (see :mod:`tablegames.render.story`): each call, each
trick and who took it, how each hand or deal ended and the score; before your turn a short
status (the facts, the trick so far, your hand), so what happened stays on the screen above it.
``look`` shows the whole table, ``help`` the legal moves.

>>> replies = iter(["bid 29", "pass", "quit"])
>>> from tablegames import texas42
>>> final = play(texas42.GAME, texas42.Rules(), seat=1, seed=1,
...              read=lambda prompt: next(replies), write=lambda line: None)
>>> final.phase.value, final.to_act          # seat 1 quit when its first tile was due
('play', 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tablegames.agents import RandomAgent, make_agent
from tablegames.core.errors import NotationError
from tablegames.core.game import Game, GameState
from tablegames.core.seats import Seat
from tablegames.render.story import example_move, status_lines, told
from tablegames.render.table_text import table_lines
from tablegames.render.text import action_text, actions_summary, notation_text, typed_notation


def _read_line(read: Callable[[str], str], prompt: str) -> str:
    try:
        return read(prompt).strip()
    except EOFError:  # the input ended (Ctrl-D, or a closed pipe): leave the table
        return "quit"


def play(
    game: Game[Any, Any],
    rules: object,
    seat: Seat,
    *,
    seed: int | None = None,
    read: Callable[[str], str] | None = None,
    write: Callable[[str], None] = print,
    ascii: bool = False,
    opponents: str = "random",
    pause: bool = False,
) -> GameState[Any]:
    """Play ``game`` as ``seat`` until the match ends or you type ``quit``; returns the state.

    ``read`` gets each prompt and returns the typed line (default: ``input``; the end of the
    input counts as ``quit``). ``opponents`` names the agent at the other seats (``random``,
    ``heuristic``, ``search`` or ``search:64``; see :func:`tablegames.agents.make_agent`).
    With ``pause`` the table waits for Enter after each hand or deal, before the next deal
    (the command line pauses unless ``--fast``).

    >>> from tablegames import quartets
    >>> final = play(quartets.GAME, quartets.Rules(players=3), seat=2, seed=5,
    ...              read=lambda prompt: "quit", write=lambda line: None)
    >>> final.to_act
    2
    """
    read = read or input
    rng = random.Random(seed)
    others = RandomAgent(rng) if opponents == "random" else make_agent(opponents)
    state: GameState[Any] = game.new_match(rules)
    write(
        f"{game.title}: you are seat {seat}. Type a move, 'help' for the legal ones, 'look' for"
        " the whole table, 'quit' to leave."
    )

    def show(text: str) -> str:
        return notation_text(text, ascii=ascii)

    def step(action: object, by: Seat | None = None) -> None:
        nonlocal state
        before, state = state, state.apply(action, seat=by)
        for line in told(before, action, state, you=seat, ascii=ascii):
            write(line)

    shown: GameState[Any] | None = None
    while not state.is_over:
        if state.is_chance:
            if pause and state.view(seat).results:  # not before the first deal
                reply = _read_line(read, "Press Enter for the next deal ('quit' to leave): ")
                if reply == "quit":
                    return state
            step(state.chance_outcome(rng))
            continue
        if state.to_act != seat:
            mover = state.to_act
            assert mover is not None
            step(others.choose(state.view(mover), rng))
            continue
        if state is not shown:
            for line in status_lines(state.view(seat), ascii=ascii):
                write(line)
            shown = state
        legal = state.legal_actions()
        example = action_text(example_move(state.view(seat), legal), ascii=ascii)
        text = _read_line(read, f"your move (e.g. {example}): ")
        if text == "quit":
            return state
        if text in ("help", "?"):
            write("legal: " + actions_summary(legal, ascii=ascii))
            continue
        if text == "look":
            for line in table_lines(state.view(seat), ascii=ascii):
                write(line)
            continue
        try:
            action = game.parse_action(typed_notation(text))
        except NotationError as exc:
            write(f"Not a move: {show(str(exc))}")
            continue
        violation = state.check(action, seat=seat)
        if violation is not None:
            write(f"Refused ({violation.code.value}): {show(violation.message)}")
            continue
        step(action, seat)
    winners = state.winners
    label = "Winner: seat" if len(winners) == 1 else "Winners: seats"
    names = ", ".join(map(str, winners[:-1])) + " and " * (len(winners) > 1) + str(winners[-1])
    verdict = "you won" if seat in winners else "you lost"
    write(f"The match is over. {label} {names}: {verdict}.")
    return state
