"""Ninety-Two's start positions (a format 2 record's ``start``), read field by field.

docs/limits.md, "Format versions": Ninety-Two's start is ``{"dealer", "scores": [by seat],
"results": [...]}``, the results written as in the views (docs/views.md, "Ninety-Two JSON").
Reading a start checks its form field by field, that the deals were dealt in turn from the
rules' first dealer, that the scores are the deals' scores added up, and that the match was
not over before the last deal; anything else is a ``RecordError`` with a sentence. These tests
were written to kill mutants of ``tablegames.ninety_two.start`` that survived
``nox -s mutation`` (docs/testing.md).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from tablegames.core import random_action
from tablegames.core.records import GameRecord
from tablegames.errors import RecordError
from tablegames.ninety_two import GAME, NinetyTwoState, Rules, new_match
from tablegames.ninety_two.start import read_start, start_log, start_notation
from tablegames.ninety_two.state import start_from_notation


def played(rules: Rules, seed: int, deals: int) -> NinetyTwoState:
    """A random match under ``rules`` played until ``deals`` deals are finished."""
    rng = random.Random(seed)
    state = new_match(rules)
    while len(state.results) < deals:
        state = state.apply(random_action(state, rng))
    return state


def start_of(state: NinetyTwoState) -> dict[str, Any]:
    """The start a sampled world of ``state`` carries in its record."""
    world = state.view(0).sample(random.Random(0))
    record = json.loads(GAME.record(world).to_json())
    start: dict[str, Any] = record["start"]
    return start


def thawed(value: Any) -> Any:
    """A start as plain JSON data (a log holds it frozen)."""
    if isinstance(value, Mapping):
        return {key: thawed(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [thawed(item) for item in value]
    return value


def refusal(rules: Rules, start: object) -> str:
    with pytest.raises(RecordError) as caught:
        read_start(rules, start)  # type: ignore[arg-type]
    return str(caught.value)


RULES = Rules(players=4, first_dealer=1)
STATE = played(RULES, 3, 3)
START = start_of(STATE)


def test_a_start_written_after_three_deals_reads_to_that_position() -> None:
    """The start notation gives the dealer, the scores and every finished deal as the views
    write them; reading it back gives the same position (and a match over reads as over)."""
    assert start_notation(STATE.dealer, STATE.scores, STATE.results) == START
    assert START["dealer"] == STATE.dealer == 0  # first dealer 1, three deals: seat 0 deals
    assert START["scores"] == list(STATE.scores) and any(STATE.scores)
    assert [r["dealer"] for r in START["results"]] == [1, 2, 3]
    assert any(0 in r["team"] for r in START["results"])  # seat 0 is a seat like the others
    start = read_start(RULES, START)
    assert (start.dealer, start.scores, start.results) == (
        STATE.dealer,
        STATE.scores,
        STATE.results,
    )
    assert start.over is False
    state = start_from_notation(RULES, START)
    assert (state.dealer, state.scores, state.results) == (
        STATE.dealer,
        STATE.scores,
        STATE.results,
    )
    assert thawed(state.history.log[1]) == START


def test_the_first_node_of_a_started_log_writes_its_start() -> None:
    node = start_log(2, (3, 0, 3, 0), STATE.results[:1])
    assert node[0] is None and node[2] == 0
    assert thawed(node[1]) == {
        "dealer": 2,
        "scores": [3, 0, 3, 0],
        "results": [START["results"][0]],
    }


def test_a_start_at_the_end_of_the_match_reads_as_over() -> None:
    """The end: after a deal, if anyone has the target or more, the match is over."""
    rules = Rules(target=10)
    state = played(rules, 4, 1)
    while not state.is_over:
        state = played(rules, 4, len(state.results) + 1)
    data = start_notation(state.dealer, state.scores, state.results)
    start = read_start(rules, data)
    assert start.over is True
    assert start_from_notation(rules, data).is_over


def test_a_thrown_in_deal_reads_with_no_bid_and_zero_tricks() -> None:
    """All pass: the deal is thrown in and nobody scores; its result has no bidder, no bid,
    no team, zero tricks and no 'made'."""
    nothing = {"dealer": 0, "bidder": None, "bid": None, "team": [], "tricks": [0] * 4}
    data = {
        "dealer": 1,
        "scores": [0] * 4,
        "results": [{**nothing, "made": None, "score": [0] * 4}],
    }
    (result,) = read_start(Rules(), data).results
    assert result.thrown_in and result.bid is None and result.made is None
    assert result.tricks == (0, 0, 0, 0) and result.score == (0, 0, 0, 0)


def with_result(change: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(START)
    data["results"][0].update(change)
    return data


@pytest.mark.parametrize(
    ("start", "sentence"),
    [
        ([], "The start of a Ninety-Two record is a JSON object."),
        ({**START, "pot": 1}, "The start has no field 'pot'."),
        ({"dealer": 0, "scores": [0] * 4}, "The start has no results."),
        ({"dealer": 0, "results": []}, "The start has no scores."),
        ({"scores": [0] * 4, "results": []}, "The start has no dealer."),
        ({**START, "dealer": 4}, "The start's dealer is a seat 0..3, not 4."),
        ({**START, "scores": [0] * 3}, "The start's scores is a list of 4 whole numbers."),
        ({**START, "scores": [10**9 + 1, 0, 0, 0]}, "The start's scores is a list of 4 whole"),
        ({**START, "scores": [-1, 0, 0, 0]}, "The start's scores is a list of 4 whole numbers."),
        ({**START, "dealer": 1}, "The start's dealer is seat 1, out of turn after 3 deals."),
        ({**START, "scores": [0] * 4}, "The start's scores [0, 0, 0, 0] are not the sum of its"),
        (
            {**START, "results": [[]]},
            "Deal 1 of the start of a Ninety-Two record is a JSON",
        ),
        (with_result({"pot": 1}), "Deal 1 of the start has no field 'pot'."),
        (with_result({"dealer": 2}), "Deal 1 of the start was dealt by seat 2, out of turn."),
        (with_result({"dealer": 4}), "Deal 1 of the start's dealer is a seat 0..3, not 4."),
        (with_result({"bid": "pass"}), "Deal 1 of the start has 'pass' for its bid, which is not"),
        (with_result({"bid": "bid"}), "Deal 1 of the start has 'bid' for its bid, which is not a"),
        (with_result({"bid": 3}), "Deal 1 of the start's bid is a short text."),
        (with_result({"team": [0, 4]}), "Deal 1 of the start's team lists 4 at 1, which is not a"),
        (with_result({"team": [-1]}), "Deal 1 of the start's team lists -1 at 0, which is not a"),
        (with_result({"team": ["0"]}), "Deal 1 of the start's team lists '0' at 0, which is not"),
        (with_result({"team": [0] * 5}), "Deal 1 of the start's team is a list of at most 4"),
        (with_result({"bidder": 4}), "Deal 1 of the start's bidder is a seat 0..3, not 4."),
        (with_result({"tricks": [0] * 3}), "Deal 1 of the start's tricks is a list of 4 whole"),
        (with_result({"tricks": [15, 0, 0, 0]}), "Deal 1 of the start's tricks is a list of 4"),
        (with_result({"tricks": [-1, 0, 0, 0]}), "Deal 1 of the start's tricks is a list of 4"),
        (with_result({"made": 1}), "Deal 1 of the start's made is true or false."),
        (with_result({"score": [0] * 5}), "Deal 1 of the start's score is a list of 4 whole"),
        (with_result({"score": [10**6 + 1] + [0] * 3}), "Deal 1 of the start's score is a list"),
        (with_result({"score": [-1, 0, 0, 0]}), "Deal 1 of the start's score is a list of 4 whole"),
    ],
)
def test_a_malformed_start_is_refused_with_a_sentence_naming_the_field(
    start: object, sentence: str
) -> None:
    """Anything else is a RecordError with a sentence that names the field at fault."""
    assert refusal(RULES, start).startswith(sentence)


def test_the_bounds_are_inclusive() -> None:
    """The form's bounds (docs/limits.md: reading is bounded) admit their limits: 14 tricks,
    a deal's score of a million, scores of a billion (the sum still has to hold)."""
    data = with_result({"tricks": [14, 0, 0, 0]})
    assert read_start(RULES, data).results[0].tricks[0] == 14
    score = [10**6, 0, 0, 0]
    data = {"dealer": 2, "scores": score, "results": [{**START["results"][0], "score": score}]}
    assert read_start(RULES, data).results[0].score == tuple(score)
    big = {"dealer": 1, "scores": [10**9, 0, 0, 0], "results": []}
    assert (
        refusal(RULES, big)
        == "The start's scores [1000000000, 0, 0, 0] are not the sum of its deals'."
    )


def test_a_match_over_before_its_last_deal_is_refused() -> None:
    """The end: once a deal leaves anyone at the target, no deal follows."""
    rules = Rules(target=10, first_dealer=1)
    data = copy.deepcopy(START)
    assert any(score >= 10 for score in data["results"][0]["score"])
    assert refusal(rules, data) == "The match was over before deal 2 of the start."


def test_a_record_with_a_start_replays_to_the_sampled_world() -> None:
    world = STATE.view(2).sample(random.Random(1))
    again = GAME.replay(GameRecord.from_json(GAME.record(world).to_json()))
    assert again == world
    assert again.dealer == STATE.dealer and again.results == STATE.results
