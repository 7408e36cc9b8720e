"""Quartets notation, rules settings and the sentences that explain refusals."""

from __future__ import annotations

import random

import pytest

from tablegames.core import Deal, play_randomly
from tablegames.core.errors import IllegalActionError, NotationError, RulesError
from tablegames.core.violations import ViolationCode
from tablegames.pieces import CARDS, Card, Rank
from tablegames.quartets import (
    GAME,
    Ask,
    AskRank,
    Rules,
    action_space,
    deal_of,
    new_match,
    parse_action,
)
from test_quartets_scenarios import GIVER_OUT_TOO, PLAIN, ask, start


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("ask 3 8S", "ask 3 8S"),
        ("ASK 3 8s", "ask 3 8S"),
        ("ask 3 10♠", "ask 3 TS"),
        ("ask 0 10h", "ask 0 TH"),
        ("ask 2 q♦", "ask 2 QD"),
        ("ask 3 8", "ask 3 8"),
        ("ask 1 10", "ask 1 T"),
        ("ask 1 a", "ask 1 A"),
    ],
)
def test_notation_reads_variants_and_prints_canonically(text: str, canonical: str) -> None:
    action = parse_action(text)
    assert str(action) == canonical
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("options", [{}, {"ask": "rank", "players": 9}])
def test_every_action_round_trips(options: dict[str, object]) -> None:
    space = action_space(Rules(**options))  # type: ignore[arg-type]
    assert len(set(space)) == len(space)
    assert all(parse_action(str(a)) == a for a in space)


def test_the_deal_prints_all_52_cards_and_reads_back() -> None:
    deal = new_match().chance_outcome(random.Random(0))
    text = str(deal)
    assert text.startswith("deal ") and len(text.split()) == 53
    assert parse_action(text) == deal


@pytest.mark.parametrize(
    "text",
    [
        "ask 3 8X",
        "ask 3 1S",
        "ask three 8S",
        "ask 3",
        "ask 3 8S 9S",
        "take 3 8S",
        "deal 2C 11D",
        "",
    ],
)
def test_malformed_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 10},
        {"first_dealer": 4},
        {"first_dealer": -1},
        {"deals": 0},
        {"turn_passes": "right"},
        {"ask": "suit"},
    ],
)
def test_invalid_rules_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        Rules(**options)  # type: ignore[arg-type]


def test_rules_round_trip_through_json() -> None:
    rules = Rules(players=6, first_dealer=5, deals=2, turn_passes="left", ask="rank")
    assert GAME.rules_from_json(GAME.rules_to_json(rules)) == rules


def code_and_message(state: object, action: object, seat: int | None = None) -> tuple[str, str]:
    violation = state.check(action, seat=seat)  # type: ignore[attr-defined]
    assert violation is not None
    assert violation.message.endswith(".")
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action, seat=seat)  # type: ignore[attr-defined]
    assert caught.value.violation == violation
    return violation.code, violation.message


def test_violations_say_which_rule_is_broken() -> None:
    state = start(PLAIN)  # seat 0 to ask, holding 2C 2D 3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 8H
    cases = [
        (Ask(0, Card.parse("8S")), None, ViolationCode.ASK_SELF, "You cannot ask yourself"),
        (Ask(4, Card.parse("8S")), None, ViolationCode.NO_SUCH_SEAT, "There is no seat 4"),
        (Ask(1, Card.parse("8H")), None, ViolationCode.ASK_HELD_CARD, "You hold 8H yourself"),
        (Ask(1, Card.parse("9S")), None, ViolationCode.ASK_RANK_NOT_HELD, "none of the nines"),
        (Ask(1, Card.parse("8S")), 2, ViolationCode.OUT_OF_TURN, "It is seat 0's turn"),
        (AskRank(1, Rank.EIGHT), None, ViolationCode.UNKNOWN_ACTION, "one exact card"),
        (deal_of(PLAIN, dealer=3), None, ViolationCode.WRONG_PHASE, "time to ask"),
    ]
    for action, seat, code, words in cases:
        got_code, message = code_and_message(state, action, seat)
        assert got_code is code and words in message, message


def test_asking_a_player_who_is_out_is_refused() -> None:
    state = ask(start(GIVER_OUT_TOO), "2 5S")
    code, message = code_and_message(state, Ask(2, Card.parse("5D")))
    assert code is ViolationCode.ASK_PLAYER_OUT and "out of the deal" in message


def test_a_card_ask_is_refused_under_rank_asks() -> None:
    state = start(PLAIN, ask="rank")
    code, message = code_and_message(state, Ask(1, Card.parse("8S")))
    assert code is ViolationCode.UNKNOWN_ACTION and "ask for a rank" in message
    assert state.check(AskRank(1, Rank.EIGHT)) is None
    code, _ = code_and_message(state, AskRank(1, Rank.NINE))
    assert code is ViolationCode.ASK_RANK_NOT_HELD


def test_deal_phase_and_game_over_refusals() -> None:
    state = new_match(Rules(players=2, deals=1))
    code, message = code_and_message(state, Ask(1, Card.parse("8S")))
    assert code is ViolationCode.DEAL_EXPECTED and "dealt first" in message
    code, _ = code_and_message(state, Deal(CARDS[:51]))
    assert code is ViolationCode.BAD_DEAL
    final = play_randomly(state, random.Random(0))
    code, message = code_and_message(final, Ask(1, Card.parse("8S")))
    assert code is ViolationCode.GAME_OVER and "over" in message
    code, _ = code_and_message(final, Ask(1, Card.parse("8S")), seat=1)
    assert code is ViolationCode.GAME_OVER


def test_deal_of_refuses_hands_that_cannot_be_dealt() -> None:
    from tablegames.core.errors import TableGamesError

    with pytest.raises(TableGamesError):
        deal_of([*PLAIN[:3], "2C"], dealer=3)
    with pytest.raises(TableGamesError):
        deal_of([PLAIN[0] + " " + PLAIN[1], PLAIN[2], PLAIN[3]], dealer=0)  # 26, 13, 13


def test_records_and_json_replay_a_match() -> None:
    final = play_randomly(new_match(Rules(players=3, deals=1)), random.Random(4))
    assert GAME.replay(GAME.record(final)) == final
    assert GAME.state_from_json(GAME.state_to_json(final)) == final
