"""A whole Texas 42 match played by random players, told hand by hand.

>>> lines = list(narrate(seed=1))
>>> lines[0]
'Texas 42 — random players, seed 1. Seats 0 and 2 play seats 1 and 3.'
>>> lines[-1].startswith('Winners:')
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from tablegames.core.actions import Deal, Pass, Play
from tablegames.core.game import random_action

from .actions import Bid, Trump
from .model import SUIT_NAMES
from .rules import Rules
from .state import Phase, Texas42State, new_match


def narrate(seed: int, players: int | None = None, rules: Rules | None = None) -> Iterator[str]:
    """Yield the lines of a demo match; ``players`` must be 4 or None."""
    if players not in (None, 4):
        raise ValueError("Texas 42 is for exactly 4 players")
    rng = random.Random(seed)
    state: Texas42State = new_match(rules or Rules())
    yield f"Texas 42 — random players, seed {seed}. Seats 0 and 2 play seats 1 and 3."
    hand_no = 0
    while not state.is_over:
        action = random_action(state, rng)
        seat = state.to_act
        before = state
        state = state.apply(action)
        if isinstance(action, Deal):
            hand_no += 1
            yield ""
            yield f"Hand {hand_no}: seat {before.dealer} deals."
            for s in range(4):
                yield f"  seat {s} holds {state.hand(s)}"
        elif isinstance(action, (Bid, Pass)):
            yield f"  seat {seat}: {action}"
        elif isinstance(action, Trump):
            yield f"  seat {seat} names {SUIT_NAMES[action.suit]} trumps and leads"
        elif isinstance(action, Play):
            table = before.table
            assert table is not None
            if len(table.pieces) == 3:
                trick = [*zip(table.seats_in_trick, (str(p) for p in before.trick_tiles)), (seat, str(action.piece))]
                plays = ", ".join(f"seat {s} {t}" for s, t in trick)
                done = state.table.tricks[-1] if state.phase is Phase.PLAY and state.table else None
                winner = done.winner if done else _last_winner(before, action)
                yield f"  trick {len(table.tricks) + 1}: {plays} -> seat {winner}"
        if state.results and len(state.results) > len(before.results):
            result = state.results[-1]
            if result.thrown_in:
                yield "  all four passed: the hand is thrown in"
            else:
                outcome = "made" if result.made else "set"
                yield (
                    f"  bid {result.bid} by seat {result.bidder}: {outcome}; points taken "
                    f"{result.points[0]} (seats 0&2) and {result.points[1]} (seats 1&3); "
                    f"scored {result.score[0]} and {result.score[1]}"
                )
            yield f"  score: seats 0&2 {state.scores[0]}, seats 1&3 {state.scores[1]}"
    yield ""
    yield f"Winners: seats {' and '.join(str(s) for s in state.winners)} with {max(state.scores)} to {min(state.scores)}."


def _last_winner(before: Texas42State, action: Play[object]) -> int:
    table = before.table
    assert table is not None and before.trump is not None
    from tablegames.tricks.winner import trick_winner

    from .model import MODELS

    pieces = (*table.pieces, action.piece.index)  # type: ignore[attr-defined]
    seats = (*table.seats_in_trick, table.to_play)
    return seats[trick_winner(pieces, MODELS[before.trump])]
