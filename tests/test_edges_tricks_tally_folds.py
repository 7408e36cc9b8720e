"""A tally's fold is what its step makes of the finished tricks, whichever steps were asked for
before; the tricks won and taken are read off the finished tricks.

docs/architecture.md, "The trick-taking core": a hand's tricks are kept in a ``TrickTally``,
whose ``fold(step, start)`` folds a pure ``step`` over the finished tricks, oldest first (a
view's list of tricks, each side's points), keeping the latest fold as a cache only; and whose
``won``, ``taken`` and ``tricks`` say what each seat has won (docs/preference.md, "Play": *"The
trick is taken by the highest card of the suit led or by the highest of the trumps played.
The winner of a trick leads to the next one"*). Written to kill mutants of
``tablegames.tricks.tally`` (docs/testing.md, "Mutation testing").
"""

from __future__ import annotations

import random

from tablegames.tricks import plain_card_model, trick_winner
from tablegames.tricks.table import Trick
from tablegames.tricks.tally import TrickTally

MODEL = plain_card_model(None)
NONE: tuple[int, ...] = ()


def winners(before: tuple[int, ...], trick: Trick) -> tuple[int, ...]:
    return (*before, trick.winner)


def leaders(before: tuple[int, ...], trick: Trick) -> tuple[int, ...]:
    return (*before, trick.leader)


def count(before: int, trick: Trick) -> int:
    return before + len(trick.pieces)


def _hand(seed: int, tricks: int) -> list[TrickTally]:
    """The tallies of a three-seat hand of random tricks (no two tricks share a piece)."""
    rng = random.Random(seed)
    deck = list(range(40))
    rng.shuffle(deck)
    tally = TrickTally.begin((0, 1, 2), leader=rng.randrange(3), seats=3, model=MODEL)
    out = [tally]
    for n in range(tricks):
        tally = tally.after(tuple(deck[3 * n : 3 * n + 3]))
        out.append(tally)
    return out


def test_each_step_folds_its_own_result_whatever_was_folded_before() -> None:
    """Two steps asked for in turn on the same tallies: each gets its own fold, never the one
    kept from the other step."""
    for seed in range(4):
        tallies = _hand(seed, 8)
        for tally in tallies:
            tricks = tally.tricks
            expected_winners = tuple(t.winner for t in tricks)
            expected_leaders = tuple(t.leader for t in tricks)
            for _ in range(2):
                assert tally.fold(winners, NONE) == expected_winners
                assert tally.fold(leaders, NONE) == expected_leaders
                assert tally.fold(count, 0) == 3 * len(tricks)
        # Folding only at the last tally, then at an earlier one, then the last again.
        last, earlier = tallies[-1], tallies[3]
        assert last.fold(winners, NONE) == tuple(t.winner for t in last.tricks)
        assert earlier.fold(winners, NONE) == tuple(t.winner for t in earlier.tricks)
        assert last.fold(leaders, NONE) == tuple(t.leader for t in last.tricks)


def test_a_fold_carried_on_from_trick_to_trick_folds_the_new_tricks_only_once() -> None:
    """A fold kept at one tally and carried to the next adds the new trick's step once."""
    calls: list[Trick] = []

    def logged(before: int, trick: Trick) -> int:
        calls.append(trick)
        return before + 1

    rng = random.Random(7)
    deck = list(range(40))
    rng.shuffle(deck)
    tally = TrickTally.begin((0, 1, 2), leader=1, seats=3, model=MODEL)
    for number in range(7):
        assert tally.fold(logged, 0) == number
        assert tally.fold(logged, 0) == number  # kept: no step at all
        tally = tally.after(tuple(deck[3 * number : 3 * number + 3]))
    assert calls == list(tally.tricks)[:-1]


def test_tricks_won_and_pieces_taken_are_read_off_the_finished_tricks() -> None:
    for seed in range(4):
        for tally in _hand(seed, 8):
            won = [0, 0, 0]
            taken = [0, 0, 0]
            for trick in tally.tricks:
                assert trick.winner == trick.seats[trick_winner(trick.pieces, MODEL)]
                assert trick.leader == trick.seats[0]
                won[trick.winner] += 1
                for piece in trick.pieces:
                    taken[trick.winner] |= 1 << piece
            assert tally.won == tuple(won)
            assert tally.taken == tuple(taken)
            table = tally.table
            assert table.won == tuple(won) and table.taken == tuple(taken)
            assert table.tricks == tally.tricks and table.leader == tally.leader
            assert tally.number == len(tally.tricks)


class _OwnTally(TrickTally):
    """A tally class of a user's own (``begin`` builds it through its ``__init__``)."""


def test_a_tally_subclass_begins_its_hand_as_a_tally_does() -> None:
    # ``TrickTally.begin`` is a classmethod: called on a subclass it makes one, with the same
    # seating, leader and model as the tally itself begins with.
    own = _OwnTally.begin((0, 1, 2), leader=1, seats=3, model=MODEL)
    plain = TrickTally.begin((0, 1, 2), leader=1, seats=3, model=MODEL)
    assert type(own) is _OwnTally
    assert own.model is MODEL and own.leader == plain.leader == 1
    assert (own.seating, own.turns, own.finished) == (plain.seating, plain.turns, None)
    assert own.after((0, 13, 26)).leader == plain.after((0, 13, 26)).leader
