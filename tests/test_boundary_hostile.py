"""The boundary, second pass (issue 21): what a determined attacker found, core half.

Each reproduction of the issue has a plain regression test; each is then generalised over its
whole class: every reading entry point given the texts that make regular expressions slow,
every public helper given hostile values (messages stay short and quote a short prefix),
every state given hostile actions through ``check``, ``apply`` and ``transition``. The promises
tested are those of docs/limits.md ("What is validated where", "The limits") and
docs/contract.md ("Validation").
"""

from __future__ import annotations

import math
import signal
import types
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames import quartets, texas42
from tablegames.agents.registry import make_agent
from tablegames.core import GameRecord
from tablegames.core.actions import Deal, Play, is_trusted, trust
from tablegames.core.game import GameState
from tablegames.core.limits import MAX_RECORD_CHARS
from tablegames.core.signing import sign, verify
from tablegames.core.start_reading import StartReader
from tablegames.core.violations import Violation, ViolationCode
from tablegames.errors import (
    MAX_MESSAGE_CHARS,
    IllegalActionError,
    NotationError,
    PieceError,
    RecordError,
    SignatureError,
    TableGamesError,
)
from tablegames.games import GAME_MODULES, get_game, register_game
from tablegames.interop.openspiel import rules_from_parameter
from tablegames.pieces import CARDS, DOMINOES, Card, Domino, Rank, Suit, cards, dominoes, is_piece
from tablegames.rule_options import rules_from_options
from tablegames.simulation import parse_rule_options
from tablegames.testing.strategies import play_from, states

GAMES = sorted(GAME_MODULES)
KEY = b"a test key of at least sixteen bytes"


class Hostile:
    """A client object every one of whose operations raises (but ``repr``, so that a failing
    example can be shown: :class:`Unprintable` raises there too)."""

    def _fail(self, *args: object) -> Any:
        raise RuntimeError("hostile")

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _fail
    __hash__ = __str__ = __bool__ = __index__ = __int__ = __float__ = _fail
    __len__ = __iter__ = __format__ = _fail

    def __repr__(self) -> str:
        return "Hostile()"


class Unprintable(Hostile):
    """A hostile object whose ``repr`` raises too."""

    __repr__ = Hostile._fail


HOSTILE: list[object] = [
    None,
    True,
    False,
    -1,
    2**64,
    10**5000,
    -(10**5000),
    1.5,
    6.0,
    math.nan,
    math.inf,
    Fraction(1, 2),
    1 + 2j,
    "",
    "q" * 100_000,
    "\x00",
    b"6:4",
    [],
    {},
    (),
    object(),
    Hostile(),
    types.SimpleNamespace(index=3),
]
"""Values a hostile client sends where a field, a piece or an action belongs."""


def short_and_quoting_little(message: str, needle: str = "q" * 41) -> bool:
    """One line, at most the library's cap, and never more than a short prefix of the input."""
    return "\n" not in message and len(message) <= MAX_MESSAGE_CHARS + 1 and needle not in message


@contextmanager
def hang_guard(seconds: int = 60) -> Iterator[None]:
    """Fail instead of hanging: a quadratic scan of the inputs below would take hours (the
    issue measured 143 s at 128 KB); a linear one takes well under a second. This is not a
    timing assertion, only a way to end a test that would otherwise never end."""

    def stop(signum: int, frame: object) -> None:
        raise AssertionError(f"no answer within {seconds} s: super-linear work on the input")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def dealt(name: str, seed: int = 1) -> Any:
    return play_from(get_game(name).new_match(get_game(name).rules_type()), seed, 1)


def playing(name: str) -> Any:
    """A state in the play of the first hand (Quartets: asking)."""
    game = get_game(name)
    state = game.new_match(game.rules_type())
    seed = 0
    while True:
        state = play_from(game.new_match(game.rules_type()), seed, 40)
        if not state.is_chance and not state.is_over and state.phase.value in ("play", "ask"):
            return state
        seed += 1


# -- 1. linear-time limits -------------------------------------------------------------------


def test_a_record_of_escaped_quotes_is_refused_in_linear_time() -> None:
    # docs/limits.md, "The limits": checked before any costly work, in linear time.
    text = '"' + '\\"' * 20_000 + "[]" * 11
    with hang_guard(), pytest.raises(RecordError):
        GameRecord.from_json(text)


