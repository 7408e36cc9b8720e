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

from collections.abc import Sequence
from typing import TypeVar

from tablegames.core.actions import Deal
from tablegames.core.game_state import GameState
from tablegames.core.seats import Seat

from .teller import Lines, Telling
from .tellers import TELLERS
from .text import action_text, notation_text

__all__ = ["deal_word", "example_move", "status_lines", "told"]

A = TypeVar("A")


def told(
    before: GameState[A],
    action: object,
    after: GameState[A],
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
    kind = _teller(after.view(0))
    if kind is None:  # a game from elsewhere: each move in the notation
        if isinstance(action, Deal):
            return ["deal"]
        return [f"seat {before.to_act}: {action_text(action, ascii=ascii)}"]
    lines = kind(you, ascii).tell(before, action, after)
    return [notation_text(line, ascii=ascii) for line in lines]


def status_lines(view: object, *, ascii: bool = False) -> Lines:
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
    kind = _teller(view)
    if kind is None:
        raise TypeError(f"no status lines for a {type(view).__name__}: not a built-in game's view")
    lines = kind.status_of(view, ascii)
    return [notation_text(line, ascii=ascii) for line in lines]


def example_move(view: object, legal: Sequence[A]) -> A:
    """The legal action the prompt shows as an example (``your move (e.g. pass)``): the first,
    except that Quartets skips an ask the seat asked has just answered with none.

    >>> from tablegames import texas42
    >>> example_move(texas42.new_match().view(0), (texas42.PASS,))
    Pass()
    """
    kind = _teller(view)
    return legal[0] if kind is None else kind(None, False).example(view, legal)


def deal_word(view: object) -> str:
    """What the game calls one deal of the pieces: ``hand`` in Texas 42, else ``deal``.

    >>> from tablegames import texas42
    >>> deal_word(texas42.new_match().view(0))
    'hand'
    """
    kind = _teller(view)
    return "deal" if kind is None else kind.hand


def _teller(view: object) -> type[Telling] | None:
    """The teller of the game whose view ``view`` is (or derives from: house rules), or None."""
    return next((TELLERS[kind] for kind in type(view).__mro__ if kind in TELLERS), None)
