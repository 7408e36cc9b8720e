"""The special contracts pass the generic conformance checks of tablegames.testing, each on its
own and all together; the rule options reach the command line."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given

from budget import playthroughs
from tablegames.cli import main
from tablegames.core import RulesError
from tablegames.pieces import DOMINOES
from tablegames.rule_options import parse_options, rules_from_options
from tablegames.testing import check_playthrough, seeds
from tablegames.texas42 import GAME, Rules, Texas42State

VARIANTS: dict[str, dict[str, Any]] = {
    "nello": {"nello": True},
    "nello suit": {"nello": True, "nello_doubles": "suit"},
    "nello low": {"nello": True, "nello_doubles": "low", "follow": "higher_end"},
    "plunge": {"plunge": True, "forced_bid": True},
    "splash 3": {"splash": True, "splash_marks": 3},
    "sevens": {"sevens": True},
    "all": {
        "nello": True,
        "plunge": True,
        "splash": True,
        "sevens": True,
        "follow": "higher_end",
        "doubles_trump": True,
        "follow_me": True,
        "forced_bid": True,
    },
}


def scores_add_up(state: Any) -> None:
    assert isinstance(state, Texas42State)
    totals = [sum(r.score[side] for r in state.results) for side in (0, 1)]
    assert tuple(totals) == state.scores


def special_hands_settle_as_ruled(state: Any) -> None:
    """Made after 7 tricks, set the moment the side fails; marks to one side only."""
    assert isinstance(state, Texas42State)
    for result in state.results:
        if result.thrown_in:
            continue
        assert sorted(result.score) == [0, max(1, result.bid // 42)]
        if (result.trump is not None and result.trump >= 9) or result.contract != "bid":
            lost = result.played[-1].winner
            if result.made:
                assert len(result.played) == 7
            else:  # the last trick is the one that set it
                side = result.bidder % 2  # type: ignore[operator]
                nello = 9 <= (result.trump or 0) <= 11
                assert (lost % 2 == side) if nello else (lost % 2 != side)


def tricks_follow_their_contract(state: Any) -> None:
    """Nello: tricks of three without the partner; sevens: the closest tile wins, ties to the
    bidding side's first-played one, else the first played."""
    assert isinstance(state, Texas42State)
    for result in state.results:
        if result.bidder is None or result.trump is None:
            continue
        for trick in result.played:
            if 9 <= result.trump <= 11:
                assert len(trick.pieces) == 3 and (result.bidder + 2) % 4 not in trick.seats
            elif result.trump == 12:
                away = [abs(DOMINOES[p].high + DOMINOES[p].low - 7) for p in trick.pieces]
                tied = [s for s, a in zip(trick.seats, away) if a == min(away)]
                ours = [s for s in tied if s % 2 == result.bidder % 2]
                assert trick.winner == (ours or tied)[0]


@pytest.mark.parametrize("name", VARIANTS)
@given(seeds())
def test_contract_conforms(name: str, seed: int) -> None:
    rules = Rules(scoring="marks", bid_ladder="marks", target=3, **VARIANTS[name])
    extra = [scores_add_up, special_hands_settle_as_ruled, tricks_follow_their_contract]
    check_playthrough(GAME, rules, seed, extra=extra)


@playthroughs(10)
@given(seeds())
def test_follow_higher_end_points_game_conforms(seed: int) -> None:
    check_playthrough(GAME, Rules(follow="higher_end", target=80), seed, extra=[scores_add_up])


def test_rule_options_are_typed_by_the_rules_fields() -> None:
    options = parse_options(
        Rules, ["nello=TRUE", "target=none", "splash_marks=3", "follow=higher_end"]
    )
    assert options == {"nello": True, "target": None, "splash_marks": 3, "follow": "higher_end"}
    with pytest.raises(RulesError, match="A rule is written KEY=VALUE"):
        parse_options(Rules, ["nello"])
    with pytest.raises(RulesError, match="There is no rule 'colour'"):
        parse_options(Rules, ["colour=red"])
    with pytest.raises(RulesError, match=r"target is a whole number, not '3\.5'"):
        rules_from_options(Rules, ["target=3.5"])
    with pytest.raises(RulesError, match="nello is a special contract"):
        rules_from_options(Rules, ["nello=true"])


def test_demo_plays_a_tournament_hand_with_the_contracts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    options = ["--rule", "scoring=marks", "--rule", "bid_ladder=marks"]
    assert main(["demo", "texas42", "--seed", "23", *options, "--rule", "plunge=true"]) == 0
    assert "seat 2: bid plunge" in capsys.readouterr().out
    assert main(["demo", "texas42", "--seed", "1", *options, "--rule", "nello=true"]) == 0
    assert "seat 2 lays its tiles aside; seat 0 leads." in capsys.readouterr().out
    assert main(["demo", "texas42", "--rule", "nello=true"]) == 2
    assert "nello is a special contract" in capsys.readouterr().err


def test_bench_takes_rule_options(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bench", "texas42", "--seconds", "0.05", "--rule", "scoring=marks"]
    assert main([*args, "--rule", "bid_ladder=marks", "--rule", "sevens=true"]) == 0
    assert capsys.readouterr().out.startswith("Texas 42")
    assert main(["bench", "--seconds", "0.05", "--rule", "target=3"]) == 2
    assert "name the game" in capsys.readouterr().err
