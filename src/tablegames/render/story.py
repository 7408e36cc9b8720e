"""What happened at the table, told in the words of each game: the lines terminal play and
the demo print after each move (each game's words are in :mod:`tablegames.render.tellers`).

:func:`told` tells one move: a call in the notation, a finished trick and who took it, how a
hand or deal ended (the bid made or set, points or tricks per side, the score change, the chips
paid) and the score after it. Everything told is public: it is read from a seat's view (the
tricks, the results) and from the move itself, so a player is told nothing its seat may not
know. :func:`status_lines` is the short status shown before a player's turn, and
:func:`example_move` the move its prompt suggests.

>>> import random
>>> from tablegames import texas42
>>> state = texas42.new_match()
>>> deal = state.chance_outcome(random.Random(1))
>>> told(state, deal, state.apply(deal), you=2)[:3]
['', 'Hand 1: seat 0 deals.', '  you hold [0|0] [1|0] [2|0] [4|2] [4|3] [6|4] [6|5]']
"""

from __future__ import annotations

from typing import Any

from tablegames.core.actions import Deal, Play
from tablegames.core.game import GameState
from tablegames.core.seats import Seat

from .games import scene_of
from .tellers import TELLERS, Lines
from .text import action_text, notation_text, piece_text


def told(
    before: GameState[Any],
    action: object,
    after: GameState[Any],
    *,
    you: Seat | None = None,
    ascii: bool = False,
) -> Lines:
    """The lines that tell ``action``, which took ``before`` to ``after``. ``you`` is the seat
    of the player watching (its own hand is shown after a deal, and its moves are marked
    ``(you)``); ``None`` for a spectator of a demo, who sees every hand after a deal.

    A play is told when its trick is complete (one line: the trick and its winner); a hand's
    or deal's end adds its result and the score.

    >>> import random
    >>> from tablegames import preference
    >>> state = preference.new_match()
    >>> state = state.apply(state.chance_outcome(random.Random(3)))
    >>> told(state, preference.PASS, state.apply(preference.PASS), you=2)
    ['seat 1: pass']
    """
    kind = TELLERS.get(_kind(after.view(0)))
    if kind is None:  # a game from elsewhere: each move in the notation
        if isinstance(action, Deal):
            return ["deal"]
        return [f"seat {before.to_act}: {action_text(action, ascii=ascii)}"]
    game = kind(you, ascii)
    viewer = 0 if you is None else you
    was, now = before.view(viewer), after.view(viewer)
    if before.is_chance:
        return game.dealt(after, now)
    mover = before.to_act
    assert mover is not None
    lines: Lines = []
    ended = len(now.results) > len(was.results)
    if isinstance(action, Play):
        if len(now.tricks) > len(was.tricks):
            plays, winner = scene_of(now).last_trick or ((), mover)
            lines.append(game.trick(len(now.tricks), plays, winner))
            lines.extend(game.after_trick(was, now))
        elif ended:
            plays = (*was.trick, (mover, action.piece))
            lines.append(game.trick(len(was.tricks) + 1, plays, game.last_winner(was, now)))
    else:
        lines.extend(game.move(before, action, after))
    if ended:
        lines.extend(game.result(now))
    return [notation_text(line, ascii=ascii) for line in lines]


def status_lines(view: Any, *, ascii: bool = False) -> Lines:
    """A short status of the table for the seat whose view it is, shown before its turn: the
    phase and the facts (trump, contract, scores) on one line, the trick so far, and its hand.

    >>> import random
    >>> from tablegames import texas42
    >>> state = texas42.new_match()
    >>> state = state.apply(state.chance_outcome(random.Random(1)))
    >>> for line in status_lines(state.view(1), ascii=True):
    ...     print(line)
      [bid] score: you 0, they 0 (game to 250)
      hand: 3:0 5:0 5:1 5:4 6:1 6:2 6:3
    """
    game = TELLERS[_kind(view)](view.seat, ascii)
    lines = [f"  [{view.phase.value}] " + " · ".join(game.facts(view))]
    trick = getattr(view, "trick", ())  # the trick so far (Quartets has none)
    if trick:
        shown = ", ".join(f"seat {s} {piece_text(p, ascii=ascii)}" for s, p in trick)
        lines.append(f"  trick so far: {shown}")
    lines.extend(game.hand_lines(view))
    return [notation_text(line, ascii=ascii) for line in lines]


def example_move(view: Any, legal: tuple[Any, ...]) -> Any:
    """The legal action the prompt shows as an example (``your move (e.g. pass)``): the first,
    except that Quartets skips an ask the seat asked has just answered with none.

    >>> from tablegames import texas42
    >>> example_move(texas42.new_match().view(0), (texas42.PASS,))
    Pass()
    """
    kind = TELLERS.get(_kind(view))
    return legal[0] if kind is None else kind(view.seat, False).example(view, legal)


def deal_word(view: Any) -> str:
    """What the game calls one deal of the pieces: ``hand`` in Texas 42, else ``deal``.

    >>> from tablegames import texas42
    >>> deal_word(texas42.new_match().view(0))
    'hand'
    """
    kind = TELLERS.get(_kind(view))
    return "deal" if kind is None else kind.hand


def _kind(view: object) -> type | None:
    """The game view class ``view`` is (or derives from: house rules), or None."""
    return next((kind for kind in type(view).__mro__ if kind in TELLERS), None)
