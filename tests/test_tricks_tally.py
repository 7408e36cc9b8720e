"""The trick tally when seats drop out of a hand (Ninety-Two's last tricks), and its memo of
what the finished tricks add up to: the tables it gives are the ones TrickTable.play reaches."""

from __future__ import annotations

import pickle
import random

import pytest

from tablegames.pieces import Suit
from tablegames.tricks import (
    Trick,
    TrickTable,
    TrickTally,
    plain_card_model,
    turn_order,
)


@pytest.mark.parametrize("seed", range(8))
def test_a_tally_whose_seats_drop_out_gives_the_trick_tables_tables(seed: int) -> None:
    """Tricks of cards among 4-8 seats; after some tricks a seat runs out and the next trick is
    played by the others, led by the winner or, if the winner is out, by the next seat on."""
    rng = random.Random(seed)
    seats = rng.choice((4, 6, 8))
    model = plain_card_model(rng.choice([None, *Suit]))
    deck = list(range(52))
    rng.shuffle(deck)
    order = tuple(range(seats))
    table = TrickTable.start(order, rng.randrange(seats), seats)
    tally = TrickTally.begin(order, table.leader, seats, model)
    while len(order) > 1 and len(deck) >= len(order):
        pieces = tuple(deck.pop() for _ in order)
        for piece in pieces:
            assert tally.table_with(table.pieces) == table
            assert tally.turns[len(table.pieces)] == table.to_play
            table = table.play(piece, model)
        tally = tally.after(pieces)
        assert tally.table == table and tally.leader == table.leader
        if rng.random() < 0.4:  # a seat runs out: the others play on
            out = rng.choice(order)
            order = tuple(s for s in order if s != out)
            leader = table.leader if table.leader != out else _next_seat(order, out)
            table = TrickTable(order, leader, (), table.won, table.taken, table.tricks)
            tally = tally.seated(order, leader)
            assert tally.table == table and tally.turns == turn_order(order, leader)
            assert (tally.won, tally.taken, tally.tricks) == (table.won, table.taken, table.tricks)
    assert tally.number == len(table.tricks)


def _next_seat(order: tuple[int, ...], out: int) -> int:
    """The seat of ``order`` after ``out`` clockwise (``out`` no longer in it)."""
    return min((s for s in order if s > out), default=order[0])


def test_the_memo_takes_no_part_in_equality_hashing_or_pickling() -> None:
    """A tally whose table was asked for equals, hashes and pickles like a fresh one, and the
    answers asked for before and after the memo is filled are the same."""
    model = plain_card_model(Suit.SPADES)

    def played() -> TrickTally:
        tally = TrickTally.begin((0, 1, 2, 3), 2, 4, model)
        return tally.after((10, 20, 30, 40)).after((11, 21, 31, 41))

    asked, fresh = played(), played()
    won_first = asked.won  # counted alone, before anything is kept
    table = asked.table_with((5,))
    assert (asked.won, asked.taken, asked.tricks) == (table.won, table.taken, table.tricks)
    assert won_first == asked.won == fresh.won
    assert fresh.tricks == asked.tricks and len(fresh.tricks) == fresh.number == 2
    assert asked == fresh and hash(asked) == hash(fresh)
    assert asked.table == fresh.table
    assert pickle.loads(pickle.dumps(asked)) == fresh
    assert asked.seated((0, 2, 3), 3) == fresh.seated((0, 2, 3), 3) != fresh


def test_a_fold_of_the_finished_tricks_is_each_tricks_step_once_and_carried_on() -> None:
    """A tally keeps its latest fold and carries it on to the next trick's tally: views folding
    at every step cost one step per new trick, and the answer is the fold done anew. The fold
    is kept on the tally (a value), never in process-wide state."""
    model = plain_card_model(None)
    steps: list[int] = []
    none: tuple[int, ...] = ()

    def winners(before: tuple[int, ...], trick: Trick) -> tuple[int, ...]:
        steps.append(trick.winner)
        return (*before, trick.winner)

    def losers(before: tuple[int, ...], trick: Trick) -> tuple[int, ...]:
        return (*before, -trick.winner)

    tally = TrickTally.begin((0, 1, 2), 0, 3, model)
    for first in (0, 3, 6):
        tally = tally.after((first, first + 1, first + 2))
        for _ in range(3):
            assert tally.fold(winners, none) == tuple(t.winner for t in tally.tricks)
    assert len(steps) == 3, "each trick is folded once, however many views ask"
    assert tally.fold(losers, none) == tuple(-t.winner for t in tally.tricks)
    assert tally.fold(winners, none) == tuple(t.winner for t in tally.tricks)
    assert len(steps) == 6, "another step asked for in between: folded anew"
    fresh = TrickTally.begin((0, 1, 2), 0, 3, model).after((0, 1, 2))
    assert fresh.after((3, 4, 5)).fold(winners, none) == tuple(t.winner for t in tally.tricks[:2])
    assert pickle.loads(pickle.dumps(tally)) == tally
