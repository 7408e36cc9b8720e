"""Ninety-Two's views and zones, stated field by field against the state they come from.

docs/ninety-two.md, "Views and sampling": a view holds the seat's own hand, every call, the
partners, every card played and who won each trick, the number of cards every player holds,
the stock's size and the number of dead cards, and the scores. docs/views.md, "Ninety-Two JSON"
and "JSON for clients", gives its JSON keys, in a stable order. The state's ``zones`` say where
every card is (docs/ninety-two.md, "Rule settings and API"). These tests were written to kill
mutants of ``tablegames.ninety_two.view`` that survived ``nox -s mutation`` (docs/testing.md).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tablegames.core import random_action
from tablegames.errors import TableGamesError
from tablegames.ninety_two import NinetyTwoState, Phase, Rules, new_match
from tablegames.ninety_two.hidden import deal_hidden
from tablegames.ninety_two.model import MODELS
from tablegames.pieces import CARDS, Suit

KEYS = [
    "game",
    "seat",
    "players",
    "phase",
    "to_act",
    "dealer",
    "hand",
    "hand_sizes",
    "stock_size",
    "dead_count",
    "calls",
    "high",
    "bidder",
    "partners",
    "trick",
    "tricks",
    "won",
    "scores",
    "results",
    "legal_actions",
    "rules",
]
"""docs/views.md: every view's keys, then Ninety-Two's, in the order the view writes them."""

RESULT_KEYS = ["dealer", "bidder", "bid", "team", "tricks", "made", "score"]


def states(rules: Rules, seed: int, steps: int) -> Iterator[NinetyTwoState]:
    """Every state of a random match under ``rules``, for ``steps`` actions at most."""
    rng = random.Random(seed)
    state = new_match(rules)
    for _ in range(steps):
        yield state
        if state.is_over:
            return
        state = state.apply(random_action(state, rng))


def cards(mask: int) -> list[str]:
    return [str(c) for c in CARDS if mask >> c.index & 1]


def expected_view(state: NinetyTwoState, seat: int) -> dict[str, Any]:
    """What docs/views.md says seat ``seat``'s view of ``state`` holds, read off the state."""
    table = state.table
    players = state.rules.players
    dealt = state.phase in (Phase.BID, Phase.PARTNERS, Phase.PLAY)
    return {
        "game": "ninety-two",
        "seat": seat,
        "players": players,
        "phase": state.phase.value,
        "to_act": state.to_act,
        "dealer": state.dealer,
        "hand": cards(state.hands[seat]) if dealt else [],
        "hand_sizes": [h.bit_count() for h in state.hands],
        "stock_size": len(state.stock),
        "dead_count": state.dead.bit_count(),
        "calls": [str(c) for c in state.calls],
        "high": None if state.high is None else str(state.high),
        "bidder": state.bidder,
        "partners": list(state.partners),
        "trick": []
        if table is None
        else [
            {"seat": s, "piece": str(CARDS[p])}
            for s, p in zip(table.seats_in_trick, table.pieces, strict=True)
        ],
        "tricks": []
        if table is None
        else [
            {
                "seats": list(t.seats),
                "pieces": [str(CARDS[p]) for p in t.pieces],
                "winner": t.winner,
            }
            for t in table.tricks
        ],
        "won": [0] * players if table is None else list(table.won),
        "scores": list(state.scores),
        "results": [
            {
                "dealer": r.dealer,
                "bidder": r.bidder,
                "bid": None if r.bid is None else str(r.bid),
                "team": list(r.team),
                "tricks": list(r.tricks),
                "made": r.made,
                "score": list(r.score),
            }
            for r in state.results
        ],
        "legal_actions": [str(a) for a in state.legal_actions()] if state.to_act == seat else [],
    }


