"""Preference's start positions (a format 2 record's ``start``), read field by field and chip by
chip.

docs/limits.md, "Format versions": Preference's start is ``{"dealer", "stacks": [by seat],
"pot", "results": [...]}``, the chips when the deal begins (antes paid), the results written as
in the views (docs/views.md, "Preference JSON"). Reading a start checks its form, that the deals
were dealt in turn from the rules' first dealer and numbered in order, that the stacks and pot
hold every chip, and it follows the chips through every finished deal by the rules of
docs/preference.md: a deal thrown in moves no chip; the declarer (one of the three dealt in)
pays its round-two offer, and under ``round_two_payment="all"`` every outbid offer is paid too
(each made in turn before the winning one, higher than the one before); a made game (six of the
ten tricks) takes the payout for the trump suit from the pot, at most the pot, a lost one pays
the penalty into it. Anything else is a ``RecordError`` with a sentence saying what no deal
could do. Written to kill mutants of ``tablegames.preference.start`` (docs/testing.md,
"Mutation testing").
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from tablegames.errors import RecordError
from tablegames.preference import PreferenceState, Rules, new_match, parse_action
from tablegames.preference.start import read_start, start_log, start_notation
from tablegames.preference.state import start_from_notation


def _played() -> PreferenceState:
    """Three deals from the first dealer 0: round two won by seat 2 offering 2 over seat 1's 1,
    a deal bid in round one, and a deal thrown in (everybody passed both rounds)."""
    rng = random.Random(3)
    state = new_match(Rules())
    scripts = [
        ["pass", "pass", "pass", "offer 1", "offer 2", "pass"],
        [],
        ["pass"] * 6,
    ]
    for script in scripts:
        deals = len(state.results)
        state = state.apply(state.chance_outcome(rng))
        for text in script:
            state = state.apply(parse_action(text))
        while len(state.results) == deals:
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
    return state


STATE = _played()
START: dict[str, Any] = json.loads(
    json.dumps(start_notation(STATE.dealer, STATE.stacks, STATE.pot, STATE.results))
)


def deal(number: int, dealer: int, declarer: int | None, trump: str | None, **rest: Any) -> Any:
    return {"number": number, "dealer": dealer, "declarer": declarer, "trump": trump, **rest}


# Round two of deal 1 (dealer 0): seats 1 and 2 offered 1 and 2 before seat 3 won with 3, and
# made its game in spades (payout 1): each paid its offer, the declarer took 1 from the pot.
OUTBID = deal(1, 0, 3, "S", offer=3, tricks=[0, 2, 2, 6], made=True, chips=1)
OUTBID.update(stacks=[95, 94, 93, 93], pot=25)


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


def with_deal(number: int, change: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(START)
    data["results"][number - 1].update(change)
    return data


def test_a_start_written_after_three_deals_reads_to_that_position() -> None:
    """The start notation gives the dealer, the chips and every finished deal as the views
    write them; reading it back gives the same position, and the state made there is at it."""
    assert start_notation(STATE.dealer, STATE.stacks, STATE.pot, STATE.results) == START
    assert (START["dealer"], START["stacks"], START["pot"]) == (3, [95, 94, 91, 91], 29)
    for written, result in zip(START["results"], STATE.results, strict=True):
        trump = None if result.trump is None else result.trump.letter
        assert list(written.items()) == [
            ("number", result.number),
            ("dealer", result.dealer),
            ("declarer", result.declarer),
            ("trump", trump),
            ("offer", result.offer),
            ("tricks", list(result.tricks)),
            ("made", result.made),
            ("chips", result.chips),
            ("stacks", list(result.stacks)),
            ("pot", result.pot),
        ]
    # The three deals the script plays: round two won with 2 over 1, a game bid, a throw-in.
    assert [(r.declarer, r.offer) for r in STATE.results] == [(2, 2), (3, 0), (None, 0)]
    start = read_start(Rules(), START)
    assert (start.dealer, start.stacks, start.pot, start.results, start.over) == (
        STATE.dealer,
        STATE.stacks,
        STATE.pot,
        STATE.results,
        False,
    )
    state = start_from_notation(Rules(), START)
    assert (state.dealer, state.stacks, state.pot, state.results) == (
        STATE.dealer,
        STATE.stacks,
        STATE.pot,
        STATE.results,
    )
    assert not state.is_over and state.phase.value == "deal"


def test_the_first_node_of_a_started_log_writes_its_start() -> None:
    node = start_log(1, (95, 94, 91, 95), 25, STATE.results[:1])
    assert node[0] is None and node[2] == 0
    assert thawed(node[1]) == {
        "dealer": 1,
        "stacks": [95, 94, 91, 95],
        "pot": 25,
        "results": START["results"][:1],
    }


def test_a_start_after_the_last_deal_reads_as_over() -> None:
    """docs/preference.md: after the set number of deals the match is over."""
    rules = Rules(deals=3)
    assert read_start(rules, START).over is True
    assert start_from_notation(rules, START).is_over
    assert refusal(Rules(deals=2), START) == "The start's results is a list of at most 2 entries."


def test_every_outbid_offer_is_paid_in_turn_under_all() -> None:
    """round_two_payment="all": the offers made before the winning one, in turn and each
    higher than the one before, are paid by their makers; not otherwise."""
    data = {"dealer": 1, "stacks": [95, 94, 93, 93], "pot": 25, "results": [OUTBID]}
    assert read_start(Rules(), data).results[0].offer == 3
    level = {**OUTBID, "stacks": [95, 93, 93, 93], "pot": 26}  # 2 after 2: not higher
    data = {"dealer": 1, "stacks": [95, 93, 93, 93], "pot": 26, "results": [level]}
    assert refusal(Rules(), data) == (
        "Deal 1 of the start: seat 2's stack went from 95 to 93, which no outbid offer explains."
    )
    # Deal 2 (dealer 1): seat 0 wins round two with 95, the whole of its stack; seat 2 had
    # only 93 before the deal, so it cannot have offered 94.
    second = deal(2, 1, 0, "S", offer=95, tricks=[0, 0, 4, 6], made=False, chips=-1)
    second.update(stacks=[-1, 94, -1, 93], pot=215)
    data = {"dealer": 2, "stacks": [-1, 94, -1, 93], "pot": 215, "results": [OUTBID, second]}
    assert refusal(Rules(), data) == (
        "Deal 2 of the start: seat 2's stack went from 93 to -1, which no outbid offer explains."
    )


def test_only_the_winning_offer_is_paid_under_winner_only() -> None:
    """round_two_payment="winner_only": seat 1's outbid offer of 1 is not paid."""
    rules = Rules(round_two_payment="winner_only")
    assert refusal(rules, START) == (
        "Deal 1 of the start leaves the stacks [95, 95, 91, 95] and the pot 24, not "
        "[95, 94, 91, 95] and 25."
    )
    first = {**START["results"][0], "stacks": [95, 95, 91, 95], "pot": 24}
    data = {"dealer": 1, "stacks": [95, 95, 91, 95], "pot": 24, "results": [first]}
    assert read_start(rules, data).stacks == (95, 95, 91, 95)


