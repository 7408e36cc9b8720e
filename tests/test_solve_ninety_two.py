"""The solver's contract query on Ninety-Two against a plain boolean minimax (written in
tests/solve_endgames.py from the engine's own functions): random endgames of 4, 6 and 8
players, most with the stock still to draw from (every world is dealt, so the stock is known).

The goal is the game's own (docs/ninety-two.md "Scoring and the end of the match"): the
bidding team, the bidder with the partners it named ("Partners"), must take exactly the
tricks bid; fewer or more sets it. The minimax reads that from the deal's result at the end of
each line, so the solver is checked against the game's scoring, not against a copy of it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from solve_endgames import after_play, contract_minimax, minimax, side_to_move, sides_of
from tablegames import ninety_two
from tablegames.ninety_two.part import stock_left
from tablegames.solve import Bound, Solver, engine_of
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


def with_stock(state: Any) -> bool:
    """True when the stock still holds cards to draw."""
    _, _, part, tally = engine_of(state).position(state)
    return bool(stock_left(part, tally))


LAST = -1
"""In :data:`TABLES`: the trick in progress lacks only its last card."""

TABLES: dict[str, tuple[ninety_two.Rules, tuple[tuple[int, int | None], ...], int]] = {
    "4": (ninety_two.Rules(), ((2, None), (3, None), (4, None), (5, None), (6, None)), 70),
    "6": (ninety_two.Rules(players=6), ((2, None), (3, None), (4, None), (5, None)), 60),
    "6-deal": (
        ninety_two.Rules(players=6, leftovers="deal"),
        ((2, None), (3, None), (4, None), (5, None)),
        50,
    ),
    "8": (ninety_two.Rules(players=8), ((2, None), (3, None), (4, None), (5, LAST)), 60),
    "8-deal": (
        ninety_two.Rules(players=8, leftovers="deal"),
        ((2, None), (3, None), (4, None), (5, LAST)),
        40,
    ),
}
"""The tables the endgames are dealt at (docs/ninety-two.md "Players, cards, dealing": 4, 6
or 8 players; the leftovers dead, or dealt one each), with the endgames' shapes (the tricks'
worth of cards left in the hands and the stock, five and more: the stock still goes round at
least once; and the cards of the trick in progress down, None: any number) and how many
endgames. The larger the table, the costlier the plain minimax."""


@pytest.mark.parametrize("table", sorted(TABLES))
def test_ninety_two_contracts_are_the_minimax_answers(table: str) -> None:
    # docs/ninety-two.md "Scoring and the end of the match": exactly the tricks bid.
    rules, shapes, count = TABLES[table]
    rng = random.Random(f"ninety-two-contract-{table}")
    stocked = 0
    for _ in range(count):
        tricks, played = rng.choice(shapes)
        state = ninety_two_endgame(
            rng, rules, tricks, rules.players - 1 if played == LAST else played
        )
        stocked += with_stock(state)
        engine = engine_of(state)
        sides = sides_of(state)
        position = engine.position(state)
        bidder = position.part.bidder
        answer = Solver(state).contract()
        assert (answer.declarer, answer.side) == (bidder, sides[bidder])
        assert answer.made is contract_minimax(engine, sides, sides[bidder], position)
        for action, made in answer.actions.items():
            _, child, result = after_play(engine, sides, position, action.piece.index)
            want = (
                bool(result.made)
                if child is None
                else contract_minimax(engine, sides, sides[bidder], child)
            )
            assert made is want, (action, made, want)
        assert Solver(state).makes() is answer.made
    assert stocked >= count // 6  # a share of the endgames draws from the stock on the way


@pytest.mark.parametrize(("table", "count"), [("4", 8), ("6-deal", 5)])
def test_ninety_two_values_with_the_stock_are_the_minimax_values(table: str, count: int) -> None:
    # docs/ninety-two.md "Play": the refill after each trick; the bidder's team against the
    # rest, counted in tricks. The trick in progress lacks its last card (a plain minimax
    # of the whole of five tricks takes seconds).
    rules = TABLES[table][0]
    rng = random.Random(f"ninety-two-value-{table}")
    for _ in range(count):
        state = ninety_two_endgame(rng, rules, 5, rules.players - 1)
        assert with_stock(state)
        engine = engine_of(state)
        want = side_to_move(state) * minimax(engine, sides_of(state), engine.position(state))
        assert Solver(state).value() == Bound(want, want)


def test_ninety_two_makes_exactly_the_bid_not_at_least() -> None:
    # docs/ninety-two.md "Scoring and the end of the match": more tricks than bid sets the
    # contract, so a team that could take more plays to land on the bid, and one that must
    # take more is set.
    rng = random.Random("ninety-two-exactly")
    could_take_more_and_makes = must_take_more = 0
    for _ in range(80):
        state = ninety_two_endgame(rng, TABLES["4"][0], rng.choice((3, 4, 5)))
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
