"""Helpers for Texas 42 tests: exact deals and scripted hands."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from tablegames import texas42
from tablegames.core.actions import PASS, Play
from tablegames.pieces import DOMINOES, Domino, dominoes
from tablegames.texas42 import Bid, Rules, Texas42State, Trump, deal_of

# A deal in which seat 0 holds every six: whoever trumps sixes from seat 0 takes every trick.
SIXES = ["6:6 6:5 6:4 6:3 6:2 6:1 6:0", "5:5 5:4 5:3 5:2 5:1 5:0 4:4",
         "4:3 4:2 4:1 4:0 3:3 3:2 3:1", "3:0 2:2 2:1 2:0 1:1 1:0 0:0"]  # fmt: skip


def complete(*hands: str) -> list[str]:
    """Fill the empty hands ('') with the tiles nobody was given, in index order."""
    used = 0
    for hand in hands:
        used |= dominoes(hand).mask
    rest = [str(d) for d in DOMINOES if not used >> d.index & 1]
    out = []
    for hand in hands:
        if hand:
            out.append(hand)
        else:
            out.append(" ".join(rest[:7]))
            rest = rest[7:]
    return out


def dealt(hands: Sequence[str], rules: Rules | None = None, dealer: int = 0) -> Texas42State:
    """A match whose first hand is dealt as ``hands`` by ``dealer``."""
    state = texas42.new_match(attrs.evolve(rules or Rules(), first_dealer=dealer))
    return state.apply(deal_of(list(hands), dealer))


def bid_round(state: Texas42State, *calls: int) -> Texas42State:
    """Apply calls in seat order from the dealer's left; 0 is a pass."""
    for call in calls:
        state = state.apply(Bid(call) if call else PASS)
    return state


def first_legal(state: Texas42State) -> Texas42State:
    """Play the first legal action."""
    return state.apply(state.legal_actions()[0])


def play_out(state: Texas42State, script: dict[int, list[str]] | None = None) -> Texas42State:
    """Finish the hand: each seat plays its next scripted tile, else its first legal tile."""
    queues = {seat: [Domino.parse(t) for t in tiles] for seat, tiles in (script or {}).items()}
    hand_no = len(state.results)
    while len(state.results) == hand_no:
        seat = state.to_act
        assert seat is not None
        queue = queues.get(seat)
        state = state.apply(Play(queue.pop(0))) if queue else first_legal(state)
    return state


def declare(
    hands: Sequence[str], calls: Sequence[int], trump: int, **rules: object
) -> Texas42State:
    """Deal ``hands`` (dealer 0), bid ``calls`` from seat 1, and name ``trump``."""
    state = bid_round(dealt(hands, Rules(**rules)), *calls)  # type: ignore[arg-type]
    return state.apply(Trump(trump))
