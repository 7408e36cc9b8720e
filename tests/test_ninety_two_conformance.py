"""Conformance: random playthroughs of Ninety-Two with 4, 6 and 8 players pass every generic
check (conservation, legal and refused actions, notation, views and sampling, records, JSON),
plus the game's own invariants: tricks per deal and exact-bid scoring."""

from __future__ import annotations

from typing import Any

from hypothesis import given

from budget import playthroughs
from tablegames.ninety_two import GAME, NinetyTwoState, Phase, Rules
from tablegames.testing import check_playthrough, seeds


def tricks_per_deal(state: Any) -> None:
    """13, 8 or 6 tricks a deal (one more with dealt leftovers); a short trick is played by the
    seats still holding cards, in clockwise order."""
    assert isinstance(state, NinetyTwoState)
    rules = state.rules
    for result in state.results:
        if not result.thrown_in:
            assert sum(result.tricks) == rules.tricks_per_deal
    if state.phase is Phase.PLAY:
        table = state.table
        assert table is not None and len(table.tricks) < rules.tricks_per_deal
        if not table.pieces:
            holders = tuple(s for s in range(rules.players) if state.hands[s])
            assert table.order == holders and table.leader in holders
            if rules.leftovers == "dead":
                assert len({bin(state.hands[s]).count("1") for s in holders}) == 1


def exact_bid_scoring(state: Any) -> None:
    """Each deal's scores follow the exact-bid rule, and the totals are their sums."""
    assert isinstance(state, NinetyTwoState)
    rules = state.rules
    totals = [0] * rules.players
    for result in state.results:
        for s in range(rules.players):
            totals[s] += result.score[s]
        if result.thrown_in:
            assert set(result.score) == {0} and result.bid is None
            continue
        assert result.bid is not None and result.bidder in result.team
        assert len(result.team) == rules.players // 2
        ours = sum(result.tricks[s] for s in result.team)
        theirs = sum(result.tricks) - ours
        made = ours == result.bid.tricks
        assert result.made == made
        for s in range(rules.players):
            if s in result.team:
                expected = 3 * ours if made else 0
            else:
                expected = 3 * theirs if (not made or rules.defenders_score_when_made) else 0
            assert result.score[s] == expected
    assert tuple(totals) == state.scores


EXTRA = [tricks_per_deal, exact_bid_scoring]


@playthroughs(6)
@given(seeds())
def test_four_players_conform(seed: int) -> None:
    final = check_playthrough(GAME, Rules(players=4, target=20), seed, refusal_every=5, extra=EXTRA)
    assert final.is_over


@playthroughs(6)
@given(seeds())
def test_six_players_conform(seed: int) -> None:
    final = check_playthrough(GAME, Rules(players=6, target=20), seed, refusal_every=5, extra=EXTRA)
    assert final.is_over


@playthroughs(6)
@given(seeds())
def test_eight_players_conform(seed: int) -> None:
    final = check_playthrough(GAME, Rules(players=8, target=20), seed, refusal_every=5, extra=EXTRA)
    assert final.is_over


@playthroughs(10)
@given(seeds())
def test_options_conform(seed: int) -> None:
    players = (4, 6, 8)[seed % 3]
    rules = Rules(
        players=players,
        first_dealer=seed % players,
        target=15,
        leftovers="deal",
        defenders_score_when_made=True,
    )
    final = check_playthrough(GAME, rules, seed, refusal_every=7, extra=EXTRA)
    assert final.is_over