SLOW_REGEX_TEXTS: dict[str, Callable[[int], str]] = {
    "escaped quotes then brackets": lambda n: '"' + '\\"' * (n // 2 - 12) + "[]" * 11,
    "quote backslash pairs": lambda n: '"\\' * (n // 2),
    "backslashes": lambda n: '"' + "\\" * (n - 1),
    "quotes": lambda n: '"' * n,
    "open brackets in strings": lambda n: '["' + "[" * (n - 4) + '"]',
    "bracket pairs": lambda n: "[]" * (n // 2),
    "unbalanced alternation": lambda n: "[{" * 10 + "}]" * 10 + '["' * ((n - 40) // 2),
    "spaces": lambda n: " " * n,
    "digits": lambda n: '{"a": ' + "1" * (n - 7) + "}",
    "float digits": lambda n: "[0." + "1" * (n - 4) + "]",
    "exponent": lambda n: "[1e" + "9" * (n - 4) + "]",
}
"""Texts at the size limit that make backtracking or rescanning scans super-linear."""


@pytest.mark.parametrize("family", sorted(SLOW_REGEX_TEXTS))
def test_every_reader_of_untrusted_text_is_linear_at_the_size_limit(family: str) -> None:
    # docs/limits.md, "What is validated where": records, state JSON, signed texts and the
    # replay command all read through the same bounded reader.
    text = SLOW_REGEX_TEXTS[family](MAX_RECORD_CHARS)
    assert len(text) <= MAX_RECORD_CHARS
    readers: list[Callable[[str], object]] = [
        GameRecord.from_json,
        texas42.GAME.state_from_json,
        lambda t: verify(sign(t, KEY), KEY),
    ]
    with hang_guard():
        for read in readers:
            try:
                read(text)
            except RecordError as exc:
                assert short_and_quoting_little(str(exc), "1" * 200)


@pytest.mark.parametrize("name", GAMES)
def test_every_notation_reader_is_linear_on_long_hostile_words(name: str) -> None:
    # docs/limits.md: notation is read with bounded work (the text's length first).
    game = get_game(name)
    texts = [" " * 10_000_000 + "x", "6" + " " * 1_000_000 + "x", "play " + "\\" * 1_000_000]
    with hang_guard():
        for text in texts:
            with pytest.raises(NotationError) as caught:
                game.parse_action(text)
            assert short_and_quoting_little(str(caught.value), " " * 41)


# -- 2. trust keeps nothing alive ----------------------------------------------------------


def test_trust_keeps_no_action_alive_and_forgets_it_when_it_goes() -> None:
    import gc
    import weakref

    from tablegames.core import actions

    before = len(actions._TRUSTED)
    made = [Deal((DOMINOES[0],)) for _ in range(2_000)]
    trust(made)
    assert all(is_trusted(a) for a in made)
    assert len(actions._TRUSTED) == before + 2_000
    refs = [weakref.ref(a) for a in made]
    del made
    gc.collect()
    assert all(ref() is None for ref in refs)  # nothing kept them alive
    assert len(actions._TRUSTED) == before  # and nothing of them is left


def test_an_equal_object_at_a_reused_address_is_not_trusted() -> None:
    ready = Deal((DOMINOES[3],))
    trust([ready])
    twin = Deal((DOMINOES[3],))
    assert twin == ready and is_trusted(ready) and not is_trusted(twin)
    assert not is_trusted(None) and not is_trusted(object())


def test_trusting_what_takes_no_weak_reference_only_means_it_is_checked() -> None:
    plain = ("pass",)
    trust([plain, 5])
    assert not is_trusted(plain) and not is_trusted(5)


# -- 5. records are immutable values -------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_record_cannot_change_the_state_it_came_from(name: str) -> None:
    # docs/limits.md, "Format versions": a sampled state writes its start in format 2.
    game = get_game(name)
    state = dealt(name)
    seat = state.to_act if state.to_act is not None else 0
    world = state.view(seat).sample(__import__("random").Random(1))
    before = game.state_to_json(world)
    record = game.record(world)
    assert record.start is not None
    numbers = "stacks" if name == "preference" else "scores"
    with pytest.raises((TypeError, AttributeError)):
        record.start[numbers].append(99)
    with pytest.raises(TypeError):
        record.start["dealer"] = 3
    with pytest.raises(TypeError):
        record.rules["target"] = 1
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        record.actions = ()  # type: ignore[misc]
    assert hash(record) == hash(game.record(world)) and record == game.record(world)
    assert game.state_to_json(world) == before
    assert game.state_from_json(before) == world
    assert game.replay(GameRecord.from_json(record.to_json())) == world


def test_a_record_is_a_copy_of_what_it_was_made_from() -> None:
    rules: dict[str, Any] = {"target": 100}
    start: dict[str, Any] = {"dealer": 0, "scores": [0, 0], "results": []}
    record = GameRecord("texas42", rules, ["pass"], start)
    rules["target"] = 7
    start["scores"].append(1)
    assert record.rules == {"target": 100} and record.start == {
        "dealer": 0,
        "scores": [0, 0],
        "results": [],
    }


@pytest.mark.parametrize(
    "bad",
    [
        {"rules": {"a": {1, 2}}},
        {"rules": {1: 2}},
        {"rules": [1]},
        {"start": {"dealer": object()}},
        {"actions": "pass"},
        {"actions": [Hostile()]},
        {"actions": 5},
    ],
)
def test_a_record_holds_json_values_only(bad: dict[str, Any]) -> None:
    fields: dict[str, Any] = {"game": "texas42", "rules": {}, "actions": (), **bad}
    with pytest.raises(RecordError) as caught:
        GameRecord(**fields)
    assert short_and_quoting_little(str(caught.value))


# -- 6. pieces are real pieces -------------------------------------------------------------


def test_a_domino_of_bools_floats_or_numbers_of_other_types_cannot_be_made() -> None:
    # docs/limits.md: ends are plain ints 0-6; bool is not int.
    for high, low in ((True, False), (6.0, 4.0), (Fraction(6), 4), (7, 0), (-1, 0), (3, 5)):
        with pytest.raises(PieceError) as caught:
            Domino(high, low)  # type: ignore[arg-type]
        assert short_and_quoting_little(str(caught.value))


def test_numpy_ends_ranks_and_suits_are_refused() -> None:
    numpy = pytest.importorskip("numpy")
    with pytest.raises(PieceError):
        Domino(numpy.int64(6), numpy.int64(4))
    with pytest.raises(PieceError):
        Card(numpy.int64(14), 3)
    with pytest.raises(PieceError):
        Card(Rank.ACE, numpy.int64(3))


def test_cards_are_made_of_their_enums_or_plain_ints_only() -> None:
    assert Card(14, 3) == Card(Rank.ACE, Suit.SPADES) and type(Card(14, 3).rank) is Rank
    for rank, suit in ((True, 1), (14.0, 3), (Rank.ACE, True), ("A", "S"), (1, 0), (14, 4)):
        with pytest.raises(PieceError):
            Card(rank, suit)


def forged(kind: type, **fields: object) -> Any:
    piece: Any = object.__new__(kind)
    for name, value in fields.items():
        object.__setattr__(piece, name, value)
    return piece


FORGED_PIECES = [
    forged(Domino),
    forged(Domino, high=True, low=False),
    forged(Domino, high=6.0, low=4.0, index=25.0),
    forged(Domino, high=6, low=4, index=26),
    forged(Card),
    forged(Card, rank=14, suit=3, index=51),
    forged(Card, rank=Rank.ACE, suit=Suit.SPADES, index=50),
    type("SubDomino", (Domino,), {})(6, 4),
]
"""Pieces made around their constructors, each wrong in one way."""


def test_is_piece_tells_every_real_piece_from_every_forged_one() -> None:
    assert all(is_piece(piece) for piece in (*DOMINOES, *CARDS, Domino(6, 4), Card(2, 0)))
    assert not any(is_piece(piece) for piece in FORGED_PIECES)
    assert not any(is_piece(value) for value in HOSTILE)


@pytest.mark.parametrize("name", GAMES)
def test_a_play_of_a_forged_piece_is_refused_and_never_recorded(name: str) -> None:
    # docs/contract.md, "Validation": any object is refused with a violation.
    state = playing(name) if name != "quartets" else dealt(name)
    for piece in FORGED_PIECES:
        action = Play(piece)
        violation = state.check(action)
        assert violation is not None, piece
        result = state.transition(action)
        assert isinstance(result, Violation)
        with pytest.raises(IllegalActionError):
            state.apply(action)


# -- 7 and 12. check, apply and transition never let a client object escape -----------------


@pytest.mark.parametrize("name", ["texas42", "ninety-two", "preference"])
def test_transition_of_a_huge_number_or_a_raising_piece_is_a_violation(name: str) -> None:
    # docs/contract.md, "Validation": transition never raises.
    state = playing(name)

    class Loud:
        index = 3

        def __str__(self) -> str:
            raise RuntimeError("loud")

        __repr__ = __str__

    for action in (Play(cast(Any, 10**5000)), Play(cast(Any, Loud()))):
        result = state.transition(action)
        assert isinstance(result, Violation)
        assert result.code is ViolationCode.MALFORMED_ACTION


def test_a_field_check_that_meets_a_raising_eq_refuses_the_action() -> None:
    state = dealt("texas42")
    for client in (Hostile(), Unprintable()):
        violation = state.check(texas42.SpecialBid(client))  # type: ignore[arg-type]
        assert violation is not None and violation.code is ViolationCode.MALFORMED_ACTION
        assert isinstance(state.transition(texas42.SpecialBid(client)), Violation)  # type: ignore[arg-type]
        assert isinstance(state.transition(Play(cast(Any, client))), Violation)
        assert isinstance(state.transition(client), Violation)


def action_classes(name: str) -> list[type]:
    game = get_game(name)
    kinds = {type(a) for a in game.action_space(game.rules_type())}
    return sorted((k for k in kinds | {Play, Deal} if attrs.has(k)), key=lambda k: k.__name__)


@st.composite
def hostile_actions(draw: st.DrawFn, name: str) -> object:
    """A hostile value, or an action of the game with hostile values in its fields."""
    # Drawn by index: hypothesis compares and hashes what sampled_from gives, and these raise.
    hostile = st.integers(0, len(HOSTILE) - 1).map(HOSTILE.__getitem__)
    if draw(st.booleans()):
        return draw(hostile)
    kind = draw(st.sampled_from(action_classes(name)))
    fields = {f.alias: draw(hostile) for f in attrs.fields(kind) if f.init}
    return kind(**fields)


def unchanged(state: GameState[Any], fingerprint: str) -> bool:
    return state.fingerprint() == fingerprint


@pytest.mark.parametrize("name", GAMES)
def test_an_action_made_of_hostile_values_is_made_and_refused(name: str) -> None:
    # docs/contract.md, "Validation": action constructors never raise; check refuses.
    state = get_game(name).new_match(get_game(name).rules_type())
    for kind in action_classes(name):
        for value in HOSTILE:
            action = kind(**{f.alias: value for f in attrs.fields(kind) if f.init})
            assert state.check(action) is not None


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_no_hostile_action_escapes_check_apply_or_transition(name: str, data: Any) -> None:
    # docs/contract.md, "Validation"; docs/limits.md, "What is validated where".
    game = get_game(name)
    state = data.draw(states(game, game.rules_type(), max_steps=60))
    action = data.draw(hostile_actions(name))
    before = state.fingerprint()
    verdict = state.check(action)
    result = state.transition(action)
    try:
        after = state.apply(action)
    except IllegalActionError as exc:
        assert verdict is not None and isinstance(result, Violation)
        assert exc.violation.code == verdict.code
        assert short_and_quoting_little(str(exc))
    else:
        # Accepted: then it is an action the notation writes and reads back, so its record
        # replays (the class of ``play True:False``).
        assert verdict is None and not isinstance(result, Violation)
        assert game.parse_action(str(action)) == action
        assert game.replay(game.record(after)) == after
    assert unchanged(state, before)


# -- 10 and 11. public helpers: documented errors, short messages ------------------------


HUGE = "q" * 10_000_000


class OneSetting(Mapping[Any, int]):
    """A mapping with one name, whatever it is (a dict cannot hold an unhashable one)."""

    def __init__(self, name: object) -> None:
        self.name = name

    def __getitem__(self, key: object) -> int:
        return 1

    def __iter__(self) -> Iterator[Any]:
        return iter([self.name])

    def __len__(self) -> int:
        return 1


def helper_calls() -> dict[str, Callable[[object], object]]:
    """Every public reader and look-up of text, by name, as a function of its input."""
    calls: dict[str, Callable[[object], object]] = {
        "Card.parse": Card.parse,  # type: ignore[dict-item]
        "Domino.parse": Domino.parse,  # type: ignore[dict-item]
        "Suit.parse": Suit.parse,  # type: ignore[dict-item]
        "Rank.parse": Rank.parse,  # type: ignore[dict-item]
        "cards": cards,  # type: ignore[dict-item]
        "dominoes": dominoes,  # type: ignore[dict-item]
        "get_game": get_game,  # type: ignore[dict-item]
        "texas42.deal_of": lambda v: texas42.deal_of([v] * 4),  # type: ignore[list-item]
        "GameRecord.from_json": GameRecord.from_json,  # type: ignore[dict-item]
        "make_agent": make_agent,  # type: ignore[dict-item]
        "rules_from_parameter": lambda v: rules_from_parameter("texas42", v),  # type: ignore[arg-type]
        "parse_rule_options": lambda v: parse_rule_options("texas42", [v]),  # type: ignore[list-item]
        "rules_from_options value": lambda v: rules_from_options(
            texas42.Rules,
            ["target=" + v if isinstance(v, str) else v],  # type: ignore[list-item]
        ),
        "rules_from_json name": lambda v: texas42.GAME.rules_from_json(OneSetting(v)),
        "verify": lambda v: verify(v, KEY),  # type: ignore[arg-type]
        "StartReader": lambda v: StartReader({"dealer": v}, "Texas 42").seat("dealer", 4),
    }
    for name in GAMES:
        calls[f"{name} parse_action"] = get_game(name).parse_action  # type: ignore[assignment]
        calls[f"{name} state_from_json"] = get_game(name).state_from_json  # type: ignore[assignment]
    return calls


HOSTILE_INPUTS: dict[str, object] = {
    "10MB": HUGE,
    "None": None,
    "list": [],
    "huge-int": 10**5000,
    "hostile": Hostile(),
    "bytes": b"x",
    "empty": "",
    "spaces": " q q ",
}


def helper_cases() -> list[Any]:
    cases = []
    for helper in sorted(helper_calls()):
        for label, value in HOSTILE_INPUTS.items():
            cases.append(pytest.param(helper, value, id=f"{helper}-{label}"))
    return cases


@pytest.mark.parametrize(("helper", "value"), helper_cases())
def test_every_public_helper_answers_hostile_input_with_a_short_documented_error(
    helper: str, value: object
) -> None:
    # docs/limits.md: everything raised on purpose is a TableGamesError; messages are one line
    # and quote at most 40 characters.
    call = helper_calls()[helper]
    try:
        call(value)
    except TableGamesError as exc:
        assert short_and_quoting_little(str(exc)), (helper, str(exc)[:200])
    # A few helpers accept some of these values (make_agent of "" is refused, cards("") is the
    # empty set): accepting is fine; raising anything else is not.


def test_a_deal_of_too_few_hands_is_a_notation_error() -> None:
    # docs/texas42.md, "Notation": a deal names four hands of seven tiles.
    with pytest.raises(NotationError, match="names 4 hands, not 1"):
        texas42.deal_of(["6:6"])
    with pytest.raises(NotationError, match="lists of pieces, not an int"):
        texas42.deal_of(["6:6", "", "", 7])  # type: ignore[list-item]


def test_a_registered_game_must_have_a_name() -> None:
    for name in (5, None, "", "Texas 42", "x" * 41, "q" * 100_000, "a_b"):
        with pytest.raises(TableGamesError) as caught:
            register_game(attrs.evolve(texas42.GAME, name=cast(Any, name)))
        assert short_and_quoting_little(str(caught.value))
    with pytest.raises(TableGamesError):
        get_game([])  # type: ignore[arg-type]


def test_the_error_message_backstop_cuts_any_long_message() -> None:
    message = str(TableGamesError("x" * 100_000))
    assert len(message) == MAX_MESSAGE_CHARS + 1 and message.endswith("…")


# -- 12. signing keys --------------------------------------------------------------------


@pytest.mark.parametrize("key", [b"short", "a text key of at least sixteen", None, 5, b""])
def test_a_bad_key_is_a_signature_error_before_anything_else(key: object) -> None:
    # docs/limits.md, "The fingerprint is not a signature": keys shorter than 16 bytes.
    for signed in ("no header at all", sign("{}", KEY), 5):
        with pytest.raises(SignatureError):
            verify(signed, key)  # type: ignore[arg-type]
    with pytest.raises(SignatureError):
        sign("{}", key)  # type: ignore[arg-type]


def test_a_house_rule_answering_anything_but_a_violation_is_an_error() -> None:
    # docs/house-rules.md: a house rule returns a Violation or None.
    from tablegames.house import with_house_rules

    def truthy(state: object, action: object) -> object:
        return "no" if action == texas42.PASS else None

    game = with_house_rules(texas42.GAME, "texas42-truthy", "Texas 42 (truthy)", truthy)  # type: ignore[arg-type]
    state = game.new_match(texas42.Rules())
    state = state.apply(state.chance_outcome(__import__("random").Random(1)))
    with pytest.raises(TableGamesError, match="returns a Violation or None"):
        state.apply(texas42.PASS)
    with pytest.raises(TableGamesError, match="returns a Violation or None"):
        state.check(texas42.PASS)


def test_the_four_games_action_spaces_hold_only_real_pieces() -> None:
    for name in GAMES:
        game = get_game(name)
        for action in game.action_space(game.rules_type()):
            piece = getattr(action, "piece", None) or getattr(action, "card", None)
            if piece is not None:
                assert is_piece(piece), (name, action)


def test_an_ask_for_a_forged_card_never_escapes_and_an_unreadable_one_is_refused() -> None:
    # docs/limits.md: pieces made around their constructors are refused when the rules fail
    # on them (a card with no index); one forged with a legal index is outside the contract.
    state = dealt("quartets")
    for piece in FORGED_PIECES:
        for seat in range(4):
            state.check(quartets.Ask(seat, piece))
            state.transition(quartets.Ask(seat, piece))
    unreadable = forged(Card)
    for seat in (1, 2, 3):
        verdict = state.check(quartets.Ask(seat, unreadable))
        assert verdict is not None and verdict.code is ViolationCode.MALFORMED_ACTION


@pytest.mark.parametrize("name", ["ninety-two", "preference", "quartets"])
def test_a_deal_of_forged_cards_is_refused(name: str) -> None:
    state = get_game(name).new_match(get_game(name).rules_type())
    for piece in FORGED_PIECES:
        order = (piece, *CARDS[1:])
        assert isinstance(state.transition(Deal(order)), Violation)
        assert state.check(Deal(order)) is not None


def test_a_piece_reader_refuses_a_long_text_by_its_length() -> None:
    """docs/limits.md, MAX_PIECE_TEXT: Card.parse, Domino.parse, Suit.parse and Rank.parse
    refuse a text of ten million characters by its length, quoting 40 of them."""
    from tablegames.pieces import Card, Domino, Rank, Suit
    from tablegames.pieces.sets import MAX_PIECE_TEXT

    readers: list[Callable[[str], object]] = [Card.parse, Domino.parse, Suit.parse, Rank.parse]
    with hang_guard():
        for read in readers:
            for text in ("A" * 10_000_000, " " * 10_000_000 + "AS", "6:4" + " " * MAX_PIECE_TEXT):
                with pytest.raises(NotationError) as caught:
                    read(text)
                assert short_and_quoting_little(str(caught.value), text[:41])
    assert Card.parse(" 10♦ ") == Card.parse("TD") and Domino.parse(" 4 - 6 ") == Domino(6, 4)


@pytest.mark.parametrize("name", GAMES)
def test_rules_made_of_hostile_containers_are_refused_with_a_rules_error(name: str) -> None:
    """A list whose len() or iteration raises, an object whose == raises: every Rules field
    refuses them with RulesError, never the object's own exception."""

    class BadList(list[int]):
        def __len__(self) -> int:
            raise RuntimeError("len")

        def __iter__(self) -> Iterator[int]:
            raise RuntimeError("iter")

    class BadTuple(tuple[int, ...]):
        def __len__(self) -> int:
            raise RuntimeError("len")

        def __iter__(self) -> Iterator[int]:
            raise RuntimeError("iter")

    class BadValue:
        def __eq__(self, other: object) -> bool:
            raise RuntimeError("eq")

        def __hash__(self) -> int:
            raise RuntimeError("hash")

        def __repr__(self) -> str:
            raise RuntimeError("repr")

    rules_type: Any = get_game(name).rules_type
    hostile: list[object] = [BadList([1, 2, 3, 4]), BadTuple((1, 2, 3, 4)), BadValue()]
    for field in attrs.fields(rules_type):
        for bad in hostile:
            with pytest.raises(TableGamesError):
                rules_type(**{field.name: bad})


def test_the_agent_spec_that_is_code_is_documented_as_such() -> None:
    """docs/limits.md and make_agent say that package.module:Name imports and calls code,
    and that a spec must never come from a client."""
    from pathlib import Path

    from tablegames.agents import registry

    limits = (Path(__file__).parent.parent / "docs" / "limits.md").read_text(encoding="utf-8")
    assert "**Never make an agent from a client's text.**" in limits
    assert 'make_agent("os:abort")' in (registry.__doc__ or "")
    assert "never pass a spec that came from a client" in (make_agent.__doc__ or "")
