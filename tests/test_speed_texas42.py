"""Texas 42's and the core's fast paths agree with the slow ones: the trick tally gives the
tables the trick table's own play gives, the builders make what the constructors make, and the
replay loop reads and refuses records as applying each action does."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

from tablegames import ninety_two, preference, quartets, texas42
from tablegames.core.errors import RecordError
from tablegames.core.frozen import builder
from tablegames.core.game import GameRecord, play_randomly
from tablegames.core.records import record_from_data
from tablegames.core.replaying import ActionReader, replay_actions
from tablegames.pieces import Suit
from tablegames.texas42.model import MODELS
from tablegames.tricks import TrickTable, TrickTally, plain_card_model


@pytest.mark.parametrize("seed", range(8))
def test_the_tally_gives_the_tables_the_trick_table_plays(seed: int) -> None:
    """Random tricks of cards (some seats sitting out) or tiles: after every piece the tally's
    table is the one TrickTable.play reaches, and so are its tricks won and pieces taken."""
    rng = random.Random(seed)
    seats = rng.choice((3, 4, 5))
    order = tuple(sorted(rng.sample(range(seats), rng.randint(2, seats))))
    leader = rng.choice(order)
    if seed % 2:
        model = MODELS[rng.randrange(7)]
        deck = list(range(28))
    else:
        model = plain_card_model(rng.choice([None, *Suit]))
        deck = list(range(52))
    rng.shuffle(deck)
    table = TrickTable.start(order, leader, seats)
    tally = TrickTally.begin(order, leader, seats, model)
    pieces: tuple[int, ...] = ()
    while len(deck) >= len(order):
        assert tally.table_with(pieces) == table
        assert table.to_play == tally.turns[len(pieces)]
        piece = deck.pop()
        table = table.play(piece, model)
        pieces = (*pieces, piece)
        if len(pieces) == len(order):
            tally, pieces = tally.after(pieces), ()
            assert tally.table == table and tally.leader == table.leader
            assert (tally.won, tally.taken, tally.tricks) == (table.won, table.taken, table.tricks)
            assert tally.number == len(table.tricks)


def test_tallies_compare_hash_and_pickle_by_value() -> None:
    model = plain_card_model(Suit.HEARTS)
    one = TrickTally.begin((0, 1, 2), 1, 3, model).after((5, 9, 30))
    two = TrickTally.begin((0, 1, 2), 1, 3, model).after((5, 9, 30))
    other = TrickTally.begin((0, 1, 2), 1, 3, model).after((5, 30, 9))
    assert one == two and hash(one) == hash(two) and one != other
    assert pickle.loads(pickle.dumps(one)) == one
    assert repr(one).startswith("TrickTally(table=TrickTable(order=(0, 1, 2)")


def test_texas42_states_of_a_whole_match_pickle_equal() -> None:
    rng = random.Random(3)
    state = texas42.new_match(texas42.Rules(target=60))
    while not state.is_over:
        state = state.apply(
            state.chance_outcome(rng) if state.is_chance else rng.choice(state.legal_actions())
        )
        copy = pickle.loads(pickle.dumps(state))
        assert copy == state and hash(copy) == hash(state) and copy.table == state.table


@attrs.frozen
class _Pair:
    left: int
    right: tuple[int, ...] = ()


def test_a_builder_makes_what_the_constructor_makes() -> None:
    make = builder(_Pair)
    built = make(1, (2,))
    assert built == _Pair(1, (2,)) and type(built) is _Pair
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.left = 3  # type: ignore[misc]
    state = texas42.new_match()
    fields = [getattr(state, field.name) for field in attrs.fields(type(state))]
    assert builder(type(state))(*fields) == state


def test_a_builder_refuses_classes_whose_init_does_more() -> None:
    @attrs.frozen
    class Converted:
        value: int = attrs.field(converter=int)

    @attrs.frozen
    class Hooked:
        value: int

        def __attrs_post_init__(self) -> None:
            pass

    @attrs.frozen(slots=False)
    class Unslotted:
        value: int

    @attrs.frozen
    class Derived:
        value: int
        double: int = attrs.field(init=False, default=0)

    for kind in (Converted, Hooked, Unslotted, Derived, int):
        with pytest.raises(TypeError):
            builder(kind)


@pytest.mark.parametrize("module", [texas42, ninety_two, preference, quartets])
def test_replay_reads_back_every_game_and_shares_parsed_texts(module: object) -> None:
    game = module.GAME  # type: ignore[attr-defined]
    state = play_randomly(game.new_match(game.rules_type()), random.Random(5))
    text = game.state_to_json(state)
    assert game.state_from_json(text) == state
    first = ActionReader(game.parse_action, game.deck)
    assert first.known  # texts read by the replay are remembered for the next one
    action = game.parse_action(str(state.legal_actions()[0])) if state.legal_actions() else None
    assert action is None or first(str(action)) == action


def test_replay_actions_stops_at_the_first_illegal_action() -> None:
    start = texas42.new_match()
    deal = start.chance_outcome(random.Random(1))
    state, error = replay_actions(start, [deal, texas42.PASS, texas42.PASS, texas42.Bid(29)])
    assert error is not None and error.violation.code.value == "bid_out_of_range"
    assert len(state.history) == 3 and state == start.apply(deal).apply(texas42.PASS).apply(
        texas42.PASS
    )
    malformed, error = replay_actions(start, [deal, texas42.Bid(30.0)])  # type: ignore[arg-type]
    assert error is not None and error.violation.code.value == "malformed_action"
    assert malformed == start.apply(deal)


def test_a_record_names_its_first_bad_action() -> None:
    deal = str(texas42.new_match().chance_outcome(random.Random(2)))
    record = GameRecord("texas42", {}, (deal, "pass", "bid 30", "bid 30"))
    with pytest.raises(RecordError, match=r"action 4 \('bid 30'\): A bid must be higher"):
        texas42.GAME.replay(record)
    with pytest.raises(RecordError, match="action 3 is not"):
        record_from_data({"game": "texas42", "rules": {}, "actions": [deal, "pass", 30]})
    with pytest.raises(RecordError, match="action 2 is 1,000 characters long"):
        GameRecord("texas42", {}, ("pass", "x" * 1000)).check_limits()


def test_remembered_texts_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from tablegames.core import replaying

    monkeypatch.setattr(replaying, "KNOWN_TEXTS", 5)

    def parse(text: str) -> object:  # a parse function of its own: a memory of its own
        return texas42.GAME.parse_action(text)

    read = ActionReader(parse, texas42.GAME.deck)
    for amount in range(30, 43):
        assert read(f"bid {amount}") == texas42.Bid(amount)
        assert len(read.known) <= 5
    assert read("bid 42") is texas42.GAME.parse_action("bid 42")  # the one ready-made Bid
