"""Preference's views and zones, stated field by field against the state they come from.

docs/preference.md, "Views and sampling": a view holds the seat's own cards, every call, offer
and play, the chips, and how many cards each seat holds; *"The widow is hidden from everyone
except the round-two winner once round two is won; the discards are known only to the
declarer."* docs/views.md, "Preference: PreferenceView" (when each field is empty) and
"Preference JSON" with "JSON for clients" (the keys, in a stable order: the common ones, then
Preference's, then ``results``, ``legal_actions`` and ``rules``). A state's ``zones()`` say
where every card is (docs/contract.md: "named piece sets that partition the deck"). Written to
kill mutants of ``tablegames.preference.view`` (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, cast

import pytest

from tablegames.core.wire import shown_rules
from tablegames.pieces import CARDS, DECK_32
from tablegames.preference import PASS, Phase, PreferenceState, Rules, new_match

KEYS = [
    "game",
    "seat",
    "phase",
    "to_act",
    "dealer",
    "active",
    "hand",
    "hand_sizes",
    "widow",
    "widow_size",
    "discards",
    "discards_size",
    "calls",
    "offers",
    "declarer",
    "trump",
    "trick",
    "tricks",
    "tricks_won",
    "stacks",
    "pot",
    "results",
    "legal_actions",
    "rules",
]
"""docs/views.md: every view's keys, then Preference's, in the order the view writes them."""

RESULT_KEYS = [
    "number",
    "dealer",
    "declarer",
    "trump",
    "offer",
    "tricks",
    "made",
    "chips",
    "stacks",
    "pot",
]


def states(seed: int, passing: float) -> Iterator[PreferenceState]:
    """Every state of a random three-deal match; in round one a seat passes with probability
    ``passing`` (so that round two, the widow and the discards come up often)."""
    rng = random.Random(seed)
    state = new_match(Rules(deals=3))
    while True:
        yield state
        if state.is_over:
            return
        if state.is_chance:
            state = state.apply(state.chance_outcome(rng))
            continue
        actions = state.legal_actions()
        if state.phase is Phase.BID and rng.random() < passing:
            state = state.apply(PASS)
        else:
            state = state.apply(actions[rng.randrange(len(actions))])


def cards(mask: int) -> list[str]:
    return [str(c) for c in CARDS if mask >> c.index & 1]


def sees_widow(state: PreferenceState, seat: int) -> bool:
    """docs/views.md: the round-two winner sees the widow from winning round two to the end
    of the deal (widow choice, trump, play)."""
    return (
        bool(state.offers)
        and seat == state.declarer
        and state.phase in (Phase.WIDOW, Phase.TRUMP, Phase.PLAY)
    )


def expected_view(state: PreferenceState, seat: int) -> dict[str, Any]:
    """What docs/views.md says seat ``seat``'s view of ``state`` holds, read off the state."""
    table = state.table
    dealt = state.phase not in (Phase.DEAL, Phase.OVER)
    knows = sees_widow(state, seat)
    return {
        "game": "preference",
        "seat": seat,
        "phase": state.phase.value,
        "to_act": state.to_act,
        "dealer": state.dealer,
        "active": [(state.dealer + i) % 4 for i in (1, 2, 3)],
        "hand": cards(state.hands[seat]) if dealt else [],
        "hand_sizes": [h.bit_count() for h in state.hands],
        "widow": cards(state.widow) if knows else [],
        "widow_size": 0 if state.widow_taken else state.widow.bit_count(),
        "discards": cards(state.discards) if knows else [],
        "discards_size": state.discards.bit_count(),
        "calls": ["pass" if c is None else f"bid {c.letter}" for c in state.calls],
        "offers": ["pass" if o == 0 else f"offer {o}" for o in state.offers],
        "declarer": state.declarer,
        "trump": None if state.trump is None else state.trump.letter,
        "trick": []
        if table is None
        else [
            {"seat": s, "piece": str(CARDS[p])}
            for s, p in zip(table.seats_in_trick, table.pieces, strict=True)
        ],
        "tricks": []
        if table is None
        else [
            {"led_by": t.leader, "pieces": [str(CARDS[p]) for p in t.pieces], "winner": t.winner}
            for t in table.tricks
        ],
        "tricks_won": [0] * 4 if table is None else list(table.won),
        "stacks": list(state.stacks),
        "pot": state.pot,
        "results": [
            {
                "number": r.number,
                "dealer": r.dealer,
                "declarer": r.declarer,
                "trump": None if r.trump is None else r.trump.letter,
                "offer": r.offer,
                "tricks": list(r.tricks),
                "made": r.made,
                "chips": r.chips,
                "stacks": list(r.stacks),
                "pot": r.pot,
            }
            for r in state.results
        ],
        "legal_actions": [str(a) for a in state.legal_actions()] if state.to_act == seat else [],
        "rules": shown_rules(state.rules),
    }


@pytest.mark.parametrize(("seed", "passing"), [(1, 0.0), (2, 0.9), (3, 1.0)])
def test_every_view_shows_what_the_seat_may_know_under_the_documented_keys(
    seed: int, passing: float
) -> None:
    phases: set[Phase] = set()
    widows_seen = discards_seen = tricks_seen = 0
    for state in states(seed, passing):
        phases.add(state.phase)
        for seat in range(4):
            view = state.view(seat)
            data = view.to_dict()
            assert list(data) == KEYS
            assert data == expected_view(state, seat)
            results = cast("list[dict[str, Any]]", data["results"])
            assert all(list(result) == RESULT_KEYS for result in results)
            assert view.to_act == state.to_act and view.seat == seat
            assert view.tricks_won == ((0,) * 4 if state.table is None else state.table.won)
            widows_seen += bool(data["widow"])
            discards_seen += bool(data["discards"])
            tricks_seen += bool(data["tricks"]) + bool(data["trick"])
    assert {Phase.BID, Phase.PLAY, Phase.OVER} <= phases
    assert tricks_seen > 0
    if passing == 1.0:
        assert {Phase.OFFER, Phase.WIDOW, Phase.TRUMP} <= phases
        assert widows_seen > 0 and discards_seen > 0


@pytest.mark.parametrize("seed", [4, 5])
def test_zones_put_every_card_in_one_place(seed: int) -> None:
    """docs/contract.md, ``zones()``: where every piece is, named sets that partition the deck:
    the pack between deals; else each hand, the widow (empty once taken into hand), the discards,
    and in play the trick in progress and the cards each seat has won."""
    checked = 0
    for state in states(seed, 0.7):
        zones = state.zones()
        if state.phase in (Phase.DEAL, Phase.OVER):
            assert dict(zones) == {"pack": DECK_32}
            continue
        table = state.table
        expected = {f"hand {s}": cards(state.hands[s]) for s in range(4)}
        expected["widow"] = [] if state.widow_taken else cards(state.widow)
        expected["discards"] = cards(state.discards)
        if table is not None:
            expected["trick"] = cards(table.in_play)
            expected.update({f"won {s}": cards(table.taken[s]) for s in range(4)})
        assert {name: [str(c) for c in zone] for name, zone in zones.items()} == expected
        assert list(zones) == list(expected)
        everywhere = [c for zone in zones.values() for c in zone]
        assert sorted(c.index for c in everywhere) == [c.index for c in DECK_32]
        checked += 1
    assert checked > 30
