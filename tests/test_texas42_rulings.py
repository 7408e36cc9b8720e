"""Texas 42: the rulings (docs/texas42.md, "Rulings"), the issue's worked vectors, options,
notation, violations, views, records and JSON."""

from __future__ import annotations

import json
import random

import pytest

from tablegames import texas42
from tablegames.core import (
    PASS,
    Deal,
    IllegalActionError,
    NotationError,
    Play,
    RecordError,
    RulesError,
    ViolationCode,
    play_randomly,
)
from tablegames.pieces import DOMINOES, Domino, dominoes
from tablegames.texas42 import GAME, Bid, Phase, Rules, Trump, deal_of, parse_action
from tablegames.texas42.model import MODELS
from tablegames.tricks import legal_plays, trick_winner
from texas42_script import SIXES, bid_round, complete, dealt, declare, play_out


def tiles(text: str) -> tuple[int, ...]:
    return tuple(Domino.parse(t).index for t in text.split())


# -- worked vectors from the foundation issue -------------------------------------------------


def test_vector_fours_trump_six_five_led() -> None:
    """Fours trump, 6:5 led: of 6:2 5:5 3:3 6:4 only 6:2 may be played (6:4 is a trump)."""
    hand = dominoes("6:2 5:5 3:3 6:4")
    assert legal_plays(hand.mask, tiles("6:5"), MODELS[4]) == dominoes("6:2").mask
    hands = complete("", "6:5 0:0 1:0 1:1 2:0 2:1 2:2", "6:2 5:5 3:3 6:4 3:0 3:1 3:2", "")
    state = declare(hands, [30, 0, 0, 0], trump=4).apply(Play(Domino(6, 5)))
    assert state.legal_actions() == (Play(Domino(6, 2)),)
    violation = state.check(Play(Domino(6, 4)))
    assert violation is not None and violation.code is ViolationCode.MUST_FOLLOW_SUIT
    assert "sixes" in violation.message and "6:2" in violation.message


def test_vector_aces_trump_one_blank_takes_the_trick() -> None:
    """Aces (ones) trump: a trick led 6:6, then 6:5, 1:0, 6:4 is won by 1:0."""
    assert trick_winner(tiles("6:6 6:5 1:0 6:4"), MODELS[1]) == 2
    hands = complete(
        "",
        "6:6 0:0 2:0 2:2 3:0 3:3 4:0",
        "6:5 2:1 3:2 4:2 5:2 5:5 4:4",
        "1:0 3:1 4:1 4:3 5:0 5:1 5:3",
    )
    state = declare(hands, [30, 0, 0, 0], trump=1)
    for text in ("6:6", "6:5", "1:0", "6:4"):
        state = state.apply(Play(Domino.parse(text)))
    assert state.table is not None and state.table.tricks[0].winner == 3
    assert state.to_act == 3  # the winner leads next


def test_vector_31_bid_set_with_20_points() -> None:
    """A 31 bid whose side takes 20 points: opponents score 22 + 31 = 53, bidders 0."""
    assert texas42.settle(31, bidders=20, opponents=22, rules=Rules()) == (False, 0, 53)


def test_vector_made_84_scores_42() -> None:
    """A made 84 scores 42 for the bidders."""
    assert texas42.settle(84, bidders=42, opponents=0, rules=Rules()) == (True, 42, 0)


# -- rulings ----------------------------------------------------------------------------------


def test_partners_sit_opposite() -> None:
    """Seats 0 and 2 play 1 and 3: a trick won by seat 2 counts for seat 0's side."""
    final = play_out(declare(SIXES, [30, 0, 0, 0], trump=5))
    result = final.results[-1]
    by_seat = [0, 0, 0, 0]
    for trick in result.played:
        by_seat[trick.winner] += 1
    assert result.tricks == (by_seat[0] + by_seat[2], by_seat[1] + by_seat[3])


def test_bidding_starts_left_of_dealer_dealer_last() -> None:
    state = dealt(SIXES, dealer=2)
    order = []
    for _ in range(4):
        order.append(state.to_act)
        state = state.apply(PASS)
    assert order == [3, 0, 1, 2]


def test_deal_is_one_tile_at_a_time_from_the_dealers_left() -> None:
    state = texas42.new_match(Rules(first_dealer=1)).apply(Deal(DOMINOES))
    assert DOMINOES[0] in state.hand(2) and DOMINOES[1] in state.hand(3)
    assert DOMINOES[3] in state.hand(1) and DOMINOES[4] in state.hand(2)


def test_all_pass_throws_the_hand_in_and_the_deal_passes_left() -> None:
    state = bid_round(dealt(SIXES), 0, 0, 0, 0)
    assert state.phase is Phase.DEAL and state.dealer == 1 and state.scores == (0, 0)
    assert state.results[-1].thrown_in


