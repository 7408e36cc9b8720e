"""Cheaper playouts keep the same views and choices; the ladder's claims and bars."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from tablegames import ninety_two, texas42
from tablegames.agents import HeuristicAgent, SearchAgent, make_agent
from tablegames.agents.ninety_two import NinetyTwoHeuristic, promised_tricks
from tablegames.agents.trick_play import played_in
from tablegames.core.game import GameState
from tablegames.ladder import (
    RUNGS,
    SEARCH,
    LadderRow,
    markdown,
    only,
    rung_matches,
    with_bars,
)
from tablegames.pieces.cards import CARDS, Card
from tablegames.pieces.dominoes import DOMINOES
from tablegames.simulation import SimulationResult, wilson_interval


def _random_states(start: GameState[Any], seed: int, most: int = 400) -> list[Any]:
    rng = random.Random(seed)
    state = start
    states = [state]
    while not state.is_over and len(states) < most:
        if state.is_chance:
            state = state.apply(state.chance_outcome(rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        states.append(state)
    return states


TEXAS42_RULES = (
    texas42.Rules(target=60),
    texas42.Rules(
        nello=True,
        plunge=True,
        splash=True,
        sevens=True,
        doubles_trump=True,
        follow_me=True,
        scoring="marks",
        bid_ladder="marks",
        target=3,
    ),
)


@pytest.mark.parametrize("rules", TEXAS42_RULES, ids=["points", "specials"])
def test_texas42_views_read_the_trick_record_as_the_table_shows_it(rules: texas42.Rules) -> None:
    for seed in range(3):
        for state in _random_states(texas42.new_match(rules), seed):
            table = state.table
            for seat in range(4):
                view = state.view(seat)
                assert view.hand_points == state.hand_points
                if table is None:
                    assert view.trick == () and view.tricks == ()
                    continue
                assert view.trick == tuple(
                    zip(table.seats_in_trick, (DOMINOES[p] for p in table.pieces))
                )
                assert view.tricks == tuple(
                    (t.leader, tuple(DOMINOES[p] for p in t.pieces), t.winner) for t in table.tricks
                )
                assert view.legal_actions == (state.legal_actions() if state.to_act == seat else ())


@pytest.mark.parametrize("players", [4, 6])
def test_ninety_two_views_read_the_trick_record_as_the_table_shows_it(players: int) -> None:
    for seed in range(3):
        start = ninety_two.new_match(ninety_two.Rules(players=players, target=30))
        for state in _random_states(start, seed):
            table = state.table
            view = state.view(seed % players)
            if table is None:
                assert view.trick == () and view.tricks == () and view.won == (0,) * players
                continue
            assert view.trick == tuple(zip(table.seats_in_trick, (CARDS[p] for p in table.pieces)))
            assert view.tricks == tuple(
                (t.seats, tuple(CARDS[p] for p in t.pieces), t.winner) for t in table.tricks
            )
            assert view.won == table.won


def test_played_in_is_the_mask_of_every_piece_of_the_finished_tricks() -> None:
    for state in _random_states(texas42.new_match(texas42.Rules(target=60)), 5):
        if state.table is None:
            continue
        view = state.view(0)
        expected = 0
        for trick in state.table.tricks:
            for piece in trick.pieces:
                expected |= 1 << piece
        assert played_in(view.tricks) == expected
        assert played_in(view.tricks) == expected  # remembered: the same answer again


def test_ninety_two_ranking_puts_the_choice_then_the_bids_the_hand_promises_first() -> None:
    heuristic = NinetyTwoHeuristic()
    seen_bidding = 0
    for seed in range(6):
        for state in _random_states(ninety_two.new_match(), seed, most=80):
            if state.is_chance or state.is_over:
                continue
            view = state.view(state.to_act)
            ranked = heuristic.ranked(view)
            assert ranked[0] == heuristic.choose(view, random.Random(0))
            assert sorted(map(str, ranked)) == sorted(map(str, view.legal_actions))
            assert HeuristicAgent().ranked(view, random.Random(0)) == ranked
            if view.phase is ninety_two.Phase.BID and len(ranked) > 9:
                seen_bidding += 1
                hand = list(view.hand)

                def off(bid: ninety_two.Bid, hand: list[Card] = hand) -> int:
                    return abs(bid.tricks - promised_tricks(hand, bid.suit, 13))

                searched = ranked[:8]
                assert ninety_two.PASS in searched or ninety_two.PASS not in ranked
                for bid in searched:
                    if isinstance(bid, ninety_two.Bid) and bid != ranked[0]:
                        # no bid of that trump left out is closer to what the hand promises
                        assert all(
                            off(bid) <= off(other)
                            for other in ranked[8:]
                            if isinstance(other, ninety_two.Bid) and other.suit == bid.suit
                        )
    assert seen_bidding


def test_the_confidence_option() -> None:
    agent = make_agent("search:16:conf2.5")
    assert isinstance(agent, SearchAgent)
    assert (agent.samples, agent.confidence) == (16, 2.5)


def _result(game: str, wins: int, matches: int) -> SimulationResult:
    rate = wins / matches
    return SimulationResult(
        game,
        matches,
        0,
        {},
        ("search", "heuristic", "heuristic", "heuristic"),
        (wins, 0, 0, 0),
        (rate, 0.0, 0.0, 0.0),
        (wilson_interval(wins, matches),) * 4,
        (0.0,) * 4,
        1.0,
        1.0,
    )


def test_a_search_rung_passes_only_with_its_whole_interval_above_the_bar() -> None:
    rung = next(r for r in RUNGS if r.fair_share and r.game == "ninety-two")
    # 30% of 100: the point estimate is above 25%, the interval is not
    assert not LadderRow(rung, _result("ninety-two", 30, 100), 0.0, 0.25).passed
    assert LadderRow(rung, _result("ninety-two", 40, 100), 0.0, 0.25).passed
    # the heuristic baseline raises the bar
    assert not LadderRow(rung, _result("ninety-two", 40, 100), 0.0, 0.32).passed


def test_only_a_claimed_rung_fails_the_ladder_and_the_page_says_which_games_fall_short() -> None:
    rung = next(r for r in RUNGS if r.fair_share and r.game == "ninety-two")
    claimed = attrs.evolve(rung, claimed=True)
    unclaimed = attrs.evolve(rung, claimed=False)
    short = _result("ninety-two", 30, 100)
    assert LadderRow(claimed, short, 0.0, 0.25).failed_claim
    assert not LadderRow(unclaimed, short, 0.0, 0.25).failed_claim
    page = markdown(
        [
            LadderRow(unclaimed, short, 0.0, 0.25),
            LadderRow(claimed, _result("ninety-two", 40, 100), 0.0, 0.25),
        ],
        "python -m tablegames.ladder",
    )
    assert "in Ninety-Two it is **not** shown to beat it" in page
    assert "not shown above 25.0% (fair share)" in page
    assert "beats 25.0% (fair share)" in page


def test_search_rungs_play_their_share_of_the_ladder() -> None:
    search = [r for r in RUNGS if r.fair_share and r.agents[0].startswith("search")]
    assert {r.game for r in search} == set(SEARCH)
    assert all(SEARCH[r.game] in r.agents for r in search)
    assert [rung_matches(r, 1000) for r in search] == [r.matches for r in search]
    assert all(rung_matches(r, 2) == 1 for r in search)
    assert all(rung_matches(r, 1000) == 1000 for r in RUNGS if r.matches is None)


def test_the_four_heuristic_baseline_raises_a_search_rungs_bar_above_the_fair_share() -> None:
    search = next(r for r in RUNGS if r.fair_share and r.game == "ninety-two")
    baseline = next(r for r in RUNGS if r.game == "ninety-two" and set(r.agents) == {"heuristic"})
    high = with_bars(
        [
            LadderRow(baseline, _result("ninety-two", 30, 100), 0.0),
            LadderRow(search, _result("ninety-two", 40, 100), 0.0),
        ]
    )
    assert high[1].bar == 0.30
    low = with_bars(
        [
            LadderRow(baseline, _result("ninety-two", 20, 100), 0.0),
            LadderRow(search, _result("ninety-two", 40, 100), 0.0),
        ]
    )
    assert low[1].bar == 0.25  # never below the fair share
    assert with_bars([LadderRow(search, _result("ninety-two", 40, 100), 0.0)])[0].bar == 0.25


def test_the_page_claims_search_beats_the_heuristic_in_every_game() -> None:
    claims = {r.game: r.claimed for r in RUNGS if r.fair_share and r.agents[0].startswith("search")}
    assert claims == {"texas42": True, "ninety-two": True, "preference": True, "quartets": True}
    page = (Path(__file__).resolve().parent.parent / "docs" / "strength.md").read_text()
    assert "Search beats the heuristic in Texas 42, Ninety-Two, Preference and Quartets" in page
    assert all(r.claimed for r in RUNGS if not r.fair_share)


def test_the_page_explains_a_search_rung_that_falls_short_next_to_its_baseline() -> None:
    search = next(r for r in RUNGS if r.fair_share and r.game == "ninety-two")
    baseline = next(r for r in RUNGS if r.game == "ninety-two" and set(r.agents) == {"heuristic"})
    rows = with_bars(
        [
            LadderRow(baseline, _result("ninety-two", 15, 100), 0.0),
            LadderRow(search, _result("ninety-two", 29, 100), 0.0),
        ]
    )
    page = markdown(rows, "python -m tablegames.ladder")
    assert "Ninety-Two: the search seat won 29.0%" in page
    assert "its bar is 25.0%, so search is not shown to beat the heuristic there" in page
    assert "the heuristic won 15.0%" in page and "less than the fair share" in page


def test_the_solver_rungs_meet_the_search_and_the_heuristic_unclaimed() -> None:
    # docs/strength.md: the solver rows are shown, not claimed; every trick game has two.
    solver = [r for r in RUNGS if r.agents[0].startswith("solver")]
    assert [(r.game, r.agents[1]) for r in solver] == [
        (game, other)
        for game in ("texas42", "ninety-two", "preference")
        for other in (SEARCH[game], "heuristic")
    ]
    assert all(r.fair_share and not r.claimed for r in solver)
    assert [r.bar for r in solver] == [0.5, 0.5, 0.25, 0.25, 0.25, 0.25]
    side = [r for r in solver if r.game == "texas42"]
    assert all(r.agents[0] == r.agents[2] and r.agents[1] == r.agents[3] for r in side)
    alone = [r for r in solver if r.game != "texas42"]
    assert all(len(set(r.agents[1:])) == 1 and r.agents[0] != r.agents[1] for r in alone)
    rows = with_bars([LadderRow(rung, _result(rung.game, 3, 10), 0.0) for rung in solver])
    assert [row.passed for row in rows] == [False] * 6
    assert not any(row.failed_claim for row in rows)
    page = markdown(rows, "python -m tablegames.ladder")
    assert "The solver rows measure the solver agent" in page
    assert "Against the search agent its whole interval lies above the bar in no game" in page
    assert "Search beats the heuristic" not in page


def test_a_solver_run_brings_the_baselines_that_set_its_bars() -> None:
    # docs/strength.md: "They alone, with the baselines that set their bars".
    rungs = only("solver")
    baselines = [r for r in rungs if r.bar is None]
    assert {r.game for r in baselines} == {"ninety-two", "preference"}
    assert all(set(r.agents) == {"heuristic"} and not r.rules for r in baselines)
    preference_search = next(r for r in rungs if r.game == "preference" and r.bar is not None)
    baseline = next(r for r in baselines if r.game == "preference")
    rows = with_bars(
        [
            LadderRow(baseline, _result("preference", 55, 100), 0.0),
            LadderRow(preference_search, _result("preference", 70, 100), 0.0),
        ]
    )
    assert rows[1].bar == 0.55 and rows[1].passed
    page = markdown(rows, "python -m tablegames.ladder")
    assert "Against the search agent its whole interval lies above the bar in Preference." in page


def test_the_ladder_says_on_standard_error_as_each_rung_ends(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A ladder of solver rungs runs for an hour: it tells how far it has got as it goes.
    from tablegames.ladder import run_ladder

    rows = run_ladder(matches=1, rungs=RUNGS[:2])
    err = capsys.readouterr().err.splitlines()
    assert len(rows) == 2 and len(err) == 2
    assert err[0].startswith(f"1/2 texas42: {RUNGS[0].description}: 1 match in ")
    assert err[1].startswith(f"2/2 {RUNGS[1].game}: ")
