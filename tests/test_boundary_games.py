"""Trust at the boundary, the games' half: seats, action fields, rules, notation limits, views as
JSON and seat records. Only documented errors escape any entry point, nothing illegal is
accepted, and a refused input leaves the state as it was."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tablegames import ninety_two, preference, quartets, texas42
from tablegames.core import (
    PASS,
    Deal,
    IllegalActionError,
    NotationError,
    Play,
    RecordError,
    RulesError,
    Violation,
    ViolationCode,
    random_action,
)
from tablegames.core.errors import SeatError
from tablegames.core.notation import MAX_ACTION_TEXT, QUOTE_LIMIT
from tablegames.core.seat_record import seat_record
from tablegames.games import GAME_MODULES, get_game
from tablegames.pieces import Card, Domino
from tablegames.pieces.cards import Rank, Suit

GAMES = sorted(GAME_MODULES)
SEATS = {"texas42": 4, "ninety-two": 4, "preference": 4, "quartets": 4}


def states_of(name: str, seed: int, steps: int, rules: Any = None) -> list[Any]:
    game = get_game(name)
    rng = random.Random(seed)
    state = game.new_match(rules if rules is not None else game.rules_type())
    out = [state]
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(random_action(state, rng))
        out.append(state)
    return out


def dealt(name: str, seed: int = 1, rules: Any = None) -> Any:
    """A state just after the first deal."""
    return states_of(name, seed, 1, rules)[-1]


# -- seats --------------------------------------------------------------------------------


def test_view_of_seat_minus_one_is_refused_not_seat_three() -> None:
    state = dealt("texas42")
    with pytest.raises(SeatError, match="-1 is not a seat"):
        state.view(-1)


def test_view_of_seat_four_is_a_seat_error_not_index_error() -> None:
    state = dealt("texas42")
    with pytest.raises(SeatError) as caught:
        state.view(4)
    assert isinstance(caught.value, ValueError)


def test_sample_with_bad_seats_in_six_player_ninety_two() -> None:
    state = dealt("ninety-two", rules=ninety_two.Rules(players=6))
    rng = random.Random(0)
    for seat in (-1, 6, 9, True, 1.0, "1", None):
        with pytest.raises(SeatError):
            state.sample(seat, rng)
    assert state.sample(5, rng).view(5) == state.view(5)


def test_check_pass_for_seat_seven_names_the_bad_seat() -> None:
    state = dealt("texas42")
    violation = state.check(PASS, seat=7)
    assert violation is not None
    assert violation.code is ViolationCode.BAD_SEAT
    assert violation.message == "Seats are numbered 0 to 3; 7 is not a seat."
    with pytest.raises(IllegalActionError) as caught:
        state.apply(PASS, seat=7)
    assert caught.value.violation.code is ViolationCode.BAD_SEAT


def test_a_bool_is_not_a_seat_even_when_it_equals_the_seat_to_act() -> None:
    state = dealt("texas42")
    assert state.to_act == 1
    for seat in (True, 1.0):
        violation = state.check(PASS, seat=seat)
        assert violation is not None and violation.code is ViolationCode.BAD_SEAT
    assert state.check(PASS, seat=1) is None


# -- action fields ------------------------------------------------------------------------


def test_texas42_bid_of_a_float_is_refused_not_recorded() -> None:
    state = dealt("texas42")
    with pytest.raises(IllegalActionError) as caught:
        state.apply(texas42.Bid(30.0))  # type: ignore[arg-type]
    assert caught.value.violation.code is ViolationCode.MALFORMED_ACTION
    assert state.apply(texas42.Bid(30)).history.last == texas42.Bid(30)


def test_texas42_bid_of_a_string_is_a_violation_not_type_error() -> None:
    violation = dealt("texas42").check(texas42.Bid("30"))  # type: ignore[arg-type]
    assert violation is not None and violation.code is ViolationCode.MALFORMED_ACTION
    assert "'30'" in violation.message


def test_preference_offer_of_true_is_refused() -> None:
    state = dealt("preference")
    for text in ("pass", "pass", "pass"):
        state = state.apply(preference.parse_action(text))
    assert state.phase is preference.Phase.OFFER
    assert state.check(preference.Offer(1)) is None
    violation = state.check(preference.Offer(True))
    assert violation is not None and violation.code is ViolationCode.MALFORMED_ACTION


def test_ninety_two_bid_of_true_tricks_is_refused() -> None:
    state = dealt("ninety-two")
    assert state.check(ninety_two.Bid(1, Suit.HEARTS)) is None
    violation = state.check(ninety_two.Bid(tricks=True, suit=Suit.HEARTS))
    assert violation is not None and violation.code is ViolationCode.MALFORMED_ACTION


def test_an_action_of_another_game_is_a_violation() -> None:
    ask = quartets.Ask(3, Card.parse("8S"))
    for name in ("texas42", "ninety-two", "preference"):
        for state in states_of(name, 3, 40):
            violation = state.check(ask)
            assert isinstance(violation, Violation)


def test_action_constructors_never_raise() -> None:
    made = [
        Deal(5),  # type: ignore[arg-type]
        Deal("abc"),  # type: ignore[type-var]
        preference.Bid("x"),
        preference.Trump(True),
        preference.Discard([1, 2]),
        preference.Discard(None),
        ninety_two.Partners(5),  # type: ignore[arg-type]
        ninety_two.Partners(["a", 1]),  # type: ignore[list-item]
    ]
    for action in made:
        for name in GAMES:
            for state in states_of(name, 1, 3):
                assert isinstance(state.check(action), Violation)


# -- rules --------------------------------------------------------------------------------


@pytest.mark.parametrize("target", [math.nan, math.inf, 1.5, "4", True, 10**30])
def test_texas42_bad_targets_are_rules_errors(target: object) -> None:
    with pytest.raises(RulesError, match="target"):
        texas42.Rules(target=target)  # type: ignore[arg-type]


def test_texas42_first_dealer_of_a_float_is_refused() -> None:
    with pytest.raises(RulesError, match="first_dealer"):
        texas42.Rules(first_dealer=1.0)  # type: ignore[arg-type]


def test_preference_payout_of_a_number_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="payout"):
        preference.Rules(payout=5)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
def test_unknown_settings_and_extra_arguments_are_rules_errors(name: str) -> None:
    rules_type = get_game(name).rules_type
    with pytest.raises(RulesError, match="no setting 'colour'"):
        rules_type(colour="red")
    with pytest.raises(RulesError):
        rules_type(*range(20))
    assert rules_type() == rules_type()


def test_state_from_json_with_a_float_first_dealer_is_a_record_error() -> None:
    game = texas42.GAME
    record = {"game": "texas42", "rules": {"first_dealer": 0.0}, "actions": []}
    text = json.dumps({**record, "format": 1, "fingerprint": "0" * 24})
    with pytest.raises(RecordError, match="first_dealer"):
        game.state_from_json(text)


# -- notation -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_ten_megabytes_of_text_get_a_short_refusal(name: str) -> None:
    parse = get_game(name).parse_action
    for text in ("bid " + "9" * 10_000_000, "x" * 10_000_000, "ask " * 2_500_000):
        with pytest.raises(NotationError) as caught:
            parse(text)
        assert len(str(caught.value)) < 2 * QUOTE_LIMIT + 100


@pytest.mark.parametrize("name", GAMES)
def test_a_deal_of_the_wrong_size_is_refused_by_counting(name: str) -> None:
    parse = get_game(name).parse_action
    piece = "6:6" if name == "texas42" else "AS"
    with pytest.raises(NotationError, match="A deal orders all"):
        parse("deal " + " ".join([piece] * 20))
    with pytest.raises(NotationError):
        parse("deal " + " ".join([piece] * 1_000_000))
    assert len(" ".join(["deal", *([piece] * 52)])) < MAX_ACTION_TEXT


@pytest.mark.parametrize(
    "digits", ["3_0", "\uff13\uff10", "\u0663\u0660", "+30", "-30", " 30.0", "1e3"]
)
def test_numbers_are_ascii_digits_only(digits: str) -> None:
    with pytest.raises(NotationError):
        texas42.parse_action("bid " + digits)
    with pytest.raises(NotationError):
        preference.parse_action("offer " + digits)
    with pytest.raises(NotationError):
        ninety_two.parse_action(f"bid {digits} H")
    with pytest.raises(NotationError):
        quartets.parse_action(f"ask {digits} 8S")


@pytest.mark.parametrize("number", ["7", "8", "9", "10"])
def test_texas42_trump_numbers_past_six_are_refused(number: str) -> None:
    with pytest.raises(NotationError):
        texas42.parse_action("trump " + number)
    assert str(texas42.parse_action("trump doubles")) == "trump doubles"
    assert str(texas42.parse_action("trump none")) == "trump none"


@pytest.mark.parametrize("name", GAMES)
def test_every_action_of_the_action_space_round_trips(name: str) -> None:
    game = get_game(name)
    rules_list = [game.rules_type()]
    if name == "quartets":
        rules_list.append(quartets.Rules(ask="rank", players=9))
    if name == "ninety-two":
        rules_list.append(ninety_two.Rules(players=8))
    if name == "texas42":
        rules_list.append(texas42.Rules(bid_ladder="marks", doubles_trump=True, follow_me=True))
    for rules in rules_list:
        for action in game.action_space(rules):
            assert game.parse_action(str(action)) == action


def test_quartets_rank_mode_refusals_speak_of_ranks() -> None:
    state = dealt("quartets", rules=quartets.Rules(ask="rank"))
    asker = state.to_act
    target = (asker + 1) % 4
    messages = [state.check(PASS).message]
    for rank in Rank:
        violation = state.check(quartets.AskRank(target, rank))
        if violation is not None and violation.code is ViolationCode.ASK_RANK_NOT_HELD:
            messages.append(violation.message)
            break
    assert len(messages) == 2
    for message in messages:
        assert "card" not in message and "rank" in message


# -- views as JSON and seat records -------------------------------------------------------


def _no_masks_or_suit_numbers(data: Any, key: str = "") -> None:
    if isinstance(data, dict):
        for k, v in data.items():
            _no_masks_or_suit_numbers(v, k)
    elif isinstance(data, list):
        for v in data:
            _no_masks_or_suit_numbers(v, key)
    elif type(data) is int:
        assert key not in ("trump", "suit", "hand", "widow", "discards", "pieces", "piece")
        assert data < 10_000, f"{key}: {data} looks like a mask"


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2**16), steps=st.integers(0, 120))
def test_views_are_json_in_the_notation(name: str, seed: int, steps: int) -> None:
    game = get_game(name)
    state = states_of(name, seed, steps)[-1]
    for seat in range(SEATS[name]):
        view = state.view(seat)
        data = view.to_dict()
        assert json.loads(view.to_json()) == data
        assert data["game"] == name and data["seat"] == seat
        _no_masks_or_suit_numbers(data)
        parsed = tuple(game.parse_action(text) for text in data["legal_actions"])
        assert parsed == view.legal_actions
        assert data["hand"] == [str(p) for p in view.hand]


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2**16), steps=st.integers(1, 150))
def test_seat_records_hold_only_the_seats_own_deal(name: str, seed: int, steps: int) -> None:
    game = get_game(name)
    states = states_of(name, seed, steps)
    state = states[-1]
    for seat in range(SEATS[name]):
        record = seat_record(game, state, seat)
        assert len(record.actions) == len(state.history)
        assert json.loads(record.to_json())["format"] == "seat-record"
        for before, after, shown, action in zip(
            states, states[1:], record.actions, state.history.to_tuple(), strict=False
        ):
            if type(action) is Deal:
                assert shown.split()[1:] == [str(p) for p in after.view(seat).hand]
            elif type(action) is preference.Discard and before.to_act != seat:
                assert shown == "discard (hidden)"
            else:
                assert shown == str(action)


def test_seat_record_of_a_bad_seat_is_a_seat_error() -> None:
    with pytest.raises(SeatError):
        seat_record(texas42.GAME, dealt("texas42"), 4)


# -- property tests: arbitrary objects, seats, rules --------------------------------------

OTHER_ACTIONS = [
    a for name in GAMES for a in get_game(name).action_space(get_game(name).rules_type())[:60]
]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**100), max_value=10**100),
    st.builds(pow, st.sampled_from([10, -10]), st.sampled_from([5001, 5000, 20, 9])),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.sampled_from([Suit.HEARTS, Rank.TEN, Card.parse("8S"), Domino(6, 4), PASS]),
)
junk = st.recursive(scalars, lambda inner: st.tuples(inner, inner) | st.lists(inner, max_size=4))
ACTION_CLASSES = [
    texas42.Bid,
    texas42.Trump,
    ninety_two.Bid,
    ninety_two.Partners,
    preference.Bid,
    preference.Offer,
    preference.Discard,
    preference.Trump,
    quartets.Ask,
    quartets.AskRank,
    Play,
    Deal,
]


@st.composite
def built_actions(draw: st.DrawFn) -> object:
    cls = draw(st.sampled_from(ACTION_CLASSES))
    fields = attrs.fields(cls)
    return cls(*(draw(junk) for _ in fields))


objects = st.one_of(junk, st.sampled_from(OTHER_ACTIONS), built_actions())
seats = st.one_of(st.integers(-3, 12), junk)


def _judged_cleanly(state: Any, action: object, seat: object = None) -> None:
    verdict = state.check(action, seat=seat)
    assert verdict is None or isinstance(verdict, Violation)
    assert state.is_legal(action, seat) == (verdict is None)
    try:
        after = state.apply(action, seat=seat)
    except IllegalActionError as exc:
        assert exc.violation == verdict
    else:
        assert verdict is None
        assert len(after.history) == len(state.history) + 1
        if not state.is_chance:
            assert action in state.legal_actions()
            assert type(seat) is int or seat is None


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2**16), step=st.integers(0, 80), action=objects, seat=seats)
def test_any_object_as_action_and_seat_is_judged(
    name: str, seed: int, step: int, action: object, seat: object
) -> None:
    state = states_of(name, seed, step)[-1]
    again = states_of(name, seed, step)[-1]
    _judged_cleanly(state, action)
    _judged_cleanly(state, action, seat)
    assert state == again and len(state.history) == len(again.history)


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2**16), step=st.integers(0, 80), seat=seats)
def test_any_seat_to_view_and_sample(name: str, seed: int, step: int, seat: object) -> None:
    state = states_of(name, seed, step)[-1]
    valid = type(seat) is int and 0 <= seat < SEATS[name]
    for method in ("view", "sample"):
        try:
            if method == "view":
                state.view(seat)
            else:
                state.sample(seat, random.Random(0))
        except SeatError:
            assert not valid
        else:
            assert valid
    if not valid and seat is not None:  # seat=None means: no seat given
        verdict = state.check(
            random_action(state, random.Random(0)) if not state.is_over else PASS, seat=seat
        )
        assert verdict is not None and verdict.code is ViolationCode.BAD_SEAT


@pytest.mark.parametrize("name", GAMES)
@given(
    text=st.one_of(
        st.text(), st.text(alphabet="bidpassplaytrump 0123456789:HSCD\u0663\uff13_", max_size=60)
    )
)
def test_any_text_parses_or_is_a_notation_error(name: str, text: str) -> None:
    game = get_game(name)
    try:
        action = game.parse_action(text)
    except NotationError as exc:
        assert len(str(exc)) < 300
    else:
        assert game.parse_action(str(action)) == action


@pytest.mark.parametrize("name", GAMES)
@given(value=st.one_of(junk, st.integers(-5, 300)), which=st.integers(0, 63))
# Once raised ValueError formatting the number, for Preference's starting_stack (its first field).
@example(value=-(10**5001), which=0)
def test_any_rules_value_is_accepted_whole_or_refused(name: str, value: object, which: int) -> None:
    game = get_game(name)
    names = [f.name for f in attrs.fields(type(game.rules_type()))]
    field = names[which % len(names)]
    try:
        rules = game.rules_type(**{field: value})
    except RulesError as exc:
        assert field in str(exc) or "Quartets is for" in str(exc) or "players" in str(exc)
        return
    assert game.rules_from_json(game.rules_to_json(rules)) == rules
    state = game.new_match(rules)
    rng = random.Random(0)
    for _ in range(200):
        if state.is_over:
            break
        state = state.apply(random_action(state, rng))
