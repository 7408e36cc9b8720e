"""Records that begin at a start position (format 2): written for states sampled from views,
read back exactly, and refused with a sentence when malformed."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames import ninety_two, preference, quartets, texas42
from tablegames.core import GameRecord, RecordError
from tablegames.core.game import Game, GameState, play_randomly
from tablegames.core.seat_record import seat_record
from tablegames.house import with_house_rules
from tablegames.testing import play_from, rules, seeds

GAMES: list[Game[Any, Any]] = [texas42.GAME, ninety_two.GAME, preference.GAME, quartets.GAME]


def _sampled(game: Game[Any, Any], seed: int, steps: int, seat: int = 0) -> GameState[Any]:
    state = play_from(game.new_match(game.rules_type()), seed, steps)
    world: GameState[Any] = state.view(seat).sample(random.Random(seed))
    return world


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_sampled_state_writes_format_2_with_its_start(game: Game[Any, Any]) -> None:
    world = _sampled(game, 3, 150)
    data = json.loads(game.state_to_json(world))
    assert data["format"] == 2 and list(data)[:4] == ["format", "game", "rules", "start"]
    assert data["start"]["dealer"] == world.view(0).dealer
    record = GameRecord.from_json(game.record(world).to_json())
    assert record.start == data["start"] and game.replay(record) == world
    # A match from its start still writes format 1, without a start.
    plain = json.loads(game.state_to_json(game.new_match(game.rules_type())))
    assert plain["format"] == 1 and "start" not in plain


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_sampled_state_plays_on_and_replays(game: Game[Any, Any]) -> None:
    final = play_randomly(_sampled(game, 5, 200, seat=1), random.Random(6))
    assert final.is_over
    again = game.state_from_json(game.state_to_json(final))
    assert again == final and again.history == final.history
    shown = seat_record(game, final, 1)
    assert len(shown.actions) == len(final.history)
    assert shown.actions[0].startswith("dealt")


def test_formats_and_starts_must_agree() -> None:
    body = '"game": "quartets", "rules": {}, "actions": []'
    with pytest.raises(RecordError, match="carries that start as a JSON object"):
        GameRecord.from_json('{"format": 2, ' + body + "}")
    with pytest.raises(RecordError, match="carries that start as a JSON object"):
        GameRecord.from_json('{"format": 2, "start": [1], ' + body + "}")
    with pytest.raises(RecordError, match="A record with a start position is in format 2"):
        GameRecord.from_json('{"format": 1, "start": {}, ' + body + "}")
    with pytest.raises(RecordError, match="A record with a start position is in format 2"):
        GameRecord.from_json('{"start": {}, ' + body + "}")


def test_a_game_without_start_positions_refuses_a_start() -> None:
    plain = with_house_rules(texas42.GAME, "texas42-plain", "Texas 42 as it is")
    bare = attrs.evolve(plain, start_from=None)
    record = GameRecord("texas42-plain", {}, (), start={"dealer": 0})
    with pytest.raises(RecordError, match="cannot begin at a deal"):
        bare.replay(record)


@pytest.mark.parametrize(
    ("game", "start", "sentence"),
    [
        (texas42.GAME, {"dealer": 0, "scores": [0, 0]}, "The start has no results."),
        (texas42.GAME, {"dealer": 0, "scores": [0], "results": []}, "list of 2 whole numbers"),
        (texas42.GAME, {"dealer": 1, "scores": [0, 0], "results": []}, "out of turn"),
        (texas42.GAME, {"dealer": 0, "scores": [0, 0], "results": [], "pot": 1}, "no field"),
        (ninety_two.GAME, {"dealer": 0, "scores": [1, 0, 0, 0], "results": []}, "not the sum"),
        (preference.GAME, {"dealer": 0, "stacks": [95] * 4, "pot": -1, "results": []}, "pot"),
        (quartets.GAME, {"dealer": "0", "scores": [0] * 4, "results": []}, "is a seat 0..3"),
        (quartets.GAME, [], "carries that start as a JSON object"),
    ],
)
def test_malformed_starts_are_refused_with_a_sentence(
    game: Game[Any, Any], start: Any, sentence: str
) -> None:
    text = json.dumps({"format": 2, "game": game.name, "rules": {}, "start": start, "actions": []})
    with pytest.raises(RecordError, match=sentence):
        game.replay(GameRecord.from_json(text))


def _mutated(draw: Callable[[st.SearchStrategy[Any]], Any], value: Any) -> Any:
    """``value`` with one part replaced by some other JSON value."""
    leaf = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-5, 500),
        st.text(max_size=6),
        st.just([]),
        st.just({}),
    )
    if isinstance(value, dict) and value and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(value)))
        return {**value, key: _mutated(draw, value[key])}
    if isinstance(value, list) and value and draw(st.booleans()):
        i = draw(st.integers(0, len(value) - 1))
        return [*value[:i], _mutated(draw, value[i]), *value[i + 1 :]]
    return draw(leaf)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_forged_start_reads_or_is_refused(game: Game[Any, Any], data: st.DataObject) -> None:
    """Any change to a start position either still reads (to a state whose record gives the
    same start back) or is refused with a RecordError: never another exception."""
    chosen = data.draw(rules(game))
    state = play_from(game.new_match(chosen), data.draw(seeds()), data.draw(st.integers(0, 300)))
    world = state.view(0).sample(random.Random(0))
    record = json.loads(game.record(world).to_json())
    record["start"] = _mutated(data.draw, record["start"])
    try:
        again = game.replay(GameRecord.from_json(json.dumps(record)))
    except RecordError as exc:
        assert str(exc) and len(str(exc)) < 300
    else:
        assert game.record(again).start is not None
