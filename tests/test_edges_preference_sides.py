"""Who plays with whom in a Preference deal, as the play engine tells a solver.

docs/preference.md, "Round one": the declarer *undertakes to take at least six of the ten
possible tricks*; "Settlement and the match": the declarer alone takes the payout or pays the
penalty, *the other players' stacks do not move*. So in play the declarer is one side and the
two other active players the other (the dealer sits out and never plays): the engine's
``side_of`` hook (``PlayHooks.side_of``, for a solver) says 0 for the declarer and 1 for each
other active player, and a trick counts one (``trick_value``). Written to kill mutants of
``tablegames.preference.playing`` (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import random

from tablegames import preference
from tablegames.preference.deal import active_seats
from tablegames.preference.state import PLAY


def test_the_declarer_plays_against_the_two_other_active_players() -> None:
    side_of = PLAY.valuation.side_of
    assert side_of is not None
    rng = random.Random(21)
    deals_in_play = set()
    state = preference.new_match()
    while not state.is_over:
        if state.is_chance:
            state = state.apply(state.chance_outcome(rng))
            continue
        if state.phase is preference.Phase.PLAY:
            _, pieces, part, _ = PLAY.position(state)
            declarer = part.declarer
            assert declarer is not None
            sides = {seat: side_of(part, seat) for seat in active_seats(part.dealer)}
            assert sides[declarer] == 0
            assert [s for seat, s in sides.items() if seat != declarer] == [1, 1]
            assert PLAY.valuation.trick_value(pieces) == 1
            deals_in_play.add(len(part.results))
        state = state.apply(rng.choice(state.legal_actions()))
    assert len(deals_in_play) >= 3
