"""A Texas 42 match refuses another game's rules with a sentence that names the game and both
kinds of rules (docs/contract.md, "Rules and matches": another game's rules are refused with
``RulesError``; every refusal says which rule it breaks in words a player understands).

Written to kill a mutant of ``texas42.state.new_match`` that dropped the game's name from the
refusal (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import pytest

from tablegames import quartets, texas42
from tablegames.core import RulesError


def test_a_texas42_match_under_quartets_rules_is_refused_naming_texas42() -> None:
    with pytest.raises(RulesError) as refused:
        texas42.new_match(quartets.Rules())  # type: ignore[arg-type]
    assert str(refused.value) == (
        "A Texas 42 match is played under Texas 42 rules (Rules of tablegames.texas42.rules), "
        "not Rules of tablegames.quartets.rules."
    )


def test_a_texas42_match_without_rules_is_played_under_the_default_rules() -> None:
    state = texas42.new_match(None)
    assert state.rules == texas42.Rules()
    assert state.scores == (0, 0)
    assert state.dealer == texas42.Rules().first_dealer
