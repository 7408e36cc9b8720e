"""Reading and replaying records quickly changes nothing about what they read and replay to.

``tablegames.core.replaying`` (its module doc): each distinct action text is parsed once and
remembered, so a text read twice is the very same action, shared by every reader of the game; a
deal in canonical notation is read by one look-up per piece, and "anything else goes through the
game's own ``parse_action``, so errors read the same"; ``replay_actions`` validates every action
"as ``apply`` does", and "anything out of the ordinary (a malformed field, a refusal, an error)
goes through ``apply`` itself, so it ends exactly as ``apply`` does". docs/limits.md: records are
read with bounded work and refused with documented errors.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablegames import texas42
from tablegames.core.actions import Deal
from tablegames.core.errors import NotationError
from tablegames.core.replaying import ActionReader, replay_actions
from tablegames.house import with_house_rules

GAME = texas42.GAME
CANONICAL = [str(tile) for tile in GAME.deck]


def read_like_parse(reader: ActionReader, text: str) -> None:
    """The reader gives what the game's parser gives: the same action, or the same refusal."""
    try:
        expected: Any = GAME.parse_action(text)
    except NotationError as refusal:
        with pytest.raises(NotationError) as caught:
            reader(text)
        assert str(caught.value) == str(refusal)
        return
    assert reader(text) == expected


class CountingParser:
    """The game's parser, counting the texts it is asked to read (a fresh function for each
    test, so that no other test's reads are remembered for it)."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def __call__(self, text: str) -> Any:
        self.texts.append(text)
        return GAME.parse_action(text)


def test_each_distinct_text_is_parsed_once_and_shared_by_every_reader_of_the_game() -> None:
    parse = CountingParser()
    first = ActionReader(parse, GAME.deck)
    action = first("bid 31")
    assert first("bid 31") is action
    assert first.every(["bid 31", "pass", "bid 31"])[0] is action
    assert first.known["bid 31"] is action and not first.malformed
    second = ActionReader(parse, GAME.deck)
    assert second("bid 31") is action  # remembered across readers and replays
    assert parse.texts == ["bid 31", "pass"]
    assert ActionReader(CountingParser(), GAME.deck).known == {}


def test_a_deal_in_canonical_notation_is_read_without_the_parser() -> None:
    parse = CountingParser()
    reader = ActionReader(parse, GAME.deck)
    text = "deal " + " ".join(CANONICAL)
    assert reader(text) == GAME.parse_action(text)
    backwards = reader("deal " + " ".join(reversed(CANONICAL)))
    assert isinstance(backwards, Deal)
    assert backwards.order == tuple(reversed(list(GAME.deck)))
    assert parse.texts == []
    reader("deal " + " ".join(t.replace(":", "-") for t in CANONICAL))  # not canonical: parsed
    assert len(parse.texts) == 1


@pytest.mark.parametrize(
    "words",
    [
        CANONICAL,  # the whole deck in canonical notation
        [t.replace(":", "-") for t in CANONICAL],  # accepted notation: read by the parser
        list(reversed(CANONICAL)),
        CANONICAL[:1],  # deals that do not order all 28 tiles are refused as the parser does
        CANONICAL[:2],
        CANONICAL[:26],
        CANONICAL[:27],
        [*CANONICAL, CANONICAL[0]],
        [*CANONICAL[:27], "7:7"],
    ],
)
def test_a_deal_reads_as_the_game_parses_it(words: list[str]) -> None:
    read_like_parse(ActionReader(GAME.parse_action, GAME.deck), "deal " + " ".join(words))


def test_a_deck_given_as_a_list_reads_deals_as_the_parser_does() -> None:
    reader = ActionReader(GAME.parse_action, list(GAME.deck))  # not hashable: not remembered
    read_like_parse(reader, "deal " + " ".join(CANONICAL))
    for count in (1, 2, 28):
        read_like_parse(reader, "deal " + " ".join(["None"] * count))


def test_replay_ends_as_apply_ends_when_a_transition_fails() -> None:
    """An error raised by a house rule (not a violation) comes out of the replay as it comes out
    of ``apply``."""

    def broken(state: Any, action: Any) -> None:
        if isinstance(action, texas42.Bid):
            raise RuntimeError("this house rule is broken")

    game = with_house_rules(GAME, "texas42-broken-rule", "Texas 42 (broken)", broken)
    state = game.new_match(texas42.Rules())
    state = state.apply(state.chance_outcome(random.Random(2)))
    with pytest.raises(RuntimeError, match="broken"):
        state.apply(texas42.Bid(30))
    with pytest.raises(RuntimeError, match="broken"):
        replay_actions(state, [texas42.PASS, texas42.Bid(30)])
    after, error = replay_actions(state, [texas42.PASS, texas42.PASS])
    assert error is None and after == state.apply(texas42.PASS).apply(texas42.PASS)
