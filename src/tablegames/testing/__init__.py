"""Public conformance checks and hypothesis strategies for any game that meets the contract.

This subpackage needs hypothesis: ``pip install "tablegames[testing]"``.

Use them on your own rule variants as we do on ours::

    from hypothesis import given
    from tablegames.testing import check_playthrough, seeds
    from tablegames import texas42

    @given(seeds())
    def test_texas42_conforms(seed):
        check_playthrough(texas42.GAME, texas42.Rules(), seed)
"""

from .conformance import (
    check_actions,
    check_conservation,
    check_copies,
    check_notation,
    check_playthrough,
    check_round_trips,
    check_state,
    check_view,
    require,
)
from .profiles import register_profiles
from .server import ServerMachine
from .setup import register_game_strategies, register_type_strategies
from .strategies import (
    actions,
    legal_actions,
    notation,
    play_from,
    register_rules_strategy,
    rules,
    seeds,
    states,
    views,
)

__all__ = [
    "ServerMachine",
    "actions",
    "check_actions",
    "check_conservation",
    "check_copies",
    "check_notation",
    "check_playthrough",
    "check_round_trips",
    "check_state",
    "check_view",
    "legal_actions",
    "notation",
    "play_from",
    "register_game_strategies",
    "register_profiles",
    "register_rules_strategy",
    "register_type_strategies",
    "require",
    "rules",
    "seeds",
    "states",
    "views",
]
