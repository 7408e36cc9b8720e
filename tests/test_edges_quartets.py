"""Quartets (Authors) at its edges: the contract walked along whole matches under every option.

Each test states one rule and cites the seed sentence (quoted in English on docs/quartets.md) or
the ruling (docs/quartets.md, "Rulings") it checks. They were written to kill
mutants that survived ``nox -s mutation`` (docs/testing.md).
"""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest

from edges_contract import walk
from tablegames.core import TableGamesError, ViolationCode, play_randomly
from tablegames.core.actions import Deal
from tablegames.pieces import CARDS, Card, Rank, cards
from tablegames.quartets import GAME, Ask, AskRank, Phase, Rules, deal_of, new_match


def test_views_zones_samples_and_points_along_matches() -> None:
    """Rulings: 'A completed set is laid down at once and scores its owner 1 point'; 'A deal
    ends when all 13 sets are down. A match is a set number of deals (default: one per player);
    most points wins, joint winners on a tie.' Design: views, zones and samples."""
    cases = [
        (Rules(players=3), 1),
        (Rules(players=4, turn_passes="left", deals=1), 2),
        (Rules(players=5, ask="rank", deals=1), 3),
    ]
    for rules, seed in cases:
        states = walk(GAME, rules, seed, sample_every=9, skip=frozenset({"laid", "asks"}))
        final = states[-1]
        deals = rules.deals if rules.deals is not None else rules.players
        assert final.is_over and final.phase is Phase.OVER and len(final.results) == deals
        assert all(sum(result.points) == 13 for result in final.results)
        totals = tuple(sum(r.points[s] for r in final.results) for s in range(rules.players))
        assert final.scores == totals
        best = max(totals)
        assert final.winners == tuple(s for s in range(rules.players) if totals[s] == best)
        for before, after in pairwise(states):
            if before.phase is Phase.ASK and after.phase is Phase.ASK:
                laid = sum(len(s) for s in after.view(0).laid)
                assert laid == 4 * sum(after.view(0).points)


def test_between_deals_the_table_is_clear_and_points_are_whole_sets() -> None:
    """Rulings: 'A completed set is laid down at once and scores its owner 1 point'; 'The whole
    deck is dealt one card at a time from the dealer's left' — a new deal starts from a clear
    table."""
    rules = Rules(players=3, deals=2)
    states = walk(GAME, rules, 5, sample_every=50, skip=frozenset({"laid", "asks"}))
    assert set(states[0].zones()) == {"deck"} and states[0].dealt() == (0, 0, 0)
    for state in states:
        view = state.view(0)
        assert view.asks == state.asks.to_tuple()
        if state.phase is not Phase.ASK:
            assert state.dealt() == (0, 0, 0) and set(state.zones()) == {"deck"}
            assert all(len(laid) == 0 for laid in view.laid)
        for result in state.results:
            assert all(type(p) is int for p in result.points) and sum(result.points) == 13
    middle = next(s for s in states if s.phase is Phase.ASK and len(s.asks) > 5)
    rng = random.Random(8)
    for seat in range(3):
        sample = middle.sample(seat, rng)
        assert None not in sample.history.to_tuple()
        assert GAME.replay(GAME.record(sample)) == sample
        assert sample.view(seat) == middle.view(seat)


def test_deal_of_checks_the_hands_it_is_given() -> None:
    """Ruling: 'The whole deck is dealt one card at a time from the dealer's left, so hands may
    differ by one.' The default dealer is seat 0 (the first dealer of a match)."""
    quarters = [" ".join(str(c) for c in CARDS[i::4]) for i in range(4)]
    assert deal_of(quarters) == deal_of(quarters, 0)
    dealt = new_match().apply(deal_of(quarters))
    assert [dealt.dealt()[s] for s in range(4)] == [cards(q).mask for q in quarters]
    twice = [quarters[0], quarters[0], quarters[2], quarters[3]]
    short = [quarters[0], quarters[1], quarters[2], ""]
    for bad in (twice, short):
        with pytest.raises(TableGamesError) as refused:
            deal_of(bad)
        assert str(refused.value) == "the hands must hold all 52 cards, each once"
    thirteen_each = [" ".join(str(c) for c in CARDS[i * 13 : i * 13 + 13]) for i in range(4)]
    uneven = [thirteen_each[0] + " " + thirteen_each[1], "", thirteen_each[2], thirteen_each[3]]
    with pytest.raises(TableGamesError) as refused:
        deal_of(uneven)
    assert str(refused.value) == "dealt from seat 1, the hands hold 13, 13, 13, 13 cards"


