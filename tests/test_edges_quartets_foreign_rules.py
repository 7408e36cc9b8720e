"""A Quartets match refuses another game's rules with a sentence that names the game and both
kinds of rules (docs/contract.md, "Rules and matches": another game's rules are refused with
``RulesError``; every refusal says which rule it breaks in words a player understands).

Written to kill a mutant of ``quartets.state.new_match`` that dropped the game's name from the
refusal (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import pytest

from tablegames import quartets, texas42
from tablegames.core import RulesError


def test_a_quartets_match_under_texas42_rules_is_refused_naming_quartets() -> None:
    with pytest.raises(RulesError) as refused:
        quartets.new_match(texas42.Rules())  # type: ignore[arg-type]
    assert str(refused.value) == (
        "A Quartets match is played under Quartets rules (Rules of tablegames.quartets.rules), "
        "not Rules of tablegames.texas42.rules."
    )


def test_a_quartets_match_without_rules_is_played_under_the_default_rules() -> None:
    state = quartets.new_match(None)
    assert state.rules == quartets.Rules()
    assert state.players == quartets.Rules().players
    assert state.scores == (0,) * quartets.Rules().players
