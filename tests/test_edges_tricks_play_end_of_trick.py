"""The end of a trick takes its pieces out of every hand, whatever the table's size; the engine
builds only states laid out as it stores them.

docs/architecture.md, "The trick core": every trick game's play runs through one engine
(``tablegames.tricks.play``); at the end of each trick its pieces leave the hands (``without``),
and Ninety-Two plays tricks of 2 to 8 cards as its seats drop out, at tables of 4, 6 or 8
(docs/ninety-two.md, "Play"). A card game's trick is worth one trick to its taker
(``one_trick``). The engine builds states by plain stores into the slots of ``PlaySlots``, so
it refuses a state class that does not lay its fields out there (``check_play_class``). A play
of a piece equal to the game's own (docs/contract.md) is played as that piece.
Written to kill mutants of ``tablegames.tricks.play`` (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from tablegames import texas42
from tablegames.core.actions import Play
from tablegames.core.frozen import uses_layout
from tablegames.core.history import LogNode
from tablegames.core.violations import Violation
from tablegames.errors import TableGamesError
from tablegames.pieces import Domino
from tablegames.texas42.state import PLAY as TEXAS42_PLAY
from tablegames.tricks.hooks import one_trick
from tablegames.tricks.play import PlaySlots, TrickPlay, check_play_class, without
from tablegames.tricks.tally import TrickTally


def _taken_out(hands: tuple[int, ...], pieces: tuple[int, ...]) -> tuple[int, ...]:
    """Each hand less the trick's pieces, written out piece by piece."""
    out = []
    for hand in hands:
        kept = hand
        for piece in pieces:
            kept &= ~(1 << piece)
        out.append(kept)
    return tuple(out)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6, 8])
@pytest.mark.parametrize("size", [1, 2, 3, 4, 5, 6, 8])
def test_a_tricks_pieces_leave_every_hand_and_nothing_else_does(seats: int, size: int) -> None:
    rng = random.Random(seats * 10 + size)
    for _ in range(40):
        deck = list(range(36))
        rng.shuffle(deck)
        hands = tuple(sum(1 << p for p in deck[i * 4 : i * 4 + 4]) for i in range(seats))
        held = [p for p in range(36) if any(h >> p & 1 for h in hands)]
        pieces = tuple(rng.sample(held, min(size, len(held))))
        if rng.random() < 0.5 and 0 not in pieces and any(h & 1 for h in hands):
            pieces = (0, *pieces[1:])  # piece 0 taken too, sometimes
        after = without(hands, pieces)
        assert after == _taken_out(hands, pieces)
        assert len(after) == seats
        # Piece 0 stays where it was unless the trick took it.
        if 0 not in pieces:
            assert [h & 1 for h in after] == [h & 1 for h in hands]


def test_a_card_trick_is_worth_one_trick_whatever_it_holds() -> None:
    assert {one_trick(()), one_trick((0,)), one_trick((5, 6, 7)), one_trick(tuple(range(8)))} == {1}


def test_the_engine_refuses_a_state_class_over_play_slots_that_keeps_its_fields_elsewhere() -> None:
    """A subclass of ``PlaySlots`` with the play fields, in order, but with a slot of its own
    besides them (so an instance of ``PlaySlots`` cannot become one by a change of class), is
    not a class the engine can build by plain stores into the slots; nor is a class with the
    same fields that is not over ``PlaySlots``."""

    class Wider(PlaySlots[Any]):
        __slots__ = ("extra",)

    @attrs.frozen
    class Widened(Wider):
        _hands: tuple[int, ...]
        _pieces: tuple[int, ...]
        _part: Any
        _trick: TrickTally | None
        _legal: int
        _log: LogNode

    names = tuple(field.name for field in attrs.fields(Widened))
    assert names == ("_hands", "_pieces", "_part", "_trick", "_legal", "_log")
    assert issubclass(Widened, PlaySlots) and not uses_layout(Widened)
    with pytest.raises(TypeError, match="does not lay out its fields as PLAY_FIELDS"):
        check_play_class(Widened)

    @attrs.frozen
    class Apart:  # the same fields, slotted, but not over PlaySlots
        _hands: tuple[int, ...]
        _pieces: tuple[int, ...]
        _part: Any
        _trick: TrickTally | None
        _legal: int
        _log: LogNode

    with pytest.raises(TypeError, match="does not lay out its fields as PLAY_FIELDS"):
        check_play_class(Apart)


def test_a_rebuilt_engine_plays_an_equal_piece_of_another_class_as_the_game_piece() -> None:
    """docs/contract.md: an action equal to a legal one is that action. A tile of a subclass of
    ``Domino``, equal to a legal tile, is played as Texas 42's own tile by an engine built
    afresh from the game's hooks; an equal tile that the follow rule forbids is refused as the
    plain tile is (docs/texas42.md, "Play": follow the suit led if able)."""

    class Tile(Domino):
        pass

    rng = random.Random(12)
    fresh: TrickPlay[Any, Any, Any, Any] = TrickPlay(TEXAS42_PLAY.hooks)
    fresh.builds(*TEXAS42_PLAY.built)
    plays = TEXAS42_PLAY.hooks.plays
    played = refused = 0
    state: Any = texas42.new_match()
    while played < 60:
        if state.is_chance:
            state = state.apply(state.chance_outcome(rng))
            continue
        if type(state).legal_actions is not TEXAS42_PLAY.legal_actions:
            state = state.apply(rng.choice(state.legal_actions()))
            continue
        legal = state.legal_actions()
        hands, pieces, _, tally = TEXAS42_PLAY.position(state)
        hand = hands[tally.turns[len(pieces)]]
        for index in range(hand.bit_length()):
            tile = plays[index].piece
            if hand >> index & 1 and plays[index] not in legal:
                other = fresh.step(state, Play(Tile(tile.high, tile.low)))
                assert isinstance(other, Violation) and other == fresh.step(state, plays[index])
                refused += 1
        action = rng.choice(legal)
        after = fresh.step(state, Play(Tile(action.piece.high, action.piece.low)))
        assert not isinstance(after, Violation)
        state = state.apply(action)
        assert type(after) is type(state) and after == state and after.history == state.history
        played += 1
    assert refused > 0


def test_a_state_before_or_after_play_has_no_position_in_play() -> None:
    """A bare position (hands, trick, part, tally) exists only in play: asking an engine for
    the position of a state before the first lead, or of a match over, is refused with a
    ``TableGamesError`` that says so."""
    rng = random.Random(2)
    state: Any = texas42.new_match(texas42.Rules(target=1))
    before = [state]
    while type(state).legal_actions is not TEXAS42_PLAY.legal_actions:
        state = state.apply(
            state.chance_outcome(rng) if state.is_chance else rng.choice(state.legal_actions())
        )
        before.append(state)
    assert TEXAS42_PLAY.position(state).tally.leader == state.to_act
    while not state.is_over:
        state = state.apply(
            state.chance_outcome(rng) if state.is_chance else rng.choice(state.legal_actions())
        )
    for outside in [*before[:-1], state]:
        with pytest.raises(TableGamesError) as caught:
            TEXAS42_PLAY.position(outside)
        assert str(caught.value) == "a state before or after play has no position in play"