def test_refusals_say_which_way_to_ask() -> None:
    """Rulings: 'A turn is a request to another player ... for one exact card'; option
    `ask="rank"`: 'ask for a rank, and all cards of that rank are handed over'."""
    quarters = [" ".join(str(c) for c in CARDS[i::4]) for i in range(4)]
    code = ViolationCode
    fresh = new_match()
    cards_game = fresh.apply(deal_of(quarters))
    ranks_game = new_match(Rules(ask="rank")).apply(deal_of(quarters))
    two_clubs = Card.parse("2C")
    bad_card: Any = "2C"
    bad_rank: Any = 2
    cases: list[tuple[Any, Any, ViolationCode, str]] = [
        (
            fresh,
            Ask(1, two_clubs),
            code.DEAL_EXPECTED,
            "The cards must be shuffled and dealt first.",
        ),
        (
            cards_game,
            Deal(tuple(CARDS[:51])),
            code.WRONG_PHASE,
            "It is time to ask a player for a card, as ask 3 8S.",
        ),
        (
            cards_game,
            AskRank(1, Rank.TWO),
            code.UNKNOWN_ACTION,
            "Under these rules you ask for one exact card, as ask 3 8S, not for a rank.",
        ),
        (
            cards_game,
            Ask(1, bad_card),
            code.MALFORMED_ACTION,
            "An ask names a card, as ask 3 8S, not '2C'.",
        ),
        (
            ranks_game,
            Ask(1, two_clubs),
            code.UNKNOWN_ACTION,
            "Under these rules you ask for a rank, as ask 3 8, not for one card.",
        ),
        (
            ranks_game,
            AskRank(1, bad_rank),
            code.MALFORMED_ACTION,
            "An ask names a rank, as ask 3 8, not 2.",
        ),
    ]
    for state, action, wanted, message in cases:
        violation = state.check(action)
        assert violation is not None and (violation.code, violation.message) == (wanted, message)
    for bad in (Deal((CARDS[0], *CARDS[:51])), Deal(tuple(CARDS[:51]))):
        violation = fresh.check(bad)
        assert violation is not None and violation.code is ViolationCode.BAD_DEAL
        assert violation.message == "A deal must order all 52 cards, each exactly once."
    over = play_randomly(new_match(Rules(players=2, deals=1)), random.Random(3))
    violation = over.check(Ask(1, Card.parse("2C")))
    assert violation is not None and violation.code is ViolationCode.GAME_OVER
    assert violation.message == "The match is over: nobody acts any more."


def test_each_card_ask_is_recorded_as_what_it_asked_got_and_laid(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rulings: 'A turn is a request to another player ... for one exact card'; 'Holder has it:
    it is handed over'; 'A completed set is laid down at once'. Every ask of a nine-player match
    is recorded as who asked whom, the card wanted, the card handed over (none if the holder
    lacked it) and the set laid with it. The records are built once per pair of seats and
    cached; the cache starts empty here so that the building itself is checked."""
    from tablegames.quartets import asking

    monkeypatch.setattr(asking, "_ASKED", [None] * 9)
    rng = random.Random(9)
    state = new_match(Rules(players=9, deals=1))
    asks = 0
    while not state.is_over:
        legal = state.legal_actions()
        action = rng.choice(legal) if legal else state.chance_outcome(rng)
        after = state.apply(action)
        if isinstance(action, Ask) and after.phase is Phase.ASK:
            asker, bit = state.to_act, 1 << action.card.index
            assert asker is not None
            given = state.hands[action.seat] & bit
            rank = sum(1 << card.index for card in CARDS if card.rank == action.card.rank)
            hand = state.hands[asker] | given
            laid = rank if given and hand & rank == rank else 0
            record = after.asks.to_tuple()[-1]
            assert (record.asker, record.target, record.wanted) == (asker, action.seat, bit)
            assert (record.given, record.laid) == (given, laid)
            asks += 1
        state = after
    assert asks > 50
