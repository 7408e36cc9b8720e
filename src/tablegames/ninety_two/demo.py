"""A whole Ninety-Two match played by random players, told deal by deal; cards show as
``A♠`` (``AS`` with ``ascii``).

>>> lines = list(narrate(seed=1, players=6))
>>> lines[0]
'Ninety-Two — 6 random players, seed 1. Game to 92; teams change every deal.'
>>> lines[-1].startswith('Winner')
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from tablegames.core.actions import Deal, Pass, Play
from tablegames.core.game import random_action
from tablegames.pieces.cards import CARDS, Card
from tablegames.render.text import action_text, piece_text, pieces_text, plural

from .actions import Bid, Partners
from .model import duplicate_two
from .rules import Rules
from .state import NinetyTwoState, new_match


def narrate(
    seed: int, players: int | None = None, rules: Rules | None = None, *, ascii: bool = False
) -> Iterator[str]:
    """Yield the lines of a demo match with ``players`` (4, 6 or 8; default 4).

    >>> next(narrate(seed=2, players=8))
    'Ninety-Two — 8 random players, seed 2. Game to 92; teams change every deal.'
    >>> [line for line in narrate(seed=2, ascii=True) if "trick 1:" in line][0]
    '  trick 1: seat 2 5H, seat 3 JC, seat 0 6H, seat 1 QH -> seat 1'
    """
    if rules is None:
        rules = Rules(players=players or 4)
    elif players is not None and players != rules.players:
        raise ValueError(f"rules are for {rules.players} players, not {players}")
    rng = random.Random(seed)
    state: NinetyTwoState = new_match(rules)
    n = rules.players
    yield (
        f"Ninety-Two — {n} random players, seed {seed}. "
        f"Game to {rules.target}; teams change every deal."
    )
    deal_no = 0
    while not state.is_over:
        action = random_action(state, rng)
        seat = state.to_act
        before = state
        state = state.apply(action)
        if isinstance(action, Deal):
            deal_no += 1
            yield ""
            stock = len(state.stock)
            yield f"Deal {deal_no}: seat {before.dealer} deals; {stock} cards in the stock."
            for s in range(n):
                yield f"  seat {s} holds {pieces_text(state.hand(s), ascii=ascii)}"
        elif isinstance(action, (Bid, Pass)):
            yield f"  seat {seat}: {action_text(action, ascii=ascii)}"
        elif isinstance(action, Partners):
            trump = before.trump
            assert trump is not None
            names = " and ".join(f"seat {p}" for p in action.seats)
            yield (
                f"  seat {seat} takes {names} as partners; {trump.plural} are trumps "
                f"(duplicate two: {piece_text(duplicate_two(trump), ascii=ascii)}); "
                f"seat {seat} leads"
            )
        elif isinstance(action, Play):
            yield from _trick_lines(before, state, action, ascii)
        if len(state.results) > len(before.results):
            yield from _result_lines(state, ascii)
    yield ""
    best = max(state.scores)
    who = " and ".join(f"seat {s}" for s in state.winners)
    label = "Winners" if len(state.winners) > 1 else "Winner"
    yield f"{label}: {who} with {best} points."


def _trick_lines(
    before: NinetyTwoState, after: NinetyTwoState, action: Play[Card], ascii: bool
) -> Iterator[str]:
    table = before.table
    assert table is not None
    if len(table.pieces) + 1 < len(table.order):
        return
    trick_no = len(table.tricks) + 1
    seats = (*table.seats_in_trick, table.to_play)
    cards = (*before.trick_cards, action.piece)
    plays = ", ".join(f"seat {s} {piece_text(c, ascii=ascii)}" for s, c in zip(seats, cards))
    ended = len(after.results) > len(before.results)
    if not ended and after.table is not None:
        winner = after.table.tricks[-1].winner
    else:
        winner = _winner_of_last(before, after)
    yield f"  trick {trick_no}: {plays} -> seat {winner}"
    if not ended:
        drawn = [
            (s, after.hands[s] & ~before.hands[s])
            for s in range(before.rules.players)
            if after.hands[s] & ~before.hands[s]
        ]
        if drawn:
            order = sorted(drawn, key=lambda d: (d[0] - winner) % before.rules.players)
            text = ", ".join(
                f"seat {s} {piece_text(CARDS[m.bit_length() - 1], ascii=ascii)}" for s, m in order
            )
            if len(drawn) < before.rules.players:
                yield f"    leftovers dealt: {text}"
            else:
                yield f"    draw: {text}; {len(after.stock)} left in the stock"
        if after.dead != before.dead:
            yield f"    {bin(after.dead).count('1')} cards cannot go round: they are dead"


def _winner_of_last(before: NinetyTwoState, after: NinetyTwoState) -> int:
    # The deal ended with this trick: the winner is the seat whose trick count went up.
    table = before.table
    assert table is not None
    result = after.results[-1]
    for s, count in enumerate(result.tricks):
        if count > table.won[s]:
            return s
    raise AssertionError("no seat took the last trick")


def _result_lines(state: NinetyTwoState, ascii: bool) -> Iterator[str]:
    result = state.results[-1]
    if result.thrown_in:
        yield "  everybody passed: the deal is thrown in"
    else:
        assert result.bid is not None
        outcome = "made exactly" if result.made else "missed"
        team = "+".join(str(s) for s in result.team)
        yield (
            f"  {action_text(result.bid, ascii=ascii)} by seat {result.bidder}: "
            f"team {team} took {plural(result.team_tricks, 'trick')}, {outcome}; "
            f"deal scores {list(result.score)}"
        )
    yield f"  totals: {list(state.scores)}"
