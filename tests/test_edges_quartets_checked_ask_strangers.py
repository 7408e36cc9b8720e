"""The rule-checked ask refuses an ask whose card is not a playing card, or whose rank is not a
rank, as ``not_in_deck`` with a sentence naming it, when called directly as well as through the
game (docs/quartets.md, "Violations"; docs/contract.md: illegal input returns a Violation whose
sentence says which rule it breaks; ``quartets.asking.checked_ask`` is the asking step by the
collecting core's rules, which say why an ask is refused).

Through ``state.apply``/``check`` such an ask is refused earlier, by the action's own field
check (``malformed_action``); this states the step itself. Written to kill a mutant of
``quartets.asking.checked_ask`` that dropped the code (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import random
from typing import Any

from tablegames.core.violations import ViolationCode
from tablegames.quartets import Ask, AskRank, Rules, new_match
from tablegames.quartets.asking import checked_ask
from tablegames.quartets.state import BUILD


def _dealt(rules: Rules) -> Any:
    state = new_match(rules)
    return state.apply(state.chance_outcome(random.Random(0)))


def test_an_ask_for_a_stranger_card_is_not_in_the_deck() -> None:
    stranger: Any = "2C"
    refused = checked_ask(_dealt(Rules(players=3)), Ask(1, stranger), BUILD)
    assert refused.code is ViolationCode.NOT_IN_DECK  # type: ignore[union-attr]
    assert refused.message == "'2C' is not a playing card."  # type: ignore[union-attr]


def test_a_rank_ask_for_a_stranger_rank_is_not_in_the_deck() -> None:
    stranger: Any = 2
    refused = checked_ask(_dealt(Rules(players=3, ask="rank")), AskRank(1, stranger), BUILD)
    assert refused.code is ViolationCode.NOT_IN_DECK  # type: ignore[union-attr]
    assert refused.message == "2 is not a rank."  # type: ignore[union-attr]