@pytest.mark.parametrize(
    ("rules", "seed"),
    [
        (Rules(players=4, target=30), 1),
        (Rules(players=6, target=30), 2),
        (Rules(players=8, leftovers="deal", target=30), 3),
    ],
    ids=["4", "6", "8-deal"],
)
def test_every_view_shows_what_the_seat_may_know_under_the_documented_keys(
    rules: Rules, seed: int
) -> None:
    """docs/views.md, "Ninety-Two JSON": the keys in order, the rules last; each value is the
    state's own (the seat's hand only while cards are out, legal actions only for the seat to
    act, stock size and dead count as numbers, the finished deals as results)."""
    seen_phases: set[Phase] = set()
    for state in states(rules, seed, 400):
        seen_phases.add(state.phase)
        for seat in range(rules.players):
            data: dict[str, Any] = state.view(seat).to_dict()
            assert list(data) == KEYS
            shown_rules = data.pop("rules")
            assert shown_rules["players"] == rules.players
            assert shown_rules["leftovers"] == rules.leftovers
            assert data == expected_view(state, seat)
            for result in data["results"]:
                assert list(result) == RESULT_KEYS
    assert seen_phases == set(Phase) - {Phase.OVER} or seen_phases == set(Phase)


def test_the_dead_cards_and_the_stock_are_shown_as_counts() -> None:
    """Drawing, dead cards: with 6 players 4 stock cards cannot go round and are dead; a view
    shows only their number, and the stock's size, never their faces."""
    dead_seen = False
    for state in states(Rules(players=6), 5, 200):
        view = state.view(0)
        assert view.dead_count == state.dead.bit_count()
        assert view.stock_size == len(state.stock)
        dead_seen = dead_seen or view.dead_count == 4
    assert dead_seen


def test_zones_place_every_card_once_where_the_state_says_it_is() -> None:
    """Where every card is (``state.zones()``): the deck before a deal; then each hand, the
    stock, the dead cards, the trick in progress and each seat's won cards, 52 in all, each in
    one zone."""
    rules = Rules(players=6, target=30)
    for state in states(rules, 7, 400):
        zones = state.zones()
        if state.phase in (Phase.DEAL, Phase.OVER):
            assert list(zones) == ["deck"]
            assert len(zones["deck"]) == 52
            continue
        seats = range(rules.players)
        names = [f"hand {s}" for s in seats] + ["stock", "dead", "trick"]
        assert list(zones) == names + [f"won {s}" for s in seats]
        masks = [zones[name].mask for name in zones]
        assert sum(m.bit_count() for m in masks) == 52
        everything = 0
        for mask in masks:
            assert not everything & mask
            everything |= mask
        for s in seats:
            assert zones[f"hand {s}"].mask == state.hands[s]
        assert zones["stock"].mask == sum(1 << c for c in state.stock)
        assert zones["dead"].mask == state.dead
        table = state.table
        trick = 0 if table is None else sum(1 << p for p in table.pieces)
        assert zones["trick"].mask == trick
        for s in seats:
            won = 0
            if table is not None:
                for t in table.tricks:
                    if t.winner == s:
                        won |= sum(1 << p for p in t.pieces)
            assert zones[f"won {s}"].mask == won


def test_sampling_refuses_knowledge_that_no_deck_order_fits() -> None:
    """Views and sampling: the seat's own cards fill its own positions of the deck, and only
    those, and a card another player played lies in one of that player's positions. Knowledge
    no deck order fits (five own cards for four positions; a card the seat holds that another
    seat played) is a TableGamesError (the library's documented error), never a deck with a
    card missing."""
    known: list[dict[str, Any]] = [
        {"own": 0b11111, "plays": (), "model": None},
        {"own": 0b1111, "plays": [((1,), (0,))], "model": MODELS[Suit.CLUBS]},
    ]
    for knowledge in known:
        with pytest.raises(TableGamesError, match="no deck order fits"):
            deal_hidden(
                4,
                dealer=0,
                seat=0,
                winners=(),
                leftovers="dead",
                rng=random.Random(0),
                **knowledge,
            )
