"""A Preference match begins one way: `new_match` under Preference rules only, and a start at
the first deal is that same position.

docs/preference.md, "The deal": all four ante and the first dealer shuffles; docs/limits.md,
"Format versions": a start position is a position the rules reach (a start at the first deal,
its antes paid, is the new match itself). Written to kill mutants of
``tablegames.preference.state`` (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import pytest

from tablegames import quartets, texas42
from tablegames.core.errors import RulesError
from tablegames.preference import Rules
from tablegames.preference.state import new_match, start_state


@pytest.mark.parametrize("rules", [Rules(), Rules(ante=10, first_dealer=2)])
def test_a_start_at_the_first_deal_is_the_new_match(rules: Rules) -> None:
    fresh = new_match(rules)
    start = start_state(rules, fresh.dealer, tuple(fresh.stacks), fresh.pot, (), over=False)
    assert start == fresh and hash(start) == hash(fresh)
    assert start.legal_actions() == fresh.legal_actions()


@pytest.mark.parametrize("foreign", [quartets.Rules(), texas42.Rules()])
def test_another_games_rules_are_refused_with_a_sentence(foreign: object) -> None:
    kind = type(foreign)
    with pytest.raises(RulesError) as refused:
        new_match(foreign)  # type: ignore[arg-type]
    assert str(refused.value) == (
        "A Preference match is played under Preference rules (Rules of "
        f"tablegames.preference.rules), not {kind.__qualname__} of {kind.__module__}."
    )
