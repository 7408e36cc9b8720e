"""A whole Texas 42 match played by random players, told hand by hand; tiles show as
``[6|4]`` (``6:4`` with ``ascii``).

>>> lines = list(narrate(seed=1))
>>> lines[0]
'Texas 42 — random players, seed 1. Seats 0 and 2 play seats 1 and 3.'
>>> lines[-1].startswith('Winners: seats')
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from tablegames.core.actions import Deal, Pass
from tablegames.core.game import random_action
from tablegames.pieces.dominoes import DOMINOES
from tablegames.render.text import action_text, piece_text, pieces_text
from tablegames.tricks.table import Trick

from .actions import Bid, SpecialBid, Trump
from .contracts import SEVENS, contract_name, is_nello
from .model import COUNT
from .rules import Rules
from .state import HandResult, Texas42State, new_match


def narrate(
    seed: int, players: int | None = None, rules: Rules | None = None, *, ascii: bool = False
) -> Iterator[str]:
    """Yield the lines of a demo match; ``players`` must be 4 or None.

    >>> next(narrate(seed=3))
    'Texas 42 — random players, seed 3. Seats 0 and 2 play seats 1 and 3.'
    >>> [line for line in narrate(seed=3) if "holds" in line][0]
    '  seat 0 holds [3|1] [3|2] [4|0] [4|1] [6|2] [6|3] [6|5]'
    """
    if players not in (None, 4):
        raise ValueError("Texas 42 is for exactly 4 players")
    rng = random.Random(seed)
    state: Texas42State = new_match(rules or Rules())
    yield f"Texas 42 — random players, seed {seed}. Seats 0 and 2 play seats 1 and 3."
    hand_no = 0
    while not state.is_over:
        action = random_action(state, rng)
        seat = state.to_act
        before, state = state, state.apply(action)
        if isinstance(action, Deal):
            hand_no += 1
            yield ""
            yield f"Hand {hand_no}: seat {before.dealer} deals."
            for s in range(4):
                yield f"  seat {s} holds {pieces_text(state.hand(s), ascii=ascii)}"
        elif isinstance(action, (Bid, Pass, SpecialBid)):
            yield f"  seat {seat}: {action_text(action, ascii=ascii)}"
        elif isinstance(action, Trump):
            yield _trump_line(seat, action.suit, state)
        if len(state.results) > len(before.results):
            yield from _hand_lines(state.results[-1], state, ascii)
        elif state.table and before.table and len(state.table.tricks) > len(before.table.tricks):
            yield _trick_line(len(state.table.tricks), state.table.tricks[-1], ascii)
    yield ""
    high, low = max(state.scores), min(state.scores)
    yield f"Winners: seats {' and '.join(map(str, state.winners))}, {high} to {low}."


def _trump_line(seat: int | None, trump: int, state: Texas42State) -> str:
    if is_nello(trump):
        return (
            f"  seat {seat} names {contract_name(trump)} and leads; seat {state.aside_seat} lays "
            "its tiles aside face down"
        )
    if trump == SEVENS:
        return f"  seat {seat} names sevens and leads"
    leader = "" if state.contract == "bid" else f" for seat {state.bidder}'s {state.contract}"
    return f"  seat {seat} names {contract_name(trump)} as trumps{leader} and leads"


def _trick_line(number: int, trick: Trick, ascii: bool) -> str:
    plays = ", ".join(
        f"seat {s} {piece_text(DOMINOES[p], ascii=ascii)}"
        for s, p in zip(trick.seats, trick.pieces)
    )
    count = sum(COUNT[p] for p in trick.pieces)
    points = f"{1 + count} point{'s' if count else ''}"
    return f"  trick {number}: {plays} -> seat {trick.winner} ({points})"


def _hand_lines(result: HandResult, state: Texas42State, ascii: bool) -> Iterator[str]:
    if result.thrown_in:
        yield "  all four passed: the hand is thrown in"
    else:
        yield _trick_line(len(result.played), result.played[-1], ascii)
        outcome = "made" if result.made else "set"
        what = f"{result.contract} ({result.bid})" if result.contract != "bid" else result.bid
        if is_nello(result.trump) or result.trump == SEVENS:
            what = f"{result.bid}, {contract_name(result.trump)},"  # type: ignore[arg-type]
        yield (
            f"  bid {what} by seat {result.bidder}: {outcome}. Points taken: seats 0&2 "
            f"{result.points[0]}, seats 1&3 {result.points[1]}; recorded {result.score[0]} "
            f"and {result.score[1]}"
        )
    yield f"  score: seats 0&2 {state.scores[0]}, seats 1&3 {state.scores[1]}"
