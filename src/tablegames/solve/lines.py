"""The solver's check of a game's hooks against what its search takes from them, on two lines
played to the end of the hand through the engine (:func:`check_lines`).
"""

from __future__ import annotations

from typing import Any

from tablegames.core.errors import TableGamesError
from tablegames.tricks.follow import legal_plays
from tablegames.tricks.play import Position, TrickPlay, without

from .entries import TrickEnd, last_winner

__all__ = ["check_lines"]


def check_lines(
    engine: TrickPlay[Any, Any, Any, Any],
    position: Position,
    trick_end: TrickEnd,
    *,
    predict: bool,
    ends_early: bool,
    quick: list[bool],
) -> None:
    """Play two lines from ``position`` to the end of the hand through the engine (the
    first legal piece at each turn, then the last) and raise unless the game's hooks keep
    to what the search's shortcuts take from them: with no ``after_trick``, a trick's end
    takes its pieces out of the hands and its winner leads; with no ``ends_early``, the
    hand ends as the hands run out; the hook ``tricks_left`` counts no fewer tricks than
    are played; and a trick is worth what its pieces' values say (checked as each trick's
    end is worked out). A game that breaks one of them is refused, never solved wrong
    along these lines (each trick of the search checks the first two again as it meets
    them, where it asks the engine). ``quick`` (the leader's quick tricks, then any quick
    trick) is turned off where the engine does otherwise than they take.
    """
    hooks = engine.valuation
    finish = engine.finish_trick
    for pick in (0, -1):
        hands, pieces, part, tally = position
        tricks = 0
        expected = None if hooks.tricks_left is None else hooks.tricks_left(part, hands, tally)
        while True:
            seat = tally.turns[len(pieces)]
            mask = legal_plays(hands[seat], pieces, tally.model)
            choices = [piece for piece in range(mask.bit_length()) if mask >> piece & 1]
            pieces = (*pieces, choices[pick])
            if len(pieces) < len(tally.turns):
                continue
            trick_end(pieces)
            part, after, tally, result = finish(part, hands, tally, pieces)
            tricks += 1
            left = without(hands, pieces)
            winner = last_winner(tally)
            leads = result is not None or tally.turns[0] == winner or not after[winner]
            kept = all(hand & held == held for hand, held in zip(after, left, strict=True))
            if predict and result is None and (after != left or not leads):
                raise TableGamesError(
                    "The engine ended a trick otherwise than the solver expects: a game "
                    "that changes the hands or the leader after a trick needs after_trick."
                )
            if not leads:  # the winner does not lead on: no leader's quick tricks
                quick[0] = False
            if not kept:  # a piece left a hand unplayed: no quick tricks at all
                quick[0] = quick[1] = False
            if not ends_early and (result is None) != any(after):
                raise TableGamesError(
                    "The engine ended a hand otherwise than the solver expects: a game "
                    "whose hand may end before the hands run out needs ends_early."
                )
            if expected is not None and tricks > expected:
                raise TableGamesError(
                    "The hand lasted more tricks than the game's tricks_left said."
                )
            if result is not None:
                break
            hands, pieces = after, ()
