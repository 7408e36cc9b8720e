"""Quartets' views and their JSON, stated key by key against the state they come from.

docs/views.md, "JSON for clients" and "Quartets JSON": a view's JSON has every view's keys
(``game``, ``seat``, ``phase``, ``to_act``, ``dealer``, ``hand``, ``hand_sizes``), then Quartets'
(``laid``, the cards each seat laid down this deal; ``asks``, each ask as written with the cards
it brought and the sets then laid; ``points``; ``scores``), every finished deal as
``{"dealer", "points"}``, the legal actions of the seat to act, and the rules last, in that order.

Every expected value is read off the state (its history, its ask records, its properties), not
off the view. Written to kill mutants of ``quartets.state._view_dict`` that renamed a key
(docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tablegames.core import random_action
from tablegames.core.actions import Deal
from tablegames.core.wire import shown_rules
from tablegames.pieces import CARDS
from tablegames.quartets import Phase, QuartetsState, Rules, new_match

KEYS = [
    "game",
    "seat",
    "phase",
    "to_act",
    "dealer",
    "hand",
    "hand_sizes",
    "laid",
    "asks",
    "points",
    "scores",
    "results",
    "legal_actions",
    "rules",
]


def states(rules: Rules, seed: int, steps: int) -> Iterator[QuartetsState]:
    rng = random.Random(seed)
    state = new_match(rules)
    for _ in range(steps):
        yield state
        if state.is_over:
            return
        state = state.apply(random_action(state, rng))


def cards(mask: int) -> list[str]:
    return [str(c) for c in CARDS if mask >> c.index & 1]


def expected_view(state: QuartetsState, seat: int) -> dict[str, Any]:
    """What docs/views.md says seat ``seat``'s view of ``state`` holds, read off the state."""
    asking = state.phase is Phase.ASK
    asks: list[dict[str, Any]] = []
    if asking:
        actions = state.history.to_tuple()
        last_deal = max(i for i, a in enumerate(actions) if isinstance(a, Deal))
        written = [str(a) for a in actions[last_deal + 1 :]]
        records = state.asks.to_tuple()
        assert len(written) == len(records)
        asks = [
            {"asker": r.asker, "ask": text, "given": cards(r.given), "laid": cards(r.laid)}
            for text, r in zip(written, records)
        ]
    return {
        "game": "quartets",
        "seat": seat,
        "phase": state.phase.value,
        "to_act": state.to_act,
        "dealer": state.dealer,
        "hand": cards(state.hands[seat]) if asking else [],
        "hand_sizes": [h.bit_count() for h in state.hands],
        "laid": [cards(m) for m in state.laid],
        "asks": asks,
        "points": [m.bit_count() // 4 for m in state.laid],
        "scores": list(state.scores),
        "results": [{"dealer": r.dealer, "points": list(r.points)} for r in state.results],
        "legal_actions": [str(a) for a in state.legal_actions()] if state.to_act == seat else [],
        "rules": shown_rules(state.rules),
    }


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=3, deals=2),
        Rules(players=4, ask="rank", deals=2),
        Rules(players=4, turn_passes="left", deals=1),
    ],
    ids=["three", "rank-asks", "turn-left"],
)
def test_every_view_s_json_is_what_the_state_shows_that_seat(rules: Rules) -> None:
    seen: set[str] = set()
    for state in states(rules, 4, 400):
        for seat in range(rules.players):
            data: Any = state.view(seat).to_dict()
            assert list(data) == KEYS
            assert data == expected_view(state, seat)
        seen.add(state.phase.value)
    assert {"deal", "ask"} <= seen
    assert state.results, "a deal was finished"
