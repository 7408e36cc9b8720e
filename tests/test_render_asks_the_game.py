"""What render says about the rules it reads from the games, never restates: who played which
piece of a trick is the engine's turn order (the nello partner and Preference's dealer sitting
out), and the tricks a Preference declarer needs are where the scoring rule turns."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from tablegames import ninety_two, preference, texas42
from tablegames.core.game import Game, GameState, random_states
from tablegames.pieces.cards import CARDS, Suit
from tablegames.pieces.dominoes import DOMINOES
from tablegames.render.contract_words import declarer_needs
from tablegames.render.games import scene_of
from tablegames.render.story import status_lines, told

TRICK_GAMES: list[tuple[Game[Any, Any], Any]] = [
    (texas42.GAME, texas42.Rules()),
    (
        texas42.GAME,
        texas42.Rules(scoring="marks", bid_ladder="marks", nello=True, plunge=True, sevens=True),
    ),
    (ninety_two.GAME, ninety_two.Rules(players=6)),
    (preference.GAME, preference.Rules()),
]


def _states(game: Game[Any, Any], rules: Any, seed: int) -> list[GameState[Any]]:
    return random_states(game.new_match(rules), random.Random(seed), max_steps=400)


@pytest.mark.parametrize(("game", "rules"), TRICK_GAMES)
def test_a_pictures_last_trick_is_the_engines(game: Game[Any, Any], rules: Any) -> None:
    """The seat shown beside each piece of the last finished trick, and its winner, are the
    ones the engine recorded, whoever sat out."""
    pieces = DOMINOES if game is texas42.GAME else CARDS
    checked = 0
    for seed in range(6):
        for state in _states(game, rules, seed):
            table = getattr(state, "table", None)
            if table is None or not table.tricks:
                continue
            last = table.tricks[-1]
            expected = (tuple(zip(last.seats, (pieces[p] for p in last.pieces))), last.winner)
            for seat in range(game.seats(rules)):
                assert scene_of(state.view(seat)).last_trick == expected
            checked += 1
    assert checked > 50


def test_the_tricks_a_declarer_needs_are_where_settling_turns() -> None:
    """The number told is the least number of tricks that makes the game under the scoring
    rule (one fewer fails it), out of all the tricks of a deal."""
    goal = preference.scoring.contract_goal(Suit.HEARTS)
    needed = int(declarer_needs(goal).split()[1])
    rules = preference.Rules()
    assert preference.scoring.settle(needed, Suit.HEARTS, pot=20, rules=rules)[0]
    assert not preference.scoring.settle(needed - 1, Suit.HEARTS, pot=20, rules=rules)[0]
    of_all = declarer_needs(goal, of_all=True).split()
    assert int(of_all[1]) == needed
    assert int(of_all[4]) * 3 + 2 == len(preference.GAME.deck)  # three hands of ten, the widow


def test_the_table_tells_the_declarers_goal_from_the_rule() -> None:
    """Terminal play's status line and the story of a deal say what ``declarer_needs`` says."""
    for seed in range(40):
        states = _states(preference.GAME, preference.Rules(), seed)
        for before, after in itertools.pairwise(states):
            if before.phase.value != "play" and after.phase.value == "play":
                action = after.history.to_tuple()[-1]
                lines = told(before, action, after, ascii=True)
                seat = after.to_act
                assert seat is not None
                goal = after.view(seat).goal
                assert goal == preference.scoring.contract_goal(after.view(seat).trump)
                assert any(declarer_needs(goal, of_all=True) in line for line in lines)
                assert any(declarer_needs(goal) in line for line in status_lines(after.view(seat)))
                return
    pytest.fail("no deal reached play")