def test_a_made_game_takes_its_payout_but_never_more_than_the_pot() -> None:
    """docs/preference.md: the payout is taken from the pot, at most what it holds; a pot left
    empty is anted again for the next deal."""
    rules = Rules(ante=1, payout=(1, 2, 3, 10))
    made = deal(1, 0, 1, "H", offer=0, tricks=[0, 6, 2, 2], made=True, chips=4)
    made.update(stacks=[99, 103, 99, 99], pot=0)
    data = {"dealer": 1, "stacks": [98, 102, 98, 98], "pot": 4, "results": [made]}
    assert read_start(rules, data).pot == 4
    data["results"] = [{**made, "chips": 10}]
    assert refusal(rules, data) == (
        "Deal 1 of the start: a made game in hearts with 4 chips in the pot takes 4 of them, "
        "not 10."
    )


@pytest.mark.parametrize(
    ("start", "sentence"),
    [
        ([], "The start of a Preference record is a JSON object."),
        ({**START, "x": 1}, "The start has no field 'x'."),
        ({"stacks": [0] * 4, "pot": 0, "results": []}, "The start has no dealer."),
        ({"dealer": 0, "pot": 0, "results": []}, "The start has no stacks."),
        ({"dealer": 0, "stacks": [0] * 4, "results": []}, "The start has no pot."),
        ({"dealer": 0, "stacks": [0] * 4, "pot": 0}, "The start has no results."),
        ({**START, "dealer": 4}, "The start's dealer is a seat 0..3, not 4."),
        ({**START, "stacks": [95] * 3}, "The start's stacks is a list of 4 whole numbers."),
        ({**START, "stacks": [10**9 + 1, 0, 0, 0]}, "The start's stacks is a list of 4 whole"),
        ({**START, "stacks": [-(10**9) - 1, 0, 0, 0]}, "The start's stacks is a list of 4"),
        ({**START, "pot": -1}, "The start's pot is a number 0..1000000000, not -1."),
        ({**START, "pot": 10**9 + 1}, "The start's pot is a number 0..1000000000, not 1000000001."),
        ({**START, "results": START["results"] * 3}, "The start's results is a list of at most 8"),
        ({**START, "dealer": 0}, "The start's dealer is seat 0, out of turn after 3 deals."),
        ({**START, "pot": 30}, "The start's stacks and pot hold 401 chips; there are 400."),
        (
            {**START, "stacks": [94, 95, 91, 91]},
            "The start's stacks [94, 95, 91, 91] and pot 29 are not what the rules leave after 3 "
            "deals: [95, 94, 91, 91] and 29.",
        ),
        ({**START, "results": [[]]}, "Deal 1 of the start of a Preference record is a JSON"),
        (with_deal(1, {"x": 1}), "Deal 1 of the start has no field 'x'."),
        (with_deal(1, {"number": 2}), "Deal 1 of the start is not numbered 1."),
        (with_deal(1, {"number": "1"}), "Deal 1 of the start is not numbered 1."),
        (with_deal(1, {"dealer": 1}), "Deal 1 of the start was dealt by seat 1, out of turn."),
        (with_deal(1, {"dealer": 4}), "Deal 1 of the start's dealer is a seat 0..3, not 4."),
        (with_deal(1, {"trump": "X"}), "Deal 1 of the start names 'X', which is not a suit"),
        (with_deal(1, {"trump": "ABCDEFGHIJKL"}), "Deal 1 of the start names 'ABCDEFGHIJ', which"),
        (with_deal(1, {"trump": 3}), "Deal 1 of the start's trump is a short text."),
        (with_deal(1, {"declarer": 4}), "Deal 1 of the start's declarer is a seat 0..3, not 4."),
        (with_deal(1, {"offer": 129}), "Deal 1 of the start's offer is a number 0..128, not 129."),
        (with_deal(1, {"offer": -1}), "Deal 1 of the start's offer is a number 0..128, not -1."),
        (with_deal(1, {"tricks": [0, 3, 4]}), "Deal 1 of the start's tricks is a list of 4 whole"),
        (with_deal(1, {"tricks": [0, 11, 0, 0]}), "Deal 1 of the start's tricks is a list of 4"),
        (with_deal(1, {"tricks": [0, -1, 0, 0]}), "Deal 1 of the start's tricks is a list of 4"),
        (with_deal(1, {"made": 1}), "Deal 1 of the start's made is true or false."),
        (with_deal(1, {"chips": 5}), "Deal 1 of the start's chips is a number -4..4, not 5."),
        (with_deal(1, {"chips": -5}), "Deal 1 of the start's chips is a number -4..4, not -5."),
        (with_deal(1, {"stacks": [95] * 3}), "Deal 1 of the start's stacks is a list of 4 whole"),
        (with_deal(1, {"pot": -1}), "Deal 1 of the start's pot is a number 0..1000000000, not -1."),
        (with_deal(1, {"pot": 10**9 + 1}), "Deal 1 of the start's pot is a number 0..1000000000,"),
    ],
)
def test_a_malformed_start_is_refused_with_a_sentence_naming_the_field(
    start: object, sentence: str
) -> None:
    """docs/limits.md: reading a record is bounded and checks its form; a RecordError's
    sentence names the field at fault."""
    assert refusal(Rules(), start).startswith(sentence)