def test_forced_bid_option() -> None:
    state = bid_round(dealt(SIXES, Rules(forced_bid=True)), 0, 0, 0)
    assert PASS not in state.legal_actions()
    violation = state.check(PASS)
    assert violation is not None and violation.code is ViolationCode.MUST_BID
    assert state.check(Bid(30)) is None and state.check(Bid(84)) is not None


def test_marks_ladder() -> None:
    rules = Rules(bid_ladder="marks")
    state = dealt(SIXES, rules)
    assert Bid(84) in state.legal_actions() and Bid(126) not in state.legal_actions()
    state = bid_round(state, 84)
    assert state.legal_actions() == (PASS, Bid(126))
    violation = state.check(Bid(168))
    assert violation is not None and violation.code is ViolationCode.BID_NOT_ON_LADDER
    assert bid_round(state, 126).legal_actions() == (PASS, Bid(168))


def test_marks_scoring_stops_when_decided() -> None:
    """A 42 bid is set by the first trick the opponents win; the tiles left are not played."""
    state = bid_round(dealt(SIXES, Rules(scoring="marks")), 42, 0, 0, 0).apply(Trump(5))
    final = play_out(state, {1: ["5:4"]})  # seat 0 must follow with 6:5, a higher trump
    result = final.results[-1]
    assert len(result.played) == 1 and result.made is False and final.scores == (1, 0)


def test_marks_scoring_made_bid_stops_when_reached() -> None:
    rules = Rules(scoring="marks")
    state = bid_round(dealt(SIXES, rules, dealer=3), 30, 0, 0, 0).apply(Trump(6))
    result = play_out(state).results[-1]
    assert result.made and result.points[0] >= 30 and len(result.played) < 7
    assert result.score == (1, 0)


def test_marks_game_to_seven() -> None:
    final = play_randomly(texas42.new_match(Rules(scoring="marks")), random.Random(5))
    side = 0 if final.winners == (0, 2) else 1
    assert final.scores[side] == 7 > final.scores[1 - side]


def test_rules_refuse_bad_settings() -> None:
    for bad in ({"first_dealer": 4}, {"scoring": "pips"}, {"target": 0}):
        with pytest.raises(RulesError):
            Rules(**bad)


# -- violations -------------------------------------------------------------------------------


def test_refusals_name_the_rule_and_leave_the_state_alone() -> None:
    state = dealt(SIXES)
    before = state.fingerprint()
    cases: list[tuple[texas42.Action, ViolationCode]] = [
        (Play(Domino(6, 6)), ViolationCode.WRONG_PHASE),
        (Trump(3), ViolationCode.WRONG_PHASE),
        (Bid(20), ViolationCode.BID_OUT_OF_RANGE),
        (Bid(50), ViolationCode.BID_NOT_ON_LADDER),
        (Bid(84), ViolationCode.BID_NOT_ON_LADDER),
        (Deal(DOMINOES), ViolationCode.WRONG_PHASE),
    ]
    for action, code in cases:
        with pytest.raises(IllegalActionError) as err:
            state.apply(action)
        assert err.value.violation.code is code, action
        assert err.value.violation == state.check(action)
    assert state.fingerprint() == before
    out_of_turn = state.check(PASS, seat=3)
    assert out_of_turn is not None and out_of_turn.code is ViolationCode.OUT_OF_TURN
    assert out_of_turn.message == "It is seat 1's turn, not seat 3's."


def test_tile_not_in_hand() -> None:
    state = declare(SIXES, [30, 0, 0, 0], trump=5)
    violation = state.check(Play(Domino(6, 6)))
    assert violation is not None and violation.code is ViolationCode.NOT_IN_HAND
    assert violation.message == "You do not hold 6:6."


def test_bad_deals_are_refused() -> None:
    start = texas42.new_match()
    assert start.check(PASS) is not None and start.legal_actions() == ()
    short = start.check(Deal(DOMINOES[:27]))
    doubled = start.check(Deal((*DOMINOES[:27], DOMINOES[0])))
    assert short is not None and short.code is ViolationCode.BAD_DEAL
    assert doubled is not None and doubled.code is ViolationCode.BAD_DEAL


# -- notation ---------------------------------------------------------------------------------


def test_notation_round_trip_and_variants() -> None:
    for action in texas42.action_space(Rules(bid_ladder="marks")):
        assert parse_action(str(action)) == action
    assert parse_action("play 4-6") == parse_action("play 6:4") == Play(Domino(6, 4))
    assert parse_action("PASS") is PASS and str(parse_action("trump 0")) == "trump 0"
    deal = Deal(tuple(DOMINOES))
    assert parse_action(str(deal)) == deal
    for bad in ("", "bid", "bid thirty", "play 7:1", "play 6", "trump", "fold", "pass now"):
        with pytest.raises(NotationError):
            parse_action(bad)


