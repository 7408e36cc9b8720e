"""A play engine made from a game's hooks plays that game's rules, trick by trick.

Each trick game builds its play engine once, when its module is imported
(``PLAY = TrickPlay(PlayHooks(...))``): the legal plays, the play step and its refusals, the
end of a trick and of the hand. These tests build the engine again from the same hooks and play
whole matches of Preference and Texas 42 through it, against the rules pages:

- docs/preference.md, "Play": *"All the other players are obliged to follow suit if possible;
  otherwise they may play a trump or discard any card."* and *"The trick is taken by the highest
  card of the suit led or by the highest of the trumps played. The winner of a trick leads to
  the next one"*;
- docs/texas42.md, "Play": follow the suit led if able, else play anything; the trick's winner
  leads next;
- docs/contract.md: ``legal_actions()`` lists every legal action in a fixed order (here the
  plays in piece order), ``check``/``apply`` refuse any other with the rule it breaks.

Written to kill the mutants of ``tablegames.tricks.play`` and ``tablegames.tricks.decode`` that
only a freshly built engine runs (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tablegames import preference, texas42
from tablegames.core.actions import Play
from tablegames.core.violations import Violation, ViolationCode
from tablegames.pieces import Card, Domino
from tablegames.preference.state import PLAY as PREFERENCE_PLAY
from tablegames.texas42.state import PLAY as TEXAS42_PLAY
from tablegames.tricks import trick_winner
from tablegames.tricks.play import TrickPlay

GAMES: dict[str, tuple[Callable[[], Any], TrickPlay[Any, Any, Any, Any]]] = {
    "preference": (preference.new_match, PREFERENCE_PLAY),
    "texas42": (texas42.new_match, TEXAS42_PLAY),
}


def _in_play(state: Any, engine: TrickPlay[Any, Any, Any, Any]) -> bool:
    return type(state).legal_actions is engine.legal_actions


def _follow_rule(hand: int, trick: tuple[int, ...], model: Any) -> int:
    """'Follow suit if able, else play anything' (a leader plays anything): written out here."""
    if not trick:
        return hand
    following = hand & model.follow_masks[model.lead_suit[trick[0]]]
    return following or hand


def _pieces_of(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_engine_rebuilt_from_the_hooks_plays_every_trick_by_the_rules(game: str) -> None:
    new_match, engine = GAMES[game]
    fresh: TrickPlay[Any, Any, Any, Any] = TrickPlay(engine.hooks)
    fresh.builds(*engine.built)
    to_act = fresh.to_act.fget
    assert to_act is not None
    rng = random.Random(5)
    plays_checked = tricks_checked = 0
    for _ in range(3):
        state = new_match()
        while not state.is_over:
            if state.is_chance:
                state = state.apply(state.chance_outcome(rng))
                continue
            if not _in_play(state, engine):
                state = state.apply(rng.choice(state.legal_actions()))
                continue
            hands, pieces, _, tally = engine.position(state)
            seat = tally.turns[len(pieces)]
            assert to_act(state) == seat == state.to_act
            hand = hands[seat]
            legal = _follow_rule(hand, pieces, tally.model)
            # legal_actions(): the plays of the legal pieces, in piece order.
            expected = tuple(engine.hooks.plays[i] for i in _pieces_of(legal))
            assert fresh.legal_actions(state) == expected == state.legal_actions()
            # A piece held that does not follow is refused as the game refuses it.
            for piece in _pieces_of(hand & ~legal):
                refused = fresh.step(state, engine.hooks.plays[piece])
                assert isinstance(refused, Violation)
                assert refused.code is ViolationCode.MUST_FOLLOW_SUIT
                assert refused == state.check(engine.hooks.plays[piece])
            # Anything but a play is refused with the game's sentence for the play phase.
            wrong = fresh.step(state, preference.PASS if game == "preference" else texas42.PASS)
            assert isinstance(wrong, Violation) and wrong.code is ViolationCode.WRONG_PHASE
            assert wrong.message == engine.hooks.wrong_phase
            action = rng.choice(expected)
            after = fresh.step(state, action)
            assert not isinstance(after, Violation)
            applied = state.apply(action)
            assert type(after) is type(applied) and after == applied
            assert after.history == applied.history
            if _in_play(after, engine):
                assert after.legal_actions() == applied.legal_actions()
                assert fresh.legal_actions(after) == applied.legal_actions()
                if len(pieces) + 1 == len(tally.turns):
                    # The trick is over: its winner leads the next; its pieces left the hands.
                    trick = (*pieces, action.piece.index)
                    winner = tally.turns[trick_winner(trick, tally.model)]
                    assert after.to_act == winner
                    new_hands = engine.position(after).hands
                    for seat_hand in new_hands:
                        for p in trick:
                            assert not seat_hand >> p & 1
                    tricks_checked += 1
            plays_checked += 1
            state = applied
    assert plays_checked > 100 and tricks_checked > 20


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_rebuilt_engine_begins_and_finishes_tricks_as_the_game_does(game: str) -> None:
    new_match, engine = GAMES[game]
    fresh: TrickPlay[Any, Any, Any, Any] = TrickPlay(engine.hooks)
    fresh.builds(*engine.built)
    rng = random.Random(8)
    state = new_match()
    begun = 0
    while not state.is_over and begun < 4:
        if state.is_chance:
            state = state.apply(state.chance_outcome(rng))
            continue
        if _in_play(state, engine):
            hands, pieces, part, tally = engine.position(state)
            assert fresh.position(state) == engine.position(state)
            if not pieces and tally.number == 0:
                started = fresh.begin(hands, part, tally, state._log)
                assert started == state and started.legal_actions() == state.legal_actions()
                assert started.to_act == tally.leader
                # The leader may lead anything held.
                assert fresh.legal_actions(started) == tuple(
                    engine.hooks.plays[i] for i in _pieces_of(hands[tally.leader])
                )
                begun += 1
            if len(pieces) + 1 == len(tally.turns):
                last = rng.choice(state.legal_actions()).piece.index
                mine = fresh.finish_trick(part, hands, tally, (*pieces, last))
                theirs = engine.finish_trick(part, hands, tally, (*pieces, last))
                assert mine == theirs
                assert mine[2].leader == tally.turns[trick_winner((*pieces, last), tally.model)]
                assert all(not h >> p & 1 for h in mine[1] for p in (*pieces, last))
        state = state.apply(rng.choice(state.legal_actions()))
    assert begun == 4


def test_a_rebuilt_engine_refuses_what_is_not_a_piece_of_the_game() -> None:
    """docs/preference.md, "Players, cards and ranking": a card outside the 32-card deck is
    refused with NOT_IN_DECK; docs/texas42.md: only the 28 dominoes are played."""
    rng = random.Random(3)
    for new_match, engine in GAMES.values():
        fresh: TrickPlay[Any, Any, Any, Any] = TrickPlay(engine.hooks)
        state = new_match()
        while not _in_play(state, engine):
            state = state.apply(
                state.chance_outcome(rng) if state.is_chance else rng.choice(state.legal_actions())
            )
        if engine is PREFERENCE_PLAY:  # a domino, a card outside the 32-card deck, a text
            strangers: list[Play[Any]] = [Play(Domino(0, 0)), Play(Card.parse("2H"))]
        else:  # a card, a text
            strangers = [Play(Card.parse("AH"))]
        strangers.append(Play("AH"))
        for stranger in strangers:
            refused = fresh.step(state, stranger)
            assert isinstance(refused, Violation)
            assert refused == engine.hooks.not_a_piece(stranger.piece)
            assert refused == engine.step(state, stranger)
        # A piece of the game that the seat to play does not hold: NOT_IN_HAND.
        hands, pieces, _, tally = engine.position(state)
        hand = hands[tally.turns[len(pieces)]]
        for play in engine.hooks.plays:
            if engine.hooks.not_a_piece(play.piece) is None and not hand >> play.piece.index & 1:
                refused = fresh.step(state, play)
                assert isinstance(refused, Violation)
                assert refused.code is ViolationCode.NOT_IN_HAND
                assert refused == engine.step(state, play)


def test_legal_plays_are_read_off_the_mask_by_the_rebuilt_reader() -> None:
    """docs/contract.md: ``legal_actions()`` lists every legal action in a fixed order; the
    engine reads the legal mask held in the state's ``_legal`` slot (the ``attribute`` of
    ``mask_reader``)."""
    for _, engine in GAMES.values():
        fresh: TrickPlay[Any, Any, Any, Any] = TrickPlay(engine.hooks)
        plays = engine.hooks.plays
        covered = [first + i for first, width in engine.hooks.chunks for i in range(width)]

        class Holder:
            _legal = 0

        holder: Any = Holder()
        rng = random.Random(4)
        for _ in range(200):
            mask = sum(1 << i for i in covered if rng.random() < 0.3)
            holder._legal = mask
            assert fresh.legal_actions(holder) == tuple(plays[i] for i in _pieces_of(mask))
        for piece in covered:
            holder._legal = 1 << piece
            assert fresh.legal_actions(holder) == (plays[piece],)
        holder._legal = sum(1 << i for i in covered)
        assert fresh.legal_actions(holder) == tuple(plays[i] for i in covered)
