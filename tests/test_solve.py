"""The solver against a plain minimax (no pruning, no table, written here from the engine's own
functions) on random endgames of every game and option mix: the value of the position and of
every action, and the contract query, are the same.

The rules the endgames are played under are the games' own (docs/texas42.md "Play",
"Scoring" and "Special contracts"); the minimax asks the engine for every one of them (the
follow rule, the end of each trick, the end of the hand and its result), so an endgame is
scored exactly as the game scores it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from solve_endgames import (
    TEXAS42_MIXES,
    after_play,
    contract_minimax,
    endgame,
    minimax,
    side_to_move,
    sides_of,
    texas42_endgames,
)
from tablegames import ninety_two, preference, texas42
from tablegames.core.errors import TableGamesError
from tablegames.solve import Bound, Solver, engine_of
from tablegames.solve.bench import bid_to_play
from tablegames.tricks.play import Position, TrickPlay

# -- the comparisons -----------------------------------------------------------------------------


def check_values(state: Any, *, actions: bool) -> None:
    """The solver's value of ``state`` (and of each action) is the minimax's."""
    engine = engine_of(state)
    sides = sides_of(state)
    sign = side_to_move(state)
    position = engine.position(state)
    want = sign * minimax(engine, sides, position)
    solver = Solver(state)
    assert solver.value() == Bound(want, want)
    if actions:
        solution = solver.solve()
        assert solution.value == Bound(want, want)
        for action, bound in solution.actions.items():
            child = state.apply(action)
            if child.phase is not state.phase:  # the hand ended with this play
                continue
            got = sign * _action_value(engine, sides, position, action)
            assert bound == Bound(got, got), (action, bound, got)


def _action_value(
    engine: TrickPlay[Any, Any, Any, Any], sides: tuple[int, ...], position: Position, action: Any
) -> int:
    worth, child, _ = after_play(engine, sides, position, action.piece.index)
    return worth + (0 if child is None else minimax(engine, sides, child))


def check_contract(state: Any) -> None:
    """The solver's contract query is the minimax's, from the state and after each action."""
    engine = engine_of(state)
    sides = sides_of(state)
    position = engine.position(state)
    declarer = engine.valuation.declarer(position.part)  # type: ignore[misc]
    assert declarer is not None
    declaring = sides[declarer]
    answer = Solver(state).contract()
    assert answer.declarer == declarer and answer.side == declaring
    assert answer.made is contract_minimax(engine, sides, declaring, position)
    for action, made in answer.actions.items():
        _, child, result = after_play(engine, sides, position, action.piece.index)
        want = (
            bool(engine.valuation.made(result))  # type: ignore[misc]
            if child is None
            else contract_minimax(engine, sides, declaring, child)
        )
        assert made is want, (action, made, want)


@pytest.mark.parametrize("mix", sorted(TEXAS42_MIXES))
def test_texas42_values_are_the_minimax_values(mix: str) -> None:
    for number, state in enumerate(texas42_endgames(mix, 150, seed=1, longer=4)):
        check_values(state, actions=number % 4 == 0)


@pytest.mark.parametrize("mix", sorted(TEXAS42_MIXES))
def test_texas42_contracts_are_the_minimax_answers(mix: str) -> None:
    for state in texas42_endgames(mix, 80, seed=2, longer=2):
        check_contract(state)


def test_the_solver_refuses_a_state_out_of_play() -> None:
    state = texas42.new_match()
    with pytest.raises(TableGamesError, match="play of a hand"):
        Solver(state)
    with pytest.raises(TableGamesError, match="trick games"):
        Solver("a state")


def preference_hand(rng: random.Random) -> Any:
    """The first state of the play of a Preference deal, bid by the heuristic agent (a deal
    that is passed out or settled without play is dealt again)."""
    return bid_to_play(preference.new_match, rng)


def test_preference_values_are_the_minimax_values() -> None:
    # docs/preference.md "Rules, rulings and options": the declarer against the other two.
    rng = random.Random("preference-1")
    for number in range(120):
        state = endgame(rng, preference_hand, rng.choice((2, 3, 3, 4)), rng.randrange(3))
        check_values(state, actions=number % 4 == 0)


def test_preference_contracts_are_the_minimax_answers() -> None:
    # docs/preference.md "Rules, rulings and options": the declarer makes the game or not.
    rng = random.Random("preference-2")
    for _ in range(60):
        check_contract(endgame(rng, preference_hand, rng.choice((2, 3, 3)), rng.randrange(3)))


def ninety_two_hand(rng: random.Random) -> Any:
    """The first state of the play of a Ninety-Two deal (4 players), bid and partners named by
    the heuristic agent."""
    return bid_to_play(ninety_two.new_match, rng)


def test_ninety_two_values_are_the_minimax_values() -> None:
    # docs/ninety-two.md "Play": the bidder and its partners against the rest; the last
    # tricks, the stock played out (a solve from the first trick is not fast enough yet).
    rng = random.Random("ninety-two-1")
    for number in range(60):
        state = endgame(rng, ninety_two_hand, rng.choice((2, 3)), rng.randrange(4))
        check_values(state, actions=number % 3 == 0)
