"""Ninety-Two's play engine rebuilt from its hooks plays the deal by the rules.

``tablegames.ninety_two.state.PLAY`` is built once, when the module is imported, from
``playing.HOOKS`` (and ``playing.VALUATION`` for a solver). These tests build the engine again
and play whole matches through them, against docs/ninety-two.md:

- "Play": follow suit if able, else play any card; the winner of a trick leads the next;
- "Drawing, dead cards, tricks per deal": after each trick everyone draws one card, the trick
  winner first; a deal has 13, 8 or 6 tricks;
- "Scoring": the bidding team (bidder and partners) against the others, tricks counted one
  each;
- docs/contract.md: ``legal_actions()`` lists every legal action in a fixed order (the cards in
  index order), ``check``/``apply`` refuse any other with the rule it breaks.

Written to kill the mutants of Ninety-Two's hooks (once built by ``playing.play_hooks``) that
only a freshly built engine runs (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import random
from typing import Any

from tablegames.core.actions import PASS, Play
from tablegames.core.violations import Violation, ViolationCode
from tablegames.ninety_two import Bid, Partners, Rules, new_match
from tablegames.ninety_two.actions import PLAYS
from tablegames.ninety_two.calling import bid, name_partners
from tablegames.ninety_two.part import start_part
from tablegames.ninety_two.playing import HOOKS, VALUATION
from tablegames.ninety_two.state import PLAY
from tablegames.pieces import CARDS, Domino, Suit
from tablegames.tricks.play import TrickPlay


def _in_play(state: Any) -> bool:
    return type(state).legal_actions is PLAY.legal_actions


def _follow(hand: int, trick: tuple[int, ...], model: Any) -> int:
    """'Follow suit if able, else play any card' (a leader plays anything), written out."""
    if not trick:
        return hand
    return hand & model.follow_masks[model.lead_suit[trick[0]]] or hand


def test_a_rebuilt_engine_plays_whole_matches_as_the_game_does() -> None:
    fresh: TrickPlay[Any, Any, Any, Any] = TrickPlay(HOOKS)
    fresh.builds(*PLAY.built)
    rng = random.Random(6)
    checked = deals = 0
    for rules in (Rules(target=30), Rules(players=6, target=30), Rules(players=8, target=30)):
        state = new_match(rules)
        while not state.is_over:
            if state.is_chance:
                state = state.apply(state.chance_outcome(rng))
                continue
            if not _in_play(state):
                state = state.apply(rng.choice(state.legal_actions()))
                continue
            hands, pieces, _, tally = PLAY.position(state)
            playing: Any = state  # a state in play (the engine's InPlay)
            seat = tally.turns[len(pieces)]
            legal = _follow(hands[seat], pieces, tally.model)
            expected = tuple(PLAYS[c.index] for c in CARDS if legal >> c.index & 1)
            assert fresh.legal_actions(state) == expected == state.legal_actions()
            wrong = fresh.step(playing, PASS)
            assert isinstance(wrong, Violation) and wrong.code is ViolationCode.WRONG_PHASE
            assert wrong.message == "It is time to play a card."
            strangers: list[Play[Any]] = [Play(Domino(6, 6)), Play("AH")]
            for stranger in strangers:
                refused = fresh.step(playing, stranger)
                assert isinstance(refused, Violation)
                assert refused.code is ViolationCode.NOT_IN_DECK
                assert refused.message == f"{stranger.piece} is not a playing card."
            action = rng.choice(expected)
            after = fresh.step(playing, action)
            applied = state.apply(action)
            assert type(after) is type(applied) and after == applied
            assert after.history == applied.history
            if len(applied.results) > len(state.results):
                deals += 1
                assert after.results == applied.results and after.scores == applied.scores
            checked += 1
            state = applied
    assert checked > 300 and deals >= 3


def test_every_lone_legal_card_is_read_as_its_play() -> None:
    """The engine reads the legal cards off a mask: each card alone, and every card at once,
    gives those plays in index order (docs/contract.md: a fixed order)."""
    fresh: TrickPlay[Any, Any, Any, Any] = TrickPlay(HOOKS)

    class Holder:
        _legal = 0

    holder: Any = Holder()
    for card in CARDS:
        holder._legal = 1 << card.index
        assert fresh.legal_actions(holder) == (PLAYS[card.index],)
    rng = random.Random(2)
    for _ in range(200):
        mask = sum(1 << c.index for c in CARDS if rng.random() < 0.3)
        holder._legal = mask
        assert fresh.legal_actions(holder) == tuple(
            PLAYS[c.index] for c in CARDS if mask >> c.index & 1
        )
    holder._legal = (1 << 52) - 1
    assert fresh.legal_actions(holder) == PLAYS


def test_the_sides_are_the_bidding_team_and_the_others_and_a_trick_counts_one() -> None:
    """Scoring: 'the bidding team (bidder and partners)' plays against the opponents; the
    score counts tricks, each one trick."""
    hooks = VALUATION  # what a solver reads: the sides and a trick's worth
    part = bid(start_part(Rules(players=6), 0, (0,) * 6, ()), Bid(2, Suit.CLUBS))
    assert not isinstance(part, Violation)
    named = name_partners(part, Partners((3, 5)))
    assert not isinstance(named, Violation)
    _, part, _ = named
    assert part.bidder == 1
    assert hooks.side_of is not None
    assert [hooks.side_of(part, seat) for seat in range(6)] == [1, 0, 1, 0, 1, 0]
    assert hooks.trick_value((0, 1, 2, 3, 4, 5)) == 1