# -- views, sampling, records, JSON -----------------------------------------------------------


def test_view_shows_own_tiles_and_counts_only() -> None:
    state = declare(SIXES, [30, 0, 0, 0], trump=5).apply(Play(Domino(5, 5)))
    view = state.view(2)
    assert view.hand == state.hand(2) and view.hand_sizes == (7, 6, 7, 7)
    assert view.trick == ((1, Domino(5, 5)),) and view.legal_actions == state.legal_actions()
    assert "6:6" not in repr(view)  # seat 0's tiles are nowhere in seat 2's view


def test_sample_keeps_the_view_and_respects_revealed_voids() -> None:
    state = declare(SIXES, [30, 0, 0, 0], trump=5).apply(Play(Domino(5, 5)))
    state = state.apply(Play(Domino(4, 3)))  # seat 2 shows no five
    rng = random.Random(3)
    for _ in range(20):
        sample = state.sample(1, rng)
        assert sample.view(1) == state.view(1)
        fives = MODELS[5].follow_masks[5]
        assert sample.hands[2] & fives == 0


def test_record_and_json_round_trip_and_forgeries() -> None:
    final = play_randomly(texas42.new_match(Rules(target=100)), random.Random(11))
    record = GAME.record(final)
    assert GAME.replay(record) == final
    text = GAME.state_to_json(final)
    assert GAME.state_from_json(text) == final
    data = json.loads(text)
    data["fingerprint"] = "0" * 24
    with pytest.raises(RecordError):
        GAME.state_from_json(json.dumps(data))
    data = json.loads(text)
    data["actions"][5] = "bid 20"
    with pytest.raises(RecordError, match="action 6"):
        GAME.state_from_json(json.dumps(data))
    with pytest.raises(RecordError):
        GAME.state_from_json('{"game": "quartets", "rules": {}, "actions": []}')


def test_states_compare_and_hash_by_value() -> None:
    a = dealt(SIXES)
    b = dealt(SIXES)
    assert a == b and hash(a) == hash(b) and a is not b
    assert a.apply(PASS) != a
    assert len({a, b, a.apply(PASS)}) == 2


def test_deal_of_builds_the_named_hands() -> None:
    for dealer in range(4):
        state = texas42.new_match(Rules(first_dealer=dealer)).apply(deal_of(SIXES, dealer))
        assert [str(state.hand(s)) for s in range(4)] == [str(dominoes(h)) for h in SIXES]


# -- other trump choices (rulings: options, off by default) ----------------------------------


def test_doubles_and_no_trump_are_refused_by_default() -> None:
    state = bid_round(dealt(SIXES), 30, 0, 0, 0)
    assert Trump(7) not in state.legal_actions() and Trump(8) not in state.legal_actions()
    doubles, none = state.check(parse_action("trump doubles")), state.check(Trump(8))
    assert doubles is not None and doubles.code is ViolationCode.BAD_TRUMP
    assert none is not None and "follow_me" in none.message


def test_doubles_as_trumps() -> None:
    """The seven doubles are trumps, 6:6 highest; other tiles lead their higher end."""
    hands = complete("", "1:1 6:5 0:0 2:0 2:1 3:0 3:1", "6:6 6:2 5:5 4:0 4:1 4:2 3:2", "")
    state = declare(hands, [30, 0, 0, 0], trump=7, doubles_trump=True)
    assert str(Trump(7)) == "trump doubles" and state.trump == 7
    led_double = state.apply(Play(Domino(1, 1)))
    legal = {a.piece for a in led_double.legal_actions() if isinstance(a, Play)}
    assert legal == {Domino(6, 6), Domino(5, 5)}  # must follow a double with a double
    led_six = state.apply(Play(Domino(6, 5)))
    legal = {a.piece for a in led_six.legal_actions() if isinstance(a, Play)}
    assert legal == {Domino(6, 2)}  # 6:6 is a trump, not a six
    assert trick_winner(tiles("6:5 6:2 1:1 6:4"), MODELS[7]) == 2


def test_follow_me_no_trump() -> None:
    """No trumps: every tile leads its higher end; doubles are highest of their number."""
    hands = complete("", "6:1 0:0 2:0 2:1 3:0 3:1 1:1", "6:6 6:2 5:5 4:0 4:1 4:2 3:2", "")
    state = declare(hands, [30, 0, 0, 0], trump=8, follow_me=True)
    assert str(state.legal_actions()[0]) == "play 0:0" and parse_action("trump none") == Trump(8)
    assert trick_winner(tiles("6:1 6:2 6:6 5:5"), MODELS[8]) == 2
    assert trick_winner(tiles("5:0 6:6 1:1 2:2"), MODELS[8]) == 0
    final = play_out(state)
    assert sum(final.results[-1].points) == 42