THROWN_IN = (
    "Deal 3 of the start has no declarer (it was thrown in), so no trump, offer, tricks or chips."
)
STILL = (
    "Deal 3 of the start was thrown in, so no chip moved: it leaves the stacks [95, 94, 91, 91] "
    "and the pot 29."
)


@pytest.mark.parametrize(
    ("start", "sentence"),
    [
        (with_deal(3, {"trump": "H"}), THROWN_IN),
        (with_deal(3, {"offer": 1}), THROWN_IN),
        (with_deal(3, {"made": False}), THROWN_IN),
        (with_deal(3, {"chips": 1}), THROWN_IN),
        (with_deal(3, {"tricks": [0, 0, 1, 0]}), THROWN_IN),
        (with_deal(3, {"pot": 28}), STILL),
        (with_deal(3, {"stacks": [95, 94, 92, 90]}), STILL),
        (with_deal(1, {"declarer": 0}), "Deal 1 of the start's declarer is seat 0, who dealt and"),
        (with_deal(1, {"trump": None}), "Deal 1 of the start has a declarer but no trump."),
        (
            with_deal(1, {"tricks": [1, 3, 3, 3]}),
            "Deal 1 of the start's tricks add up to 10: the three players dealt in take ten, the "
            "dealer none.",
        ),
        (with_deal(1, {"tricks": [0, 3, 4, 2]}), "Deal 1 of the start's tricks add up to 9:"),
        (
            with_deal(1, {"made": True}),
            "Deal 1 of the start's declarer took 4 tricks, so the game was lost (6 make it).",
        ),
        (
            with_deal(2, {"declarer": 0}),
            "Deal 2 of the start's declarer took 6 tricks, so the game was made (6 make it).",
        ),
        (with_deal(1, {"offer": 96}), "Deal 1 of the start's declarer offered 96 chips with a"),
        (
            with_deal(1, {"chips": -3}),
            "Deal 1 of the start: a lost game in clubs with 23 chips in the pot pays 2 of them, "
            "not 3.",
        ),
        (
            with_deal(1, {"stacks": [95, 94, 92, 94]}),
            "Deal 1 of the start: seat 3's stack went from 95 to 94, which no outbid offer",
        ),
        (
            with_deal(1, {"stacks": [95, 93, 91, 95]}),
            "Deal 1 of the start: seat 1's stack went from 95 to 93, which no outbid offer",
        ),
        (
            with_deal(1, {"pot": 26}),
            "Deal 1 of the start leaves the stacks [95, 94, 91, 95] and the pot 25, not "
            "[95, 94, 91, 95] and 26.",
        ),
    ],
)
def test_a_deal_no_rule_could_have_played_is_refused_with_what_it_breaks(
    start: object, sentence: str
) -> None:
    assert refusal(Rules(), start).startswith(sentence)
