"""Every game's rule settings (docs/contract.md, "Rules in records"): one base, `GameRules`,
for the canonical dict, reading it back, the fingerprint and a cached hash; and every field of
every game's `Rules` either accepts a value whole or refuses it with a `RulesError` that names
the field and quotes the value short, whatever the value (huge numbers of either sign, bools,
floats, NaN, text, None, deeply nested containers)."""

from __future__ import annotations

import functools
import math
from typing import Any

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tablegames.core.errors import RecordError, RulesError
from tablegames.core.settings import GameRules
from tablegames.core.text import QUOTE_LIMIT
from tablegames.examples import whist3
from tablegames.games import GAME_MODULES, get_game
from tablegames.pieces import Card, Domino
from tablegames.pieces.cards import Suit
from tablegames.testing.strategies import rules as rules_of

GAMES: dict[str, Any] = {name: get_game(name) for name in sorted(GAME_MODULES)}
GAMES["whist3"] = whist3.GAME
FIELDS = [
    (name, field.name) for name, game in GAMES.items() for field in attrs.fields(game.rules_type)
]
MESSAGE_LIMIT = 200
"""A refusal quotes at most a short prefix of the value (QUOTE_LIMIT characters)."""


@functools.cache  # built once: a list nested 100,000 deep takes a tenth of a second to make
def _nested(depth: int) -> list[Any]:
    outer: list[Any] = []
    inner = outer
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return outer


hostile: st.SearchStrategy[Any] = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.builds(pow, st.sampled_from([10, -10]), st.sampled_from([5001, 5000, 30, 9])),
        st.floats(allow_nan=True),
        st.text(max_size=30),
        st.builds(str.__mul__, st.just("x"), st.sampled_from([1_000, 100_000])),
        st.sampled_from([Suit.HEARTS, Card.parse("8S"), Domino(6, 4), b"bytes", object()]),
        st.builds(_nested, st.sampled_from([5, 50])),
    ),
    lambda inner: st.tuples(inner, inner) | st.lists(inner, max_size=5) | st.just({}),
    max_leaves=8,
)


@pytest.mark.parametrize(("name", "field"), FIELDS)
@given(value=hostile)
@example(value=-(10**5000))
@example(value=10**5001)
@example(value=math.nan)
@example(value=[10**5000] * 4)
def test_every_rules_field_takes_a_value_whole_or_refuses_it_short(
    name: str, field: str, value: object
) -> None:
    game = GAMES[name]
    rules_type = game.rules_type
    try:
        rules = rules_type(**{field: value})
    except RulesError as exc:
        message = str(exc)
        assert len(message) <= MESSAGE_LIMIT, message[:MESSAGE_LIMIT]
        assert field in message or "players" in message or "Quartets is for" in message
    else:
        assert rules.to_dict()[field] is not None or value is None
        assert rules_type.from_dict(rules.to_dict()) == rules
        assert hash(rules) == hash(rules_type.from_dict(rules.to_dict()))
    # Read from a record, the same value is a RecordError, as short.
    try:
        game.rules_from_json({field: value})
    except RecordError as exc:
        assert len(str(exc)) <= 2 * MESSAGE_LIMIT + QUOTE_LIMIT


@pytest.mark.parametrize("name", GAMES)
def test_every_game_s_rules_derive_from_the_one_base_with_a_cached_hash(name: str) -> None:
    rules_type = GAMES[name].rules_type
    assert issubclass(rules_type, GameRules)
    rules = rules_type()
    assert hash(rules) == hash(rules_type())
    assert "_attrs_cached_hash" in rules_type.__slots__  # worked out once per rules object
    assert rules.changed() == {} and rules_type.from_dict({}) == rules
    assert rules_type.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize("name", sorted(GAME_MODULES))
@given(data=st.data())
def test_the_canonical_dict_reads_back_to_the_same_rules(name: str, data: Any) -> None:
    game = GAMES[name]
    rules = data.draw(rules_of(game, short=False))
    assert type(rules).from_dict(rules.to_dict()) == rules
    assert game.rules_from_json(game.rules_to_json(rules)) == rules
    changed = rules.changed()
    assert type(rules).from_dict(changed) == rules
    assert all(rules.to_dict()[key] == value for key, value in changed.items())
    same = type(rules).from_dict(changed)
    assert same.fingerprint == rules.fingerprint and hash(same) == hash(rules)


@pytest.mark.parametrize("data", [[], "rules", 5, None, {1: 2}, {None: 1}])
def test_rules_from_anything_but_a_mapping_of_names_are_refused(data: Any) -> None:
    for game in GAMES.values():
        with pytest.raises(RulesError):
            game.rules_type.from_dict(data)
        with pytest.raises(RecordError):
            game.rules_from_json(data)


@pytest.mark.parametrize(("name", "field"), FIELDS)
def test_deeply_nested_values_are_refused_short(name: str, field: str) -> None:
    """Nesting far deeper than Python's recursion limit (hypothesis cannot print such values,
    so they are tried here)."""
    game = GAMES[name]
    for value in (_nested(100_000), [_nested(100_000)] * 4, (_nested(5_000),)):
        with pytest.raises(RulesError) as refused:
            game.rules_type(**{field: value})
        assert len(str(refused.value)) <= MESSAGE_LIMIT
        with pytest.raises(RecordError):
            game.rules_from_json({field: value})


def test_huge_numbers_are_refused_without_formatting_them() -> None:
    """The known cases (issue: ValueError while formatting a 5,000-digit number)."""
    from tablegames import preference, texas42

    with pytest.raises(RulesError, match="target"):
        texas42.Rules(target=-(10**5000))
    for field in ("starting_stack", "ante", "deals", "first_dealer"):
        huge: dict[str, Any] = {field: -(10**5001)}
        with pytest.raises(RulesError, match=field):
            preference.Rules(**huge)
