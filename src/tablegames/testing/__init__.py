"""Public conformance checks, hypothesis strategies and a server-testing state machine for any
game that meets the contract (see docs/property-testing.md).

This subpackage needs hypothesis: ``pip install "tablegames[testing]"``.

Use them on your own rule variants as we do on ours::

    from hypothesis import given
    from tablegames.testing import check_playthrough, rules, seeds
    from tablegames import texas42

    @given(rules(texas42.GAME), seeds())
    def test_texas42_conforms(rules, seed):
        check_playthrough(texas42.GAME, rules, seed)

- checks: :func:`check_playthrough` and the per-state ``check_*`` functions;
- strategies: :func:`rules`, :func:`states`, :func:`legal_actions`, :func:`moves`,
  :func:`actions`, :func:`notation`, :func:`views`, :func:`seeds` (``states`` and ``views``
  with ``to_act=True`` draw only positions where a seat must act); registered for
  ``st.from_type`` through hypothesis's entry point once installed, or by
  :func:`register_type_strategies`;
- :class:`ServerMachine`: a rule-based state machine to test a server against ``check``.
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
    check_view_sample,
    require,
)
from .profiles import register_profiles
from .server import ServerMachine, run_machine
from .setup import register_game_strategies, register_type_strategies
from .strategies import (
    actions,
    legal_actions,
    moves,
    notation,
    play_from,
    play_to_act,
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
    "check_view_sample",
    "legal_actions",
    "moves",
    "notation",
    "play_from",
    "play_to_act",
    "register_game_strategies",
    "register_profiles",
    "register_rules_strategy",
    "register_type_strategies",
    "require",
    "rules",
    "run_machine",
    "seeds",
    "states",
    "views",
]
