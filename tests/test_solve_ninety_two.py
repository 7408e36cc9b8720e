"""The solver's contract query on Ninety-Two: the goal is the game's own (docs/ninety-two.md
"Scoring and the end of the match"): the bidding team, the bidder with the partners it named
("Partners"), must take exactly the tricks bid; fewer or more sets it. (Its answers are
checked against the plain minimax at 4, 6 and 8 players, the stock known, in
tests/test_solve_differential.py.)
"""

from __future__ import annotations

import random
from typing import Any

from solve_endgames import NINETY_TWO_TABLES
from tablegames import ninety_two
from tablegames.ninety_two.part import stock_left
from tablegames.solve import Solver, engine_of
from tablegames.solve.bench import bid_to_play


def ninety_two_deal(rng: random.Random, rules: ninety_two.Rules) -> Any:
    """The first state of the play of a Ninety-Two deal under ``rules``, bid and partners
    named by the heuristic agent (a deal thrown in is dealt again)."""
    return bid_to_play(lambda: ninety_two.new_match(rules), rng)


def ninety_two_endgame(
    rng: random.Random, rules: ninety_two.Rules, tricks: int, played: int | None = None
) -> Any:
    """A state of a deal under ``rules`` with at most ``tricks`` tricks' worth of cards left
    in the hands and the stock, and ``played`` cards of the trick in progress down (default:
    a random number; fewer if the trick is shorter), reached by random play (the deal drawn
    again when it ends first)."""
    if played is None:
        played = rng.randrange(rules.players)
    while True:
        state = ninety_two_deal(rng, rules)
        while state.phase is ninety_two.Phase.PLAY:
            hands, pieces, part, tally = engine_of(state).position(state)
            cards = sum(hand.bit_count() for hand in hands) + len(stock_left(part, tally))
            if cards <= tricks * rules.players and len(pieces) >= min(played, len(tally.turns) - 1):
                return state
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])


def test_ninety_two_makes_exactly_the_bid_not_at_least() -> None:
    # docs/ninety-two.md "Scoring and the end of the match": more tricks than bid sets the
    # contract, so a team that could take more plays to land on the bid, and one that must
    # take more is set.
    rng = random.Random("ninety-two-exactly")
    could_take_more_and_makes = must_take_more = 0
    for _ in range(80):
        state = ninety_two_endgame(rng, NINETY_TWO_TABLES["4"], rng.choice((3, 4, 5)))
        _, _, part, tally = engine_of(state).position(state)
        team = (part.bidder, *part.partners)
        taken = sum(tally.won[seat] for seat in team)
        solver = Solver(state)
        solution = solver.solve()
        assert solution.takes is not None
        own, other = solution.takes  # the side to move's best line in tricks
        most = taken + (own if solution.side == 0 else other)  # the team is side 0
        made = solver.makes()
        bid = part.high.tricks
        if most > bid and made:
            could_take_more_and_makes += 1
        if taken > bid:
            must_take_more += 1
            assert made is False
    assert could_take_more_and_makes > 0 and must_take_more > 0
