"""Texas 42's views and their JSON, stated key by key against the state they come from.

docs/texas42.md, "Views, records and JSON", and docs/views.md, "JSON for clients" and "Texas 42
JSON": a view's JSON has every view's keys, then Texas 42's (``calls`` in the notation,
``high_bid`` null while nobody has bid, ``trump`` as the words after ``trump``, the trick in
progress and the finished tricks, each side's ``hand_points``, ``scores``, every finished hand),
the legal actions of the seat to act, and the rules last, in that order; under the special
contracts, once a plunge or splash is called or nello named, ``contract``, ``aside_seat``,
``aside_size`` and ``aside`` (the laid-aside tiles in the partner's own view only) come before
the rules. A finished hand is ``dealer``, ``bidder``, ``bid``, ``trump``, ``points``,
``tricks``, ``made``, ``score`` and ``played``, a finished plunge or splash adding ``contract``.

Every expected value is read off the state (its history, its table of tricks, its properties),
not off the view. Written to kill mutants of ``texas42.view`` that renamed a key, dropped a
value or miscounted a side's points (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tablegames.core import random_action
from tablegames.core.actions import Deal
from tablegames.core.wire import shown_rules
from tablegames.pieces.dominoes import DOMINOES
from tablegames.texas42 import (
    Bid,
    Pass,
    Phase,
    Rules,
    SpecialBid,
    Texas42State,
    Trump,
    deal_of,
    new_match,
    parse_action,
)
from tablegames.texas42.hand import HandResult
from tablegames.texas42.trumps import COUNT

KEYS = [
    "game",
    "seat",
    "phase",
    "to_act",
    "dealer",
    "hand",
    "hand_sizes",
    "calls",
    "high_bid",
    "bidder",
    "trump",
    "trick",
    "tricks",
    "hand_points",
    "scores",
    "results",
    "legal_actions",
]
"""docs/views.md: every view's keys and Texas 42's, in the order the view writes them (then the
special contracts' keys, when shown, and ``rules`` last)."""

SPECIAL_KEYS = ["contract", "aside_seat", "aside_size", "aside"]

RESULT_KEYS = ["dealer", "bidder", "bid", "trump", "points", "tricks", "made", "score", "played"]

_MARKS = {"scoring": "marks", "bid_ladder": "marks"}
RULES = [
    Rules(),
    Rules(doubles_trump=True, follow_me=True, forced_bid=True),
    Rules(**_MARKS, nello=True),  # type: ignore[arg-type]
    Rules(**_MARKS, plunge=True, splash=True, sevens=True),  # type: ignore[arg-type]
    Rules(**_MARKS, plunge=True, splash=True, nello=True, splash_marks=3),  # type: ignore[arg-type]
]


def states(rules: Rules, seed: int, steps: int) -> Iterator[Texas42State]:
    """Every state of a random match under ``rules``, for ``steps`` actions at most; the bids
    lean towards the special calls and the highest bids, so that they come up."""
    rng = random.Random(seed)
    state = new_match(rules)
    for _ in range(steps):
        yield state
        if state.is_over:
            return
        legal = state.legal_actions()
        specials = [
            a for a in legal if isinstance(a, SpecialBid) or (isinstance(a, Trump) and a.suit > 8)
        ]
        if specials and rng.random() < 0.7:
            action: Any = rng.choice(specials)
        elif state.phase is Phase.BID and rng.random() < 0.3:
            action = legal[-1]
        else:
            action = random_action(state, rng)
        state = state.apply(action)


def tiles(mask_or_set: Any) -> list[str]:
    return [str(t) for t in mask_or_set]


def trump_text(trump: int | None) -> str | None:
    return None if trump is None else str(Trump(trump)).removeprefix("trump ")


def calls_of(state: Texas42State) -> list[str]:
    """This hand's calls in the notation, read off the history since the deal."""
    if state.phase in (Phase.DEAL, Phase.OVER):
        return []
    actions = state.history.to_tuple()
    last_deal = max(i for i, a in enumerate(actions) if isinstance(a, Deal))
    return [str(a) for a in actions[last_deal + 1 :] if isinstance(a, Pass | Bid | SpecialBid)]


def result_of(result: HandResult) -> dict[str, Any]:
    out: dict[str, Any] = {
        "dealer": result.dealer,
        "bidder": result.bidder,
        "bid": result.bid,
        "trump": trump_text(result.trump),
        "points": list(result.points),
        "tricks": list(result.tricks),
        "made": result.made,
        "score": list(result.score),
        "played": [
            {
                "led_by": t.leader,
                "pieces": [str(DOMINOES[p]) for p in t.pieces],
                "winner": t.winner,
            }
            for t in result.played
        ],
    }
    if result.contract != "bid":
        out["contract"] = result.contract
    return out


def expected_view(state: Texas42State, seat: int) -> dict[str, Any]:
    """What docs/views.md says seat ``seat``'s view of ``state`` holds, read off the state."""
    table = state.table
    trick: list[dict[str, Any]] = []
    tricks: list[dict[str, Any]] = []
    if table is not None:
        trick = [
            {"seat": s, "piece": str(DOMINOES[p])}
            for s, p in zip(table.seats_in_trick, table.pieces)
        ]
        tricks = [
            {"led_by": t.leader, "pieces": [str(DOMINOES[p]) for p in t.pieces], "winner": t.winner}
            for t in table.tricks
        ]
    dealt = state.phase not in (Phase.DEAL, Phase.OVER)
    data: dict[str, Any] = {
        "game": "texas42",
        "seat": seat,
        "phase": state.phase.value,
        "to_act": state.to_act,
        "dealer": state.dealer,
        "hand": tiles(state.hand(seat)) if dealt else [],
        "hand_sizes": [len(state.hand(s)) for s in range(4)],
        "calls": calls_of(state),
        "high_bid": state.high_bid or None,
        "bidder": state.bidder,
        "trump": trump_text(state.trump),
        "trick": trick,
        "tricks": tricks,
        "hand_points": list(state.hand_points),
        "scores": list(state.scores),
        "results": [result_of(r) for r in state.results],
        "legal_actions": [str(a) for a in state.legal_actions()] if state.to_act == seat else [],
    }
    specials = [c for c in calls_of(state) if c in ("bid plunge", "bid splash")]
    if specials or state.aside_seat is not None:
        data["contract"] = state.contract
        data["aside_seat"] = state.aside_seat
        data["aside_size"] = len(state.aside)
        data["aside"] = tiles(state.aside) if seat == state.aside_seat else []
    data["rules"] = shown_rules(state.rules)
    return data


@pytest.mark.parametrize("rules", RULES, ids=range(len(RULES)))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_view_s_json_is_what_the_state_shows_that_seat(rules: Rules, seed: int) -> None:
    seen: set[str] = set()
    for state in states(rules, seed, 160):
        for seat in range(4):
            data: Any = state.view(seat).to_dict()
            assert list(data) == [
                *KEYS,
                *(SPECIAL_KEYS if "contract" in data else []),
                "rules",
            ]
            assert data == expected_view(state, seat)
            for result in data["results"]:
                assert list(result)[: len(RESULT_KEYS)] == RESULT_KEYS
        seen.add(state.phase.value)
    assert {"bid", "trump", "play"} <= seen


def test_the_special_contracts_come_up_in_the_matches_above() -> None:
    contracts: set[str] = set()
    for rules in RULES[2:]:
        for seed in (1, 2):
            for state in states(rules, seed, 160):
                if state.phase is Phase.PLAY:
                    contracts.add(state.contract if state.aside_seat is None else "nello")
    assert {"bid", "nello", "splash"} <= contracts


# Seat 1 (first to bid, dealer 0) holds six doubles: enough for a plunge.
_SIX_DOUBLES = [
    "4:0 3:2 3:1 3:0 2:1 2:0 1:0",
    "5:5 4:4 3:3 2:2 1:1 0:0 5:4",
    "6:6 6:5 6:4 6:3 6:2 6:1 6:0",
    "5:3 5:2 5:1 5:0 4:3 4:2 4:1",
]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_plunge_s_views_show_the_call_and_its_contract(seed: int) -> None:
    rules = Rules(**_MARKS, plunge=True)  # type: ignore[arg-type]
    state = new_match(rules).apply(deal_of(_SIX_DOUBLES, 0))
    rng = random.Random(seed)
    for text in ["bid plunge", "pass", "pass", "pass"]:
        state = state.apply(parse_action(text))
    while not state.is_over and len(state.results) < 2:
        for seat in range(4):
            data: Any = state.view(seat).to_dict()
            assert data == expected_view(state, seat)
        if not state.results:
            assert data["contract"] == "plunge" and data["calls"][0] == "bid plunge"
        state = state.apply(random_action(state, rng))
    assert state.results[0].contract == "plunge"
    final: Any = state.view(0).to_dict()
    assert final["results"][0]["contract"] == "plunge"


def test_a_side_s_hand_points_are_a_point_a_trick_plus_the_count_it_took() -> None:
    for state in states(RULES[0], 3, 80):
        table = state.table
        if table is None:
            continue
        points = [0, 0]
        for t in table.tricks:
            points[t.winner % 2] += 1 + sum(COUNT[p] for p in t.pieces)
        view = state.view(0)
        assert view.hand_points == tuple(points)
        assert state.view(1).hand_points == tuple(points)
